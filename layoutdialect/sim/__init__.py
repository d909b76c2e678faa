"""A simulator of the thread-level IR the lowerings emit, and proof of a lowering by running it.

Importing the package registers the CTA simulator's extensions (``matrix_memory``,
``cluster_memory``, ``byte_permute``, ``lane_moves``, ``lds_transposed_reads``) in
``cta.THREAD_OPS``, so that ``cta`` itself imports none of them.
"""

from layoutdialect.sim import byte_permute, cluster_memory, lane_moves, lds_transposed_reads, matrix_memory

__all__ = ["byte_permute", "cluster_memory", "lane_moves", "lds_transposed_reads", "matrix_memory"]
