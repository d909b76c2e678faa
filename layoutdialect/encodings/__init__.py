"""The meaning of each layout encoding, as plain frozen dataclasses; no xDSL here.

Each class validates its parameters with Triton's rules and messages on
construction (``EncodingError``), reports the lanes, warps and CTAs it is
written for, and gives its exact F2 layout at any shape (``to_linear_layout``);
the ``ttg`` dialect's attributes wrap these values.
"""

from layoutdialect.encodings.amd_mfma import AmdMfmaEncoding
from layoutdialect.encodings.amd_wmma import AmdWmmaEncoding
from layoutdialect.encodings.base import DistributedEncoding, DotParentEncoding, Encoding, EncodingError, SharedEncoding
from layoutdialect.encodings.blocked import BlockedEncoding
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.encodings.dot_operand import DotOperandEncoding, UnexpectedParentError
from layoutdialect.encodings.layout_properties import (
    contiguity_per_thread,
    elements_per_thread,
    order,
    thread_order,
    threads_per_warp,
    warp_order,
    warps_per_cta,
)
from layoutdialect.encodings.linear import GenericLinearEncoding, LinearEncoding
from layoutdialect.encodings.nvidia_mma import NvidiaMmaEncoding
from layoutdialect.encodings.shared import (
    AMDRotatingSharedEncoding,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedLinearEncoding,
    SwizzledSharedEncoding,
)
from layoutdialect.encodings.slice import SliceEncoding
from layoutdialect.encodings.to_linear import to_linear_layout

__all__ = [
    "AMDRotatingSharedEncoding",
    "AmdMfmaEncoding",
    "AmdWmmaEncoding",
    "BlockedEncoding",
    "CGALayout",
    "DistributedEncoding",
    "DotOperandEncoding",
    "DotParentEncoding",
    "Encoding",
    "EncodingError",
    "GenericLinearEncoding",
    "LinearEncoding",
    "NVMMASharedEncoding",
    "NvidiaMmaEncoding",
    "PaddedSharedEncoding",
    "PartitionedSharedEncoding",
    "SharedEncoding",
    "SharedLinearEncoding",
    "SliceEncoding",
    "SwizzledSharedEncoding",
    "UnexpectedParentError",
    "contiguity_per_thread",
    "elements_per_thread",
    "order",
    "thread_order",
    "threads_per_warp",
    "to_linear_layout",
    "warp_order",
    "warps_per_cta",
]
