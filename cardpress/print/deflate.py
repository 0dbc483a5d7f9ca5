"""Content-stream operators compressed once, spliced into every stream that carries them.

A generated painting is some thirty thousand characters of stroke operators,
printed in every face that shows it: per language, per drawing context (deck
sheets, print-shop file, PNG export, rule sheets' card figures), each face's
stream was compressed whole, painting and all, so the same strokes went
through zlib a dozen times a build. A :class:`Deflated` operator string
carries its own raw deflate data, made once; :func:`compress` deflates the
text around it and splices those bytes in. Deflate allows that: each piece
ends on a byte boundary (a sync flush), no piece refers back into another
(each has its own compressor), and the zlib trailer's checksum runs over all
the text. The stream decompresses to exactly ``"\\n".join(ops)``; only its
compressed bytes differ from compressing it whole (a few bytes more).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from reportlab.pdfbase.pdfdoc import pdfdocEnc

#: zlib's header for a 32 KB window at the default level, as ``zlib.compress`` writes it
_HEADER = b"\x78\x9c"


class Deflated(str):
    """ASCII operators that carry their raw deflate data (made on first use, then kept)."""

    __slots__ = ("_raw",)

    def raw(self) -> bytes:
        """The text as raw deflate data ending in a sync flush (byte-aligned, not final)."""
        try:
            return self._raw
        except AttributeError:
            self._raw = _piece(self.encode("ascii"))
            return self._raw


def _piece(data: bytes) -> bytes:
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)


def compress(ops: Sequence[str]) -> bytes:
    """``zlib.compress`` of ``"\\n".join(ops)`` (PDFDocEncoding), each :class:`Deflated` op's
    data reused rather than compressed again."""
    if not any(isinstance(op, Deflated) for op in ops):
        return zlib.compress(pdfdocEnc("\n".join(ops)))
    out = [_HEADER]
    adler = zlib.adler32(b"")
    text: list[str] = []

    def plain(s: str) -> None:
        nonlocal adler
        data = pdfdocEnc(s)
        adler = zlib.adler32(data, adler)
        out.append(_piece(data))

    for i, op in enumerate(ops):
        sep = "\n" if i else ""
        if isinstance(op, Deflated):
            if text or sep:
                plain("".join(text) + sep)
                text = []
            data = op.encode("ascii")
            out.append(op.raw())
            adler = zlib.adler32(data, adler)
        else:
            text.append(sep + op)
    tail = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = pdfdocEnc("".join(text))
    adler = zlib.adler32(data, adler)
    out.append(tail.compress(data) + tail.flush(zlib.Z_FINISH))
    out.append(adler.to_bytes(4, "big"))
    return b"".join(out)
