"""``nvvm`` as conversions use it: upstream MLIR's ``nvvm.stmatrix`` and the attributes it
takes (xDSL has no ``nvvm``), ``shared_pointer``, the ops making its address, and the
cluster ops of distributed shared memory (``mapa``, the CTA rank, the cluster barrier), and
the byte permute ``nvvm.prmt``, and the CTA barrier ``nvvm.barrier``."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.upstream.nvvm.barrier import BarrierOp
from layoutdialect.dialect.upstream.nvvm.cluster import (
    CLUSTER_SHARED_MEMORY_SPACE,
    ClusterArriveOp,
    ClusterCtaRankOp,
    ClusterWaitOp,
    MapaOp,
    cluster_barrier,
)
from layoutdialect.dialect.upstream.nvvm.ops import (
    LdStMatrixEltType,
    LdStMatrixEltTypeAttr,
    LdStMatrixShapeAttr,
    MMALayout,
    MMALayoutAttr,
    StMatrixOp,
    shared_pointer,
)
from layoutdialect.dialect.upstream.nvvm.permute import PermuteMode, PermuteModeAttr, PermuteOp

__all__ = [
    "CLUSTER_SHARED_MEMORY_SPACE",
    "NVVM",
    "BarrierOp",
    "ClusterArriveOp",
    "ClusterCtaRankOp",
    "ClusterWaitOp",
    "MapaOp",
    "cluster_barrier",
    "LdStMatrixEltType",
    "LdStMatrixEltTypeAttr",
    "LdStMatrixShapeAttr",
    "MMALayout",
    "MMALayoutAttr",
    "PermuteMode",
    "PermuteModeAttr",
    "PermuteOp",
    "StMatrixOp",
    "shared_pointer",
]

NVVM = Dialect(
    "nvvm",
    [StMatrixOp, ClusterCtaRankOp, MapaOp, ClusterArriveOp, ClusterWaitOp, PermuteOp, BarrierOp],
    [MMALayoutAttr, LdStMatrixShapeAttr, LdStMatrixEltTypeAttr, PermuteModeAttr],
)
