"""A layout written on a command line, in any form the project reads, as a linear layout.

- A TTGIR encoding with a shape: ``#ttg.blocked<{...}>`` and ``--shape 64x64``, or the
  shape inside a type, ``tensor<64x64xf16, #ttg.nvidia_mma<{...}>>`` or
  ``!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{...}>, #ttg.shared_memory>``;
  ``#ttg.linear<{...}>`` and ``#ttg.shared_linear<{...}>`` carry their own shape.
- A CuTe layout, ``(4,2,2,2):(1,16,8,4)``, ``Swizzle<3,0,3> o (8,8):(8,1)``, or a table
  ``[0,1,...]`` (see ``layoutdialect.cute.text``).

Distributed encodings give ``register, lane, warp, block -> dim0, dim1, ...``, shared
ones ``offset, block -> dims``, and CuTe layouts ``dims -> offset``.  Errors are
``LayoutArgumentError``s located at the offending character of the argument.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Literal

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute
from xdsl.utils.exceptions import ParseError, VerifyException

from layoutdialect.cute.layout import CuteError
from layoutdialect.cute.linear import to_linear_layout as cute_to_linear_layout
from layoutdialect.cute.text import CuteSyntaxError, CuteValue, parse_cute
from layoutdialect.dialect.diagnostics import IRError, locate
from layoutdialect.dialect.registry import make_context
from layoutdialect.dialect.text import LocatingParser
from layoutdialect.dialect.tt.types import ELEMENT_TYPE_SPELLINGS, bit_width
from layoutdialect.dialect.ttg.attributes import EncodingAttr
from layoutdialect.dialect.ttg.layout_checks import TargetOptions
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import DistributedEncoding, Encoding, EncodingError, to_linear_layout
from layoutdialect.encodings.linear import GenericLinearEncoding, LinearEncoding
from layoutdialect.encodings.shared import SharedLinearEncoding
from layoutdialect.f2 import LinearLayout, LinearLayoutError
from layoutdialect.target import Target, TargetError

__all__ = [
    "MAX_ELEMENTS",
    "LayoutArgument",
    "LayoutArgumentError",
    "NonLinearCuteLayout",
    "check_cute_size",
    "describe_tensor",
    "parse_element_bits",
    "parse_conversion_arguments",
    "parse_element_type",
    "parse_layout_argument",
    "parse_shape",
    "parse_shape_option",
    "parse_target",
    "parse_target_options",
    "target_name",
]

LayoutKind = Literal["distributed", "shared", "cute"]

MAX_ELEMENTS = 1 << 22
"""The most elements a layout read from the command line may cover: every answer walks
them all, and a short argument must not ask for minutes or all memory."""


class LayoutArgumentError(IRError):
    """A layout argument that cannot be read, located in the argument's text: ``position``
    counts its characters from 1 across line breaks, and the diagnostic names the line and
    column there and shows that line (an argument pasted from an IR dump spans several).

    >>> print(LayoutArgumentError("<layout>", "(4,2):\\n(1,4", 12, "expected ')'"))
    <layout>:2:5: error: expected ')'
    (1,4
        ^
    """

    def __init__(self, name: str, text: str, position: int, message: str) -> None:
        location, line = locate(name, text, position - 1)
        super().__init__(location, message, line)


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


def parse_shape(text: str, name: str = "--shape", rank: int | None = None) -> tuple[int, ...]:
    """``64x64`` or ``64,64`` (``rank`` sizes, when given) of at most ``MAX_ELEMENTS`` elements."""
    if not re.fullmatch(r"\s*\d+(\s*[x,]\s*\d+)*\s*", text):
        bad = next((i for i, c in enumerate(text) if not (c.isdigit() or c in "x, ")), 0)
        raise LayoutArgumentError(name, text, bad + 1, "a shape is sizes separated by 'x', such as 64x64")
    sizes = tuple(int(s) for s in re.split(r"\s*[x,]\s*", text.strip()))
    if any(s < 1 for s in sizes):
        raise LayoutArgumentError(name, text, 1, "every size of a shape must be at least 1")
    if rank is not None and len(sizes) != rank:
        raise LayoutArgumentError(name, text, 1, f"expected {rank} sizes, such as 64x64; got {len(sizes)}")
    if prod(sizes) > MAX_ELEMENTS:
        raise LayoutArgumentError(
            name, text, 1, f"{prod(sizes)} elements is more than the {MAX_ELEMENTS} this tool handles"
        )
    return sizes


def describe_tensor(shape: Sequence[int], element: str) -> str:
    """``a 64x64 tensor of f16``, or ``a tensor of 8 i32`` for one dim."""
    if len(shape) == 1:
        return f"a tensor of {shape[0]} {element}"
    return f"a {'x'.join(map(str, shape))} tensor of {element}"


def parse_shape_option(text: str | None) -> tuple[int, ...] | None:
    """``--shape`` when given: ``parse_shape`` of it, else ``None``."""
    return None if text is None else parse_shape(text)


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
    spellings), with ``--num-banks`` replacing its bank count when given."""
    arch = target_name(arch)
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


def parse_target_options(arch: str | None, banks: int | None) -> TargetOptions:
    """``--target`` and ``--num-banks`` as options that replace a kernel's own target,
    checked now so that a bad name is an error at the option."""
    if arch is not None or banks is not None:
        parse_target(arch, banks)
    return TargetOptions(target_name(arch), banks)


def parse_element_type(text: str, name: str = "--dtype") -> Attribute:
    """An MLIR scalar type with a bit width (``f16``, ``i8``, ``f8E4M3FN``)."""
    parser = LocatingParser(make_context(), text, name, 0)
    try:
        element = parser.parse_type()
    except ParseError:
        element = None
    if element is None or bit_width(element) is None or not parser.at_end():
        message = f"'{text}' is not an element type; the spellings are {ELEMENT_TYPE_SPELLINGS}"
        raise LayoutArgumentError(name, text, 1, message)
    return element


def parse_element_bits(text: str, name: str = "--dtype") -> int:
    """Bits per element of an MLIR scalar type (``f16``, ``i8``, ``f8E4M3FN``) or of ``bN``,
    an ``N``-bit unit such as ``b128`` for a 16-byte vector."""
    unit = re.fullmatch(r"\s*b(\d+)\s*", text)
    try:
        bits = int(unit.group(1)) if unit else bit_width(parse_element_type(text, name))
    except LayoutArgumentError as error:
        raise LayoutArgumentError(name, text, 1, f"{error.message}, or bN for N-bit units (b128)") from None
    assert bits is not None
    if bits < 1 or bits & (bits - 1):
        raise LayoutArgumentError(name, text, 1, f"elements of {bits} bits are not a power of two")
    return bits


def parse_conversion_arguments(
    command: str, source: str, destination: str, dtype: str, shape: str | None
) -> tuple[LayoutArgument, LayoutArgument, Attribute]:
    """The two layouts and the element type of a conversion as ``command`` (``convert``,
    ``codegen``) reads them: ``--shape`` for both, else the destination takes the
    source's; the element an MLIR type (a ``bN`` unit has no registers to move)."""
    tensor_shape = parse_shape_option(shape)
    src = parse_layout_argument(source, tensor_shape, "<source>")
    dst = parse_layout_argument(destination, tensor_shape or src.shape, "<destination>")
    if re.fullmatch(r"\s*b\d+\s*", dtype):
        raise LayoutArgumentError("--dtype", dtype, 1, f"{command} needs an MLIR element type, such as f16")
    return src, dst, parse_element_type(dtype)


def _encoding_layout(
    name: str, text: str, encoding: Encoding, shape: Sequence[int] | None
) -> tuple[LinearLayout, tuple[int, ...]]:
    if shape is None:
        if not isinstance(encoding, LinearEncoding | GenericLinearEncoding | SharedLinearEncoding):
            raise LayoutArgumentError(name, text, 1, "this encoding needs a shape: pass --shape, such as --shape 64x64")
        own = encoding.layout
        shape = [own.get_out_dim_size(d) for d in own.get_out_dim_names()]
    if prod(shape) > MAX_ELEMENTS:
        raise LayoutArgumentError(
            name, text, 1, f"a tensor of {prod(shape)} elements is more than the {MAX_ELEMENTS} this tool handles"
        )
    try:
        return to_linear_layout(encoding, list(shape)), tuple(shape)
    except (EncodingError, LinearLayoutError) as error:
        raise LayoutArgumentError(name, text, 1, f"{error}") from None


def _ttgir(name: str, text: str, shape: Sequence[int] | None) -> LayoutArgument:
    parser = LocatingParser(make_context(), text, name, 0)
    try:
        attribute = parser.parse_type() if text.lstrip().startswith(("tensor<", "!")) else parser.parse_attribute()
        if not parser.at_end():
            raise ParseError(parser._current_token.span, "unexpected text after the layout")
    except ParseError as error:
        raise LayoutArgumentError(name, text, error.span.start + 1, error.msg) from None
    except VerifyException as error:
        raise LayoutArgumentError(name, text, 1, str(error)) from None
    element_type = None
    if isinstance(attribute, TensorType | MemDescType):
        element_type = str(attribute.element_type)
        type_shape = tuple(attribute.get_shape())
        if shape is not None and tuple(shape) != type_shape:
            raise LayoutArgumentError(
                name, text, 1, f"--shape {list(shape)} differs from the type's {list(type_shape)}"
            )
        shape = type_shape
        attribute = attribute.encoding
    if not isinstance(attribute, EncodingAttr):
        raise LayoutArgumentError(name, text, 1, f"{attribute} is not a ttg layout encoding")
    encoding = attribute.data
    layout, full_shape = _encoding_layout(name, text, encoding, shape)
    kind: LayoutKind = "distributed" if isinstance(encoding, DistributedEncoding) else "shared"
    return LayoutArgument(text, kind, layout, full_shape, element_type, encoding, name=name)


def _cute(name: str, text: str, shape: Sequence[int] | None) -> LayoutArgument:
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
    if shape is not None and tuple(shape) != own:
        raise LayoutArgumentError(name, text, 1, f"--shape {list(shape)} differs from the layout's {list(own)}")
    return LayoutArgument(text, "cute", layout, own, cute=value, name=name)


def check_cute_size(name: str, text: str, value: CuteValue) -> None:
    """Refuse a CuTe layout whose domain or image has more than ``MAX_ELEMENTS`` points."""
    for measure in ("size", "cosize"):
        count = getattr(value, measure, 1)
        if count > MAX_ELEMENTS:
            message = f"the layout's {measure} is {count}; this tool handles layouts of up to {MAX_ELEMENTS} elements"
            raise LayoutArgumentError(name, text, 1, message)


def parse_layout_argument(text: str, shape: Sequence[int] | None = None, name: str = "<layout>") -> LayoutArgument:
    """Read ``text`` as a TTGIR encoding or type, or a CuTe layout; ``shape`` is needed for
    TTGIR encodings that do not carry one."""
    stripped = text.lstrip()
    if not stripped:
        raise LayoutArgumentError(name, text, 1, "expected a layout")
    if stripped.startswith(("#", "tensor<", "!")):
        return _ttgir(name, text, shape)
    return _cute(name, text, shape)
