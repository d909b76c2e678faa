"""xDSL module passes over the ``ttg`` dialect, installed as ``layoutdialect.passes``.

Passes orchestrate: they ask ``layoutdialect`` for the meaning of a layout and
rewrite the IR; the layout math itself lives in the library.
"""
