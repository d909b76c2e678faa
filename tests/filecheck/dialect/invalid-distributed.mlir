// Every verifier rule of the distributed encodings, with Triton's message, located at the offending text.
// RUN: layout-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not layout-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=EVERY

// Without --verify-diagnostics every chunk's error is reported, as mlir-opt does, and the status is 1.
// EVERY:      invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.
// EVERY-NEXT: #b = #ttg.blocked
// EVERY:      invalid-distributed.mlir:{{[0-9]+}}:18: error: Every element in sizePerThread must be a power of two.

// blocked: all arrays share the rank
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// blocked: powers of two
#b = #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Every element in sizePerThread must be a power of two.
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// blocked: powers of two
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [3, 1], order = [1, 0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Every element in warpsPerCTA must be a power of two.
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [3, 1], order = [1, 0]}>

// -----

// blocked: order is a permutation
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: order must be a permutation of 0..(rank-1), but was [1, 1]
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// blocked: the legacy CTA keys go together
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAOrder = [1, 0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the legacy CTAsPerCGA, CTASplitNum and CTAOrder go together: CTAOrder without CTAsPerCGA and CTASplitNum
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAOrder = [1, 0]}>

// -----

// CGA: one entry per dim
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'CGALayout' entry length does not match rank 2
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// CGA: a permutation once broadcast bases are removed
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: After removing broadcast bases the CGA encoding must be a permutation matrix
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>

// -----

// CGA: no repeated bases
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [1, 0]]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: After removing broadcast bases the CGA encoding must be a permutation matrix
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [1, 0]]}>

// -----

// nvidia_mma: Volta is gone
#m = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Volta (versionMajor = 1) is deprecated and no longer supported
// CHECK-NEXT{LITERAL}: #m = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>

// -----

// nvidia_mma: versions 2 and 3
#m = #ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: versionMajor must be 2 (Ampere) or 3 (Hopper), got 4
// CHECK-NEXT{LITERAL}: #m = #ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>

// -----

// nvidia_mma: v3 instrShape is [16, N, K]
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: instrShape must have 3 entries for versionMajor = 3, got 2
// CHECK-NEXT{LITERAL}: #m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>

// -----

// dot_op: opIdx
#d = #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op opIdx parameter can be 0 or 1, got: 2
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>

// -----

// dot_op: no kWidth with a blocked parent
#d = #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>, kWidth = 8}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>, kWidth = 8}>

// -----

// dot_op: kWidth is mandatory for NVIDIA MMA
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>}>

// -----

// dot_op: Hopper takes B from shared memory
#d = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>

// -----

// dot_op: kWidth is mandatory for MFMA
#d = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op kWidth parameter is mandatory for MFMA parent
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>}>

// -----

// dot_op: WMMA kWidth per generation
#d = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2]]}}>, kWidth = 32}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [0, 2]]}}>, kWidth = 32}>

// -----

// dot_op: kWidth is a C++ unsigned, so at most 2**32 - 1 (MLIR's message, at the literal)
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 4294967296}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:147: error: integer value too large
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 4294967296}>

// -----

// dot_op: a negative opIdx of few digits wraps around to a large unsigned value, as in MLIR
#d = #ttg.dot_op<{opIdx = -1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op opIdx parameter can be 0 or 1, got: 4294967295

// -----

// dot_op: the parent must be an accumulator or blocked layout
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: ttg.dot_op unexpected parent layout: #ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 0, parent = #ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>}>

// -----

// dot_op: the parent must be distributed
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, kWidth = 2}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected a distributed encoding trait
// CHECK-NEXT{LITERAL}: #d = #ttg.dot_op<{opIdx = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, kWidth = 2}>

// -----

// slice: the parent has rank 2 or more
#s = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: parent layout must have at least rank >= 2
// CHECK-NEXT{LITERAL}: #s = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// slice: dim is inside the parent
#s = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: slice dim=2 must be less than the parent rank=2
// CHECK-NEXT{LITERAL}: #s = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// linear: every in-dim is given
#l = #ttg.linear<{register = [[1]], lane = [[2]], warp = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Expected basis of 'block' not found
// CHECK-NEXT{LITERAL}: #l = #ttg.linear<{register = [[1]], lane = [[2]], warp = []}>

// -----

// linear: a rank comes from some basis
#l = #ttg.linear<{register = [], lane = [], warp = [], block = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Empty Layout not supported
// CHECK-NEXT{LITERAL}: #l = #ttg.linear<{register = [], lane = [], warp = [], block = []}>

// -----

