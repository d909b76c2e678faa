"""Wrong arguments given to the public API, of the wrong type or the wrong value, are
``ValueError`` subclasses that name the argument, never a ``TypeError``, ``KeyError``,
``IndexError`` or ``AssertionError`` from deep inside.  ``bench/fuzz_api.py`` finds such
calls; each one it found is a row here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from layoutdialect import (
    BlockedEncoding,
    CGALayout,
    EncodingError,
    IRError,
    LayoutBuilder,
    LinearLayout,
    LinearLayoutError,
    NvidiaMmaEncoding,
    SliceEncoding,
    SwizzledSharedEncoding,
    encoding_attr,
    ensure_layout_not_smaller_than,
    parse_module,
    print_module,
    to_linear_layout,
)
from layoutdialect.analysis.bank_conflicts import access_cost, bank_conflicts
from layoutdialect.analysis.conversion import choose_strategy, minimal_conversion
from layoutdialect.analysis.duplicates import find_duplicates
from layoutdialect.analysis.layout_views import element_view, grid
from layoutdialect.analysis.preconditions import AnalysisError
from layoutdialect.analysis.scratch_layout import RemoteReads, plan_scratch, triton_scratch_plan
from layoutdialect.analysis.swizzle_synthesis import access_words, synthesise_swizzle
from layoutdialect.analysis.tensor_memory_access import (
    TMemAccessAtom,
    TMemAccessError,
    distributed_layout_for_tmem_access,
    tmem_view,
)
from layoutdialect.analysis.warp_shuffles import (
    WarpDecomposition,
    bit_permutation,
    decompose_warp_conversion,
    hardware_permutation,
)
from layoutdialect.cute.algebra import composition
from layoutdialect.cute.layout import CuteError, Layout, Swizzle, flatten
from layoutdialect.encodings.tensor_memory import TensorMemoryLayout, tensor_memory_linear_layout
from layoutdialect.f2 import ColumnAction, is_power_of_two, standard_out_dim_names
from layoutdialect.target import SharedMemory, Target, TargetError

ROW = LinearLayout.from_bases([("register", [[1]])], ["dim0"])
BLOCKED = BlockedEncoding((1, 4), (8, 4), (4, 1), (1, 0), CGALayout.single(2))
WARPS = LinearLayout.from_bases([("warp", [[1]])], ["dim0"])
"""A layout with no register or lane in-dim."""
LANES = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2]])], ["dim0"])
SWAPPED = LinearLayout.from_bases([("register", [[2]]), ("lane", [[1]])], ["dim0"])
SOURCE = to_linear_layout(BLOCKED, [32, 64])
DESTINATION = to_linear_layout(BlockedEncoding((4, 1), (4, 8), (1, 4), (0, 1), CGALayout.single(2)), [32, 64])
MMA = NvidiaMmaEncoding(2, 0, (2, 2), CGALayout.single(2), (16, 8))
MEMORY = SharedMemory()


TMEM = tensor_memory_linear_layout(TensorMemoryLayout(128, 64, 1), [128, 64])
SHARED = to_linear_layout(SwizzledSharedEncoding(8, 1, 8, (1, 0), CGALayout.single(2)), [32, 64])


def warp_decomposition() -> WarpDecomposition:
    """The conversion that swaps a register bit and a lane bit."""
    decomposition = decompose_warp_conversion(LANES, SWAPPED, 32)
    assert decomposition is not None
    return decomposition


CALLS: list[tuple[str, Callable[[], Any], type[ValueError], str]] = [
    ("bases None", lambda: LinearLayout.from_bases(None, ["dim0"]), LinearLayoutError, "bases"),  # type: ignore[arg-type]
    ("bases str", lambda: LinearLayout.from_bases("abc", ["dim0"]), LinearLayoutError, "bases"),  # type: ignore[arg-type]
    ("basis float", lambda: LinearLayout.from_bases([("register", [[1.5]])], ["dim0"]), LinearLayoutError, "basis"),
    ("basis int", lambda: LinearLayout.from_bases([("register", [3])], ["dim0"]), LinearLayoutError, "basis"),  # type: ignore[list-item]
    ("names None", lambda: LinearLayout.from_bases([("register", [[1]])], None), LinearLayoutError, "out_dim_names"),  # type: ignore[arg-type]
    ("size float", lambda: LinearLayout.identity_1d(4.0, "register", "dim0"), LinearLayoutError, "size"),  # type: ignore[arg-type]
    ("size None", lambda: LinearLayout.zeros_1d(None, "register", "dim0"), LinearLayoutError, "size"),  # type: ignore[arg-type]
    ("apply None", lambda: ROW.apply(None), LinearLayoutError, "inputs"),  # type: ignore[arg-type]
    ("times int", lambda: ROW * 3, LinearLayoutError, "operand"),  # type: ignore[operator]
    ("compose None", lambda: ROW.compose(None), LinearLayoutError, "outer"),  # type: ignore[arg-type]
    ("invert str", lambda: ROW.invert_and_compose("x"), LinearLayoutError, "outer"),  # type: ignore[arg-type]
    ("transpose None", lambda: ROW.transpose_outs(None), LinearLayoutError, "sequence"),  # type: ignore[arg-type]
    (
        "field float",
        lambda: BlockedEncoding((1, 4.0), (8, 4), (4, 1), (1, 0), CGALayout.single(2)),
        EncodingError,
        "size_per_thread",
    ),  # type: ignore[arg-type]
    (
        "field None",
        lambda: BlockedEncoding(None, (8, 4), (4, 1), (1, 0), CGALayout.single(2)),
        EncodingError,
        "size_per_thread",
    ),  # type: ignore[arg-type]
    ("field str", lambda: NvidiaMmaEncoding(2, 0, "ab", (16, 8), CGALayout.single(2)), EncodingError, "warps_per_cta"),  # type: ignore[arg-type]
    ("cga None", lambda: CGALayout(None, 2), EncodingError, "bases"),  # type: ignore[arg-type]
    ("parent None", lambda: SliceEncoding(0, None), EncodingError, "parent"),  # type: ignore[arg-type]
    ("dim float", lambda: SliceEncoding(0.5, BLOCKED), EncodingError, "dim"),  # type: ignore[arg-type]
    ("encoding None", lambda: to_linear_layout(None, [64, 64]), EncodingError, "encoding"),  # type: ignore[arg-type]
    ("shape None", lambda: to_linear_layout(BLOCKED, None), EncodingError, "shape"),  # type: ignore[arg-type]
    ("shape str", lambda: to_linear_layout(BLOCKED, "64x64"), EncodingError, "shape"),  # type: ignore[arg-type]
    ("shape float", lambda: to_linear_layout(BLOCKED, [64.5, 64]), EncodingError, "shape"),  # type: ignore[list-item]
    ("text None", lambda: parse_module(None), IRError, "text"),  # type: ignore[arg-type]
    ("text int", lambda: parse_module(3), IRError, "text"),  # type: ignore[arg-type]
    # warp shuffles: KeyError 'register' and IndexError before
    (
        "hardware_permutation without registers",
        lambda: hardware_permutation(WARPS, WARPS),
        AnalysisError,
        r"source must have the in-dims \['register', 'lane'\]",
    ),
    (
        "decompose without registers",
        lambda: decompose_warp_conversion(WARPS, WARPS, 16),
        AnalysisError,
        "source must have the in-dims",
    ),
    (
        "decompose warp_lanes beyond the warps",
        lambda: decompose_warp_conversion(LANES, LANES, 16, 2),
        AnalysisError,
        "warp_lanes",
    ),
    ("copies_along past the words", lambda: warp_decomposition().copies_along(5), AnalysisError, "word_bit"),
    (
        "permute_selector past the element",
        lambda: warp_decomposition().permute_selector(3, 0),
        AnalysisError,
        "position_bit",
    ),  # type: ignore[attr-defined]
    ("bit_permutation huge", lambda: bit_permutation(2, [1 << 40]), AnalysisError, "permutation"),
    # the F2 core: TypeError before
    ("ensure float size", lambda: ensure_layout_not_smaller_than(ROW, {"dim0": 4.0}), LinearLayoutError, "shape"),  # type: ignore[dict-item]
    ("sublayout int dims", lambda: ROW.sublayout(3, ["dim0"]), LinearLayoutError, "in_dims"),  # type: ignore[arg-type]
    ("quotient layout dims", lambda: ROW.quotient(ROW), LinearLayoutError, "dims"),  # type: ignore[arg-type]
    ("reshape_outs bare sizes", lambda: ROW.reshape_outs([2]), LinearLayoutError, "new_out_dims"),  # type: ignore[list-item]
    ("builder list name", lambda: LayoutBuilder().times_identity(4, ["x"], "dim0"), LinearLayoutError, "in_dim"),  # type: ignore[arg-type]
    ("builder missing size", lambda: LayoutBuilder.of(ROW).ensure_not_larger_than({}), LinearLayoutError, "shape"),
    ("column action object", lambda: ColumnAction(object(), "register", 3), LinearLayoutError, "action"),  # type: ignore[arg-type]
    ("column action huge", lambda: ColumnAction.identity("register", 1 << 64), LinearLayoutError, "in_size_log2"),
    ("power of two float", lambda: is_power_of_two(2.0), LinearLayoutError, "value"),  # type: ignore[arg-type]
    ("rank huge", lambda: standard_out_dim_names(1 << 40), LinearLayoutError, "rank"),
    # encodings
    (
        "fitted_to layout cga",
        lambda: BlockedEncoding.fitted_to([32, 32], [1, 1], [1, 0], 4, 32, SOURCE),
        EncodingError,
        "cga",
    ),  # type: ignore[arg-type]
    ("operand_layout float shape", lambda: MMA.operand_layout(0, 2, [32.0, 32]), EncodingError, "shape"),  # type: ignore[list-item]
    ("operand_layout op_idx", lambda: MMA.operand_layout(2, 2, [32, 32]), EncodingError, "opIdx"),
    ("with_rank huge", lambda: CGALayout.single(2).with_rank(1 << 40), EncodingError, "rank"),
    ("encoding_attr float", lambda: encoding_attr(3.0), EncodingError, "encoding"),  # type: ignore[arg-type]
    # CuTe and the target
    ("cute shape string", lambda: Layout("abc"), CuteError, "shape"),  # type: ignore[arg-type]
    ("cute flatten list", lambda: flatten([("dim0", 4.0)]), CuteError, "value"),  # type: ignore[arg-type]
    ("cute tiler list", lambda: composition(Layout((4, 8), (8, 1)), []), CuteError, "b"),  # type: ignore[arg-type]
    ("swizzle float offset", lambda: Swizzle(3, 3, 3)(1.5), CuteError, "offset"),  # type: ignore[arg-type]
    ("banks float", lambda: SharedMemory(32.0), TargetError, "banks"),  # type: ignore[arg-type]
    ("arch int", lambda: Target.named(3), TargetError, "arch"),  # type: ignore[arg-type]
    # the analyses: TypeError, KeyError, IndexError and a bare AssertionError before
    ("plan_scratch float bits", lambda: plan_scratch(SOURCE, DESTINATION, 16.0, MEMORY), AnalysisError, "element_bits"),  # type: ignore[arg-type]
    ("plan_scratch other lanes", lambda: triton_scratch_plan(SOURCE, LANES, 16, MEMORY), AnalysisError, "src and dst"),
    (
        "choose_strategy string bits",
        lambda: choose_strategy(SOURCE, DESTINATION, "16", MEMORY),
        AnalysisError,
        "element_bits",
    ),  # type: ignore[arg-type]
    ("minimal_conversion no layout", lambda: minimal_conversion(SOURCE, None), AnalysisError, "dst"),  # type: ignore[arg-type]
    ("bank_conflicts list memory", lambda: bank_conflicts(SOURCE, SOURCE, 16, [1]), AnalysisError, "memory"),  # type: ignore[arg-type]
    ("access_cost zero vector", lambda: access_cost([1], [2], 16, 0, MEMORY), AnalysisError, "vector_elements"),
    ("find_duplicates int", lambda: find_duplicates(3), AnalysisError, "layout"),  # type: ignore[arg-type]
    (
        "element_view shared",
        lambda: element_view(SHARED),
        AnalysisError,
        "layout",
    ),
    ("grid no dims", lambda: grid(["a"], [], ", "), AnalysisError, "shape"),
    ("access_words int", lambda: access_words(3, 16), AnalysisError, "offsets"),  # type: ignore[arg-type]
    (
        "synthesise huge tile",
        lambda: synthesise_swizzle(1 << 64, 1 << 40, 8, [(1, 1)], MEMORY),
        AnalysisError,
        "rows and cols",
    ),
    ("tmem_view register layout", lambda: tmem_view(SOURCE, [32, 64]), TMemAccessError, "memory_layout"),
    (
        "tmem six warps",
        lambda: distributed_layout_for_tmem_access(TMEM, TMemAccessAtom.I32x32b, 6, 32),
        TMemAccessError,
        "num_warps",
    ),
    ("remote split negative", lambda: RemoteReads(2, (0,), 0, (1,)).split(-1), AnalysisError, "cluster_offset"),
    # the dialect's functions
    ("print_module None", lambda: print_module(None), IRError, "module"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error", "named"), [c[1:] for c in CALLS], ids=[c[0] for c in CALLS])
def test_a_wrong_argument_is_a_value_error_naming_it(
    call: Callable[[], Any], error: type[ValueError], named: str
) -> None:
    with pytest.raises(error, match=named):
        call()


def test_sequences_of_integers_may_be_lists_and_are_stored_as_tuples() -> None:
    blocked = BlockedEncoding([1, 4], [8, 4], [4, 1], [1, 0], CGALayout.single(2))  # type: ignore[arg-type]
    assert blocked == BLOCKED and hash(blocked) == hash(BLOCKED)
