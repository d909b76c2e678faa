"""The hardware facts layout questions depend on, in one place: how many lanes a warp has,
and how shared memory serves a warp's access (its banks and phases).

Triton reads them from its ``TargetInfo`` (``getWarpSize``, ``getSharedMemoryBanks``,
``getSharedLdStTiles``); here a ``Target`` is built from the name a module carries in
``ttg.target`` (``"cuda:90"``, ``"hip:gfx942"``) and its ``ttg.threads-per-warp``, or
from command-line options, and every analysis, pass and answer that touches shared
memory receives one.

Shared memory is ``banks`` banks of 32-bit words.  A warp's access of ``b`` bits per
lane is served in phases: the lanes of one phase together move at most one word per
bank (64-bit accesses on 32 banks: 2 phases of 16 lanes).  Within a phase, lanes reading
one word share it, and each bank serves one word per *wavefront*, so a phase takes as
many wavefronts as the most distinct words any bank holds (``SharedMemory.wavefronts``,
the definition every faster count in ``layoutdialect.analysis`` must agree with).  The
lanes of a phase form a subspace of lane ids (XOR-closed) and the other phases are its
cosets (``SharedMemory.phase_basis``).  Usually the subspace is the low lanes; AMD's
128-bit ``ds_read`` groups others: lanes 0-3 with 20-23 on CDNA3 (the span of lanes
``1, 2, 20``), and lanes 0-3, 12-15, 20-23 and 24-27 on CDNA4 (``1, 2, 12, 20``).  AMD's
shared memory (the LDS) also serves two 32- or 64-bit accesses of one lane in one
instruction (``ds_read2_b64``, ``ds_write2_b32``) when their addresses are a constant
distance apart (``SharedMemory.pairs``).

>>> gfx950 = Target.named("hip:gfx950")
>>> gfx950.lanes, gfx950.shared.banks, gfx950.shared.wide_load_phase
(64, 64, (1, 2, 12, 20))
>>> Target.named("cuda:80").shared.matrix_loads, Target.named("cuda:80").shared.matrix_stores
(True, False)
>>> Target.named("cuda:90").shared.phase_lane_bits(vector_bits=128, lanes=32)
2
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from layoutdialect.f2 import is_power_of_two, log2_exact
from layoutdialect.f2.arguments import checked_instance, checks_arguments, shown
from layoutdialect.f2.bitmatrix import rank, rref
from layoutdialect.f2.powers import MAX_SIZE_LOG2

__all__ = [
    "BANK_BITS",
    "CrossLane",
    "DPP_ROW_LANES",
    "dpp_factors",
    "DEFAULT_TARGET",
    "SHUFFLES_ONLY",
    "TRANSPOSED_LOAD_BITS",
    "MATRIX_ROWS",
    "MATRIX_ROW_BYTES",
    "SharedMemory",
    "Target",
    "TargetError",
]

BANK_BITS = 32
"""The width of a shared-memory bank on every GPU Triton targets."""

WIDE_ACCESS_BITS = 128
"""The widest shared-memory access of one lane."""

TRANSPOSED_LOAD_BITS = (8, 16)
"""The element widths of CDNA4's transposing LDS loads (``ds_read_b64_tr_b8``, ``_b16``)."""

MATRIX_ROWS = 8
"""The rows of one ``ldmatrix``/``stmatrix`` matrix, each addressed by its own lane."""

MATRIX_ROW_BYTES = 16
"""The bytes of one row of an ``ldmatrix``/``stmatrix`` matrix."""


PAIRED_ACCESS_BITS = (32, 64)
"""The access widths the LDS pairs into one ``ds_read2``/``ds_write2``."""

PAIR_OFFSETS = 256
"""How many offsets (8 bits) each access of an LDS pair can name."""

PAIR_STRIDE = 64
"""The unit, in accesses, of the strided pair offsets (``ds_read2st64``)."""


class TargetError(ValueError):
    """A target name or a bank or lane count that describes no GPU."""


