"""The cost model prices each op from counts it takes from the analyses and the planner,
with the target's weights, times its loops' trip counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutdialect import make_context, parse_module, plan_module
from layoutdialect.cost import DEFAULT_TRIP_COUNT, TERMS, CostItem, FunctionCost, module_cost, weights_for
from layoutdialect.cost.contiguity import Strides, contiguous_dim, vector_limit
from layoutdialect.cost.register_pressure import peak_registers
from layoutdialect.dialect.tt.func import AnyFuncOp
from layoutdialect.ir.diagnostics import IRError
from layoutdialect.target import Target

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

ROWS = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLS = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
SPREAD = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>"
R = "#ttg.slice<{dim = 1, parent = #rows}>"
C = "#ttg.slice<{dim = 0, parent = #rows}>"


def kernel(body: str, arguments: str = "", target: str = "cuda:90") -> str:
    header = f"#rows = {ROWS}\n#cols = {COLS}\n#spread = {SPREAD}\n#r = {R}\n#c = {C}\n"
    attributes = f'"ttg.num-warps" = 4 : i32, ttg.target = "{target}", "ttg.threads-per-warp" = 32 : i32'
    function = f"  tt.func @k({arguments}) {{\n{body}\n    tt.return\n  }}\n"
    return f"{header}module attributes {{{attributes}}} {{\n{function}}}\n"


def cost_of(text: str) -> FunctionCost:
    (function,) = module_cost(parse_module(text, "k.mlir", make_context()))
    return function


def items(cost: FunctionCost, op: str) -> list[CostItem]:
    return [item for item in cost.items if item.op == op]


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.mlir")), ids=lambda path: path.stem)
def test_each_conversion_pays_its_plans_counts_at_the_targets_weights(example: Path) -> None:
    module = parse_module(example.read_text(), example.name, make_context())
    plans = plan_module(module, verify=False)
    priced = [item for function in module_cost(module) for item in function.items if item.term == "conversions"]
    assert len(priced) == len(plans)
    w = weights_for(Target.named("cuda:90"))
    for plan, item in zip(plans, priced):
        instructions = plan.selects + plan.permutes
        if plan.store and plan.load:
            instructions += plan.store.instructions + plan.load.instructions
        expected = (
            plan.shuffles * w.shuffle
            + instructions * w.instruction
            + plan.wavefronts * w.wavefront
            + plan.barriers * w.barrier
            + plan.scratch_bytes * w.scratch_byte
        )
        assert item.each == expected and item.detail == plan.path
        assert item.loc == plan.loc


def test_terms_add_up_to_the_cost_and_items_to_their_terms() -> None:
    module = parse_module((EXAMPLES / "matmul_tile.mlir").read_text(), "matmul_tile.mlir", make_context())
    for function in module_cost(module):
        assert list(function.terms) == list(TERMS)
        assert function.cost == sum(function.terms.values())
        for term in TERMS:
            assert function.terms[term] == sum(item.cost for item in function.items if item.term == term)
        assert set(function.to_json()) >= {"name", "cost", "terms"}


LOOP = """
    %lb = arith.constant {lb} : i32
    %ub = arith.constant 10 : i32
    %step = arith.constant 3 : i32
    scf.for %i = %lb to %ub step %step : i32 {{
      %y = arith.mulf %x, %x : tensor<32x16xf32, #rows>
      scf.for %j = %lb to %n step %step : i32 {{
        %z = arith.addf %x, %x : tensor<32x16xf32, #rows>
      }}
    }}"""


@pytest.mark.parametrize(("lb", "trips"), [(0, 4), (1, 3), (10, 0), (12, 0)])
def test_an_op_runs_its_loops_constant_trip_counts_or_the_default(lb: int, trips: int) -> None:
    cost = cost_of(kernel(LOOP.format(lb=lb), "%x: tensor<32x16xf32, #rows>, %n: i32"))
    (outer,) = items(cost, "arith.mulf")
    (inner,) = items(cost, "arith.addf")
    assert (outer.trips, inner.trips) == (trips, trips * DEFAULT_TRIP_COUNT)
    assert outer.counts == {"instructions": 4} and outer.cost == 4 * trips


POINTERS = """
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #r>
    %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #c>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #r> -> tensor<32x1xi32, #rows>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #c> -> tensor<1x16xi32, #rows>
    %pitch = arith.constant dense<64> : tensor<PITCHEDxi32, #rows>
    %scaled = arith.muli %PNAME, %pitch : tensor<PITCHEDxi32, #rows>
    %rb = tt.broadcast %ROWV : tensor<32x1xi32, #rows> -> tensor<32x16xi32, #rows>
    %cb = tt.broadcast %COLV : tensor<1x16xi32, #rows> -> tensor<32x16xi32, #rows>
    %offsets = arith.addi %rb, %cb : tensor<32x16xi32, #rows>
    %splat = tt.splat %base : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #rows>
    %ptrs = tt.addptr %splat, %offsets : tensor<32x16x!tt.ptr<f32>, #rows>, tensor<32x16xi32, #rows>
    %x = tt.load %ptrs : tensor<32x16x!tt.ptr<f32>, #rows>"""


