"""Triton 3.9 reference layouts: each TTGIR type and the bases
``to_linear_layout`` gives at its shape, one basis list per in-dim, low bit first."""

REFERENCE_LAYOUTS: list[tuple[str, str, dict[str, list[list[int]]]]] = [
    (
        "V1",
        "tensor<8x4xf16, #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>>",
        {"register": [[0, 1], [1, 0]], "lane": [[0, 2], [0, 0], [2, 0], [4, 0], [0, 0]], "warp": [[0, 0]], "block": []},
    ),
    (
        "V2",
        "tensor<32x32xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>",
        {
            "register": [[0, 1], [8, 0], [0, 16]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[0, 8], [16, 0]],
            "block": [],
        },
    ),
    (
        "V3",
        "tensor<64x32xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>>",
        {
            "register": [[0, 1], [8, 0], [0, 8], [0, 16]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[16, 0], [32, 0]],
            "block": [],
        },
    ),
    (
        "V4",
        "tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>",
        {
            "register": [[0, 1], [8, 0], [0, 8]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[0, 0], [16, 0]],
            "block": [],
        },
    ),
    (
        "V5",
        "tensor<64x64xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>>",
        {
            "register": [[1, 0], [2, 0], [8, 0], [16, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]],
            "warp": [[0, 32], [32, 0]],
            "block": [],
        },
    ),
    (
        "V6",
        "tensor<16xf16, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>}>>",
        {"register": [[1]], "lane": [[0], [0], [2], [4], [8]], "warp": [[0]], "block": []},
    ),
    (
        "V7",
        "!ttg.memdesc<8x8xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]], "block": []},
    ),
    (
        "V8",
        "!ttg.memdesc<16x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0]], "block": []},
    ),
    (
        "X1",
        "tensor<16x16xf16, #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>>",
        {"register": [[0, 1], [1, 0]], "lane": [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]], "warp": [[0, 8]], "block": []},
    ),
    (
        "X2",
        "tensor<32x32xf16, #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>>",
        {
            "register": [[0, 1], [1, 0], [0, 16], [16, 0]],
            "lane": [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]],
            "warp": [[0, 8]],
            "block": [],
        },
    ),
    (
        "X3",
        "tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>",
        {
            "register": [[1, 0], [8, 0], [0, 16]],
            "lane": [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]],
            "warp": [[0, 8], [0, 0]],
            "block": [],
        },
    ),
    (
        "X4",
        "tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 4}>>",
        {
            "register": [[0, 1], [0, 2], [8, 0], [0, 16]],
            "lane": [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            "warp": [[0, 0], [16, 0]],
            "block": [],
        },
    ),
    (
        "X5",
        "tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>, kWidth = 2}>>",
        {
            "register": [[0, 1], [8, 0], [0, 8]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[16, 0], [32, 0]],
            "block": [],
        },
    ),
    (
        "X6",
        "tensor<8x8xf16, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [8, 8]}>>",
        {"register": [[0, 1]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [], "block": []},
    ),
    (
        "X7",
        "tensor<8x4xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [8, 8]}>, kWidth = 1}>>",
        {"register": [], "lane": [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], "warp": [], "block": []},
    ),
    (
        "X8",
        "tensor<64x128xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>>",
        {
            "register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[16, 0], [32, 0], [0, 64]],
            "block": [],
        },
    ),
    (
        "X9",
        "tensor<64x64xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>",
        {
            "register": [[0, 1], [0, 2], [0, 8], [0, 16]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]],
            "warp": [[0, 32], [32, 0]],
            "block": [],
        },
    ),
    (
        "X10",
        "tensor<64x16xf16, #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = true}>>",
        {
            "register": [[0, 1], [0, 2]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]],
            "warp": [[16, 0], [32, 0]],
            "block": [],
        },
    ),
    (
        "X11",
        "tensor<64x64xf16, #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true, tilesPerWarp = [2, 2]}>>",
        {
            "register": [[0, 1], [0, 2], [0, 16], [16, 0]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]],
            "warp": [[0, 32], [32, 0]],
            "block": [],
        },
    ),
    (
        "X12",
        "tensor<32x32xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 64}>>",
        {
            "register": [[0, 4], [0, 8]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [0, 2]],
            "warp": [[0, 16], [16, 0]],
            "block": [],
        },
    ),
    (
        "X13",
        "tensor<64x4xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = true}>>",
        {
            "register": [[0, 1], [0, 2]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]],
            "warp": [],
            "block": [],
        },
    ),
    (
        "X14",
        "tensor<4x32x32xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1, 1], instrShape = [32, 32, 8], isTransposed = false}>>",
        {
            "register": [[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0], [2, 0, 0]],
            "lane": [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 4, 0]],
            "warp": [[1, 0, 0]],
            "block": [],
        },
    ),
    (
        "X15",
        "tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>, kWidth = 8}>>",
        {
            "register": [[0, 1], [0, 2], [0, 4]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 8]],
            "warp": [[0, 0], [32, 0]],
            "block": [],
        },
    ),
    (
        "X16",
        "tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>, kWidth = 8}>>",
        {
            "register": [[1, 0], [2, 0], [4, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]],
            "warp": [[0, 32], [0, 0]],
            "block": [],
        },
    ),
    (
        "X17",
        "tensor<32x32xf16, #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>>",
        {
            "register": [[2, 0], [4, 0], [8, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]],
            "warp": [[0, 16], [16, 0]],
            "block": [],
        },
    ),
    (
        "X18",
        "tensor<32x32xf16, #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>>",
        {
            "register": [[1, 0], [2, 0], [4, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]],
            "warp": [[0, 16], [16, 0]],
            "block": [],
        },
    ),
    (
        "X19",
        "tensor<32x32xf16, #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>>",
        {
            "register": [[0, 1], [0, 2], [0, 4]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]],
            "warp": [[0, 16], [16, 0]],
            "block": [],
        },
    ),
    (
        "X20",
        "tensor<64x32xf16, #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [32, 16, 64]}>>",
        {
            "register": [[1, 0], [2, 0], [4, 0], [16, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]],
            "warp": [[0, 16], [32, 0]],
            "block": [],
        },
    ),
    (
        "X21",
        "tensor<64x64xf16, #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0, 1], [1, 0]], warp = [[0, 2], [2, 0]]}}>>",
        {
            "register": [[1, 0], [2, 0], [4, 0], [0, 16], [16, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]],
            "warp": [[0, 32], [32, 0]],
            "block": [],
        },
    ),
    (
        "X22",
        "tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>, kWidth = 8}>>",
        {
            "register": [[0, 1], [0, 2], [0, 4]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]],
            "warp": [[0, 0], [16, 0]],
            "block": [],
        },
    ),
    (
        "X23",
        "tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [1, 0]}>}>>",
        {
            "register": [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]],
            "lane": [[0, 0], [0, 0], [2, 0], [4, 0], [8, 0]],
            "warp": [[0, 0], [0, 0], [16, 0]],
            "block": [],
        },
    ),
    (
        "X24",
        "tensor<16xf16, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>}>>",
        {"register": [[1]], "lane": [[2], [4], [0], [0], [0]], "warp": [[8]], "block": []},
    ),
    (
        "X25",
        "tensor<32xf16, #ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>>",
        {"register": [[1], [16]], "lane": [[2], [4], [0], [0], [0]], "warp": [[8], [0]], "block": []},
    ),
    (
        "X26",
        "tensor<16x8xf16, #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]], block = []}>>",
        {"register": [[0, 1]], "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[8, 0]], "block": []},
    ),
    (
        "X27",
        "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>>",
        {
            "register": [[0, 1], [0, 2], [0, 16], [16, 0]],
            "lane": [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            "warp": [[8, 0]],
            "block": [[0, 32], [32, 0]],
        },
    ),
    (
        "X28",
        "tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [0, 0]]}>>",
        {
            "register": [[0, 1], [0, 2], [0, 16], [16, 0], [32, 0]],
            "lane": [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            "warp": [[8, 0]],
            "block": [[0, 32], [0, 0]],
        },
    ),
    (
        "X29",
        "tensor<8x4x32xf16, #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>>",
        {
            "register": [[0, 0, 1], [0, 0, 2], [0, 0, 16]],
            "lane": [[0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 0], [1, 0, 0]],
            "warp": [[2, 0, 0], [4, 0, 0]],
            "block": [],
        },
    ),
    (
        "X30",
        "!ttg.memdesc<16x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16], [8, 0]], "block": []},
    ),
    (
        "X31",
        "!ttg.memdesc<16x8xf16, #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [0, 1]}>, #ttg.shared_memory, mutable>",
        {"offset": [[1, 0], [2, 0], [4, 0], [8, 0], [4, 1], [8, 2], [0, 4]], "block": []},
    ),
    (
        "X32",
        "!ttg.memdesc<8x16xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0], CGALayout = [[0, 1]]}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [1, 2], [2, 4], [4, 0]], "block": [[0, 8]]},
    ),
    (
        "X33",
        "!ttg.memdesc<16x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], "block": []},
    ),
    (
        "X34",
        "!ttg.memdesc<16x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [0, 16], [0, 32]], "block": []},
    ),
    (
        "X35",
        "!ttg.memdesc<16x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16], [8, 0], [0, 32]], "block": []},
    ),
    (
        "X36",
        "!ttg.memdesc<64x16xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {"offset": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [8, 1], [16, 2], [32, 4], [0, 8]], "block": []},
    ),
    (
        "X37",
        "!ttg.memdesc<8x64xi8, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]], "block": []},
    ),
    (
        "X38",
        "!ttg.memdesc<16x16xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8], [8, 0]], "block": []},
    ),
    (
        "X39",
        "!ttg.memdesc<512x128xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>",
        {
            "offset": [
                [0, 1],
                [0, 2],
                [0, 4],
                [0, 8],
                [0, 16],
                [0, 32],
                [1, 8],
                [2, 16],
                [4, 32],
                [8, 0],
                [16, 0],
                [32, 0],
                [64, 0],
                [128, 0],
                [256, 0],
                [0, 64],
            ],
            "block": [],
        },
    ),
    (
        "X40",
        "!ttg.memdesc<2x8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>, #ttg.shared_memory, mutable>",
        {
            "offset": [
                [0, 0, 1],
                [0, 0, 2],
                [0, 0, 4],
                [0, 0, 8],
                [0, 0, 16],
                [0, 0, 32],
                [0, 1, 8],
                [0, 2, 16],
                [0, 4, 32],
                [1, 0, 0],
            ],
            "block": [],
        },
    ),
    (
        "X41",
        "!ttg.memdesc<16x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]], "block": [[8, 0]]},
    ),
    (
        "X42",
        "!ttg.memdesc<4x4xf16, #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 1]]}, alignment = 16>, #ttg.shared_memory, mutable>",
        {"offset": [[0, 1], [0, 2], [1, 2], [2, 1]], "block": []},
    ),
]
