"""What `cloisterkit serve` defends against (docs/serve.md, "What the server
defends against"), one scenario per CTest test, each played as an attacker
or an unlucky user would, on loopback addresses only:

    utf8          bytes that are not UTF-8 in a path, a header, a query, a
                  body: a 4xx with a message, the server alive, nothing made
    seat-kinds    computer kinds beyond the server's caps refused (form and
                  import), those within taken; SIGTERM while the operator's
                  computer thinks without end: the server exits at once
    fairness      one computer worker, three games between computers running:
                  a person's greedy opponent still answers within a second
    origin-host   a foreign Host (DNS rebinding), a foreign Origin, a body that
                  is not application/json: refused before anything is made;
                  the server's own Host and Origin served
    export-view   a running game's .jcz for a seat holds its own hand only
                  (HF-13), none for a spectator, no initial random value, and
                  no replay takes it; finished, the whole file
    second-server a second server on the port, then on the folder: refused,
                  naming the first; the first goes on serving
    data-mode     an existing --data keeps its mode; a new one is 0700
    max-games     --max-games 5 and 40 creates at once: exactly 5 games
    slow-clients  40 connections sending a header byte a second from one
                  address: those over the address's cap refused at once, the
                  rest cut at --request-timeout, and another client answered
                  meanwhile; event streams capped per address
    save-retry    the computer's move whose save fails (a file-size limit) is
                  kept and saved once the disk takes it, and the log says so;
                  a person's move that cannot be saved is refused, unchanged
    imported-names a .jcz whose player names are too long or hold NUL: 400
    headers       the security headers on the page and the API
    delete-expire a seat deletes its game (the files go); a finished game
                  expires after --expire-finished
    journal       moves go to the game's journal; kill -9, a torn last line:
                  the game goes on from the last whole move, folded into the .jcz

Python's standard library only.
"""
import concurrent.futures
import http.client
import json
import os
import resource
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Server, check, free_port, replayed_scores  # noqa: E402
from checks import Failure, run_scenario  # noqa: E402

ALL = ["halflings", "little-buildings", "abbot"]