def pointer_kernel(column_major: bool, divisibility: int | None = 16) -> str:
    if column_major:  # element (i, j) at j * 64 + i
        names = {"PITCHED": "1x16", "PNAME": "c", "ROWV": "r", "COLV": "scaled"}
    else:  # element (i, j) at i * 64 + j
        names = {"PITCHED": "32x1", "PNAME": "r", "ROWV": "scaled", "COLV": "c"}
    body = POINTERS
    for placeholder, name in names.items():
        body = body.replace(placeholder, name)
    aligned = "" if divisibility is None else f" {{tt.divisibility = {divisibility} : i32}}"
    return kernel(body, f"%base: !tt.ptr<f32>{aligned}")


@pytest.mark.parametrize(
    ("column_major", "strides", "instructions"),
    [(False, (64, 1), 1), (True, (1, 64), 4)],
)
def test_a_load_is_priced_along_the_dimension_its_pointers_make_contiguous(
    column_major: bool, strides: tuple[int, int], instructions: int
) -> None:
    text = pointer_kernel(column_major)
    module = parse_module(text, "k.mlir", make_context())
    pointers = next(op for op in module.walk() if op.name == "tt.load").operands[0]
    assert Strides().of(pointers) == strides
    assert contiguous_dim(pointers) == strides.index(1)
    (load,) = items(cost_of(text), "tt.load")
    # #rows: each thread holds 4 columns of a row, a warp 8 rows of 16 columns, 512 bytes
    # in 16 sectors either way: one 128-bit load of 16 sectors a thread when rows are
    # contiguous (and the base 16-byte aligned), four 32-bit loads of 4 sectors (8 rows
    # of a column each) when columns are
    assert load.counts == {"instructions": instructions, "sectors": 16}
    # index and pointer arithmetic is affine: one instruction however many registers
    assert {item.op: item.counts["instructions"] for item in cost_of(text).items if item.term == "elementwise"} == {
        "arith.muli": 1,
        "arith.addi": 1,
        "tt.addptr": 1,
    }


def test_pointers_the_analysis_cannot_follow_are_taken_as_row_major() -> None:
    text = kernel("    %x = tt.load %p : tensor<32x16x!tt.ptr<f32>, #cols>", "%p: tensor<32x16x!tt.ptr<f32>, #cols>")
    module = parse_module(text, "k.mlir", make_context())
    pointers = next(op for op in module.walk() if op.name == "tt.load").operands[0]
    assert Strides().of(pointers) == (None, None) and contiguous_dim(pointers) == 1


REDUCE = """
    %r = "tt.reduce"(%x) <{{axis = {axis} : i32}}> ({{
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }}) : (tensor<32x16xf32, #spread>) -> tensor<{kept}xf32, #ttg.slice<{{dim = {axis}, parent = #spread}}>>"""


@pytest.mark.parametrize(("axis", "kept", "barriers"), [(0, 16, 0), (1, 32, 2)])
def test_a_reduction_across_warps_pays_a_shared_memory_exchange(axis: int, kept: int, barriers: int) -> None:
    # #spread: 4 lanes along dim 0 and 8 along dim 1, the 4 warps along dim 1
    cost = cost_of(kernel(REDUCE.format(axis=axis, kept=kept), "%x: tensor<32x16xf32, #spread>"))
    (reduce,) = items(cost, "tt.reduce")
    assert reduce.counts.get("barriers", 0) == barriers
    lane_bits = {0: 2, 1: 3}[axis]
    outputs = {0: 1, 1: 8}[axis]  # registers of the result in each thread
    assert reduce.counts["shuffles"] == lane_bits * outputs
    assert ("wavefronts" in reduce.counts) == (barriers > 0)


def test_the_peak_counts_every_tensor_live_at_one_point() -> None:
    body = """
    %a = tt.load %p : tensor<32x16x!tt.ptr<f32>, #rows>
    %b = tt.load %q : tensor<32x16x!tt.ptr<f16>, #rows>
    %c = arith.extf %b : tensor<32x16xf16, #rows> to tensor<32x16xf32, #rows>
    %d = arith.addf %a, %c : tensor<32x16xf32, #rows>
    tt.store %p, %d : tensor<32x16x!tt.ptr<f32>, #rows>"""
    arguments = "%p: tensor<32x16x!tt.ptr<f32>, #rows>, %q: tensor<32x16x!tt.ptr<f16>, #rows>"
    module = parse_module(kernel(body, arguments), "k.mlir", make_context())
    func = next(op for op in module.walk() if isinstance(op, AnyFuncOp))
    # each thread holds 4 elements: pointers 8 registers each, f32 4, f16 2
    # at %d: %p, %a, %c live, %d born (%q, %b dead): 8 + 4 + 4 + 4; at %c: 8 + 4 + 2 + 4 (+ %q's 8 until %b)
    assert peak_registers(func.body.block) == max(8 + 8 + 4 + 2, 8 + 4 + 2 + 4, 8 + 4 + 4 + 4)
    assert cost_of(kernel(body, arguments)).registers == 22


