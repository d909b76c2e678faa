"""``layout-opt`` verifies the module between passes and after the last with
``verify_module`` (located errors, shared verifier answers), not xDSL's ``verify``: a
pass that breaks the module is reported at the first op it broke, nothing is written,
and the status is 1, whether a pass follows it or not."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.passes import ModulePass

from layoutdialect.tools.layout_opt import LayoutOptMain

KERNEL = """#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() -> tensor<128xi32, #blocked> {
    %c = arith.constant dense<0> : tensor<128xi32, #blocked>
    tt.return %c : tensor<128xi32, #blocked>
  }
}
"""


@dataclass(frozen=True)
class DoubleTheWarps(ModulePass):
    """Sets the module's warps to 8, which its 4-warp layouts no longer fit."""

    name = "double-the-warps"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        op.attributes["ttg.num-warps"] = IntegerAttr(8, 32)


class WithABreakingPass(LayoutOptMain):
    def register_all_passes(self) -> None:
        super().register_all_passes()
        self.register_pass(DoubleTheWarps.name, lambda: DoubleTheWarps)


@pytest.mark.parametrize("pipeline", ["double-the-warps,canonicalize", "double-the-warps"])
def test_a_broken_module_is_reported_at_the_op_it_broke(
    pipeline: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL)
    assert WithABreakingPass(args=[str(path), "-p", pipeline]).run_checked() == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{path}:4:5: error: Result has an invalid layout") and "requires 8 warps" in err


def test_an_unbroken_pipeline_writes_the_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL)
    assert WithABreakingPass(args=[str(path), "-p", "canonicalize,canonicalize"]).run_checked() == 0
    assert "arith.constant dense<0>" in capsys.readouterr().out
