"""Free variables of a layout: copies, the deduplicated layout and the map back."""

from __future__ import annotations

from encoding_strategies import distributed
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutdialect.analysis.duplicates import find_duplicates
from layoutdialect.encodings import DistributedEncoding, to_linear_layout


@settings(max_examples=60, deadline=None)
@given(distributed, st.sampled_from([[16, 16], [32, 8], [64, 64]]))
def test_deduplication_loses_nothing_and_keeps_no_copy(encoding: DistributedEncoding, shape: list[int]) -> None:
    rank = encoding.rank
    layout = to_linear_layout(encoding, (shape * 2)[:rank])
    report = find_duplicates(layout)
    assert report.to_deduplicated.compose(report.deduplicated) == layout
    assert report.deduplicated.is_injective()
    held = report.deduplicated.get_total_in_dim_size()
    assert held * report.copies == layout.get_total_in_dim_size()
    assert held + report.unheld == layout.get_total_out_dim_size()
    for name, bits in report.zero_bits.items():
        assert set(bits) <= set(report.free_bits[name])
