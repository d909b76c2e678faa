// The worked example of spec cute-swizzle-shuffle.md §3.3, on a 4-lane warp: lane t holds elements
// {2t, 2t+1} and must hold {t, t+4}. One register-lane transposition and a lane relabelling: swap the
// two registers in lanes with lane bit 1 set, fetch each from the relabelled partner lane with an
// idx shuffle, and swap again on lane bit 0. Two shuffles and four selects; verify=true proves it.
// RUN: layout-opt %s -p 'lower-convert-layout{verify=true}' | filecheck %s

#src = #ttg.linear<{register = [[1]], lane = [[2], [4]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[4]], lane = [[1], [2]], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  func.func @worked(%x: tensor<8xi32, #src>) -> tensor<8xi32, #dst> {
    %y = ttg.convert_layout %x : tensor<8xi32, #src> -> tensor<8xi32, #dst>
    func.return %y : tensor<8xi32, #dst>
  }
}

// CHECK-LABEL: func.func @worked
// CHECK-NEXT:  %[[REGS:.*]] = builtin.unrealized_conversion_cast %x : tensor<8xi32, #linear> to vector<2xi32>
// CHECK-NEXT:  %[[R0:.*]] = vector.extract %[[REGS]][0] : i32 from vector<2xi32>
// CHECK-NEXT:  %[[R1:.*]] = vector.extract %[[REGS]][1] : i32 from vector<2xi32>
// CHECK-NEXT:  %[[LANE_INDEX:.*]] = "gpu.lane_id"() : () -> index
// CHECK-NEXT:  %[[LANE:.*]] = arith.index_cast %[[LANE_INDEX]] : index to i32

// Before the shuffle, lanes with lane bit 1 set swap their two registers.
// CHECK-NEXT:  %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT:  %[[BIT1:.*]] = arith.andi %[[LANE]], %[[TWO]] : i32
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[ON1:.*]] = arith.cmpi ne, %[[BIT1]], %[[ZERO]] : i32
// CHECK-NEXT:  %[[A0:.*]] = arith.select %[[ON1]], %[[R1]], %[[R0]] : i32
// CHECK-NEXT:  %[[A1:.*]] = arith.select %[[ON1]], %[[R0]], %[[R1]] : i32

// The source lane swaps the two lane bits: ((lane & 2) >> 1) | ((lane & 1) << 1).
// CHECK-NEXT:  %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:  %[[HIGH:.*]] = arith.shrui %[[BIT1]], %[[ONE]] : i32
// CHECK-NEXT:  %[[BIT0:.*]] = arith.andi %[[LANE]], %[[ONE]] : i32
// CHECK-NEXT:  %[[LOW:.*]] = arith.shli %[[BIT0]], %[[ONE]] : i32
// CHECK-NEXT:  %[[FROM:.*]] = arith.ori %[[HIGH]], %[[LOW]] : i32
// CHECK-NEXT:  %[[WIDTH:.*]] = arith.constant 4 : i32
// CHECK-NEXT:  %[[B0:.*]], %{{.*}} = gpu.shuffle idx %[[A0]], %[[FROM]], %[[WIDTH]] : i32
// CHECK-NEXT:  %[[FROM1:.*]] = arith.xori %[[FROM]], %[[TWO]] : i32
// CHECK-NEXT:  %[[B1:.*]], %{{.*}} = gpu.shuffle idx %[[A1]], %[[FROM1]], %[[WIDTH]] : i32

// After it, lanes with lane bit 0 set swap them back.
// CHECK-NEXT:  %[[ON0:.*]] = arith.cmpi ne, %[[BIT0]], %[[ZERO]] : i32
// CHECK-NEXT:  %[[D0:.*]] = arith.select %[[ON0]], %[[B1]], %[[B0]] : i32
// CHECK-NEXT:  %[[D1:.*]] = arith.select %[[ON0]], %[[B0]], %[[B1]] : i32
// CHECK-NEXT:  %[[V0:.*]] = vector.insert %[[D0]], %[[REGS]] [0] : i32 into vector<2xi32>
// CHECK-NEXT:  %[[V1:.*]] = vector.insert %[[D1]], %[[V0]] [1] : i32 into vector<2xi32>
// CHECK-NEXT:  %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[V1]] : vector<2xi32> to tensor<8xi32, #linear1>
// CHECK-NEXT:  func.return %[[OUT]] : tensor<8xi32, #linear1>
