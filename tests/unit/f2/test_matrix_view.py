"""``layout_matrix``: the F2 matrix of a layout multiplies bit vectors exactly as ``apply`` maps inputs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.f2 import LinearLayout
from layoutdialect.f2.matrix_view import BitMatrix, bit_label, layout_matrix, ordered_dims


@st.composite
def layouts(draw: st.DrawFn) -> LinearLayout:
    """Random layouts from two hardware dims to two tensor dims (any bases, copies included)."""
    sizes = [1 << draw(st.integers(0, 3)), 1 << draw(st.integers(0, 3))]
    basis = st.tuples(st.integers(0, sizes[0] - 1), st.integers(0, sizes[1] - 1)).map(list)
    bases = [(dim, draw(st.lists(basis, max_size=3))) for dim in ("register", "lane")]
    return LinearLayout.from_bases(bases, ["dim0", "dim1"], sizes, require_surjective=False)


def _bits(matrix: BitMatrix, labels: tuple[str, ...], values: dict[str, int]) -> int:
    """The bit vector (over ``labels``) of named values, such as ``{"register": 3}``."""
    vector = 0
    for position, label in enumerate(labels):
        for dim, value in values.items():
            for bit in range(value.bit_length()):
                if value >> bit & 1 and label == bit_label(dim, bit):
                    vector |= 1 << position
    return vector


@settings(deadline=None)
@given(layouts(), st.data())
def test_the_matrix_maps_input_bits_as_apply_does(layout: LinearLayout, data: st.DataObject) -> None:
    matrix = layout_matrix(layout)
    inputs = {d: data.draw(st.integers(0, layout.get_in_dim_size(d) - 1)) for d in layout.get_in_dim_names()}
    image = 0
    for column in range(len(matrix.columns)):
        if _bits(matrix, matrix.column_labels, inputs) >> column & 1:
            image ^= matrix.columns[column]
    assert image == _bits(matrix, matrix.row_labels, layout.apply(inputs))


def test_rows_list_the_last_tensor_dim_first_and_hardware_dims_in_order() -> None:
    layout = LinearLayout.from_bases([("register", [[0, 1]]), ("lane", [[1, 0], [0, 2]])], ["dim0", "dim1"])
    matrix = layout_matrix(layout)
    assert matrix.row_labels == ("j1", "j2", "i1")
    assert matrix.column_labels == ("r1", "l1", "l2")
    assert matrix.to_json()["matrix"] == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]
    assert ordered_dims(["register", "lane"]) == ["register", "lane"]


def test_product_composes_and_refuses_mismatched_labels() -> None:
    labels = ("r1", "l1")
    swap = BitMatrix(labels, labels, (0b10, 0b01))
    assert (swap @ swap).columns == (0b01, 0b10)
    other = BitMatrix(("x1", "x2"), labels, (1, 2))
    try:
        swap @ other
    except ValueError as error:
        assert "x1" in str(error)
    else:
        raise AssertionError("a product over different bits must be refused")


def test_a_layout_draws_itself_in_a_notebook() -> None:
    layout = LinearLayout.from_bases([("register", [[1]]), ("lane", [[2], [4]])], ["dim0"])
    html = layout._repr_html_()
    assert html.count("<tr>") == 1 + 3 and "<th>r1</th>" in html and "lane=1 -&gt; (2)" in html
    svg = layout._repr_svg_()
    assert svg.startswith("<svg") and svg.count('fill="#335"') == 3 and svg.count("<rect") == 9
