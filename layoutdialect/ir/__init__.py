"""The IR on xDSL that knows nothing of Triton.

- reading MLIR text quickly: ``lexer``, ``op_lines``, ``hex_floats``, ``dense``,
  ``source_files``;
- checking it: ``dominance``, ``verifier_answers`` (with ``attribute_numbers`` and
  ``class_traits``);
- finding ops and places in it: ``op_lists``, ``regions``;
- rewriting it as xDSL's ``region_dce`` and ``cse`` do, only quicker: ``dead_ops``,
  ``common_subexpressions``;
- reporting on it: ``diagnostics``, ``locations``, ``remarks``.

What a dialect means lives in ``layoutdialect.dialect``; this layer serves any dialect.
"""
