"""mbarriers and fences: ``ttng.init_barrier``, ``inval_barrier``, ``barrier_expect``,
``wait_barrier``, ``arrive_barrier``, ``async_copy_mbarrier_arrive``, the cluster-wide
``fence_mbarrier_init_release_cluster`` and ``cluster_barrier``, ``fence_async_shared``,
and Blackwell's cluster launch control (``clc_*``).

An mbarrier is a ``!ttg.memdesc<Nxi64, ...>`` in shared memory, one word per CTA that
holds a copy (``N`` at most the kernel's CTAs).  These ops touch no tensor layouts; they
have side effects, so none of them is dead code.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I32, BoolAttr, IntegerAttr, IntegerType, UnitAttr, i1, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.enums import PROGRAM_DIMS, check_enum, enum_keyword, parse_enum
from layoutdialect.dialect.memory_resources import ReadsSharedMemory, WritesSharedMemory
from layoutdialect.dialect.syntax import format_bases
from layoutdialect.dialect.ttg.custom_format import memdesc_type
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttg.tensors import encoding_of
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.dialect.ttng.ops import TTNGOp
from layoutdialect.encodings import (
    CGALayout,
    Encoding,
    EncodingError,
    SharedLinearEncoding,
    SliceEncoding,
    to_linear_layout,
)
from layoutdialect.f2 import LinearLayoutError

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "ArriveBarrierOp",
    "AsyncCopyMbarrierArriveOp",
    "BarrierExpectOp",
    "CLCGetProgramIdOp",
    "CLCIsCanceledOp",
    "CLCLoadResultOp",
    "CLCTryCancelOp",
    "ClusterBarrierOp",
    "FenceAsyncSharedOp",
    "FenceMBarrierInitReleaseClusterOp",
    "InitBarrierOp",
    "InvalBarrierOp",
    "WaitBarrierOp",
    "cga_bases",
    "check_barrier_cga",
    "check_barrier_type",
    "identity_cga",
]

i128 = IntegerType(128)

CGABases = tuple[tuple[int, ...], ...]
"""A ``CGALayout``'s bases: where each CTA bit moves the tile, low bit first."""


def _num_ctas(op: Operation) -> int:
    return kernel_attributes(op).num_ctas


def _block_bases(barrier: MemDescType) -> list[int] | None:
    """Which word of a rank-1 barrier each CTA bit moves to (its linear layout's ``block``
    bases), or ``None`` when the encoding has no linear layout to ask."""
    encoding = encoding_of(barrier)
    if encoding is None:
        return None
    try:
        layout = to_linear_layout(encoding, list(barrier.shape))
    except (EncodingError, LinearLayoutError):
        return None
    return [basis[0] for basis in dict(layout.bases).get("block", [])]


def check_barrier_type(op: Operation, barrier: MemDescType) -> None:
    """Triton's ``verifyBarrierType``: an ``Nxi64`` descriptor with ``N`` at most the
    kernel's CTAs, whose CTAs each hold one word, or share one (bases 1, 2, 4, ... with
    zeros between)."""
    element = barrier.element_type
    if not (
        isinstance(element, IntegerType)
        and element.width.data == 64
        and len(barrier.shape) == 1
        and barrier.shape[0] <= _num_ctas(op)
    ):
        raise VerifyException(
            f"'{op.name}' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs"
        )
    expected = 1
    for basis in _block_bases(barrier) or []:
        if basis not in (0, expected):
            raise VerifyException(
                f"'{op.name}' op broadcasted cluster barriers require bases to be the sequence 1, 2, 4, 8, ... "
                "perhaps with zero bases interleaved."
            )
        if basis:
            expected *= 2


