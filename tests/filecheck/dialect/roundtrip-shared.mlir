// Shared encodings and !ttg.memdesc read and print exactly as Triton 3.9's TTGIR; printing is a fixed point.
// RUN: layout-opt %s --split-input-file | filecheck %s
// RUN: layout-opt %s --split-input-file > %t.1 && layout-opt %t.1 --split-input-file > %t.2 && diff %t.1 %t.2

// swizzled_shared (test/TritonGPU/coalesce-async-copy.mlir, with CGA test/Proton/allocate_shared_memory.mlir),
// memdesc with mutable and a trailing allocation shape (test/TritonGPU/canonicalize.mlir).
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#A_SHARED = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
%0 = "test.op"() : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
%1 = "test.op"() : () -> !ttg.memdesc<16x32xf8E5M2, #shared, #smem, mutable, 32x64>
%2 = "test.op"() : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 3x64x64>
%3 = "test.op"() : () -> !ttg.memdesc<32x32xf16, #A_SHARED, #smem>
// CHECK:      #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0], CGALayout = [[1, 0]]}>
// CHECK:      !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK:      !ttg.memdesc<16x32xf8E5M2, #shared, #smem, mutable, 32x64>
// CHECK:      !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 3x64x64>
// CHECK:      !ttg.memdesc<32x32xf16, #shared1, #smem>

// -----

// nvmma_shared (test/Conversion/tritongpu_to_llvm_hopper.mlir, test/NVWS/*.mlir, test/TritonGPU/dot-operands.mlir,
// test/TritonGPU/nvidia-fpsan.mlir): fp4Padded prints only when true, rank only when it is not 2 and no CGA gives it.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, fp4Padded = true}>
#shared_scale_tma = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared_3d = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1, 0]]}>
#shared_two = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32, fp4Padded = false, rank = 2}>
#smem = #ttg.shared_memory
%0 = "test.op"() : () -> !ttg.memdesc<128x64xf16, #shared, #smem>
%1 = "test.op"() : () -> !ttg.memdesc<64x128xi8, #shared1, #smem>
%2 = "test.op"() : () -> !ttg.memdesc<1x1x2x2x256xi8, #shared_scale_tma, #smem>
%3 = "test.op"() : () -> !ttg.memdesc<128x64xf16, #shared_a, #smem>
%4 = "test.op"() : () -> !ttg.memdesc<2x128x64xf16, #shared_3d, #smem>
%5 = "test.op"() : () -> !ttg.memdesc<64x64xf32, #shared_two, #smem>
// CHECK:      #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, fp4Padded = true}>
// CHECK-NEXT: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
// CHECK-NEXT: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
// CHECK-NEXT: #shared4 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1, 0]]}>
// CHECK-NEXT: #shared5 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32}>

// -----

// shared_linear (test/TritonGPU/nvidia-fpsan.mlir, test/TritonGPU/partition-scheduling.mlir): an empty block
// is not printed; alignment stays outside the braces.
#shared_copy = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [32, 0], [64, 0], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4], [0, 8], [0, 16]], block = [[0, 0]]}, alignment = 16>
#shared_scale_a = #ttg.shared_linear<{offset = [[0, 0, 0, 0, 1], [0, 0, 0, 0, 2], [0, 0, 0, 0, 4], [0, 0, 0, 0, 8], [0, 0, 0, 0, 16], [0, 0, 0, 0, 32], [0, 0, 0, 0, 64], [0, 0, 0, 0, 128], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0, 0, 2, 0, 0], [0, 1, 0, 0, 0]]}, alignment = 128>
#swizzled = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]], block = []}, alignment = 16>
#smem = #ttg.shared_memory
%0 = "test.op"() : () -> !ttg.memdesc<128x32xf32, #shared_copy, #smem>
%1 = "test.op"() : () -> !ttg.memdesc<1x2x4x2x256xi8, #shared_scale_a, #smem>
%2 = "test.op"() : () -> !ttg.memdesc<4x4xf16, #swizzled, #smem>
// CHECK{LITERAL}:      #shared = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [32, 0], [64, 0], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4], [0, 8], [0, 16]], block = [[0, 0]]}, alignment = 16>
// CHECK-NEXT{LITERAL}: #smem = #ttg.shared_memory
// CHECK-NEXT{LITERAL}: #shared1 = #ttg.shared_linear<{offset = [[0, 0, 0, 0, 1], [0, 0, 0, 0, 2], [0, 0, 0, 0, 4], [0, 0, 0, 0, 8], [0, 0, 0, 0, 16], [0, 0, 0, 0, 32], [0, 0, 0, 0, 64], [0, 0, 0, 0, 128], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0, 0, 2, 0, 0], [0, 1, 0, 0, 0]]}, alignment = 128>
// CHECK-NEXT{LITERAL}: #shared2 = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>

// -----

// padded_shared in both forms (test/TritonGPU/amd/amd-update-async-wait-count.mlir,
// test/TritonGPU/amd/amd-block-pingpong.mlir); an explicit identity re-prints in the short form.
#shared1 = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256]}>
#shared = #ttg.padded_shared<[512:+8] {offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [64, 0], [32, 0], [16, 0], [1, 0], [2, 0], [4, 0], [8, 0]], block = []}>
#identity = #ttg.padded_shared<[32:+4, 64:+8] {offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block = []}>
#colmajor = #ttg.padded_shared<[16:+4] {order = [0, 1], shape = [64, 16]}>
#smem = #ttg.shared_memory
%0 = "test.op"() : () -> !ttg.memdesc<16x256xf16, #shared1, #smem>
%1 = "test.op"() : () -> !ttg.memdesc<128x64xf16, #shared, #smem>
%2 = "test.op"() : () -> !ttg.memdesc<16x32xf16, #identity, #smem>
%3 = "test.op"() : () -> !ttg.memdesc<64x16xf16, #colmajor, #smem>
// CHECK{LITERAL}:      #shared = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256]}>
// CHECK-NEXT{LITERAL}: #smem = #ttg.shared_memory
// CHECK-NEXT{LITERAL}: #shared1 = #ttg.padded_shared<[512:+8] {offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [64, 0], [32, 0], [16, 0], [1, 0], [2, 0], [4, 0], [8, 0]], block = []}>
// CHECK-NEXT{LITERAL}: #shared2 = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [16, 32]}>
// CHECK-NEXT{LITERAL}: #shared3 = #ttg.padded_shared<[16:+4] {order = [0, 1], shape = [64, 16]}>

// -----

// amd_rotating_shared (test/TritonGPU/amd/in-thread-transpose.mlir) and partitioned_shared
// (test/TritonGPU/amd/amd-update-async-wait-count.mlir), whose inner layout is aliased too.
#rotating = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#shared_inner = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #shared_inner}>
#smem = #ttg.shared_memory
%0 = "test.op"() : () -> !ttg.memdesc<64x64xf16, #rotating, #smem>
%1 = "test.op"() : () -> !ttg.memdesc<128x64xf16, #partitioned, #smem, mutable>
// CHECK:      #shared = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #shared2 = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #shared1}>
