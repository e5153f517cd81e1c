#!/usr/bin/env python3
"""The served page (docs/serve.md) in headless Chromium over WebDriver.

    e2e.py --cli build/bin/cloisterkit --out DIR SCENARIO

    play         a person starts a game from the new-game form (a person and
                 a computer seat, Halflings, Little Buildings and the abbot)
                 and plays it to its end by clicking: the draw or a triangle
                 from the hand, the tile's turn and place on the board, then
                 a follower, a building, the abbot's return or no figure.
                 At the end the page's scores are the API's, and the .jcz
                 behind the page's download link replays with `cloisterkit
                 replay` to them. A screenshot mid-game is kept (serve.png).
    two-browsers two people in two browsers on one game: each page shows its
                 own hand and not the other's, the page not on turn offers
                 nothing and its seat's move is refused (409), and after a
                 move the other page changes by the event stream alone.

The page is found by its test hooks only (data-option-id, data-kind,
data-turn, data-active-seat, data-finished, data-version, data-score-seat).
"""
import os
import sys
import time
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "support"))
from serve_client import Server, check, person_choice, replayed_scores  # noqa: E402
from checks import Failure, run_scenario  # noqa: E402
from webdriver import Browser  # noqa: E402


def dataset(b):
    return b.script("const g = document.getElementById('ck-game'); return g ? Object.assign({}, g.dataset) : null;")


def wait_for(b, what, until, timeout=120):
    deadline = time.time() + timeout
    while True:
        d = dataset(b)
        if d and until(d):
            return d
        if time.time() > deadline:
            raise Failure("the page did not show %s in %d s (hooks: %s)" % (what, timeout, d))
        time.sleep(0.05)


def options_on_page(b):
    """The page's clickable options: [{id, kind, rotation}] (buttons and the board's targets)."""
    return b.script("""
        const out = [];
        for (const e of document.querySelectorAll('#ck-side [data-option-id]'))
          out.push({id: e.dataset.optionId, kind: e.dataset.kind, rotation: null});
        for (const g of document.querySelectorAll('#ck-board g.option.placement'))
          out.push({id: g.dataset.optionId, kind: 'tile', rotation: Number(g.dataset.rotation)});
        return out;""")


class Clicker:
    """Clicks an option and waits for the game's version to move on."""

    def __init__(self, b, out):
        self.b, self.out = b, out
        self.fallbacks = 0

    def click(self, css, version):
        try:
            self.b.click(css)
        except Failure as e:
            # A triangle's box centre can lie on its neighbour's ghost:
            # the click goes to the element itself instead.
            if "intercepted" not in str(e):
                self.b.screenshot(os.path.join(self.out, "failed-click.png"))
                raise Failure("clicking %s: %s" % (css, e))
            self.fallbacks += 1
            self.b.script("document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}))", css)
        return wait_for(self.b, "the move of %s" % css, lambda d: int(d["version"]) > version)

    def place(self, option, version):
        """Turns the tile with the page's buttons to the option's rotation, then clicks its place."""
        for _ in range(4):
            if self.b.text("#ck-rotation") == "R%d" % (option["rotation"] * 90):
                break
            self.b.click("#ck-side .tile-preview button[title^='turn right']")
        check(self.b.text("#ck-rotation") == "R%d" % (option["rotation"] * 90),
              "the turn buttons never showed R%d" % (option["rotation"] * 90))
        css = "#ck-board g.option.placement[data-option-id='%s']" % option["id"]
        check(self.b.script("return getComputedStyle(document.querySelector(arguments[0])).display !== 'none'", css),
              "the placement %s is hidden at its own rotation" % option["id"])
        return self.click(css, version)


def page_scores(b, players):
    return [int(b.text("#ck-players [data-score-seat='%d']" % p)) for p in range(players)]


