"""``remove-redundant-conversions``: Triton's ``tritongpu-remove-layout-conversions``, then CSE."""

from layoutdialect.passes.remove_redundant_conversions.pipeline import (
    Options,
    RemoveRedundantConversionsPass,
    remove_redundant_conversions,
)

__all__ = ["Options", "RemoveRedundantConversionsPass", "remove_redundant_conversions"]