def raw_request(port, data, source="127.0.0.1", timeout=10):
    """Sends `data` (bytes) as it is and returns (status, body) of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as s:
        s.sendall(data)
        chunks = []
        while True:
            try:
                b = s.recv(65536)
            except socket.timeout:
                break
            if not b:
                break
            chunks.append(b)
            if b"\r\n\r\n" in b"".join(chunks):
                head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    break
    text = b"".join(chunks)
    check(text.startswith(b"HTTP/1.1 "), "no HTTP answer to %r: %r" % (data[:60], text[:200]))
    status = int(text[9:12])
    body = text.partition(b"\r\n\r\n")[2]
    return status, body


def error_of(body):
    value = json.loads(body.decode("utf-8"))
    check(isinstance(value, dict) and value.get("error"), "no error message: %r" % body[:200])
    return value["error"]


def alive(server):
    check(server.proc.poll() is None, "the server died (see %s)" % server.log_path)
    check(server.call("GET", "/api/games")[0] == 200, "the server no longer answers")


def scenario_utf8(cli, out):
    with Server(cli, os.path.join(out, "data")) as server:
        p = server.port
        host = b"Host: 127.0.0.1:%d\r\n" % p
        # The image tag of any web page: an unknown path that is not UTF-8.
        status, body = raw_request(p, b"GET /%FF HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
        check(status == 404 and "nothing at" in error_of(body), "GET /%%FF answered %d %r" % (status, body))
        status, body = raw_request(p, b"GET /\xff\xfe HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
        check(400 <= status < 500, "a raw path byte 0xFF answered %d" % status)
        alive(server)
        # A Host that is not UTF-8: refused, and no game made.
        body_json = b'{"players": [{"name": "Ada"}]}'
        status, body = raw_request(p, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\xff:%d\r\n"
                                      b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                                   % (p, len(body_json)) + body_json)
        check(status == 403 and "Host" in error_of(body), "a Host with byte 0xFF answered %d %r" % (status, body))
        check(server.ok("GET", "/api/games")["games"] == [], "a refused request made a game")
        check(not [f for f in os.listdir(server.data) if f.endswith(".jcz")], "a refused request left a file")
        # A name, a query and an import that are not UTF-8: 400 with a message.
        for path, data in [("/api/games", b'{"players": [{"name": "A\xff"}]}'),
                           ("/api/games/import?kinds=%FF", b"{}"),
                           ("/api/games/import?kinds=person,%FF%FE", b"{}"),
                           ("/api/games/import", b'{"players": [{"name": "\xc3("}]}')]:
            status, body = raw_request(p, b"POST " + path.encode() + b" HTTP/1.1\r\n" + host +
                                       b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                                       % len(data) + data)
            check(status == 400, "POST %s with bytes that are not UTF-8 answered %d %r" % (path, status, body[:200]))
            error_of(body)
        # A header value echoed nowhere still must not hurt: a token that is not UTF-8.
        status, body = raw_request(p, b"GET /api/games/abc HTTP/1.1\r\n" + host + b"X-Seat-Token: \xff\xfe\r\nConnection: close\r\n\r\n")
        check(400 <= status < 500, "a token with byte 0xFF answered %d" % status)
        alive(server)
        check(server.ok("GET", "/api/games")["games"] == [], "a refused request made a game")
        print("utf8: every request refused with a message; the server alive, no game made")


def scenario_seat_kinds(cli, out):
    data = os.path.join(out, "data")
    with Server(cli, data) as server:
        for kind, word in [("mcts:ms=3600000", "ms=3600000"), ("mcts:playouts=100000000", "playouts"),
                           ("mcts:threads=256", "threads"), ("mcts:nodes=2147483647", "nodes"), ("wizard", "kind")]:
            status, body = server.call("POST", "/api/games", {"players": [{"name": "Ada"}, {"kind": kind}]})
            check(status == 400 and word in body.get("error", ""), "kind %s answered %d %s" % (kind, status, body))
        check(server.ok("GET", "/api/games")["games"] == [], "a refused kind made a game")
        made = server.new_game([{"name": "Ada"}, {"kind": "mcts:playouts=200:ms=2000"}, {"kind": "greedy"}])
        check([s["kind"] for s in made["seats"]] == ["person", "mcts:playouts=200:ms=2000", "greedy"],
              "kinds within the caps were changed: %s" % made["seats"])
        # The same caps on import's ?kinds=.
        with open(os.path.join(data, made["id"] + ".jcz")) as f:
            jcz = f.read()
        kinds = "?kinds=" + urllib.parse.quote("person,mcts:ms=3600000,greedy")
        status, body = server.call("POST", "/api/games/import" + kinds, raw=jcz)
        check(status == 400 and "ms=3600000" in body.get("error", ""), "an import with mcts:ms=3600000 answered %d %s" % (status, body))
        server.ok("POST", "/api/games/import?kinds=" + urllib.parse.quote("person,mcts:ms=100,greedy"), raw=jcz, want=201)
    # The operator's own kind may think long, but SIGTERM ends it at once.
    with Server(cli, os.path.join(out, "long"), ["--computer", "mcts:playouts=100000000:ms=3600000",
                                                 "--computer-turn-limit", "1h"]) as server:
        server.new_game([{"kind": "computer"}, {"name": "Ada"}], expansions=ALL, seed=1)
        time.sleep(2)  # thinking
        started = time.time()
        server.proc.send_signal(signal.SIGTERM)
        try:
            server.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            raise Failure("SIGTERM during a computer's move: the server still runs after 10 s")
        took = time.time() - started
        check(took < 5, "SIGTERM during a computer's move: the server took %.1f s to exit" % took)
        print("seat-kinds: 5 kinds over the caps refused, 2 within taken; SIGTERM mid-thought: exited in %.2f s" % took)


def scenario_fairness(cli, out):
    with Server(cli, os.path.join(out, "data"), ["--computer-workers", "1"]) as server:
        for i in range(3):
            server.new_game([{"kind": "greedy"}] * 4, expansions=ALL, seed=40 + i)
        made = server.new_game([{"name": "Ada"}, {"kind": "greedy"}], expansions=ALL, seed=7)
        game, token = made["id"], made["seats"][0]["token"]
        waits = []
        for _ in range(60):
            if len(waits) == 5:
                break
            s = server.wait(game, token, lambda s: s["active"] == 0 or s["finished"])
            if s["finished"]:
                break
            moved = server.move(game, token, s["options"][0]["id"])
            started = time.time()
            if moved["active"] == 0:
                continue  # the person's turn goes on (a figure step)
            server.wait(game, token, lambda s: s["active"] == 0 or s["finished"], timeout=30)
            waits.append(time.time() - started)
        busy = [g for g in server.ok("GET", "/api/games")["games"] if not g["finished"] and g["id"] != game]
        check(busy, "the games between computers ended before the check (nothing competed)")
        check(waits and max(waits) < 1.0, "the greedy seat answered after %s s while games between computers ran" %
              ["%.2f" % w for w in waits])
        print("fairness: the greedy seat answered in at most %.2f s (%d turns) with %d computer games running" %
              (max(waits), len(waits), len(busy)))


def scenario_origin_host(cli, out):
    with Server(cli, os.path.join(out, "data")) as server:
        p = server.port
        made = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL, seed=3)
        game = made["id"]
        body = json.dumps({"players": [{"name": "X"}]})
        refused = [
            ({"Host": "evil.example"}, "GET", "/api/games", None, 403, "Host"),
            ({"Host": "evil.example:%d" % p}, "GET", "/api/games/%s/jcz" % game, None, 403, "Host"),
            ({"Host": "127.0.0.1:%d" % (p + 1)}, "GET", "/", None, 403, "Host"),
            ({"Host": "evil.example:%d" % p}, "POST", "/api/games", body, 403, "Host"),
            ({"Origin": "http://evil.example"}, "POST", "/api/games", body, 403, "Origin"),
            ({"Origin": "null"}, "POST", "/api/games", body, 403, "Origin"),
            ({"Origin": "http://127.0.0.1:%d" % (p + 1)}, "POST", "/api/games", body, 403, "Origin"),
            ({"Content-Type": "text/plain"}, "POST", "/api/games", body, 415, "application/json"),
            ({"Content-Type": "application/x-www-form-urlencoded"}, "POST", "/api/games/import", body, 415, "application/json"),
            ({"Content-Type": "multipart/form-data; boundary=x"}, "POST", "/api/games", body, 415, "application/json"),
        ]
        for headers, method, path, data, want, word in refused:
            conn = http.client.HTTPConnection("127.0.0.1", p, timeout=10)
            h = {"Content-Type": "application/json"}
            h.update(headers)
            conn.putrequest(method, path, skip_host="Host" in headers)
            for k, v in h.items():
                if data is not None or k != "Content-Type":
                    conn.putheader(k, v)
            if data is not None:
                conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data.encode() if data is not None else None)
            res = conn.getresponse()
            text = res.read()
            conn.close()
            check(res.status == want and word in error_of(text),
                  "%s %s with %s answered %d %r, not %d" % (method, path, headers, res.status, text[:200], want))
        check(len(server.ok("GET", "/api/games")["games"]) == 1, "a refused request made a game")
        # Served: the server's own names and origin.
        for host in ["127.0.0.1:%d" % p, "localhost:%d" % p, "LOCALHOST:%d" % p]:
            status, _ = server.call("GET", "/api/games", headers={"Host": host})
            check(status == 200, "Host %s answered %d" % (host, status))
        status, created = server.call("POST", "/api/games", {"players": [{"name": "Y"}]},
                                      headers={"Origin": "http://localhost:%d" % p, "Host": "localhost:%d" % p})
        check(status == 201, "a same-origin POST answered %d %s" % (status, created))
        check(created["seats"][0]["url"].startswith("http://localhost:%d/game/" % p), "the seat's link: %s" % created)
        # An operator's --allowed-host.
    with Server(cli, os.path.join(out, "named"), ["--allowed-host", "carcassonne.lan"]) as server:
        status, _ = server.call("GET", "/api/games", headers={"Host": "carcassonne.lan:%d" % server.port})
        check(status == 200, "an --allowed-host was refused (%d)" % status)
        print("origin-host: %d foreign requests refused, the server's own served" % len(refused))


def scenario_export_view(cli, out):
    with Server(cli, os.path.join(out, "data")) as server:
        made = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL, seed=5)
        game = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        views = {}
        for viewer, token in [(0, tokens[0]), (1, tokens[1]), (-1, None)]:
            status, jcz = server.call("GET", "/api/games/%s/jcz" % game, token=token)
            check(status == 200, "the export for %d answered %d" % (viewer, status))
            hands = jcz["gameAnnotations"]["halflingHands"]
            for seat in range(2):
                if seat == viewer:
                    check(len(hands[seat]) > 0, "seat %d's own hand is missing from its export" % seat)
                else:
                    check(hands[seat] == [], "HF-13: the export for %d holds seat %d's hand %s" % (viewer, seat, hands[seat]))
            check(jcz["initialRandom"] == 0, "the export for %d holds the initial random value" % viewer)
            check(jcz["gameAnnotations"]["seatView"] == viewer, "the export for %d is not marked as its view" % viewer)
            path = os.path.join(out, "view%d.jcz" % viewer)
            with open(path, "w") as f:
                json.dump(jcz, f)
            r = subprocess.run([cli, "replay", path], capture_output=True, text=True, timeout=60)
            check(r.returncode != 0 and "seatView" in r.stderr, "a seat's view replayed, or without saying why: %s" % r.stderr)
            views[viewer] = jcz
        # The state the same seat reads holds its own hand only (HF-13 in every answer).
        s1 = server.state(game, tokens[1])
        check(s1["hand"] and all(p["hand_size"] >= 0 for p in s1["players"]), "seat 1's state has no hand")
        # The draws to come do not follow from anything exported: two games
        # made without a seed on a server that takes none differ.
    with Server(cli, os.path.join(out, "fresh"), allow_seed=False) as server:
        a = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL)
        with open(os.path.join(server.data, a["id"] + ".seats.json")) as f:
            seats_seed = json.load(f)["seed"]
        jcz = server.call("GET", "/api/games/%s/jcz" % a["id"], token=a["seats"][0]["token"])[1]
        check(seats_seed not in json.dumps(jcz), "the seats' seed is in the export")
        info = server.ok("GET", "/api/info")
        check(info["seeds"] is False, "/api/info says the server takes seeds")
        print("export-view: each seat's running export holds its own hand only; none replays; seeds fresh")


def scenario_second_server(cli, out):
    data = os.path.join(out, "data")
    with Server(cli, data) as first:
        first.new_game([{"name": "Ada"}])
        # The same port, another folder.
        r = subprocess.run([cli, "serve", "--port", str(first.port), "--data", os.path.join(out, "other")],
                           capture_output=True, text=True, timeout=30)
        check(r.returncode != 0 and "cannot listen" in r.stderr, "a second server on the port: %d %s" % (r.returncode, r.stderr))
        # The same folder, another port.
        r = subprocess.run([cli, "serve", "--port", str(free_port()), "--data", data],
                           capture_output=True, text=True, timeout=30)
        check(r.returncode != 0 and "in use by another cloisterkit serve" in r.stderr and "pid %d" % first.proc.pid in r.stderr,
              "a second server on the folder: %d %s" % (r.returncode, r.stderr))
        # Every connection still reaches the first.
        for _ in range(20):
            check(len(first.ok("GET", "/api/games")["games"]) == 1, "a connection reached another server")
    # Once the first stopped, the folder is free again.
    with Server(cli, data) as again:
        check(len(again.ok("GET", "/api/games")["games"]) == 1, "the game is gone after the restart")
    print("second-server: refused on the port and on the folder, naming the first")


def scenario_data_mode(cli, out):
    shared = os.path.join(out, "shared")
    os.makedirs(shared)
    os.chmod(shared, 0o1777)
    with Server(cli, shared) as server:
        server.new_game([{"name": "Ada"}])
    mode = stat.S_IMODE(os.stat(shared).st_mode)
    check(mode == 0o1777, "an existing --data's mode became %o" % mode)
    fresh = os.path.join(out, "fresh", "games")
    with Server(cli, fresh, log=os.path.join(out, "fresh.log")):
        pass
    mode = stat.S_IMODE(os.stat(fresh).st_mode)
    check(mode == 0o700, "a --data the server made has mode %o, not 700" % mode)
    print("data-mode: 1777 kept, a new folder 700")


def scenario_max_games(cli, out):
    with Server(cli, os.path.join(out, "data"), ["--max-games", "5"]) as server:
        def create(i):
            return server.call("POST", "/api/games", {"players": [{"name": "P%d" % i}]})[0]
        with concurrent.futures.ThreadPoolExecutor(40) as pool:
            statuses = list(pool.map(create, range(40)))
        games = server.ok("GET", "/api/games")["games"]
        check(statuses.count(201) == 5 and statuses.count(429) == 35, "40 creates: %s" % sorted(statuses))
        check(len(games) == 5, "--max-games 5 holds %d games" % len(games))
        files = [f for f in os.listdir(server.data) if f.endswith(".jcz")]
        check(len(files) == 5, "%d games in the folder" % len(files))
        print("max-games: 40 creates at once, 5 made, 35 refused")


def scenario_slow_clients(cli, out):
    with Server(cli, os.path.join(out, "data"), ["--request-timeout", "3s"]) as server:
        p = server.port
        slow = []
        for _ in range(40):
            s = socket.create_connection(("127.0.0.1", p), timeout=10, source_address=("127.0.0.2", 0))
            slow.append(s)
        time.sleep(0.5)
        # Over the cap of one address (32): answered 429 and closed at once.
        refused = []
        for s in slow:
            s.settimeout(0.2)
            try:
                if s.recv(4096).startswith(b"HTTP/1.1 429"):
                    refused.append(s)
            except socket.timeout:
                pass
        check(len(refused) == 8, "%d of 40 slow connections from one address were refused at once, not 8" % len(refused))
        slow = [s for s in slow if s not in refused]
        stop = threading.Event()

        def trickle():
            request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Pad: " % p + b"a" * 100
            for i in range(len(request)):
                if stop.is_set():
                    return
                for s in list(slow):
                    try:
                        s.send(request[i:i + 1])
                    except OSError:
                        pass
                time.sleep(1)
        threading.Thread(target=trickle, daemon=True).start()
        time.sleep(1.5)
        # Another client is served meanwhile.
        started = time.time()
        status, _ = server.call("GET", "/api/games", timeout=5)
        took = time.time() - started
        check(status == 200 and took < 1.0, "another client waited %.2f s (status %d)" % (took, status))
        # The slow ones are cut at the request's deadline (3 s from their first byte).
        time.sleep(3.5)
        cut = 0
        for s in slow:
            s.settimeout(1)
            try:
                data = s.recv(4096)
                cut += data == b"" or data.startswith(b"HTTP/1.1 4")
            except (ConnectionResetError, BrokenPipeError):
                cut += 1
            except socket.timeout:
                pass
        stop.set()
        check(cut == 32, "%d of 32 slow connections were cut at the deadline" % cut)
        for s in slow:
            s.close()
        # Event streams: at most 16 from one address, others still served.
        game = server.new_game([{"name": "Ada"}])["id"]
        statuses = []
        streams = []
        for i in range(18):
            c = http.client.HTTPConnection("127.0.0.1", p, timeout=10, source_address=("127.0.0.3", 0))
            c.request("GET", "/api/games/%s/events" % game)
            statuses.append(c.getresponse().status)
            streams.append(c)
        check(statuses.count(200) == 16 and statuses.count(429) == 2, "18 event streams from one address: %s" % statuses)
        c = http.client.HTTPConnection("127.0.0.1", p, timeout=10)
        c.request("GET", "/api/games/%s/events" % game)
        check(c.getresponse().status == 200, "an event stream from another address was refused")
        c.close()
        for c in streams:
            c.close()
        alive(server)
        print("slow-clients: 8 over the cap refused, 32 cut at the deadline, another client answered in %.3f s" % took)


def scenario_save_retry(cli, out):
    # (SIGXFSZ at its default, which ends a process: the server ignores it
    # itself. Its log goes through a pipe, which no file-size limit stops.)
    with Server(cli, os.path.join(out, "data"), log_to_pipe=True) as server:
        made = server.new_game([{"name": "Ada"}, {"kind": "mcts:playouts=20000:ms=3000"}], expansions=ALL, seed=9)
        game, token = made["id"], made["seats"][0]["token"]
        s = server.wait(game, token, lambda s: s["active"] == 0)
        # (A draw adds no move to the file: the placement of a tile does.)
        while not any(o["kind"] == "tile" for o in s["options"]):
            s = server.move(game, token, s["options"][0]["id"])
        placement = next(o for o in s["options"] if o["kind"] == "tile")
        journal = os.path.join(server.data, game + ".journal")
        unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
        # A person's move that cannot be saved: refused, nothing changed.
        size = os.path.getsize(journal) if os.path.exists(journal) else 0
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (max(size, 1), resource.RLIM_INFINITY))
        status, body = server.call("POST", "/api/games/%s/moves" % game, {"option": placement["id"]}, token=token)
        check(status == 500 and "error" in body, "a move that could not be saved answered %d %s" % (status, str(body)[:300]))
        check(server.state(game, token)["version"] == s["version"], "a move that could not be saved changed the game")
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, unlimited)
        # Moves until the computer is to move, then a limit while it thinks
        # (3 s; a turn with one choice only is played at once: then again).
        for attempt in range(20):
            s = server.wait(game, token, lambda s: s["active"] == 0)
            moved = server.move(game, token, s["options"][0]["id"])
            if moved["active"] == 0:
                continue
            size = os.path.getsize(journal) if os.path.exists(journal) else 0
            resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (max(size, 1), resource.RLIM_INFINITY))
            deadline = time.time() + 30
            while "could not be saved" not in server.log_text():
                if server.state(game, token)["version"] != moved["version"]:
                    break  # saved before the limit
                check(time.time() < deadline, "no failed save of the computer's move in the log")
                time.sleep(0.05)
            if "could not be saved" in server.log_text():
                break
            resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, unlimited)
        check("could not be saved" in server.log_text(), "in 20 turns the computer's move never met the limit")
        time.sleep(1)
        check(server.state(game, token)["version"] == moved["version"], "the computer's unsaved move was shown")
        alive(server)
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, unlimited)
        after = server.wait(game, token, lambda s: s["version"] > moved["version"], timeout=30)
        # The server logs the save after showing the move, and the log comes
        # through a pipe: give the line a moment to arrive.
        deadline = time.time() + 10
        while "the computer's move is saved" not in server.log_text() and time.time() < deadline:
            time.sleep(0.05)
        check("the computer's move is saved" in server.log_text(), "the log does not say the move was saved")
        check(not [f for f in os.listdir(server.data) if f.endswith(".tmp")], "a failed save left a temporary file")
        server.kill(signal.SIGKILL)
    with Server(cli, os.path.join(out, "data")) as server:
        check(server.state(game, token)["version"] >= 1 and server.state(game, token)["turn"] == after["turn"],
              "after a restart the game is not at the saved computer's move")
        print("save-retry: a person's unsaved move refused; the computer's kept, saved once the disk took it")


def scenario_imported_names(cli, out):
    with Server(cli, os.path.join(out, "data")) as server:
        made = server.new_game([{"name": "Ada"}, {"name": "Bea"}], seed=2)
        jcz = server.call("GET", "/api/games/%s/jcz" % made["id"], token=made["seats"][0]["token"])[1]
        # A running game's view does not import; a finished game's file does:
        # an import of a fresh game (no moves) made from the form's own file.
        with open(os.path.join(server.data, made["id"] + ".jcz")) as f:
            whole = json.load(f)
        for name, word in [("x" * 65, "bytes"), ("A\u0000B", "control"), ("A\u0007", "control")]:
            bad = json.loads(json.dumps(whole))
            bad["players"][0]["name"] = name
            status, body = server.call("POST", "/api/games/import", raw=json.dumps(bad))
            check(status == 400 and "name" in body.get("error", "") and word in body["error"],
                  "an imported name %r answered %d %s" % (name[:10], status, body))
        status, body = server.call("POST", "/api/games/import", raw=json.dumps(jcz))
        check(status == 400 and "seatView" in body.get("error", ""), "a seat's view imported: %d %s" % (status, body))
        check(server.ok("POST", "/api/games/import", raw=json.dumps(whole), want=201)["seats"][0]["name"] == "Ada",
              "a good import failed")
        print("imported-names: long, NUL and control names refused; a seat's view refused")


def scenario_headers(cli, out):
    with Server(cli, os.path.join(out, "data")) as server:
        for path in ["/", "/app.js", "/api/info", "/nothing"]:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            conn.request("GET", path)
            res = conn.getresponse()
            res.read()
            h = {k.lower(): v for k, v in res.getheaders()}
            conn.close()
            csp = h.get("content-security-policy", "")
            check("default-src 'none'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp,
                  "%s: Content-Security-Policy %r" % (path, csp))
            check(h.get("x-frame-options") == "DENY", "%s: X-Frame-Options %r" % (path, h.get("x-frame-options")))
            check(h.get("referrer-policy") == "no-referrer", "%s: Referrer-Policy %r" % (path, h.get("referrer-policy")))
            check(h.get("x-content-type-options") == "nosniff", "%s: X-Content-Type-Options" % path)
        print("headers: CSP, X-Frame-Options, Referrer-Policy, nosniff on the page and the API")


def scenario_delete_expire(cli, out):
    with Server(cli, os.path.join(out, "data"), ["--expire-finished", "2s", "--computer", "greedy"]) as server:
        made = server.new_game([{"name": "Ada"}, {"name": "Bea"}])
        game, token = made["id"], made["seats"][1]["token"]
        status, body = server.call("DELETE", "/api/games/%s" % game)
        check(status == 403, "a delete without a token answered %d %s" % (status, body))
        status, body = server.call("DELETE", "/api/games/%s" % game, token="f" * 32)
        check(status == 403, "a delete with a wrong token answered %d" % status)
        check(server.ok("DELETE", "/api/games/%s" % game, token=token)["deleted"] == game, "the delete did not say so")
        check(server.call("GET", "/api/games/%s" % game)[0] == 404, "a deleted game is still served")
        check(not [f for f in os.listdir(server.data) if f.startswith(game)], "a deleted game's files remain")
        # A game between computers ends by itself, then expires.
        bots = server.new_game([{"kind": "greedy"}, {"kind": "greedy"}])["id"]
        running = server.new_game([{"name": "Ada"}, {"kind": "greedy"}])["id"]
        deadline = time.time() + 120
        while any(g["id"] == bots for g in server.ok("GET", "/api/games")["games"]):
            check(time.time() < deadline, "the finished game did not expire")
            time.sleep(0.5)
        check(not [f for f in os.listdir(server.data) if f.startswith(bots)], "the expired game's files remain")
        check(any(g["id"] == running for g in server.ok("GET", "/api/games")["games"]), "a running game expired")
        print("delete-expire: a seat deleted its game; a finished game expired; a running one stayed")


def scenario_journal(cli, out):
    data = os.path.join(out, "data")
    server = Server(cli, data).start()
    made = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL, seed=4)
    game = made["id"]
    tokens = [x["token"] for x in made["seats"]]
    for _ in range(12):
        s = server.state(game)
        seat = s["active"]
        own = server.state(game, tokens[seat])
        server.move(game, tokens[seat], own["options"][len(own["options"]) // 2]["id"])
    before = server.state(game)
    journal = os.path.join(data, game + ".journal")
    check(os.path.exists(journal), "the moves went to no journal")
    with open(journal) as f:
        lines = f.read().splitlines()
    check(len(lines) >= 2 and "base" in json.loads(lines[0]) and all("type" in json.loads(x) for x in lines[1:]),
          "the journal is not a base and moves: %s" % lines[:3])
    with open(os.path.join(data, game + ".jcz")) as f:
        check(len(json.load(f)["replay"]) == json.loads(lines[0])["base"], "the journal's base is not the .jcz's moves")
    server.kill(signal.SIGKILL)
    with open(journal, "a") as f:
        f.write('{"type": "PLACE_TI')  # a write the kill tore: never acknowledged
    server = Server(cli, data, port=server.port).start()
    try:
        after = server.state(game)
        check(after["turn"] == before["turn"] and len(after["board"]) == len(before["board"]),
              "after kill -9 and a torn line the game is at turn %d, not %d" % (after["turn"], before["turn"]))
        check(not os.path.exists(journal), "the journal was not folded into the .jcz at the start")
        r = subprocess.run([cli, "replay", "--json", os.path.join(data, game + ".jcz")], capture_output=True, text=True,
                           timeout=60)
        check(r.returncode == 0, "the folded .jcz does not replay: %s" % r.stderr)
        s = server.state(game, tokens[after["active"]])
        moved = server.move(game, tokens[after["active"]], s["options"][0]["id"])
        check(moved["version"] > s["version"], "the game does not go on")
    finally:
        server.kill(signal.SIGINT)
    print("journal: %d lines, kill -9 and a torn line: the game goes on at turn %d" % (len(lines), after["turn"]))


SCENARIOS = {"utf8": scenario_utf8, "seat-kinds": scenario_seat_kinds, "fairness": scenario_fairness,
             "origin-host": scenario_origin_host, "export-view": scenario_export_view,
             "second-server": scenario_second_server, "data-mode": scenario_data_mode,
             "max-games": scenario_max_games, "slow-clients": scenario_slow_clients, "save-retry": scenario_save_retry,
             "imported-names": scenario_imported_names, "headers": scenario_headers,
             "delete-expire": scenario_delete_expire, "journal": scenario_journal}

if __name__ == "__main__":
    sys.exit(run_scenario("serve", SCENARIOS, lambda scenario, cli, out: scenario(cli, out)))
