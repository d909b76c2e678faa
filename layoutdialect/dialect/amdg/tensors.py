"""The ``amdg`` ops on register tensors: slices and concatenations that keep each element
in its thread, in-thread transposes, packed loads from shared memory as dot operands, and
scaled upcasts of fp8 and fp4 values."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import prod

from xdsl.dialects.builtin import (
    I32,
    BFloat16Type,
    DenseArrayBase,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.amdg.base import (
    ASYNC_TOKEN,
    MEMDESC,
    TOKEN,
    TT_TENSOR,
    AMDGOp,
    ranked,
    signless,
)
from layoutdialect.dialect.amdg.syntax import (
    expect,
    finish,
    parse_attributes,
    parse_keyword_operand,
    parse_operand_list,
    parse_signature,
    print_attributes,
    print_keyword_operand,
    print_operands,
    print_signature,
    resolve,
)
from layoutdialect.dialect.memory_resources import ReadsSharedMemory
from layoutdialect.dialect.semantics import Elementwise, distributed_encoding
from layoutdialect.dialect.ttg.custom_format import memdesc_type, op_error
from layoutdialect.dialect.ttg.tensors import encoding_of, tensor_type
from layoutdialect.encodings import (
    BlockedEncoding,
    DistributedEncoding,
    DotOperandEncoding,
    EncodingError,
    SwizzledSharedEncoding,
    to_linear_layout,
)
from layoutdialect.encodings.inference import fp4_to_fp_source_encoding
from layoutdialect.f2 import LinearLayout, identity_standard_nd, standard_out_dim_names

__all__ = [
    "ConcatOp",
    "ExtractSliceOp",
    "InThreadTransposeOp",
    "LocalLoadPackedTransposedOp",
    "ScaledUpcastFp4Op",
    "ScaledUpcastFp8Op",
    "in_thread_transposed_layout",
    "scale_layout",
]

ANY_RANKED_TENSOR = ranked("any non-token type", lambda _: True)
I8_TENSOR = ranked("8-bit signless integer", signless(8))
FP8_TENSOR = ranked("f8E4M3FN type or f8E5M2 type", lambda t: isinstance(t, Float8E4M3FNType | Float8E5M2Type))
SCALE_TENSOR = ranked(
    "bfloat16 type or 8-bit signless integer", lambda t: isinstance(t, BFloat16Type) or signless(8)(t)
)
HALF_TENSOR = ranked("16-bit float or bfloat16 type", lambda t: isinstance(t, Float16Type | BFloat16Type))


def _coordinates(values: Mapping[str, int]) -> str:
    return "[" + ", ".join(str(v) for v in values.values()) + "]"


def _register_of(layout: LinearLayout, coordinates: Mapping[str, int]) -> int | None:
    """Triton's ``getRegFromCoordinates``: the register of the first thread that holds the
    element at ``coordinates``, or ``None`` when only other threads hold it."""
    place = layout.pseudoinvert().apply(coordinates)
    if any(place.get(dim, 0) for dim in ("lane", "warp", "block")):
        return None
    return place["register"]


def _check_tile_layouts(
    op: Operation,
    source: TensorType[Attribute],
    result: TensorType[Attribute],
    source_coordinates: Callable[[dict[str, int]], dict[str, int]],
) -> None:
    """The check Triton's ``extract_slice`` and ``concat`` share: each element the first
    thread holds in ``result`` is held by the first thread in ``source`` too, at the place
    ``source_coordinates`` gives, and lanes and warps are laid out alike."""
    source_encoding, result_encoding = distributed_encoding(source), distributed_encoding(result)
    assert source_encoding is not None and result_encoding is not None
    source_layout = to_linear_layout(source_encoding, list(source.get_shape()))
    result_layout = to_linear_layout(result_encoding, list(result.get_shape()))
    for register in range(result_layout.get_in_dim_size("register")):
        coordinates = result_layout.apply({"register": register, "lane": 0, "warp": 0, "block": 0})
        at_source = source_coordinates(coordinates)
        if _register_of(source_layout, at_source) is None:
            raise VerifyException(
                f"No source register holds the element for destination index {_coordinates(at_source)}"
            )
    source_bases, result_bases = dict(source_layout.bases), dict(result_layout.bases)
    if any(source_bases.get(dim) != result_bases.get(dim) for dim in ("lane", "warp")):
        raise VerifyException("Lane and warp dim basis must match between source and destination layout.")


@irdl_op_definition
class ExtractSliceOp(AMDGOp):
    """``%s = amdg.extract_slice %t [0, 32] : tensor<128x128xf16, #mma> to tensor<128x32xf16, #mma>``

    The sub-tensor at ``static_offsets`` of the result's shape, taken in registers: the
    result's layout must hold each element where the operand's CTA tiles already do.
    """

    name = "amdg.extract_slice"

    source = operand_def(ANY_RANKED_TENSOR)
    static_offsets = prop_def(DenseArrayBase)
    result = result_def(ANY_RANKED_TENSOR)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, offsets: Sequence[int], result_type: Attribute) -> None:
        super().__init__(
            operands=[source],
            result_types=[result_type],
            properties={"static_offsets": DenseArrayBase.from_list(i64, list(offsets))},
        )

    @property
    def offsets(self) -> list[int]:
        return [int(v) for v in self.static_offsets.get_values()]

    @classmethod
    def parse(cls, parser: Parser) -> ExtractSliceOp:
        source = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attr_dict = parse_attributes(parser, cls, ("static_offsets",))
        (source_type,), _ = parse_signature(parser, 1)
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return finish(cls(parser.resolve_operand(source, source_type), offsets, result_type), attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_string(f" [{', '.join(map(str, self.offsets))}]")
        print_attributes(printer, self, ("static_offsets",))
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        source, result = tensor_type(self.source), tensor_type(self.result)
        if source.element_type != result.element_type:
            raise VerifyException("result element type must match source element type")
        if len(source.get_shape()) != len(result.get_shape()):
            raise VerifyException("result rank must be equal to source rank")
        if distributed_encoding(source) is None:
            raise op_error(self, "requires a distributed source layout")
        if distributed_encoding(result) is None:
            raise op_error(self, "requires a distributed result layout")
        offsets = self.offsets
        for dim, (whole, part, offset) in enumerate(zip(source.get_shape(), result.get_shape(), offsets)):
            if part > whole:
                raise VerifyException(f"result shape cannot exceed source shape at dimension {dim}")
            if offset + part > whole:
                raise VerifyException(f"invalid offset at dimension {dim}")

        def shifted(coordinates: dict[str, int]) -> dict[str, int]:
            return {name: value + offset for (name, value), offset in zip(coordinates.items(), offsets)}

        _check_tile_layouts(self, source, result, shifted)


@irdl_op_definition
class ConcatOp(AMDGOp):
    """``%t = amdg.concat %a, %b : tensor<32x64xf32, #l>, tensor<32x64xf32, #l> -> tensor<64x64xf32, #l2>``

    The operands, tiles of one type, laid out row-major (the last dim fastest) as one
    tensor in registers; the result's layout must keep each element in its thread.
    """

    name = "amdg.concat"

    sources = var_operand_def(TT_TENSOR)
    result = result_def(ANY_RANKED_TENSOR)

    traits = traits_def(Pure())

    def __init__(self, sources: Sequence[SSAValue], result_type: Attribute) -> None:
        super().__init__(operands=[sources], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> ConcatOp:
        names = parse_operand_list(parser, parser.Delimiter.NONE)
        attr_dict = parse_attributes(parser, cls)
        expect(parser, ":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(names):
            parser.raise_error(f"{len(names)} operands present, but expected {len(types)}")
        expect(parser, "->")
        result_type = parser.parse_type()
        sources = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        return finish(cls(sources, result_type), attr_dict)

    def print(self, printer: Printer) -> None:
        print_operands(printer, self.sources)
        print_attributes(printer, self)
        print_signature(printer, [s.type for s in self.sources], [self.result.type])

    def verify_(self) -> None:
        if not self.sources:
            raise op_error(self, "requires at least one source")
        source, result = tensor_type(self.sources[0]), tensor_type(self.result)
        tile, whole = list(source.get_shape()), list(result.get_shape())
        if len(tile) != len(whole):
            raise VerifyException("Source and destination tensors must have the same rank.")
        if any(w % t for t, w in zip(tile, whole)):
            raise VerifyException("Source and destination tensor shapes don't match.")
        tiles = prod(w // t for t, w in zip(tile, whole))
        if tiles != len(self.sources):
            raise VerifyException(
                f"Number of source tiles ({len(self.sources)}) doesn't match required count ({tiles})."
            )
        if any(s.type != source for s in self.sources):
            raise VerifyException("All sources must have identical tensor types.")
        if result.element_type != source.element_type:
            raise VerifyException("Element types of sources and destination must match.")
        if distributed_encoding(source) is None or distributed_encoding(result) is None:
            raise op_error(self, "requires distributed layouts")

        def within_tile(coordinates: dict[str, int]) -> dict[str, int]:
            return {name: value % size for (name, value), size in zip(coordinates.items(), tile)}

        _check_tile_layouts(self, source, result, within_tile)


def in_thread_transposed_layout(encoding: BlockedEncoding, shape: Sequence[int]) -> LinearLayout:
    """Triton 3.9's ``InThreadTransposeOp::deduceOutputLayout``: ``encoding``'s layout with
    the registers of each thread's tile, cut to ``shape``, ordered along the other of the
    two minor dims; the registers that repeat the tile keep theirs.

    A blocked layout holds only the registers of its tile that fall inside the shape, so
    the cut tile's registers are the first ones of the layout, whatever the shape
    (``sizePerThread = [4, 4]`` at ``1x256`` keeps the two along dim 1)."""
    source = to_linear_layout(encoding, list(shape))
    rank = len(shape)
    order = list(encoding.order)
    order[rank - 2], order[rank - 1] = order[rank - 1], order[rank - 2]
    per_thread = [min(size, extent) for size, extent in zip(encoding.size_per_thread, shape)]
    tile = identity_standard_nd("register", per_thread, order).transpose_outs(standard_out_dim_names(rank))
    bases = dict(source.bases)
    transposed = [list(basis) for basis in dict(tile.bases).get("register", [])]
    bases["register"] = transposed + [list(basis) for basis in bases["register"][len(transposed) :]]
    sizes = [size for _, size in source.out_dims]
    return LinearLayout.from_bases(list(bases.items()), source.get_out_dim_names(), sizes, require_surjective=False)


@irdl_op_definition
class InThreadTransposeOp(AMDGOp):
    """``%t = amdg.in_thread_transpose %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #linear>``

    Reorders each thread's registers of a blocked 2-D tensor so that its tile runs along
    the other dim, ahead of a vectorised write to shared memory in the other order; the
    result layout must be exactly that one.
    """

    name = "amdg.in_thread_transpose"

    src = operand_def(TT_TENSOR)
    result = result_def(TT_TENSOR)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, src: SSAValue, result_type: Attribute) -> None:
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        source, result = tensor_type(self.src), tensor_type(self.result)
        if source.element_type != result.element_type:
            raise op_error(self, "Expect input and output tensor to have same dtype")
        shape = list(source.get_shape())
        if shape != list(result.get_shape()):
            raise op_error(self, "Expect equal input and output shapes")
        if len(shape) != 2:
            raise op_error(self, "Expect 2d tensor")
        encoding = encoding_of(source)
        if not isinstance(encoding, BlockedEncoding):
            raise op_error(self, "Expect input tensor in Blocked encoding")
        expected = in_thread_transposed_layout(encoding, shape)
        result_encoding = distributed_encoding(result)
        actual = None if result_encoding is None else to_linear_layout(result_encoding, shape)
        if actual != expected:
            raise op_error(
                self,
                f"Expect output layout to be transposed per thread: {expected}\nGot following dst layout: {actual}",
            )


@irdl_op_definition
class LocalLoadPackedTransposedOp(AMDGOp):
    """``%t = amdg.local_load_packed_transposed %buf : !ttg.memdesc<16x64xi8, #shared, #smem>
    -> tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>``

    Loads an M/N-packed buffer as a K-packed dot operand: the M (or N) dim doubles and
    the K dim halves.
    """

    name = "amdg.local_load_packed_transposed"

    src = operand_def(MEMDESC)
    token = opt_operand_def(TOKEN)
    result = result_def(TT_TENSOR)

    traits = traits_def(ReadsSharedMemory())

    def __init__(self, src: SSAValue, result_type: Attribute, token: SSAValue | None = None) -> None:
        super().__init__(operands=[src, token], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> LocalLoadPackedTransposedOp:
        src = parser.parse_unresolved_operand()
        token = parse_keyword_operand(parser, "token", equals=False)
        attr_dict = parse_attributes(parser, cls)
        (src_type,), (result_type,) = parse_signature(parser, 1, 1)
        op = cls(parser.resolve_operand(src, src_type), result_type, resolve(parser, token, ASYNC_TOKEN))
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        print_keyword_operand(printer, "token", self.token, equals=False)
        print_attributes(printer, self)
        print_signature(printer, [self.src.type], [self.result.type])

    def verify_(self) -> None:
        source, result = memdesc_type(self.src), tensor_type(self.result)
        dot = encoding_of(result)
        if not isinstance(dot, DotOperandEncoding):
            raise op_error(self, "only works with DotOperandEncodingAttr dst encoding")
        shared = encoding_of(source)
        if not isinstance(shared, SwizzledSharedEncoding):
            raise op_error(self, "only works with SwizzledSharedEncodingAttr src encoding")
        batched = len(source.get_shape()) == 3
        rows, cols = (1, 2) if batched else (0, 1)
        if dot.op_idx == 0:
            orders, halved, doubled = ((0, 1), (1, 2, 0)), rows, cols
        else:
            orders, halved, doubled = ((1, 0), (2, 1, 0)), cols, rows
        if shared.order not in (orders if batched else orders[:1]):
            raise op_error(self, "Order of dimensions don't match expected")
        expected = list(result.get_shape())
        expected[halved] //= 2
        expected[doubled] *= 2
        if list(source.get_shape()) != expected:
            raise op_error(self, "Input and output dimensions don't match after packing changes")


class _UpcastOp(AMDGOp):
    """``%r = amdg.<op> %x scale %s <attr-dict> : <x type>, <scale type> -> <result type>``."""

    @classmethod
    def parse(cls, parser: Parser) -> _UpcastOp:
        source = parser.parse_unresolved_operand()
        parser.parse_keyword("scale")
        scale = parser.parse_unresolved_operand()
        attr_dict = parse_attributes(parser, cls)
        (source_type, scale_type), result_types = parse_signature(parser, 2, 1)
        op = cls.create(
            operands=[parser.resolve_operand(source, source_type), parser.resolve_operand(scale, scale_type)],
            result_types=result_types,
        )
        return finish(op, attr_dict)

    def print(self, printer: Printer) -> None:
        source, scale = self.operands
        printer.print_string(" ")
        printer.print_operand(source)
        printer.print_string(" scale ")
        printer.print_operand(scale)
        print_attributes(printer, self)
        print_signature(printer, [source.type, scale.type], self.result_types)


def scale_layout(output: LinearLayout, axis: int, block: int) -> LinearLayout:
    """The layout of a scale with one element per ``block`` results along ``axis``: the
    result layout ``output`` with that coordinate divided by ``block``."""
    shift = block.bit_length() - 1
    bases = [
        (name, [[v >> shift if dim == axis else v for dim, v in enumerate(basis)] for basis in vectors])
        for name, vectors in output.bases
    ]
    sizes = [size >> shift if dim == axis else size for dim, (_, size) in enumerate(output.out_dims)]
    return LinearLayout.from_bases(bases, output.get_out_dim_names(), sizes, require_surjective=False)


def holds_register_groups(encoding: DistributedEncoding, shape: Sequence[int], size: int) -> bool:
    """Whether each thread's registers come in groups of ``size`` consecutive elements along
    one tensor axis: the first register bases of the layout are ``1, 2, 4, ...`` along it."""
    try:
        layout = to_linear_layout(encoding, list(shape))
    except EncodingError:
        return False
    registers = [list(basis) for basis in dict(layout.bases).get("register", [])]
    bits = size.bit_length() - 1
    if len(registers) < bits or not bits:
        return bits == 0
    axes = [dim for dim, value in enumerate(registers[0]) if value]
    if len(axes) != 1:
        return False
    return all(registers[k] == [1 << k if dim == axes[0] else 0 for dim in range(len(shape))] for k in range(bits))


@dataclass(frozen=True)
class ElementwiseInRegisterGroups(Elementwise):
    """Elementwise, in layouts whose threads hold their values in groups of ``size``
    register-consecutive elements along one axis (what the instruction converts at once):
    layouts flow through the op only where they do."""

    size: int = 4

    def result_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        shape = tensor_type(op.results[0]).get_shape()
        grouped = holds_register_groups(encoding, shape, self.size)
        return super().result_encoding(op, encoding) if grouped else None

    def operand_encoding(self, op: Operation, encoding: DistributedEncoding) -> DistributedEncoding | None:
        return self.result_encoding(op, encoding)


FP8_UPCAST_GROUP = 4
"""The register-consecutive values ``scaled_upcast_fp8`` converts at once (Triton 3.9's verifier)."""


@irdl_op_definition
class ScaledUpcastFp8Op(_UpcastOp):
    """``%r = amdg.scaled_upcast_fp8 %x scale %s : tensor<32x128xf8E4M3FN, #b>, tensor<32x128xbf16, #b>
    -> tensor<32x128xbf16, #b>``

    Each fp8 element widened to f16 or bf16 and multiplied by its E8M0 scale (CDNA4's
    ``v_cvt_scalef32``); elementwise, one shape and one encoding throughout.  Layouts are
    inferred through it backwards only, as through Triton's other upcasts.
    """

    name = "amdg.scaled_upcast_fp8"

    input = operand_def(FP8_TENSOR)
    scale = operand_def(SCALE_TENSOR)
    output = result_def(HALF_TENSOR)

    traits = traits_def(Pure(), ElementwiseInRegisterGroups(forward=False, size=FP8_UPCAST_GROUP))

    def verify_(self) -> None:
        source, scale, output = (tensor_type(v) for v in (self.input, self.scale, self.output))
        if len({tuple(t.get_shape()) for t in (source, scale, output)}) > 1:
            raise op_error(self, "all non-scalar operands/results must have the same shape and base type")
        if source.encoding != scale.encoding:
            raise op_error(self, "requires the same encoding for all operands")
        if output.encoding != source.encoding:
            raise op_error(self, "requires the same encoding for all operands and results")
        encoding = distributed_encoding(output)
        if encoding is not None and not holds_register_groups(encoding, output.get_shape(), FP8_UPCAST_GROUP):
            message = f"requires groups of {FP8_UPCAST_GROUP} register-consecutive values along one tensor axis"
            raise op_error(self, message)


@irdl_op_definition
class ScaledUpcastFp4Op(_UpcastOp):
    """``%r = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<16x32xi8, #b>,
    tensor<16x64xbf16, #b> -> tensor<16x64xbf16, #b>``

    Each byte's two e2m1 values (the low nibble first along ``axis``) widened to f16 or
    bf16 and multiplied by their E8M0 scale.  The scale has one element per block of the
    result along ``axis`` and the result's layout compressed accordingly, each group of 8
    register-consecutive results sharing one scale.
    """

    name = "amdg.scaled_upcast_fp4"

    input = operand_def(I8_TENSOR)
    scale = operand_def(SCALE_TENSOR)
    axis = prop_def(IntegerAttr[I32])
    output = result_def(HALF_TENSOR)

    traits = traits_def(Pure())

    def verify_(self) -> None:
        source, scale, output = (tensor_type(v) for v in (self.input, self.scale, self.output))
        self._verify_scale(scale, output)
        self._verify_unpacking(source, output)

    def _verify_scale(self, scale: TensorType[Attribute], output: TensorType[Attribute]) -> None:
        """The scale's shape and layout follow from the result's: along ``axis`` each
        scale element covers a block of results, held where its results are."""
        axis = self.axis.value.data
        scales, results = list(scale.get_shape()), list(output.get_shape())
        if len(scales) != len(results):
            raise VerifyException("scale and output must have the same rank")
        if any(s != r for dim, (s, r) in enumerate(zip(scales, results)) if dim != axis):
            raise VerifyException("scale and output must match on non-axis dimensions")
        if not 0 <= axis < len(results):
            raise VerifyException(f"axis {axis} out of range for rank {len(results)}")
        if results[axis] % scales[axis]:
            raise VerifyException(
                f"expected output.shape[axis] to be divisible by scale.shape[axis], but got "
                f"output[{axis}]={results[axis]}, scale[{axis}]={scales[axis]}"
            )
        scale_encoding, output_encoding = distributed_encoding(scale), distributed_encoding(output)
        if (scale_encoding is None) != (output_encoding is None):
            raise VerifyException("scale and output must both have an encoding, or neither")
        if scale_encoding is None or output_encoding is None:
            return
        inferred = scale_layout(to_linear_layout(output_encoding, results), axis, results[axis] // scales[axis])
        actual = to_linear_layout(scale_encoding, scales)
        if inferred.remove_zero_bases_along_dim("register") != actual.remove_zero_bases_along_dim("register"):
            raise VerifyException("scale encoding is not compatible with the inferred scale layout")
        if results[axis] != scales[axis] and any(any(basis) for basis in dict(inferred.bases)["register"][:3]):
            raise VerifyException(
                "the 8 elements of a v_cvt_scale_pk8 group would not share a single scale; the scaled axis must "
                "place 8 register-consecutive elements within one scale block"
            )

    def _verify_unpacking(self, source: TensorType[Attribute], output: TensorType[Attribute]) -> None:
        """Triton's ``Fp4ToFpOp::verifyFp4ToFp``."""
        axis = self.axis.value.data
        packed, unpacked = list(source.get_shape()), list(output.get_shape())
        if len(packed) != len(unpacked):
            raise VerifyException(f"source rank {len(packed)} != result rank {len(unpacked)}")
        if not 0 <= axis < len(packed):
            raise VerifyException(f"axis {axis} out of range for rank {len(packed)}")
        for dim, (src, dst) in enumerate(zip(packed, unpacked)):
            if dim == axis and dst != src * 2:
                raise VerifyException(f"axis {axis} dimension must be 2x source dimension (src={src}, dst={dst})")
            if dim != axis and dst != src:
                raise VerifyException(f"dimension {dim} mismatch (src={src}, dst={dst}, axis={axis})")
        source_encoding, output_encoding = distributed_encoding(source), distributed_encoding(output)
        if (source_encoding is None) != (output_encoding is None):
            raise VerifyException("source and result must both have an encoding, or neither")
        if source_encoding is None or output_encoding is None:
            return
        try:
            inferred = fp4_to_fp_source_encoding(output_encoding, unpacked, axis)
        except EncodingError:
            raise VerifyException("failed to infer encoding") from None
        if to_linear_layout(inferred, packed) != to_linear_layout(source_encoding, packed):
            raise VerifyException(
                f"Src and Dst encodings are not compatible:\n{to_linear_layout(inferred, packed)}\n"
                f"{to_linear_layout(source_encoding, packed)}"
            )
