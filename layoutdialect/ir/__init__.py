"""The IR on xDSL that knows nothing of Triton.

- reading MLIR text quickly: ``lexer``, ``op_lines``, ``hex_floats``, ``dense``,
  ``source_files``;
- checking it: ``dominance``, ``verifier_answers`` (with ``attribute_numbers`` and
  ``class_traits``);
- finding ops and places in it: ``op_lists``, ``regions``;
- rewriting it as xDSL's ``region_dce`` and ``cse`` do, only quicker: ``dead_ops``,
  ``common_subexpressions`` (which merges reads across writes to other resources, as
  MLIR's CSE does), with ``memory_effects`` saying what ops' effects are and whether a
  write may touch what a read reads;
- reporting on it: ``diagnostics``, ``locations``, ``remarks``.

What a dialect means lives in ``layoutdialect.dialect``; this layer serves any dialect.
"""
