"""Bundle components/ with esbuild into static/build/.

- server.js: one script for the V8 isolate (no DOM, no Node), defining globalThis.renderPage.
- client-[hash].js + chunks/: the browser entry as ESM, split per page, content-hashed names.
- manifest.json: the entry, its CSS, and for each page the scripts it needs.
- fonts/: Open Sans (latin 400/600/700) from @fontsource, self-hosted.

A failed build exits non-zero with esbuild's message.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
COMPONENTS = ROOT / "components"
OUT = ROOT / "static" / "build"
GEN = OUT / ".gen"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
FONT_WEIGHTS = (400, 600, 700)

COMMON = [
    "--bundle",
    "--jsx=automatic",
    "--minify",
    "--target=es2020",
    "--legal-comments=none",
    "--log-level=warning",
    '--define:process.env.NODE_ENV="production"',
]


def page_names() -> list[str]:
    """Every components/pages/*.jsx is a page, named after its file."""
    return sorted(p.stem for p in (COMPONENTS / "pages").glob("*.jsx") if not p.stem.startswith("_"))


def write_page_maps(names: list[str]) -> tuple[Path, Path]:
    """The server imports every page; the browser loads each as its own chunk on demand."""
    GEN.mkdir(parents=True, exist_ok=True)
    rel = "../../../components/pages"
    server = GEN / "pages.server.js"
    server.write_text(
        "".join(f"import P{i} from '{rel}/{n}.jsx';\n" for i, n in enumerate(names))
        + "export default {"
        + ", ".join(f"{n}: P{i}" for i, n in enumerate(names))
        + "};\n"
    )
    client = GEN / "pages.client.js"
    client.write_text(
        "export default {\n" + "".join(f"  {n}: () => import('{rel}/{n}.jsx'),\n" for n in names) + "};\n"
    )
    return server, client


def esbuild(*args: str) -> None:
    result = subprocess.run([str(ESBUILD), *COMMON, *args], cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"build failed: esbuild exited with {result.returncode}")


def static_closure(outputs: dict, start: str) -> list[str]:
    """The output file and every chunk it imports statically, in load order."""
    seen: list[str] = []
    stack = [start]
    while stack:
        path = stack.pop()
        if path in seen:
            continue
        seen.append(path)
        stack.extend(i["path"] for i in outputs[path].get("imports", []) if i["kind"] == "import-statement")
    return seen


def build_client(client_map: Path, names: list[str]) -> dict:
    meta_path = GEN / "client-meta.json"
    esbuild(
        "components/client.jsx",
        "--splitting",
        "--format=esm",
        "--platform=browser",
        f"--outdir={OUT.relative_to(ROOT)}",
        "--entry-names=[name]-[hash]",
        "--chunk-names=chunks/[name]-[hash]",
        f"--alias:app-pages=./{client_map.relative_to(ROOT)}",
        f"--metafile={meta_path.relative_to(ROOT)}",
        "--loader:.woff2=file",
    )
    outputs = json.loads(meta_path.read_text())["outputs"]
    by_entry = {o.get("entryPoint"): path for path, o in outputs.items() if o.get("entryPoint")}
    url = lambda path: "/" + path.removeprefix("static/")  # noqa: E731
    entry = by_entry["components/client.jsx"]
    css = outputs[entry].get("cssBundle")
    pages = {}
    for name in names:
        chunk = by_entry[f"components/pages/{name}.jsx"]
        pages[name] = [url(p) for p in static_closure(outputs, chunk)]
    return {
        "entry": url(entry),
        "preload": [url(p) for p in static_closure(outputs, entry)[1:]],
        "css": [url(css)] if css else [],
        "pages": pages,
    }


def build_server(server_map: Path) -> None:
    esbuild(
        "components/server.jsx",
        "--format=iife",
        "--platform=neutral",
        "--main-fields=module,main",
        "--conditions=worker,browser",
        f"--alias:app-pages=./{server_map.relative_to(ROOT)}",
        "--loader:.css=empty",
        f"--outfile={(OUT / 'server.tmp.js').relative_to(ROOT)}",
    )
    os.replace(OUT / "server.tmp.js", OUT / "server.js")


def copy_fonts() -> list[dict]:
    fonts = []
    source = ROOT / "node_modules" / "@fontsource" / "open-sans" / "files"
    (OUT / "fonts").mkdir(parents=True, exist_ok=True)
    for weight in FONT_WEIGHTS:
        data = (source / f"open-sans-latin-{weight}-normal.woff2").read_bytes()
        name = f"open-sans-{weight}-{hashlib.sha256(data).hexdigest()[:8]}.woff2"
        (OUT / "fonts" / name).write_bytes(data)
        fonts.append({"weight": weight, "url": f"/build/fonts/{name}"})
    return fonts


def precompress() -> None:
    """Scripts and stylesheets are served pre-compressed (app/http/static.py picks the variant)."""
    import brotli

    for path in [*OUT.rglob("*.js"), *OUT.rglob("*.css")]:
        if path.name.startswith("server") or path.with_name(path.name + ".br").exists():
            continue  # the server bundle is read from disk; hashed files never change
        data = path.read_bytes()
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(data, 9))
        path.with_name(path.name + ".br").write_bytes(brotli.compress(data, quality=11))


STALE_AFTER_SEC = 3600


def remove_stale() -> None:
    """Files of older builds stay an hour: a server started before this build still serves
    pages that name them. (esbuild rewrites every current output, so those are fresh.)"""
    cutoff = time.time() - STALE_AFTER_SEC
    for path in OUT.rglob("*"):
        if path.is_file() and GEN not in path.parents and path.stat().st_mtime < cutoff:
            path.unlink()


def main() -> None:
    if not ESBUILD.exists():
        sys.exit("build failed: node_modules is missing; run `npm ci` first")
    OUT.mkdir(parents=True, exist_ok=True)
    names = page_names()
    server_map, client_map = write_page_maps(names)
    build_server(server_map)
    manifest = build_client(client_map, names)
    manifest["fonts"] = copy_fonts()
    precompress()
    staged = OUT / "manifest.tmp.json"
    staged.write_text(json.dumps(manifest, indent=2))
    os.replace(staged, OUT / "manifest.json")
    remove_stale()
    print(f"built {len(names)} pages into {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
