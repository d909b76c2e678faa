"""``!ttg.memdesc``: a descriptor of a tile in shared memory, and ``!ttg.async.token``."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, UnitAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.syntax import format_ints
from layoutdialect.encodings import PaddedSharedEncoding, SharedEncoding, SharedLinearEncoding

__all__ = ["AsyncTokenType", "MemDescType"]


def _ints(values: Sequence[int]) -> ArrayAttr[IntAttr]:
    return ArrayAttr(IntAttr(v) for v in values)


@irdl_attr_definition
class MemDescType(ParametrizedAttribute, TypeAttribute):
    """``!ttg.memdesc<64x64xf16, #shared, #smem, mutable>``

    A trailing ``AxB`` gives the allocation's shape when it differs from the
    descriptor's (a subview, or a leading buffer dim); it is printed only then.
    """

    name = "ttg.memdesc"

    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute
    encoding: Attribute
    memory_space: Attribute
    mutable_attr: UnitAttr | NoneAttr
    alloc_shape_attr: ArrayAttr[IntAttr]

    def __init__(
        self,
        shape: Sequence[int],
        element_type: Attribute,
        encoding: Attribute,
        memory_space: Attribute,
        mutable: bool = False,
        alloc_shape: Sequence[int] | None = None,
    ) -> None:
        super().__init__(
            _ints(shape),
            element_type,
            encoding,
            memory_space,
            UnitAttr() if mutable else NoneAttr(),
            _ints(shape if alloc_shape is None else alloc_shape),
        )

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape_attr.data)

    @property
    def alloc_shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.alloc_shape_attr.data)

    @property
    def mutable(self) -> bool:
        return isinstance(self.mutable_attr, UnitAttr)

    def get_shape(self) -> tuple[int, ...]:
        return self.shape

    def verify(self) -> None:
        shape, alloc = self.shape, self.alloc_shape
        if not shape:
            raise VerifyException("rank 0 memdesc is not allowed")
        encoding = getattr(self.encoding, "data", None)
        laid_out = shape[len(shape) - encoding.rank :] if isinstance(encoding, SharedEncoding) else shape[1:]
        if any(d & (d - 1) or d <= 0 for d in laid_out):
            raise VerifyException(
                f"shape must have power-of-2 and non-zero dimensions; got {', '.join(map(str, shape))}"
            )
        if len(alloc) < len(shape) or any(s > a for s, a in zip(shape, alloc[len(alloc) - len(shape) :])):
            raise VerifyException(
                f"memdesc shape {format_ints(shape)} must fit inside its allocation shape {format_ints(alloc)}"
            )
        self._verify_encoding_fits(alloc)

    def _verify_encoding_fits(self, alloc: tuple[int, ...]) -> None:
        """Triton's ``MemDescType::verify``: a shared encoding has the allocation's rank or
        one less (a leading buffer dim), and a ``shared_linear`` or ``padded_shared``
        layout spans exactly the allocation's trailing dims."""
        encoding = getattr(self.encoding, "data", None)
        if not isinstance(encoding, SharedEncoding):
            return
        rank = encoding.rank
        if rank not in (len(alloc), len(alloc) - 1):
            raise VerifyException(f"rank must be equal to or one less than the shape size. Got {rank} and {len(alloc)}")
        if isinstance(encoding, SharedLinearEncoding):
            spanned = [size for _, size in encoding.layout.out_dims]
        elif isinstance(encoding, PaddedSharedEncoding):
            spanned = [size for _, size in encoding.linear_component.out_dims]
        else:
            return
        for dim, (size, layout_size) in enumerate(zip(alloc[len(alloc) - rank :], spanned)):
            if size != layout_size:
                raise VerifyException(
                    f"Mismatch in expected shape for dimension {dim}. Expected: {size}, got: {layout_size}"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        with parser.in_angle_brackets():
            shape, element_type = parser.parse_ranked_shape()
            parser.parse_punctuation(",")
            encoding = parser.parse_attribute()
            parser.parse_punctuation(",")
            memory_space = parser.parse_attribute()
            mutable = False
            alloc_shape = shape
            while parser.parse_optional_punctuation(",") is not None:
                if parser.parse_optional_keyword("mutable") is not None:
                    mutable = True
                else:
                    alloc_shape = parser.parse_dimension_list()
        try:
            return MemDescType(shape, element_type, encoding, memory_space, mutable, alloc_shape).parameters
        except VerifyException as error:
            parser.raise_error(str(error), start, parser.pos)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + "".join(f"{d}x" for d in self.shape))
        printer.print_attribute(self.element_type)
        printer.print_string(", ")
        printer.print_attribute(self.encoding)
        printer.print_string(", ")
        printer.print_attribute(self.memory_space)
        if self.mutable:
            printer.print_string(", mutable")
        if self.alloc_shape != self.shape:
            printer.print_string(", " + "x".join(map(str, self.alloc_shape)))
        printer.print_string(">")


@irdl_attr_definition
class AsyncTokenType(ParametrizedAttribute, TypeAttribute):
    """``!ttg.async.token``: completion of an asynchronous copy, consumed by ``local_load``."""

    name = "ttg.async.token"
