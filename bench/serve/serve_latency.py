#!/usr/bin/env python3
"""How fast `cloisterkit serve` answers a move, and what a game costs it.

    python3 bench/serve/serve_latency.py --cli build/bin/cloisterkit [--games 1,50] [--json]

For each count of games: a fresh server on 127.0.0.1 with its own --data;
that many games of two persons (no computer seat, so no think time is in
the figures) with every expansion; every game driven to its end, the games
at once by 8 client threads, each with its own keep-alive connection. The
time of each `POST /api/games/{id}/moves` is taken from sending the request
to reading the whole answer (the new state), on the client: Python's own
overhead is in it (about 0.1 ms here); and the server's own time, from
its `Server-Timing` header (from the request's headers read to the answer
built: the move applied through the hooks and made durable). Reported:
median and 99th percentile of both, and the server's resident memory with the games open, less its
memory with none, per game. A benchmark, not a test: figures vary with the
machine and its load (docs/performance.md, "Serving").
"""
import argparse
import concurrent.futures
import http.client
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "serve"))
from serve_client import Server  # noqa: E402

EXPANSIONS = ["halflings", "little-buildings", "abbot"]


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Connection:
    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method, path, body=None, token=None, server_times=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        self.conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        r = self.conn.getresponse()
        data = r.read()
        if server_times is not None:
            timing = r.getheader("Server-Timing", "")
            if "dur=" in timing:
                server_times.append(float(timing.split("dur=")[1].split(",")[0]) / 1000)
        if r.status not in (200, 201):
            raise RuntimeError("%s %s: %d %s" % (method, path, r.status, data[:200]))
        return json.loads(data)


def drive(port, game, tokens):
    """Plays the game to its end; the seconds each move took, on the client
    and in the server."""
    c = Connection(port)
    times, server_times = [], []
    state = c.request("GET", "/api/games/%s" % game, token=tokens[0])
    while not state["finished"]:
        token = tokens[state["active"]]
        if state["seat"] != state["active"]:
            state = c.request("GET", "/api/games/%s" % game, token=token)
        options = state["options"]
        choice = options[(state["turn"] * 7 + len(options) * 3) % len(options)]["id"]
        start = time.perf_counter()
        state = c.request("POST", "/api/games/%s/moves" % game, {"option": choice}, token=token,
                          server_times=server_times)
        times.append(time.perf_counter() - start)
    return times, server_times


def measure(cli, games, threads):
    data = tempfile.mkdtemp(prefix="ck-serve-bench-")
    try:
        with Server(cli, os.path.join(data, "games"), log=os.path.join(data, "serve.log")) as server:
            time.sleep(0.3)
            empty = rss_kb(server.proc.pid)
            made = []
            for i in range(games):
                created = server.new_game([{"name": "A"}, {"name": "B"}], expansions=EXPANSIONS, seed=1000 + i)
                made.append((created["id"], [s["token"] for s in created["seats"]]))
            opened = rss_kb(server.proc.pid)
            with concurrent.futures.ThreadPoolExecutor(threads) as pool:
                driven = list(pool.map(lambda g: drive(server.port, *g), made))
            played = rss_kb(server.proc.pid)
        times = sorted(t for ts, _ in driven for t in ts)
        server_times = sorted(t for _, ts in driven for t in ts)

        def p99(values):
            return values[min(len(values) - 1, int(len(values) * 0.99))] * 1000
        return {"games": games, "moves": len(times),
                "median_ms": statistics.median(times) * 1000, "p99_ms": p99(times),
                "server_median_ms": statistics.median(server_times) * 1000, "server_p99_ms": p99(server_times),
                "rss_empty_mb": empty / 1024, "kb_per_game_new": (opened - empty) / games,
                "kb_per_game_played": (played - empty) / games}
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--games", default="1,50")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [measure(args.cli, int(n), args.threads) for n in args.games.split(",")]
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for r in results:
        print("%3d games: %5d moves, POST moves median %.2f ms, p99 %.2f ms (in the server: median %.2f ms, "
              "p99 %.2f ms); server %.1f MB empty, %.0f KB a game when new, %.0f KB a game played to the end"
              % (r["games"], r["moves"], r["median_ms"], r["p99_ms"], r["server_median_ms"], r["server_p99_ms"],
                 r["rss_empty_mb"],
                 r["kb_per_game_new"], r["kb_per_game_played"]))


if __name__ == "__main__":
    main()
