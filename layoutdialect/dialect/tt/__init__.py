"""The ``tt`` dialect that TTGIR kernels use: functions, pointers, tensor construction and
reshaping, loads and stores, atomics, dots, reductions, scans, histograms, gathers, joins,
splits, concatenations, casts, prints and asserts, and tensor descriptors."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.tt import atomics, descriptors
from layoutdialect.dialect.tt.combine import CatOp, JoinOp, SplitOp
from layoutdialect.dialect.tt.data_indexed import GatherOp, HistogramOp
from layoutdialect.dialect.tt.debug import AssertOp, PrintOp
from layoutdialect.dialect.tt.dot_scaled import DotScaledOp
from layoutdialect.dialect.tt.elementwise import (
    BitcastOp,
    ElementwiseInlineAsmOp,
    ExternElementwiseOp,
    IntToPtrOp,
    PtrToIntOp,
)
from layoutdialect.dialect.tt.func import CallOp, FuncOp, ReturnOp
from layoutdialect.dialect.tt.memory import AddPtrOp, LoadOp, StoreOp
from layoutdialect.dialect.tt.ops import (
    BroadcastOp,
    DotOp,
    ExpandDimsOp,
    FpToFpOp,
    GetProgramIdOp,
    MakeRangeOp,
    ReduceOp,
    ReduceReturnOp,
    ReshapeOp,
    SplatOp,
    TransOp,
    UnsplatOp,
)
from layoutdialect.dialect.tt.scan import ScanOp, ScanReturnOp
from layoutdialect.dialect.tt.types import PointerType

__all__ = ["TT"]

TT = Dialect(
    "tt",
    [
        FuncOp,
        ReturnOp,
        CallOp,
        GetProgramIdOp,
        MakeRangeOp,
        SplatOp,
        UnsplatOp,
        BroadcastOp,
        ExpandDimsOp,
        ReshapeOp,
        TransOp,
        FpToFpOp,
        AddPtrOp,
        LoadOp,
        StoreOp,
        DotOp,
        DotScaledOp,
        ReduceOp,
        ReduceReturnOp,
        ScanOp,
        ScanReturnOp,
        HistogramOp,
        GatherOp,
        JoinOp,
        SplitOp,
        CatOp,
        BitcastOp,
        IntToPtrOp,
        PtrToIntOp,
        ElementwiseInlineAsmOp,
        ExternElementwiseOp,
        PrintOp,
        AssertOp,
        *atomics.OPS,
        *descriptors.OPS,
    ],
    [PointerType, *atomics.ATTRIBUTES, *descriptors.ATTRIBUTES],
)
