"""Pure F2 linear algebra for layouts; imports nothing from xDSL."""
