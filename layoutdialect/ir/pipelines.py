"""Reading a pass pipeline as ``-p`` spells it, against the passes xDSL's universe knows
(this package's and xDSL's own), with errors located in the pipeline's text."""

from __future__ import annotations

import re
from collections.abc import Sequence

from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.exceptions import ArgSpecParseError

from layoutdialect.ir.diagnostics import IRError, SourceLocation, argument_error
from layoutdialect.ir.multiverse import multiverse

__all__ = ["PIPELINE", "pipeline_error", "pipeline_passes"]

PIPELINE = "<pass-pipeline>"
"""The name diagnostics give a ``-p`` string."""


def pipeline_passes(pipeline: str | Sequence[ModulePass]) -> tuple[ModulePass, ...]:
    """The passes of ``pipeline``: a ``-p`` string (``"pass1,pass2{option=value}"``, any pass
    ``layout-opt --list-passes`` names) or a sequence of pass objects; an ``IRError`` located
    in the string for a name or option it cannot read."""
    if isinstance(pipeline, str):
        try:
            return PassPipeline.parse_spec(multiverse().all_passes, pipeline).passes
        except (ValueError, ArgSpecParseError) as error:
            raise pipeline_error(pipeline, error) from None
    passes: tuple[object, ...] = tuple(pipeline) if isinstance(pipeline, Sequence) else (pipeline,)
    if not all(isinstance(p, ModulePass) for p in passes) or not isinstance(pipeline, Sequence):
        raise argument_error(f"a pipeline is a -p string or a sequence of ModulePass objects, got {pipeline!r:.80}")
    return tuple(p for p in passes if isinstance(p, ModulePass))


def pipeline_error(spec: str, error: BaseException) -> IRError:
    """``<pass-pipeline>:1:COL: error: ...``, pointing into the ``-p`` text at the name or
    option xDSL could not read."""
    text = str(error)
    column = 1
    if isinstance(error, ArgSpecParseError):
        lines = text.strip().splitlines()
        if match := re.search(r":1:(\d+)$", lines[1]):
            column = int(match.group(1))
        text = lines[-1].strip()
    elif names := re.findall(r"'([^']+)'|\"([^\"]+)\"", text):
        first = next(name for pair in names for name in pair if name)
        # xDSL reports option names with underscores; the spec may spell them with hyphens.
        found = max(spec.find(first), spec.find(first.replace("_", "-")))
        column = found + 1 or 1
    return IRError(SourceLocation(PIPELINE, 1, column), text, spec)
