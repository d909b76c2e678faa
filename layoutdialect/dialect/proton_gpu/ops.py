"""The ``proton_gpu`` ops of Triton 3.9: ``initialize``, ``segment_alloc``, ``init_ctx``,
``read_counter``, ``circular_store``, ``save_ctx``, ``restore_ctx`` and ``finalize``, with
``!proton_gpu.segment`` and ``#proton_gpu.global_memory``.

A profiling buffer (a shared-memory descriptor or a global pointer) is cut into one
segment per profiled unit (warp, warp group, CTA ...); each unit stores its counter reads
there as a circular buffer.  None of these ops touches a tensor layout; all but
``segment_alloc`` have side effects.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    UnitAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    EqAttrConstraint,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.memory_resources import ReadsGlobalMemory, ReadsSharedMemory, WritesGlobalMemory
from layoutdialect.dialect.proton.ops import parse_start_or_end, print_start_or_end
from layoutdialect.dialect.tt.types import PointerType
from layoutdialect.dialect.ttg.types import MemDescType

__all__ = [
    "ATTRIBUTES",
    "GRANULARITIES",
    "OPS",
    "CircularStoreOp",
    "FinalizeOp",
    "GlobalMemorySpaceAttr",
    "InitCtxOp",
    "InitializeOp",
    "ReadCounterOp",
    "RestoreCtxOp",
    "SaveCtxOp",
    "SegmentAllocOp",
    "SegmentType",
    "segment_count",
]

GRANULARITIES = (
    "thread",
    "warp",
    "warp_2",
    "warp_4",
    "warp_8",
    "cta",
    "warp_group",
    "warp_group_2",
    "warp_group_4",
    "warp_group_8",
)
"""Proton's ``Granularity``: the unit each segment of the buffer profiles."""

COUNTER = EqAttrConstraint(i32) | EqAttrConstraint(i64)
"""What a counter read gives: Triton's ``AnyTypeOf<[I32, I64]>``."""

CYCLE = 0
"""Proton's ``MetricType::CYCLE``, the only metric ``read_counter`` reads."""


@irdl_attr_definition
class GlobalMemorySpaceAttr(ParametrizedAttribute):
    """``#proton_gpu.global_memory``: a segment's buffer lives in global memory."""

    name = "proton_gpu.global_memory"


@irdl_attr_definition
class SegmentType(ParametrizedAttribute, TypeAttribute):
    """``!proton_gpu.segment<1024, #smem, warp>`` or ``<256, #proton_gpu.global_memory, warp, [0, 2]>``

    A unit's segment of an ``n_bytes`` profiling buffer in ``memory_space``, one per
    ``granularity`` unit, or one per unit of ``select_ids`` when they are given.
    """

    name = "proton_gpu.segment"

    n_bytes: IntAttr
    memory_space: Attribute
    granularity: StringAttr
    select_ids: ArrayAttr[IntAttr]

    def __init__(self, n_bytes: int, memory_space: Attribute, granularity: str, select_ids: Sequence[int] = ()) -> None:
        super().__init__(
            IntAttr(n_bytes), memory_space, StringAttr(granularity), ArrayAttr([IntAttr(i) for i in select_ids])
        )

    @property
    def selected(self) -> tuple[int, ...]:
        return tuple(i.data for i in self.select_ids.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            n_bytes = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            memory_space = parser.parse_attribute()
            parser.parse_punctuation(",")
            start = parser.pos
            granularity = parser.parse_optional_identifier()
            if granularity not in GRANULARITIES:
                parser.raise_error(
                    "expected ::mlir::triton::proton::gpu::Granularity to be one of: " + ", ".join(GRANULARITIES),
                    start,
                    parser.pos,
                )
            select_ids: list[int] = []
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_punctuation("[")
                select_ids = parser.parse_comma_separated_list(
                    parser.Delimiter.NONE, lambda: parser.parse_integer(allow_boolean=False)
                )
                parser.parse_punctuation("]")
        return SegmentType(n_bytes, memory_space, granularity, select_ids).parameters

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.n_bytes.data}, ")
        printer.print_attribute(self.memory_space)
        printer.print_string(f", {self.granularity.data}")
        if self.selected:
            printer.print_string(f", [{', '.join(map(str, self.selected))}]")
        printer.print_string(">")


def _segment(value: SSAValue) -> SegmentType:
    """The type of ``value``, which the op's definition already requires to be a segment."""
    assert isinstance(value.type, SegmentType)
    return value.type


def _enclosing_module(op: Operation) -> ModuleOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, ModuleOp):
        parent = parent.parent_op()
    return parent


