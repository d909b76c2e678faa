"""The ``ttg`` encoding attributes, read and printed exactly as Triton 3.9's TTGIR.

Each attribute is a thin ``Data`` wrapper around the encoding value of
``layoutdialect.encodings`` that gives it meaning: parsing builds (and so
validates) that value, printing writes Triton's keys in Triton's order with its
defaults left out.  Invalid parameters are reported at the attribute's text.

The CGA keys of Triton before 3.5 (``CTAsPerCGA``/``CTASplitNum``/``CTAOrder``) are read
as those versions meant them and printed as today's ``CGALayout``, with a remark; the
keys an encoding does not have are an error, or, on the encodings whose unknown keys
Triton 3.9 ignores, ignored with a remark.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from xdsl.ir import Data, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.lexer import Span

from layoutdialect.dialect.syntax import (
    ValueParser,
    build,
    format_bases,
    format_bool,
    format_ints,
    format_layout_bases,
    get_all_bases,
    get_bases,
    get_bool,
    get_dict,
    get_int,
    get_ints,
    parse_attribute,
    parse_bases,
    parse_bool,
    parse_dict,
    parse_int,
    parse_ints,
    parse_unsigned,
    require,
)
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
    UnexpectedParentError,
    to_linear_layout,
)
from layoutdialect.encodings.amd_wmma import DEFAULT_INSTR_SHAPE
from layoutdialect.encodings.base import layout_from_bases
from layoutdialect.encodings.linear import DISTRIBUTED_IN_DIMS
from layoutdialect.encodings.shared import SHARED_IN_DIMS
from layoutdialect.f2 import LinearLayout, is_power_of_two
from layoutdialect.ir.diagnostics import SourceLocation

__all__ = [
    "LEGACY_CGA_KEYS",
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

    Subclasses read the body after the mnemonic in ``read`` and write it in ``write``.
    """

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> E:
        start = parser.pos
        parser.parse_punctuation("<")
        encoding = cls.read(parser, start)
        parser.parse_punctuation(">")
        return encoding

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> E:
        raise NotImplementedError

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


LEGACY_CGA_KEYS = ("CTAsPerCGA", "CTASplitNum", "CTAOrder")
"""The keys Triton before 3.5 wrote an encoding's CGA with, read by ``_CGAKeys``."""

_CGA_SPELLING = (
    "CTA layouts are now the CGALayout key of each encoding{example}, the bases of its block -> dims map: "
    "CGALayout = [[1, 0]] splits dim0 over 2 CTAs (CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], "
    "CTAOrder = [1, 0] in Triton before 3.5), and no CGALayout key means one CTA"
)

RETIRED_ATTRIBUTES: dict[str, str] = {
    "ttg.blocked_layout": (
        "#ttg.blocked_layout is not a ttg attribute: did you mean #ttg.blocked<{...}>, with the same keys?"
    ),
    "ttg.cta_layout": "#ttg.cta_layout is not a ttg attribute: "
    + _CGA_SPELLING.format(example=" (#ttg.blocked<{..., CGALayout = [[1, 0]]}>)"),
}
"""Why each ``ttg`` attribute name older Triton or its readers wrote is not read, with the
modern spelling; ``LocatingParser`` reports it at the name."""

_CTA_LAYOUT_KEY = "CTALayout is not a key of a ttg encoding: " + _CGA_SPELLING.format(example="")


def _key_start(parser: AttrParser, key: str) -> int:
    """Where ``key`` starts, read by ``parse_dict`` just before the value that starts at ``parser.pos``."""
    found = parser.lexer.input.content.rfind(key, 0, parser.pos)
    return found if found >= 0 else parser.pos


def _remark(parser: AttrParser, message: str, start: int, end: int) -> None:
    """Tell the reader how the text from ``start`` to ``end`` was read: through the parser's
    ``remark`` when it has one (``LocatingParser`` collects and prints them once each),
    else as ``file:line:col: remark: message`` on stderr."""
    note = getattr(parser, "remark", None)
    if callable(note):
        note(message, start, end)
        return
    where = Span(start, end, parser.lexer.input).get_location()
    print(SourceLocation(where.file, where.line, where.col).render(message, severity="remark"), file=sys.stderr)


