"""A `cloisterkit serve` for the tests of tests/serve: the server started on
a free loopback port with its own --data folder, and a small JSON client.
Python's standard library only."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import Failure, check  # noqa: E402,F401  (the serve tests import them from here)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`cloisterkit serve --port P --data DIR [extra...]`, waited for until it
    answers. With allow_seed (the default) the server takes the tests' seeds
    (--allow-seed), so that their games repeat."""

    def __init__(self, cli, data, extra=(), port=None, log=None, allow_seed=True, log_to_pipe=False):
        """log_to_pipe: the server's output is read through a pipe (still
        copied to the log file by this process), so that a limit on the
        server's file sizes does not stop its log."""
        self.cli, self.data, self.extra = cli, data, list(extra) + (["--allow-seed"] if allow_seed else [])
        self.log_to_pipe = log_to_pipe
        self.port = port or free_port()
        self.base = "http://127.0.0.1:%d" % self.port
        self.log_path = log or os.path.join(data + ".log")
        self.proc = None

    def start(self):
        self.log = open(self.log_path, "a")
        self.proc = subprocess.Popen([self.cli, "serve", "--port", str(self.port), "--data", self.data] + self.extra,
                                     stdout=subprocess.PIPE if self.log_to_pipe else self.log, stderr=subprocess.STDOUT)
        if self.log_to_pipe:
            def copy(pipe, log):
                for line in iter(pipe.readline, b""):
                    log.write(line.decode(errors="replace"))
                    log.flush()
            threading.Thread(target=copy, args=(self.proc.stdout, self.log), daemon=True).start()
        deadline = time.time() + 30
        while True:
            try:
                status, _ = self.call("GET", "/api/games")
                if status == 200:
                    return self
            except OSError:
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                raise Failure("cloisterkit serve did not come up on %s (see %s)" % (self.base, self.log_path))
            time.sleep(0.1)

    def kill(self, sig=signal.SIGKILL):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)
        self.log.close()
        return self.proc.returncode

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            self.kill(signal.SIGINT)
        return False

    def log_text(self):
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def call(self, method, path, body=None, token=None, raw=None, timeout=60, content_type="application/json",
             headers=None):
        headers = dict(headers or {})
        data = None
        if raw is not None:
            data = raw if isinstance(raw, bytes) else raw.encode()
            headers.setdefault("Content-Type", content_type)  # urllib's default is a form, refused
        elif body is not None:
            data = json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        if token:
            headers["X-Seat-Token"] = token
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                text = res.read().decode()
                status = res.status
        except urllib.error.HTTPError as e:
            text = e.read().decode()
            status = e.code
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def ok(self, method, path, body=None, token=None, raw=None, want=200):
        status, value = self.call(method, path, body, token, raw)
        if status != want:
            raise Failure("%s %s answered %d, not %d: %s" % (method, path, status, want, value))
        return value

    def new_game(self, players, **fields):
        body = dict(fields)
        body["players"] = players
        return self.ok("POST", "/api/games", body, want=201)

    def state(self, game, token=None):
        return self.ok("GET", "/api/games/%s" % game, token=token)

    def move(self, game, token, option):
        return self.ok("POST", "/api/games/%s/moves" % game, {"option": option}, token=token)

    def wait(self, game, token, until, timeout=120):
        """The state, once until(state) holds (computer seats move on their own)."""
        deadline = time.time() + timeout
        while True:
            s = self.state(game, token)
            if until(s):
                return s
            if time.time() > deadline:
                raise Failure("game %s: waited %d s for the state to change (turn %s)" % (game, timeout, s["turn"]))
            time.sleep(0.02)


def person_choice(options, turn, seen):
    """A test's person: an expansion's own option where one is offered, by
    the turn (so a game uses the abbot's return, triangles from the hand,
    buildings and followers), else an option the turn picks. `options`:
    dicts with "kind" (the API's kinds); the kinds chosen go into `seen`.
    The API tests and the browser tests play with it alike."""
    wanted = ["return"]
    wanted += ["hand-tile"] if turn % 3 == 0 else []
    # (turn // 2: with two seats a person plays every other turn.)
    wanted += [["building"], ["figure"], ["figure", "building"], []][(turn // 2) % 4]
    for kind in wanted:
        offered = [o for o in options if o["kind"] == kind]
        if offered:
            seen.add(kind)
            return offered[turn % len(offered)]
    return options[(turn * 7 + len(options) * 3) % len(options)]


def replayed_scores(cli, jcz_path):
    r = subprocess.run([cli, "replay", "--json", jcz_path], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise Failure("cloisterkit replay %s failed (%d): %s" % (jcz_path, r.returncode, r.stderr))
    return [p["points"] for p in json.loads(r.stdout)["players"]]
