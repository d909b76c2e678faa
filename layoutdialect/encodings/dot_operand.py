"""``#ttg.dot_op``: an operand (A or B) of a ``tt.dot`` whose accumulator has the parent layout."""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.encodings.amd_mfma import AmdMfmaEncoding
from layoutdialect.encodings.amd_wmma import AmdWmmaEncoding
from layoutdialect.encodings.base import DerivedEncoding, DistributedEncoding, DotParentEncoding, EncodingError, check
from layoutdialect.encodings.blocked import BlockedEncoding
from layoutdialect.encodings.fields import check_field_types
from layoutdialect.encodings.nvidia_mma import NvidiaMmaEncoding
from layoutdialect.f2 import LinearLayout

__all__ = ["DotOperandEncoding", "UnexpectedParentError"]

WMMA_K_WIDTHS = {1: (8, 16), 2: (4, 8, 16)}
"""The ``kWidth`` values Triton 3.9 allows under each WMMA version that limits them;
under version 3 any but 0 will do."""


class UnexpectedParentError(EncodingError):
    """A ``#ttg.dot_op`` parent that is no accumulator layout; Triton's message names the
    parent as written, which only the reader of the text can (``naming``)."""

    def __init__(self, parent: DistributedEncoding) -> None:
        super().__init__(self.naming(type(parent).__name__))

    @staticmethod
    def naming(parent: str) -> str:
        """Triton's message for the parent written ``parent``."""
        return f"ttg.dot_op unexpected parent layout: {parent}"


@dataclass(frozen=True)
class DotOperandEncoding(DerivedEncoding):
    """Operand ``op_idx`` (0 = A ``[M, K]``, 1 = B ``[K, N]``) of a dot with accumulator
    ``parent``; ``k_width`` consecutive K elements sit in one thread (0 = unset)."""

    op_idx: int
    parent: DistributedEncoding
    k_width: int = 0

    def __post_init__(self) -> None:
        check_field_types(self)
        check(self.op_idx in (0, 1), f"ttg.dot_op opIdx parameter can be 0 or 1, got: {self.op_idx}")
        parent = self.parent
        if isinstance(parent, BlockedEncoding):
            check(self.k_width == 0, "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout")
        elif isinstance(parent, NvidiaMmaEncoding):
            check(self.k_width != 0, "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent")
            check(
                not parent.is_hopper or self.op_idx == 0,
                "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows "
                "first operand to be in registers",
            )
        elif isinstance(parent, AmdMfmaEncoding):
            check(self.k_width != 0, "ttg.dot_op kWidth parameter is mandatory for MFMA parent")
        elif isinstance(parent, AmdWmmaEncoding):
            if (allowed := WMMA_K_WIDTHS.get(parent.version)) is not None:
                check(
                    self.k_width in allowed,
                    f"ttg.dot_op kWidth parameter must be {'/'.join(map(str, allowed))} for WMMA v{parent.version} "
                    "(including packed cases for `scaled_dot`)",
                )
            else:
                check(self.k_width != 0, f"ttg.dot_op kWidth parameter is mandatory for WMMA v{parent.version} ")
        else:
            raise UnexpectedParentError(parent)

    @property
    def rank(self) -> int:
        return self.parent.rank

    def _linear_layout(self, shape: list[int]) -> LinearLayout:
        """The parent accumulator's operand layout (see each parent's ``_operand_layout``)."""
        assert isinstance(self.parent, DotParentEncoding)
        return self.parent._operand_layout(self.op_idx, self.k_width, shape)
