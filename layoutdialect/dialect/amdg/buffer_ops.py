"""The ``amdg`` ops on global memory: buffer loads, stores and atomics through a scalar base
pointer and a tensor of ``i32`` offsets, buffer loads straight into shared memory, and
asynchronous copies from shared memory to global memory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import I32, IntegerAttr, TensorType, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    Operand,
    OptOperand,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.amdg.base import (
    ASYNC_TOKEN,
    BOOL_TENSOR,
    I1_TENSOR,
    I32_SCALAR,
    I32_TENSOR,
    MEMDESC,
    ONE,
    PTR,
    PTR_TENSOR,
    TOKEN,
    TT_TENSOR,
    AMDGOp,
    check_problem,
    enum_problem,
    failed_to_verify,
    like,
)
from layoutdialect.dialect.amdg.syntax import (
    expect,
    finish,
    parse_attributes,
    parse_indexed,
    parse_keyword_operand,
    parse_optional_comma_operand,
    parse_signature,
    print_attributes,
    print_indexed,
    print_keyword_operand,
    print_operands,
    print_signature,
    resolve,
    tensor_result,
)
from layoutdialect.dialect.enums import MEM_SEMANTICS, MEM_SYNC_SCOPES, RMW_OPS, enum_keyword, parse_enum
from layoutdialect.dialect.memory_resources import (
    ReadsGlobalMemory,
    ReadsSharedMemory,
    WritesGlobalMemory,
    WritesSharedMemory,
)
from layoutdialect.dialect.semantics import KeepsLayout, SameLayout
from layoutdialect.dialect.tt.types import mask_type, pointee_type
from layoutdialect.dialect.ttg.attributes import SharedMemorySpaceAttr
from layoutdialect.dialect.ttg.custom_format import memdesc_type, op_error, parse_memdesc_type
from layoutdialect.dialect.ttg.layout_checks import kernel_attributes

__all__ = [
    "AsyncCopyLocalToGlobalOp",
    "BufferAtomicCASOp",
    "BufferAtomicRMWOp",
    "BufferLoadOp",
    "BufferLoadToLocalOp",
    "BufferStoreOp",
]

SUPPORTS_BUFFER_LOAD_TO_LOCAL = ("gfx942", "gfx950")
"""The targets (CDNA3 and CDNA4) with buffer loads straight into shared memory."""


class _CachedOp(AMDGOp):
    """An op with Triton's ``cachePolicy`` property and its ``contiguity`` one (``i32``, 1
    by default), the contiguous elements a thread accesses."""

    cache_policy = opt_prop_def(Attribute, prop_name="cachePolicy")
    contiguity = prop_def(IntegerAttr[I32], default_value=ONE)


class _BufferOp(AMDGOp):
    """``amdg.buffer_<op> <enums>, <values>, %ptr[%offsets][, %mask[, %other]] [stride = %s]
    attr-dict : <ptr type> -> <tensor type>``: an access to ``ptr[offsets]`` elementwise
    through a buffer resource, where ``mask`` is true, of the tensor's elements."""

    ENUMS: ClassVar[Sequence[tuple[str, dict[str, int]]]] = ()
    """The enum properties written first, as keywords: Triton's ``RMWOp``,
    ``MemSemantic``, ``MemSyncScope``."""
    VALUES: ClassVar[tuple[str, ...]] = ()
    """The operands of the tensor's type written before the address."""
    MASKS: ClassVar[tuple[str, ...]] = ()
    """The optional operands written after the address, each only after the one before."""
    SAME_TYPE: ClassVar[tuple[str, ...]] = ()
    """The ``VALUES`` that must have the result's type, in the order Triton checks them."""
    TENSOR: ClassVar[str] = "result"
    """What has the accessed tensor's type: the ``result``, or the stored ``value``."""

    if TYPE_CHECKING:
        ptr: Operand
        offsets: Operand
        stride: OptOperand

    @classmethod
    def _enum_properties(cls, keywords: Sequence[str]) -> dict[str, Attribute]:
        """The ``ENUMS`` properties, from their keywords."""
        return {attribute: IntegerAttr(cases[k], i32) for (attribute, cases), k in zip(cls.ENUMS, keywords)}

    @classmethod
    def parse(cls, parser: Parser) -> _BufferOp:
        properties: dict[str, Attribute] = {}
        for attribute, cases in cls.ENUMS:
            properties[attribute] = parse_enum(parser, cls.name, attribute, cases)
            expect(parser, ",")
        names: dict[str, UnresolvedOperand] = {}
        for name in cls.VALUES:
            names[name] = parser.parse_unresolved_operand()
            expect(parser, ",")
        names["ptr"], names["offsets"] = parse_indexed(parser)
        for name in cls.MASKS:
            if (operand := parse_optional_comma_operand(parser)) is None:
                break
            names[name] = operand
        stride = parse_keyword_operand(parser, "stride")
        attr_dict = parse_attributes(parser, cls, [attribute for attribute, _ in cls.ENUMS])
        (pointer_type,), (tensor_type,) = parse_signature(parser, 1, 1)
        tensor = tensor_result(parser, tensor_type)
        types = {"ptr": pointer_type, "offsets": like(tensor, i32), "mask": mask_type(tensor)}
        operands: dict[str, SSAValue | None] = {
            name: parser.resolve_operand(n, types.get(name, tensor)) for name, n in names.items()
        }
        operands["stride"] = resolve(parser, stride, i32)
        op = cls.build(
            operands=[operands.get(name) for name, _ in cls.get_irdl_definition().operands],
            result_types=[tensor] if cls.TENSOR == "result" else [],
            properties=properties,
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        for attribute, cases in self.ENUMS:
            printer.print_string(f"{enum_keyword(cases, self.properties[attribute])}, ")
        for name in self.VALUES:
            printer.print_operand(getattr(self, name))
            printer.print_string(", ")
        print_indexed(printer, self.ptr, self.offsets)
        print_operands(printer, [v for name in self.MASKS if (v := getattr(self, name)) is not None], ", ")
        print_keyword_operand(printer, "stride", self.stride)
        print_attributes(printer, self, [attribute for attribute, _ in self.ENUMS])
        print_signature(printer, [self.ptr.type], [getattr(self, self.TENSOR).type])

    def verify_attributes(self) -> None:
        for attribute, cases in self.ENUMS:
            check_problem(enum_problem(self.name, attribute, self.properties.get(attribute), cases))

    def verify_(self) -> None:
        self.verify_attributes()
        tensor = getattr(self, self.TENSOR).type
        assert isinstance(tensor, TensorType)
        for name in self.SAME_TYPE:
            if getattr(self, name).type != tensor:
                raise failed_to_verify(self, f"result element type matches the {name} type")
        if pointee_type(self.ptr.type) != tensor.element_type:
            raise failed_to_verify(self, f"{self.TENSOR} element type matches the pointed type of ptr")
        if self.offsets.type != like(tensor, i32):
            raise failed_to_verify(self, f"{self.TENSOR} and offsets have the same shape")
        mask = getattr(self, "mask", None)
        if mask is not None and mask.type != mask_type(tensor):
            raise failed_to_verify(self, f"{self.TENSOR} and mask have the same shape")


@irdl_op_definition
class BufferLoadOp(_BufferOp, _CachedOp):
    """``%v = amdg.buffer_load %ptr[%offsets], %mask, %other stride = %s : !tt.ptr<f32>
    -> tensor<1024xf32, #blocked>``

    Reads ``ptr[offsets]`` elementwise from global memory through a buffer resource;
    where ``mask`` is false the element is ``other``.
    """

    name = "amdg.buffer_load"
    MASKS: ClassVar[tuple[str, ...]] = ("mask", "other")

    ptr = operand_def(PTR)
    offsets = operand_def(I32_TENSOR)
    stride = opt_operand_def(I32_SCALAR)
    mask = opt_operand_def(BOOL_TENSOR)
    other = opt_operand_def(TT_TENSOR)
    result = result_def(TT_TENSOR)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ReadsGlobalMemory(), SameLayout(forward=False))

    def __init__(
        self,
        ptr: SSAValue,
        offsets: SSAValue,
        result_type: Attribute,
        mask: SSAValue | None = None,
        other: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[ptr, offsets, stride, mask, other], result_types=[result_type])

    def verify_(self) -> None:
        super().verify_()
        if self.other is not None and self.other.type != self.result.type:
            raise failed_to_verify(self, "result and other have the same type")