def scenario_play(cli, out, b, server):
    b.go(server.base + "/")
    deadline = time.time() + 30
    while not b.script("return !!document.querySelector('#ck-start') && document.querySelectorAll('.expansion-on').length > 0"):
        check(time.time() < deadline, "the new-game form did not appear")
        time.sleep(0.1)
    offered = b.script("return [...document.querySelectorAll('.expansion-on')].map(c => c.value)")
    for x in ("cloisterkit.halflings", "cloisterkit.little-buildings", "cloisterkit.abbot"):
        check(x in offered, "the form does not offer %s (offers %s)" % (x, offered))
    check(b.script("return [...document.querySelectorAll('.expansion-on')].every(c => c.checked)"),
          "not every expansion is on by default")
    check(b.script("return document.querySelectorAll('.rule').length") >= 3, "the form shows no rule options")
    # Seat 2 is a computer seat (the default); the seed makes the game repeatable.
    check(b.script("return document.querySelectorAll('.seat-kind')[1].value") == "computer", "seat 2 is not a computer")
    b.script("document.getElementById('ck-seed').value = '7'")
    b.click("#ck-start")
    d = wait_for(b, "the game", lambda d: "turn" in d, timeout=60)
    game = b.script("return location.pathname.split('/').pop()")
    token = b.script("return new URLSearchParams(location.search).get('token')")
    check(d["seat"] == "0", "the page does not play seat 0: %s" % d)
    clicker, seen, moves, shot = Clicker(b, out), set(), 0, False
    while True:
        d = wait_for(b, "the person's turn or the end",
                     lambda d: d["finished"] == "true" or (d["activeSeat"] == "0" and options_on_page(b)))
        if d["finished"] == "true":
            break
        version, turn = int(d["version"]), int(d["turn"])
        api = server.state(game, token)
        options = options_on_page(b)
        check(sorted(o["id"] for o in options if o["kind"] != "hand-tile")
              == sorted(o["id"] for o in api["options"] if o["kind"] != "hand-tile"),
              "turn %d: the page's options are not the API's" % turn)
        o = person_choice(options, turn, seen)
        if o["kind"] == "tile":
            clicker.place(o, version)
        else:
            clicker.click("#ck-side [data-option-id='%s']" % o["id"], version)
        moves += 1
        check(moves < 1000, "1000 clicks and the game is not over")
        if not shot and turn >= 24 and api["phase"] == "tile":
            b.screenshot(os.path.join(out, "serve.png"))
            shot = True
    api = server.state(game, token)
    scores = [p["score"] for p in api["players"]]
    check(page_scores(b, 2) == scores, "the page shows %s, the API %s" % (page_scores(b, 2), scores))
    check("wins" in b.text("#ck-summary") or "share" in b.text("#ck-summary"), "no end-of-game summary")
    check({"hand-tile", "building", "figure"} <= seen, "the person never clicked some kinds: %s" % sorted(seen))
    href = b.script("return document.getElementById('ck-download').href")
    downloaded = os.path.join(out, "downloaded.jcz")
    with urllib.request.urlopen(href, timeout=30) as r, open(downloaded, "wb") as f:
        f.write(r.read())
    check(replayed_scores(cli, downloaded) == scores, "the downloaded .jcz does not replay to %s" % scores)
    check(shot, "no screenshot was taken")
    print("play: %d clicks (%d by script where a neighbour covered the centre), kinds %s, scores %s"
          % (moves, clicker.fallbacks, sorted(seen), scores))


def hand_on_page(b):
    return b.script("return [...document.querySelectorAll('.hand .card .note')].map(e => e.textContent)")


def scenario_two_browsers(cli, out, a, server):
    created = server.new_game([{"name": "Ada"}, {"name": "Bea"}],
                              expansions=["halflings", "little-buildings", "abbot"], seed=9)
    game = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    hands = [[h["tile"] for h in server.state(game, t)["hand"]] for t in tokens]
    check(hands[0] and hands[1], "no hands to compare")
    with Browser(out) as bb:
        pages = [a, bb]
        for seat, b in enumerate(pages):
            b.go(server.base + "/game/%s?token=%s" % (game, tokens[seat]))
            wait_for(b, "seat %d's page" % seat, lambda d: d.get("seat") == str(seat))
        for seat, b in enumerate(pages):
            shown = sorted(hand_on_page(b))
            check(shown == sorted(hands[seat]), "seat %d's page shows the hand %s, not its own %s" % (seat, shown, hands[seat]))
        active = int(dataset(a)["activeSeat"])
        on, off = pages[active], pages[1 - active]
        check(not off.script("return document.querySelectorAll('#ck-side [data-option-id], #ck-board g.option').length"),
              "the page not on turn offers options")
        first = options_on_page(on)
        draw = [o for o in first if o["kind"] == "draw"]
        check(draw, "the page on turn offers no draw")
        status = off.script("""
            const x = new XMLHttpRequest();
            x.open('POST', '/api/games/' + arguments[0] + '/moves', false);
            x.setRequestHeader('Content-Type', 'application/json');
            x.setRequestHeader('X-Seat-Token', arguments[1]);
            x.send(JSON.stringify({option: arguments[2]}));
            return [x.status, x.responseText];""", game, tokens[1 - active], draw[0]["id"])
        check(status[0] == 409 and "turn" in status[1], "the seat not on turn could move: %s" % status)
        before = int(dataset(off)["version"])
        Clicker(on, out).click("#ck-side [data-option-id='%s']" % draw[0]["id"], before)
        # No reload: the other page learns of the move through its event stream.
        d = wait_for(off, "the other seat's move", lambda d: int(d["version"]) > before, timeout=20)
        check(sorted(hand_on_page(off)) == sorted(hands[1 - active]), "the other page's hand changed")
        print("two-browsers: hands private (%d and %d tiles), off-turn move refused, the other page moved to version %s"
              % (len(hands[0]), len(hands[1]), d["version"]))


SCENARIOS = {"play": scenario_play, "two-browsers": scenario_two_browsers}


def run(scenario, cli, out):
    # A quick computer seat: the page, not the player's strength, is tested here.
    with Server(cli, os.path.join(out, "data"), ["--computer", "mcts:playouts=100"]) as server, Browser(out) as b:
        scenario(cli, out, b, server)


if __name__ == "__main__":
    sys.exit(run_scenario("serve e2e", SCENARIOS, run))