def cga_bases(encoding: Encoding | None) -> CGABases | None:
    """Triton's ``getCGALayout`` as ``block`` bases, a slice's being its parent's without
    the sliced dim; ``None`` for no encoding or one without a ``CGALayout`` (a distributed
    linear one), which is not checked."""
    if isinstance(encoding, SliceEncoding):
        parent = cga_bases(encoding.parent)
        return None if parent is None else tuple(b[: encoding.dim] + b[encoding.dim + 1 :] for b in parent)
    if isinstance(encoding, SharedLinearEncoding):
        return tuple(tuple(b) for b in dict(encoding.layout.bases).get("block", []))
    cga = getattr(encoding, "cga", None)
    return cga.bases if isinstance(cga, CGALayout) else None


def identity_cga(num_ctas: int) -> CGABases:
    """``CGAEncodingAttr::get1DLayout``: CTA bit ``i`` holds word ``2**i``."""
    return tuple((1 << i,) for i in range(num_ctas.bit_length() - 1))


def check_barrier_cga(op: Operation, barrier: MemDescType, what: str, allowed: Sequence[CGABases]) -> None:
    """Triton's ``verifyBarrierCGALayout``: the barrier's CGA layout, where it has one, is
    one of ``allowed``; ``what`` names the barrier in the message."""
    actual = cga_bases(encoding_of(barrier))
    if actual is not None and actual not in allowed:
        raise VerifyException(
            f"'{op.name}' op {what} cga_layout must be {' or '.join(map(format_bases, allowed))}, "
            f"got {format_bases(actual)}"
        )


def _check_count(op: Operation, count: IntegerAttr) -> None:
    if count.value.data < 1:
        raise VerifyException(f"'{op.name}' op count must be greater than or equal to 1")


def _check_from_cta(op: Operation, barrier: MemDescType, from_cta: IntegerAttr | None) -> None:
    """Triton's ``verifyBarrierFromCTA``: ``fromCTA`` names a CTA of the cluster, and the
    barrier holds one word per CTA, in the canonical CGA layout."""
    if from_cta is None:
        return
    num_ctas = _num_ctas(op)
    if from_cta.value.data % (1 << 32) >= num_ctas:
        raise VerifyException(f"'{op.name}' op fromCTA must be in the range [0, num_ctas - 1]")
    if barrier.shape != (num_ctas,) or cga_bases(encoding_of(barrier)) not in (None, identity_cga(num_ctas)):
        raise VerifyException(
            f"'{op.name}' op fromCTA requires a 1D barrier with one element per CTA and canonical CGA layout"
        )