def _refuse_cta_layout(parser: AttrParser) -> NoReturn:
    """The ``CTALayout = ...`` key: an error at the key that shows the modern spelling."""
    start = _key_start(parser, "CTALayout")
    parser.raise_error(_CTA_LAYOUT_KEY, start, start + len("CTALayout"))


class _CGAKeys:
    """Reads an encoding's CGA from ``CGALayout = [[..]]`` or, as Triton before 3.5 wrote it,
    ``CTAsPerCGA``/``CTASplitNum``/``CTAOrder`` (see ``CGALayout.from_split_params``), which
    is then printed as ``CGALayout`` with a remark at the first legacy key.

    ``CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]`` reads as
    ``CGALayout = [[1, 0]]``: 2 CTAs, each with half of dim0.  The three legacy keys go
    together, with the encoding's rank, and never beside ``CGALayout``.
    """

    def __init__(self, parser: AttrParser) -> None:
        self.parser = parser
        self.starts: dict[str, int] = {}
        """Where each CGA key given starts in the text."""

    def fields(self) -> dict[str, ValueParser]:
        """The parsers of the CGA keys (and of ``CTALayout``, an error) for ``parse_dict``."""

        def located(key: str, read: ValueParser) -> ValueParser:
            def parse(parser: AttrParser) -> object:
                self.starts[key] = _key_start(parser, key)
                return read(parser)

            return parse

        legacy = {key: located(key, parse_ints) for key in LEGACY_CGA_KEYS}
        return {"CGALayout": located("CGALayout", parse_bases), **legacy, "CTALayout": _refuse_cta_layout}

    def rank(self, values: Mapping[str, object]) -> int | None:
        """The rank the CGA keys given imply, if any (``#ttg.nvmma_shared`` takes its rank from them)."""
        entries = get_bases(values, "CGALayout")
        if entries:
            return len(entries[0])
        return next((len(get_ints(values, key)) for key in reversed(LEGACY_CGA_KEYS) if key in values), None)

    def read(self, values: Mapping[str, object], rank: int, start: int) -> CGALayout:
        """The CGA the keys give to an encoding of rank ``rank``; one CTA when none is given."""
        parser = self.parser
        legacy = [key for key in LEGACY_CGA_KEYS if key in values]
        if not legacy:
            return build(parser, start, lambda: CGALayout(get_bases(values, "CGALayout"), rank))
        first = min(legacy, key=self.starts.__getitem__)
        if "CGALayout" in values:
            self._error(f"CGALayout and the legacy {first} cannot be given together; keep only CGALayout", first)
        missing = [key for key in LEGACY_CGA_KEYS if key not in values]
        if missing:
            given, absent = " and ".join(legacy), " and ".join(missing)
            self._error(f"the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together: {given} without {absent}", first)
        ctas, split, order = (get_ints(values, key) for key in LEGACY_CGA_KEYS)
        for key, entries in zip(LEGACY_CGA_KEYS, (ctas, split, order)):
            if len(entries) != rank:
                self._error(f"{key} is {format_ints(entries)}, but the layout has rank {rank}", key)
        if sorted(order) != list(range(rank)):
            self._error(f"CTAOrder must be a permutation of 0..{rank - 1}, but was {format_ints(order)}", "CTAOrder")
        for key, entries in (("CTAsPerCGA", ctas), ("CTASplitNum", split)):
            if not all(is_power_of_two(n) for n in entries):
                self._error(f"every element of {key} must be a power of two, but it is {format_ints(entries)}", key)
        for dim, (total, parts) in enumerate(zip(ctas, split)):
            if parts > total:
                self._error(f"CTASplitNum[{dim}] = {parts} is more than CTAsPerCGA[{dim}] = {total}", "CTASplitNum")
        try:
            cga = CGALayout.from_split_params(ctas, split, order)
        except EncodingError as error:
            self._error(str(error), first)
        meaning = "one CTA (no CGALayout)" if cga.is_single else f"CGALayout = {format_bases(cga.bases)}"
        at = self.starts[first]
        _remark(parser, f"read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as {meaning}", at, at + len(first))
        return cga

    def _error(self, message: str, key: str) -> NoReturn:
        at = self.starts[key]
        self.parser.raise_error(message, at, at + len(key))


