"""How much the CTA simulator runs to prove the plans of one call; a module of its own so
that ``layout-tool --help`` can state it without loading xDSL."""

__all__ = ["MAX_SIMULATED_POSITIONS"]

MAX_SIMULATED_POSITIONS = 1 << 19
"""The most hardware positions (registers of all threads) the simulator runs for one call
(one ``plan``, one ``plan_module``, one ``layout-tool`` answer), counted once for each
slice of element ids it checks (ids of ``n`` bits are checked ``element_bits`` at a time)
and at least twice: a 512x512 tensor of f16 or f64 over 128 threads takes under five
seconds, of i1 (18 slices) ten, and 2^20 f16 elements a minute; larger conversions are
planned and lowered, not run."""
