"""``ColumnAction``: a permutation (or selection) of the bases of one in-dim."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from layoutdialect.f2.arguments import check_name, checked_instance, checked_integer, checked_list
from layoutdialect.f2.linear_layout import LinearLayout, LinearLayoutError
from layoutdialect.f2.powers import MAX_SIZE_LOG2

__all__ = ["ColumnAction"]

T = TypeVar("T")


class ColumnAction:
    """Reorders, and may drop, the bases of one in-dim: new basis ``i`` is old basis ``action[i]``.

    Acting on a layout permutes its bases; acting on a list of values (one per
    input, e.g. a thread's registers) moves value ``source_index(i)`` to slot ``i``.

    >>> a = ColumnAction([2, 0, 1], "register", 3)
    >>> a.apply_values(list("abcdefgh"))
    ['a', 'e', 'b', 'f', 'c', 'g', 'd', 'h']
    """

    __slots__ = ("action", "in_dim", "in_size_log2")

    def __init__(self, action: Sequence[int], in_dim: str, in_size_log2: int) -> None:
        action = [checked_integer(a, "ColumnAction: action") for a in checked_list(action, "ColumnAction: action")]
        check_name(in_dim, "ColumnAction: in_dim")
        in_size_log2 = checked_integer(in_size_log2, "ColumnAction: in_size_log2")
        if not 0 <= in_size_log2 <= MAX_SIZE_LOG2:
            raise LinearLayoutError(f"ColumnAction: in_size_log2 must be from 0 to {MAX_SIZE_LOG2}, got {in_size_log2}")
        if any(not 0 <= a < in_size_log2 for a in action):
            raise LinearLayoutError(f"ColumnAction {list(action)}: every entry must be in [0, {in_size_log2})")
        if len(set(action)) != len(action):
            raise LinearLayoutError(f"ColumnAction {list(action)}: a basis may be selected only once")
        self.action: tuple[int, ...] = tuple(action)
        self.in_dim = in_dim
        self.in_size_log2 = in_size_log2

    @classmethod
    def identity(cls, in_dim: str, in_size_log2: int) -> ColumnAction:
        in_size_log2 = checked_integer(in_size_log2, "ColumnAction.identity: in_size_log2")
        return cls(range(min(in_size_log2, MAX_SIZE_LOG2 + 1)), in_dim, in_size_log2)

    @property
    def is_identity(self) -> bool:
        return self.action == tuple(range(self.in_size_log2))

    def apply(self, layout: LinearLayout) -> LinearLayout:
        """``layout`` with the bases of ``in_dim`` reordered (and possibly dropped)."""
        checked_instance(layout, LinearLayout, "ColumnAction.apply: layout")
        size_log2 = layout.get_in_dim_size_log2(self.in_dim)
        if size_log2 != self.in_size_log2:
            raise LinearLayoutError(
                f"{self} acts on {self.in_size_log2} bases, but in-dim {self.in_dim!r} has {size_log2}"
            )
        bases = [
            (name, [dim_bases[a] for a in self.action] if name == self.in_dim else dim_bases)
            for name, dim_bases in layout.bases
        ]
        return LinearLayout.from_bases(
            bases, layout.get_out_dim_names(), [size for _, size in layout.out_dims], require_surjective=False
        )

    def source_index(self, index: int) -> int:
        """The input whose value lands at ``index`` after the action."""
        index = checked_integer(index, "source_index: index")
        if not 0 <= index < 1 << len(self.action):
            raise LinearLayoutError(
                f"source_index: index must be one of the {1 << len(self.action)} inputs, got {index}"
            )
        source = 0
        for bit, a in enumerate(self.action):
            if index >> bit & 1:
                source |= 1 << a
        return source

    def apply_values(self, values: Sequence[T]) -> list[T]:
        """Permute one value per input of ``in_dim`` the way the bases are permuted."""
        if not isinstance(values, Sequence):
            raise LinearLayoutError(f"apply_values: values must be a sequence, got {type(values).__name__}")
        if len(values) != 1 << self.in_size_log2:
            raise LinearLayoutError(f"{self} acts on {1 << self.in_size_log2} values, got {len(values)}")
        return [values[self.source_index(i)] for i in range(1 << len(self.action))]

    def inverse(self) -> ColumnAction:
        """The action undoing this one; only a full permutation has one."""
        if len(self.action) != self.in_size_log2:
            raise LinearLayoutError(f"{self} drops bases, so it has no inverse")
        inverse = [0] * len(self.action)
        for i, a in enumerate(self.action):
            inverse[a] = i
        return ColumnAction(inverse, self.in_dim, self.in_size_log2)

    def left_compose(self, other: ColumnAction) -> ColumnAction:
        """The action ``other`` after ``self``: new basis ``i`` is old basis ``action[other.action[i]]``."""
        checked_instance(other, ColumnAction, "left_compose: other")
        if (self.in_dim, self.in_size_log2, len(self.action)) != (
            other.in_dim,
            other.in_size_log2,
            len(other.action),
        ):
            raise LinearLayoutError(f"cannot compose {self} with {other}")
        return ColumnAction([self.action[a] for a in other.action], self.in_dim, self.in_size_log2)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ColumnAction):
            return NotImplemented
        return (self.action, self.in_dim, self.in_size_log2) == (other.action, other.in_dim, other.in_size_log2)

    def __hash__(self) -> int:
        return hash((self.action, self.in_dim, self.in_size_log2))

    def __str__(self) -> str:
        """Triton's text: ``ColumnAction([2, 0, 1], register, 3)``."""
        return f"ColumnAction([{', '.join(map(str, self.action))}], {self.in_dim}, {self.in_size_log2})"

    __repr__ = __str__
