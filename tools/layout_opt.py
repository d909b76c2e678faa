"""``layout-opt``: an opt-style driver for TTGIR, built on xDSL's opt main.

    layout-opt FILE.mlir -p pass1,pass2{opt=v} [-o OUT] [--split-input-file] [--verify-diagnostics]
               [--verify-roundtrip]

Reads ``FILE`` (``-`` or nothing for stdin), runs the passes, and prints the
module with Triton's layout aliases; with ``--verify-roundtrip``, as ``mlir-opt``'s, it
first reads the result back from its generic and its custom text and fails unless both
print the same.  Any error is printed as
``file:line:col: error: message`` with the offending line, the exit status is 1,
and nothing is written; with ``--split-input-file`` every chunk is processed and only
the failing ones are left out, as in ``mlir-opt``; with ``--verify-diagnostics`` the
diagnostics become the output instead and the status is 0.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from importlib.metadata import version
from io import StringIO
from itertools import zip_longest

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain

from layoutdialect.dialect.registry import register_all_dialects
from layoutdialect.dialect.text import TTGIROutput, parse_module, verify_module
from layoutdialect.ir.diagnostics import IRError, SourceLocation
from layoutdialect.ir.multiverse import multiverse
from layoutdialect.ir.pipelines import pipeline_error
from layoutdialect.ir.source_files import read_source
from layoutdialect.tools.process import collect_garbage_rarely, end_quietly_on_closed_pipe, use_one_blas_thread
from layoutdialect.universe import LAYOUTDIALECT_UNIVERSE

__all__ = ["LayoutOptMain", "main"]

CHUNK_SEPARATOR = "// -----"


class CommandLineError(Exception):
    """A bad command line; the message is already rendered for the terminal."""


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return f'"{value}"' if isinstance(value, str) else str(value)


def _pass_spelling(pass_type: type[ModulePass]) -> str:
    """``name{option=default ...}``, as a ``-p`` pipeline spells the pass with its defaults."""
    options = [
        f"{field.name.replace('_', '-')}={_option_text(field.default)}"
        for field in dataclasses.fields(pass_type)
        if field.default is not dataclasses.MISSING
    ]
    return pass_type.name + (f"{{{' '.join(options)}}}" if options else "")


def _description() -> str:
    """What ``--help`` says first: this project's passes, their options and defaults."""
    lines = ["Runs passes over TTGIR and prints it as Triton does.", "", "this project's passes, with their defaults:"]
    for load in LAYOUTDIALECT_UNIVERSE.all_passes.values():
        pass_type = load()
        lines += [f"  {_pass_spelling(pass_type)}", f"      {getattr(pass_type, 'summary', '')}"]
    lines += ["", "Every xDSL pass (cse, canonicalize, dce, ...) runs too; --list-passes names them all."]
    return "\n".join(lines)


