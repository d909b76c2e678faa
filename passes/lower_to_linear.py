"""``lower-to-linear``: every layout encoding in a module becomes its exact linear layout.

A distributed tensor's encoding becomes ``#ttg.linear`` (``#ttg.generic_linear`` when
the layout needs it) and a shared memdesc's becomes ``#ttg.shared_linear``, with the
bases ``to_linear_layout`` gives at that type's shape.  Op results, block arguments
and the types inside attributes (function signatures) are all rewritten, in place.
Encodings without a linear layout (``padded_shared``, ``partitioned_shared``, shapes
that are not powers of two) or whose layout has no bases at all (a single element on
a single thread: the text could not say its rank) are kept, each with a remark.

The output always verifies.  Some ops tie the encodings of values of different
shapes, or need an encoding of a particular kind: ``tt.expand_dims`` reads a
``#ttg.slice`` whose parent is its result's encoding, ``tt.broadcast`` keeps one
encoding across two shapes, ``tt.dot`` reads ``#ttg.dot_op`` operands of its
accumulator.  A per-shape ``#ttg.linear`` cannot say that, so each encoding such an
op rejects moves one step down a ladder until every op verifies:

1. each shape its own ``#ttg.linear`` (a slice too);
2. a slice stays ``#ttg.slice`` with its parent lowered; any other encoding becomes
   one ``#ttg.linear`` for all its shapes, written at the largest, when that layout
   read at every other shape is still the encoding's own there;
3. the encoding is kept as written, with a remark that names the op and its verifier's
   reason.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, TensorType
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from layoutdialect.dialect.text import verifier_failure
from layoutdialect.dialect.ttg.attributes import EncodingAttr, SliceEncodingAttr, encoding_attr
from layoutdialect.dialect.ttg.types import MemDescType
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
    SliceEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.base import DerivedEncoding
from layoutdialect.f2 import LinearLayout
from layoutdialect.ir.pass_options import check_application
from layoutdialect.ir.remarks import Remark

__all__ = ["LowerToLinearPass", "lower_to_linear"]

SharedWithAlignment = SwizzledSharedEncoding | AMDRotatingSharedEncoding | NVMMASharedEncoding | SharedLinearEncoding


class Step(IntEnum):
    """How far down the ladder an encoding has gone (see the module docstring)."""

    PER_SHAPE = 0
    SHARED = 1
    KEPT = 2


AnyEncodingAttr = EncodingAttr[Encoding]


@dataclass
class _TypeLowering:
    """Lowers the encodings inside types, each encoding at its ``steps`` rung, noting on
    ``op`` what it cannot lower."""

    steps: dict[AnyEncodingAttr, Step]
    joined: dict[AnyEncodingAttr, LinearLayout]
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

    def _tensor(self, tensor: TensorType[Attribute], encoding: AnyEncodingAttr) -> Attribute:
        lowered = self.distributed(encoding, list(tensor.get_shape()))
        if lowered is encoding:
            return tensor
        return TensorType(tensor.element_type, tensor.get_shape(), lowered)

    def distributed(self, encoding: AnyEncodingAttr, shape: list[int]) -> AnyEncodingAttr:
        """``encoding`` of a tensor of ``shape``, lowered as far as its rung allows."""
        step = self.steps.get(encoding, Step.PER_SHAPE)
        data = encoding.data
        if step is Step.KEPT or not isinstance(data, DistributedEncoding):
            return encoding
        if step is Step.SHARED and isinstance(encoding, SliceEncodingAttr):
            parent = self.distributed(encoding_attr(data.parent), data.parent_shape(shape))
            if parent.data == data.parent:
                return encoding
            return encoding_attr(SliceEncoding(data.dim, parent.data))
        layout = self.joined[encoding] if step is Step.SHARED else self._layout(encoding, shape)
        if layout is None:
            return encoding
        linear: LinearEncoding | GenericLinearEncoding
        try:
            linear = LinearEncoding(layout)
        except EncodingError:
            linear = GenericLinearEncoding(layout)
        return encoding_attr(linear)

    def _memdesc(self, memdesc: MemDescType, encoding: AnyEncodingAttr) -> Attribute:
        if self.steps.get(encoding, Step.PER_SHAPE) is Step.KEPT:
            return memdesc
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

    def _layout(self, encoding: AnyEncodingAttr, shape: list[int]) -> LinearLayout | None:
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


def _rewrite(module: ModuleOp, lowering: _TypeLowering) -> None:
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


def _encodings_in(attr: Attribute, found: dict[AnyEncodingAttr, set[tuple[int, ...]]], shape: list[int] | None) -> None:
    """Every encoding inside ``attr`` with the shapes it is used at: a slice's parent at
    the slice's shape with the sliced dim put back, a dot operand's parent at no shape."""
    if isinstance(attr, TensorType | MemDescType) and isinstance(attr.encoding, EncodingAttr):
        _encodings_in(attr.encoding, found, list(attr.get_shape()))
    elif isinstance(attr, EncodingAttr):
        uses = found.setdefault(attr, set())
        if shape is not None:
            uses.add(tuple(shape))
        data = attr.data
        if isinstance(data, SliceEncoding):
            _encodings_in(encoding_attr(data.parent), found, None if shape is None else data.parent_shape(shape))
        elif isinstance(data, DerivedEncoding):
            _encodings_in(encoding_attr(data.parent), found, None)
    elif isinstance(attr, ArrayAttr):
        for item in attr.data:
            _encodings_in(item, found, None)
    elif isinstance(attr, DictionaryAttr):
        for item in attr.data.values():
            _encodings_in(item, found, None)
    elif isinstance(attr, ParametrizedAttribute):
        for parameter in attr.parameters:
            _encodings_in(parameter, found, None)


def _op_encodings(op: Operation) -> dict[AnyEncodingAttr, set[tuple[int, ...]]]:
    found: dict[AnyEncodingAttr, set[tuple[int, ...]]] = {}
    for value in (*op.operands, *op.results):
        _encodings_in(value.type, found, None)
    for attributes in (op.properties, op.attributes):
        for attribute in attributes.values():
            _encodings_in(attribute, found, None)
    return found


def _joined_layout(encoding: AnyEncodingAttr, shapes: set[tuple[int, ...]]) -> LinearLayout | None:
    """The layout at the largest of ``shapes``, if read at each of them it is the
    encoding's own layout there; ``None`` otherwise."""
    data = encoding.data
    if not shapes or not isinstance(data, DistributedEncoding) or isinstance(data, SliceEncoding):
        return None
    largest = [max(sizes) for sizes in zip(*shapes)]
    try:
        layout = to_linear_layout(data, largest)
        linear = LinearEncoding(layout)
        if all(to_linear_layout(linear, list(shape)) == to_linear_layout(data, list(shape)) for shape in shapes):
            return layout
    except EncodingError:
        pass
    return None


