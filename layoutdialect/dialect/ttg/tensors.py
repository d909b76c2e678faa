"""Tensor types with ``ttg`` encodings: reading their parts, retyping them, and the checks
the ops share (an op's result layout must be the one Triton infers from its operand)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from xdsl.dialects.builtin import NoneAttr, TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.semantics import distributed_encoding
from layoutdialect.dialect.ttg.attributes import EncodingAttr, encoding_attr
from layoutdialect.encodings import DistributedEncoding, Encoding, EncodingError, to_linear_layout
from layoutdialect.f2.layout_utils import action_remove_broadcasted_regs

__all__ = [
    "check_inferred_encoding",
    "distributed_encoding",
    "encoding_of",
    "layouts_match_up_to_broadcasting",
    "broadcast_layouts_agree",
    "same_layout",
    "scalar_type",
    "shape_and_encoding",
    "tensor_type",
    "with_encoding",
]


def tensor_type(value: SSAValue) -> TensorType[Attribute]:
    """The type of ``value``, which the op's definition already requires to be a tensor."""
    assert isinstance(value.type, TensorType)
    return value.type


def scalar_type(type_: Attribute) -> Attribute:
    """The element type of a tensor, or the type itself."""
    return type_.element_type if isinstance(type_, TensorType) else type_


def shape_and_encoding(type_: Attribute) -> tuple[tuple[int, ...], Attribute | None]:
    """A tensor's shape and encoding, ``((), None)`` for a scalar: what an elementwise op's
    operands and results must share."""
    if isinstance(type_, TensorType):
        return tuple(type_.get_shape()), type_.encoding
    return (), None


def encoding_of(type_: Attribute) -> Encoding | None:
    """The ``ttg`` encoding of a tensor or memdesc type, or ``None`` when it has none."""
    encoding = getattr(type_, "encoding", None)
    return encoding.data if isinstance(encoding, EncodingAttr) else None


@lru_cache(maxsize=4096)
def with_encoding(type_: Attribute, encoding: DistributedEncoding) -> TensorType[Attribute]:
    """The tensor type ``type_`` with ``encoding`` instead of its own (remembered: the
    passes retype the same few types over and over, and xDSL verifies each new one)."""
    assert isinstance(type_, TensorType)
    return TensorType(type_.element_type, type_.get_shape(), encoding_attr(encoding))


def same_layout(a: DistributedEncoding, b: DistributedEncoding, shape: tuple[int, ...]) -> bool:
    """Whether two encodings place every element of ``shape`` on the same threads and registers."""
    return a == b or to_linear_layout(a, shape) == to_linear_layout(b, shape)


def layouts_match_up_to_broadcasting(source: TensorType[Attribute], result: TensorType[Attribute]) -> bool:
    """Whether ``result``'s encoding places the elements of ``source``'s shape as
    ``source``'s does (Triton's ``tt.broadcast`` rule); unencoded tensors match each other."""
    if source.encoding == result.encoding:
        return True
    src, dst = distributed_encoding(source), distributed_encoding(result)
    if src is None or dst is None:
        return False
    try:
        return same_layout(src, dst, tuple(source.get_shape()))
    except EncodingError:
        return False


def broadcast_layouts_agree(source: TensorType[Attribute], result: TensorType[Attribute]) -> bool:
    """Triton 3.9's ``tt.broadcast`` verifier: at ``source``'s shape, the two encodings place
    every element alike once their broadcast registers (zero register bases, Triton's
    ``actionRemoveBroadcastedRegs``) are dropped.  So an MMA v3 column of ``instrShape``
    N = 64 broadcasts into N = 128, whose wider tile only holds more copies of the column;
    registers in another order do not agree.  A side without an encoding agrees with any
    (Triton's warp specialisation broadcasts a plain bias row into a ``#ttg.linear`` tile)."""
    if source.encoding == result.encoding or NoneAttr() in (source.encoding, result.encoding):
        return True
    src, dst = distributed_encoding(source), distributed_encoding(result)
    if src is None or dst is None:
        return False
    shape = list(source.get_shape())
    try:
        a, b = to_linear_layout(src, shape), to_linear_layout(dst, shape)
    except EncodingError:
        return False
    return action_remove_broadcasted_regs(a).apply(a) == action_remove_broadcasted_regs(b).apply(b)


def check_inferred_encoding(
    op_name: str,
    source: Attribute,
    result: Attribute,
    infer: Callable[[DistributedEncoding], DistributedEncoding],
    subject: str = "result",
    exact: bool = False,
) -> None:
    """Raise ``VerifyException`` unless ``result``'s layout is the one ``infer`` gives for
    ``source``'s; tensors without ``ttg`` encodings are not checked.  ``subject`` names
    ``result`` in the message (an op checked backwards names its operand).

    Triton's ops come in two kinds: those whose result type must *be* the inferred
    type (``InferTypeOpInterface``: ``tt.expand_dims``, ``tt.reduce``) and those that
    accept any encoding with the same linear layout
    (``InferTensorTypeOpWithLayoutEquivalence``: ``tt.trans``, ``tt.split``, and
    ``tt.reshape``'s own check); ``exact`` picks the first."""
    src, dst = distributed_encoding(source), distributed_encoding(result)
    if src is None or dst is None:
        return
    assert isinstance(result, TensorType)
    try:
        expected = infer(src)
    except EncodingError as error:
        raise VerifyException(f"{op_name}: {error}") from None
    if exact:
        if expected != dst:
            inferred = TensorType(result.element_type, result.get_shape(), encoding_attr(expected))
            raise VerifyException(
                f"'{op_name}' op inferred type(s) '{inferred}' are incompatible with return type(s) of operation "
                f"'{result}'"
            )
        return
    if not same_layout(expected, dst, tuple(result.get_shape())):
        raise VerifyException(
            f"{op_name}: {subject} encoding {result.encoding} differs from the inferred {encoding_attr(expected)}"
        )
