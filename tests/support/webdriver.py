"""Headless Chromium driven over chromedriver's W3C WebDriver protocol on
localhost, with Python's standard library only: the browser tests of
tests/render (the step-through page) and tests/serve (the served game)
share it.

    with Browser(out_dir) as b:      # starts chromedriver, then a session
        b.go("http://127.0.0.1:8080/")
        b.click("#ck-start")

Chromium runs headless as the probe of this machine found it must (root:
--no-sandbox; no background networking: the machine has no network). A
browser that cannot start raises Failure saying why.
"""
import base64
import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1400,1000",
]
KEYS = {"ArrowLeft": "\ue012", "ArrowRight": "\ue014", "ArrowUp": "\ue013", "ArrowDown": "\ue015",
        "Home": "\ue011", "End": "\ue010", "Tab": "\ue004", "Enter": "\ue007"}
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


from checks import Failure  # noqa: E402  (one failure type for every Python test)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return "/usr/bin/chromium"


class WebDriver:
    def __init__(self, port):
        self.port = port
        self.session = None

    def call(self, method, path, body=None, timeout=60):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            payload = json.loads(response.read().decode() or "{}")
        finally:
            conn.close()
        value = payload.get("value")
        if response.status != 200:
            message = value.get("message", "") if isinstance(value, dict) else str(value)
            raise Failure("WebDriver %s %s: HTTP %d: %s" % (method, path, response.status, message))
        return value

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def start(self, user_data_dir):
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium_binary(),
                                   "args": CHROMIUM_FLAGS + ["--user-data-dir=" + user_data_dir]},
        }}}
        value = self.call("POST", "/session", caps, timeout=120)
        self.session = value["sessionId"]

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def on_element(self, css, action):
        """action(element id) on the element `css` finds; found again when
        the page redrew it in between (a live page re-renders on its own)."""
        for attempt in range(5):
            el = self.s("POST", "/element", {"using": "css selector", "value": css})
            try:
                return action(el[ELEMENT])
            except Failure as e:
                if "stale element" not in str(e) or attempt == 4:
                    raise
                time.sleep(0.05)

    def text(self, css):
        return self.on_element(css, lambda e: self.s("GET", "/element/%s/text" % e))

    def texts(self, css):
        els = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [self.s("GET", "/element/%s/text" % e[ELEMENT]) for e in els]

    def click(self, css):
        self.on_element(css, lambda e: self.s("POST", "/element/%s/click" % e, {}))

    def key(self, name):
        """One key pressed and released: a name of KEYS, or a character."""
        k = KEYS.get(name, name)
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]})

    def script(self, source, *args):
        return self.s("POST", "/execute/sync", {"script": source, "args": list(args)})

    def viewport(self, width, height):
        """The page's viewport `width` x `height` CSS pixels: the window's
        size, grown by what headless Chromium counts as its frame (143 px of
        height in Chromium 156), else Chromium's device emulation. Returns
        the viewport's size as the page sees it."""
        inner = "return [window.innerWidth, window.innerHeight]"
        self.s("POST", "/window/rect", {"width": width, "height": height})
        size = self.script(inner)
        if size != [width, height]:
            self.s("POST", "/window/rect", {"width": 2 * width - size[0], "height": 2 * height - size[1]})
            size = self.script(inner)
        if size != [width, height]:
            self.s("POST", "/goog/cdp/execute", {"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}})
            size = self.script(inner)
        return size

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))


class Browser(WebDriver):
    """chromedriver on a free port and one session; logs go to `out`."""

    def __init__(self, out):
        self.out = out
        self.proc = None
        self.log = None
        self.user_data = None
        super().__init__(free_port())

    def __enter__(self):
        driver_path = shutil.which("chromedriver")
        if not driver_path or not os.path.exists(chromium_binary()):
            raise Failure("Chromium cannot start here: chromium (%s) or chromedriver (%s) is not installed; "
                          "Debian's packages chromium and chromium-driver are installed by "
                          "scripts/install-deps.sh --tests" % (chromium_binary(), driver_path))
        log_path = os.path.join(self.out, "chromedriver-%d.log" % self.port)
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen([driver_path, "--port=%d" % self.port], stdout=self.log, stderr=subprocess.STDOUT)
        self.user_data = tempfile.mkdtemp(prefix="ck-e2e-chromium-")
        try:
            deadline = time.time() + 30
            while True:
                try:
                    if self.call("GET", "/status", timeout=5).get("ready"):
                        break
                except (OSError, Failure):
                    pass
                if time.time() > deadline or self.proc.poll() is not None:
                    raise Failure("Chromium cannot start here: chromedriver did not come up on 127.0.0.1:%d "
                                  "(see %s)" % (self.port, log_path))
                time.sleep(0.2)
            try:
                self.start(self.user_data)
            except (OSError, Failure) as e:
                raise Failure("Chromium cannot start here (headless, as root with --no-sandbox): %s (see %s)"
                              % (e, log_path))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        if self.session:
            try:
                self.s("DELETE", "")
            except (OSError, Failure):
                pass
            self.session = None
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None
        if self.log:
            self.log.close()
            self.log = None
        if self.user_data:
            shutil.rmtree(self.user_data, ignore_errors=True)
            self.user_data = None
        return False