class _IgnoringUnknownKeys(Mapping[str, ValueParser]):
    """``fields`` for ``parse_dict``, where any other key is read as an attribute and
    ignored with a remark at the key: the encodings whose unknown keys Triton 3.9 ignores
    (``#ttg.nvidia_mma``, ``#ttg.slice``, ...) drop none silently.  ``IGNORED`` stands
    for an ignored key's value; ``known`` leaves those out."""

    IGNORED: ClassVar[object] = object()

    def __init__(self, fields: Mapping[str, ValueParser], encoding: str) -> None:
        self.fields = fields
        self.encoding = encoding

    def __getitem__(self, key: str) -> ValueParser:
        if key in self.fields:
            return self.fields[key]

        def ignore(parser: AttrParser) -> object:
            start = _key_start(parser, key)
            parser.parse_attribute()
            message = f"ignored the unknown key '{key}', as Triton 3.9 does on #{self.encoding}"
            _remark(parser, message, start, start + len(key))
            return self.IGNORED

        return ignore

    def __contains__(self, key: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    @classmethod
    def known(cls, values: Mapping[str, object]) -> dict[str, object]:
        return {key: value for key, value in values.items() if value is not cls.IGNORED}


def _parse_ignoring_unknown(parser: AttrParser, fields: Mapping[str, ValueParser], encoding: str) -> dict[str, object]:
    """``parse_dict`` for an encoding whose unknown keys Triton 3.9 ignores (see ``_IgnoringUnknownKeys``)."""
    return _IgnoringUnknownKeys.known(parse_dict(parser, _IgnoringUnknownKeys(fields, encoding)))


def _write_cga(cga: CGALayout) -> str:
    return "" if cga.is_single else f", CGALayout = {format_bases(cga.bases)}"


def _read_parent(parser: AttrParser, values: dict[str, object], start: int) -> DistributedEncoding:
    parent = require(parser, values, "parent", start)
    if not isinstance(parent, DistributedEncodingAttr):
        parser.raise_error("expected a distributed encoding trait", start, parser.pos)
    encoding: DistributedEncoding = parent.data
    return encoding


@irdl_attr_definition
class BlockedEncodingAttr(DistributedEncodingAttr[BlockedEncoding]):
    """``#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>``"""

    name = "ttg.blocked"

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> BlockedEncoding:
        keys = ("sizePerThread", "threadsPerWarp", "warpsPerCTA", "order")
        cga_keys = _CGAKeys(parser)
        values = parse_dict(parser, {**dict.fromkeys(keys, parse_ints), **cga_keys.fields()})
        spt, tpw, wpc, order = (get_ints(values, k) for k in keys)
        cga = cga_keys.read(values, len(spt), start)
        return build(parser, start, lambda: BlockedEncoding(spt, tpw, wpc, order, cga))

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
    the Triton versions that wrote them meant them (see ``_CGAKeys``).
    """

    name = "ttg.nvidia_mma"

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> NvidiaMmaEncoding:
        fields = {"versionMajor": parse_int, "versionMinor": parse_int, "warpsPerCTA": parse_ints}
        cga_keys = _CGAKeys(parser)
        fields = {**fields, "instrShape": parse_ints, **cga_keys.fields()}
        values = _parse_ignoring_unknown(parser, fields, cls.name)
        major, minor = get_int(values, "versionMajor"), get_int(values, "versionMinor")
        warps, instr = get_ints(values, "warpsPerCTA"), get_ints(values, "instrShape")
        cga = cga_keys.read(values, len(warps), start)
        return build(parser, start, lambda: NvidiaMmaEncoding(major, minor, warps, cga, instr))

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

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> AmdMfmaEncoding:
        fields = {
            "version": parse_int,
            "warpsPerCTA": parse_ints,
            "instrShape": parse_ints,
            "isTransposed": parse_bool,
            "tilesPerWarp": parse_ints,
            "elementBitWidth": parse_int,
        }
        cga_keys = _CGAKeys(parser)
        values = _parse_ignoring_unknown(parser, {**fields, **cga_keys.fields()}, cls.name)
        version, warps, instr = (
            get_int(values, "version"),
            get_ints(values, "warpsPerCTA"),
            get_ints(values, "instrShape"),
        )
        transposed, tiles = get_bool(values, "isTransposed"), get_ints(values, "tilesPerWarp")
        width = get_int(values, "elementBitWidth", 32)
        cga = cga_keys.read(values, len(warps), start)
        return build(parser, start, lambda: AmdMfmaEncoding(version, warps, instr, transposed, cga, tiles, width))

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

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> AmdWmmaEncoding:
        fields = {
            "version": parse_int,
            "isTranspose": parse_bool,
            "ctaLayout": lambda p: parse_dict(p, {"register": parse_bases, "warp": parse_bases}),
            "instrShape": parse_ints,
            "rank": parse_int,
        }
        cga_keys = _CGAKeys(parser)
        values = _parse_ignoring_unknown(parser, {**fields, **cga_keys.fields()}, cls.name)
        require(parser, values, "ctaLayout", start)
        if "warp" not in get_dict(values, "ctaLayout"):
            parser.raise_error("Expected basis of 'warp' not found", start, parser.pos)
        cta = get_all_bases(get_dict(values, "ctaLayout"))
        register, warp = cta.get("register", ()), cta.get("warp", ())
        version, transpose = get_int(values, "version"), get_bool(values, "isTranspose")
        instr = get_ints(values, "instrShape", DEFAULT_INSTR_SHAPE)
        rank = get_int(values, "rank", 2)
        if any(len(basis) != rank for basis in register + warp):
            parser.raise_error("Serialized rank and rank deduced from LL need to match", start, parser.pos)
        cga = cga_keys.read(values, rank, start)
        return build(parser, start, lambda: AmdWmmaEncoding(version, transpose, register, warp, cga, instr))

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

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> DotOperandEncoding:
        """Triton's ``struct(params)`` syntax, whose ``opIdx`` and ``kWidth`` MLIR reads
        as C++ ``unsigned`` values (``parse_unsigned``)."""
        fields = {
            "opIdx": parse_unsigned,
            "parent": parse_attribute,
            "kWidth": parse_unsigned,
            "CTALayout": _refuse_cta_layout,
        }
        values = parse_dict(parser, fields)
        require(parser, values, "opIdx", start)
        op_idx, k_width = get_int(values, "opIdx"), get_int(values, "kWidth")
        parent = _read_parent(parser, values, start)

        def make() -> DotOperandEncoding:
            try:
                return DotOperandEncoding(op_idx, parent, k_width)
            except UnexpectedParentError:
                raise EncodingError(UnexpectedParentError.naming(str(values["parent"]))) from None

        return build(parser, start, make)

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

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> SliceEncoding:
        fields = {"dim": parse_int, "parent": parse_attribute, "CTALayout": _refuse_cta_layout}
        values = _parse_ignoring_unknown(parser, fields, cls.name)
        require(parser, values, "dim", start)
        dim = get_int(values, "dim")
        parent = _read_parent(parser, values, start)
        return build(parser, start, lambda: SliceEncoding(dim, parent))

    def write(self, printer: Printer) -> None:
        printer.print_string(f"{{dim = {self.data.dim}, parent = ")
        printer.print_attribute(encoding_attr(self.data.parent))
        printer.print_string("}")


class _LinearLayoutEncodingAttr(DistributedEncodingAttr[Linear], Generic[Linear]):
    """The body ``{register = [..], lane = [..], warp = [..], block = [..]}``; other keys
    are ignored with a remark, as Triton 3.9 ignores them."""

    encoding_class: ClassVar[Callable[..., Any]]

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> Linear:
        fields = {**dict.fromkeys(DISTRIBUTED_IN_DIMS, parse_bases), "CTALayout": _refuse_cta_layout}
        values = _parse_ignoring_unknown(parser, fields, cls.name)
        bases = get_all_bases(values)
        encoding: Linear = build(
            parser, start, lambda: cls.encoding_class(layout_from_bases(DISTRIBUTED_IN_DIMS, bases))
        )
        return encoding

    def write(self, printer: Printer) -> None:
        printer.print_string(f"{{{format_layout_bases(self.data.layout)}}}")


@irdl_attr_definition
class LinearEncodingAttr(_LinearLayoutEncodingAttr[LinearEncoding]):
    """``#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>``"""

    name = "ttg.linear"
    encoding_class = LinearEncoding


@irdl_attr_definition
class GenericLinearEncodingAttr(_LinearLayoutEncodingAttr[GenericLinearEncoding]):
    """``#ttg.generic_linear<{...}>``: as ``#ttg.linear``, with swizzled warps allowed."""

    name = "ttg.generic_linear"
    encoding_class = GenericLinearEncoding


_PHASED_FIELDS = {"vec": parse_int, "perPhase": parse_int, "maxPhase": parse_int, "order": parse_ints}


class _PhasedSharedEncodingAttr(SharedEncodingAttr[Phased], Generic[Phased]):
    """The body ``{vec = V, perPhase = P, maxPhase = M, order = [..](, CGALayout = [[..]])?}``."""

    encoding_class: ClassVar[Callable[..., Any]]

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> Phased:
        cga_keys = _CGAKeys(parser)
        values = parse_dict(parser, {**_PHASED_FIELDS, **cga_keys.fields()})
        vec, per_phase, max_phase = (get_int(values, k) for k in ("vec", "perPhase", "maxPhase"))
        order = get_ints(values, "order")
        cga = cga_keys.read(values, len(order), start)
        encoding: Phased = build(parser, start, lambda: cls.encoding_class(vec, per_phase, max_phase, order, cga))
        return encoding

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
    encoding_class = SwizzledSharedEncoding


@irdl_attr_definition
class AMDRotatingSharedEncodingAttr(_PhasedSharedEncodingAttr[AMDRotatingSharedEncoding]):
    """``#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>``"""

    name = "ttg.amd_rotating_shared"
    encoding_class = AMDRotatingSharedEncoding


@irdl_attr_definition
class NVMMASharedEncodingAttr(SharedEncodingAttr[NVMMASharedEncoding]):
    """``#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>``

    The rank is 2 unless ``rank = R``, the ``CGALayout`` entries or the legacy CGA keys
    say otherwise.
    """

    name = "ttg.nvmma_shared"

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> NVMMASharedEncoding:
        fields = {
            "swizzlingByteWidth": parse_int,
            "transposed": parse_bool,
            "elementBitWidth": parse_int,
            "fp4Padded": parse_bool,
            "rank": parse_int,
        }
        cga_keys = _CGAKeys(parser)
        values = parse_dict(parser, {**fields, **cga_keys.fields()})
        swizzle, transposed = get_int(values, "swizzlingByteWidth"), get_bool(values, "transposed")
        width, fp4 = get_int(values, "elementBitWidth"), get_bool(values, "fp4Padded")
        implied = cga_keys.rank(values)
        rank = get_int(values, "rank", 2 if implied is None else implied)
        cga = cga_keys.read(values, rank, start)
        return build(parser, start, lambda: NVMMASharedEncoding(swizzle, transposed, width, cga, fp4))

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

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> SharedLinearEncoding:
        fields = {"offset": parse_bases, "block": parse_bases, "alignment": parse_int, "CTALayout": _refuse_cta_layout}
        values = parse_dict(parser, fields)
        if "alignment" in values:
            parser.raise_error("alignment must be specified outside of the linear layout braces", start, parser.pos)
        bases = {"block": (), **get_all_bases(values)}
        parser.parse_punctuation(",")
        parser.parse_keyword("alignment")
        parser.parse_punctuation("=")
        alignment = parse_int(parser)
        return build(parser, start, lambda: SharedLinearEncoding(layout_from_bases(SHARED_IN_DIMS, bases), alignment))

    def write(self, printer: Printer) -> None:
        e = self.data
        printer.print_string(f"{{{format_layout_bases(e.layout, skip_empty=('block',))}}}, alignment = {e.alignment}")


@irdl_attr_definition
class PaddedSharedEncodingAttr(SharedEncodingAttr[PaddedSharedEncoding]):
    """``#ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 256]}>``, or with an explicit
    linear component ``{offset = [[..]], block = []}``, whose ``block`` bases place the CTAs
    (the legacy CGA keys are an error, as in Triton 3.9)."""

    name = "ttg.padded_shared"

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> PaddedSharedEncoding:
        pairs = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _parse_interval(parser))
        intervals, paddings = tuple(i for i, _ in pairs), tuple(p for _, p in pairs)
        body = parser.pos
        fields = {"offset": parse_bases, "block": parse_bases, "order": parse_ints, "shape": parse_ints}
        legacy = {key: _padded_has_no(key) for key in LEGACY_CGA_KEYS}
        values = parse_dict(parser, {**fields, **legacy, "CTALayout": _refuse_cta_layout})
        if "offset" in values or "block" in values:
            extra = [k for k in values if k not in SHARED_IN_DIMS]
            if extra:
                parser.raise_error(f"Unexpected attribute {extra[0]} found", body, parser.pos)
            component = get_all_bases(values)
            return build(
                parser,
                start,
                lambda: PaddedSharedEncoding(intervals, paddings, layout_from_bases(SHARED_IN_DIMS, component)),
            )
        require(parser, values, "order", body)
        require(parser, values, "shape", body)
        order, shape = get_ints(values, "order"), get_ints(values, "shape")
        return build(parser, start, lambda: PaddedSharedEncoding.from_order(intervals, paddings, order, shape))

    def write(self, printer: Printer) -> None:
        e = self.data
        pairs = ", ".join(f"{i}:+{p}" for i, p in zip(e.intervals, e.paddings))
        if e.is_order_form:
            shape = [size for _, size in e.linear_component.out_dims]
            body = f"order = {format_ints(e.order)}, shape = {format_ints(shape)}"
        else:
            body = format_layout_bases(e.linear_component)
        printer.print_string(f"[{pairs}] {{{body}}}")


