// Data that cross the CTAs of a cluster go through distributed shared memory, as Triton 3.9 lowers
// them: each CTA stores its own part, all wait at the cluster barrier, and each load maps its address
// into the shared memory of the CTA that holds the elements (nvvm.mapa) and reads it there
// (ld.shared::cluster); a last cluster barrier keeps every part alive until all have read it.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' 2>&1 | filecheck %s

// Element 4r + 2l + c (register r, lane l, CTA c) lies in CTA r, at offset 2l + c.
#cta0 = #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
#cta1 = #ttg.linear<{register = [[4, 0]], lane = [[1, 0], [2, 0]], warp = [], block = [[0, 1]]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32, "ttg.num-ctas" = 2 : i32, "ttg.target" = "cuda:90"} {
  func.func @cluster(%x: tensor<8x2xf32, #cta0>) -> tensor<8x2xf32, #cta1> {
    %y = ttg.convert_layout %x : tensor<8x2xf32, #cta0> -> tensor<8x2xf32, #cta1>
    func.return %y : tensor<8x2xf32, #cta1>
  }
}
// CHECK-NOT:   remark
// CHECK-LABEL: func.func @cluster
// CHECK:       %scratch = memref.alloc() {alignment = 16 : i64} : memref<32xi8, 3 : i64>
// CHECK-NOT:   ttg.convert_layout
// CHECK:       %cta_rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK:       vector.store %{{.*}}, %scratch{{.*}} : memref<8xf32, 3 : i64>, vector<2xf32>
// CHECK-NOT:   gpu.barrier
// CHECK:       nvvm.cluster.arrive {aligned}
// CHECK-NEXT:  nvvm.cluster.wait {aligned}
// CHECK:       %remote = nvvm.mapa %ptr, %c0{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT:  %loaded = llvm.load %remote : !llvm.ptr<7> -> vector<1xf32>
// CHECK:       %remote_1 = nvvm.mapa %ptr, %c1{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT:  %loaded_1 = llvm.load %remote_1 : !llvm.ptr<7> -> vector<1xf32>
// CHECK-NEXT:  nvvm.cluster.arrive {aligned}
// CHECK-NEXT:  nvvm.cluster.wait {aligned}
// CHECK-NOT:   nvvm.cluster
// CHECK:       func.return
