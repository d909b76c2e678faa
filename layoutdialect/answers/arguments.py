"""A layout written on a command line, in any form the project reads, as a linear layout.

- A TTGIR encoding with a shape: ``#ttg.blocked<{...}>`` and ``--shape 64x64``, or the
  shape inside a type, ``tensor<64x64xf16, #ttg.nvidia_mma<{...}>>`` or
  ``!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{...}>, #ttg.shared_memory>``;
  ``#ttg.linear<{...}>`` and ``#ttg.shared_linear<{...}>`` carry their own shape.
- A CuTe layout, ``(4,2,2,2):(1,16,8,4)``, ``Swizzle<3,0,3> o (8,8):(8,1)``, or a table
  ``[0,1,...]`` (see ``layoutdialect.cute.text``).

Distributed encodings give ``register, lane, warp, block -> dim0, dim1, ...``, shared
ones ``offset, block -> dims``, and CuTe layouts ``dims -> offset``.  Errors are
``LayoutArgumentError``s located at the offending character of the argument, and they
never repeat a long argument whole: a message quotes at most ``MAX_QUOTED`` characters of
it (``quoted``) and the line shown under it is cut to ``MAX_SHOWN_LINE`` around the caret.

The module loads xDSL and the ``ttg`` dialect only to read TTGIR text, so that a question
about a CuTe layout, and ``layout-tool --help``, do without them.

The arguments keep to the size model (``layoutdialect.answers.limits``): a layout covers
at most ``MAX_ELEMENTS`` elements (2^20, Triton's largest tensor), and a CuTe layout
reaches at most as many offsets; an element is at most ``MAX_ELEMENT_BITS`` bits; text
nests at most ``MAX_NESTING`` brackets deep.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import TYPE_CHECKING, Literal

from layoutdialect.analysis.bank_conflicts import MAX_VECTOR_BITS
from layoutdialect.answers.element_types import ELEMENT_TYPE_SPELLINGS, TRITON_ELEMENT_BITS
from layoutdialect.answers.limits import MAX_DIGITS, MAX_ELEMENT_BITS, MAX_ELEMENTS, power_of_two
from layoutdialect.cute.layout import ComposedLayout, CuteError, Layout, Swizzle, offset_bound
from layoutdialect.cute.linear import to_linear_layout as cute_to_linear_layout
from layoutdialect.cute.text import MAX_NESTING, CuteSyntaxError, CuteValue, Table, parse_cute
from layoutdialect.encodings import DistributedEncoding, Encoding, EncodingError, to_linear_layout
from layoutdialect.encodings.linear import GenericLinearEncoding, LinearEncoding
from layoutdialect.encodings.shared import SharedLinearEncoding
from layoutdialect.f2 import LinearLayout, LinearLayoutError
from layoutdialect.ir.diagnostics import IRError, SourceLocation, locate
from layoutdialect.target import Target, TargetError

if TYPE_CHECKING:
    from xdsl.ir import Attribute

    from layoutdialect.dialect.ttg.layout_checks import TargetOverride

__all__ = [
    "MAX_QUOTED",
    "MAX_SHOWN_LINE",
    "LayoutArgument",
    "LayoutArgumentError",
    "NonLinearCuteLayout",
    "OUTPUT_SUFFIXES",
    "ShapeArgument",
    "TensorShape",
    "check_count",
    "check_cute_size",
    "check_output_path",
    "counted",
    "describe_tensor",
    "parse_element_bits",
    "parse_conversion_arguments",
    "parse_element_type",
    "parse_layout_argument",
    "parse_shape",
    "parse_shape_option",
    "parse_target",
    "parse_target_override",
    "layout_of_type",
    "quoted",
    "target_name",
]

LayoutKind = Literal["distributed", "shared", "cute"]

MAX_QUOTED = 40
"""The most characters of an argument a message quotes."""

MAX_SHOWN_LINE = 200
"""The most characters of an argument's line a diagnostic shows under its message."""

_LIMIT = f"layout-tool answers layouts of at most {power_of_two(MAX_ELEMENTS)} elements"


def counted(number: int) -> str:
    """A count as a message gives it: whole up to 15 digits, else the power of two it passes
    (a CuTe shape of many large modes has a size of hundreds of digits)."""
    return str(number) if number < 10**15 else f"more than 2^{number.bit_length() - 1}"


