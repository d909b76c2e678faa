"""The ``amdg`` waits and barriers: waits for asynchronous copies and TDM operations, the
conditional and cluster barriers, and mbarriers in shared memory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I32, IntegerAttr, i1, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from layoutdialect.dialect.amdg.base import (
    ASYNC_TOKEN,
    I1,
    I32_SCALAR,
    MEMDESC,
    TOKEN,
    AMDGOp,
    check_problem,
    i32_problem,
)
from layoutdialect.dialect.amdg.syntax import (
    expect,
    finish,
    parse_attributes,
    parse_optional_comma_operand,
    parse_signature,
    print_attributes,
    print_operands,
    print_signature,
    refuse,
)
from layoutdialect.dialect.memory_resources import ReadsSharedMemory, WritesSharedMemory
from layoutdialect.dialect.ttg.custom_format import memdesc_type, op_error
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttng.barriers import check_barrier_type

__all__ = [
    "ArriveBarrierOp",
    "AsyncCopyMbarrierArriveOp",
    "AsyncTDMIntrinsicWaitOp",
    "AsyncTDMWaitOp",
    "AsyncWaitOp",
    "ClusterBarrierArriveOp",
    "ClusterBarrierWaitOp",
    "CondBarrierOp",
    "InitBarrierOp",
    "WaitBarrierOp",
]


class _WaitOp(AMDGOp):
    """``%t = amdg.<wait> %t0, %t1 {<count> = 0 : i32}``: waits until at most ``<count>``
    of the operations it counts are outstanding; the tokens name what is waited for."""

    COUNT: ClassVar[str]
    """The name of the ``i32`` count property."""

    async_token = var_operand_def(TOKEN)
    ret_token = result_def(TOKEN)

    def __init__(self, tokens: Sequence[SSAValue], count: int) -> None:
        super().__init__(
            operands=[tokens], result_types=[ASYNC_TOKEN], properties={self.COUNT: IntegerAttr(count, i32)}
        )

    @classmethod
    def parse(cls, parser: Parser) -> _WaitOp:
        names = []
        if (first := parser.parse_optional_unresolved_operand()) is not None:
            names = [first]
            while (name := parse_optional_comma_operand(parser)) is not None:
                names.append(name)
        attr_dict = parse_attributes(parser, cls)
        count = attr_dict.properties.get(cls.COUNT)
        if count is None:
            parser.raise_error(f"'{cls.name}' op requires attribute '{cls.COUNT}'")
        refuse(parser, cls.name, i32_problem(cls.name, cls.COUNT, count))
        assert isinstance(count, IntegerAttr)
        return finish(cls([parser.resolve_operand(n, ASYNC_TOKEN) for n in names], count.value.data), attr_dict)

    def print(self, printer: Printer) -> None:
        print_operands(printer, self.operands)
        print_attributes(printer, self)

    def verify_(self) -> None:
        check_problem(i32_problem(self.name, self.COUNT, self.properties[self.COUNT]))


@irdl_op_definition
class AsyncWaitOp(_WaitOp):
    """``%t = amdg.async_wait %t0 {num_inst = 1 : i32}``

    Waits until at most ``num_inst`` asynchronous copy instructions are outstanding (the
    AMD form of ``ttg.async_wait``, counting instructions rather than commit groups).
    """

    name = "amdg.async_wait"
    COUNT: ClassVar[str] = "num_inst"

    num_inst = prop_def(AnyAttr())


@irdl_op_definition
class AsyncTDMWaitOp(_WaitOp):
    """``%t = amdg.async_tdm_wait %t0 {num = 0 : i32}``

    Waits until at most ``num`` TDM operations are outstanding.  Without tokens it prints
    two spaces before the attributes, as Triton's format has no optional group there.
    """

    name = "amdg.async_tdm_wait"
    COUNT: ClassVar[str] = "num"

    num = prop_def(AnyAttr())

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        print_attributes(printer, self)


@irdl_op_definition
class AsyncTDMIntrinsicWaitOp(_WaitOp):
    """``%t = amdg.async_tdm_intrinsic_wait %t0 {count = 2 : i32}``

    Waits until at most ``count`` TDM instructions (not IR operations) are outstanding.
    """

    name = "amdg.async_tdm_intrinsic_wait"
    COUNT: ClassVar[str] = "count"

    count = prop_def(AnyAttr())


@irdl_op_definition
class CondBarrierOp(AMDGOp):
    """``amdg.cond_barrier %pred``: a block barrier for the threads where ``pred`` holds;
    the others must meet it later with ``amdg.cond_barrier %true``.  No memory fence."""

    name = "amdg.cond_barrier"

    pred = operand_def(I1)

    def __init__(self, pred: SSAValue) -> None:
        super().__init__(operands=[pred])

    @classmethod
    def parse(cls, parser: Parser) -> CondBarrierOp:
        pred = parser.parse_unresolved_operand()
        attr_dict = parse_attributes(parser, cls)
        return finish(cls(parser.resolve_operand(pred, i1)), attr_dict)

    def print(self, printer: Printer) -> None:
        print_operands(printer, [self.pred])
        print_attributes(printer, self)


class _ClusterBarrierOp(AMDGOp):
    """``amdg.cluster_barrier_<arrive|wait>``: a step of the barrier of a cluster of CTAs."""

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        if kernel_attributes(self).num_ctas <= 1:
            raise op_error(self, "requires ttg.num-ctas > 1")


@irdl_op_definition
class ClusterBarrierArriveOp(_ClusterBarrierOp):
    """``amdg.cluster_barrier_arrive``: this CTA arrives at its cluster's barrier."""

    name = "amdg.cluster_barrier_arrive"