def _inside_warp_specialize(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if parent.name == "ttg.warp_specialize":
            return True
        parent = parent.parent_op()
    return False


def _check_multi_cta(op: Operation) -> None:
    """Triton's ``verifyClusterIsMultiCTA``."""
    if _num_ctas(op) <= 1:
        raise VerifyException(f"'{op.name}' op requires ttg.num-ctas > 1")


@irdl_op_definition
class InitBarrierOp(TTNGOp):
    """``ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Initialises the mbarrier to expect ``count`` arrivals per phase.
    """

    name = "ttng.init_barrier"

    alloc = operand_def(MemDescType)
    count = prop_def(IntegerAttr[I32])

    assembly_format = "$alloc `,` $count attr-dict `:` type($alloc)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesSharedMemory())

    def __init__(self, alloc: SSAValue, count: int) -> None:
        super().__init__(operands=[alloc], properties={"count": IntegerAttr(count, i32)})

    def verify_(self) -> None:
        barrier = memdesc_type(self.alloc)
        check_barrier_type(self, barrier)
        _check_count(self, self.count)
        if barrier.shape[0] != _num_ctas(self) and _inside_warp_specialize(self):
            raise VerifyException(f"'{self.name}' op cannot be used inside `ttg.warp_specialize`")


@irdl_op_definition
class InvalBarrierOp(TTNGOp):
    """``ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>``: the
    mbarrier's memory may be reused."""

    name = "ttng.inval_barrier"

    alloc = operand_def(MemDescType)

    assembly_format = "$alloc attr-dict `:` type($alloc)"
    traits = traits_def(WritesSharedMemory())

    def __init__(self, alloc: SSAValue) -> None:
        super().__init__(operands=[alloc])

    def verify_(self) -> None:
        check_barrier_type(self, memdesc_type(self.alloc))


@irdl_op_definition
class BarrierExpectOp(TTNGOp):
    """``ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>``

    Where ``pred`` holds, the mbarrier's current phase also waits for ``size`` bytes of
    asynchronous copies; ``fromCTA`` picks the CTA that signals each CTA's barrier.
    """

    name = "ttng.barrier_expect"

    alloc = operand_def(MemDescType)
    size = prop_def(IntegerAttr[I32])
    pred = operand_def(i1)
    from_cta = opt_prop_def(IntegerAttr[I32], prop_name="fromCTA")

    assembly_format = "$alloc `,` $size attr-dict `,` $pred `:` type($alloc)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesSharedMemory())

    def __init__(self, alloc: SSAValue, size: int, pred: SSAValue) -> None:
        super().__init__(operands=[alloc, pred], properties={"size": IntegerAttr(size, i32)})

    def verify_(self) -> None:
        barrier = memdesc_type(self.alloc)
        check_barrier_type(self, barrier)
        _check_from_cta(self, barrier, self.from_cta)


@irdl_op_definition
class WaitBarrierOp(TTNGOp):
    """``ttng.wait_barrier %bar, %phase[, %pred] [deps %buf, ...] : !ttg.memdesc<1xi64, ...>[, <deps' types>]``

    Blocks until the mbarrier completes the phase of parity ``phase``; the buffers in
    ``deps`` may be in use until then.
    """

    name = "ttng.wait_barrier"

    alloc = operand_def(MemDescType)
    phase = operand_def(i32)
    pred = opt_operand_def(i1)
    deps = var_operand_def(MemDescType)

    assembly_format = "$alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` type($alloc) (`,` type($deps)^)?"
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(
        self, alloc: SSAValue, phase: SSAValue, pred: SSAValue | None = None, deps: Sequence[SSAValue] = ()
    ) -> None:
        super().__init__(operands=[alloc, phase, [] if pred is None else [pred], deps])

    def verify_(self) -> None:
        check_barrier_type(self, memdesc_type(self.alloc))


@irdl_op_definition
class ArriveBarrierOp(TTNGOp):
    """``ttng.arrive_barrier %bar, 1[, %pred] {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, ...>``

    Counts ``count`` arrivals on the mbarrier (where ``pred`` holds); a non-zero
    ``multicastCTA`` mask arrives on the barriers of the CTAs that differ from this one
    only in its bits, and ``fromCTA`` picks the CTA that signals each CTA's barrier.
    """

    name = "ttng.arrive_barrier"

    alloc = operand_def(MemDescType)
    count = prop_def(IntegerAttr[I32])
    pred = opt_operand_def(i1)
    from_cta = opt_prop_def(IntegerAttr[I32], prop_name="fromCTA")
    multicast_cta = opt_prop_def(IntegerAttr[I32], IntegerAttr(0, i32), prop_name="multicastCTA")

    assembly_format = "$alloc `,` $count (`,` $pred^)? attr-dict `:` type($alloc)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(ReadsSharedMemory(), WritesSharedMemory())

    def __init__(self, alloc: SSAValue, count: int, pred: SSAValue | None = None) -> None:
        super().__init__(
            operands=[alloc, [] if pred is None else [pred]], properties={"count": IntegerAttr(count, i32)}
        )

    @property
    def multicast_mask(self) -> int:
        """The ``multicastCTA`` mask, 0 (no multicast) when absent."""
        return 0 if self.multicast_cta is None else self.multicast_cta.value.data % (1 << 32)

    def verify_(self) -> None:
        barrier = memdesc_type(self.alloc)
        check_barrier_type(self, barrier)
        _check_count(self, self.count)
        num_ctas = _num_ctas(self)
        if self.multicast_mask:
            if num_ctas <= 1:
                raise VerifyException(f"'{self.name}' op multicast arrive requires num_ctas > 1")
            if self.multicast_mask > num_ctas - 1:
                raise VerifyException(f"'{self.name}' op multicastCTA exceeds numCTAs - 1")
            check_barrier_cga(self, barrier, "multicast barrier", [identity_cga(num_ctas)])
        _check_from_cta(self, barrier, self.from_cta)
        if self.multicast_mask and self.from_cta is not None and self.from_cta.value.data != num_ctas - 1:
            raise VerifyException(f"'{self.name}' op fromCTA cannot be combined with multicast arrive")


@irdl_op_definition
class AsyncCopyMbarrierArriveOp(TTNGOp):
    """``ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, ...>``:
    arrives on the mbarrier once this thread's earlier ``cp.async`` copies complete."""

    name = "ttng.async_copy_mbarrier_arrive"

    barrier = operand_def(MemDescType)
    no_increment = opt_prop_def(UnitAttr, prop_name="noIncrement")

    assembly_format = "$barrier attr-dict `:` type($barrier)"
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(WritesSharedMemory())

    def __init__(self, barrier: SSAValue, no_increment: bool = False) -> None:
        super().__init__(operands=[barrier], properties={"noIncrement": UnitAttr()} if no_increment else {})


@irdl_op_definition
class FenceAsyncSharedOp(TTNGOp):
    """``ttng.fence_async_shared {bCluster = false}``: orders this thread's shared-memory
    accesses before later asynchronous-proxy ones (TMA, wgmma), CTA- or cluster-wide."""

    name = "ttng.fence_async_shared"

    b_cluster = opt_prop_def(BoolAttr, prop_name="bCluster")

    assembly_format = "attr-dict"
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, b_cluster: bool = False) -> None:
        super().__init__(properties={"bCluster": IntegerAttr(int(b_cluster), i1)})

    def verify_(self) -> None:
        if self.b_cluster is None:
            raise VerifyException(f"'{self.name}' op requires attribute 'bCluster'")


