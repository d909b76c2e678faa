"""The ``ttg`` encoding attributes, read and printed exactly as Triton 3.9's TTGIR.

Each attribute is a thin ``Data`` wrapper around the encoding value of
``layoutdialect.encodings`` that gives it meaning: parsing reads the body with
``layoutdialect.dialect.ttg.encoding_bodies`` (which builds, and so validates, that
value), printing writes Triton's keys in Triton's order with its defaults left out.
The CGA keys of Triton before 3.5 are printed as today's ``CGALayout``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from xdsl.ir import Data, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from layoutdialect.dialect.attribute_reader import XdslAttributeReader
from layoutdialect.dialect.syntax import format_bases, format_bool, format_ints, format_layout_bases
from layoutdialect.dialect.ttg.encoding_bodies import CGA_SPELLING, read_encoding_body
from layoutdialect.encodings import (
    AmdMfmaEncoding,
    AMDRotatingSharedEncoding,
    AmdWmmaEncoding,
    BlockedEncoding,
    CGALayout,
    DistributedEncoding,
    DotOperandEncoding,
    Encoding,
    EncodingError,
    GenericLinearEncoding,
    LinearEncoding,
    NvidiaMmaEncoding,
    NVMMASharedEncoding,
    PaddedSharedEncoding,
    PartitionedSharedEncoding,
    SharedEncoding,
    SharedLinearEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.amd_wmma import DEFAULT_INSTR_SHAPE
from layoutdialect.f2 import LinearLayout

__all__ = [
    "RETIRED_ATTRIBUTES",
    "AMDRotatingSharedEncodingAttr",
    "AmdMfmaEncodingAttr",
    "AmdWmmaEncodingAttr",
    "BlockedEncodingAttr",
    "DistributedEncodingAttr",
    "DotOperandEncodingAttr",
    "EncodingAttr",
    "GenericLinearEncodingAttr",
    "LinearEncodingAttr",
    "NVMMASharedEncodingAttr",
    "NvidiaMmaEncodingAttr",
    "PaddedSharedEncodingAttr",
    "PartitionedSharedEncodingAttr",
    "SharedEncodingAttr",
    "SharedLinearEncodingAttr",
    "SharedMemorySpaceAttr",
    "SliceEncodingAttr",
    "SwizzledSharedEncodingAttr",
    "encoding_attr",
]

E = TypeVar("E", bound=Encoding)
Linear = TypeVar("Linear", bound=LinearEncoding | GenericLinearEncoding)
Phased = TypeVar("Phased", bound=SwizzledSharedEncoding | AMDRotatingSharedEncoding)


class EncodingAttr(Data[E], Generic[E]):
    """A ``ttg`` layout encoding; ``data`` is its ``layoutdialect.encodings`` value.

    Subclasses write the body after the mnemonic in ``write``; it is read by the reader
    ``encoding_bodies`` has for the subclass's ``name``.
    """

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> E:
        start = parser.pos
        parser.parse_punctuation("<")
        encoding: E = read_encoding_body(cls.name, XdslAttributeReader(parser), start)  # type: ignore[assignment]
        parser.parse_punctuation(">")
        return encoding

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string("<")
        self.write(printer)
        printer.print_string(">")

    def write(self, printer: Printer) -> None:
        raise NotImplementedError

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout:
        """The encoding's exact layout at ``shape`` (see ``layoutdialect.to_linear_layout``)."""
        return to_linear_layout(self.data, shape)


class DistributedEncodingAttr(EncodingAttr[E], Generic[E]):
    """An encoding of tensors in registers; may be the parent of a slice or dot operand."""


class SharedEncodingAttr(EncodingAttr[E], Generic[E]):
    """An encoding of tiles in shared memory, used by ``!ttg.memdesc``."""


def encoding_attr(encoding: DistributedEncoding | SharedEncoding) -> EncodingAttr[Any]:
    """The attribute that prints ``encoding``."""
    attribute = _ATTRIBUTE_OF.get(type(encoding))
    if attribute is None:
        raise EncodingError(f"encoding_attr: encoding must be a TTGIR encoding, got {type(encoding).__name__}")
    return attribute(encoding)


def _write_cga(cga: CGALayout) -> str:
    return "" if cga.is_single else f", CGALayout = {format_bases(cga.bases)}"


RETIRED_ATTRIBUTES: dict[str, str] = {
    "ttg.blocked_layout": (
        "#ttg.blocked_layout is not a ttg attribute: did you mean #ttg.blocked<{...}>, with the same keys?"
    ),
    "ttg.cta_layout": "#ttg.cta_layout is not a ttg attribute: "
    + CGA_SPELLING.format(example=" (#ttg.blocked<{..., CGALayout = [[1, 0]]}>)"),
}
"""Why each ``ttg`` attribute name older Triton or its readers wrote is not read, with the
modern spelling; ``LocatingParser`` reports it at the name."""


