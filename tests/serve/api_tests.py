"""The tests of `cloisterkit serve` through its JSON API (docs/serve.md),
one scenario per CTest test:

    api_tests.py --cli build/bin/cloisterkit --out DIR SCENARIO

    full-game   a person against a greedy seat with every expansion, choosing
                hand tiles, buildings and the abbot's return where offered;
                the saved and the downloaded .jcz replay to the final scores
    two-seats   two people on one game: each state shows its own hand only,
                the seat not on turn is refused (409), a spectator sees no
                hand, and the event stream announces the other's move
    restart     kill -9 mid-game, start again on the same --data: the game
                goes on at the same turn and ends with the scores of an
                uninterrupted game of the same seed and choices
    bad-input   malformed JSON, unknown and stale option ids, a wrong token,
                a body over the limit, ids with ../, hostile .jcz imports:
                each a 4xx with a message, no state change, still serving
    extra-turn  a fan test module's second tile step in every turn
                (CK_TEST_TRIBUTE_MODULE): the person places two tiles in
                each of their turns, and the state says which (turn_part)
    undo        taking a move back: on one screen, against a computer,
                refused otherwise, and kept over kill -9
    names       a game's name: in the state and the list, kept over a
                restart; bad names refused (400)
    load        50 games at once, each driven to its end by a bounded client
                (one request at a time per game, 8 at once in all); every
                saved game replays to its scores

Python's standard library only; the server listens on 127.0.0.1.
"""
import concurrent.futures
import json
import os
import shutil
import signal
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Server, check, person_choice, replayed_scores  # noqa: E402
from checks import run_scenario  # noqa: E402

ALL = ["halflings", "little-buildings", "abbot"]


def choose(state, turn_salt=0):
    """A deterministic choice from the state alone: the option at an index
    the turn and the step give, so two runs that see the same states choose
    the same moves."""
    options = state["options"]
    i = (state["turn"] * 7 + len(options) * 3 + turn_salt) % len(options)
    return options[i]["id"]


def prefer(state, kinds_seen):
    """The person of full-game (serve_client.person_choice)."""
    return person_choice(state["options"], state["turn"], kinds_seen)["id"]


def play_out(server, game, tokens, chooser, stop_at_turn=None):
    """Plays every person seat of `game` (tokens: seat -> token) until the
    game ends (or its turn reaches stop_at_turn); computer seats move on
    their own. The final state."""
    any_token = next(iter(tokens.values()))
    moves = 0
    while True:
        s = server.wait(game, any_token, lambda s: s["finished"] or s["active"] in tokens)
        if s["finished"] or (stop_at_turn is not None and s["turn"] >= stop_at_turn):
            return s
        seat = s["active"]
        s = server.state(game, tokens[seat])
        check(s["options"], "game %s turn %d: the seat on turn has no option" % (game, s["turn"]))
        after = server.move(game, tokens[seat], chooser(s))
        check(after["version"] > s["version"], "a move did not change the game's version")
        moves += 1
        check(moves < 2000, "game %s: 2000 moves and not over" % game)


def saved_file(data, game, finished=False):
    """The game's .jcz. A finished game's journal is folded into it off the
    requests' path, so the last moves may reach the file a moment after the
    final state is served: for a finished game, wait for the fold."""
    path = os.path.join(data, game + ".jcz")
    journal = os.path.join(data, game + ".journal")
    deadline = time.monotonic() + 60
    while finished and os.path.exists(journal) and time.monotonic() < deadline:
        time.sleep(0.05)
    check(not finished or not os.path.exists(journal), "the finished game's journal was not folded into %s" % path)
    check(os.path.exists(path), "the game is not saved as %s" % path)
    return path


def final_scores(state):
    return [p["score"] for p in state["players"]]


