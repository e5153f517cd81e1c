#!/usr/bin/env python3
"""The step-through page (docs/rendering.md) in a real browser.

Plays one game with Halflings and Little Buildings (`cloisterkit play --json
--html`), opens the page in headless Chromium through chromedriver's W3C
WebDriver protocol on localhost, steps with the keyboard (arrow keys, Home,
End) and a button, and checks what the page shows against the game's JSON:
the turn number, the visible tiles, the points scored with their breakdown
and every player's score. A screenshot is kept in the output folder.

Only Python's standard library is used. No network: the page is a local
file and Chromium runs with its background networking off. If Chromium or
chromedriver cannot start, the test fails and says so.
"""
import argparse
import base64
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1400,1000",
]
KEYS = {"ArrowLeft": "\ue012", "ArrowRight": "\ue014", "Home": "\ue011", "End": "\ue010"}
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

checks = 0


class Failure(Exception):
    pass


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise Failure(what)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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

    def text(self, css):
        el = self.s("POST", "/element", {"using": "css selector", "value": css})
        return self.s("GET", "/element/%s/text" % el[ELEMENT])

    def texts(self, css):
        els = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [self.s("GET", "/element/%s/text" % e[ELEMENT]) for e in els]

    def click(self, css):
        el = self.s("POST", "/element", {"using": "css selector", "value": css})
        self.s("POST", "/element/%s/click" % el[ELEMENT], {})

    def key(self, name):
        k = KEYS[name]
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]})

    def script(self, source):
        return self.s("POST", "/execute/sync", {"script": source, "args": []})

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return "/usr/bin/chromium"


def expected_scores(game, frame):
    """Each player's total shown at `frame`: 0 the start, t after turn t, the
    last one after final scoring."""
    totals = [0] * len(game["scores"])
    for e in game["score_entries"]:
        if frame > game["turns"] or (not e["final"] and e["turn"] <= frame):
            totals[e["player"]] += e["points"]
    return totals


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True, help="the cloisterkit executable")
    parser.add_argument("--out", required=True, help="folder for the page, logs and the screenshot")
    parser.add_argument("--seed", default="11")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    page = os.path.abspath(os.path.join(args.out, "game.html"))

    played = subprocess.run([args.cli, "play", "--players", "3", "--seed", args.seed, "--expansions",
                             "halflings,little-buildings", "--json", "--html", page],
                            capture_output=True, text=True, timeout=120)
    if played.returncode != 0:
        raise Failure("cloisterkit play failed (%d): %s" % (played.returncode, played.stderr))
    game = json.loads(played.stdout)
    turns = game["turns"]
    players = [p["name"] for p in game["scores"]]
    final = [p["points"] for p in game["scores"]]

    driver_path = shutil.which("chromedriver")
    if not driver_path or not os.path.exists(chromium_binary()):
        raise Failure("Chromium cannot start here: chromium (%s) or chromedriver (%s) is not installed; "
                      "Debian's packages chromium and chromium-driver are installed by scripts/install-deps.sh"
                      % (chromium_binary(), driver_path))
    port = free_port()
    log_path = os.path.join(args.out, "chromedriver.log")
    log = open(log_path, "w")
    driver_proc = subprocess.Popen([driver_path, "--port=%d" % port], stdout=log, stderr=subprocess.STDOUT)
    user_data = tempfile.mkdtemp(prefix="ck-e2e-chromium-")
    wd = WebDriver(port)
    try:
        deadline = time.time() + 30
        while True:
            try:
                if wd.call("GET", "/status", timeout=5).get("ready"):
                    break
            except (OSError, Failure):
                pass
            if time.time() > deadline or driver_proc.poll() is not None:
                raise Failure("Chromium cannot start here: chromedriver did not come up on 127.0.0.1:%d "
                              "(see %s)" % (port, log_path))
            time.sleep(0.2)
        try:
            wd.start(user_data)
        except (OSError, Failure) as e:
            raise Failure("Chromium cannot start here (headless, as root with --no-sandbox): %s (see %s)"
                          % (e, log_path))

        wd.s("POST", "/url", {"url": "file://" + page})

        def shown(frame, label=None):
            turn = frame if frame <= turns else turns
            check(wd.text("#ck-frame") == str(frame), "frame %d: the page shows frame %s" % (frame, wd.text("#ck-frame")))
            check(wd.text("#ck-turn") == str(turn), "frame %d: the page shows turn %s, not %d"
                  % (frame, wd.text("#ck-turn"), turn))
            if label:
                check(wd.text("#ck-label") == label, "frame %d: label %r, not %r" % (frame, wd.text("#ck-label"), label))
            want = expected_scores(game, frame)
            for p, name in enumerate(players):
                got = wd.text('#ck-scores td.ck-total[data-player="%d"]' % p)
                check(got == str(want[p]), "frame %d: %s has %s points on the page, the game says %d"
                      % (frame, name, got, want[p]))
            if frame <= turns:
                # One tile per turn, and the start tile.
                visible = wd.script("return Array.from(document.querySelectorAll('#ck-board g.tile'))"
                                    ".filter(function (g) { return getComputedStyle(g).display !== 'none'; }).length;")
                check(visible == frame + 1, "frame %d: %d tiles visible, not %d" % (frame, visible, frame + 1))

        shown(0, "Start")
        wd.key("ArrowRight")
        shown(1, "Turn 1")
        wd.click("#ck-next")  # the button works too
        shown(2, "Turn 2")

        # Step to the first turn that scores and check the points listed.
        first = min([e["turn"] for e in game["score_entries"] if not e["final"] and e["points"] > 0] or [turns])
        if first < 2:
            wd.key("Home")
            for _ in range(first):
                wd.key("ArrowRight")
        for _ in range(2, first):
            wd.key("ArrowRight")
        shown(first)
        listed = wd.texts("#ck-points li.entry")
        wanted = [e for e in game["score_entries"] if not e["final"] and e["turn"] == first]
        check(len(listed) == len(wanted), "turn %d: %d entries listed, the game has %d" % (first, len(listed), len(wanted)))
        for text, e in zip(listed, wanted):
            check(players[e["player"]] in text and e["breakdown"] in text,
                  "turn %d: entry %r does not show %r for %s" % (first, text, e["breakdown"], players[e["player"]]))
        wd.screenshot(os.path.join(args.out, "page.png"))

        wd.key("ArrowLeft")
        shown(first - 1)  # the points are gone again
        wd.key("End")
        shown(turns + 1, "Final scoring")
        check(expected_scores(game, turns + 1) == final, "final scores add up to the game's")
        listed = wd.texts("#ck-points li.entry")
        check(len(listed) == sum(1 for e in game["score_entries"] if e["final"]), "final scoring entries listed")
        wd.screenshot(os.path.join(args.out, "page-final.png"))
        wd.key("ArrowRight")  # nothing after the last frame
        shown(turns + 1)
        wd.key("ArrowLeft")
        shown(turns, "Turn %d" % turns)
        wd.key("Home")
        shown(0, "Start")
    finally:
        if wd.session:
            try:
                wd.s("DELETE", "")
            except (OSError, Failure):
                pass
        driver_proc.terminate()
        try:
            driver_proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver_proc.kill()
        log.close()
        shutil.rmtree(user_data, ignore_errors=True)
    print("e2e: %d checks of the page in headless Chromium against the game (%d turns); screenshot %s"
          % (checks, turns, os.path.join(args.out, "page.png")))


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        print("e2e: FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
