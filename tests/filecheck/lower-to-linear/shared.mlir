// lower-to-linear on shared encodings: #ttg.swizzled_shared (row- and column-major, CGA), #ttg.nvmma_shared
// (swizzle 0/32/64/128 bytes, 32-bit, transposed, fp4Padded, rank 3, TMA boxes tiled dim0 first, CGA) and
// #ttg.shared_linear become #ttg.shared_linear with Triton 3.9's offset and block bases (reference layouts V7,
// V8 and X30-X42 in tests/unit/encodings/reference_layouts.py) and the encoding's alignment.
// RUN: layout-opt %s -p lower-to-linear --split-input-file | filecheck %s

#smem = #ttg.shared_memory
#swizzled = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#swizzled8 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#columns = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#linear = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>
module {
  func.func @swizzled(%a: !ttg.memdesc<8x8xf16, #swizzled, #smem, mutable>, %b: !ttg.memdesc<16x32xf16, #swizzled8, #smem, mutable>,
                      %c: !ttg.memdesc<16x8xf16, #columns, #smem, mutable>, %d: !ttg.memdesc<4x4xf16, #linear, #smem, mutable>) {
    func.return
  }
}
// CHECK:      #[[A:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]]}, alignment = 16>
// CHECK:      #[[B:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16], [8, 0]]}, alignment = 16>
// CHECK-NEXT: #[[C:shared[0-9]*]] = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [4, 1], [8, 2], [0, 4]]}, alignment = 16>
// CHECK-NEXT: #[[D:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>
// CHECK:      func.func @swizzled(%a: !ttg.memdesc<8x8xf16, #[[A]], #smem, mutable>, %b: !ttg.memdesc<16x32xf16, #[[B]], #smem, mutable>, %c: !ttg.memdesc<16x8xf16, #[[C]], #smem, mutable>, %d: !ttg.memdesc<4x4xf16, #[[D]], #smem, mutable>)

// -----

#smem = #ttg.shared_memory
#none = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s64f32 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#s128T = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#rank3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
module {
  func.func @nvmma(%none: !ttg.memdesc<16x64xf16, #none, #smem>, %s32: !ttg.memdesc<16x64xf16, #s32, #smem>,
                   %s64: !ttg.memdesc<16x64xf16, #s64, #smem>, %s128: !ttg.memdesc<16x64xf16, #s128, #smem>,
                   %f32: !ttg.memdesc<16x16xf32, #s64f32, #smem>, %trans: !ttg.memdesc<64x16xf16, #s128T, #smem>,
                   %fp4: !ttg.memdesc<8x64xi8, #fp4, #smem>, %r3: !ttg.memdesc<2x8x64xf16, #rank3, #smem>,
                   %boxes: !ttg.memdesc<512x128xf16, #s128, #smem>) {
    func.return
  }
}
// CHECK:      #[[NONE:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]]}, alignment = 128>
// CHECK:      #[[S32:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [0, 16], [0, 32]]}, alignment = 256>
// CHECK-NEXT: #[[S64:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16], [8, 0], [0, 32]]}, alignment = 512>
// CHECK-NEXT: #[[S128:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0]]}, alignment = 1024>
// CHECK-NEXT: #[[F32:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8], [8, 0]]}, alignment = 512>
// CHECK-NEXT: #[[TRANS:shared[0-9]*]] = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [8, 1], [16, 2], [32, 4], [0, 8]]}, alignment = 1024>
// CHECK-NEXT: #[[FP4:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]]}, alignment = 1024>
// CHECK-NEXT: #[[R3:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 1, 8], [0, 2, 16], [0, 4, 32], [1, 0, 0]]}, alignment = 1024>
// CHECK-NEXT: #[[BOXES:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0], [0, 64]]}, alignment = 1024>
// CHECK:      func.func @nvmma(%none: !ttg.memdesc<16x64xf16, #[[NONE]], #smem>, %s32: !ttg.memdesc<16x64xf16, #[[S32]], #smem>, %s64: !ttg.memdesc<16x64xf16, #[[S64]], #smem>, %s128: !ttg.memdesc<16x64xf16, #[[S128]], #smem>, %f32: !ttg.memdesc<16x16xf32, #[[F32]], #smem>, %trans: !ttg.memdesc<64x16xf16, #[[TRANS]], #smem>, %fp4: !ttg.memdesc<8x64xi8, #[[FP4]], #smem>, %r3: !ttg.memdesc<2x8x64xf16, #[[R3]], #smem>, %boxes: !ttg.memdesc<512x128xf16, #[[BOXES]], #smem>)

// -----

// CGAs give block bases; a subview is lowered at its allocation's shape.
#smem = #ttg.shared_memory
#split = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0], CGALayout = [[0, 1]]}>
#nvsplit = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32} {
  func.func @cga(%a: !ttg.memdesc<8x16xf16, #split, #smem, mutable>, %b: !ttg.memdesc<16x64xf16, #nvsplit, #smem, mutable>,
                 %view: !ttg.memdesc<4x8xf16, #plain, #smem, mutable, 8x16>) {
    func.return
  }
}
// CHECK:      #[[SPLIT:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]], block = [[0, 8]]}, alignment = 16>
// CHECK:      #[[NVSPLIT:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]], block = [[8, 0]]}, alignment = 1024>
// CHECK-NEXT: #[[VIEW:shared[0-9]*]] = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0]]}, alignment = 16>
// CHECK:      func.func @cga(%a: !ttg.memdesc<8x16xf16, #[[SPLIT]], #smem, mutable>, %b: !ttg.memdesc<16x64xf16, #[[NVSPLIT]], #smem, mutable>, %view: !ttg.memdesc<4x8xf16, #[[VIEW]], #smem, mutable, 8x16>)