def scenario_full_game(cli, out):
    data = os.path.join(out, "data")
    with Server(cli, data, ["--computer", "greedy"]) as server:
        created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "greedy"}],
                                  expansions=ALL, seed=11)
        game, token = created["id"], created["seats"][0]["token"]
        check("token" not in created["seats"][1], "a computer seat was given a token")
        check(created["seats"][0]["url"].startswith("http://127.0.0.1:%d/game/%s?token=" % (server.port, game)),
              "the seat's link is not the server's: %s" % created["seats"][0]["url"])
        kinds = set()
        final = play_out(server, game, {0: token}, lambda s: prefer(s, kinds))
        check(final["finished"] and final["phase"] == "over" and final["active"] == -1, "the game did not end")
        check(not final["options"], "a finished game offers options")
        check({"return", "building", "hand-tile", "figure"} <= kinds,
              "the person never chose some kinds of option: chose only %s" % sorted(kinds))
        check(any(e["final"] for e in final["scores"]), "no final-scoring event in the state")
        check(final["result"]["winners"], "no winner in the result")
        scores = final_scores(final)
        check(sum(e["points"] for e in final["scores"] if e["player"] == 0) == scores[0],
              "seat 0's score events do not add up to its score")
        check(replayed_scores(cli, saved_file(data, game, finished=True)) == scores,
              "the saved .jcz does not replay to the final scores %s" % scores)
        downloaded = os.path.join(out, "downloaded.jcz")
        with urllib.request.urlopen(server.base + "/api/games/%s/jcz" % game, timeout=30) as r, \
                open(downloaded, "wb") as f:
            f.write(r.read())
        check(replayed_scores(cli, downloaded) == scores, "the downloaded .jcz does not replay to %s" % scores)
        # A finished game refuses moves.
        status, body = server.call("POST", "/api/games/%s/moves" % game, {"option": "v1-0"}, token=token)
        check(status == 409 and "error" in body, "a move on a finished game answered %d %s" % (status, body))
        # The import of the downloaded file goes on from its last turn (here: over).
        with open(downloaded) as f:
            imported = server.ok("POST", "/api/games/import?kinds=person,greedy", raw=f.read(), want=201)
        check(final_scores(server.state(imported["id"])) == scores, "the imported game does not have the scores")
        print("full-game: %d moves chosen, kinds %s, scores %s" % (final["turn"], sorted(kinds), scores))


def scenario_two_seats(cli, out):
    data = os.path.join(out, "data")
    with Server(cli, data) as server:
        created = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL, seed=5)
        game = created["id"]
        t = {0: created["seats"][0]["token"], 1: created["seats"][1]["token"]}
        check(t[0] != t[1], "two seats have one token")
        s0, s1, spectator = server.state(game, t[0]), server.state(game, t[1]), server.state(game)
        check(s0["seat"] == 0 and s1["seat"] == 1 and spectator["seat"] == -1, "the tokens name the wrong seats")
        check(s0["hand"] and s1["hand"], "the Halflings hands are empty at the start")
        check(not spectator["hand"], "a spectator sees a hand")
        for s in (s0, s1, spectator):
            check([p["hand_size"] for p in s["players"]] == [len(s0["hand"]), len(s1["hand"])],
                  "the hand sizes shown differ from the hands")
        check(not spectator["options"], "a spectator is offered options")
        # The tiles still to come (GET .../tiles): a seat's are the
        # spectator's (the pack and every hand) less its own hand, and add
        # up to the tiles left and waiting and the other's hand.
        def to_come(token=None):
            return {k["tile"]: k["count"] for k in server.ok("GET", "/api/games/%s/tiles" % game, token=token)["tiles"]}
        everyone = to_come()
        check(sum(everyone.values()) == spectator["tiles_left"] + spectator["tiles_waiting"] + len(s0["hand"]) + len(s1["hand"]),
              "a spectator's tiles to come are %d, not the pack and both hands" % sum(everyone.values()))
        for seat, state in ((0, s0), (1, s1)):
            want = dict(everyone)
            for h in state["hand"]:
                want[h["tile"]] -= 1
            check(to_come(t[seat]) == {k: n for k, n in want.items() if n},
                  "seat %d's tiles to come are not the pack and the other's hand (its own hand left out)" % seat)
        on_turn, other = s0["active"], 1 - s0["active"]
        check(not server.state(game, t[other])["options"], "the seat not on turn is offered options")
        # Its move is refused, whatever the id, and changes nothing.
        own = server.state(game, t[on_turn])
        status, body = server.call("POST", "/api/games/%s/moves" % game, {"option": own["options"][0]["id"]},
                                   token=t[other])
        check(status == 409 and "turn" in body.get("error", ""), "a move off turn answered %d %s" % (status, body))
        check(server.state(game)["version"] == own["version"], "a refused move changed the game")
        # The other seat's event stream announces the move.
        events = []
        stream = urllib.request.urlopen(server.base + "/api/games/%s/events?token=%s" % (game, t[other]), timeout=30)

        def read_events():
            for line in stream:
                line = line.decode().strip()
                if line.startswith("data:"):
                    events.append(json.loads(line[5:])["version"])
                    if len(events) == 2:
                        return
        reader = threading.Thread(target=read_events, daemon=True)
        reader.start()
        server.wait(game, t[other], lambda s: True)  # the stream is open before the move
        deadline = 100
        while not events and deadline:
            threading.Event().wait(0.05)
            deadline -= 1
        check(events and events[0] == own["version"], "the event stream's first event is not the version: %s" % events)
        after = server.move(game, t[on_turn], own["options"][0]["id"])
        reader.join(timeout=20)
        stream.close()
        check(len(events) == 2 and events[1] == after["version"],
              "the event stream did not announce the move (events %s, version %d)" % (events, after["version"]))
        # A stale option id (from before the move) is refused.
        status, body = server.call("POST", "/api/games/%s/moves" % game, {"option": own["options"][0]["id"]},
                                   token=t[on_turn])
        check(status == 409, "a stale option id answered %d %s" % (status, body))
        print("two-seats: hands %d and %d private, off-turn move refused, events %s" %
              (len(s0["hand"]), len(s1["hand"]), events))