@irdl_op_definition
class FenceMBarrierInitReleaseClusterOp(TTNGOp):
    """``ttng.fence_mbarrier_init_release_cluster``: makes earlier ``init_barrier``\\ s
    visible to the other CTAs of the cluster."""

    name = "ttng.fence_mbarrier_init_release_cluster"

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        _check_multi_cta(self)


@irdl_op_definition
class ClusterBarrierOp(TTNGOp):
    """``ttng.cluster_barrier {relaxed = true}``: every warp of every CTA of the cluster
    waits for the others (an arrive and a wait, with relaxed memory ordering if asked)."""

    name = "ttng.cluster_barrier"

    relaxed = prop_def(BoolAttr, IntegerAttr(0, i1))

    assembly_format = "attr-dict"
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, relaxed: bool = False) -> None:
        super().__init__(properties={"relaxed": IntegerAttr(int(relaxed), i1)})

    def verify_(self) -> None:
        _check_multi_cta(self)
        function = self.parent_op()
        while function is not None and function.name not in ("tt.func", "func.func", "llvm.func"):
            function = function.parent_op()
        if function is None:
            raise VerifyException(f"'{self.name}' op must be inside a kernel function")
        if _is_kernel(function) or (function.name == "tt.func" and not _is_noinline(function)):
            return
        raise VerifyException(f"'{self.name}' op must be inside a kernel function")


def _is_kernel(function: Operation) -> bool:
    """Triton's ``isKernel``: a public function."""
    visibility = function.properties.get("sym_visibility", function.attributes.get("sym_visibility"))
    return visibility is None or getattr(visibility, "data", None) == "public"


def _is_noinline(function: Operation) -> bool:
    flag = function.properties.get("noinline", function.attributes.get("noinline"))
    return isinstance(flag, IntegerAttr) and bool(flag.value.data)


