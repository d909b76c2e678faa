"""Pure F2 linear algebra for layouts; imports nothing from xDSL."""

from layoutdialect.f2.column_action import ColumnAction
from layoutdialect.f2.layout_builder import LayoutBuilder
from layoutdialect.f2.layout_utils import (
    HARDWARE_DIMS,
    MAX_RANK,
    ensure_layout_not_larger_than,
    ensure_layout_not_smaller_than,
    identity_standard_nd,
    inverse_permutation,
    is_permutation_matrix,
    standard_out_dim_names,
)
from layoutdialect.f2.linear_layout import (
    Bases,
    LinearLayout,
    LinearLayoutError,
    divide_left,
    divide_right,
    lstsq,
    supremum,
)
from layoutdialect.f2.powers import checked_log2, is_power_of_two, log2_exact, trailing_zeros

__all__ = [
    "HARDWARE_DIMS",
    "MAX_RANK",
    "Bases",
    "ColumnAction",
    "LayoutBuilder",
    "LinearLayout",
    "LinearLayoutError",
    "checked_log2",
    "divide_left",
    "divide_right",
    "ensure_layout_not_larger_than",
    "ensure_layout_not_smaller_than",
    "inverse_permutation",
    "identity_standard_nd",
    "is_permutation_matrix",
    "is_power_of_two",
    "log2_exact",
    "lstsq",
    "standard_out_dim_names",
    "supremum",
    "trailing_zeros",
]
