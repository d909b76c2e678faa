"""The conversions Triton 3.9 was measured on, compiling each to PTX:
(name, source encoding, destination encoding, shape, element type, warps)."""

from __future__ import annotations

MMA_4X1 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>"
MMA_2X2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"


def blocked(spt: str, tpw: str, wpc: str, order: str) -> str:
    return f"#ttg.blocked<{{sizePerThread = {spt}, threadsPerWarp = {tpw}, warpsPerCTA = {wpc}, order = {order}}}>"


Case = tuple[str, str, str, list[int], str, int]

CORPUS: list[Case] = [
    (
        "blocked_transpose_128x64_f16",
        blocked("[1, 8]", "[4, 8]", "[4, 1]", "[1, 0]"),
        blocked("[8, 1]", "[8, 4]", "[1, 4]", "[0, 1]"),
        [128, 64],
        "f16",
        4,
    ),
    (
        "blocked_transpose_128x64_f32",
        blocked("[1, 4]", "[2, 16]", "[4, 1]", "[1, 0]"),
        blocked("[4, 1]", "[16, 2]", "[1, 4]", "[0, 1]"),
        [128, 64],
        "f32",
        4,
    ),
    (
        "mmav2_to_blocked_128x64_f16",
        MMA_2X2,
        blocked("[1, 8]", "[4, 8]", "[4, 1]", "[1, 0]"),
        [128, 64],
        "f16",
        4,
    ),
    (
        "mmav2_to_blocked_128x64_f32",
        MMA_2X2,
        blocked("[1, 4]", "[2, 16]", "[4, 1]", "[1, 0]"),
        [128, 64],
        "f32",
        4,
    ),
    (
        "blocked_to_dotA_128x64_f16",
        blocked("[1, 8]", "[4, 8]", "[4, 1]", "[1, 0]"),
        f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_2X2}, kWidth = 2}}>",
        [128, 64],
        "f16",
        4,
    ),
    (
        "blocked_to_dotA_4x1_128x64_f16",
        blocked("[1, 8]", "[4, 8]", "[4, 1]", "[1, 0]"),
        f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_4X1}, kWidth = 2}}>",
        [128, 64],
        "f16",
        4,
    ),
    (
        "mmav2_to_dotA_4x1_128x64_f16",
        MMA_4X1,
        f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_4X1}, kWidth = 2}}>",
        [128, 64],
        "f16",
        4,
    ),
    (
        "mmav2_to_dotA_2x2_128x64_f16",
        MMA_2X2,
        f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_2X2}, kWidth = 2}}>",
        [128, 64],
        "f16",
        4,
    ),
    (
        "warp_ship_32x32_i32",
        blocked("[32, 1]", "[1, 32]", "[1, 1]", "[0, 1]"),
        blocked("[16, 2]", "[2, 16]", "[1, 1]", "[0, 1]"),
        [32, 32],
        "i32",
        1,
    ),
    (
        "warp_swap_32x32_i32",
        blocked("[32, 1]", "[1, 32]", "[1, 1]", "[1, 0]"),
        blocked("[16, 2]", "[2, 16]", "[1, 1]", "[1, 0]"),
        [32, 32],
        "i32",
        1,
    ),
    (
        "warp_ship_4w_128x32_f16",
        blocked("[32, 1]", "[1, 32]", "[4, 1]", "[0, 1]"),
        blocked("[16, 2]", "[2, 16]", "[4, 1]", "[0, 1]"),
        [128, 32],
        "f16",
        4,
    ),
    (
        "warp_swap_packed_4w_128x32_f16",
        blocked("[2, 1]", "[1, 32]", "[4, 1]", "[0, 1]"),
        blocked("[1, 2]", "[2, 16]", "[4, 1]", "[1, 0]"),
        [128, 32],
        "f16",
        4,
    ),
    (
        "warp_transpose_4w_32x32_f32",
        blocked("[1, 4]", "[8, 4]", "[4, 1]", "[1, 0]"),
        blocked("[4, 1]", "[2, 16]", "[4, 1]", "[0, 1]"),
        [32, 32],
        "f32",
        4,
    ),
    (
        "reg_only_256x64_f32",
        blocked("[2, 4]", "[32, 1]", "[4, 1]", "[1, 0]"),
        blocked("[2, 4]", "[32, 1]", "[4, 1]", "[0, 1]"),
        [256, 64],
        "f32",
        4,
    ),
    (
        "lane_perm_64x64_f32",
        blocked("[2, 4]", "[8, 4]", "[4, 1]", "[1, 0]"),
        blocked("[2, 4]", "[8, 4]", "[4, 1]", "[0, 1]"),
        [64, 64],
        "f32",
        4,
    ),
]

