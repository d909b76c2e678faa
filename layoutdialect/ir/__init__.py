"""The IR on xDSL that knows nothing of Triton: reading MLIR text quickly (``lexer``,
``op_lines``, ``hex_floats``, ``dense``, ``source_files``), checking it (``dominance``,
``verifier_answers`` with ``attribute_numbers`` and ``class_traits``) and reporting on it
(``diagnostics``, ``locations``).

What a dialect means lives in ``layoutdialect.dialect``; this layer serves any dialect.
"""