@irdl_op_definition
class BufferStoreOp(_BufferOp, _CachedOp):
    """``amdg.buffer_store %v, %ptr[%offsets], %mask stride = %s : !tt.ptr<f32> -> tensor<1024xf32, #blocked>``

    Writes ``v`` to ``ptr[offsets]`` elementwise where ``mask`` is true.
    """

    name = "amdg.buffer_store"
    VALUES: ClassVar[tuple[str, ...]] = ("value",)
    MASKS: ClassVar[tuple[str, ...]] = ("mask",)
    TENSOR: ClassVar[str] = "value"

    value = operand_def(TT_TENSOR)
    ptr = operand_def(PTR)
    offsets = operand_def(I32_TENSOR)
    stride = opt_operand_def(I32_SCALAR)
    mask = opt_operand_def(BOOL_TENSOR)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(WritesGlobalMemory())

    def __init__(
        self,
        value: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[value, ptr, offsets, stride, mask])


class _BufferAtomicOp(_BufferOp):
    """A buffer atomic: its ``sem`` and ``scope`` keywords come first, and it returns the
    elements it found.  It infers layouts backwards only and is never rematerialised."""

    ENUMS: ClassVar[Sequence[tuple[str, dict[str, int]]]] = (("sem", MEM_SEMANTICS), ("scope", MEM_SYNC_SCOPES))

    sem = prop_def(IntegerAttr[I32])
    scope = prop_def(IntegerAttr[I32])
    result = result_def(TT_TENSOR)

    traits = traits_def(ReadsGlobalMemory(), WritesGlobalMemory(), SameLayout(forward=False), KeepsLayout())


