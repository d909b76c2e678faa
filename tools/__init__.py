"""Command-line entry points, installed as ``layoutdialect.tools``.

A tool parses its arguments and calls the library or a pass; nothing more.
"""
