"""The ``ttg`` ops that move tensors between layouts and shared memory."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import EffectInstance, MemoryEffect, MemoryEffectKind, Pure, Resource
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import (
    FreesSharedMemory,
    ReadsSharedMemory,
    SharedMemory,
    WritesSharedMemory,
)
from layoutdialect.dialect.semantics import ConversionFolds, Recreatable, distributed_encoding
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.layout_checks import VerifyTensorLayouts
from layoutdialect.dialect.ttg.types import AsyncTokenType, MemDescType
from layoutdialect.encodings import DistributedEncoding, NvidiaMmaEncoding

__all__ = ["ConvertLayoutOp", "LocalAllocOp", "LocalDeallocOp", "LocalLoadOp", "LocalStoreOp", "TTGOp"]

FOLDS = "layoutdialect.dialect.ttg.canonicalization"
"""Where this module's ops' conversion folds are defined."""


def _check_same_tile(what: str, a: TensorType[Attribute] | MemDescType, b: TensorType[Attribute] | MemDescType) -> None:
    if tuple(a.get_shape()) != tuple(b.get_shape()):
        raise VerifyException(f"{what}: shapes differ, {list(a.get_shape())} and {list(b.get_shape())}")
    if a.element_type != b.element_type:
        raise VerifyException(f"{what}: element types differ, {a.element_type} and {b.element_type}")


class TTGOp(IRDLOperation):
    """A ``ttg`` op, as Triton's ``TTG_Op``: its tensors' layouts fit the kernel."""

    traits = traits_def(VerifyTensorLayouts())


@dataclass(frozen=True)
class ConversionRecreatable(Recreatable):
    """A conversion can convert to any layout instead, except to an NVIDIA MMA layout it
    did not come from (Triton's ``canUseResultEncoding``)."""

    def holds_anywhere(self, op: Operation) -> bool:
        return False

    def holds(self, op: Operation, encoding: DistributedEncoding) -> bool:
        assert isinstance(op, ConvertLayoutOp)
        return not isinstance(encoding, NvidiaMmaEncoding) or distributed_encoding(op.src.type) == encoding


@irdl_op_definition
class ConvertLayoutOp(TTGOp):
    """``%1 = ttg.convert_layout %0 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #mma>``

    The same tensor, held by the threads in another layout.
    """

    name = "ttg.convert_layout"

    src = operand_def(TensorType)
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(
        Pure(),
        ConversionRecreatable(),
        ConversionFolds(FOLDS, ("FoldConversionIntoSource",)),
    )

    def __init__(self, src: SSAValue | Operation, result_type: TensorType[Attribute]) -> None:
        """A conversion of ``src``, at ``src``'s location (where it is defined, or the op
        whose block it is an argument of), as MLIR rewrites place the conversions they
        make: the kernel's source line stays with the data the conversion moves."""
        super().__init__(operands=[src], result_types=[result_type])
        value = SSAValue.get(src)
        origin = value.owner if isinstance(value.owner, Operation) else value.owner.parent_op()
        if origin is not None:
            self.location = origin.location

    def verify_(self) -> None:
        assert isinstance(self.src.type, TensorType) and isinstance(self.result.type, TensorType)
        _check_same_tile("ttg.convert_layout", self.src.type, self.result.type)


class AllocatesItsResult(MemoryEffect):
    """Allocates the op's first result in ``RESOURCE``, as Triton's ``LocalAllocOp`` and
    ``TMEMAllocOp::getEffects`` do: when ``PLACED`` names the attribute that memory
    assignment adds, an immutable buffer without it has no effect, so that CSE and
    dead-code elimination treat it as a value.  The result's allocation is the only
    effect, so that an unused buffer is dead, as Triton 3.9's passes erase it.  (Triton
    also declares a write of the initial value into the buffer: MLIR's dead-op rule drops
    it, as it falls on a buffer the op allocates, but its CSE does not, so there a read
    of the same memory after the op is not merged with an equal one before it.)"""

    RESOURCE: ClassVar[Resource]
    PLACED: ClassVar[str | None]

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        result = op.results[0]
        if (
            cls.PLACED is not None
            and isinstance(result.type, MemDescType)
            and not result.type.mutable
            and cls.PLACED not in op.attributes
        ):
            return frozenset()
        return frozenset({EffectInstance(MemoryEffectKind.ALLOC, result, cls.RESOURCE)})


class AllocatesSharedMemory(AllocatesItsResult):
    """``ttg.local_alloc``'s effects: its buffer in shared memory, placed by ``allocation.offset``."""

    RESOURCE = SharedMemory()
    PLACED = "allocation.offset"


@irdl_op_definition
class LocalAllocOp(TTGOp):
    """``%b = ttg.local_alloc %a : (tensor<128x128xf16, #mma>) -> !ttg.memdesc<128x128xf16, #shared, #smem>``

    Allocates shared memory, initialised from the tensor ``src`` when there is one.
    """

    name = "ttg.local_alloc"

    src = opt_operand_def(TensorType)
    result = result_def(MemDescType)

    assembly_format = "($src^)? attr-dict `:` functional-type(operands, results)"
    traits = traits_def(
        AllocatesSharedMemory(),
        ConversionFolds(
            "layoutdialect.dialect.ttg.canonicalization", ("LocalMemoryReadsPastConversion", "FoldAllocOfLoad")
        ),
    )

    def __init__(self, result_type: MemDescType, src: SSAValue | Operation | None = None) -> None:
        super().__init__(operands=[[] if src is None else [src]], result_types=[result_type])

    def verify_(self) -> None:
        assert isinstance(self.result.type, MemDescType)
        bits = bit_width(self.result.type.element_type)
        if bits is not None and bits % 8:
            raise VerifyException(f"shared-memory element type bit width must be a multiple of 8; got {bits}")
        if self.src is None:
            if not self.result.type.mutable:
                raise VerifyException("ttg.local_alloc: a buffer without an initial value must be mutable")
        else:
            assert isinstance(self.src.type, TensorType)
            _check_same_tile("ttg.local_alloc", self.src.type, self.result.type)


@irdl_op_definition
class LocalLoadOp(TTGOp):
    """``%t = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>``"""

    name = "ttg.local_load"

    src = operand_def(MemDescType)
    token = opt_operand_def(AsyncTokenType)
    result = result_def(TensorType)

    assembly_format = "$src (`token` $token^)? attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(ReadsSharedMemory(), Recreatable())

    def __init__(
        self, src: SSAValue | Operation, result_type: TensorType[Attribute], token: SSAValue | Operation | None = None
    ) -> None:
        super().__init__(operands=[src, [] if token is None else [token]], result_types=[result_type])

    def verify_(self) -> None:
        assert isinstance(self.src.type, MemDescType) and isinstance(self.result.type, TensorType)
        _check_same_tile("ttg.local_load", self.src.type, self.result.type)


@irdl_op_definition
class LocalStoreOp(TTGOp):
    """``ttg.local_store %t, %m : tensor<1xf32, #blocked> -> !ttg.memdesc<1xf32, #shared, #smem, mutable>``"""

    name = "ttg.local_store"

    src = operand_def(TensorType)
    dst = operand_def(MemDescType)

    assembly_format = "$src `,` $dst attr-dict `:` type($src) `->` type($dst)"
    traits = traits_def(
        WritesSharedMemory(),
        ConversionFolds(FOLDS, ("LocalMemoryReadsPastConversion",)),
    )

    def __init__(self, src: SSAValue | Operation, dst: SSAValue | Operation) -> None:
        super().__init__(operands=[src, dst])

    def verify_(self) -> None:
        assert isinstance(self.src.type, TensorType) and isinstance(self.dst.type, MemDescType)
        if not self.dst.type.mutable:
            raise VerifyException("ttg.local_store: cannot store into immutable memory")
        _check_same_tile("ttg.local_store", self.src.type, self.dst.type)


@irdl_op_definition
class LocalDeallocOp(TTGOp):
    """``ttg.local_dealloc %m : !ttg.memdesc<3x1xi32, #shared, #smem, mutable>``"""

    name = "ttg.local_dealloc"

    src = operand_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src)"
    traits = traits_def(FreesSharedMemory())

    def __init__(self, src: SSAValue | Operation) -> None:
        super().__init__(operands=[src])
