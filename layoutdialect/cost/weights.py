"""What each counted event costs on a target, in one unit: a warp's instruction issue.

The cost model counts events per warp (instructions issued, shuffles, shared-memory
wavefronts, barriers, global-memory sectors) and prices each with a weight of its
target.  The unit is one issue of one warp instruction on an arithmetic pipe; the other
weights say how many such issues an event is worth where it is the bottleneck:

- a warp shuffle runs on a pipe of half the arithmetic throughput on NVIDIA GPUs
  (32 lanes a cycle per SM against 64), so it weighs 2; on AMD GPUs ``ds_bpermute``
  goes through the LDS, weighing 4;
- a shared-memory wavefront is one cycle of the shared-memory pipe, weighing 1;
- a barrier stalls the warps that reach it first; 16 is a typical wait;
- a 32-byte global-memory sector takes 2.5 to 4 cycles of a streaming multiprocessor's
  share of DRAM bandwidth (8 to 13 bytes a cycle on A100 and H100), weighing 4;
- scratch bytes cost nothing beyond the wavefronts that move them: they bound
  occupancy, which the model does not see, so their weight is 0.

The weights are the same for every NVIDIA target; they are documented estimates, not
measurements on hardware (``docs/cost-model.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

from layoutdialect.target import Target

__all__ = ["CostWeights", "weights_for"]


@dataclass(frozen=True)
class CostWeights:
    """The price of each counted event, in warp instruction issues."""

    instruction: float = 1.0
    """An arithmetic instruction, a select, a byte permute, or one load/store issue."""
    shuffle: float = 2.0
    wavefront: float = 1.0
    barrier: float = 16.0
    sector: float = 4.0
    scratch_byte: float = 0.0


NVIDIA_WEIGHTS = CostWeights()
AMD_WEIGHTS = CostWeights(shuffle=4.0)


def weights_for(target: Target) -> CostWeights:
    """The weights of ``target``: AMD's for ``hip:`` targets, NVIDIA's otherwise.

    >>> weights_for(Target.named("hip:gfx942")).shuffle, weights_for(Target.named("cuda:90")).shuffle
    (4.0, 2.0)
    """
    return AMD_WEIGHTS if target.arch.startswith("hip:") else NVIDIA_WEIGHTS
