"""Print-on-demand services' poker card templates (``cardpress build --pod SERVICE``).

Services that print from one image per card want exact pixel sizes; their
numbers are stated in the README ("Print-on-demand PNGs") with where they come
from. Kept free of heavy imports: the command line reads the service names.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from cardpress.print.layout import CardSize


@dataclass(frozen=True)
class PodTemplate:
    """A print-on-demand service's poker card template, in pixels at 300 dpi.

    ``size`` is the whole image (trim plus bleed), ``trim`` the cut card and
    ``safe`` the box text must stay in, both centred. Numbers from each
    service's published template (README, "Print-on-demand PNGs").
    """

    id: str
    name: str
    size: tuple[int, int]
    trim: tuple[int, int]
    safe: tuple[int, int]
    dpi: int = 300


POD_TEMPLATES = {
    t.id: t
    for t in (
        PodTemplate("makeplayingcards", "MakePlayingCards", (822, 1122), (750, 1050), (678, 978)),
        PodTemplate("drivethrucards", "DriveThruCards", (825, 1125), (750, 1050), (675, 975)),
        PodTemplate("thegamecrafter", "The Game Crafter", (825, 1125), (750, 1050), (675, 975)),
    )
}
POD_DRAW_BLEED = 4 * mm  # drawn bleed: more than any template's 1/8 in (3.175 mm)


def pod_crop(template: PodTemplate, size: CardSize) -> tuple[float, float, float, float]:
    """What to cut off a page drawn with ``POD_DRAW_BLEED`` so our trim lands on the template's.

    Our poker card (63 x 88 mm) is a hair smaller than the US 2.5 x 3.5 in the
    templates are drawn for; the card is scaled so trim meets trim (0.8 % and
    1 %), and the template's bleed is filled from our drawn bleed.
    """
    bleed_x = (template.size[0] - template.trim[0]) / 2 * size.width / template.trim[0]
    bleed_y = (template.size[1] - template.trim[1]) / 2 * size.height / template.trim[1]
    x, y = POD_DRAW_BLEED - bleed_x, POD_DRAW_BLEED - bleed_y
    return (x, y, x, y)