def quoted(text: str) -> str:
    """``text`` as a message quotes it: whole when short, else its start and ``...``."""
    return text if len(text) <= MAX_QUOTED else text[: MAX_QUOTED - 3] + "..."


class LayoutArgumentError(IRError):
    """A command-line argument that cannot be read (a layout, a shape, an option's value),
    located in the argument's text: ``position`` counts its characters from 1 across line
    breaks, and the diagnostic names the line and column there and shows that line (an
    argument pasted from an IR dump spans several), cut to ``MAX_SHOWN_LINE`` characters
    around the caret.

    >>> print(LayoutArgumentError("<layout>", "(4,2):\\n(1,4", 12, "expected ')'"))
    <layout>:2:5: error: expected ')'
    (1,4
        ^
    >>> error = LayoutArgumentError("<layout>", "[" + "1," * 300 + "x]", 602, "expected an integer")
    >>> first, shown, caret = str(error).split("\\n")
    >>> first, len(shown), shown[:6], shown[-6:], shown[caret.index("^")]
    ('<layout>:1:602: error: expected an integer', 203, '...1,1', '1,1,x]', 'x')
    """

    def __init__(self, name: str, text: str, position: int, message: str) -> None:
        location, line = locate(name, text, position - 1)
        super().__init__(location, message, line)
        if len(line) > MAX_SHOWN_LINE:
            start = max(0, min(location.column - 1 - MAX_SHOWN_LINE // 2, len(line) - MAX_SHOWN_LINE))
            before = "..." if start else ""
            after = "..." if start + MAX_SHOWN_LINE < len(line) else ""
            shown = before + line[start : start + MAX_SHOWN_LINE] + after
            caret = SourceLocation(name, location.line, location.column - start + len(before))
            self.args = ("\n".join([location.render(message), *caret.render("", shown).split("\n")[-2:]]),)


class NonLinearCuteLayout(LayoutArgumentError):
    """A CuTe layout that reads fine but is no F2 linear layout; ``value`` is what it read."""

    def __init__(self, name: str, text: str, message: str, value: CuteValue) -> None:
        super().__init__(name, text, 1, message)
        self.value = value


@dataclass(frozen=True)
class LayoutArgument:
    """A layout read from text: its linear layout, what kind it is, the tensor shape and,
    where the text named them, the element type and the encoding or CuTe value."""

    text: str
    kind: LayoutKind
    layout: LinearLayout
    shape: tuple[int, ...]
    element_type: str | None = None
    encoding: Encoding | None = None
    cute: CuteValue | None = None
    name: str = "<layout>"
    """What the argument is called in diagnostics: ``<layout>``, ``<source>``, ..."""

    def error(self, message: str) -> LayoutArgumentError:
        """A diagnostic about this argument as a whole, located at its first character."""
        return LayoutArgumentError(self.name, self.text, 1, message)


@dataclass(frozen=True)
class ShapeArgument:
    """A tensor shape as an option wrote it (``--shape 64x96``): its sizes, its text and the
    option's name, so that a shape a layout cannot take is blamed on the option."""

    sizes: tuple[int, ...]
    text: str
    name: str = "--shape"

    def error(self, message: str, dim: int | None = None) -> LayoutArgumentError:
        """A diagnostic at the option, at the size of ``dim`` when given."""
        position = 1
        if dim is not None:
            position = [match.start() + 1 for match in re.finditer(r"\d+", self.text)][dim]
        return LayoutArgumentError(self.name, self.text, position, message)


def _shape_text(sizes: Sequence[int]) -> str:
    return quoted("x".join(map(str, sizes)))


def _read_shape(text: str, name: str, rank: int | None) -> ShapeArgument:
    """``64x64`` or ``64,64`` (``rank`` sizes, when given) of at most ``MAX_ELEMENTS`` elements."""
    if not re.fullmatch(r"\s*\d+(\s*[x,]\s*\d+)*\s*", text):
        bad = next((i for i, c in enumerate(text) if not (c.isdigit() or c in "x, ")), 0)
        raise LayoutArgumentError(name, text, bad + 1, "a shape is sizes separated by 'x', such as 64x64")
    for number in re.finditer(r"\d+", text):
        if len(number.group().lstrip("0")) > MAX_DIGITS:
            message = f"a size of more than {MAX_DIGITS} digits is more than any tensor has"
            raise LayoutArgumentError(name, text, number.start() + 1, message)
    shape = ShapeArgument(tuple(int(s) for s in re.split(r"\s*[x,]\s*", text.strip())), text, name)
    if 0 in shape.sizes:
        raise shape.error("every size of a shape must be at least 1", shape.sizes.index(0))
    if rank is not None and len(shape.sizes) != rank:
        raise shape.error(f"expected {rank} sizes, such as 64x64; got {len(shape.sizes)}")
    if prod(shape.sizes) > MAX_ELEMENTS:
        raise shape.error(f"{_shape_text(shape.sizes)} has {counted(prod(shape.sizes))} elements; {_LIMIT}")
    return shape


def parse_shape(text: str, name: str = "--shape", rank: int | None = None) -> tuple[int, ...]:
    """``64x64`` or ``64,64`` (``rank`` sizes, when given) of at most ``MAX_ELEMENTS`` elements."""
    return _read_shape(text, name, rank).sizes


def describe_tensor(shape: Sequence[int], element: str) -> str:
    """``a 64x64 tensor of f16``, or ``a tensor of 8 i32`` for one dim."""
    if len(shape) == 1:
        return f"a tensor of {shape[0]} {element}"
    return f"a {'x'.join(map(str, shape))} tensor of {element}"


def parse_shape_option(text: str | None) -> ShapeArgument | None:
    """``--shape`` when given, as ``parse_shape`` reads it, else ``None``."""
    return None if text is None else _read_shape(text, "--shape", None)


def target_name(arch: str | None) -> str | None:
    """``--target`` in ``ttg.target``'s spelling: ``sm_90``/``sm_90a`` is ``cuda:90`` and
    ``gfx942`` is ``hip:gfx942``, as nvcc and hipcc name them; other names are kept."""
    if arch is None:
        return None
    if cuda := re.fullmatch(r"\s*sm_(\d+)a?\s*", arch):
        return f"cuda:{cuda.group(1)}"
    if re.fullmatch(r"\s*gfx[0-9a-f]+\s*", arch):
        return f"hip:{arch.strip()}"
    return arch


def parse_target(arch: str | None, banks: int | None) -> Target:
    """The GPU named by ``--target`` (a generic NVIDIA one when absent; ``target_name``
    spellings), with ``--num-banks`` replacing its bank count when given.  A CUDA target's
    compute capability has two or three digits (``cuda:90``, ``cuda:100``)."""
    written = arch
    arch = target_name(arch)
    if arch is not None and re.fullmatch(r"cuda:\d+", arch) and not re.fullmatch(r"cuda:\d{2,3}", arch):
        message = "a compute capability has two or three digits, major and minor: cuda:90 or sm_90, cuda:100"
        raise LayoutArgumentError("--target", written or "", 1, message)
    try:
        target = Target.named(arch)
    except TargetError as error:
        raise LayoutArgumentError("--target", arch or "", 1, str(error)) from None
    if banks is None:
        return target
    try:
        return Target.named(arch, banks=banks)
    except TargetError as error:
        raise LayoutArgumentError("--num-banks", str(banks), 1, str(error)) from None


OUTPUT_SUFFIXES = {"--svg": ("SVG", (".svg",)), "--png": ("PNG", (".png",)), "--html": ("HTML", (".html", ".htm"))}
"""The format each output option writes and the file-name suffixes that name it."""


def check_output_path(option: str, path: str) -> None:
    """Refuse, at ``option``, a file name whose suffix names another format than the one
    ``option`` writes (``--png x.svg`` would write PNG into a name that says SVG)."""
    kind, suffixes = OUTPUT_SUFFIXES[option]
    if path.lower().endswith(suffixes):
        return
    dot = path.rfind(".")
    if dot > path.rfind("/") + 1:
        message = (
            f"{option} writes {kind}: the file name must end in {' or '.join(suffixes)}, not '{quoted(path[dot:])}'"
        )
        raise LayoutArgumentError(option, path, dot + 1, message)
    message = f"{option} writes {kind}: the file name must end in {' or '.join(suffixes)}"
    raise LayoutArgumentError(option, path, len(path) + 1, message)


def check_count(option: str, value: int, least: int) -> None:
    """Refuse, at ``option``, a count below ``least``."""
    if value < least:
        raise LayoutArgumentError(option, str(value), 1, f"{option} is a count: {least} or more, not {value}")


def parse_target_override(arch: str | None, banks: int | None) -> TargetOverride:
    """``--target`` and ``--num-banks`` as options that replace a kernel's own target,
    checked now so that a bad name is an error at the option."""
    from layoutdialect.dialect.ttg.layout_checks import TargetOverride

    if arch is not None or banks is not None:
        parse_target(arch, banks)
    return TargetOverride(target_name(arch), banks)


def parse_element_type(text: str, name: str = "--dtype") -> Attribute:
    """A Triton element type by its MLIR name (``f16``, ``i8``, ``f8E4M3FN``; see
    ``element_types``), as an MLIR type."""
    spelling = text.strip()
    if spelling not in TRITON_ELEMENT_BITS:
        message = f"'{quoted(text)}' is not a Triton element type; the spellings are {ELEMENT_TYPE_SPELLINGS}"
        raise LayoutArgumentError(name, text, 1, message)
    from layoutdialect.dialect.registry import make_attribute_context
    from layoutdialect.dialect.text import LocatingParser

    element: Attribute = LocatingParser(make_attribute_context(), spelling, name, 0).parse_type()
    return element


def parse_element_bits(text: str, name: str = "--dtype") -> int:
    """Bits per element of a Triton element type (``f16``, ``i8``, ``f8E4M3FN``; see
    ``element_types``) or of ``bN``, an ``N``-bit unit such as ``b128`` for a 16-byte vector."""
    spelling = text.strip()
    if spelling in TRITON_ELEMENT_BITS:
        return TRITON_ELEMENT_BITS[spelling]
    unit = re.fullmatch(r"b(\d+)", spelling)
    if unit is None:
        message = (
            f"'{quoted(text)}' is not a Triton element type; the spellings are {ELEMENT_TYPE_SPELLINGS}, "
            "or bN for N-bit units (b128)"
        )
        raise LayoutArgumentError(name, text, 1, message)
    bits = _unit_bits(unit.group(1))
    if bits < 1 or bits & (bits - 1):
        raise LayoutArgumentError(name, text, 1, f"elements of {bits} bits are not a power of two")
    if bits > MAX_ELEMENT_BITS:
        message = f"elements of {bits} bits are wider than the widest layout-tool takes, b{MAX_ELEMENT_BITS}"
        raise LayoutArgumentError(name, text, 1, message)
    return bits


def parse_shared_element_bits(text: str, name: str = "--dtype") -> int:
    """``parse_element_bits`` for a question about shared-memory accesses, whose elements
    are at most one lane's widest access (``MAX_VECTOR_BITS``) wide."""
    bits = parse_element_bits(text, name)
    if bits > MAX_VECTOR_BITS:
        message = f"elements of {bits} bits are wider than the widest shared-memory access, {MAX_VECTOR_BITS} bits"
        raise LayoutArgumentError(name, text, 1, message)
    return bits


def _unit_bits(digits: str) -> int:
    """The ``N`` of ``bN``, capped past ``MAX_ELEMENT_BITS`` so that no huge number is made."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= MAX_DIGITS else 1 << 64


def parse_conversion_arguments(
    command: str, source: str, destination: str, dtype: str, shape: str | None
) -> tuple[LayoutArgument, LayoutArgument, Attribute]:
    """The two layouts and the element type of a conversion as ``command`` (``convert``,
    ``codegen``) reads them: ``--shape`` for both, else the destination takes the
    source's; the element an MLIR type (a ``bN`` unit has no registers to move)."""
    tensor_shape = parse_shape_option(shape)
    src = parse_layout_argument(source, tensor_shape, "<source>")
    dst = parse_layout_argument(destination, tensor_shape if tensor_shape is not None else src.shape, "<destination>")
    if re.fullmatch(r"\s*b\d+\s*", dtype):
        raise LayoutArgumentError("--dtype", dtype, 1, f"{command} needs an MLIR element type, such as f16")
    return src, dst, parse_element_type(dtype)


TensorShape = Sequence[int] | ShapeArgument
"""A tensor shape: from an option (blamed for a shape the layout cannot take), or known."""


def _sizes(shape: TensorShape) -> tuple[int, ...]:
    return shape.sizes if isinstance(shape, ShapeArgument) else tuple(shape)


def _shape_mismatch(shape: TensorShape, name: str, text: str, message: str) -> LayoutArgumentError:
    """A shape that differs from the one the layout carries: the option's fault when an
    option gave it, else the layout's."""
    if isinstance(shape, ShapeArgument):
        return shape.error(message)
    return LayoutArgumentError(name, text, 1, message)


def _check_shape_fits(encoding: Encoding, shape: ShapeArgument) -> None:
    """Blame ``--shape`` for a rank or a size no ttg encoding takes."""
    if not encoding.accepts_rank(len(shape.sizes)):
        dims = f"{len(shape.sizes)} dim" + ("" if len(shape.sizes) == 1 else "s")
        raise shape.error(f"the layout has rank {encoding.rank}; {_shape_text(shape.sizes)} has {dims}")
    for dim, size in enumerate(shape.sizes):
        if size & (size - 1):
            raise shape.error(f"{size} is not a power of two, as every dim of a ttg layout's shape must be", dim)


def _encoding_layout(
    name: str, text: str, encoding: Encoding, shape: TensorShape | None
) -> tuple[LinearLayout, tuple[int, ...]]:
    if shape is None:
        if not isinstance(encoding, LinearEncoding | GenericLinearEncoding | SharedLinearEncoding):
            raise LayoutArgumentError(name, text, 1, "this encoding needs a shape: pass --shape, such as --shape 64x64")
        own = encoding.layout
        shape = [own.get_out_dim_size(d) for d in own.get_out_dim_names()]
    if isinstance(shape, ShapeArgument):
        _check_shape_fits(encoding, shape)
    sizes = _sizes(shape)
    if prod(sizes) > MAX_ELEMENTS:
        raise LayoutArgumentError(
            name, text, 1, f"the tensor {_shape_text(sizes)} has {counted(prod(sizes))} elements; {_LIMIT}"
        )
    try:
        return to_linear_layout(encoding, list(sizes)), sizes
    except (EncodingError, LinearLayoutError) as error:
        raise LayoutArgumentError(name, text, 1, f"{error}") from None


def _check_nesting(name: str, text: str) -> None:
    """Refuse text nesting brackets more than ``MAX_NESTING`` deep, at the bracket too deep."""
    depth = 0
    for match in re.finditer(r"[<\[({]|(?<!-)[>\])}]", text):
        if match.group() in "<[({":
            depth += 1
            if depth > MAX_NESTING:
                raise LayoutArgumentError(name, text, match.start() + 1, f"brackets nest more than {MAX_NESTING} deep")
        else:
            depth = max(0, depth - 1)


def _ttgir(name: str, text: str, shape: TensorShape | None, aliases: Mapping[str, Attribute] | None) -> LayoutArgument:
    """The TTGIR encoding or type ``text``: read without xDSL when it is one encoding
    written out in full (``read_encoding_text``), else with the full parser."""
    from layoutdialect.dialect.encoding_text import read_encoding_text

    _check_nesting(name, text)
    encoding = read_encoding_text(text)
    if encoding is not None:
        return _encoding_argument(name, text, encoding, shape)
    from xdsl.utils.exceptions import ParseError, VerifyException

    from layoutdialect.dialect.registry import make_attribute_context
    from layoutdialect.dialect.text import LocatingParser

    parser = LocatingParser(make_attribute_context(), text, name, 0)
    parser.attribute_aliases.update(aliases or {})
    try:
        attribute = parser.parse_type() if text.lstrip().startswith(("tensor<", "!")) else parser.parse_attribute()
        if not parser.at_end():
            raise ParseError(parser._current_token.span, "unexpected text after the layout")
    except ParseError as error:
        message = error.msg
        if aliases and message.startswith("undefined symbol alias"):
            message += f"; the file defines {', '.join(aliases)}"
        raise LayoutArgumentError(name, text, error.span.start + 1, message) from None
    except VerifyException as error:
        raise LayoutArgumentError(name, text, 1, str(error)) from None
    return layout_of_type(name, text, attribute, shape)


def layout_of_type(name: str, text: str, attribute: Attribute, shape: TensorShape | None) -> LayoutArgument:
    """The layout of a ttg encoding, or of the tensor or memdesc type that carries one and
    its shape (``shape``, when given, must be the type's), read from ``text`` (which the
    diagnostics, named ``name``, point into)."""
    from xdsl.dialects.builtin import TensorType

    from layoutdialect.dialect.ttg.attributes import EncodingAttr
    from layoutdialect.dialect.ttg.types import MemDescType

    element_type = None
    if isinstance(attribute, TensorType | MemDescType):
        element_type = str(attribute.element_type)
        type_shape = tuple(attribute.get_shape())
        if shape is not None and _sizes(shape) != type_shape:
            message = f"the shape {_shape_text(_sizes(shape))} differs from the type's, {_shape_text(type_shape)}"
            raise (
                shape.error(message)
                if isinstance(shape, ShapeArgument)
                else LayoutArgumentError(name, text, 1, message)
            )
        shape = type_shape
        attribute = attribute.encoding
    if not isinstance(attribute, EncodingAttr):
        raise LayoutArgumentError(name, text, 1, f"{quoted(str(attribute))} is not a ttg layout encoding")
    return _encoding_argument(name, text, attribute.data, shape, element_type)


def _encoding_argument(
    name: str, text: str, encoding: Encoding, shape: TensorShape | None, element_type: str | None = None
) -> LayoutArgument:
    """The layout of ``encoding`` at ``shape`` (its own, for an encoding that carries one)."""
    layout, full_shape = _encoding_layout(name, text, encoding, shape)
    kind: LayoutKind = "distributed" if isinstance(encoding, DistributedEncoding) else "shared"
    return LayoutArgument(text, kind, layout, full_shape, element_type, encoding, name=name)


def _cute(name: str, text: str, shape: TensorShape | None) -> LayoutArgument:
    try:
        value = parse_cute(text)
    except CuteSyntaxError as error:
        raise LayoutArgumentError(name, text, error.column, error.message) from None
    check_cute_size(name, text, value)
    try:
        layout = cute_to_linear_layout(value)
    except CuteError as error:
        raise NonLinearCuteLayout(name, text, str(error), value) from None
    own = tuple(layout.get_in_dim_size(d) for d in layout.get_in_dim_names())
    if shape is not None and _sizes(shape) != own:
        message = f"the shape {_shape_text(_sizes(shape))} differs from the layout's, {_shape_text(own)}"
        raise _shape_mismatch(shape, name, text, message)
    return LayoutArgument(text, "cute", layout, own, cute=value, name=name)


def check_cute_size(name: str, text: str, value: CuteValue) -> None:
    """Refuse a CuTe layout of more than ``MAX_ELEMENTS`` coordinates, or whose offsets
    reach past ``MAX_ELEMENTS`` (found from its strides, without evaluating it)."""
    if isinstance(value, int):
        value = Layout(value)
    if isinstance(value, Table):
        size, reach = len(value.values), 1 + max(abs(v) for v in value.values)
    elif isinstance(value, Layout | ComposedLayout | Swizzle):
        size, reach = value.size, offset_bound(value)
    else:
        return
    if size > MAX_ELEMENTS:
        raise LayoutArgumentError(name, text, 1, f"the layout's size is {counted(size)}; {_LIMIT}")
    if reach > MAX_ELEMENTS:
        message = (
            f"the layout's offsets reach {counted(reach - 1)}; layout-tool answers layouts of offsets below "
            f"{MAX_ELEMENTS}"
        )
        raise LayoutArgumentError(name, text, 1, message)


def parse_layout_argument(
    text: str,
    shape: TensorShape | None = None,
    name: str = "<layout>",
    aliases: Mapping[str, Attribute] | None = None,
) -> LayoutArgument:
    """Read ``text`` as a TTGIR encoding or type, or a CuTe layout; ``shape`` is needed for
    TTGIR encodings that do not carry one (a shape the layout cannot take is blamed on it
    when it is a ``ShapeArgument``, on the layout otherwise).  TTGIR text may use the
    ``aliases`` (``#blocked``), as a dump defines them (``read_aliases``)."""
    stripped = text.lstrip()
    if not stripped:
        raise LayoutArgumentError(name, text, 1, "expected a layout")
    if stripped.startswith(("#", "tensor<", "!")):
        return _ttgir(name, text, shape, aliases)
    return _cute(name, text, shape)
