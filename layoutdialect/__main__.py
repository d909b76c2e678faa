"""``python -m layoutdialect``: answer layout questions about two Ampere MMA layouts.

The bases are Triton 3.9's for ``#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA =
[2, 2], instrShape = [16, 8]}>`` at 32x32 and for its ``dot_op`` A operand
(``kWidth = 2``) at 32x16.
"""

from __future__ import annotations

from layoutdialect import LinearLayout

ACCUMULATOR = LinearLayout.from_bases(
    [
        ("register", [[0, 1], [8, 0], [0, 16]]),
        ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
        ("warp", [[0, 8], [16, 0]]),
        ("block", []),
    ],
    ["dim0", "dim1"],
)

OPERAND_A = LinearLayout.from_bases(
    [
        ("register", [[0, 1], [8, 0], [0, 8]]),
        ("lane", [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
        ("warp", [[0, 0], [16, 0]]),
        ("block", []),
    ],
    ["dim0", "dim1"],
)


def describe(title: str, layout: LinearLayout, element: dict[str, int]) -> str:
    """The layout, who holds ``element``, and which hardware bits hold copies."""
    owner = layout.pseudoinvert().apply(element)
    free = {dim: mask for dim, mask in layout.free_variable_masks().items() if mask}
    copies = ", ".join(f"{dim} bits {mask:#b}" for dim, mask in free.items()) or "none"
    where = ", ".join(f"{k}={v}" for k, v in element.items())
    held = ", ".join(f"{k}={v}" for k, v in owner.items())
    return f"{title}{layout}\nelement ({where}) is held by {held}\nbits that hold copies: {copies}\n"


def main() -> None:
    print(describe("Ampere mma.sync accumulator, 4 warps, tensor 32x32:", ACCUMULATOR, {"dim0": 9, "dim1": 18}))
    print(describe("its dot_op A operand (kWidth = 2), tensor 32x16:", OPERAND_A, {"dim0": 9, "dim1": 10}))


if __name__ == "__main__":
    from layoutdialect.tools.process import end_quietly_on_closed_pipe

    end_quietly_on_closed_pipe()
    main()