@irdl_attr_definition
class BlockedEncodingAttr(DistributedEncodingAttr[BlockedEncoding]):
    """``#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>``"""

    name = "ttg.blocked"

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(
            f"{{sizePerThread = {format_ints(e.size_per_thread)}, threadsPerWarp = {format_ints(e.threads_per_warp)}, "
            f"warpsPerCTA = {format_ints(e.warps_per_cta)}, order = {format_ints(e.order)}{_write_cga(e.cga)}}}"
        )


@irdl_attr_definition
class NvidiaMmaEncodingAttr(DistributedEncodingAttr[NvidiaMmaEncoding]):
    """``#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>``

    Unknown keys are ignored, with a remark, as Triton 3.9 ignores them; the legacy
    ``CTAsPerCGA``/``CTASplitNum``/``CTAOrder``, which Triton 3.9 ignores too, are read as
    the Triton versions that wrote them meant them (see ``encoding_bodies``).
    """

    name = "ttg.nvidia_mma"

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(
            f"{{versionMajor = {e.version_major}, versionMinor = {e.version_minor}, "
            f"warpsPerCTA = {format_ints(e.warps_per_cta)}{_write_cga(e.cga)}, "
            f"instrShape = {format_ints(e.instr_shape)}}}"
        )


@irdl_attr_definition
class AmdMfmaEncodingAttr(DistributedEncodingAttr[AmdMfmaEncoding]):
    """``#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>``

    Unknown keys are ignored with a remark, and the legacy CGA keys read, as on ``#ttg.nvidia_mma``.
    """

    name = "ttg.amd_mfma"

    def write(self, printer: Printer) -> None:
        e = self.data
        tiles = "" if e.has_unit_tiles_per_warp else f", tilesPerWarp = {format_ints(e.tiles_per_warp)}"
        width = "" if e.element_bit_width == 32 else f", elementBitWidth = {e.element_bit_width}"
        printer.print_string(
            f"{{version = {e.version}, warpsPerCTA = {format_ints(e.warps_per_cta)}, "
            f"instrShape = {format_ints(e.instr_shape)}, isTransposed = {format_bool(e.is_transposed)}"
            f"{_write_cga(e.cga)}{tiles}{width}}}"
        )


@irdl_attr_definition
class AmdWmmaEncodingAttr(DistributedEncodingAttr[AmdWmmaEncoding]):
    """``#ttg.amd_wmma<{version = 2, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}}>``

    ``rank`` defaults to 2 and must match the length of every ``ctaLayout`` basis, as in
    Triton's parser; it is printed whenever it is not 2 (Triton's printer leaves it out,
    so Triton cannot read back its own rank-3 WMMA layouts).  ``warp`` is required and
    always printed (Triton's printer skips it when empty, which its parser then
    refuses); ``register`` is optional and printed when not empty.  Unknown keys are
    ignored with a remark, and the legacy CGA keys read, as on ``#ttg.nvidia_mma``.
    """

    name = "ttg.amd_wmma"

    def write(self, printer: Printer) -> None:
        e = self.data
        register = f"register = {format_bases(e.cta_register)}, " if e.cta_register else ""
        cta = f"{register}warp = {format_bases(e.cta_warp)}"
        instr = "" if e.instr_shape == DEFAULT_INSTR_SHAPE else f", instrShape = {format_ints(e.instr_shape)}"
        rank = "" if e.rank == 2 else f", rank = {e.rank}"
        printer.print_string(
            f"{{version = {e.version}, isTranspose = {format_bool(e.is_transpose)}, ctaLayout = {{{cta}}}"
            f"{_write_cga(e.cga)}{instr}{rank}}}"
        )


@irdl_attr_definition
class DotOperandEncodingAttr(DistributedEncodingAttr[DotOperandEncoding]):
    """``#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>``; ``kWidth = 0`` is not printed."""

    name = "ttg.dot_op"

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(f"{{opIdx = {e.op_idx}, parent = ")
        printer.print_attribute(encoding_attr(e.parent))
        printer.print_string(f", kWidth = {e.k_width}}}" if e.k_width else "}")


@irdl_attr_definition
class SliceEncodingAttr(DistributedEncodingAttr[SliceEncoding]):
    """``#ttg.slice<{dim = 1, parent = #blocked}>``; other keys are ignored with a remark, as
    Triton 3.9 ignores them (the CTAs are the parent's)."""

    name = "ttg.slice"

    def write(self, printer: Printer) -> None:
        printer.print_string(f"{{dim = {self.data.dim}, parent = ")
        printer.print_attribute(encoding_attr(self.data.parent))
        printer.print_string("}")


class _LinearLayoutEncodingAttr(DistributedEncodingAttr[Linear], Generic[Linear]):
    """The body ``{register = [..], lane = [..], warp = [..], block = [..]}``; other keys
    are ignored with a remark, as Triton 3.9 ignores them."""

    def write(self, printer: Printer) -> None:
        printer.print_string(f"{{{format_layout_bases(self.data.layout)}}}")


@irdl_attr_definition
class LinearEncodingAttr(_LinearLayoutEncodingAttr[LinearEncoding]):
    """``#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>``"""

    name = "ttg.linear"