def restart_game(cli, data, kill_at_turn):
    """Ada (person) and a greedy seat, seed 23, every expansion; the
    person's choices come from the state alone. Killed with SIGKILL when
    the turn reaches kill_at_turn (None: never). The final scores and the
    turn it was killed at."""
    players = [{"name": "Ada"}, {"name": "Bot", "kind": "greedy"}]
    server = Server(cli, data).start()
    try:
        created = server.new_game(players, expansions=ALL, seed=23)
        game, token = created["id"], created["seats"][0]["token"]
        killed_turn = None
        if kill_at_turn is not None:
            s = play_out(server, game, {0: token}, choose, stop_at_turn=kill_at_turn)
            killed_turn, killed_version = s["turn"], s["version"]
            server.kill(signal.SIGKILL)
            server = Server(cli, data, port=server.port).start()
            s = server.state(game, token)
            check(s["turn"] == killed_turn, "after the restart the game is at turn %d, not %d" % (s["turn"], killed_turn))
            check(not s["finished"], "after the restart the game is over")
        final = play_out(server, game, {0: token}, choose)
        check(replayed_scores(cli, saved_file(data, game, finished=True)) == final_scores(final), "the saved game replays otherwise")
        return final_scores(final), killed_turn
    finally:
        server.kill(signal.SIGINT)


def scenario_restart(cli, out):
    uninterrupted, _ = restart_game(cli, os.path.join(out, "uninterrupted"), None)
    restarted, turn = restart_game(cli, os.path.join(out, "restarted"), 30)
    check(restarted == uninterrupted, "killed at turn %d and restarted, the game ends %s, uninterrupted %s"
          % (turn, restarted, uninterrupted))
    print("restart: killed at turn %d, both games end %s" % (turn, restarted))


