// The ttg ops' verifiers, located at the op.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s

// convert_layout keeps the shape
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x16xf16, #mma>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.convert_layout: shapes differ, [32, 32] and [32, 16]
// CHECK-NEXT{LITERAL}: %0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x16xf16, #mma>

// -----

// convert_layout keeps the element type
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x32xf32, #mma>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.convert_layout: element types differ, f16 and f32
// CHECK-NEXT{LITERAL}: %0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x32xf32, #mma>

// -----

// local_alloc without a value makes mutable memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.local_alloc: a buffer without an initial value must be mutable
// CHECK-NEXT{LITERAL}: %0 = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem>

// -----

// local_alloc keeps the shape
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.local_alloc %t : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.local_alloc: shapes differ, [32, 32] and [32, 64]
// CHECK-NEXT{LITERAL}: %0 = ttg.local_alloc %t : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>

// -----

// local_load keeps the shape
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x16xf16, #blocked>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.local_load: shapes differ, [32, 32] and [32, 16]
// CHECK-NEXT{LITERAL}: %0 = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x16xf16, #blocked>

// -----

// local_store needs mutable memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
ttg.local_store %t, %m : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.local_store: cannot store into immutable memory
// CHECK-NEXT{LITERAL}: ttg.local_store %t, %m : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem>

// -----

// a tensor cannot have a shared encoding
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #shared>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Result has an invalid layout: #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>. A tensor encoding must be a distributed layout, not a shared-memory one.
// CHECK-NEXT{LITERAL}: %0 = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #shared>

// -----

// the layout has the tensor's rank
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%t = "test.op"() : () -> tensor<32x32xf16, #blocked>
%m = "test.op"() : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
%0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Result has an invalid layout: #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>. Layout has rank 1, but the tensor it's attached to has rank 2.
// CHECK-NEXT{LITERAL}: %0 = ttg.convert_layout %t : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.slice<{dim = 0, parent = #blocked}>>

// -----

// scaled_upcast_fp8 converts four register-consecutive values along one axis at a time
#pairs = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
%x = "test.op"() : () -> tensor<64x64xf8E4M3FN, #pairs>
%s = "test.op"() : () -> tensor<64x64xbf16, #pairs>
%0 = amdg.scaled_upcast_fp8 %x scale %s : tensor<64x64xf8E4M3FN, #pairs>, tensor<64x64xbf16, #pairs> -> tensor<64x64xbf16, #pairs>
// CHECK: invalid-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'amdg.scaled_upcast_fp8' op requires groups of 4 register-consecutive values along one tensor axis
