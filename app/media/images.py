"""Uploaded images: what a file really is (by its content, never its name) and where it is kept.

An upload is accepted only when its first bytes are those of a PNG, JPEG or WebP file AND Pillow,
told to expect exactly that format, parses its structure (verify) and decodes it. It is stored as
media_dir/uploads/<yyyy>/<mm>/<uuid4>.<ext>: the name is generated, so nothing the client sends
(a name, a path, an extension) reaches the file system, and the extension always matches the
content, which the media mount serves with `nosniff`.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from PIL import Image, UnidentifiedImageError

UPLOADS = "uploads"
# Decoding an image costs width x height x 4 bytes of memory: 25 MP (5000 x 5000) is ~100 MB.
MAX_PIXELS = 25_000_000
COPY_BUFFER = 1024 * 1024


@dataclass(frozen=True)
class ImageKind:
    name: str
    pillow_format: str
    extension: str
    content_type: str


PNG = ImageKind("PNG", "PNG", "png", "image/png")
JPEG = ImageKind("JPEG", "JPEG", "jpg", "image/jpeg")
WEBP = ImageKind("WebP", "WEBP", "webp", "image/webp")


class NotAnImage(ValueError):
    """The upload is not a PNG, JPEG or WebP image we can use; the message says why."""


@dataclass(frozen=True)
class ImageInfo:
    kind: ImageKind
    width: int
    height: int


def sniff(head: bytes) -> ImageKind | None:
    """The kind of image these first bytes start, by their signature, or None."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG
    if head.startswith(b"\xff\xd8\xff"):
        return JPEG
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return WEBP
    return None


def inspect_image(file: BinaryIO) -> ImageInfo:
    """What the image in `file` is; NotAnImage unless it is a whole PNG, JPEG or WebP image.

    The signature decides which single format Pillow may parse the file as, so a file cannot pass
    as one kind by its first bytes and as another in Pillow. verify() checks the structure (PNG
    chunk checksums and so on); load() then decodes it, which catches a truncated JPEG or WebP.
    """
    file.seek(0)
    kind = sniff(file.read(16))
    if kind is None:
        raise NotAnImage("Upload a PNG, JPEG or WebP image")
    try:
        file.seek(0)
        with Image.open(file, formats=[kind.pillow_format]) as image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise NotAnImage(f"The image is too large: at most {MAX_PIXELS // 1_000_000} megapixels")
            image.verify()
        file.seek(0)
        with Image.open(file, formats=[kind.pillow_format]) as image:
            if kind is JPEG:
                image.draft("RGB", (max(1, width // 8), max(1, height // 8)))  # decode at 1/8 scale: cheap
            image.load()
    except NotAnImage:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise NotAnImage(f"The file is not a valid {kind.name} image") from None
    return ImageInfo(kind, width, height)


def upload_path(kind: ImageKind, now: dt.datetime) -> str:
    """A new relative path under uploads/, by month, with a random name."""
    return f"{UPLOADS}/{now:%Y}/{now:%m}/{uuid.uuid4().hex}.{kind.extension}"


def store(media_dir: Path, file: BinaryIO, relative: str) -> Path:
    """Copies `file` to media_dir/relative. It appears there whole or not at all: written beside
    its final name first, then renamed (atomic on one file system)."""
    final = media_dir / relative
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = final.with_name(final.name + ".part")
    file.seek(0)
    try:
        with open(partial, "xb") as out:
            shutil.copyfileobj(file, out, COPY_BUFFER)
        os.replace(partial, final)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return final


def remove(media_dir: Path, relative: str) -> None:
    (media_dir / relative).unlink(missing_ok=True)
