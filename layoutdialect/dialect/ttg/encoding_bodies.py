"""How the body of each ``ttg`` layout encoding reads: ``read_encoding_body(name, reader, start)``.

One reader per encoding, over the ``AttributeReader`` verbs, builds (and so validates)
the ``layoutdialect.encodings`` value; an invalid parameter is reported at the
attribute's text.  The same readers serve xDSL's parser inside a module
(``layoutdialect.dialect.ttg.attributes``) and the quick reader of an encoding written
out alone (``layoutdialect.dialect.encoding_text``), which loads no xDSL.

The CGA keys of Triton before 3.5 (``CTAsPerCGA``/``CTASplitNum``/``CTAOrder``) are read
as those versions meant them, with a remark; the keys an encoding does not have are an
error, or, on the encodings whose unknown keys Triton 3.9 ignores, ignored with a remark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import ClassVar, NoReturn

from layoutdialect.dialect.syntax import (
    AttributeReader,
    ValueParser,
    build,
    format_bases,
    format_ints,
    get_all_bases,
    get_bases,
    get_bool,
    get_dict,
    get_int,
    get_ints,
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
)
from layoutdialect.encodings.amd_wmma import DEFAULT_INSTR_SHAPE
from layoutdialect.encodings.base import layout_from_bases
from layoutdialect.encodings.linear import DISTRIBUTED_IN_DIMS
from layoutdialect.encodings.shared import SHARED_IN_DIMS
from layoutdialect.f2 import is_power_of_two

__all__ = ["CGA_SPELLING", "ENCODING_NAMES", "LEGACY_CGA_KEYS", "read_encoding_body"]

EncodingReader = Callable[[AttributeReader, int], Encoding]
"""Reads an encoding's body, from its ``<`` (excluded) to its ``>`` (excluded); the
attribute's text starts at the ``int``."""

LEGACY_CGA_KEYS = ("CTAsPerCGA", "CTASplitNum", "CTAOrder")
"""The keys Triton before 3.5 wrote an encoding's CGA with, read by ``_CGAKeys``."""

CGA_SPELLING = (
    "CTA layouts are now the CGALayout key of each encoding{example}, the bases of its block -> dims map: "
    "CGALayout = [[1, 0]] splits dim0 over 2 CTAs (CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], "
    "CTAOrder = [1, 0] in Triton before 3.5), and no CGALayout key means one CTA"
)
"""How an encoding's CTAs are written today, for the messages on older spellings."""

_CTA_LAYOUT_KEY = "CTALayout is not a key of a ttg encoding: " + CGA_SPELLING.format(example="")


def _key_start(parser: AttributeReader, key: str) -> int:
    """Where ``key`` starts, read by ``parse_dict`` just before the value that starts at ``parser.pos``."""
    found = parser.text.rfind(key, 0, parser.pos)
    return found if found >= 0 else parser.pos


def _refuse_cta_layout(parser: AttributeReader) -> NoReturn:
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

    def __init__(self, parser: AttributeReader) -> None:
        self.parser = parser
        self.starts: dict[str, int] = {}
        """Where each CGA key given starts in the text."""

    def fields(self) -> dict[str, ValueParser]:
        """The parsers of the CGA keys (and of ``CTALayout``, an error) for ``parse_dict``."""

        def located(key: str, read: ValueParser) -> ValueParser:
            def parse(parser: AttributeReader) -> object:
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
        parser.remark(f"read the legacy CTAsPerCGA/CTASplitNum/CTAOrder as {meaning}", at, at + len(first))
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

        def ignore(parser: AttributeReader) -> object:
            start = _key_start(parser, key)
            parser.skip_attribute()
            message = f"ignored the unknown key '{key}', as Triton 3.9 does on #{self.encoding}"
            parser.remark(message, start, start + len(key))
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


def _parse_ignoring_unknown(
    parser: AttributeReader, fields: Mapping[str, ValueParser], encoding: str
) -> dict[str, object]:
    """``parse_dict`` for an encoding whose unknown keys Triton 3.9 ignores (see ``_IgnoringUnknownKeys``)."""
    return _IgnoringUnknownKeys.known(parse_dict(parser, _IgnoringUnknownKeys(fields, encoding)))


def _parse_nested(parser: AttributeReader) -> object:
    """A nested attribute (a ``parent``, a ``partitionLayout``): its encoding and text."""
    return parser.parse_encoding_attribute()


def _nested(values: Mapping[str, object], key: str) -> tuple[Encoding | None, str]:
    nested: tuple[Encoding | None, str] = values[key]  # type: ignore[assignment]
    return nested


def _read_parent(parser: AttributeReader, values: dict[str, object], start: int) -> DistributedEncoding:
    require(parser, values, "parent", start)
    parent, _ = _nested(values, "parent")
    if not isinstance(parent, DistributedEncoding):
        parser.raise_error("expected a distributed encoding trait", start, parser.pos)
    return parent


