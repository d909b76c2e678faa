"""Questions about layouts answered with F2 algebra: which data a conversion moves, and how."""
