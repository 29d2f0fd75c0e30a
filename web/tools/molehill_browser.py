"""Headless Chromium for Molehill's web tools (scripts/web-replay, scripts/web-check,
scripts/web-serve): a local file server on 127.0.0.1 and a browser driven through
chromedriver's WebDriver protocol (plain HTTP and JSON, standard library only).

Debian's `chromium` and `chromium-driver` (the same version) are installed with apt when
missing (as root, or through sudo), or the exact command is printed. Each session has its own
ports and a fresh profile folder, so several runs at once do not meet.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Chromium as root needs --no-sandbox; WebGL2 without a GPU is ANGLE over SwiftShader; the
# rest keeps it off the network (this machine has none) and quiet.
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--enable-unsafe-swiftshader",
    "--use-angle=swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
]

PACKAGES = ["chromium", "chromium-driver"]


def fail(message, status=2):
    print(message, file=sys.stderr)
    sys.exit(status)


def ensure_browser():
    """The paths of chromium and chromedriver, installing Debian's packages when missing."""
    def find():
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        driver = shutil.which("chromedriver")
        return chromium, driver

    chromium, driver = find()
    if chromium and driver:
        return chromium, driver
    prefix = []
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            fail("headless Chromium is missing: install it with\n  sudo apt-get install "
                 + " ".join(PACKAGES))
        prefix = ["sudo"]
    if not shutil.which("apt-get"):
        fail("headless Chromium is missing: install Chromium and its chromedriver (the same "
             "version), e.g. on Debian: apt-get install chromium chromium-driver")
    install = prefix + ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
    print("installing " + " ".join(PACKAGES) + " (apt)", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(prefix + ["apt-get", "update"], env=env, stdout=subprocess.DEVNULL)
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode != 0:
        fail("installing Chromium failed; install it with\n  " + " ".join(install))
    chromium, driver = find()
    if not (chromium and driver):
        fail("chromium or chromedriver still missing after apt-get install " + " ".join(PACKAGES))
    return chromium, driver


def build():
    """scripts/web-build: the wasm module into web/pkg/ (its own messages on stderr)."""
    r = subprocess.run([str(REPO / "scripts" / "web-build")], stdout=sys.stderr)
    if r.returncode != 0:
        fail("scripts/web-build failed", r.returncode)


MIME = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".trace": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".css": "text/css",
}


class Files(SimpleHTTPRequestHandler):
    """Serves files by mapping URL prefixes to folders (`mounts`); `/traces.json` lists the
    traces under `trace_root` (for the page's menu)."""

    mounts = []
    trace_root = None

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def guess_type(self, path):
        return MIME.get(Path(path).suffix.lower(), "application/octet-stream")

    def translate_path(self, path):
        path = urllib.request.url2pathname(path.split("?", 1)[0].split("#", 1)[0])
        for prefix, folder in self.mounts:
            if path == prefix.rstrip("/") or path.startswith(prefix):
                rest = path[len(prefix):].lstrip("/")
                full = (Path(folder) / rest).resolve()
                return str(full)
        return "/nonexistent"

    def do_GET(self):
        if self.path.split("?", 1)[0] == "/traces.json" and self.trace_root:
            root = Path(self.trace_root)
            names = sorted(str(p.relative_to(REPO)) for p in root.rglob("*.trace"))
            body = json.dumps(names).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def serve(mounts, port=0, trace_root=None):
    """A file server on 127.0.0.1 (in a thread); returns it (its port: server.server_port)."""
    handler = type("Mounted", (Files,), {"mounts": mounts, "trace_root": trace_root})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One headless Chromium session through chromedriver."""

    def __init__(self, flags=()):
        chromium, driver = ensure_browser()
        self.profile = tempfile.mkdtemp(prefix="molehill-chromium-")
        self.port = free_port()
        self.driver = subprocess.Popen(
            [driver, f"--port={self.port}", "--allowed-ips=127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 30
        while True:
            try:
                if self._call("GET", "/status")["value"].get("ready"):
                    break
            except (OSError, urllib.error.URLError, KeyError):
                pass
            if time.time() > deadline or self.driver.poll() is not None:
                self.close()
                fail("chromedriver did not start")
            time.sleep(0.1)
        args = CHROMIUM_FLAGS + [f"--user-data-dir={self.profile}", *flags]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "timeouts": {"script": 600_000, "pageLoad": 60_000},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        try:
            r = self._call("POST", "/session", caps)
        except RuntimeError as e:
            self.close()
            fail(f"Chromium did not start through chromedriver: {e}")
        self.session = r["value"]["sessionId"]

    def _call(self, method, path, body=None, timeout=900):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read() or b"{}")
        except urllib.error.HTTPError as e:
            detail = e.read().decode(errors="replace")
            try:
                detail = json.loads(detail)["value"]["message"]
            except (ValueError, KeyError, TypeError):
                pass
            raise RuntimeError(detail) from None

    def open(self, url):
        self._call("POST", f"/session/{self.session}/url", {"url": url})

    def run_async(self, script, *args):
        """Runs `script` (its last argument is the callback) and returns what it passes."""
        r = self._call("POST", f"/session/{self.session}/execute/async",
                       {"script": script, "args": list(args)})
        return r["value"]

    def log(self):
        try:
            r = self._call("POST", f"/session/{self.session}/se/log", {"type": "browser"})
            return r.get("value", [])
        except RuntimeError:
            return []

    def close(self):
        try:
            if getattr(self, "session", None):
                self._call("DELETE", f"/session/{self.session}", timeout=30)
        except (RuntimeError, OSError, urllib.error.URLError):
            pass
        if self.driver.poll() is None:
            self.driver.terminate()
            try:
                self.driver.wait(10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def open_runner(browser, server):
    """Opens web/www/runner.html (through the server's /fs mount) and waits for the module."""
    url = f"http://127.0.0.1:{server.server_port}/fs{REPO}/web/www/runner.html"
    browser.open(url)
    state = browser.run_async(
        "const done = arguments[arguments.length - 1];"
        "const wait = () => window.molehillReady ? window.molehillReady.then(done) :"
        " setTimeout(wait, 20); wait();")
    if state != "ready":
        fail(f"the web player did not load in Chromium: {state}")
    return url
