"""The cluster ops of upstream MLIR's ``nvvm`` that distributed shared memory needs: the
CTA's rank in its cluster, ``mapa`` (a shared-memory address in another CTA of the
cluster) and the cluster barrier, split as PTX splits it into arrive and wait.

    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %remote = nvvm.mapa %ptr, %rank : !llvm.ptr<3> -> !llvm.ptr<7>
    nvvm.cluster.arrive {aligned}
    nvvm.cluster.wait {aligned}

A load through the ``!llvm.ptr<7>`` (``llvm.load``) is PTX's ``ld.shared::cluster``.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import I32, IntAttr, UnitAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, ParsePropInAttrDict, irdl_op_definition, operand_def, opt_prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.upstream.nvgpu.ops import SHARED_MEMORY_SPACE

__all__ = [
    "CLUSTER_SHARED_MEMORY_SPACE",
    "ClusterArriveOp",
    "ClusterCtaRankOp",
    "ClusterWaitOp",
    "MapaOp",
    "cluster_barrier",
]

CLUSTER_SHARED_MEMORY_SPACE = 7
"""NVPTX's address space of shared memory anywhere in the cluster (``.shared::cluster``)."""


@irdl_op_definition
class ClusterCtaRankOp(IRDLOperation):
    """PTX ``%cluster_ctarank``: this CTA's rank in its cluster."""

    name = "nvvm.read.ptx.sreg.cluster.ctarank"

    res = result_def(I32)

    assembly_format = "attr-dict `:` type($res)"

    def __init__(self) -> None:
        super().__init__(result_types=[i32])


@irdl_op_definition
class MapaOp(IRDLOperation):
    """PTX ``mapa.shared::cluster``: the address ``a`` (this CTA's shared memory) has in the
    shared memory of the cluster's CTA of rank ``b``."""

    name = "nvvm.mapa"

    a = operand_def(llvm.LLVMPointerType)
    b = operand_def(I32)
    res = result_def(llvm.LLVMPointerType)

    assembly_format = "$a `,` $b attr-dict `:` type($a) `->` type($res)"

    def __init__(self, pointer: SSAValue, rank: SSAValue) -> None:
        super().__init__(
            operands=[pointer, rank], result_types=[llvm.LLVMPointerType(IntAttr(CLUSTER_SHARED_MEMORY_SPACE))]
        )

    def verify_(self) -> None:
        """Upstream's constraint: a shared pointer in, a cluster-shared pointer out."""
        spaces = [t.addr_space for t in (self.a.type, self.res.type) if isinstance(t, llvm.LLVMPointerType)]
        if [s.data if isinstance(s, IntAttr) else None for s in spaces] != [
            SHARED_MEMORY_SPACE,
            CLUSTER_SHARED_MEMORY_SPACE,
        ]:
            raise VerifyException(
                f"'{self.name}' op maps an !llvm.ptr<{SHARED_MEMORY_SPACE}> to an "
                f"!llvm.ptr<{CLUSTER_SHARED_MEMORY_SPACE}>, not {self.a.type} to {self.res.type}"
            )


class _ClusterBarrierStep(IRDLOperation):
    """One half of PTX's ``barrier.cluster``, with its ``.aligned`` flag (every thread of
    the warp executes it together)."""

    aligned = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"

    def __init__(self, aligned: bool = True) -> None:
        super().__init__(properties={"aligned": UnitAttr()} if aligned else {})


@irdl_op_definition
class ClusterArriveOp(_ClusterBarrierStep):
    """PTX ``barrier.cluster.arrive{.aligned}``: this thread's prior accesses are released to
    the cluster."""

    name = "nvvm.cluster.arrive"


@irdl_op_definition
class ClusterWaitOp(_ClusterBarrierStep):
    """PTX ``barrier.cluster.wait{.aligned}``: wait until every thread of the cluster has
    arrived; their released accesses are then visible."""

    name = "nvvm.cluster.wait"


def cluster_barrier() -> tuple[ClusterArriveOp, ClusterWaitOp]:
    """The cluster barrier Triton emits (``ClusterBarrierOp``): an aligned arrive, then wait."""
    return ClusterArriveOp(), ClusterWaitOp()
