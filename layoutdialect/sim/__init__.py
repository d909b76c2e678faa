"""A simulator of the thread-level IR the lowerings emit, and proof of a lowering by running it."""