@irdl_op_definition
class ClusterBarrierWaitOp(_ClusterBarrierOp):
    """``amdg.cluster_barrier_wait``: waits until every CTA of the cluster has arrived."""

    name = "amdg.cluster_barrier_wait"


class _MbarrierOp(AMDGOp):
    """``amdg.<op> %bar[, <count> | , %phase] attr-dict : <bar type>[ -> <result type>]``: an
    op on the mbarrier ``bar``, its first operand, with the ``i32`` ``count`` property or
    the ``phase`` operand when it has one."""

    @classmethod
    def parse(cls, parser: Parser) -> _MbarrierOp:
        definition = cls.get_irdl_definition()
        barrier = parser.parse_unresolved_operand()
        phase, properties = None, {}
        if "count" in definition.properties:
            expect(parser, ",")
            properties["count"] = IntegerAttr(parser.parse_integer(), i32)
        elif len(definition.operands) > 1:
            expect(parser, ",")
            phase = parser.parse_unresolved_operand()
        attr_dict = parse_attributes(parser, cls, ("count",))
        (barrier_type,), result_types = parse_signature(parser, 1, len(definition.results))
        operands = [parser.resolve_operand(barrier, barrier_type)]
        if phase is not None:
            operands.append(parser.resolve_operand(phase, i32))
        op = cls.build(operands=operands, result_types=result_types, properties=properties)
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        print_operands(printer, self.operands)
        if isinstance(count := self.properties.get("count"), IntegerAttr):
            printer.print_string(f", {count.value.data}")
        print_attributes(printer, self, ("count",))
        print_signature(printer, [self.operands[0].type], self.result_types)

    def verify_(self) -> None:
        check_barrier_type(self, memdesc_type(self.operands[0]))
        if isinstance(count := self.properties.get("count"), IntegerAttr) and count.value.data < 1:
            raise op_error(self, "count must be greater than or equal to 1")


@irdl_op_definition
class InitBarrierOp(_MbarrierOp):
    """``amdg.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Initialises the mbarrier ``bar`` to expect ``count`` arrivals per phase.
    """

    name = "amdg.init_barrier"

    alloc = operand_def(MEMDESC)
    count = prop_def(IntegerAttr[I32])

    traits = traits_def(WritesSharedMemory())

    def __init__(self, alloc: SSAValue, count: int) -> None:
        super().__init__(operands=[alloc], properties={"count": IntegerAttr(count, i32)})


@irdl_op_definition
class WaitBarrierOp(_MbarrierOp):
    """``amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Blocks until the mbarrier ``bar`` completes the phase of parity ``phase``.
    """

    name = "amdg.wait_barrier"

    alloc = operand_def(MEMDESC)
    phase = operand_def(I32_SCALAR)

    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(self, alloc: SSAValue, phase: SSAValue) -> None:
        super().__init__(operands=[alloc, phase])


@irdl_op_definition
class ArriveBarrierOp(_MbarrierOp):
    """``%parity = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32``

    Arrives ``count`` times at the mbarrier ``bar``; the result is the phase parity before.
    """

    name = "amdg.arrive_barrier"

    alloc = operand_def(MEMDESC)
    count = prop_def(IntegerAttr[I32])
    result = result_def(I32_SCALAR)

    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(self, alloc: SSAValue, count: int, result_type: Attribute = i32) -> None:
        super().__init__(operands=[alloc], result_types=[result_type], properties={"count": IntegerAttr(count, i32)})


@irdl_op_definition
class AsyncCopyMbarrierArriveOp(_MbarrierOp):
    """``amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Arrives once at the mbarrier ``bar`` when every asynchronous copy issued so far (TDM
    ones aside) has completed.
    """

    name = "amdg.async_copy_mbarrier_arrive"

    barrier = operand_def(MEMDESC)

    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(self, barrier: SSAValue) -> None:
        super().__init__(operands=[barrier])
