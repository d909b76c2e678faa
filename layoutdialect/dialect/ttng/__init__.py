"""``ttng``: the Triton NVIDIA GPU ops TTGIR for Hopper uses around layouts."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.ttng.ops import WarpGroupDotOp, WarpGroupDotWaitOp

__all__ = ["TTNG"]

TTNG = Dialect("ttng", [WarpGroupDotOp, WarpGroupDotWaitOp], [])