TRITON_COUNTS = {
    # name: (path, shuffles, selects + byte permutes)
    "blocked_transpose_128x64_f16": ("shared memory", 0, 0),
    "blocked_transpose_128x64_f32": ("shared memory", 0, 0),
    "mmav2_to_blocked_128x64_f16": ("shared memory", 0, 0),
    "mmav2_to_blocked_128x64_f32": ("shared memory", 0, 0),
    "blocked_to_dotA_128x64_f16": ("shared memory", 0, 0),
    "blocked_to_dotA_4x1_128x64_f16": ("shared memory", 0, 0),
    "mmav2_to_dotA_4x1_128x64_f16": ("register-only", 0, 0),
    "mmav2_to_dotA_2x2_128x64_f16": ("shared memory", 0, 0),
    "warp_ship_32x32_i32": ("shuffles (ship)", 16, 48),
    "warp_swap_32x32_i32": ("shuffles (swap)", 32, 64),
    "warp_ship_4w_128x32_f16": ("shuffles (ship)", 8, 24),
    "warp_swap_packed_4w_128x32_f16": ("shuffles (swap)", 16, 36),
    "warp_transpose_4w_32x32_f32": ("shared memory, warp-sync", 0, 0),
    "reg_only_256x64_f32": ("register-only", 0, 0),
    "lane_perm_64x64_f32": ("shuffles (lane permutation)", 32, 0),
}


# Triton 3.9 on sm_80 for the conversions through shared memory: (stores, loads, bar.sync,
# scratch bytes, reps).  An access is (count, bits per lane, instruction); ldmatrix.x4 gives
# each lane 128 bits gathered from four 8x8 tiles, one wavefront per tile.
SharedAccess = tuple[int, int, str]
TRITON_SM80_SHARED: dict[str, tuple[SharedAccess, SharedAccess, int, int, int]] = {
    "blocked_transpose_128x64_f16": ((8, 128, "st.shared"), (8, 128, "ldmatrix.x4.trans"), 3, 8192, 2),
    "blocked_transpose_128x64_f32": ((32, 64, "st.shared"), (32, 64, "ld.shared"), 1, 32768, 1),
    "mmav2_to_blocked_128x64_f16": ((8, 128, "st.shared"), (8, 128, "ld.shared"), 1, 16384, 1),
    "mmav2_to_blocked_128x64_f32": ((16, 128, "st.shared"), (16, 128, "ld.shared"), 7, 8192, 4),
    "blocked_to_dotA_128x64_f16": ((8, 128, "st.shared"), (16, 128, "ldmatrix.x4"), 7, 4096, 4),
    "blocked_to_dotA_4x1_128x64_f16": ((8, 128, "st.shared"), (8, 128, "ldmatrix.x4"), 3, 8192, 2),
    "mmav2_to_dotA_2x2_128x64_f16": ((8, 128, "st.shared"), (16, 128, "ld.shared"), 15, 2048, 8),
    "warp_transpose_4w_32x32_f32": ((4, 64, "st.shared"), (4, 64, "ld.shared"), 0, 4096, 1),
}
