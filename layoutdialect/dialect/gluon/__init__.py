"""``gluon``: the placeholder encodings of Triton's Gluon front end (``#gluon.auto_encoding``,
``#gluon.coalesced_encoding``) and ``gluon.set_auto_layout``, which fixes one to a layout."""

from __future__ import annotations

from xdsl.ir import Dialect

from layoutdialect.dialect.gluon.ops import ATTRIBUTES, OPS

__all__ = ["GLUON"]

GLUON = Dialect("gluon", OPS, ATTRIBUTES)
