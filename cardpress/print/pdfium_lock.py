"""The one lock every use of PDFium in a process takes.

PDFium is not thread-safe, not even across documents: the referee's threads draw card
art (painted over a rendered reference) and export PNGs at the same time, and two of
them inside PDFium at once crash the process. The build uses processes and never
waits on it."""

from __future__ import annotations

import threading

PDFIUM = threading.Lock()