def segment_count(op: Operation, segment: SegmentType) -> int:
    """How many segments the buffer has: one per selected unit, else one per warp of the
    kernel (the module's ``ttg.total-num-warps``, else its ``ttg.num-warps``: Triton's
    ``getTotalNumWarps``)."""
    if segment.selected:
        return len(segment.selected)
    module = _enclosing_module(op)
    attributes = module.attributes if module is not None else {}
    for key in ("ttg.total-num-warps", "ttg.num-warps"):
        value = attributes.get(key)
        if isinstance(value, IntegerAttr):
            return value.value.data
    raise VerifyException("'builtin.module' op is not contained within a context that specifies the number of warps")


def _is_power_of_two_u32(value: int) -> bool:
    """LLVM's ``isPowerOf2_32`` of a C++ ``int``."""
    value &= 0xFFFFFFFF
    return value != 0 and value & (value - 1) == 0


@irdl_op_definition
class CircularStoreOp(IRDLOperation):
    """``proton_gpu.circular_store start %seg, %c {scopeId = 0 : i32} : !proton_gpu.segment<1024, #smem, warp>, i32``

    Appends the ``counter`` read at the start (or end) of a scope to the unit's segment,
    overwriting the oldest entries when it is full.  The scope is the ``scopeId`` property
    or, instead, a third ``i32`` operand (``%seg, %counter, %id``).
    """

    name = "proton_gpu.circular_store"

    segment = operand_def(SegmentType)
    counter = operand_def(COUNTER)
    dynamic_scope_id = opt_operand_def(i32)
    is_start = opt_prop_def(UnitAttr, prop_name="isStart")
    scope_id = opt_prop_def(IntegerAttr[I32], prop_name="scopeId")

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    @classmethod
    def parse(cls, parser: Parser) -> CircularStoreOp:
        is_start = parse_start_or_end(parser, cls.name)
        names = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(",") is not None:
            names.append(parser.parse_unresolved_operand())
        if len(names) not in (2, 3):
            parser.raise_error(f"{cls.name} takes a segment, a counter and optionally a scope id")
        attributes = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        segment_type = parser.parse_type()
        parser.parse_punctuation(",")
        counter_type = parser.parse_type()
        operands = [parser.resolve_operand(names[0], segment_type), parser.resolve_operand(names[1], counter_type)]
        dynamic = [parser.resolve_operand(name, i32) for name in names[2:]]
        properties: dict[str, Attribute] = {"isStart": UnitAttr()} if is_start else {}
        if "scopeId" in attributes:
            properties["scopeId"] = attributes.pop("scopeId")
        return cls.create(operands=[*operands, *dynamic], properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        print_start_or_end(printer, self)
        printer.print_string(" ")
        printer.print_list([self.segment, self.counter, *self.operands[2:]], printer.print_operand)
        scope = {"scopeId": self.scope_id} if self.scope_id is not None else {}
        printer.print_op_attributes({**scope, **self.attributes})
        printer.print_string(" : ")
        printer.print_attribute(self.segment.type)
        printer.print_string(", ")
        printer.print_attribute(self.counter.type)

    def verify_(self) -> None:
        """Triton's ``CircularStoreOp::verify``: a segment of a power-of-two size, and one
        scope id, static (in [0, 255]) or dynamic."""
        segment = _segment(self.segment)
        if not _is_power_of_two_u32(int(segment.n_bytes.data / segment_count(self, segment))):
            raise VerifyException(f"'{self.name}' op profiling buffer segment size must be power of 2")
        if (self.scope_id is None) == (self.dynamic_scope_id is None):
            raise VerifyException(f"'{self.name}' op requires exactly one static or dynamic scope identifier")
        if self.scope_id is not None and not 0 <= self.scope_id.value.data <= 255:
            raise VerifyException(f"'{self.name}' op scope id must be in [0, 255]")


@irdl_op_definition
class ReadCounterOp(IRDLOperation):
    """``%c = proton_gpu.read_counter : i32``: the GPU's cycle counter (the default
    ``metric``, which is printed only when it is another)."""

    name = "proton_gpu.read_counter"

    metric = opt_prop_def(IntegerAttr[I32])
    counter = result_def(COUNTER)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, counter_type: Attribute = i32) -> None:
        super().__init__(result_types=[counter_type])

    @classmethod
    def parse(cls, parser: Parser) -> ReadCounterOp:
        attributes = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        op = cls(parser.parse_type())
        if "metric" in attributes:
            op.properties["metric"] = attributes.pop("metric")
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        metric = {"metric": self.metric} if self.metric is not None and self.metric.value.data != CYCLE else {}
        printer.print_op_attributes({**metric, **self.attributes})
        printer.print_string(" : ")
        printer.print_attribute(self.counter.type)

    def verify_(self) -> None:
        if self.metric is not None and self.metric.value.data != CYCLE:
            raise VerifyException(
                f"'{self.name}' op attribute 'metric' failed to satisfy constraint: The type of metric to be profiled"
            )