def lower_to_linear(module: ModuleOp) -> list[Remark]:
    """Rewrite every encoding in ``module`` to its linear layout where the module stays
    valid; return the remarks on what was kept.  Running it again changes nothing."""
    used: dict[AnyEncodingAttr, set[tuple[int, ...]]] = {}
    for op in module.walk():
        for encoding, shapes in _op_encodings(op).items():
            used.setdefault(encoding, set()).update(shapes)
    joined = {encoding: layout for encoding, shapes in used.items() if (layout := _joined_layout(encoding, shapes))}
    steps: dict[AnyEncodingAttr, Step] = {}
    reasons: dict[AnyEncodingAttr, tuple[Operation, str]] = {}
    already_invalid = {i for i, op in enumerate(module.walk()) if verifier_failure(op) is not None}
    while True:
        trial = module.clone()
        _rewrite(trial, _TypeLowering(steps, joined))
        failures = [
            (op, message)
            for i, (op, lowered) in enumerate(zip(module.walk(), trial.walk()))
            if i not in already_invalid and (message := verifier_failure(lowered)) is not None
        ]
        if not failures:
            break
        moved: set[AnyEncodingAttr] = set()
        for op, message in failures:
            _step_down(op, message, steps, joined, reasons, moved)
    lowering = _TypeLowering(steps, joined)
    _rewrite(module, lowering)
    kept = [
        Remark(op, f"{encoding} kept: '{op.name}' rejects its linear form: {message}")
        for encoding, (op, message) in reasons.items()
        if steps[encoding] is Step.KEPT
    ]
    return lowering.remarks + [remark for remark in kept if remark not in lowering.remarks]


def _step_down(
    op: Operation,
    message: str,
    steps: dict[AnyEncodingAttr, Step],
    joined: dict[AnyEncodingAttr, LinearLayout],
    reasons: dict[AnyEncodingAttr, tuple[Operation, str]],
    moved: set[AnyEncodingAttr],
) -> None:
    """Move the encodings ``op`` rejects one rung down: per-shape slices first (to a
    slice of their lowered parent), then the other encodings, and a slice to kept only
    when nothing else can move; an encoding with no shared form skips to kept.  An
    encoding already in ``moved`` (this round) waits for the next round to be judged."""
    involved = [e for e in _op_encodings(op) if steps.get(e, Step.PER_SHAPE) is not Step.KEPT]
    if any(e in moved for e in involved):
        return
    slices = [e for e in involved if isinstance(e, SliceEncodingAttr)]
    others = [e for e in involved if not isinstance(e, SliceEncodingAttr)]
    fresh_slices = [e for e in slices if steps.get(e, Step.PER_SHAPE) is Step.PER_SHAPE]
    for encoding in fresh_slices or others or slices:
        step = steps.get(encoding, Step.PER_SHAPE)
        shareable = isinstance(encoding, SliceEncodingAttr) or encoding in joined
        steps[encoding] = Step.SHARED if step is Step.PER_SHAPE and shareable else Step.KEPT
        reasons[encoding] = (op, message)
        moved.add(encoding)


@dataclass(frozen=True)
class LowerToLinearPass(ModulePass):
    """``lower-to-linear``: encodings become ``#ttg.linear`` / ``#ttg.shared_linear``;
    remarks on what is kept go to stderr."""

    name = "lower-to-linear"
    summary: ClassVar[str] = "every encoding becomes the #ttg.linear or #ttg.shared_linear layout it means"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        check_application(self, ctx, op)
        for remark in lower_to_linear(op):
            print(remark, file=sys.stderr)