def test_the_register_limit_is_the_targets() -> None:
    body = "    %y = arith.mulf %x, %x : tensor<32x16xf32, #rows>"
    for target, limit in (("cuda:90", 255), ("hip:gfx942", 512), ("hip:gfx1100", 256)):
        cost = cost_of(kernel(body, "%x: tensor<32x16xf32, #rows>", target))
        assert cost.register_limit == limit and cost.fits_registers


def test_a_module_naming_no_known_gpu_is_an_error_at_its_function() -> None:
    text = kernel("", "", target="gfx950")
    with pytest.raises(IRError, match=r"k.mlir:7:3: error: unknown target 'gfx950'"):
        cost_of(text)


def test_a_splat_of_a_scalar_constant_scales_strides_as_a_dense_constant_does() -> None:
    body = POINTERS.replace("PITCHED", "32x1").replace("PNAME", "r").replace("ROWV", "scaled").replace("COLV", "c")
    dense = "    %pitch = arith.constant dense<64> : tensor<32x1xi32, #rows>"
    constant = "    %sixty_four = arith.constant 64 : i32\n"
    splat = constant + "    %pitch = tt.splat %sixty_four : i32 -> tensor<32x1xi32, #rows>"
    assert dense in body
    module = parse_module(kernel(body.replace(dense, splat), "%base: !tt.ptr<f32>"), "k.mlir", make_context())
    pointers = next(op for op in module.walk() if op.name == "tt.load").operands[0]
    assert Strides().of(pointers) == (64, 1)


@pytest.mark.parametrize(("divisibility", "vector_bits"), [(None, 32), (4, 32), (8, 64), (16, 128), (32, 128)])
def test_a_vector_is_as_wide_as_the_pointers_alignment_proves(divisibility: int | None, vector_bits: int) -> None:
    """As Triton's ``getVectorSize``: a thread's four contiguous floats load as one vector
    only as wide as the base pointer's ``tt.divisibility`` (bytes) allows."""
    text = pointer_kernel(column_major=False, divisibility=divisibility)
    module = parse_module(text, "k.mlir", make_context())
    pointers = next(op for op in module.walk() if op.name == "tt.load").operands[0]
    assert vector_limit(pointers, 32) == max(1, (divisibility or 1) // 4)
    (load,) = items(cost_of(text), "tt.load")
    assert load.counts["instructions"] == 128 // vector_bits


CARRIED_POINTERS = """
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.slice<{dim = 0, parent = #b}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%base: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %step = arith.constant STEP : i32
    %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #col>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #col> -> tensor<1x16xi32, #b>
    %cb = tt.broadcast %c : tensor<1x16xi32, #b> -> tensor<32x16xi32, #b>
    %p = tt.splat %base : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #b>
    %ptrs = tt.addptr %p, %cb : tensor<32x16x!tt.ptr<f32>, #b>, tensor<32x16xi32, #b>
    %end = scf.for %k = %c0 to %n step %step iter_args(%q = %ptrs) -> (tensor<32x16x!tt.ptr<f32>, #b>) : i32 {
      %x = tt.load %q : tensor<32x16x!tt.ptr<f32>, #b>
      %ks = tt.splat %k : i32 -> tensor<32x16xi32, #b>
      %at_k = tt.addptr %q, %ks : tensor<32x16x!tt.ptr<f32>, #b>, tensor<32x16xi32, #b>
      %y = tt.load %at_k : tensor<32x16x!tt.ptr<f32>, #b>
      %next = tt.addptr %q, %ks : tensor<32x16x!tt.ptr<f32>, #b>, tensor<32x16xi32, #b>
      scf.yield %next : tensor<32x16x!tt.ptr<f32>, #b>
    }
    tt.return
  }
}
"""


@pytest.mark.parametrize(("step", "vector"), [(4, 4), (2, 2), (1, 1)])
def test_loop_carried_pointers_keep_their_strides_and_the_steps_alignment(step: int, vector: int) -> None:
    """A pointer advanced by a splat each trip keeps its init's contiguity, and its
    alignment down to the step's; the induction variable divides by its bounds' and step's."""
    module = parse_module(CARRIED_POINTERS.replace("STEP", str(step)), "k.mlir", make_context())
    carried, at_k = (op.operands[0] for op in module.walk() if op.name == "tt.load")
    strides = Strides()
    assert strides.of(carried) == (0, 1)
    assert vector_limit(carried, 32, strides) == vector
    assert vector_limit(at_k, 32, strides) == vector