class LayoutOptMain(xDSLOptMain):
    """xDSL's opt driver with the ``ttg`` dialect, the ``ttgir`` output target as the
    default, this project's passes first in ``--help``, and located errors instead of
    tracebacks."""

    version_format = f"layout-opt {version('layoutdialect')} (xdsl {{xdsl_version}})"

    def __init__(self, args: Sequence[str] | None = None) -> None:
        self._source: tuple[str, int] = ("", 0)
        """The text being processed and its line offset in the file, for located errors."""
        super().__init__(description="", args=args)

    def register_all_dialects(self) -> None:
        register_all_dialects(self.ctx)

    def register_all_passes(self) -> None:
        for name, factory in multiverse().all_passes.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        for name, factory in multiverse().all_targets.items():
            self.available_targets.setdefault(name, factory)
        self.available_targets.setdefault("ttgir", lambda: TTGIROutput)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        format_help = arg_parser.format_help

        def format_help_with_passes() -> str:
            # The description loads every pass to spell its defaults: only for --help,
            # not on every start (about a fifth of a second).
            arg_parser.description = _description()
            return format_help()

        arg_parser.format_help = format_help_with_passes  # type: ignore[method-assign]
        arg_parser.set_defaults(target="ttgir")
        for action in arg_parser._actions:
            if "--passes" in action.option_strings:
                action.help = "a pipeline: pass1,pass2{option=value ...}"
            if "--target" in action.option_strings:
                action.help = "the output: ttgir (default), mlir, or another xDSL target"
        arg_parser.add_argument("--list-passes", action="store_true", help="print every pass name and exit")
        arg_parser.add_argument(
            "--verify-roundtrip",
            action="store_true",
            help="read the result back from its generic and its custom text and fail unless both print the same",
        )

    def setup_pipeline(self) -> None:
        """xDSL's pipeline, with ``verify_module`` between passes instead of xDSL's
        ``verify`` before, between and after them (``_process`` verifies on reading and
        after the last pass, sharing verifier answers among alike ops; xDSL's verify asks
        every op again, three times the parse's verification on a large kernel)."""
        try:
            super().setup_pipeline()  # type: ignore[no-untyped-call]
        except (ValueError, ArgSpecParseError) as error:
            raise CommandLineError(str(pipeline_error(self.args.passes, error))) from None
        xdsl_callback = self.pipeline.callback
        assert xdsl_callback is not None

        def between_passes(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            disabled = self.args.disable_verify
            self.args.disable_verify = True  # xDSL's callback then only times and prints
            try:
                xdsl_callback(previous, module, following)
            finally:
                self.args.disable_verify = disabled
            if not disabled and previous is not None and following is not None:
                verify_module(module, *self._source)

        self.pipeline = dataclasses.replace(self.pipeline, callback=between_passes)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        if parse_spec(self.args.target).name != "ttgir":
            return super().output_resulting_program(prog)
        stream = StringIO()
        target = TTGIROutput(print_generic_format=self.args.print_op_generic, print_debuginfo=self.args.print_debuginfo)
        target.emit(self.ctx, prog, stream)
        return stream.getvalue()

    def run_checked(self) -> int:
        """Process every chunk.  Without ``--split-input-file`` an error writes nothing; with
        it, as ``mlir-opt``, every chunk's error goes to stderr, the other chunks' output is
        written, and the exit status is 1 if any chunk failed."""
        if self.args.list_passes:
            sys.stdout.write("".join(f"{name}\n" for name in self.available_passes))
            return 0
        filename, source = read_source(self.args.input_file)
        diagnostics = self.args.verify_diagnostics or self.args.parsing_diagnostics
        outputs = []
        failed = False
        for chunk, offset in self._chunks(source):
            try:
                outputs.append(self._process(chunk, filename, offset))
            except IRError as error:
                if diagnostics:
                    outputs.append(f"{error}\n")
                    continue
                print(error, file=sys.stderr)
                if not self.args.split_input_file:
                    return 1
                failed = True
        text = f"{CHUNK_SEPARATOR}\n".join(outputs)
        if self.args.output_file is None:
            sys.stdout.write(text)
        else:
            _write_output(self.args.output_file, text)
        return 1 if failed else 0

    def _chunks(self, source: str) -> list[tuple[str, int]]:
        """The text to process, split at ``// -----`` lines when asked, with each
        chunk's line offset in the file."""
        if not self.args.split_input_file:
            return [(source, 0)]
        chunks, offset = [], 0
        for chunk in source.split(CHUNK_SEPARATOR):
            chunks.append((chunk, offset))
            offset += chunk.count("\n")
        return chunks

    def _process(self, chunk: str, filename: str, offset: int) -> str:
        verify = not self.args.disable_verify
        self._source = (chunk, offset)
        module = parse_module(
            chunk,
            filename,
            self.ctx,
            verify=verify,
            line_offset=offset,
            implicit_module=not self.args.no_implicit_module,
        )
        try:
            self.apply_passes(module)
        except (VerifyException, DiagnosticException) as error:
            verify_module(module, chunk, offset)
            raise IRError(SourceLocation(filename, offset + 1, 1), str(error)) from None
        if verify:
            verify_module(module, chunk, offset)
        output = self.output_resulting_program(module)
        if self.args.verify_roundtrip:
            self._verify_roundtrip(module, output, filename, offset)
        return output

    def _verify_roundtrip(self, module: ModuleOp, output: str, filename: str, offset: int) -> None:
        """Read ``module`` back from its generic and its custom text and require that each
        prints ``output`` again; else an ``IRError`` at the chunk naming the first line that differs."""
        for form, generic in (("generic", True), ("custom", False)):
            stream = StringIO()
            TTGIROutput(generic, self.args.print_debuginfo).emit(self.ctx, module, stream)
            try:
                again = self.output_resulting_program(parse_module(stream.getvalue(), f"<{form} text>", self.ctx))
            except IRError as error:
                raise IRError(
                    SourceLocation(filename, offset + 1, 1),
                    f"the result does not read back from its {form} text: {error}",
                ) from None
            if again != output:
                line, printed, read_back = _first_difference(output, again)
                message = (
                    f"the result read back from its {form} text prints otherwise: line {line} of the output, "
                    f"{_shown(printed)}, is {_shown(read_back)}"
                )
                raise IRError(SourceLocation(filename, offset + 1, 1), message)


def _first_difference(first: str, second: str) -> tuple[int, str | None, str | None]:
    """The first line (from 1) where two different texts differ, and that line of each
    (``None`` past a text's end)."""
    pairs = zip_longest(first.split("\n"), second.split("\n"))
    return next((index, old, new) for index, (old, new) in enumerate(pairs, 1) if old != new)


def _shown(line: str | None) -> str:
    return "the end of the text" if line is None else repr(line)


def _write_output(path: str, text: str) -> None:
    """Write ``text`` to the ``-o`` file; a file that cannot be written (a missing folder, no
    permission) is an ``IRError`` at the file, as ``OUT:1:1: error: cannot write the output: ...``."""
    try:
        with open(path, "w", encoding="utf-8") as output:
            output.write(text)
    except OSError as error:
        reason = error.strerror or str(error)
        raise IRError(SourceLocation(path, 1, 1), f"cannot write the output: {reason}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``layout-opt`` on ``argv`` (default: the command line); return the exit status."""
    try:
        return LayoutOptMain(args=argv).run_checked()
    except (CommandLineError, IRError) as error:
        print(error, file=sys.stderr)
        return 1


def cli() -> None:
    collect_garbage_rarely()
    end_quietly_on_closed_pipe()
    use_one_blas_thread()
    sys.exit(main())


if __name__ == "__main__":
    cli()
