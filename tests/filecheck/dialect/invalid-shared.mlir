// Every verifier rule of the shared encodings and !ttg.memdesc, located at the offending text.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s

// swizzled_shared: order is a permutation
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: order must be a permutation of 0..(rank-1), but was [0, 0]
// CHECK-NEXT{LITERAL}: #s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]}>

// -----

// swizzled_shared: the CGA has the order's rank
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0, 0]]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'CGALayout' entry length does not match rank 2
// CHECK-NEXT{LITERAL}: #s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0, 0]]}>

// -----

// swizzled_shared: unknown keys are errors
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unexpected key: hasLeadingOffset
// CHECK-NEXT{LITERAL}: #s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>

// -----

// amd_rotating_shared: as swizzled
#s = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [2, 0]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: order must be a permutation of 0..(rank-1), but was [2, 0]
// CHECK-NEXT{LITERAL}: #s = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [2, 0]}>

// -----

// nvmma_shared: swizzle widths
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: swizzlingByteWidth must be 0, 32, 64, or 128
// CHECK-NEXT{LITERAL}: #s = #ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>

// -----

// nvmma_shared: element width
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: elementBitWidth must be non-zero
// CHECK-NEXT{LITERAL}: #s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>

// -----

// nvmma_shared: unknown keys are errors
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, vec = 8}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unexpected key: vec
// CHECK-NEXT{LITERAL}: #s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, vec = 8}>

// -----

// shared_linear: alignment goes outside the braces
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], alignment = 16}, alignment = 16>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: alignment must be specified outside of the linear layout braces
// CHECK-NEXT{LITERAL}: #s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], alignment = 16}, alignment = 16>

// -----

// shared_linear: alignment is a power of two
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 24>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: alignment must be a positive power of two
// CHECK-NEXT{LITERAL}: #s = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 24>

// -----

// shared_linear: one offset per element
#s = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]]}, alignment = 16>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: After removing the zero bases the layout must be bijective
// CHECK-NEXT{LITERAL}: #s = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]]}, alignment = 16>

// -----

// padded_shared: intervals are powers of two
#s = #ttg.padded_shared<[3:+2] {order = [1, 0], shape = [16, 16]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: interval values must all be power of two
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[3:+2] {order = [1, 0], shape = [16, 16]}>

// -----

// padded_shared: paddings are powers of two
#s = #ttg.padded_shared<[2:+3] {order = [1, 0], shape = [16, 16]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: padding values must all be power of two
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[2:+3] {order = [1, 0], shape = [16, 16]}>

// -----

// padded_shared: no repeated intervals
#s = #ttg.padded_shared<[2:+1, 2:+4] {order = [1, 0], shape = [16, 16]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: interval values cannot have duplicates
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[2:+1, 2:+4] {order = [1, 0], shape = [16, 16]}>

// -----

// padded_shared: order and shape share the rank
#s = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 16, 2]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Mismatch of shape and order ranks in padded layout
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 16, 2]}>

// -----

// padded_shared: the explicit form takes offset and block only
#s = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [1, 0]], block = [], order = [1, 0]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Unexpected attribute order found
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [1, 0]], block = [], order = [1, 0]}>

// -----

// padded_shared: no broadcasting along offsets (along blocks it is allowed)
#s = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [1, 0], [0, 0]], block = []}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Broadcasting in offset dimension is not supported.
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [1, 0], [0, 0]], block = []}>

// -----

// padded_shared: the short form needs both keys
#s = #ttg.padded_shared<[16:+4] {order = [1, 0]}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected key 'shape'
// CHECK-NEXT{LITERAL}: #s = #ttg.padded_shared<[16:+4] {order = [1, 0]}>

// -----

// partitioned_shared: at least two partitions
#s = #ttg.partitioned_shared<{numPartitions = 1, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: numPartitions must be a power of two, at least 2
// CHECK-NEXT{LITERAL}: #s = #ttg.partitioned_shared<{numPartitions = 1, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}>

// -----

// partitioned_shared: the dim exists
#s = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 2, partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: partitionDim must be less than the rank (2) of partitionLayout
// CHECK-NEXT{LITERAL}: #s = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 2, partitionLayout = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>}>

// -----

// partitioned_shared: the inner layout is a shared one
#s = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: partitionLayout must be a shared encoding
// CHECK-NEXT{LITERAL}: #s = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// memdesc: inner dims are powers of two
%0 = "test.op"() : () -> !ttg.memdesc<16x24xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: shape must have power-of-2 and non-zero dimensions; got 16, 24
// CHECK-NEXT{LITERAL}: %0 = "test.op"() : () -> !ttg.memdesc<16x24xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory>

// -----

// memdesc: the view fits its allocation
%0 = "test.op"() : () -> !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, 32x64>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: memdesc shape [64, 64] must fit inside its allocation shape [32, 64]
// CHECK-NEXT{LITERAL}: %0 = "test.op"() : () -> !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, 32x64>

// -----

// memdesc: rank 0 is refused, also in an alias nothing uses
!m = !ttg.memdesc<i64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory>
// CHECK: invalid-shared.mlir:{{[0-9]+}}:{{[0-9]+}}: error: rank 0 memdesc is not allowed