def scenario_bad_input(cli, out):
    data = os.path.join(out, "data")
    with Server(cli, data) as server:
        created = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=ALL, seed=3)
        game = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        before = server.state(game)
        on_turn = tokens[before["active"]]
        moves = "/api/games/%s/moves" % game
        cases = [
            ("POST", moves, {"raw": "{\"option\": "}, on_turn, 400, "not JSON"),
            ("POST", moves, {"raw": "[1,2]"}, on_turn, 400, "option"),
            ("POST", moves, {"body": {"option": 7}}, on_turn, 400, "option"),
            ("POST", moves, {"body": {"option": "v999-0"}}, on_turn, 409, ""),
            ("POST", moves, {"body": {"option": "nonsense"}}, on_turn, 409, ""),
            ("POST", moves, {"body": {"option": "v1-0"}}, "f" * 32, 403, "token"),
            ("POST", moves, {"body": {"option": "v1-0"}}, None, 403, "token"),
            ("GET", "/api/games/%s" % game, {}, "wrong", 403, "token"),
            ("POST", moves, {"raw": "{\"option\":\"" + "x" * 70000 + "\"}"}, on_turn, 413, ""),
            # httplib decodes %2F before routing: no route has a "/" in an id.
            ("GET", "/api/games/..%2F..%2Fetc%2Fpasswd", {}, None, 404, "nothing at"),
            ("GET", "/api/games/..", {}, None, 400, "not a game id"),
            ("GET", "/api/games/%2E%2E/jcz", {}, None, 400, "not a game id"),
            ("POST", "/api/games/..%2Fx/moves", {"body": {"option": "v1-0"}}, on_turn, 404, "nothing at"),
            ("GET", "/api/games/ABC", {}, None, 400, "not a game id"),
            ("GET", "/api/games/" + "a" * 40, {}, None, 400, "not a game id"),
            ("GET", "/api/games/zzzz9999", {}, None, 404, "no game"),
            ("POST", "/api/games", {"raw": "{"}, None, 400, "not JSON"),
            ("POST", "/api/games", {"body": {"players": []}}, None, 400, "players"),
            ("POST", "/api/games", {"body": {"players": [{"kind": "wizard"}]}}, None, 400, "kind"),
            ("POST", "/api/games", {"body": {"players": [{}], "expansions": ["nope"]}}, None, 400, "nope"),
            ("POST", "/api/games", {"body": {"players": [{}], "rules": {"halflings.handSize": "x"}, "expansions": ALL}},
             None, 400, "handSize"),
            ("POST", "/api/games", {"body": {"players": [{}], "color": "red"}}, None, 400, "unknown field"),
            ("POST", "/api/games", {"body": {"players": [{}], "seed": -1}}, None, 400, "seed"),
            ("POST", "/api/games/import", {"raw": "garbage"}, None, 400, ""),
            ("POST", "/api/games/import", {"raw": "{\"setup\": {\"elements\": {\"basic\": true}}, \"players\": []"},
             None, 400, ""),
            ("POST", "/api/games/import", {"raw": json.dumps({"players": [{"name": "a", "slot": 0}] * 40})},
             None, 400, ""),
            ("POST", "/api/games/import", {"raw": "{\"a\":" * 100000 + "1" + "}" * 100000}, None, 400, ""),
            ("GET", "/api/games/%s/nothing" % game, {}, None, 404, ""),
        ]
        with open(saved_file(data, game)) as f:
            saved = f.read()
        truncated = saved[: len(saved) // 2]
        cases.append(("POST", "/api/games/import", {"raw": truncated}, None, 400, ""))
        cases.append(("POST", "/api/games/import", {"raw": saved + " " * 9000, "type": "application/x-www-form-urlencoded"},
                      None, 415, "Content-Type: application/json"))
        listed_before = len(server.ok("GET", "/api/games")["games"])
        for method, path, what, token, want, words in cases:
            status, body = server.call(method, path, body=what.get("body"), raw=what.get("raw"), token=token,
                                       content_type=what.get("type", "application/json"))
            shown = "%s %s (%s)" % (method, path[:60], str(what)[:60])
            check(status == want, "%s answered %d, not %d: %s" % (shown, status, want, str(body)[:300]))
            check(isinstance(body, dict) and body.get("error"), "%s: no error message: %s" % (shown, str(body)[:200]))
            check(words.lower() in body["error"].lower(), "%s: the message does not say '%s': %s" % (shown, words, body["error"]))
        after = server.state(game)
        check(after["version"] == before["version"] and after["turn"] == before["turn"], "a refused request changed the game")
        with open(saved_file(data, game)) as f:
            check(f.read() == saved, "a refused request changed the saved game")
        check(len(server.ok("GET", "/api/games")["games"]) == listed_before, "a refused request made or lost a game")
        check(not any(n.startswith("..") or "passwd" in n for n in os.listdir(data)), "a path reached the data folder")
        # Still serving: the game goes on.
        s = server.state(game, on_turn)
        check(s["options"], "the seat on turn has no option after the bad requests")
        moved = server.move(game, on_turn, s["options"][0]["id"])
        check(moved["version"] == before["version"] + 1, "the game does not go on after the bad requests")
        print("bad-input: %d bad requests refused with a message; the game goes on" % len(cases))


def scenario_load(cli, out, games=50, parallel=8):
    data = os.path.join(out, "data")
    with Server(cli, data, ["--computer", "greedy"]) as server:
        made = []
        for i in range(games):
            created = server.new_game([{"name": "P%d" % i}, {"name": "Bot", "kind": "greedy"}],
                                      expansions=ALL if i % 2 else [], seed=100 + i)
            made.append((created["id"], created["seats"][0]["token"]))

        def drive(entry):
            game, token = entry
            return game, final_scores(play_out(server, game, {0: token}, choose))

        with concurrent.futures.ThreadPoolExecutor(parallel) as pool:
            finals = dict(pool.map(drive, made))
        listed = {g["id"]: g for g in server.ok("GET", "/api/games")["games"]}
        for game, scores in finals.items():
            check(listed[game]["finished"], "game %s is not finished in the list" % game)
            check(replayed_scores(cli, saved_file(data, game, finished=True)) == scores, "game %s does not replay to %s" % (game, scores))
        print("load: %d games to their end, %d at once, every one replays to its scores" % (games, parallel))


def scenario_extra_turn(cli, out):
    """Extra turns (schema revision 10) through serve, with the fan test
    module Tribute (CK_TEST_TRIBUTE_MODULE) and its rule TR-8: every turn
    has two tile steps by the same seat, and the state says which one is on
    (turn_part), so the page can say "tile 2 of this turn"."""
    plugins = os.path.join(out, "plugins")
    os.makedirs(plugins)
    shutil.copy(os.environ["CK_TEST_TRIBUTE_MODULE"], os.path.join(plugins, "tribute.so"))
    with Server(cli, os.path.join(out, "data"), ["--plugin-path", plugins, "--computer", "greedy"]) as server:
        created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "greedy"}],
                                  expansions=["tribute"], rules={"tribute.relay": "on"}, seed=5)
        game, token = created["id"], created["seats"][0]["token"]
        parts = {}  # turn -> the steps in which Ada was to place a tile
        while True:
            s = server.wait(game, token, lambda s: s["finished"] or s["active"] == 0)
            if s["finished"] or s["turn"] > 3:
                break
            if s["phase"] == "tile":
                parts.setdefault(s["turn"], []).append(s["turn_part"])
            server.move(game, token, choose(s))
        check(parts.get(1) == [1, 2] and parts.get(3) == [1, 2],
              "Ada's tile steps by turn are %s, not two in turns 1 and 3" % parts)
        check(2 not in parts, "Ada placed a tile in the computer's turn 2: %s" % parts)
        print("extra-turn: Ada's tile steps by turn %s" % parts)


