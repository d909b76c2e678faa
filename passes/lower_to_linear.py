"""``lower-to-linear``: every layout encoding in a module becomes its exact linear layout.

A distributed tensor's encoding becomes ``#ttg.linear`` (``#ttg.generic_linear`` when
the layout needs it) and a shared memdesc's becomes ``#ttg.shared_linear``, with the
bases ``to_linear_layout`` gives at that type's shape.  Op results, block arguments
and the types inside attributes (function signatures) are all rewritten, in place.
Encodings without a linear layout (``padded_shared``, ``partitioned_shared``, shapes
that are not powers of two) or whose layout has no bases at all (a single element on
a single thread: the text could not say its rank) are kept, each with a remark.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, TensorType
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from layoutdialect.dialect.attributes import EncodingAttr, encoding_attr
from layoutdialect.dialect.types import MemDescType
from layoutdialect.encodings import (
    AMDRotatingSharedEncoding,
    DistributedEncoding,
    Encoding,
    EncodingError,
    GenericLinearEncoding,
    LinearEncoding,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    SharedLinearEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.f2 import LinearLayout

from .remarks import Remark

__all__ = ["LowerToLinearPass", "lower_to_linear"]

SharedWithAlignment = SwizzledSharedEncoding | AMDRotatingSharedEncoding | NVMMASharedEncoding | SharedLinearEncoding


@dataclass
class _TypeLowering:
    """Lowers the encodings inside types, noting on ``op`` what it cannot lower."""

    remarks: list[Remark] = field(default_factory=list[Remark])
    op: Operation | None = None

    def lower(self, attr: Attribute) -> Attribute:
        if isinstance(attr, TensorType) and isinstance(attr.encoding, EncodingAttr):
            return self._tensor(attr, attr.encoding)
        if isinstance(attr, MemDescType) and isinstance(attr.encoding, EncodingAttr):
            return self._memdesc(attr, attr.encoding)
        if isinstance(attr, ArrayAttr):
            items = [self.lower(item) for item in attr.data]
            return ArrayAttr(items) if items != list(attr.data) else attr
        if isinstance(attr, DictionaryAttr):
            entries = {key: self.lower(value) for key, value in attr.data.items()}
            return DictionaryAttr(entries) if entries != attr.data else attr
        if isinstance(attr, ParametrizedAttribute):
            parameters = [self.lower(parameter) for parameter in attr.parameters]
            return type(attr).new(parameters) if parameters != list(attr.parameters) else attr
        return attr

    def _tensor(self, tensor: TensorType[Attribute], encoding: EncodingAttr[Encoding]) -> Attribute:
        shape = list(tensor.get_shape())
        layout = self._layout(encoding, shape)
        if layout is None or not isinstance(encoding.data, DistributedEncoding):
            return tensor
        linear: LinearEncoding | GenericLinearEncoding
        try:
            linear = LinearEncoding(layout)
        except EncodingError:
            linear = GenericLinearEncoding(layout)
        return TensorType(tensor.element_type, shape, encoding_attr(linear))

    def _memdesc(self, memdesc: MemDescType, encoding: EncodingAttr[Encoding]) -> Attribute:
        shape = list(memdesc.alloc_shape[len(memdesc.alloc_shape) - len(memdesc.shape) :])
        layout = self._layout(encoding, shape)
        if layout is None:
            return memdesc
        data = encoding.data
        if not isinstance(data, SharedWithAlignment):
            self._remark(f"#{encoding.name} has no #ttg.shared_linear form (its layout has a partition dim); kept")
            return memdesc
        try:
            shared = SharedLinearEncoding(layout, data.alignment)
        except EncodingError as error:
            self._remark(f"#{encoding.name} at shape {_shape_text(shape)} is not a #ttg.shared_linear: {error}; kept")
            return memdesc
        return MemDescType(
            memdesc.shape,
            memdesc.element_type,
            encoding_attr(shared),
            memdesc.memory_space,
            memdesc.mutable,
            memdesc.alloc_shape,
        )

    def _layout(self, encoding: EncodingAttr[Encoding], shape: list[int]) -> LinearLayout | None:
        if isinstance(encoding.data, PaddedSharedEncoding):
            self._remark(f"#{encoding.name} has no linear layout (its padding is not linear); kept")
            return None
        try:
            layout = to_linear_layout(encoding.data, shape)
        except EncodingError as error:
            self._remark(f"#{encoding.name} at shape {_shape_text(shape)} has no linear layout: {error}; kept")
            return None
        if not any(bases for _, bases in layout.bases):
            self._remark(f"#{encoding.name} at shape {_shape_text(shape)} has no bases to write its rank with; kept")
            return None
        return layout

    def _remark(self, message: str) -> None:
        assert self.op is not None
        remark = Remark(self.op, message)
        if remark not in self.remarks:
            self.remarks.append(remark)


def _shape_text(shape: list[int]) -> str:
    return "x".join(str(size) for size in shape)


def _retype(value: SSAValue, lowering: _TypeLowering) -> None:
    lowered = lowering.lower(value.type)
    if lowered != value.type:
        Rewriter.replace_value_with_new_type(value, lowered)


def lower_to_linear(module: ModuleOp) -> list[Remark]:
    """Rewrite every encoding in ``module`` to its linear layout; return the remarks on
    what was kept.  Running it again changes nothing."""
    lowering = _TypeLowering()
    for op in module.walk():
        lowering.op = op
        for result in op.results:
            _retype(result, lowering)
        for region in op.regions:
            for block in region.blocks:
                for argument in block.args:
                    _retype(argument, lowering)
        for attributes in (op.properties, op.attributes):
            for name, attribute in list(attributes.items()):
                attributes[name] = lowering.lower(attribute)
    return lowering.remarks


@dataclass(frozen=True)
class LowerToLinearPass(ModulePass):
    """``lower-to-linear``: encodings become ``#ttg.linear`` / ``#ttg.shared_linear``;
    remarks on what is kept go to stderr."""

    name = "lower-to-linear"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for remark in lower_to_linear(op):
            print(remark, file=sys.stderr)
