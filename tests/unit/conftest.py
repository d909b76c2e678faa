"""Hypothesis profiles for the property tests.

The suite runs each property on 30 examples (under a third of hypothesis's default), so that
the README's test command, with Triton's tests in it, stays within five minutes on two
cores; a property that needs fewer (one that proves a lowering on the simulator) says so
in its own ``@settings``.  ``pytest --hypothesis-profile thorough`` runs 1,000, for a
change to the F2 core, an encoding or a lowering.
"""

from hypothesis import settings

settings.register_profile("suite", max_examples=30)
settings.register_profile("thorough", max_examples=1000)
settings.load_profile("suite")
