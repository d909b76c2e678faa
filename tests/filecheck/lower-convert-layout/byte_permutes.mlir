// Sub-word elements whose register bits all trade places with lane bits: the words stay packed and a byte
// permute (nvvm.prmt) per word and transposition puts the partner's elements in, cheaper than the selects
// on half-empty words Triton 3.9 emits. verify=true runs every lowering on the CTA simulator.
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true max-mixed-transpositions=2}' | filecheck %s
// RUN: layout-opt %s --split-input-file -p 'lower-convert-layout{verify=true max-mixed-transpositions=2}' | filecheck %s --check-prefix=COUNT

// Two f16 per lane, register bit 0 traded with lane bit 0: one word, one xor shuffle, one select of the
// selector (0x3276 in odd lanes: partner's high half, own high half; 0x5410 in even lanes: own low half,
// partner's low half) and one byte permute. Selects alone would take 1 shuffle and 3 selects.
#src = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[2]], lane = [[1], [4], [8], [16], [32]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  func.func @half_pairs(%x: tensor<64xf16, #src>) -> tensor<64xf16, #dst> {
    %y = ttg.convert_layout %x : tensor<64xf16, #src> -> tensor<64xf16, #dst>
    func.return %y : tensor<64xf16, #dst>
  }
}
// CHECK-LABEL: func.func @half_pairs
// CHECK:       %[[WORD:.*]] = vector.extract %{{.*}}[0] : i32 from vector<1xi32>
// CHECK:       %[[ODD:.*]] = arith.cmpi ne
// CHECK:       %[[HIGH:.*]] = arith.constant 12918 : i32
// CHECK-NEXT:  %[[LOW:.*]] = arith.constant 21520 : i32
// CHECK-NEXT:  %[[SEL:.*]] = arith.select %[[ODD]], %[[HIGH]], %[[LOW]] : i32
// CHECK:       %[[PARTNER:.*]], %{{.*}} = gpu.shuffle xor %[[WORD]]
// CHECK-NEXT:  %[[PRMT:.*]] = nvvm.prmt #nvvm.permute_mode<default> %[[SEL]], %[[WORD]], %[[PARTNER]] : i32
// CHECK-NEXT:  vector.insert %[[PRMT]]
// COUNT-LABEL: func.func @half_pairs
// COUNT-COUNT-1: gpu.shuffle
// COUNT-NOT:     gpu.shuffle
// COUNT:         func.return

// -----

// Four i8 per lane, both register bits traded with lane bits: one word, two rounds of shuffle and permute,
// each with its own selector. Selects alone would take 4 shuffles and 12 selects on four byte-wide words.
#src = #ttg.linear<{register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4], [8]], lane = [[1], [2], [16], [32], [64]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  func.func @byte_quads(%x: tensor<128xi8, #src>) -> tensor<128xi8, #dst> {
    %y = ttg.convert_layout %x : tensor<128xi8, #src> -> tensor<128xi8, #dst>
    func.return %y : tensor<128xi8, #dst>
  }
}
// CHECK-LABEL: func.func @byte_quads
// CHECK:       vector.bitcast %{{.*}} : vector<4xi8> to vector<1xi32>
// CHECK:       nvvm.prmt #nvvm.permute_mode<default>
// CHECK:       nvvm.prmt #nvvm.permute_mode<default>
// CHECK:       vector.bitcast %{{.*}} : vector<1xi32> to vector<4xi8>
// COUNT-LABEL:   func.func @byte_quads
// COUNT-COUNT-2: gpu.shuffle xor
// COUNT-NOT:     gpu.shuffle
// COUNT:         func.return