@irdl_op_definition
class BufferAtomicRMWOp(_BufferAtomicOp):
    """``%old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %ptr[%offsets], %mask stride = %s
    : !tt.ptr<f32> -> tensor<1024xf32, #blocked>``

    Atomically combines ``v`` into ``ptr[offsets]`` elementwise where ``mask`` is true,
    returning the elements it found.
    """

    name = "amdg.buffer_atomic_rmw"
    ENUMS: ClassVar[Sequence[tuple[str, dict[str, int]]]] = (("atomic_rmw_op", RMW_OPS), *_BufferAtomicOp.ENUMS)
    VALUES: ClassVar[tuple[str, ...]] = ("value",)
    MASKS: ClassVar[tuple[str, ...]] = ("mask",)
    SAME_TYPE: ClassVar[tuple[str, ...]] = ("value",)

    atomic_rmw_op = prop_def(IntegerAttr[I32])
    ptr = operand_def(PTR)
    offsets = operand_def(I32_TENSOR)
    value = operand_def(TT_TENSOR)
    stride = opt_operand_def(I32_SCALAR)
    mask = opt_operand_def(BOOL_TENSOR)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        rmw: str,
        sem: str,
        scope: str,
        value: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, offsets, value, stride, mask],
            result_types=[value.type],
            properties=self._enum_properties((rmw, sem, scope)),
        )


