// The smallest interesting intra-warp conversion, on a 4-lane warp: lane t holds elements {2t, 2t+1} of
// an 8-element vector and must end up holding {t, t+4}. In F2 terms one register bit trades places with
// a lane bit while the two lane bits are relabelled, so it takes one exchange between lanes: two
// shuffles and four selects, with no shared memory.
//
// Run: layout-opt examples/lane_exchange.mlir -p 'lower-convert-layout{verify=true}'

#pairs = #ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>
#halves = #ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  func.func @exchange(%x: tensor<8xi32, #pairs>) -> tensor<8xi32, #halves> {
    %y = ttg.convert_layout %x : tensor<8xi32, #pairs> -> tensor<8xi32, #halves>
    func.return %y : tensor<8xi32, #halves>
  }
}
