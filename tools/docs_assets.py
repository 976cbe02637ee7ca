"""The docs' vendored assets: mermaid, and the Roboto fonts, served with the site so that
the docs read the same offline as online.

Each asset is one file of a pinned release of an npm package, kept in ``docs/assets``
beside the package's license, and checked against its sha256 here.

    python tools/docs_assets.py            # check the files in docs/assets against the pins
    python tools/docs_assets.py --refresh  # fetch the pinned releases with npm, write them

To move to another release, change its version below and run ``--refresh``: it refuses
every file whose sha256 is not the one pinned, and prints the new one to pin once the
release's files are looked over.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import NamedTuple

ASSETS_DIR = Path(__file__).resolve().parent.parent / "docs" / "assets"

VERSIONS = {
    # The major version Material for MkDocs 9 itself would load from a CDN.
    "mermaid": "11.17.2",
    "@fontsource/roboto": "5.3.0",
    "@fontsource/roboto-mono": "5.3.0",
}

LATIN = (
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,"
    "U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
)
"""The characters the latin files hold, as the packages' own stylesheets say: the rest
falls back to the system's fonts."""


class Asset(NamedTuple):
    package: str
    member: str
    """Its path inside the package."""
    target: str
    """Its path under docs/assets."""
    sha256: str


class Face(NamedTuple):
    family: str
    package: str
    stem: str
    weights: tuple[int, ...]


FACES = (
    # Material's own weights: 300, 400 and 700 for the text, 400 and 700 for code.
    Face("Roboto", "@fontsource/roboto", "roboto", (300, 400, 700)),
    Face("Roboto Mono", "@fontsource/roboto-mono", "roboto-mono", (400, 700)),
)
STYLES = ("normal", "italic")

ASSETS = (
    Asset(
        "mermaid",
        "dist/mermaid.min.js",
        "javascripts/mermaid.min.js",
        "581ed7d74bd9048d0e3a91363927d72ef22942d7722546b27f7cc29e35390eb8",
    ),
    Asset(
        "mermaid",
        "LICENSE",
        "javascripts/mermaid.LICENSE.txt",
        "ec9fb67dcb25eccc416ed56e1aab819222c805a2a4bfe4cb19e7556bf2ffde80",
    ),
    Asset(
        "@fontsource/roboto",
        "LICENSE",
        "fonts/roboto.LICENSE.txt",
        "84044c09058803d87a241bd28abb4ce30a433d7db9c27a04da3efad6a0ca539c",
    ),
    Asset(
        "@fontsource/roboto-mono",
        "LICENSE",
        "fonts/roboto-mono.LICENSE.txt",
        "b489132782690f2cc1ed23ab56d7057bbb08c42573603e8e704ae2e2ea9c8216",
    ),
)
FONT_SHA256 = {
    "roboto 300 normal": "299f10a52fe1423dd5579ff7e83db8dbea312f1e924f3e06e55839286b4d1c1d",
    "roboto 300 italic": "967224da947552a72bf04d5b71e1dc72f80a6c3c244d68ae0a8bb4fdb47e53cb",
    "roboto 400 normal": "425c0713a8176f92273d378599c7eac57de7fafabd4bd0ed457b70eb8f80d371",
    "roboto 400 italic": "5d0e978b6560631da2504e1612e91ee1ff959c04adae245eb320ac90cad2ba2f",
    "roboto 700 normal": "b9d66d1708156f765ada51939bc24ed259dafa69eb631b36e443680fe9e15879",
    "roboto 700 italic": "cc04783263e416f8ee2a218fde6ffd532d6b81636d3187d30e39e4ad05736d5e",
    "roboto-mono 400 normal": "e03013e0baa5690a803c188da2214d920c3245b25ad78421ecc8ae86cd842ae9",
    "roboto-mono 400 italic": "e4a744be99f104ecbd224af9a91da2a7cadd76e1b9cde550b26e341d2e465349",
    "roboto-mono 700 normal": "283fbef73f42c21722c5a3efc7a44b0c38aac1ada665602b2144c13ed58c0e99",
    "roboto-mono 700 italic": "21eb25612d5c76e78c41bacf87adf6dbb44f20e4ee7f75be6c260e512310c087",
}
"""Each font file's sha256, by its face, weight and style."""


def font_assets() -> list[Asset]:
    """Every font file the stylesheet names, as an asset."""
    return [
        Asset(
            face.package,
            f"files/{name}",
            f"fonts/{name}",
            FONT_SHA256.get(f"{face.stem} {weight} {style}", ""),
        )
        for face in FACES
        for weight in face.weights
        for style in STYLES
        for name in [f"{face.stem}-latin-{weight}-{style}.woff2"]
    ]


def stylesheet() -> str:
    """``stylesheets/fonts.css``: a face for each font file, and Material told to use them."""
    faces = [
        "/* Written by tools/docs_assets.py: the fonts of @fontsource/roboto and\n"
        "   @fontsource/roboto-mono (SIL Open Font License 1.1), served with the site. */\n"
    ]
    for face in FACES:
        for weight in face.weights:
            for style in STYLES:
                name = f"{face.stem}-latin-{weight}-{style}.woff2"
                faces.append(
                    "@font-face {\n"
                    f"  font-family: '{face.family}';\n"
                    f"  font-style: {style};\n"
                    "  font-display: swap;\n"
                    f"  font-weight: {weight};\n"
                    f"  src: url(../fonts/{name}) format('woff2');\n"
                    f"  unicode-range: {LATIN};\n"
                    "}\n"
                )
    faces.append(':root {\n  --md-text-font: "Roboto";\n  --md-code-font: "Roboto Mono";\n}\n')
    return "\n".join(faces)


def fetch(package: str, into: Path) -> tarfile.TarFile:
    """The pinned release of ``package``, as npm packs it from the registry."""
    spec = f"{package}@{VERSIONS[package]}"
    packed = subprocess.run(
        ["npm", "pack", "--silent", "--pack-destination", str(into), spec],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[-1]
    return tarfile.open(into / packed)


def refresh() -> list[str]:
    """Write every asset from its pinned release; the problems, if any."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        releases = {package: fetch(package, Path(scratch)) for package in VERSIONS}
        for asset in [*ASSETS, *font_assets()]:
            member = releases[asset.package].extractfile(f"package/{asset.member}")
            if member is None:
                problems.append(f"{asset.package} holds no file {asset.member}")
                continue
            content = member.read()
            digest = hashlib.sha256(content).hexdigest()
            if digest != asset.sha256:
                problems.append(f"{asset.target}: sha256 {digest}, pinned {asset.sha256!r}")
                continue
            target = ASSETS_DIR / asset.target
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
    (ASSETS_DIR / "stylesheets" / "fonts.css").write_text(stylesheet())
    return problems


def check() -> list[str]:
    """The problems of the files in docs/assets: missing, or not the pinned ones."""
    problems = []
    for asset in [*ASSETS, *font_assets()]:
        target = ASSETS_DIR / asset.target
        if not target.is_file():
            problems.append(f"{asset.target} is missing")
        elif hashlib.sha256(target.read_bytes()).hexdigest() != asset.sha256:
            problems.append(f"{asset.target} is not the file pinned")
    css = ASSETS_DIR / "stylesheets" / "fonts.css"
    if not css.is_file() or css.read_text() != stylesheet():
        problems.append("stylesheets/fonts.css is not the one the fonts make")
    return problems


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="fetch the pinned releases")
    problems = refresh() if parser.parse_args(arguments).refresh else check()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
