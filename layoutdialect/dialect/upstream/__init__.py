"""Upstream MLIR dialects as TTGIR uses them: xDSL's ``arith``, ``scf``, ``gpu``, ``llvm``,
``memref`` and ``vector`` patched with the tensor forms, spellings and ops Triton's IR
holds, and ``nvgpu`` and ``nvvm`` ops that xDSL lacks.  Triton's own dialects (``tt``,
``ttg``, ``ttng``, ``amdg``, ``gluon``, ``proton``, ``proton_gpu``) sit beside this folder.
"""
