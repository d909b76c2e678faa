"""The meaning of each layout encoding, as plain frozen dataclasses; no xDSL here.

Each class validates its parameters with Triton's rules and messages on
construction (``EncodingError``) and reports the lanes, warps and CTAs it is
written for; the ``ttg`` dialect's attributes wrap these values.
"""

from layoutdialect.encodings.amd_mfma import AmdMfmaEncoding
from layoutdialect.encodings.amd_wmma import AmdWmmaEncoding
from layoutdialect.encodings.base import DistributedEncoding, EncodingError, SharedEncoding
from layoutdialect.encodings.blocked import BlockedEncoding
from layoutdialect.encodings.cga import CGALayout
from layoutdialect.encodings.dot_operand import DotOperandEncoding
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

__all__ = [
    "AMDRotatingSharedEncoding",
    "AmdMfmaEncoding",
    "AmdWmmaEncoding",
    "BlockedEncoding",
    "CGALayout",
    "DistributedEncoding",
    "DotOperandEncoding",
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
]
