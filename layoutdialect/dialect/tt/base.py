"""The base of every ``tt`` op, as Triton's ``TT_Op``: its tensors have at most
``MAX_TENSOR_ELEMENTS`` elements, a power of two of them (``TensorSizeTrait``), in layouts
that fit the kernel (``VerifyTensorLayoutsTrait``)."""

from __future__ import annotations

from xdsl.irdl import IRDLOperation, traits_def

from layoutdialect.dialect.ttg.layout_checks import TensorSize, VerifyTensorLayouts

__all__ = ["TTOp"]


class TTOp(IRDLOperation):
    """A ``tt`` op."""

    traits = traits_def(TensorSize(), VerifyTensorLayouts())
