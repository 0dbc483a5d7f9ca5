"""The referee's threads paint card art and export PNGs at once: PDFium must not crash.

PDFium is not thread-safe; two threads inside it at once can take the process down
(a segfault, not an exception), so the threads run in a child process and the test
reads its exit code."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import threading

    from cardpress.print.art.brush import reference
    from cardpress.print.export import rasterise_images

    def scene(c):
        c.setFillColorRGB(0.2, 0.4, 0.8)
        c.rect(0, 0, 60, 40, fill=1, stroke=0)
        c.setFillColorRGB(0.9, 0.7, 0.1)
        c.circle(30, 20, 12, fill=1, stroke=0)

    def pdf():
        import io
        from reportlab.pdfgen.canvas import Canvas
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(60, 40), invariant=1)
        scene(c)
        c.showPage()
        c.save()
        return buf.getvalue()

    PAGE = pdf()
    failures = []

    def work(n):
        try:
            for _ in range(40):
                if n % 2:
                    assert reference(scene, 60, 40).shape[2] == 3
                else:
                    assert rasterise_images(PAGE, 72)[0].size == (60, 40)
        except Exception as exc:  # reported, not swallowed
            failures.append(repr(exc))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("failures:", failures)
    raise SystemExit(1 if failures else 0)
    """
)


def test_threads_painting_and_exporting_at_once_do_not_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
