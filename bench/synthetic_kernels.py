"""Random Triton kernels full of layout conversions, as TTGIR text.

A kernel loads vectors (``512xf32``) and tiles (``64x64xf32``) in several blocked
layouts, combines them with elementwise math, reduces tiles to slice-layout rows
and broadcasts them back, nests ``scf.for`` and ``scf.while`` loops and
``scf.if``s, and stores results.  Mixing values of two layouts goes through a ``ttg.convert_layout``, as
Triton's layout assignment would leave it; about one op in ten is a conversion.

Used by ``bench_remove_conversions.py`` (a 5,000-op kernel) and by the property
tests of ``remove-redundant-conversions`` (small kernels, interpreted).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = ["synthetic_kernel"]

VECTOR = 512
TILE = 64

ENCODINGS = {
    "#v0": "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
    "#v1": "#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
    "#v2": "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
    "#t0": "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "#t1": "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>",
    "#t2": "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>",
}
VECTOR_ENCODINGS = ("#v0", "#v1", "#v2")
TILE_ENCODINGS = ("#t0", "#t1", "#t2")


@dataclass(frozen=True)
class Value:
    """An SSA name with its shape and encoding text."""

    name: str
    shape: tuple[int, ...]
    encoding: str

    @property
    def type(self) -> str:
        return tensor_type(self.shape, "f32", self.encoding)


def tensor_type(shape: tuple[int, ...], element: str, encoding: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}, {encoding}>"


def slice_encoding(dim: int, parent: str) -> str:
    return f"#ttg.slice<{{dim = {dim}, parent = {parent}}}>"


@dataclass
class KernelWriter:
    """Emits one function's body; ``pool`` holds the values visible at the insertion point."""

    rng: random.Random
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    conversions: int = 0
    ops: int = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%{self.counter}"

    def emit(self, depth: int, text: str) -> str:
        name = self.fresh()
        self.lines.append(f"{'  ' * depth}{name} = {text}")
        self.ops += 1
        return name

    def convert(self, depth: int, value: Value, encoding: str) -> Value:
        if value.encoding == encoding:
            return value
        self.conversions += 1
        target = Value("", value.shape, encoding)
        name = self.emit(depth, f"ttg.convert_layout {value.name} : {value.type} -> {target.type}")
        return Value(name, value.shape, encoding)

    def offsets(self, depth: int, shape: tuple[int, ...], encoding: str) -> str:
        """Row-major element offsets of a tensor of ``shape`` in ``encoding``."""
        if len(shape) == 1:
            return self.emit(
                depth,
                f"tt.make_range {{end = {shape[0]} : i32, start = 0 : i32}} : {tensor_type(shape, 'i32', encoding)}",
            )
        rows = self.emit(
            depth,
            f"tt.make_range {{end = {TILE} : i32, start = 0 : i32}} : "
            f"{tensor_type((TILE,), 'i32', slice_encoding(1, encoding))}",
        )
        columns = self.emit(
            depth,
            f"tt.make_range {{end = {TILE} : i32, start = 0 : i32}} : "
            f"{tensor_type((TILE,), 'i32', slice_encoding(0, encoding))}",
        )
        row = self.emit(
            depth,
            f"tt.expand_dims {rows} {{axis = 1 : i32}} : "
            f"{tensor_type((TILE,), 'i32', slice_encoding(1, encoding))} -> "
            f"{tensor_type((TILE, 1), 'i32', encoding)}",
        )
        column = self.emit(
            depth,
            f"tt.expand_dims {columns} {{axis = 0 : i32}} : "
            f"{tensor_type((TILE,), 'i32', slice_encoding(0, encoding))} -> "
            f"{tensor_type((1, TILE), 'i32', encoding)}",
        )
        stride = self.emit(depth, f"arith.constant dense<{TILE}> : {tensor_type((TILE, 1), 'i32', encoding)}")
        scaled = self.emit(depth, f"arith.muli {row}, {stride} : {tensor_type((TILE, 1), 'i32', encoding)}")
        wide_rows = self.emit(
            depth,
            f"tt.broadcast {scaled} : {tensor_type((TILE, 1), 'i32', encoding)} -> "
            f"{tensor_type(shape, 'i32', encoding)}",
        )
        wide_columns = self.emit(
            depth,
            f"tt.broadcast {column} : {tensor_type((1, TILE), 'i32', encoding)} -> "
            f"{tensor_type(shape, 'i32', encoding)}",
        )
        return self.emit(depth, f"arith.addi {wide_rows}, {wide_columns} : {tensor_type(shape, 'i32', encoding)}")

    def pointers(self, depth: int, base: str, shape: tuple[int, ...], encoding: str) -> str:
        offsets = self.offsets(depth, shape, encoding)
        pointer_type = tensor_type(shape, "!tt.ptr<f32>", encoding)
        splat = self.emit(depth, f"tt.splat {base} : !tt.ptr<f32> -> {pointer_type}")
        return self.emit(depth, f"tt.addptr {splat}, {offsets} : {pointer_type}, {tensor_type(shape, 'i32', encoding)}")

    def load(self, depth: int, shape: tuple[int, ...]) -> Value:
        encoding = self.rng.choice(VECTOR_ENCODINGS if len(shape) == 1 else TILE_ENCODINGS)
        pointers = self.pointers(depth, "%in", shape, encoding)
        pointer_type = tensor_type(shape, "!tt.ptr<f32>", encoding)
        return Value(self.emit(depth, f"tt.load {pointers} : {pointer_type}"), shape, encoding)

    def store(self, depth: int, value: Value) -> None:
        encoding = self.rng.choice(VECTOR_ENCODINGS if len(value.shape) == 1 else TILE_ENCODINGS)
        stored = self.convert(depth, value, encoding)
        pointers = self.pointers(depth, "%out", value.shape, encoding)
        pointer_type = tensor_type(value.shape, "!tt.ptr<f32>", encoding)
        self.lines.append(f"{'  ' * depth}tt.store {pointers}, {stored.name} : {pointer_type}")
        self.ops += 1

    def binary(self, depth: int, a: Value, b: Value) -> Value:
        b = self.convert(depth, b, a.encoding)
        op = self.rng.choice(("arith.addf", "arith.mulf", "arith.subf", "arith.maxnumf"))
        return Value(self.emit(depth, f"{op} {a.name}, {b.name} : {a.type}"), a.shape, a.encoding)

    def unary(self, depth: int, a: Value) -> Value:
        op = self.rng.choice(("math.exp", "math.sin", "arith.negf", "math.absf"))
        return Value(self.emit(depth, f"{op} {a.name} : {a.type}"), a.shape, a.encoding)

    def reduce_and_broadcast(self, depth: int, tile: Value) -> Value:
        """Sum a tile along an axis and broadcast the row back over it."""
        axis = self.rng.randrange(2)
        row_encoding = slice_encoding(axis, tile.encoding)
        row = Value("", (TILE,), row_encoding)
        name = self.fresh()
        self.lines += [
            f'{"  " * depth}{name} = "tt.reduce"({tile.name}) <{{axis = {axis} : i32}}> ({{',
            f"{'  ' * depth}^bb0(%lhs{name[1:]}: f32, %rhs{name[1:]}: f32):",
            f"{'  ' * depth}  %sum{name[1:]} = arith.addf %lhs{name[1:]}, %rhs{name[1:]} : f32",
            f"{'  ' * depth}  tt.reduce.return %sum{name[1:]} : f32",
            f"{'  ' * depth}}}) : ({tile.type}) -> {row.type}",
        ]
        self.ops += 3
        kept = (1, TILE) if axis == 0 else (TILE, 1)
        expanded = self.emit(
            depth,
            f"tt.expand_dims {name} {{axis = {axis} : i32}} : {row.type} -> {tensor_type(kept, 'f32', tile.encoding)}",
        )
        wide = self.emit(depth, f"tt.broadcast {expanded} : {tensor_type(kept, 'f32', tile.encoding)} -> {tile.type}")
        return Value(wide, tile.shape, tile.encoding)

    def loop(self, depth: int, pool: list[Value], budget: int) -> Value:
        carried = self.rng.choice(pool)
        result, induction, accumulator = self.fresh(), self.fresh(), self.fresh()
        self.lines.append(
            f"{'  ' * depth}{result} = scf.for {induction} = %c0 to %n step %c1 "
            f"iter_args({accumulator} = {carried.name}) -> ({carried.type}) : i32 {{"
        )
        inner = self.body(depth + 1, [*pool, Value(accumulator, carried.shape, carried.encoding)], budget)
        yielded = self.convert(
            depth + 1, self.rng.choice([v for v in inner if v.shape == carried.shape]), carried.encoding
        )
        self.lines += [f"{'  ' * (depth + 1)}scf.yield {yielded.name} : {carried.type}", f"{'  ' * depth}}}"]
        self.ops += 2
        return Value(result, carried.shape, carried.encoding)

    def while_loop(self, depth: int, pool: list[Value], budget: int) -> Value:
        """An ``scf.while`` counting to ``%n`` that carries a value of the pool."""
        carried = self.rng.choice(pool)
        result, count, value, index, body_value, body_index = (self.fresh() for _ in range(6))
        indent = "  " * depth
        self.lines.append(
            f"{indent}{result}, {count} = scf.while ({value} = {carried.name}, {index} = %c0) : "
            f"({carried.type}, i32) -> ({carried.type}, i32) {{"
        )
        condition = self.emit(depth + 1, f"arith.cmpi slt, {index}, %n : i32")
        self.lines += [
            f"{indent}  scf.condition({condition}) {value}, {index} : {carried.type}, i32",
            f"{indent}}} do {{",
            f"{indent}^bb0({body_value}: {carried.type}, {body_index}: i32):",
        ]
        inner = self.body(depth + 1, [*pool, Value(body_value, carried.shape, carried.encoding)], budget)
        yielded = self.convert(
            depth + 1, self.rng.choice([v for v in inner if v.shape == carried.shape]), carried.encoding
        )
        step = self.emit(depth + 1, f"arith.addi {body_index}, %c1 : i32")
        self.lines += [f"{indent}  scf.yield {yielded.name}, {step} : {carried.type}, i32", f"{indent}}}"]
        self.ops += 3
        return Value(result, carried.shape, carried.encoding)

    def branch(self, depth: int, pool: list[Value], budget: int) -> Value:
        chosen = self.rng.choice(pool)
        condition = self.emit(depth, "arith.cmpi slt, %n, %c4 : i32")
        result = self.fresh()
        self.lines.append(f"{'  ' * depth}{result} = scf.if {condition} -> ({chosen.type}) {{")
        for side in range(2):
            inner = self.body(depth + 1, pool, budget // 2)
            yielded = self.convert(
                depth + 1, self.rng.choice([v for v in inner if v.shape == chosen.shape]), chosen.encoding
            )
            self.lines.append(f"{'  ' * (depth + 1)}scf.yield {yielded.name} : {chosen.type}")
            self.lines.append(f"{'  ' * depth}}}" + (" else {" if side == 0 else ""))
        self.ops += 3
        return Value(result, chosen.shape, chosen.encoding)

    def body(self, depth: int, pool: list[Value], budget: int) -> list[Value]:
        """Emit about ``budget`` ops that use and extend ``pool``; return the values in scope at the end."""
        pool = list(pool)
        start = self.ops
        while self.ops - start < budget:
            action = self.rng.random()
            a = self.rng.choice(pool)
            if action < 0.40:
                partners = [v for v in pool if v.shape == a.shape]
                pool.append(self.binary(depth, a, self.rng.choice(partners)))
            elif action < 0.55:
                pool.append(self.unary(depth, a))
            elif action < 0.65:
                pool.append(
                    self.convert(depth, a, self.rng.choice(VECTOR_ENCODINGS if len(a.shape) == 1 else TILE_ENCODINGS))
                )
            elif action < 0.72 and len(a.shape) == 2:
                pool.append(self.reduce_and_broadcast(depth, a))
            elif action < 0.78:
                pool.append(self.load(depth, self.rng.choice(((VECTOR,), (TILE, TILE)))))
            elif action < 0.83:
                self.store(depth, a)
            elif action < 0.87 and depth < 3:
                pool.append(self.loop(depth, pool, min(budget // 4, 60)))
            elif action < 0.89 and depth < 3:
                pool.append(self.while_loop(depth, pool, min(budget // 4, 40)))
            elif action < 0.94 and depth < 3:
                pool.append(self.branch(depth, pool, min(budget // 4, 40)))
        return pool


def synthetic_kernel(ops: int, seed: int = 0) -> tuple[str, int]:
    """A module with one ``tt.func @kernel`` of about ``ops`` ops; also returns how
    many ``ttg.convert_layout``s it holds."""
    writer = KernelWriter(random.Random(seed))
    depth = 2
    writer.lines += [f"{'  ' * depth}%c{v} = arith.constant {v} : i32" for v in (0, 1, 4)]
    pool = [writer.load(depth, (VECTOR,)), writer.load(depth, (TILE, TILE))]
    pool = writer.body(depth, pool, ops)
    for value in pool[-2:]:
        writer.store(depth, value)
    header = [f"{alias} = {text}" for alias, text in ENCODINGS.items()]
    module = [
        *header,
        'module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {',
        "  tt.func @kernel(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {",
        *writer.lines,
        "    tt.return",
        "  }",
        "}",
    ]
    return "\n".join(module) + "\n", writer.conversions