def _read_blocked(parser: AttributeReader, start: int) -> BlockedEncoding:
    keys = ("sizePerThread", "threadsPerWarp", "warpsPerCTA", "order")
    cga_keys = _CGAKeys(parser)
    values = parse_dict(parser, {**dict.fromkeys(keys, parse_ints), **cga_keys.fields()})
    spt, tpw, wpc, order = (get_ints(values, k) for k in keys)
    cga = cga_keys.read(values, len(spt), start)
    return build(parser, start, lambda: BlockedEncoding(spt, tpw, wpc, order, cga))


def _read_nvidia_mma(parser: AttributeReader, start: int) -> NvidiaMmaEncoding:
    fields = {"versionMajor": parse_int, "versionMinor": parse_int, "warpsPerCTA": parse_ints}
    cga_keys = _CGAKeys(parser)
    fields = {**fields, "instrShape": parse_ints, **cga_keys.fields()}
    values = _parse_ignoring_unknown(parser, fields, "ttg.nvidia_mma")
    major, minor = get_int(values, "versionMajor"), get_int(values, "versionMinor")
    warps, instr = get_ints(values, "warpsPerCTA"), get_ints(values, "instrShape")
    cga = cga_keys.read(values, len(warps), start)
    return build(parser, start, lambda: NvidiaMmaEncoding(major, minor, warps, cga, instr))


def _read_amd_mfma(parser: AttributeReader, start: int) -> AmdMfmaEncoding:
    fields = {
        "version": parse_int,
        "warpsPerCTA": parse_ints,
        "instrShape": parse_ints,
        "isTransposed": parse_bool,
        "tilesPerWarp": parse_ints,
        "elementBitWidth": parse_int,
    }
    cga_keys = _CGAKeys(parser)
    values = _parse_ignoring_unknown(parser, {**fields, **cga_keys.fields()}, "ttg.amd_mfma")
    version, warps, instr = (
        get_int(values, "version"),
        get_ints(values, "warpsPerCTA"),
        get_ints(values, "instrShape"),
    )
    transposed, tiles = get_bool(values, "isTransposed"), get_ints(values, "tilesPerWarp")
    width = get_int(values, "elementBitWidth", 32)
    cga = cga_keys.read(values, len(warps), start)
    return build(parser, start, lambda: AmdMfmaEncoding(version, warps, instr, transposed, cga, tiles, width))


def _read_amd_wmma(parser: AttributeReader, start: int) -> AmdWmmaEncoding:
    fields = {
        "version": parse_int,
        "isTranspose": parse_bool,
        "ctaLayout": lambda p: parse_dict(p, {"register": parse_bases, "warp": parse_bases}),
        "instrShape": parse_ints,
        "rank": parse_int,
    }
    cga_keys = _CGAKeys(parser)
    values = _parse_ignoring_unknown(parser, {**fields, **cga_keys.fields()}, "ttg.amd_wmma")
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


