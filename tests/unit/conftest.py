"""Hypothesis profiles for the property tests.

The suite runs each property on hypothesis's default of 100 examples, so that the
README's test command stays within five minutes on two cores; a property that needs
fewer (one that proves a lowering on the simulator) says so in its own ``@settings``.
``pytest --hypothesis-profile thorough`` runs ten times as many, for a change to the F2
core, an encoding or a lowering.
"""

from hypothesis import settings

settings.register_profile("thorough", max_examples=1000)
