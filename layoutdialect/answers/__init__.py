"""One module per layout-tool question: read the layouts, compute the answer, render it as text or JSON."""