@irdl_op_definition
class BufferAtomicCASOp(_BufferAtomicOp):
    """``%old = amdg.buffer_atomic_cas acq_rel, gpu, %cmp, %v, %ptr[%offsets] stride = %s
    : !tt.ptr<i32> -> tensor<1024xi32, #blocked>``

    Atomically stores ``v`` at each ``ptr[offsets]`` holding ``cmp``, returning the
    elements it found.
    """

    name = "amdg.buffer_atomic_cas"
    VALUES: ClassVar[tuple[str, ...]] = ("cmp", "val")
    SAME_TYPE: ClassVar[tuple[str, ...]] = ("val", "cmp")

    ptr = operand_def(PTR)
    offsets = operand_def(I32_TENSOR)
    cmp = operand_def(TT_TENSOR)
    val = operand_def(TT_TENSOR)
    stride = opt_operand_def(I32_SCALAR)

    def __init__(
        self,
        sem: str,
        scope: str,
        cmp: SSAValue,
        val: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[ptr, offsets, cmp, val, stride],
            result_types=[val.type],
            properties=self._enum_properties((sem, scope)),
        )


def _target_arch(op: BufferLoadToLocalOp) -> str:
    """The ``gfx`` name of the module's ``ttg.target`` (``""`` when there is none)."""
    target = kernel_attributes(op).target
    if target is None:
        return ""
    if not target.startswith("hip:"):
        raise VerifyException('expected target attribute to be prefixed with "hip:"')
    return target.removeprefix("hip:")