// linear: each basis moves along one dim
#l = #ttg.linear<{register = [[1, 1]], lane = [[0, 2], [2, 0], [1, 0]], warp = [], block = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: In a distributed layout, each base must move in at most one dimension.
// CHECK-NEXT{LITERAL}: #l = #ttg.linear<{register = [[1, 1]], lane = [[0, 2], [2, 0], [1, 0]], warp = [], block = []}>

// -----

// linear: bases are powers of two
#l = #ttg.linear<{register = [[1], [3]], lane = [], warp = [], block = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: In a distributed layout, each base must be 0 or a power of two.
// CHECK-NEXT{LITERAL}: #l = #ttg.linear<{register = [[1], [3]], lane = [], warp = [], block = []}>

// -----

// linear: each element has one home
#l = #ttg.linear<{register = [[1], [2]], lane = [[1]], warp = [], block = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: After removing the zero bases the layout must be bijective
// CHECK-NEXT{LITERAL}: #l = #ttg.linear<{register = [[1], [2]], lane = [[1]], warp = [], block = []}>

// -----

// generic_linear: only warps may be swizzled
#g = #ttg.generic_linear<{register = [[1, 1]], lane = [[0, 2], [2, 0], [1, 0]], warp = [], block = []}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: In a generic linear layout, each register, lane and block base must move in at most one dimension.
// CHECK-NEXT{LITERAL}: #g = #ttg.generic_linear<{register = [[1, 1]], lane = [[0, 2], [2, 0], [1, 0]], warp = [], block = []}>

// -----

// amd_mfma: version
#m = #ttg.amd_mfma<{version = 10, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: version must be in the [0, 4] range
// CHECK-NEXT{LITERAL}: #m = #ttg.amd_mfma<{version = 10, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>

// -----

// amd_mfma: instruction shape
#m = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 8, 8], isTransposed = false}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: invalid (mDim, nDim) combination: (16, 8)
// CHECK-NEXT{LITERAL}: #m = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 8, 8], isTransposed = false}>

// -----

// amd_mfma: element width
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 16}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: elementBitWidth must be 32 or 64
// CHECK-NEXT{LITERAL}: #m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 4], isTransposed = true, elementBitWidth = 16}>

// -----

// amd_mfma: 64x4 is transposed
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = false}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: an MFMA 64x4 layout must be transposed
// CHECK-NEXT{LITERAL}: #m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = false}>

// -----

// amd_wmma: version
#w = #ttg.amd_wmma<{version = 4, isTranspose = true, ctaLayout = {warp = []}}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: WMMA version must be in the [1, 3] range
// CHECK-NEXT{LITERAL}: #w = #ttg.amd_wmma<{version = 4, isTranspose = true, ctaLayout = {warp = []}}>

// -----

// amd_wmma: instruction shape per version
#w = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {warp = []}, instrShape = [16, 16, 32]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: invalid WMMA v1 instruction shape
// CHECK-NEXT{LITERAL}: #w = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {warp = []}, instrShape = [16, 16, 32]}>

// -----

// amd_wmma: ctaLayout is required
#w = #ttg.amd_wmma<{version = 1, isTranspose = true}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected key 'ctaLayout'
// CHECK-NEXT{LITERAL}: #w = #ttg.amd_wmma<{version = 1, isTranspose = true}>

// -----

// amd_wmma: ctaLayout must name its warp bases (Triton's parser refuses an empty dictionary)
#w = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {register = [[0, 1]]}}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Expected basis of 'warp' not found
// CHECK-NEXT{LITERAL}: #w = #ttg.amd_wmma<{version = 1, isTranspose = true, ctaLayout = {register = [[0, 1]]}}>

// -----

// amd_wmma: the rank (2 unless given) must be the length of the ctaLayout bases, as Triton's
// parser demands; Triton's printer leaves `rank` out, ours writes it (see roundtrip-distributed)
#w = #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 0, 1], [0, 0, 2], [1, 0, 0]]}}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Serialized rank and rank deduced from LL need to match
// CHECK-NEXT{LITERAL}: #w = #ttg.amd_wmma<{version = 1, isTranspose = false, ctaLayout = {warp = [[0, 0, 1], [0, 0, 2], [1, 0, 0]]}}>

// -----

// syntax: a key may appear once
#b = #ttg.blocked<{sizePerThread = [1], sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: duplicate key 'sizePerThread' in dictionary attribute
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [1], sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// syntax: parameters are unsigned
#b = #ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: invalid-distributed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected an unsigned integer value
// CHECK-NEXT{LITERAL}: #b = #ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
