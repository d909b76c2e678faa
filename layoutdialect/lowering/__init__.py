"""One layout conversion, from two layouts to the thread-level code that carries it out:
planned (``layout_conversion``, for a ``ttg.convert_layout`` op ``convert_layout_op``),
emitted as IR in standard dialects (``thread_ir`` with ``shuffle_ir``, ``scratch_ir`` and
``thread_builder``), proven on the CTA simulator (``layoutdialect.sim.verify``) and printed
as CUDA (``cuda_emitter``).

The ``lower-convert-layout`` pass and ``layout-tool plan``, ``convert`` and ``codegen`` all
lower through here, so what the tool shows is what the pass does.
"""