@irdl_op_definition
class BufferLoadToLocalOp(_CachedOp):
    """``%t = amdg.buffer_load_to_local %ptr[%offsets] mask = %m other = %o into %buf
    : !tt.ptr<f32>[tensor<1024xi32, #blocked>] tensor<1024xf32, #blocked> -> <1024xf32, #shared, #smem, mutable>``

    Copies ``ptr[offsets]`` straight into shared memory, asynchronously (CDNA3 and CDNA4);
    the token says when it is done.  The buffer's type is written without ``!ttg.memdesc``.
    """

    name = "amdg.buffer_load_to_local"

    dest = operand_def(MEMDESC)
    ptr = operand_def(PTR)
    offsets = operand_def(I32_TENSOR)
    mask = opt_operand_def(BOOL_TENSOR)
    other = opt_operand_def(TT_TENSOR)
    stride = opt_operand_def(I32_SCALAR)
    token = result_def(TOKEN)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ReadsGlobalMemory(), WritesSharedMemory())

    def __init__(
        self,
        dest: SSAValue,
        ptr: SSAValue,
        offsets: SSAValue,
        mask: SSAValue | None = None,
        other: SSAValue | None = None,
        stride: SSAValue | None = None,
    ) -> None:
        super().__init__(operands=[dest, ptr, offsets, mask, other, stride], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> BufferLoadToLocalOp:
        pointer, offsets = parse_indexed(parser)
        mask = parse_keyword_operand(parser, "mask")
        other = parse_keyword_operand(parser, "other")
        stride = parse_keyword_operand(parser, "stride")
        policy = None
        if parser.parse_optional_keyword("cachePolicy") is not None:
            expect(parser, "=")
            policy = parser.parse_attribute()
        parser.parse_keyword("into")
        dest = parser.parse_unresolved_operand()
        attr_dict = parse_attributes(parser, cls, ("cachePolicy",))
        expect(parser, ":")
        pointer_type = parser.parse_type()
        expect(parser, "[")
        offsets_type = tensor_result(parser, parser.parse_type())
        expect(parser, "]")
        other_type = parser.parse_optional_type()
        if (other_type is None) != (other is None):
            parser.raise_error("the type of 'other' must be given exactly when 'other' is")
        expect(parser, "->")
        dest_type = parse_memdesc_type(parser)
        op = cls(
            parser.resolve_operand(dest, dest_type),
            parser.resolve_operand(pointer, pointer_type),
            parser.resolve_operand(offsets, offsets_type),
            resolve(parser, mask, mask_type(offsets_type)),
            None if other is None or other_type is None else parser.resolve_operand(other, other_type),
            resolve(parser, stride, i32),
        )
        if policy is not None:
            op.properties["cachePolicy"] = policy
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_indexed(printer, self.ptr, self.offsets)
        print_keyword_operand(printer, "mask", self.mask)
        print_keyword_operand(printer, "other", self.other)
        print_keyword_operand(printer, "stride", self.stride)
        if self.cache_policy is not None:
            printer.print_string(" cachePolicy = ")
            printer.print_attribute(self.cache_policy)
        printer.print_string(" into ")
        printer.print_operand(self.dest)
        print_attributes(printer, self, ("cachePolicy",))
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string("[")
        printer.print_attribute(self.offsets.type)
        printer.print_string("] ")
        if self.other is not None:
            printer.print_attribute(self.other.type)
        printer.print_string(" -> ")
        memdesc_type(self.dest).print_parameters(printer)

    def verify_(self) -> None:
        element = pointee_type(self.ptr.type)
        if memdesc_type(self.dest).element_type != element:
            raise failed_to_verify(self, "dest element type matches pointee type of ptr")
        if self.mask is not None and self.mask.type != mask_type(self.offsets.type):
            raise failed_to_verify(self, "infer mask shape from offsets")
        if self.other is not None and self.other.type != like(self.offsets.type, element):
            raise failed_to_verify(
                self,
                "other matches shape and layout of offsets and the element type matches the pointee type of ptr",
            )
        arch = _target_arch(self)
        if arch and arch not in SUPPORTS_BUFFER_LOAD_TO_LOCAL:
            raise VerifyException("BufferLoadToLocal unsupported on target architecture")


@irdl_op_definition
class AsyncCopyLocalToGlobalOp(_CachedOp):
    """``%t = amdg.async_copy_local_to_global %buf, %ptrs mask %m : !ttg.memdesc<32x32xf32, #shared, #smem>
    -> tensor<32x32x!tt.ptr<f32>, #blocked>``

    Starts copying the shared-memory buffer to the pointed-to elements, as ``tt.store``
    would write them where ``mask`` is true.
    """

    name = "amdg.async_copy_local_to_global"

    src = operand_def(MEMDESC)
    dst = operand_def(PTR_TENSOR)
    mask = opt_operand_def(I1_TENSOR)
    token = result_def(TOKEN)

    traits = traits_def(ReadsSharedMemory(), WritesGlobalMemory())

    def __init__(self, src: SSAValue, dst: SSAValue, mask: SSAValue | None = None) -> None:
        super().__init__(operands=[src, dst, mask], result_types=[ASYNC_TOKEN])

    @classmethod
    def parse(cls, parser: Parser) -> AsyncCopyLocalToGlobalOp:
        src = parser.parse_unresolved_operand()
        expect(parser, ",")
        dst = parser.parse_unresolved_operand()
        mask = parse_keyword_operand(parser, "mask", equals=False)
        attr_dict = parse_attributes(parser, cls)
        (src_type,), (dst_type,) = parse_signature(parser, 1, 1)
        dst_tensor = tensor_result(parser, dst_type)
        op = cls(
            parser.resolve_operand(src, src_type),
            parser.resolve_operand(dst, dst_tensor),
            resolve(parser, mask, mask_type(dst_tensor)),
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list((self.src, self.dst), printer.print_operand)
        print_keyword_operand(printer, "mask", self.mask, equals=False)
        print_attributes(printer, self)
        print_signature(printer, [self.src.type], [self.dst.type])

    def verify_(self) -> None:
        if self.mask is not None and self.mask.type != mask_type(self.dst.type):
            raise failed_to_verify(self, "infer mask type from dst type")
        if self.cache_policy is not None:
            raise op_error(self, f"unsupported cache policy attribute {self.cache_policy}")
        if not isinstance(memdesc_type(self.src).memory_space, SharedMemorySpaceAttr):
            raise op_error(self, "source must be in shared memory")
