"""IR text from a file or stdin, as MLIR reads it: UTF-8 without a byte-order mark."""

from __future__ import annotations

import sys

from layoutdialect.ir.diagnostics import IRError, SourceLocation

__all__ = ["decode_source", "read_source"]


def decode_source(data: bytes, filename: str) -> str:
    """IR text from the bytes of a file: UTF-8, without a byte-order mark (MLIR reads
    neither a mark nor other encodings); anything else is an ``IRError`` at the byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        message = "unexpected character: a UTF-8 byte-order mark; MLIR text starts without one"
        raise IRError(SourceLocation(filename, 1, 1), message)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        byte = data[error.start]
        message = f"the input is not UTF-8: byte 0x{byte:02x} {error.reason}"
        raise IRError(SourceLocation(filename, line, column), message) from None


def read_source(name: str | None) -> tuple[str, str]:
    """``(filename, text)`` of an IR file, or of stdin for ``-`` or ``None``; an unreadable
    file, or one that is not UTF-8, is an ``IRError``."""
    filename = "<stdin>" if name in (None, "-") else name
    if name in (None, "-"):
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    else:
        try:
            with open(name, "rb") as stream:
                data = stream.read()
        except OSError as error:
            raise IRError(SourceLocation(name, 1, 1), f"cannot read the input: {error.strerror}") from None
    return filename, decode_source(data, filename)
