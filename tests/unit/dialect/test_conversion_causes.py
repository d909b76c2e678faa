"""A conversion's cause names the op whose layout it takes, walking back through the ops
that follow their operands' layout, and the first ops along its uses that do not, with
the kernel source position each op's location gives."""

from __future__ import annotations

from layoutdialect import parse_module
from layoutdialect.dialect.conversion_causes import conversion_cause
from layoutdialect.dialect.ttg.ops import ConvertLayoutOp

KERNEL = """
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: tensor<128x!tt.ptr<f32>, #a>, %q: tensor<128x!tt.ptr<f32>, #b>, %n: i32) {
    %x = tt.load %p : tensor<128x!tt.ptr<f32>, #a> loc("k.py":3:8)
    %y = arith.addf %x, %x : tensor<128xf32, #a> loc("k.py":4:8)
    %z = ttg.convert_layout %y : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %w = arith.mulf %z, %z : tensor<128xf32, #b>
    tt.store %q, %w : tensor<128x!tt.ptr<f32>, #b> loc("k.py":6:4)
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<128xf32, #a>) : i32 {
      %v = ttg.convert_layout %acc : tensor<128xf32, #a> -> tensor<128xf32, #b>
      tt.store %q, %v : tensor<128x!tt.ptr<f32>, #b> loc("k.py":9:8)
      tt.store %q, %v : tensor<128x!tt.ptr<f32>, #b> loc("k.py":10:8)
      tt.store %q, %v : tensor<128x!tt.ptr<f32>, #b> loc("k.py":11:8)
      scf.yield %acc : tensor<128xf32, #a>
    }
    tt.return
  }
}
"""


def test_each_conversion_names_its_producer_and_its_consumers() -> None:
    module = parse_module(KERNEL, "kernel.mlir")
    causes = [conversion_cause(op) for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    assert causes == [
        "tt.load (k.py:3:8) gives #ttg.blocked; tt.store (k.py:6:4) takes #ttg.blocked",
        "a value carried by scf.for gives #ttg.blocked; "
        "tt.store (k.py:9:8) and tt.store (k.py:10:8) and 1 more take #ttg.blocked",
    ]
