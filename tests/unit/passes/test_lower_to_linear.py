"""``lower_to_linear`` over random encodings: exact, verifiable and idempotent."""

from __future__ import annotations

from encoding_strategies import distributed, nvmma, phased
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.func import FuncOp

from layoutdialect import (
    DistributedEncoding,
    Encoding,
    EncodingError,
    GenericLinearEncodingAttr,
    LinearEncodingAttr,
    MemDescType,
    SharedLinearEncodingAttr,
    SwizzledSharedEncoding,
    encoding_attr,
    make_context,
    parse_module,
    print_module,
    to_linear_layout,
    verify_module,
)
from layoutdialect.passes.lower_to_linear import lower_to_linear

CTX = make_context()
sizes = st.sampled_from([1, 2, 4, 8, 16, 32, 64, 128])


def kernel(encoding: Encoding, shape: list[int]) -> str:
    """A module whose one function takes a value of ``shape`` with ``encoding``."""
    dims = "x".join(map(str, shape))
    if isinstance(encoding, DistributedEncoding):
        attributes = (
            f'"ttg.num-warps" = {encoding.num_warps} : i32, "ttg.threads-per-warp" = {encoding.num_lanes} : i32, '
            f'"ttg.num-ctas" = {encoding.num_ctas} : i32'
        )
        value = f"tensor<{dims}xf16, {encoding_attr(encoding)}>"
    else:
        attributes = ""
        value = f"!ttg.memdesc<{dims}xf16, {encoding_attr(encoding)}, #ttg.shared_memory>"
    return f"module attributes {{{attributes}}} {{\n  func.func @f(%x: {value}) {{\n    func.return\n  }}\n}}\n"


@st.composite
def kernels(draw: st.DrawFn, encodings: st.SearchStrategy[Encoding]) -> tuple[Encoding, list[int]]:
    encoding = draw(encodings)
    return encoding, [draw(sizes) for _ in range(encoding.rank)]


@settings(deadline=None)
@given(kernels(st.one_of(distributed, phased(SwizzledSharedEncoding), nvmma())))
def test_lowering_is_exact_verifies_and_is_idempotent(case: tuple[Encoding, list[int]]) -> None:
    encoding, shape = case
    try:
        expected = to_linear_layout(encoding, shape)
    except EncodingError:
        return
    if not any(bases for _, bases in expected.bases):
        return
    module = parse_module(kernel(encoding, shape), "kernel.mlir", CTX)
    assert lower_to_linear(module) == []
    verify_module(module)
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    lowered = function.args[0].type
    lowered_encoding = lowered.encoding  # type: ignore[attr-defined]
    assert isinstance(lowered_encoding, LinearEncodingAttr | GenericLinearEncodingAttr | SharedLinearEncodingAttr)
    assert lowered_encoding.data.layout == expected
    assert function.function_type.inputs.data[0] == lowered
    once = print_module(module)
    assert lower_to_linear(module) == []
    assert print_module(module) == once
    assert print_module(parse_module(once, "once.mlir", CTX)) == once


def test_remarks_name_what_was_kept() -> None:
    text = (
        "#padded = #ttg.padded_shared<[16:+4] {order = [1, 0], shape = [16, 32]}>\n"
        "module {\n"
        "  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #padded, #ttg.shared_memory, mutable>\n"
        "}\n"
    )
    module = parse_module(text, "padded.mlir", CTX)
    remarks = lower_to_linear(module)
    assert [str(r) for r in remarks] == [
        "padded.mlir:3:3: remark: #ttg.padded_shared has no linear layout (its padding is not linear); kept"
    ]
    alloc = next(op for op in module.walk() if op.name == "ttg.local_alloc")
    assert isinstance(alloc.results[0].type, MemDescType)
    assert "padded_shared" in str(alloc.results[0].type.encoding)