def _read_dot_operand(parser: AttributeReader, start: int) -> DotOperandEncoding:
    """Triton's ``struct(params)`` syntax, whose ``opIdx`` and ``kWidth`` MLIR reads as C++
    ``unsigned`` values (``parse_unsigned``)."""
    fields = {
        "opIdx": parse_unsigned,
        "parent": _parse_nested,
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
            raise EncodingError(UnexpectedParentError.naming(_nested(values, "parent")[1])) from None

    return build(parser, start, make)


def _read_slice(parser: AttributeReader, start: int) -> SliceEncoding:
    fields = {"dim": parse_int, "parent": _parse_nested, "CTALayout": _refuse_cta_layout}
    values = _parse_ignoring_unknown(parser, fields, "ttg.slice")
    require(parser, values, "dim", start)
    dim = get_int(values, "dim")
    parent = _read_parent(parser, values, start)
    return build(parser, start, lambda: SliceEncoding(dim, parent))


def _linear_reader(name: str, encoding: Callable[..., Encoding]) -> EncodingReader:
    """The body ``{register = [..], lane = [..], warp = [..], block = [..]}``; other keys
    are ignored with a remark, as Triton 3.9 ignores them."""

    def read(parser: AttributeReader, start: int) -> Encoding:
        fields = {**dict.fromkeys(DISTRIBUTED_IN_DIMS, parse_bases), "CTALayout": _refuse_cta_layout}
        bases = get_all_bases(_parse_ignoring_unknown(parser, fields, name))
        return build(parser, start, lambda: encoding(layout_from_bases(DISTRIBUTED_IN_DIMS, bases)))

    return read


_PHASED_FIELDS = {"vec": parse_int, "perPhase": parse_int, "maxPhase": parse_int, "order": parse_ints}


def _phased_reader(encoding: Callable[..., Encoding]) -> EncodingReader:
    """The body ``{vec = V, perPhase = P, maxPhase = M, order = [..](, CGALayout = [[..]])?}``."""

    def read(parser: AttributeReader, start: int) -> Encoding:
        cga_keys = _CGAKeys(parser)
        values = parse_dict(parser, {**_PHASED_FIELDS, **cga_keys.fields()})
        vec, per_phase, max_phase = (get_int(values, k) for k in ("vec", "perPhase", "maxPhase"))
        order = get_ints(values, "order")
        cga = cga_keys.read(values, len(order), start)
        return build(parser, start, lambda: encoding(vec, per_phase, max_phase, order, cga))

    return read


def _read_nvmma_shared(parser: AttributeReader, start: int) -> NVMMASharedEncoding:
    """The rank is 2 unless ``rank = R``, the ``CGALayout`` entries or the legacy CGA keys
    say otherwise."""
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


def _read_shared_linear(parser: AttributeReader, start: int) -> SharedLinearEncoding:
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


def _read_padded_shared(parser: AttributeReader, start: int) -> PaddedSharedEncoding:
    """``[16:+4] {order = [1, 0], shape = [16, 256]}``, or with an explicit linear
    component ``{offset = [[..]], block = []}``, whose ``block`` bases place the CTAs (the
    legacy CGA keys are an error, as in Triton 3.9)."""
    pairs = parser.parse_list("[]", lambda: _parse_interval(parser))
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


def _padded_has_no(key: str) -> ValueParser:
    """The parser of a legacy CGA key on ``#ttg.padded_shared``: an error at the key that
    shows where the CTAs go."""

    def refuse(parser: AttributeReader) -> NoReturn:
        start = _key_start(parser, key)
        message = (
            f"#ttg.padded_shared has no {key} key: write its CTAs as the block bases of its linear form, "
            "{offset = [[..]], block = [[..]]}"
        )
        parser.raise_error(message, start, start + len(key))

    return refuse


def _parse_interval(parser: AttributeReader) -> tuple[int, int]:
    """``512:+8``: every 512 elements, 8 elements of padding."""
    interval = parse_int(parser)
    parser.parse_punctuation(":")
    parser.parse_punctuation("+")
    return interval, parse_int(parser)


def _read_partitioned_shared(parser: AttributeReader, start: int) -> PartitionedSharedEncoding:
    fields = {"numPartitions": parse_int, "numGroups": parse_int, "partitionDim": parse_int}
    values = parse_dict(parser, {**fields, "partitionLayout": _parse_nested, "CTALayout": _refuse_cta_layout})
    for key in (*fields, "partitionLayout"):
        require(parser, values, key, start)
    partitions, groups, dim = (get_int(values, k) for k in fields)
    inner, _ = _nested(values, "partitionLayout")
    if not isinstance(inner, SharedEncoding):
        parser.raise_error("partitionLayout must be a shared encoding", start, parser.pos)
    return build(parser, start, lambda: PartitionedSharedEncoding(partitions, groups, dim, inner))


_READERS: dict[str, EncodingReader] = {
    "ttg.blocked": _read_blocked,
    "ttg.nvidia_mma": _read_nvidia_mma,
    "ttg.amd_mfma": _read_amd_mfma,
    "ttg.amd_wmma": _read_amd_wmma,
    "ttg.dot_op": _read_dot_operand,
    "ttg.slice": _read_slice,
    "ttg.linear": _linear_reader("ttg.linear", LinearEncoding),
    "ttg.generic_linear": _linear_reader("ttg.generic_linear", GenericLinearEncoding),
    "ttg.swizzled_shared": _phased_reader(SwizzledSharedEncoding),
    "ttg.amd_rotating_shared": _phased_reader(AMDRotatingSharedEncoding),
    "ttg.nvmma_shared": _read_nvmma_shared,
    "ttg.shared_linear": _read_shared_linear,
    "ttg.padded_shared": _read_padded_shared,
    "ttg.partitioned_shared": _read_partitioned_shared,
}

ENCODING_NAMES = frozenset(_READERS)
"""The attribute names of the layout encodings, ``ttg.blocked`` and the others."""


def read_encoding_body(name: str, parser: AttributeReader, start: int) -> Encoding:
    """The encoding attribute ``name``'s body, read from just after its ``<`` to just before
    its ``>``; the attribute's text starts at ``start``, where invalid parameters are reported.

    >>> from layoutdialect.dialect.encoding_text import read_encoding_text
    >>> linear = "#ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = []}>"
    >>> read_encoding_text(f"#ttg.slice<{{dim = 1, parent = {linear}}}>").parent == read_encoding_text(linear)
    True
    """
    return _READERS[name](parser, start)
