"""How many 32-bit registers a thread needs for its tensors at the busiest point of a
function: the cost model's hard limit.

A distributed tensor holds, in each thread, one value per register of its layout, packed
into 32-bit registers (two f16 in one, a pointer in two).  A tensor is live from the op
that defines it (or the start of the block whose argument it is) to the last op of its
block that reads it, directly or from a region nested in that op, so a value read inside
a loop stays live through the whole loop.  At each op the live tensors of its block and
the busiest point of its regions add up; the peak is the most over the function.

A tensor that is an affine function of its element's coordinates (a range, its
broadcasts and sums, pointers built from them: ``contiguity.Strides`` knows all its
strides) takes one register: the compiler keeps its base and folds each register's
constant offset into the instructions that read it.  Scalars count as free.  The rest is
what a register allocator must find room for, before any temporaries of the lowering.
"""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Block, SSAValue

from layoutdialect.cost.contiguity import Strides
from layoutdialect.dialect.semantics import distributed_encoding
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.encodings import EncodingError, to_linear_layout

__all__ = ["layout_registers", "peak_registers", "tensor_registers", "type_registers"]

REGISTER_BITS = 32


def tensor_registers(value: SSAValue, strides: Strides | None = None) -> int:
    """The 32-bit registers one thread holds of the tensor ``value`` (0 for anything else):
    1 for an affine tensor (``strides`` finds them), else ``type_registers`` of its type."""
    if distributed_encoding(value.type) is None:
        return 0
    if all(stride is not None for stride in (strides or Strides()).of(value) or ()):
        return 1
    return type_registers(value.type)


def type_registers(type_: Attribute) -> int:
    """The 32-bit registers one thread holds of a tensor of ``type_`` (0 for anything
    else): ``layout_registers`` elements, those narrower than a register packed, a pointer
    taking 64 bits and an element without a width 32."""
    registers = layout_registers(type_)
    if not registers:
        return 0
    assert isinstance(type_, TensorType)
    bits = bit_width(type_.element_type) or REGISTER_BITS
    return -(-registers * bits // REGISTER_BITS)


def layout_registers(type_: Attribute) -> int:
    """The registers of the layout of a tensor of ``type_``: the elements each thread holds,
    copies included (0 for anything else, or an encoding without a linear layout)."""
    encoding = distributed_encoding(type_)
    if encoding is None:
        return 0
    assert isinstance(type_, TensorType)
    try:
        return to_linear_layout(encoding, list(type_.get_shape())).get_in_dim_size("register")
    except EncodingError:
        return 0


def peak_registers(block: Block, strides: Strides | None = None) -> int:
    """The most registers the tensors live at one point of ``block`` take, with those of
    the regions nested in its ops (the module docstring gives the rule); ``strides``
    holds what is known of the function's affine tensors."""
    strides = strides or Strides()
    ops = list(block.ops)
    last_read: dict[SSAValue, int] = {}
    for index, op in enumerate(ops):
        for nested in op.walk():
            for operand in nested.operands:
                last_read[operand] = index
    sizes: dict[SSAValue, int] = {}
    live: set[SSAValue] = set()
    for argument in block.args:
        if argument in last_read and (size := tensor_registers(argument, strides)):
            sizes[argument] = size
            live.add(argument)
    peak = sum(sizes[value] for value in live)
    for index, op in enumerate(ops):
        inner = max((peak_registers(nested, strides) for region in op.regions for nested in region.blocks), default=0)
        for result in op.results:
            if size := tensor_registers(result, strides):
                sizes[result] = size
                live.add(result)
        peak = max(peak, inner + sum(sizes[value] for value in live))
        live = {value for value in live if last_read.get(value, -1) > index}
    return peak