def _check_clc_result(op: Operation, result: MemDescType) -> None:
    """Triton's ``verifyCLCResultMemdesc``: a ``2xi64`` buffer that every CTA holds whole."""
    element = result.element_type
    if not (isinstance(element, IntegerType) and element.width.data == 64):
        raise VerifyException(f"Expected CLC result buffer to have type int64, but got'{element}'")
    if result.shape != (2,):
        shape = ", ".join(map(str, result.shape))
        raise VerifyException(
            f"Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got {shape}."
        )
    bases = cga_bases(encoding_of(result)) or ()
    if any(any(b) for b in bases):
        raise VerifyException(f"Expected CLC result buffer cga_layout bases to be all zeros. Got {format_bases(bases)}")


@irdl_op_definition
class CLCTryCancelOp(TTNGOp):
    """``ttng.clc_try_cancel %result, %bar : !ttg.memdesc<2xi64, ...>, !ttg.memdesc<1xi64, ...>``

    Asks cluster launch control to cancel a cluster not yet launched; the 16-byte answer
    lands in ``result`` and completes on the mbarrier.
    """

    name = "ttng.clc_try_cancel"

    result = operand_def(MemDescType)
    mbarrier = operand_def(MemDescType)

    assembly_format = "$result `,` $mbarrier attr-dict `:` type($result) `,` type($mbarrier)"
    traits = traits_def(WritesSharedMemory())

    def verify_(self) -> None:
        _check_clc_result(self, memdesc_type(self.result))
        barrier = memdesc_type(self.mbarrier)
        check_barrier_type(self, barrier)
        check_barrier_cga(self, barrier, "completion barrier", [identity_cga(_num_ctas(self))])


@irdl_op_definition
class CLCLoadResultOp(TTNGOp):
    """``%r = ttng.clc_load_result %result : !ttg.memdesc<2xi64, ...> -> i128``: the
    cluster launch control answer, read into registers."""

    name = "ttng.clc_load_result"

    src = operand_def(MemDescType)
    clc_result = result_def(i128)

    assembly_format = "$src attr-dict `:` type($src) `->` type($clc_result)"
    traits = traits_def(ReadsSharedMemory())

    def verify_(self) -> None:
        _check_clc_result(self, memdesc_type(self.src))


@irdl_op_definition
class CLCIsCanceledOp(TTNGOp):
    """``%c = ttng.clc_is_canceled %r : i128 -> i1``: whether the answer cancelled a cluster."""

    name = "ttng.clc_is_canceled"

    clc_result = operand_def(i128)
    is_canceled = result_def(i1)

    assembly_format = "$clc_result attr-dict `:` type($clc_result) `->` type($is_canceled)"
    traits = traits_def(Pure())


@irdl_op_definition
class CLCGetProgramIdOp(TTNGOp):
    """``%x = ttng.clc_get_program_id %r, x : i128 -> i32``: the cancelled cluster's
    program index along a launch-grid axis."""

    name = "ttng.clc_get_program_id"

    clc_result = operand_def(i128)
    dim = prop_def(IntegerAttr[I32])
    result = result_def(i32)

    traits = traits_def(Pure())

    def __init__(self, clc_result: SSAValue, dim: int) -> None:
        super().__init__(operands=[clc_result], properties={"dim": IntegerAttr(dim, i32)}, result_types=[i32])

    @classmethod
    def parse(cls, parser: Parser) -> CLCGetProgramIdOp:
        operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dim = parse_enum(parser, cls.name, "dim", PROGRAM_DIMS)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        operand_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(operand, operand_type)],
            result_types=[result_type],
            properties={"dim": dim},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.clc_result)
        printer.print_string(f", {enum_keyword(PROGRAM_DIMS, self.dim)}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.clc_result.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        check_enum(self, "dim", PROGRAM_DIMS)


OPS: list[type[Operation]] = [
    InitBarrierOp,
    InvalBarrierOp,
    BarrierExpectOp,
    WaitBarrierOp,
    ArriveBarrierOp,
    AsyncCopyMbarrierArriveOp,
    FenceAsyncSharedOp,
    FenceMBarrierInitReleaseClusterOp,
    ClusterBarrierOp,
    CLCTryCancelOp,
    CLCLoadResultOp,
    CLCIsCanceledOp,
    CLCGetProgramIdOp,
]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""