@dataclass(frozen=True)
class SharedMemory:
    """Shared memory as ``banks`` banks of ``BANK_BITS``-bit words.

    ``wide_load_phase`` lists lane ids whose span is the phase of lane 0 in a 128-bit load
    when the hardware does not group the lowest lanes (Triton's AMD ``getSharedLdStTiles``,
    whose tiles give lane masks); each other phase is a coset of it.
    ``matrix_loads`` and ``matrix_stores`` say whether a warp can move 8x8 matrices of
    16-byte rows with ``ldmatrix`` (NVIDIA from sm_75) and ``stmatrix`` (from sm_90),
    Triton's ``supportLdMatrix`` and ``supportStMatrix``.  ``lds`` says it is AMD's local
    data share, reached with ``ds_read``/``ds_write``, which pair accesses (``pairs``).
    ``transposed_loads`` says a wave can load with CDNA4's ``ds_read_b64_tr_b16`` and
    ``ds_read_b64_tr_b8``, which exchange 64-bit chunks within groups of 16 lanes as they
    read them (``TRANSPOSED_LOAD_BITS``; Triton's ``queryLDSTransLoadParams``).
    ``capacity_bytes`` is the most a CTA can allocate (Triton's ``getSharedMemorySize`` on
    AMD; the opt-in maximum per block on NVIDIA), ``None`` for a generic GPU.
    """

    banks: int = 32
    wide_load_phase: tuple[int, ...] | None = None
    matrix_loads: bool = False
    matrix_stores: bool = False
    lds: bool = False
    capacity_bytes: int | None = None
    transposed_loads: bool = False

    def __post_init__(self) -> None:
        if type(self.banks) is not int or self.banks not in (8, 16, 32, 64):
            raise TargetError(f"shared memory has 8, 16, 32 or 64 banks, not {shown(self.banks)}")
        lanes = self.wide_load_phase
        if lanes is not None and not (
            isinstance(lanes, tuple)
            and all(type(lane) is int and 0 < lane < 1 << MAX_SIZE_LOG2 for lane in lanes)
            and rank(lanes) == len(lanes)
        ):
            raise TargetError(
                f"SharedMemory: wide_load_phase must be a tuple of independent nonzero lane ids, got {shown(lanes)}"
            )
        for name in ("matrix_loads", "matrix_stores", "lds", "transposed_loads"):
            checked_instance(getattr(self, name), bool, f"SharedMemory: {name}", TargetError)
        capacity = self.capacity_bytes
        if capacity is not None and (type(capacity) is not int or capacity < 1):
            raise TargetError(f"SharedMemory: capacity_bytes must be a positive int or None, got {shown(capacity)}")

    @property
    def wavefront_bytes(self) -> int:
        """Bytes one wavefront serves: a word from every bank."""
        return self.banks * BANK_BITS // 8

    @checks_arguments(TargetError)
    def phase_lane_bits(self, vector_bits: int, lanes: int) -> int:
        """How many lane bits select the phase of a ``vector_bits``-wide access by ``lanes``
        lanes: the lanes of one phase fill the banks once.

        >>> [SharedMemory(32).phase_lane_bits(bits, 32) for bits in (16, 32, 64, 128)]
        [0, 0, 1, 2]
        """
        _check_access_bits(vector_bits, "phase_lane_bits: vector_bits")
        if not is_power_of_two(lanes):
            raise TargetError(f"phase_lane_bits: lanes must be a power of two, got {lanes}")
        words = max(1, vector_bits // BANK_BITS)
        return max(0, log2_exact(lanes) - log2_exact(self.banks) + log2_exact(words))

    @checks_arguments(TargetError)
    def phase_basis(self, vector_bits: int, lane_bits: int, load: bool) -> list[int]:
        """Lane ids whose XOR-combinations are the lanes served in the phase of lane 0; the
        lanes of another phase are these XOR one lane outside their span.

        >>> gfx942 = Target.named("hip:gfx942").shared
        >>> gfx942.phase_basis(64, 6, load=True), gfx942.phase_basis(128, 6, load=True)
        ([1, 2, 4, 8], [1, 2, 20])
        """
        if not 0 <= lane_bits <= MAX_SIZE_LOG2:
            raise TargetError(f"phase_basis: lane_bits must be from 0 to {MAX_SIZE_LOG2}, got {lane_bits}")
        count = lane_bits - self.phase_lane_bits(vector_bits, 1 << lane_bits)
        wide = self.wide_load_phase
        wide_load = load and vector_bits == WIDE_ACCESS_BITS
        if wide_load and wide is not None and len(wide) == count and max(wide) < 1 << lane_bits:
            return list(wide)
        return [1 << bit for bit in range(count)]

    @checks_arguments(TargetError)
    def lane_phases(self, vector_bits: int, lane_bits: int, load: bool) -> list[int]:
        """The phase of each lane of a warp of ``2**lane_bits`` (``phase_basis``'s cosets,
        numbered by the lane bits the basis leaves free).

        >>> Target.named("hip:gfx942").shared.lane_phases(128, 6, load=True)[:24:4]
        [0, 2, 1, 3, 2, 0]
        """
        reduced = [row for row in rref(self.phase_basis(vector_bits, lane_bits, load), lane_bits) if row]
        pivots = sum(row & -row for row in reduced)
        free = [bit for bit in range(lane_bits) if not pivots >> bit & 1]
        phases = []
        for lane in range(1 << lane_bits):
            for row in reduced:
                if lane & row & -row:
                    lane ^= row
            phases.append(sum((lane >> bit & 1) << place for place, bit in enumerate(free)))
        return phases

    @property
    def widens_by_bank_order(self) -> bool:
        """Whether a buffer whose vector is narrower than 128 bits may put one side's
        registers first among its bank bases, to widen that side's accesses (Triton's
        low-vector reorder in ``optimalSwizzlingLdSt``).  Only with 32 banks or fewer: on
        64 banks the contiguous ``ds_read_b64`` it creates races with MFMA scheduling on
        gfx950, so Triton keeps the bank bases in order there, and so do we.
        """
        return self.banks <= 32

    @checks_arguments(TargetError)
    def chunk_split(self, element_bits: int, vector_elements: int) -> tuple[int, int]:
        """``(shift, bank_groups)``: a lane's element offset ``>> shift`` is its chunk (the
        aligned word, or vector when wider), and the chunk's low ``log2(bank_groups)`` bits
        pick its banks."""
        _check_access_bits(element_bits, "chunk_split: element_bits")
        if not is_power_of_two(vector_elements):
            raise TargetError(f"chunk_split: vector_elements must be a power of two, got {vector_elements}")
        chunk_elements = max(vector_elements, BANK_BITS // element_bits if element_bits < BANK_BITS else 1)
        words_per_chunk = max(1, vector_elements * element_bits // BANK_BITS)
        return log2_exact(chunk_elements), max(1, self.banks // words_per_chunk)

    @checks_arguments(TargetError)
    def pairs(self, vector_bits: int, distance_bytes: int) -> bool:
        """Whether one instruction serves two accesses of ``vector_bits`` bits a lane whose
        addresses are ``distance_bytes`` apart, the same for every lane.

        On the LDS, ``ds_read2_b32``/``ds_read2_b64`` (and ``ds_write2``) take two offsets
        counted in accesses, each below 256, or in 64 accesses (``ds_read2st64``); the
        backend rebases the pair onto the lower address, so only their distance matters.

        >>> gfx942 = Target.named("hip:gfx942").shared
        >>> gfx942.pairs(64, 8 * 255), gfx942.pairs(64, 8 * 257), gfx942.pairs(64, 8 * 64 * 5), gfx942.pairs(128, 16)
        (True, False, True, False)
        """
        _check_access_bits(vector_bits, "pairs: vector_bits")
        if not self.lds or vector_bits not in PAIRED_ACCESS_BITS or distance_bytes <= 0:
            return False
        accesses, rest = divmod(distance_bytes, vector_bits // 8)
        strided = accesses % PAIR_STRIDE == 0 and accesses // PAIR_STRIDE < PAIR_OFFSETS
        return not rest and (accesses < PAIR_OFFSETS or strided)

    def wavefronts(self, words: Iterable[int]) -> int:
        """The wavefronts one phase touching the 32-bit ``words`` takes: the most distinct
        words any bank holds (``0`` for none)."""
        per_bank: dict[int, set[int]] = {}
        try:
            for word in words:
                per_bank.setdefault(word % self.banks, set()).add(word)
        except TypeError:
            raise TargetError(f"wavefronts: words must be integers, got {shown(words)}") from None
        return max((len(held) for held in per_bank.values()), default=0)


@dataclass(frozen=True)
class CrossLane:
    """What moves data between lanes besides a shuffle (any lane reads any lane's word).

    ``lane_swap_bits`` are the lane bits one instruction transposes with a register bit, for
    a pair of 32-bit words (CDNA4's ``v_permlane16_swap`` and ``v_permlane32_swap``: 4 and 5).
    ``dpp_rows`` says an XOR of the lane id by a mask below 16 is one or two DPP moves within
    rows of 16 lanes (``quad_perm``, ``row_half_mirror``, ``row_ror:8``, ``row_mirror``), as
    Triton's ``shuffleXor`` takes them on CDNA (``dpp_moves``).  ``row_xmask`` says, as on
    RDNA and gfx1250, that such an XOR is one DPP ``row_xmask`` move, and an XOR by 16 to 31
    one ``v_permlanex16`` (``permlane_x16``).
    """

    lane_swap_bits: tuple[int, ...] = ()
    dpp_rows: bool = False
    row_xmask: bool = False

    def __post_init__(self) -> None:
        bits = self.lane_swap_bits
        if not (isinstance(bits, tuple) and all(type(bit) is int and 0 <= bit < MAX_SIZE_LOG2 for bit in bits)):
            raise TargetError(f"CrossLane: lane_swap_bits must be a tuple of lane bits, got {shown(bits)}")
        checked_instance(self.dpp_rows, bool, "CrossLane: dpp_rows", TargetError)
        checked_instance(self.row_xmask, bool, "CrossLane: row_xmask", TargetError)

    @checks_arguments(TargetError)
    def dpp_moves(self, mask: int) -> int:
        """The DPP moves that XOR the lane id by ``mask`` within rows of 16 lanes: one
        ``row_xmask`` with ``row_xmask``; with ``dpp_rows`` as Triton decomposes them on
        CDNA, lane bit 2 by ``row_half_mirror`` (XOR 7), bit 3 by ``row_ror:8`` (XOR 8), both
        by ``row_mirror`` (XOR 15), then one ``quad_perm`` for what is left of bits 0 and 1;
        ``0`` where DPP does not apply (neither, or a mask of 16 or more).

        >>> [CrossLane(dpp_rows=True).dpp_moves(mask) for mask in (1, 3, 4, 7, 8, 12, 15, 16)]
        [1, 1, 2, 1, 1, 2, 1, 0]
        >>> [CrossLane(row_xmask=True).dpp_moves(mask) for mask in (1, 12, 16)]
        [1, 1, 0]
        """
        if not 0 < mask < DPP_ROW_LANES:
            return 0
        if self.row_xmask:
            return 1
        if not self.dpp_rows:
            return 0
        high, quad = dpp_factors(mask)
        return bool(high) + bool(quad)

    @checks_arguments(TargetError)
    def permlane_x16(self, mask: int) -> bool:
        """Whether one ``v_permlanex16`` XORs the lane id by ``mask``: with ``row_xmask``, for
        a mask from 16 to 31 (each lane reads the other row of its 32).

        >>> [CrossLane(row_xmask=True).permlane_x16(mask) for mask in (15, 16, 20, 31, 32)]
        [False, True, True, True, False]
        """
        return self.row_xmask and DPP_ROW_LANES <= mask < 2 * DPP_ROW_LANES

    @checks_arguments(TargetError)
    def xor_moves(self, mask: int) -> int:
        """The instructions other than a shuffle that XOR the lane id by ``mask``: its DPP
        moves or its ``v_permlanex16``; ``0`` where it takes a shuffle (``ds_bpermute``)."""
        return self.dpp_moves(mask) or int(self.permlane_x16(mask))


SHUFFLES_ONLY = CrossLane()
"""A GPU whose lanes exchange data by shuffles alone (NVIDIA's)."""

DPP_ROW_LANES = 16
"""The lanes of one DPP row."""


@checks_arguments(TargetError)
def dpp_factors(mask: int) -> tuple[int, int]:
    """``(high, quad)`` with ``high ^ quad == mask`` (a mask below 16): ``high`` is 0, 7, 8 or
    15, a row move, and ``quad`` below 4, a ``quad_perm``."""
    if not 0 <= mask < DPP_ROW_LANES:
        raise TargetError(f"dpp_factors: mask must be from 0 to {DPP_ROW_LANES - 1}, got {mask}")
    high = (7 if mask & 4 else 0) ^ (8 if mask & 8 else 0)
    return high, mask ^ high


@dataclass(frozen=True)
class Target:
    """A GPU: its ``arch`` (Triton's ``ttg.target`` spelling), the ``lanes`` of a warp,
    and its ``shared`` memory."""

    arch: str
    lanes: int
    shared: SharedMemory

    def __post_init__(self) -> None:
        checked_instance(self.arch, str, "Target: arch", TargetError)
        checked_instance(self.shared, SharedMemory, "Target: shared", TargetError)
        if type(self.lanes) is not int or not is_power_of_two(self.lanes):
            raise TargetError(f"a warp has a power of two of lanes, not {self.lanes}")

    @property
    def registers_per_thread(self) -> int:
        """The most 32-bit registers one thread can hold: 255 on NVIDIA GPUs; on AMD's, 512
        for a CDNA wave of 64 (256 vector and 256 accumulation registers) and 256 for RDNA.

        >>> Target.named("cuda:90").registers_per_thread, Target.named("hip:gfx942").registers_per_thread
        (255, 512)
        """
        if self.arch.startswith("hip:") and self.arch[4:].startswith("gfx9"):
            return 512
        return 256 if self.arch.startswith("hip:") else 255

    @property
    def cross_lane(self) -> CrossLane:
        """The cross-lane instructions beyond a shuffle: on CDNA (gfx9) DPP row moves, and on
        CDNA4's waves of 64 the register-lane swaps (Triton's ``supportsPermlaneSwap``); on
        RDNA and gfx1250 (gfx10 to gfx12) ``row_xmask`` and ``v_permlanex16``.

        >>> Target.named("hip:gfx950").cross_lane
        CrossLane(lane_swap_bits=(4, 5), dpp_rows=True, row_xmask=False)
        >>> Target.named("hip:gfx1100").cross_lane.row_xmask
        True
        >>> Target.named("cuda:90").cross_lane == CrossLane()
        True
        """
        cdna = self.arch.startswith("hip:gfx9") and self.lanes == 64
        rdna = self.arch.startswith(("hip:gfx10", "hip:gfx11", "hip:gfx12"))
        return CrossLane((4, 5) if cdna and self.arch == "hip:gfx950" else (), cdna, rdna)

    @property
    def lacks_clusters(self) -> bool:
        """Whether the target is known to have no thread-block clusters: CUDA before sm_90."""
        return self.arch.startswith("cuda:") and _cuda_capability(self.arch) < 90

    @staticmethod
    @checks_arguments(TargetError)
    def named(arch: str | None, lanes: int | None = None, banks: int | None = None) -> Target:
        """The target called ``arch`` (``None``: a generic NVIDIA-like GPU), with its lane
        and bank counts unless ``lanes`` or ``banks`` say otherwise (a module's
        ``ttg.threads-per-warp``, a command-line override).

        >>> Target.named("hip:gfx942").shared.wide_load_phase
        (1, 2, 20)
        >>> Target.named(None, lanes=64, banks=64).lanes
        64
        """
        default_lanes, shared = _known(arch)
        if banks is not None and banks != shared.banks:
            shared = SharedMemory(
                banks, lds=shared.lds, capacity_bytes=shared.capacity_bytes, transposed_loads=shared.transposed_loads
            )
        return Target(arch or "generic", default_lanes if lanes is None else lanes, shared)


def _check_access_bits(bits: int, what: str) -> None:
    if bits < 1:
        raise TargetError(f"{what} must be positive, got {bits}")


_AMD_FAMILY = re.compile(r"gfx(\d+?)([0-9a-f]{2})$")


def _cuda_capability(arch: str) -> int:
    """The compute capability of a ``cuda:<capability>`` target (``cuda:90``: 90)."""
    if not arch[5:].isdigit():
        raise TargetError(f"'{arch}' is not a CUDA target: expected 'cuda:' and a compute capability, as 'cuda:90'")
    return int(arch[5:])


def _known(arch: str | None) -> tuple[int, SharedMemory]:
    """The warp size and shared memory of the target ``arch``."""
    if arch is None or arch == "generic" or arch.startswith("cuda:"):
        if arch is None or arch == "generic":
            return 32, SharedMemory(32)
        capability = _cuda_capability(arch)
        generation = max((known for known in _CUDA_SHARED_BYTES if known <= capability), default=50)
        capacity = _CUDA_SHARED_BYTES[generation]
        return 32, SharedMemory(
            32, matrix_loads=capability >= 75, matrix_stores=capability >= 90, capacity_bytes=capacity
        )
    if arch.startswith("hip:") and (match := _AMD_FAMILY.match(arch[4:])):
        major = int(match.group(1))
        if arch[4:] in ("gfx950", "gfx1250"):
            capacity = (160 if arch[4:] == "gfx950" else 320) * 1024
            shared = SharedMemory(
                64, CDNA4_WIDE_LOAD_PHASE, lds=True, capacity_bytes=capacity, transposed_loads=arch[4:] == "gfx950"
            )
            return (64 if major == 9 else 32), shared
        if major == 9:
            cdna3 = arch[4:] in ("gfx940", "gfx941", "gfx942")
            phase = CDNA3_WIDE_LOAD_PHASE if cdna3 else None
            return 64, SharedMemory(32, phase, lds=True, capacity_bytes=AMD_LDS_BYTES)
        if major in (10, 11):
            return 32, SharedMemory(32, RDNA_WIDE_LOAD_PHASE, lds=True, capacity_bytes=AMD_LDS_BYTES)
        return 32, SharedMemory(32, lds=True, capacity_bytes=AMD_LDS_BYTES)
    raise TargetError(
        f"unknown target '{arch}': expected 'cuda:<capability>' (cuda:90) or 'hip:<gfx arch>' (hip:gfx942)"
    )


AMD_LDS_BYTES = 64 * 1024
"""The LDS of a workgroup on AMD GPUs before CDNA4 (gfx950: 160 KB, gfx1250: 320 KB)."""

CDNA3_WIDE_LOAD_PHASE = (1, 2, 20)
"""The first phase of CDNA3's ``ds_read_b128`` (32 banks): lanes 0-3 and 20-23 (Triton's
``getSharedLdStTiles`` for gfx942; 8 phases, each this set XOR lane 4, 8 or 32)."""

CDNA4_WIDE_LOAD_PHASE = (1, 2, 12, 20)
"""The first phase of CDNA4's ``ds_read_b128`` (64 banks): lanes 0-3, 12-15, 20-23 and
24-27 (Triton's ``getSharedLdStTiles`` for gfx950 and gfx1250; 4 phases)."""

RDNA_WIDE_LOAD_PHASE = (1, 2, 16)
"""The first phase of RDNA's ``ds_read_b128`` on waves of 32: lanes 0-3 and 16-19."""

_CUDA_SHARED_BYTES = {50: 48 * 1024, 70: 96 * 1024, 75: 64 * 1024, 80: 163 * 1024, 86: 99 * 1024, 87: 163 * 1024}
_CUDA_SHARED_BYTES |= {89: 99 * 1024, 90: 227 * 1024, 120: 99 * 1024}
"""The most shared memory one block can opt in to, by the lowest compute capability it holds from
(sm_100 has sm_90's 227 KB)."""

DEFAULT_TARGET = Target.named(None)
"""An NVIDIA GPU: 32 lanes, 32 banks."""
