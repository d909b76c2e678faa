"""CuTe layouts, swizzles and their algebra, and the bridge to F2 linear layouts; no xDSL."""