@irdl_attr_definition
class GenericLinearEncodingAttr(_LinearLayoutEncodingAttr[GenericLinearEncoding]):
    """``#ttg.generic_linear<{...}>``: as ``#ttg.linear``, with swizzled warps allowed."""

    name = "ttg.generic_linear"


class _PhasedSharedEncodingAttr(SharedEncodingAttr[Phased], Generic[Phased]):
    """The body ``{vec = V, perPhase = P, maxPhase = M, order = [..](, CGALayout = [[..]])?}``."""

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(
            f"{{vec = {e.vec}, perPhase = {e.per_phase}, maxPhase = {e.max_phase}, "
            f"order = {format_ints(e.order)}{_write_cga(e.cga)}}}"
        )


@irdl_attr_definition
class SwizzledSharedEncodingAttr(_PhasedSharedEncodingAttr[SwizzledSharedEncoding]):
    """``#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>``"""

    name = "ttg.swizzled_shared"


@irdl_attr_definition
class AMDRotatingSharedEncodingAttr(_PhasedSharedEncodingAttr[AMDRotatingSharedEncoding]):
    """``#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>``"""

    name = "ttg.amd_rotating_shared"


@irdl_attr_definition
class NVMMASharedEncodingAttr(SharedEncodingAttr[NVMMASharedEncoding]):
    """``#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>``

    The rank is 2 unless ``rank = R``, the ``CGALayout`` entries or the legacy CGA keys
    say otherwise.
    """

    name = "ttg.nvmma_shared"

    def write(self, printer: Printer) -> None:
        e = self.data
        fp4 = ", fp4Padded = true" if e.fp4_padded else ""
        shape = f", rank = {e.rank}" if e.cga.is_single and e.rank != 2 else _write_cga(e.cga)
        printer.print_string(
            f"{{swizzlingByteWidth = {e.swizzling_byte_width}, transposed = {format_bool(e.transposed)}, "
            f"elementBitWidth = {e.element_bit_width}{fp4}{shape}}}"
        )


@irdl_attr_definition
class SharedLinearEncodingAttr(SharedEncodingAttr[SharedLinearEncoding]):
    """``#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>``"""

    name = "ttg.shared_linear"

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(f"{{{format_layout_bases(e.layout, skip_empty=('block',))}}}, alignment = {e.alignment}")


@irdl_attr_definition
class PaddedSharedEncodingAttr(SharedEncodingAttr[PaddedSharedEncoding]):
    """``#ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256]}>``, or with an explicit
    linear component ``{offset = [[..]], block = []}``, whose ``block`` bases place the CTAs
    (the legacy CGA keys are an error, as in Triton 3.9)."""

    name = "ttg.padded_shared"

    def write(self, printer: Printer) -> None:
        e = self.data
        pairs = ", ".join(f"{i}:+{p}" for i, p in zip(e.intervals, e.paddings))
        if e.is_order_form:
            shape = [size for _, size in e.linear_component.out_dims]
            body = f"order = {format_ints(e.order)}, shape = {format_ints(shape)}"
        else:
            body = format_layout_bases(e.linear_component)
        printer.print_string(f"[{pairs}] {{{body}}}")


@irdl_attr_definition
class PartitionedSharedEncodingAttr(SharedEncodingAttr[PartitionedSharedEncoding]):
    """``#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #shared}>``"""

    name = "ttg.partitioned_shared"

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(
            f"{{numPartitions = {e.num_partitions}, numGroups = {e.num_groups}, "
            f"partitionDim = {e.partition_dim}, partitionLayout = "
        )
        printer.print_attribute(encoding_attr(e.partition_layout))
        printer.print_string("}")


@irdl_attr_definition
class SharedMemorySpaceAttr(ParametrizedAttribute):
    """``#ttg.shared_memory``: the memory space of shared-memory descriptors."""

    name = "ttg.shared_memory"


_ATTRIBUTE_OF: dict[type, type[EncodingAttr[Any]]] = {
    BlockedEncoding: BlockedEncodingAttr,
    NvidiaMmaEncoding: NvidiaMmaEncodingAttr,
    AmdMfmaEncoding: AmdMfmaEncodingAttr,
    AmdWmmaEncoding: AmdWmmaEncodingAttr,
    DotOperandEncoding: DotOperandEncodingAttr,
    SliceEncoding: SliceEncodingAttr,
    LinearEncoding: LinearEncodingAttr,
    GenericLinearEncoding: GenericLinearEncodingAttr,
    SwizzledSharedEncoding: SwizzledSharedEncodingAttr,
    AMDRotatingSharedEncoding: AMDRotatingSharedEncodingAttr,
    NVMMASharedEncoding: NVMMASharedEncodingAttr,
    SharedLinearEncoding: SharedLinearEncodingAttr,
    PaddedSharedEncoding: PaddedSharedEncodingAttr,
    PartitionedSharedEncoding: PartitionedSharedEncodingAttr,
}
