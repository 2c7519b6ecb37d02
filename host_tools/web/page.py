"""`make web`: Broadside in a browser, as a static folder (build/web/) and a local server.

    python -m host_tools.web.page build            # build/web/ only
    python -m host_tools.web.page serve [--port 8000] [--host 127.0.0.1] [--no-build]

build/web/ holds:
  index.html, broadside.js      the page (web/)
  micropython.mjs, .wasm        MicroPython's WebAssembly port, from npm (package.json pins
                                it; `npm ci` installs it when node_modules is missing or stale)
  install.pack                  the install for board `web`, exactly as host_tools.device.bundle
                                writes it for a handheld (main.py, board.txt, boards/web.mpy,
                                lib/**/*.mpy; the frozen-build extras left out), its files
                                end to end: one download instead of ~90
  install.json                  each file's path (as on the handheld), size, offset in the
                                pack and sha256 (the bundle's manifest)
The folder can go on any static web host: nothing in it needs this server.
"""

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

from host_tools.device import bundle
from host_tools.paths import BUILD, ROOT

WEB_SRC = os.path.join(ROOT, "web")
WEB_DIR = os.path.join(BUILD, "web")
NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "broadside.js")
BOARD = "web"
_STAMP = os.path.join("node_modules", ".broadside-lock")


class WebError(Exception):
    pass


def npm_install(root=ROOT):
    """`npm ci` when node_modules is missing or was installed from another lockfile."""
    lock = os.path.join(root, "package-lock.json")
    stamp = os.path.join(root, _STAMP)
    pkg = os.path.join(root, "node_modules", *NPM_PACKAGE.split("/"))
    with open(lock, "rb") as f:
        want = f.read()
    have = None
    if os.path.exists(stamp):
        with open(stamp, "rb") as f:
            have = f.read()
    if have == want and all(os.path.exists(os.path.join(pkg, n)) for n in RUNTIME_FILES):
        return pkg
    npm = shutil.which("npm")
    if npm is None:
        raise WebError("npm not found: install Node.js (it brings npm) to build the web page")
    print("web: npm ci (MicroPython WebAssembly, pinned in package-lock.json)")
    proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True)
    if proc.returncode:
        raise WebError("npm ci failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    with open(stamp, "wb") as f:
        f.write(want)
    return pkg


def build(dest=WEB_DIR, lines=False):
    """Write the static site to `dest` (replaced whole) and return its path."""
    dest = os.path.abspath(dest)
    pkg = npm_install()
    tmp = dest + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    try:
        b = bundle.build(BOARD, out=os.path.join(tmp, "device"), lines=lines)
        files = []
        offset = 0
        with open(os.path.join(tmp, "install.pack"), "wb") as pack:
            for bf in sorted(b.files, key=lambda f: f.dest):
                with open(bf.local, "rb") as f:
                    pack.write(f.read())
                files.append({"path": bf.dest, "size": bf.size, "offset": offset, "sha256": bf.sha256})
                offset += bf.size
        with open(os.path.join(tmp, "install.json"), "w") as f:
            json.dump({"board": BOARD, "mpy": list(b.mpy_version or ()), "files": files}, f, indent=0)
        shutil.rmtree(b.out)
        for name in RUNTIME_FILES:
            shutil.copyfile(os.path.join(pkg, name), os.path.join(tmp, name))
        for name in PAGE_FILES:
            shutil.copyfile(os.path.join(WEB_SRC, name), os.path.join(tmp, name))
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = dest + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(dest):
        os.rename(dest, old)
    os.rename(tmp, dest)
    shutil.rmtree(old, ignore_errors=True)
    return dest


def site_bytes(dest=WEB_DIR):
    total = 0
    for base, _dirs, names in os.walk(dest):
        for n in names:
            total += os.path.getsize(os.path.join(base, n))
    return total


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{
            ".mjs": "text/javascript",
            ".js": "text/javascript",
            ".wasm": "application/wasm",
            ".json": "application/json",
        },
    )

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # a rebuilt page is never stale
        super().end_headers()

    def log_message(self, fmt, *args):
        pass


def serve(dest=WEB_DIR, port=8000, host="127.0.0.1"):
    """Serve `dest` until interrupted."""
    handler = functools.partial(Handler, directory=dest)
    with http.server.ThreadingHTTPServer((host, port), handler) as httpd:
        print("Broadside in your browser: http://%s:%d/  (Ctrl-C stops)" % (host, port))
        print("two linked handhelds: open it in two tabs (?cable=NAME pairs other tabs)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.web.page", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build build/web/")
    b.add_argument("--dest", default=WEB_DIR)
    b.add_argument("--lines", action="store_true", help="keep source line numbers in the .mpy files")
    s = sub.add_parser("serve", help="build, then serve on http://HOST:PORT/")
    s.add_argument("--dest", default=WEB_DIR)
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--no-build", action="store_true", help="serve what is built")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "build" or not args.no_build:
            dest = build(args.dest, lines=getattr(args, "lines", False))
            print("web: %s (%d bytes)" % (dest, site_bytes(dest)))
        if args.cmd == "serve":
            return serve(args.dest, args.port, args.host)
    except (WebError, bundle.BundleError) as e:
        print("web: " + str(e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