def scenario_river(cli, out):
    """The River through serve (RI-1, RI-3): the state counts the tiles that
    can be drawn now apart from those that wait (tiles_waiting), so the
    page can say why "tiles left" grows once the lake is laid; the first
    eleven tiles laid are the river's, the lake last, and the game's .jcz
    replays to its scores."""
    with Server(cli, os.path.join(out, "data"), ["--computer", "greedy"]) as server:
        created = server.new_game([{"name": "Ada"}, {"name": "Bot", "kind": "greedy"}], expansions=["river"], seed=3)
        game, token = created["id"], created["seats"][0]["token"]
        s = server.state(game, token)
        # Ada's first tile is drawn: 9 river tiles left to draw; the lake
        # and the 72 of the base game wait.
        check(s["tiles_left"] == 9 and s["tiles_waiting"] == 73,
              "at the start %d tiles left and %d waiting, not 9 river tiles and the lake with the 72 of the base game"
              % (s["tiles_left"], s["tiles_waiting"]))
        s = play_out(server, game, {0: token}, choose, stop_at_turn=12)
        check(s["tiles_waiting"] == 0 and s["tiles_left"] > 60,
              "after the river %d tiles left and %d waiting" % (s["tiles_left"], s["tiles_waiting"]))
        final = play_out(server, game, {0: token}, choose)
        saved = json.load(open(saved_file(os.path.join(out, "data"), game, finished=True)))
        laid = [m["payload"]["tileId"] for m in saved["replay"] if m["type"] == "PLACE_TILE"]
        check(all(t.startswith("RI.1/") for t in laid[:11]) and laid[10] == "RI.1/I.e" and
              not any(t.startswith("RI.") for t in laid[11:]),
              "the tiles laid do not start with the river and its lake: %s" % laid[:13])
        check(replayed_scores(cli, saved_file(os.path.join(out, "data"), game, finished=True)) == final_scores(final),
              "the saved river game replays otherwise")
        print("river: 9 tiles left and 73 waiting at the start; the river, the lake at turn 11, then the rest")