@irdl_op_definition
class SegmentAllocOp(IRDLOperation):
    """``%seg = proton_gpu.segment_alloc %buf : !ttg.memdesc<256xi32, #shared, #smem, mutable> -> <1024, #smem, warp>``

    The calling unit's segment of the profiling buffer ``buffer`` (shared memory, or a
    global pointer); the result type is printed without its ``!proton_gpu.segment``.
    """

    name = "proton_gpu.segment_alloc"

    buffer = operand_def(MemDescType | PointerType)
    segment = result_def(SegmentType)

    traits = traits_def(Pure())

    def __init__(self, buffer: SSAValue, segment_type: Attribute) -> None:
        super().__init__(operands=[buffer], result_types=[segment_type])

    @classmethod
    def parse(cls, parser: Parser) -> SegmentAllocOp:
        name = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        buffer = parser.resolve_operand(name, parser.parse_type())
        parser.parse_punctuation("->")
        segment_type = parser.parse_optional_type() or SegmentType.new(SegmentType.parse_parameters(parser))
        op = cls(buffer, segment_type)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.buffer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.buffer.type)
        printer.print_string(" -> ")
        _segment(self.segment).print_parameters(printer)

    def verify_(self) -> None:
        segment = _segment(self.segment)
        if segment.granularity.data != "warp" and segment.selected:
            raise VerifyException(f"'{self.name}' op only warp granularity supports non-empty selectIds for now")


@irdl_op_definition
class InitializeOp(IRDLOperation):
    """``proton_gpu.initialize %scratch : !tt.ptr<i32>``: writes the profile's header at
    the start of the global scratch buffer."""

    name = "proton_gpu.initialize"

    scratch_ptr = operand_def(PointerType)

    assembly_format = "$scratch_ptr attr-dict `:` type($scratch_ptr)"
    traits = traits_def(WritesGlobalMemory())


@irdl_op_definition
class InitCtxOp(IRDLOperation):
    """``proton_gpu.init_ctx %scratch : !tt.ptr<i32>``: sets up every warp's profiling
    context in the scratch buffer; not inside a ``ttg.warp_specialize``."""

    name = "proton_gpu.init_ctx"

    scratch_ptr = operand_def(PointerType)

    assembly_format = "$scratch_ptr attr-dict `:` type($scratch_ptr)"
    traits = traits_def(WritesGlobalMemory())

    def verify_(self) -> None:
        parent = self.parent_op()
        while parent is not None:
            if parent.name == "ttg.warp_specialize":
                raise VerifyException(f"'{self.name}' op can't initialize proton context in a warp specialized op")
            parent = parent.parent_op()


@irdl_op_definition
class FinalizeOp(IRDLOperation):
    """``proton_gpu.finalize %seg, %scratch : !proton_gpu.segment<1024, #smem, warp>, !tt.ptr<i32>``:
    writes the segment's records and the metadata back to the global scratch buffer."""

    name = "proton_gpu.finalize"

    segment = operand_def(SegmentType)
    scratch_ptr = operand_def(PointerType)

    assembly_format = "$segment `,` $scratch_ptr attr-dict `:` type($segment) `,` type($scratch_ptr)"
    traits = traits_def(ReadsGlobalMemory(), ReadsSharedMemory(), WritesGlobalMemory())


@irdl_op_definition
class SaveCtxOp(IRDLOperation):
    """``proton_gpu.save_ctx %seg, %scratch : !proton_gpu.segment<...>, !tt.ptr<i32>``: saves
    the warp's profiling context (its place in the segment) to the scratch buffer."""

    name = "proton_gpu.save_ctx"

    segment = operand_def(SegmentType)
    scratch_ptr = operand_def(PointerType)

    assembly_format = "$segment `,` $scratch_ptr attr-dict `:` type($segment) `,` type($scratch_ptr)"
    traits = traits_def(WritesGlobalMemory())


@irdl_op_definition
class RestoreCtxOp(IRDLOperation):
    """``proton_gpu.restore_ctx %seg, %scratch : !proton_gpu.segment<...>, !tt.ptr<i32>``:
    restores the warp's profiling context saved by ``save_ctx``."""

    name = "proton_gpu.restore_ctx"

    segment = operand_def(SegmentType)
    scratch_ptr = operand_def(PointerType)

    assembly_format = "$segment `,` $scratch_ptr attr-dict `:` type($segment) `,` type($scratch_ptr)"
    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory())


OPS: list[type[Operation]] = [
    CircularStoreOp,
    ReadCounterOp,
    InitializeOp,
    FinalizeOp,
    SegmentAllocOp,
    InitCtxOp,
    RestoreCtxOp,
    SaveCtxOp,
]
ATTRIBUTES: list[type[Attribute]] = [SegmentType, GlobalMemorySpaceAttr]