def _padded_has_no(key: str) -> ValueParser:
    """The parser of a legacy CGA key on ``#ttg.padded_shared``: an error at the key that
    shows where the CTAs go."""

    def refuse(parser: AttrParser) -> NoReturn:
        start = _key_start(parser, key)
        message = (
            f"#ttg.padded_shared has no {key} key: write its CTAs as the block bases of its linear form, "
            "{offset = [[..]], block = [[..]]}"
        )
        parser.raise_error(message, start, start + len(key))

    return refuse


def _parse_interval(parser: AttrParser) -> tuple[int, int]:
    """``512:+8``: every 512 elements, 8 elements of padding."""
    interval = parse_int(parser)
    parser.parse_punctuation(":")
    parser.parse_punctuation("+")
    return interval, parse_int(parser)


@irdl_attr_definition
class PartitionedSharedEncodingAttr(SharedEncodingAttr[PartitionedSharedEncoding]):
    """``#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #shared}>``"""

    name = "ttg.partitioned_shared"

    @classmethod
    def read(cls, parser: AttrParser, start: int) -> PartitionedSharedEncoding:
        fields = {"numPartitions": parse_int, "numGroups": parse_int, "partitionDim": parse_int}
        values = parse_dict(parser, {**fields, "partitionLayout": parse_attribute, "CTALayout": _refuse_cta_layout})
        for key in (*fields, "partitionLayout"):
            require(parser, values, key, start)
        partitions, groups, dim = (get_int(values, k) for k in fields)
        inner = values["partitionLayout"]
        if not isinstance(inner, SharedEncodingAttr):
            parser.raise_error("partitionLayout must be a shared encoding", start, parser.pos)
        return build(parser, start, lambda: PartitionedSharedEncoding(partitions, groups, dim, inner.data))

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
