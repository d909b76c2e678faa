"""Linear layouts written as F2 bit-matrices, the way the papers on linear layouts write them
(as text, HTML or SVG: ``LinearLayout`` shows itself this way in notebooks).

A linear layout maps the bits of its inputs to the bits of its outputs, so it is a
matrix with one column per input bit and one row per output bit: column ``r2`` is
the output bits register 2 (register bit 1) sets.  Bits are named by a letter and
their value, low bits first: ``r`` register, ``l`` lane, ``w`` warp, ``b`` block,
``o`` shared offset, and ``i``, ``j``, ``k``, ``m``, ``n`` for tensor dims 0 to 4.
Tensor dims are listed last dim first, so that a row-major tensor's bits run from
the lowest bit of its flat index up: for a 16x16 tile the rows read
``j1 j2 j4 j8 i1 i2 i4 i8``.

Example: a blocked layout of a 4x8 tensor with 2 registers along columns and
lanes filling rows first is::

         r1 l1 l2 l4 l8 l16
      j1  1  0  0  0  0   0
      j2  0  1  0  0  0   0
      ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from layoutdialect.f2.linear_layout import LinearLayout

__all__ = ["BitMatrix", "bit_label", "layout_matrix", "ordered_dims"]

_LETTERS = {"register": "r", "lane": "l", "warp": "w", "block": "b", "offset": "o"}
_TENSOR_LETTERS = "ijkmnpqs"


def _is_tensor_dim(name: str) -> bool:
    return name.startswith("dim") and name[3:].isdigit()


def bit_label(dim: str, bit: int) -> str:
    """The name of bit ``bit`` of ``dim``: ``register`` bit 2 is ``r4``, ``dim1`` bit 0 is ``j1``."""
    if _is_tensor_dim(dim) and int(dim[3:]) < len(_TENSOR_LETTERS):
        letter = _TENSOR_LETTERS[int(dim[3:])]
    else:
        letter = _LETTERS.get(dim, dim + ":")
    return f"{letter}{1 << bit}"


def ordered_dims(names: Sequence[str]) -> list[str]:
    """``names`` in the order their bits are listed: tensor dims last first, others as given."""
    tensor = [name for name in names if _is_tensor_dim(name)]
    if len(tensor) != len(names):
        return list(names)
    return list(reversed(tensor))


@dataclass(frozen=True)
class BitMatrix:
    """An F2 matrix with labelled rows and columns; ``columns[c]`` has bit ``r`` set
    where row ``r`` of column ``c`` is 1."""

    row_labels: tuple[str, ...]
    column_labels: tuple[str, ...]
    columns: tuple[int, ...]

    def entry(self, row: int, column: int) -> int:
        return self.columns[column] >> row & 1

    def lines(self) -> list[str]:
        """The matrix as text: a header of column labels, then one labelled row per output bit."""
        label_width = max((len(label) for label in self.row_labels), default=0)
        widths = [max(len(label), 1) for label in self.column_labels]
        header = " " * label_width + "".join(f" {label:>{w}}" for label, w in zip(self.column_labels, widths))
        rows = [
            f"{label:>{label_width}}" + "".join(f" {self.entry(r, c):>{w}}" for c, w in enumerate(widths))
            for r, label in enumerate(self.row_labels)
        ]
        return [header.rstrip(), *rows]

    def text(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def to_html(self) -> str:
        """The matrix as an HTML table (ones shaded), for notebooks."""
        head = "".join(f"<th>{escape(label)}</th>" for label in self.column_labels)
        rows = []
        for r, label in enumerate(self.row_labels):
            shades = [("#ccd" if self.entry(r, c) else "#fff", self.entry(r, c)) for c in range(len(self.columns))]
            cells = "".join(f'<td style="text-align:center;background:{shade}">{bit}</td>' for shade, bit in shades)
            rows.append(f"<tr><th>{escape(label)}</th>{cells}</tr>")
        return f'<table style="font-family:monospace"><tr><th></th>{head}</tr>{"".join(rows)}</table>'

    def to_svg(self, cell: int = 16) -> str:
        """The matrix as an SVG picture: a dark square per 1, labels on the top and left."""
        margin = 8 * max((len(label) for label in (*self.row_labels, *self.column_labels)), default=1)
        width, height = margin + cell * len(self.columns), margin + cell * len(self.row_labels)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-size="10">']
        for c, label in enumerate(self.column_labels):
            x = margin + c * cell + cell / 2
            parts.append(f'<text x="{x}" y="{margin - 3}" text-anchor="middle">{escape(label)}</text>')
        for r, label in enumerate(self.row_labels):
            y = margin + r * cell
            parts.append(f'<text x="{margin - 3}" y="{y + cell - 4}" text-anchor="end">{escape(label)}</text>')
            for c in range(len(self.columns)):
                fill = "#335" if self.entry(r, c) else "#eee"
                x = margin + c * cell
                parts.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{fill}"/>')
        return "".join(parts) + "</svg>"

    def to_json(self) -> dict[str, Any]:
        """``rows`` and ``columns`` (labels) and ``matrix``, a list of rows of 0 and 1."""
        return {
            "rows": list(self.row_labels),
            "columns": list(self.column_labels),
            "matrix": [[self.entry(r, c) for c in range(len(self.columns))] for r in range(len(self.row_labels))],
        }

    def __matmul__(self, other: BitMatrix) -> BitMatrix:
        """The product over F2 (``self`` after ``other``); ``other``'s rows must be ``self``'s columns."""
        if other.row_labels != self.column_labels:
            raise ValueError(f"cannot multiply: {list(other.row_labels)} are not {list(self.column_labels)}")
        columns = []
        for column in other.columns:
            image = 0
            for k, own in enumerate(self.columns):
                if column >> k & 1:
                    image ^= own
            columns.append(image)
        return BitMatrix(self.row_labels, other.column_labels, tuple(columns))


def layout_matrix(layout: LinearLayout, in_dims: Sequence[str] | None = None) -> BitMatrix:
    """``layout`` as a matrix: a column per bit of its in-dims (``in_dims``, a subset in
    the order given, or all of them in ``ordered_dims`` order), a row per bit of its
    out-dims, low bits first."""
    bases = dict(layout.bases)
    out_dims = ordered_dims(layout.get_out_dim_names())
    rows: list[str] = []
    row_of: dict[tuple[str, int], int] = {}
    for dim in out_dims:
        for bit in range(layout.get_out_dim_size_log2(dim)):
            row_of[dim, bit] = len(rows)
            rows.append(bit_label(dim, bit))
    out_index = {name: layout.get_out_dim_index(name) for name in out_dims}
    labels: list[str] = []
    columns: list[int] = []
    for dim in ordered_dims(layout.get_in_dim_names()) if in_dims is None else in_dims:
        for bit, basis in enumerate(bases.get(dim, [])):
            labels.append(bit_label(dim, bit))
            column = 0
            for name in out_dims:
                value = basis[out_index[name]]
                for out_bit in range(value.bit_length()):
                    if value >> out_bit & 1:
                        column |= 1 << row_of[name, out_bit]
            columns.append(column)
    return BitMatrix(tuple(rows), tuple(labels), tuple(columns))
