"""The print layer's own error for a person's input it cannot rasterise.

Kept apart from :mod:`cardpress.print.export` (which imports every drawing library)
so the command line can name what it catches without loading them, before a build
has set its painters off.
"""


class ExportError(RuntimeError):
    """Rasterising failed (broken input)."""