def scenario_names(cli, out):
    """A game's name: given at its creation, in its state and in the list,
    kept over a restart; a name that is not a string, empty, over 64 bytes
    or with a control character refused (400) and no game made; a game
    without one has none."""
    data = os.path.join(out, "names")
    shutil.rmtree(data, ignore_errors=True)
    name = "Sunday at Ada’s"  # not ASCII: bytes, not characters, are counted
    players = [{"name": "Ada"}, {"name": "Bot", "kind": "greedy"}]
    with Server(cli, data) as server:
        for bad in (7, "", "x" * 65, "é" * 33, "a\nb", "tab\there", "\u007f"):
            status, answer = server.call("POST", "/api/games", {"players": players, "name": bad})
            check(status == 400 and "name" in answer.get("error", ""),
                  "the name %r: %d %s, not 400 naming the name" % (bad, status, answer))
        check(server.ok("GET", "/api/games")["games"] == [], "a refused name left a game behind")
        game = server.new_game(players, name=name)["id"]
        longest = server.new_game(players, name="é" * 32)["id"]  # 64 bytes
        plain = server.new_game(players)["id"]
        listed = {g["id"]: g for g in server.ok("GET", "/api/games")["games"]}
        check(listed[game].get("name") == name and listed[longest].get("name") == "é" * 32,
              "the list does not give the games' names: %s" % listed)
        check("name" not in listed[plain], "a game without a name has one in the list: %s" % listed[plain])
        check(server.state(game).get("name") == name, "the state does not give the game's name")
        check("name" not in server.state(plain), "a game without a name has one in its state")
    with Server(cli, data) as server:
        check(server.state(game).get("name") == name, "after a restart the game's name is %r"
              % server.state(game).get("name"))
    print("names: a game's name in its state and the list, kept over a restart; 7 bad names refused")


def same_position(a, b):
    """Two states of one game at the same point: the board, whose turn and
    step, the tile to place, the players (scores, supplies) and the
    choices' labels (their ids name a version)."""
    keys = ("turn", "phase", "active", "board", "tile_to_place", "players", "tiles_left")
    labels = lambda s: sorted(o["label"] for o in s["options"])  # noqa: E731
    return all(a.get(k) == b.get(k) for k in keys) and labels(a) == labels(b)


def undo(server, game, token, others=(), want=200):
    status, answer = server.call("POST", "/api/games/%s/undo" % game, {"tokens": list(others)}, token=token)
    check(status == want, "undo answered %d, not %d: %s" % (status, want, answer))
    return answer


