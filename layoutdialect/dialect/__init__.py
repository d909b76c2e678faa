"""The ``ttg`` dialect on xDSL: attributes, types and ops that read and print as TTGIR.

Attributes delegate their meaning to ``layoutdialect.encodings``.
"""
