"""The astronomy picture of the day the local world serves: a real image, drawn from the seed.

The picture is a JPEG a person would recognise as a sky (stars and a coloured nebula), so image
APIs decode, resize and attach it exactly as they would a photo from NASA; its size is known, so a
check can tell "half its size" from any other size.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from datetime import date

from PIL import Image, ImageDraw, ImageFilter

IMAGE_SIZE = (960, 640)
HD_SIZE = (1600, 1067)  # not twice IMAGE_SIZE: an unresized picture is never "half the HD one"

_PICTURES = (
    (
        "A Faint Nebula in the Swan",
        "Glowing hydrogen gas outlines a wide emission nebula near the bright star Sadr in the "
        "constellation Cygnus. Dark dust lanes cross the glowing clouds, and thousands of faint "
        "stars of our Milky Way fill the background of this long-exposure telescopic view.",
    ),
    (
        "Star Trails over a Desert Observatory",
        "The sky appears to turn around the celestial pole in this four-hour exposure made "
        "from a high desert site. Each arc is the trail of one star, coloured by its surface "
        "temperature, while the domes of the observatory rest in the foreground.",
    ),
    (
        "The Spiral Galaxy in the Hunting Dogs",
        "A grand design spiral galaxy some thirty million light-years away shows blue star "
        "clusters and pink star-forming regions along its arms. A smaller companion galaxy "
        "appears to be tugging at the end of one spiral arm.",
    ),
    (
        "A Comet Tail over the Northern Hills",
        "The long ion tail of a bright comet streams away from the Sun across the evening "
        "twilight. Blown by the solar wind, the bluish gas tail stretches over ten degrees, "
        "while the broader dust tail curves along the comet's orbit.",
    ),
    (
        "Dark Dust and the Pillars of Creation",
        "Towering columns of cold gas and dust are sculpted by the light of young, massive stars "
        "inside an emission nebula. New stars are forming at the tips of the pillars, hidden "
        "behind dust that only infrared light can pierce.",
    ),
    (
        "The Milky Way over a Mountain Lake",
        "The central band of our galaxy rises above a still alpine lake, its reflection "
        "doubling the glow of countless stars. The dark rift in the band is made of dust "
        "clouds that block the light of the stars behind them.",
    ),
)
_PALETTES = ((220, 80, 120), (80, 140, 230), (240, 150, 60), (120, 220, 170), (200, 90, 220))


@dataclass(frozen=True)
class Picture:
    day: date
    title: str
    explanation: str
    copyright: str

    @property
    def slug(self) -> str:
        return "".join(c if c.isalnum() else "_" for c in self.title.lower())[:32]


class ApodModel:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._images: dict[tuple[date, bool], bytes] = {}

    def picture(self, day: date) -> Picture:
        rng = random.Random(f"{self.seed}:apod:{day.isoformat()}")
        title, explanation = rng.choice(_PICTURES)
        photographer = rng.choice(("Ana Ruiz", "Tomas Berg", "Mei Tanaka", "Ravi Patel"))
        return Picture(day, title, explanation, photographer)

    def image(self, day: date, hd: bool) -> bytes:
        """JPEG bytes, drawn once per day and size and then served from memory."""
        key = (day, hd)
        if key not in self._images:
            self._images[key] = _draw(random.Random(f"{self.seed}:apod-image:{day}"), hd)
        return self._images[key]


def _draw(rng: random.Random, hd: bool) -> bytes:
    width, height = HD_SIZE if hd else IMAGE_SIZE
    sky = Image.new("RGB", IMAGE_SIZE, (4, 6, 16))
    glow = Image.new("RGB", IMAGE_SIZE, (0, 0, 0))
    draw = ImageDraw.Draw(glow)
    for _ in range(7):
        colour = rng.choice(_PALETTES)
        x, y = rng.uniform(0, IMAGE_SIZE[0]), rng.uniform(0, IMAGE_SIZE[1])
        rx, ry = rng.uniform(60, 260), rng.uniform(40, 180)
        draw.ellipse((x - rx, y - ry, x + rx, y + ry), fill=colour)
    sky = Image.blend(sky, glow.filter(ImageFilter.GaussianBlur(60)), 0.55)
    stars = ImageDraw.Draw(sky)
    for _ in range(900):
        x, y = rng.uniform(0, IMAGE_SIZE[0]), rng.uniform(0, IMAGE_SIZE[1])
        shade = rng.randint(150, 255)
        radius = rng.choice((0.5, 0.5, 0.5, 1.0, 1.5))
        stars.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(shade,) * 3)
    if hd:
        sky = sky.resize((width, height), Image.Resampling.BICUBIC)
    buffer = io.BytesIO()
    sky.save(buffer, format="JPEG", quality=88)
    return buffer.getvalue()