def scenario_undo(cli, out):
    """Taking a move back: on one screen (every person seat's key in the
    request) the last moves of the seat that moved last, one a call, until
    another seat moves; refused without every person's key (403), with
    nothing to take back or after a computer's move (409); a person alone
    against a computer takes back a move of the turn while still on turn.
    The files follow: killed at once after an undo (journal moves before
    it), the server comes back to the game as it was taken back."""
    data = os.path.join(out, "undo")
    shutil.rmtree(data, ignore_errors=True)
    server = Server(cli, data).start()
    try:
        created = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=["abbot"], seed=5)
        game = created["id"]
        ada, bea = (x["token"] for x in created["seats"])
        tokens = {0: ada, 1: bea}
        check("nothing to take back" in undo(server, game, ada, [bea], want=409)["error"], "an undo before any move")
        start = server.state(game, ada)
        check(start["undo"] is None, "the state offers an undo before any move")
        after = server.move(game, ada, choose(start))
        check(after["undo"] == {"seat": 0}, "after Ada's move the state's undo is %s" % after["undo"])
        check("Bea" in undo(server, game, ada, want=403)["error"], "an undo without Bea's key")
        check(undo(server, game, bea, want=403), "Bea alone")
        status, _ = server.call("POST", "/api/games/%s/undo" % game, {"tokens": [bea]})
        check(status == 403, "a spectator's undo answered %d" % status)
        status, answer = server.call("POST", "/api/games/%s/undo" % game, {"tokens": "x"}, token=ada)
        check(status == 400 and "tokens" in answer["error"], "tokens not a list: %d %s" % (status, answer))
        check(undo(server, game, ada, ["0" * 32], want=403), "a key that is no seat's")
        back = undo(server, game, ada, [bea])
        check(same_position(back, start) and back["version"] > after["version"],
              "taken back, the game is not as it was before Ada's move")

        # A whole turn of Ada's taken back step by step, until Bea moves.
        positions = []
        s = server.state(game, ada)
        while s["active"] == 0:
            positions.append(s)
            s = server.move(game, ada, choose(s))
        check(len(positions) >= 2, "Ada's turn was one step")
        for before in reversed(positions):
            undo(server, game, bea, [ada])  # either key in the header, the other in tokens
            check(same_position(server.state(game, ada), before), "a step taken back is not the game before it")
        s = server.state(game, ada)
        while s["active"] == 0:
            s = server.move(game, ada, choose(s))
        s = server.move(game, bea, choose(server.state(game, bea)))
        undo(server, game, bea, [ada])
        check("nothing to take back" in undo(server, game, ada, [bea], want=409)["error"],
              "Ada's move taken back after Bea had moved")

        # Moves in the journal, an undo, kill -9 at once: the game as taken back.
        play_out(server, game, tokens, choose, stop_at_turn=s["turn"] + 4)
        s = server.state(game, ada)
        seat = s["active"]
        server.move(game, tokens[seat], choose(server.state(game, tokens[seat])))
        taken_back = undo(server, game, ada, [bea])
        check(same_position(taken_back, s), "taken back before the restart, the game is not as it was")
        server.kill(signal.SIGKILL)
        server = Server(cli, data, port=server.port).start()
        again = server.state(game, ada)
        check(same_position(again, taken_back), "after a restart the game is not as it was taken back (turn %d, not %d)"
              % (again["turn"], taken_back["turn"]))
        check(again["undo"] is None, "after a restart the state offers an undo")
        final = play_out(server, game, tokens, choose)
        check(replayed_scores(cli, saved_file(data, game, finished=True)) == final_scores(final),
              "the saved game replays otherwise")

        # A person against a computer: a step of the turn taken back while on turn; not once the computer moved.
        created = server.new_game([{"name": "Ada"}, {"name": "Bot", "kind": "greedy"}], expansions=["abbot"], seed=6)
        game, ada = created["id"], created["seats"][0]["token"]
        s = server.wait(game, ada, lambda s: s["active"] == 0 and s["options"])
        after = server.move(game, ada, choose(s))
        check(after["active"] == 0, "Ada's tile ended her turn: no step to take back")
        check(same_position(undo(server, game, ada), s), "Ada's tile taken back, the game is not as it was")
        s = server.wait(game, ada, lambda s: s["active"] == 0 and s["options"])
        while s["active"] == 0 and not s["finished"]:
            s = server.move(game, ada, choose(s))
        server.wait(game, ada, lambda s: s["active"] == 0 or s["finished"])
        check("computer (Bot) has moved" in undo(server, game, ada, want=409)["error"], "an undo after the computer's move")
    finally:
        server.kill(signal.SIGINT)
    print("undo: steps taken back on one screen up to the other seat's move, refused without every key or after the "
          "computer's move; after kill -9 the game is as taken back and replays")


SCENARIOS = {"undo": scenario_undo, "names": scenario_names, "full-game": scenario_full_game, "two-seats": scenario_two_seats, "restart": scenario_restart,
             "bad-input": scenario_bad_input, "load": scenario_load, "extra-turn": scenario_extra_turn,
             "river": scenario_river}


if __name__ == "__main__":
    sys.exit(run_scenario("serve", SCENARIOS, lambda scenario, cli, out: scenario(cli, out)))
