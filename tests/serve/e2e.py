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
                 replay` to them. Every option on the board carries the
                 API's data-kind; from turn 2 on, the computer's last turn is
                 marked on the board (data-last-move) and said in words
                 (#ck-last-move). A screenshot mid-game is kept (serve.png).
    phone        the same game at 390x844 against a greedy computer: the
                 board above the panel at the full width, no element wider
                 than the screen, every button at least 44 px, at every
                 turn; screenshots serve-phone.png and serve-phone-panel.png.
    seven-pages  seven game pages opened one after another in one tab: the
                 seventh loads and opens its event stream (each page closes
                 its stream when left; Chromium allows six connections to a
                 host).
    two-browsers two people in two browsers on one game: each page shows its
                 own hand and not the other's, the page not on turn offers
                 nothing and its seat's move is refused (409), and after a
                 move the other page changes by the event stream alone.
    reconnect    a person against a greedy computer: the server is killed
                 (SIGKILL) under the open page and started again on the same
                 port and --data; the page shows "reconnecting…" meanwhile,
                 opens its event stream again by itself (its backoff) and,
                 without a reload, shows the move made through the API after
                 the restart within 20 s. Also: the home page offers a seed
                 only where /api/info's "seeds" says so, and the page has no
                 inline script, on…="" handler or javascript: URL (the
                 server's Content-Security-Policy allows none).
    delete       a seat's page deletes its game ("Delete this game", confirmed):
                 the page goes back to the home page and the game is gone
                 from the API; a spectator's page offers no such button and,
                 once its event stream ends (the server restarted), says the
                 game no longer exists.

    view         the board's view: fit, the wheel about the cursor, the
                 off-screen marker, a pinch with two fingers, and a turn
                 played by the keyboard alone.
    confirm      a place or a figure clicked is only shown until Confirm
                 (or Enter); Undo and Escape take it back, R turns it in
                 place; nothing is sent before the confirm.
    dragon       The Princess & the Dragon: the last turn's dragon path and
                 its points ("+N") on the board, the steps and the
                 princess's action clicked on the board, an only step played
                 by the page after a moment.
    tiles        the tiles still to come by kind, adding up and going down
                 by the tiles placed.
    tile-set     the new-game form's tile set follows the expansions ticked
                 (the 2nd edition with the abbot) as the server's default does.
    sound        the turn notification: off by default; turned on, one
                 chime (WebAudio) when it becomes the person's move.
    undo         a move taken back from the page: against the computer and
                 on a shared screen; not offered without every person's key.
    your-games   a named game in the tab's title and the lists; the seats'
                 links kept in this browser found again on the home page.

The page is found by its test hooks only (data-option-id, data-kind,
data-last-move, #ck-last-move, data-turn, data-active-seat, data-finished,
data-version, data-stream, data-score-seat).
"""
import os
import re
import signal
import subprocess
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
    """The page's clickable options, each once: [{id, kind, rotation}] (the
    panel's buttons, then the board's targets that no button offers). A
    board target without data-kind, or whose kind differs from its button's,
    is a failure."""
    options, problems = b.script("""
        const out = new Map(), problems = [];
        for (const e of document.querySelectorAll('#ck-side [data-option-id]'))
          out.set(e.dataset.optionId, {id: e.dataset.optionId, kind: e.dataset.kind, rotation: null});
        for (const g of document.querySelectorAll('#ck-board g.option')) {
          const o = {id: g.dataset.optionId, kind: g.dataset.kind,
                     rotation: g.dataset.rotation === undefined ? null : Number(g.dataset.rotation)};
          if (!o.kind || (out.has(o.id) && out.get(o.id).kind !== o.kind)) problems.push(o);
          if (!out.has(o.id)) out.set(o.id, o);
        }
        return [[...out.values()], problems];""")
    check(not problems, "board options without the kind of their button: %s" % problems[:3])
    return options


class Clicker:
    """Clicks an option and waits for the game's version to move on; a
    choice that waits for its confirm (a tile's place, the figure step's) is
    confirmed with #ck-confirm."""

    def __init__(self, b, out):
        self.b, self.out = b, out
        self.fallbacks = 0

    def click(self, css, version, confirm=False):
        self.press(css)
        if confirm:
            check(self.b.script("return !!document.querySelector('[data-pending]') && !!document.getElementById('ck-confirm')"),
                  "clicking %s shows no choice to confirm" % css)
            check(int(dataset(self.b)["version"]) == version, "clicking %s moved the game before its confirm" % css)
            self.press("#ck-confirm")
        return wait_for(self.b, "the move of %s" % css, lambda d: int(d["version"]) > version)

    def press(self, css):
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

    def place(self, option, version):
        """Turns the tile with the page's buttons to the option's rotation, then clicks its place."""
        # The turns that fit, in order: how many clicks of "turn right" from
        # the rotation shown reach the option's (read once, checked after).
        shown, offered = self.b.script("""return [document.getElementById('ck-rotation').textContent,
            [...new Set([...document.querySelectorAll('#ck-board g.option.placement')].map(g => Number(g.dataset.rotation)))].sort()];""")
        want = "R%d" % (option["rotation"] * 90)
        if shown != want:
            at = [("R%d" % (r * 90)) for r in offered]
            check(shown in at and want in at, "turn %s or %s not among the rotations offered %s" % (shown, want, at))
            for _ in range((at.index(want) - at.index(shown)) % len(at)):
                self.b.click("#ck-side .tile-preview button[title^='turn right']")
        check(self.b.text("#ck-rotation") == want, "the turn buttons never showed %s" % want)
        css = "#ck-board g.option.placement[data-option-id='%s']" % option["id"]
        check(self.b.script("return getComputedStyle(document.querySelector(arguments[0])).display !== 'none'", css),
              "the placement %s is hidden at its own rotation" % option["id"])
        return self.click(css, version, confirm=True)


# The choices the page shows before sending them (docs/serve.md, "Confirm").
def waits_for_confirm(option, phase):
    return option["kind"] == "tile" or (phase == "figure" and option["kind"] in ("figure", "building", "return", "pass"))


def page_scores(b, players):
    return [int(b.text("#ck-players [data-score-seat='%d']" % p)) for p in range(players)]


# What runs off a narrow screen: elements reaching past the viewport's sides
# (the board's own drawing is clipped by its box and left out), buttons
# smaller than a finger, and a board not on top at the full width.
LAYOUT_PROBLEMS = """
    const width = document.documentElement.clientWidth, out = [];
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined && e.className ? '.' + e.className : '');
    if (document.documentElement.scrollWidth > width) out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px wide in ' + width);
    for (const e of document.querySelectorAll('body *')) {
      if (e.closest('#ck-board')) continue;
      const r = e.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.left < -1 || r.right > width + 1) out.push(name(e) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + width);
      if (e.tagName === 'BUTTON' && (r.width < 44 || r.height < 44)) out.push(name(e) + ' "' + e.textContent + '" is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px');
    }
    const box = document.getElementById('ck-board-box'), side = document.getElementById('ck-side');
    if (box && side) {
      const b = box.getBoundingClientRect(), p = side.getBoundingClientRect();
      if (b.width < 0.9 * width) out.push('the board is ' + Math.round(b.width) + ' px wide of ' + width);
      if (b.bottom > p.top + 1) out.push('the board is not above the panel');
    }
    return out;"""


def check_phone_layout(b, where):
    problems = b.script(LAYOUT_PROBLEMS)
    check(not problems, "%s at %s: %s" % (where, b.script("return window.innerWidth + 'x' + window.innerHeight"), problems[:5]))


def check_last_move(b, api):
    """The last turn (mostly the computer's; a turn may follow the person's
    own), marked on the board and said in words; returns its seat and the
    sentence."""
    last = api.get("last_move")
    # A second tile step (Traders & Builders' builder) is the same turn:
    # its last move is the turn's first step.
    second_step = api.get("turn_part", 1) > 1
    check(last and (last["turn"] < api["turn"] or (second_step and last["turn"] == api["turn"])),
          "turn %d: the state's last_move is %s" % (api["turn"], last))
    seat = last["seat"]
    # One round trip to the browser for all the page holds of it.
    marked, turns, sentence, said_seat = b.script("""const said = document.getElementById('ck-last-move');
        return [[...document.querySelectorAll('#ck-board g.tile[data-last-move]')].map(g => g.dataset.lastMove),
                [...document.querySelectorAll('#ck-board g.tile')].map(g => [g.dataset.turn, g.dataset.lastMove || null]),
                said ? said.innerText : '', said ? said.dataset.seat : null];""")
    check(marked == [str(seat)] * len(last["tiles"]) and marked,
          "turn %d: the board marks %s as the last turn's tiles, the state lists %d of seat %d" % (api["turn"], marked, len(last["tiles"]), seat))
    # Each tile's data-turn is the turn that placed it: the last turn's
    # tiles that turn's, the start tile 0, and no tile the turn going on
    # before its tile is placed.
    placing = api["phase"] in ("tile", "tile-step")
    check(all(int(t) == last["turn"] for t, m in turns if m is not None) and int(turns[0][0]) == 0
          and all(int(t) < api["turn"] or (int(t) == api["turn"] and (not placing or second_step)) for t, m in turns),
          "turn %d: the tiles' data-turn are %s" % (api["turn"], [t for t, m in turns]))
    name = api["players"][seat]["name"]
    check(said_seat == str(seat) and sentence.startswith(name)
          and "placed a" in sentence, "turn %d: the panel says %r of the last turn" % (api["turn"], sentence))
    check(not any(code in sentence for code in ("R90", "R180", "R270", " NE", " SW", "NL.", ".small.")),
          "turn %d: the sentence holds engine codes: %r" % (api["turn"], sentence))
    return seat, sentence


# Engine codes a player must never read: location codes (NL.NR, _S, NWSE,
# a lone side letter), rotations (R90), tile ids (BA/CccR+), figure ids
# (0.abbot.1), score names with a dot (city.incomplete), kinds with a colon
# (mcts:playouts=...).
ENGINE_CODES = re.compile(r"(?<![\w-])(?:[NESW]|NE|SE|SW|NW|NS|WE|_[NESW]|NWSE|[NESWD][LR]|D|I)(?:\.[A-Z_]+)*(?![\w-])"
                          r"|\bR(?:90|180|270)\b|\b[A-Z]{2,}/|\b\d+\.[a-z-]+\.\d+\b|\b[a-z]+\.[a-z]+\b|\b[a-z]+:[a-z]+=")


def check_option_words(b, turn):
    """Every choice on the panel and the board, the points and the seats'
    kinds read in words: no engine code (ENGINE_CODES)."""
    texts = b.script("""return [...document.querySelectorAll('#ck-side [data-option-id]')].map(e => e.innerText)
        .concat([...document.querySelectorAll('#ck-board g.option')].map(g => g.getAttribute('aria-label') || ''))
        .concat([...document.querySelectorAll('#ck-points li, #ck-players td.note')].map(e => e.innerText));""")
    for text in texts:
        code = ENGINE_CODES.search(text)
        check(not code, "turn %d: %r shows the engine code %r" % (turn, text, code and code.group(0)))
        # A field the page read and the state lacks ("from the undefined").
        check(not re.search(r"\b(?:undefined|null|NaN)\b", text), "turn %d: %r says a missing value" % (turn, text))
    return len(texts)


def check_targets_apart(b, turn):
    """The figure, building, return and movement targets on the board (the
    page's own among them: steps, actions of no token): no two
    overlap (26 units across, centres at least that far apart), and a click
    at each one's centre reaches that one (when it is in view). Returns how
    many targets there were."""
    targets, problems = b.script("""
        const circles = [...document.querySelectorAll('#ck-board g.option:is(.figure,.token,.return,.move,.action) circle.option-target')];
        const c = circles.map(e => ({id: e.closest('g.option').dataset.optionId,
                                      x: Number(e.getAttribute('cx')), y: Number(e.getAttribute('cy')), box: e.getBoundingClientRect()}));
        const problems = [];
        for (let i = 0; i < c.length; ++i)
          for (let j = i + 1; j < c.length; ++j)
            if (Math.hypot(c[i].x - c[j].x, c[i].y - c[j].y) < 26) problems.push('overlap ' + c[i].id + '/' + c[j].id);
        for (const t of c) {
          const x = t.box.left + t.box.width / 2, y = t.box.top + t.box.height / 2;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          const hit = document.elementFromPoint(x, y), g = hit && hit.closest('g.option');
          if (!g || g.dataset.optionId !== t.id) problems.push('click at the centre of ' + t.id + ' reaches ' + (g ? g.dataset.optionId : hit && hit.tagName));
        }
        return [c.length, problems];""")
    check(not problems, "turn %d: figure targets: %s" % (turn, problems[:3]))
    return targets


SEAT_MARKS = """const marks = [...document.querySelectorAll('#ck-board text.seat-mark')].map(t =>
    [Number(t.dataset.player), t.textContent, Number(t.getAttribute('x')), Number(t.getAttribute('y'))]);
const figures = [...document.querySelectorAll('#ck-board g.meeple:not(.joined)[data-player]')].map(g => {
  const m = g.querySelector('path.meeple-shape').getAttribute('transform').match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/);
  return [Number(g.dataset.player), Number(m[1]), Number(m[2])]; });
const table = [...document.querySelectorAll('#ck-players [data-seat-mark]')].map(e =>
    [Number(e.dataset.seatMark), getComputedStyle(e, '::before').content.replace(/^"|"$/g, '')]);
return [marks, figures, table];"""


def check_seat_marks(b, turn):
    """Seats told apart by more than colour: each seat's swatch in the
    players' table shows a mark no other seat's has, and each follower on
    the board carries its seat's mark at its middle. Returns the figures checked."""
    marks, figures, table = b.script(SEAT_MARKS)
    by_seat = dict((seat, mark) for seat, mark in table)
    check(len(by_seat) == len(table) and len(set(by_seat.values())) == len(by_seat) and all(by_seat.values()),
          "turn %d: the players' marks are %s" % (turn, table))
    for seat, x, y in figures:
        near = [m for m in marks if m[0] == seat and abs(m[2] - x) < 1 and abs(m[3] - y) < 8]
        check(len(near) == 1 and near[0][1] == by_seat[seat],
              "turn %d: seat %d's figure at (%.0f,%.0f) carries %s, not its mark %r" % (turn, seat, x, y, near, by_seat.get(seat)))
    return len(figures)


def scenario_play(cli, out, b, server):
    play_by_clicking(cli, out, b, server, phone=False)


def scenario_phone(cli, out, b, server):
    play_by_clicking(cli, out, b, server, phone=True)


def play_by_clicking(cli, out, b, server, phone):
    """A person's game from the form to its end by clicking, at the desktop
    window's size or, with `phone`, at 390x844 with its layout checked at
    every turn."""
    if phone:
        size = b.viewport(390, 844)
        check(size == [390, 844], "the viewport is %s, not 390x844" % size)
    b.go(server.base + "/")
    deadline = time.time() + 30
    while not b.script("return !!document.querySelector('#ck-start') && document.querySelectorAll('.expansion-on').length > 0"):
        check(time.time() < deadline, "the new-game form did not appear")
        time.sleep(0.1)
    if phone:
        check_phone_layout(b, "the home page")
    offered = b.script("return [...document.querySelectorAll('.expansion-on')].map(c => c.value)")
    for x in ("cloisterkit.halflings", "cloisterkit.little-buildings", "cloisterkit.abbot"):
        check(x in offered, "the form does not offer %s (offers %s)" % (x, offered))
    check(b.script("return [...document.querySelectorAll('.expansion-on')].every(c => c.checked)"),
          "not every expansion is on by default")
    if phone:
        # The layout at every kind of step, not the length of a game with
        # every expansion (the desktop game has them all): Halflings, Little
        # Buildings and the abbot offer each kind the person clicks.
        b.script("for (const c of document.querySelectorAll('.expansion-on')) "
                 "c.checked = ['cloisterkit.halflings', 'cloisterkit.little-buildings', 'cloisterkit.abbot'].includes(c.value)")
    check(b.script("return document.querySelectorAll('.rule').length") >= 3, "the form shows no rule options")
    # Options in words: no rule numbers (LB-12) and no engine keys or camel
    # case values (littleBuildings.bonusOnZeroScore, fullCorners) in what the
    # form shows; the keys stay in the controls' data-key.
    shown = b.script("return [...document.querySelectorAll('.expansion .option')].map(o => o.innerText)")
    check(shown, "no rule option shown")
    for text in shown:
        check(not re.search(r"\b[A-Z]{2}-\d+\b", text), "a rule number in the form: %r" % text)
        check(not re.search(r"\b[a-z]+[A-Z][A-Za-z]*\b", text), "an engine word in camel case in the form: %r" % text)
    # Seat 2 is a computer seat (the default); the seed makes the game repeatable.
    check(b.script("return document.querySelectorAll('.seat-kind')[1].value") == "computer", "seat 2 is not a computer")
    check(b.script("return !!document.getElementById('ck-seed')"), "the form offers no seed (the server runs with --allow-seed)")
    b.script("document.getElementById('ck-seed').value = '7'")
    b.click("#ck-start")
    d = wait_for(b, "the game", lambda d: "turn" in d, timeout=60)
    game = b.script("return location.pathname.split('/').pop()")
    token = b.script("return new URLSearchParams(location.search).get('token')")
    check(d["seat"] == "0", "the page does not play seat 0: %s" % d)
    clicker, seen, moves, shot = Clicker(b, out), set(), 0, False
    computer_turns_seen, sentence, words_checked, targets_checked, marks_checked = 0, None, 0, 0, 0
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
        if turn > 1:
            seat, said = check_last_move(b, api)
            if seat == 1:
                computer_turns_seen, sentence = computer_turns_seen + 1, said
        if phone:
            check_phone_layout(b, "turn %d (%s)" % (turn, api["phase"]))
        else:
            words_checked += check_option_words(b, turn)
            targets_checked += check_targets_apart(b, turn)
            marks_checked += check_seat_marks(b, turn)
            title = b.script("return document.title")
            check(title.startswith("▶ Your move"), "turn %d: the tab's title is %r on the person's move" % (turn, title))
        o = person_choice(options, turn, seen)
        if api["phase"] == "movement" and len(api["options"]) == 1 and o["kind"] == "move":
            # The only way to go: the page plays it after a moment.
            check(b.script("return !!document.getElementById('ck-forced')"), "turn %d: the only step is not said" % turn)
            wait_for(b, "the only step played by the page", lambda d: int(d["version"]) > version, timeout=10)
        elif o["kind"] == "tile":
            clicker.place(o, version)
        else:
            clicker.click("#ck-side [data-option-id='%s']" % o["id"], version, confirm=waits_for_confirm(o, api["phase"]))
        moves += 1
        check(moves < 1000, "1000 clicks and the game is not over")
        if not shot and turn >= 24 and api["phase"] == "tile":
            b.script("window.scrollTo(0, 0)")
            b.screenshot(os.path.join(out, "serve-phone.png" if phone else "serve.png"))
            if phone:
                b.script("document.getElementById('ck-side').scrollIntoView()")
                b.screenshot(os.path.join(out, "serve-phone-panel.png"))
            shot = True
    api = server.state(game, token)
    scores = [p["score"] for p in api["players"]]
    check(page_scores(b, 2) == scores, "the page shows %s, the API %s" % (page_scores(b, 2), scores))
    check("wins" in b.text("#ck-summary") or "share" in b.text("#ck-summary"), "no end-of-game summary")
    check_final_table(b, api)
    check({"hand-tile", "building", "figure"} <= seen, "the person never clicked some kinds: %s" % sorted(seen))
    href = b.script("return document.getElementById('ck-download').href")
    downloaded = os.path.join(out, "downloaded.jcz")
    with urllib.request.urlopen(href, timeout=30) as r, open(downloaded, "wb") as f:
        f.write(r.read())
    check(replayed_scores(cli, downloaded) == scores, "the downloaded .jcz does not replay to %s" % scores)
    check(shot, "no screenshot was taken")
    check(computer_turns_seen >= 10, "the computer's last turn was shown only %d times" % computer_turns_seen)
    check(phone or words_checked > 500, "only %d texts checked for engine codes" % words_checked)
    check(phone or targets_checked > 50, "only %d figure targets checked" % targets_checked)
    check(phone or marks_checked > 50, "only %d figures' seat marks checked" % marks_checked)
    if phone:
        b.script("document.getElementById('ck-summary').scrollIntoView()")
        b.screenshot(os.path.join(out, "serve-phone-final.png"))
        check_phone_layout(b, "the end of the game")
    print("%s: %d clicks (%d by script where a neighbour covered the centre), kinds %s, scores %s; "
          "the computer's last turn marked and said %d times, last as %r"
          % ("phone" if phone else "play", moves, clicker.fallbacks, sorted(seen), scores, computer_turns_seen, sentence))


def check_final_table(b, api):
    """The end-of-game table: a row per player whose cells add up to its
    score, each cell the sum of that player's score entries of its kind
    ("city.incomplete" counts as a city), headers in words."""
    rows = b.script("""return [...document.querySelectorAll('#ck-final tr[data-seat]')].map(r => ({
        seat: +r.dataset.seat,
        cells: Object.fromEntries([...r.querySelectorAll('td[data-category]')].map(c => [c.dataset.category, +c.textContent])),
        total: +r.querySelector('td[data-total]').textContent}))""")
    check(len(rows) == len(api["players"]), "the final table has %d rows for %d players" % (len(rows), len(api["players"])))
    for r in rows:
        want = {}
        for e in api["scores"]:
            if e["player"] == r["seat"]:
                k = e["name"].split(".")[0]
                want[k] = want.get(k, 0) + e["points"]
        check(r["total"] == api["players"][r["seat"]]["score"] == sum(r["cells"].values()),
              "seat %d's row %s does not add up to its score %d" % (r["seat"], r, api["players"][r["seat"]]["score"]))
        check({k: v for k, v in r["cells"].items() if v} == {k: v for k, v in want.items() if v},
              "seat %d's row %s is not its score entries by kind %s" % (r["seat"], r["cells"], want))
    headers = b.script("return [...document.querySelectorAll('#ck-final th')].map(h => h.textContent)")
    check(headers[1:5] == ["roads", "cities", "monasteries", "fields"], "the final table's headers: %s" % headers)
    check(not any("." in h for h in headers), "a header in engine words: %s" % headers)
    check_points_list(b, api)
    check_supply_icons(b, api)


def check_supply_icons(b, api):
    """Each player's supply as icons, one per figure kind and token kind
    with its count, exactly the API's, each titled in words."""
    rows = b.script("""return [...document.querySelectorAll('#ck-players td.supply')].map(td =>
        [...td.querySelectorAll('.supply-item[data-kind]')].map(i => ({kind: i.dataset.kind, count: +i.dataset.count,
            icon: !!i.querySelector('svg.supply-icon'), title: i.title})))""")
    check(len(rows) == len(api["players"]), "%d supply cells for %d players" % (len(rows), len(api["players"])))
    for seat, items in enumerate(rows):
        supply = api["players"][seat]["supply"]
        want = dict(supply["figures"], **supply["tokens"])
        check({i["kind"]: i["count"] for i in items} == want, "seat %d's supply icons %s, the API's %s" % (seat, items, want))
        check(all(i["icon"] and i["title"] and not ENGINE_CODES.search(i["title"]) for i in items),
              "seat %d: a supply item without its icon or its words: %s" % (seat, items))


def check_points_list(b, api):
    """The points list says each score once: a line per distinct score
    (player, points, kind, final or not), its times on it (data-times), so
    the lines add up to every score entry, and none repeats another."""
    lines = b.script("""return [...document.querySelectorAll('#ck-points li')].map(li => ({
        times: +li.dataset.times, text: li.innerText}))""")
    distinct = {(e["player"], e["points"], e["final"], e["breakdown"]) for e in api["scores"]}
    check(len(lines) == len(distinct), "%d lines in the points list for %d distinct scores" % (len(lines), len(distinct)))
    check(sum(l["times"] for l in lines) == len(api["scores"]),
          "the points list's lines stand for %d entries, the game has %d" % (sum(l["times"] for l in lines), len(api["scores"])))
    for l in lines:
        if l["times"] > 1:
            check("%d times" % l["times"] in l["text"] and l["text"].startswith("turns "),
                  "a line standing for %d scores does not say so: %r" % (l["times"], l["text"]))


def hand_on_page(b):
    return b.script("return [...document.querySelectorAll('.hand .card')].map(e => e.title)")


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


# What the page may not hold under the server's Content-Security-Policy
# (script-src 'self'): an inline script, an on…="" attribute, a javascript: URL.
CSP_OFFENCES = """
    const out = [];
    for (const s of document.querySelectorAll('script'))
      if (!s.src) out.push('inline <script>');
    for (const e of document.querySelectorAll('*'))
      for (const a of e.attributes) {
        if (/^on/i.test(a.name)) out.push(e.tagName + ' ' + a.name + '=' + a.value.slice(0, 40));
        if (/^\\s*javascript:/i.test(a.value)) out.push(e.tagName + ' ' + a.name + '=' + a.value.slice(0, 40));
      }
    return out;"""


def check_no_inline_script(b, where):
    offences = b.script(CSP_OFFENCES)
    check(not offences, "%s: the page holds what the Content-Security-Policy refuses: %s" % (where, offences[:5]))


def page_loaded_home(b, server):
    b.go(server.base + "/")
    deadline = time.time() + 30
    while not b.script("return !!document.querySelector('#ck-start') && document.querySelectorAll('.expansion-on').length > 0"):
        check(time.time() < deadline, "the new-game form did not appear")
        time.sleep(0.1)


def person_game(server, **seed):
    """A new game of a person (seat 0) against the server's computer: its id and the person's token."""
    created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "computer"}],
                              expansions=["halflings", "little-buildings", "abbot"], **seed)
    token = created["seats"][0].get("token")
    check(token, "the person's seat has no token: %s" % created["seats"])
    return created["id"], token


def scenario_reconnect(cli, out, b, server):
    # The home page: a seed field only where the server takes one.
    page_loaded_home(b, server)
    info = server.ok("GET", "/api/info")
    seeds = info.get("seeds", True)  # a server from before "seeds" took a seed always
    check(b.script("return !!document.getElementById('ck-seed')") == seeds,
          "the form %s a seed while /api/info says seeds=%s" % ("offers" if not seeds else "does not offer", seeds))
    check_no_inline_script(b, "the home page")

    game, token = person_game(server)
    # Wait for the person's turn: the computer, if it starts, has moved.
    s = server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
    b.go(server.base + "/game/%s?token=%s" % (game, token))
    d = wait_for(b, "the game with its event stream open",
                 lambda d: d.get("stream") == "open" and int(d["version"]) == s["version"], timeout=30)
    check_no_inline_script(b, "the game page")
    check(b.script("return !!document.getElementById('ck-delete')"), "a seat's page offers no \"Delete this game\"")
    href = b.script("return document.getElementById('ck-download').getAttribute('href')")
    check(href.endswith("?token=" + token), "the download link does not carry the seat's key: %s" % href)
    before = int(d["version"])
    b.script("window.ckNotReloaded = true;")

    server.kill(signal.SIGKILL)
    killed = time.time()
    wait_for(b, "that the server is gone", lambda d: d.get("stream") == "reconnecting", timeout=10)
    check("reconnecting" in b.text("#ck-connection"), "the page does not say it is reconnecting: %r" % b.text("#ck-connection"))
    time.sleep(3)  # a few refused reconnects: the backoff grows

    with Server(cli, server.data, server.extra, port=server.port) as again:
        started = time.time()
        state = again.state(game, token)
        check(state["turn"] == s["turn"], "the restarted server is at turn %d, not %d" % (state["turn"], s["turn"]))
        # Moves for the person until the game's version (counted again from
        # the restart) passes the page's: the page can only show it from
        # the new server. The computer's moves follow on their own.
        moves = 0
        while state["version"] <= before:
            state = again.wait(game, token, lambda s: s["finished"] or (s["active"] == 0 and s["options"]))
            check(not state["finished"], "the game ended before the test could move")
            state = again.move(game, token, state["options"][0]["id"])
            moves += 1
        target = state["version"]
        d = wait_for(b, "the move made after the restart (version %d)" % target,
                     lambda d: d.get("stream") == "open" and int(d["version"]) >= target, timeout=20)
        shown = time.time()
        check(b.script("return window.ckNotReloaded === true"), "the page was reloaded")
        check(b.text("#ck-connection") == "", "the page still says %r once connected" % b.text("#ck-connection"))
        # Once the person is on turn again, the page is the API's state.
        state = again.wait(game, token, lambda s: s["finished"] or (s["active"] == 0 and s["options"]))
        d = wait_for(b, "the version %d" % state["version"], lambda d: int(d["version"]) == state["version"], timeout=20)
        if not state["finished"]:
            page = sorted(o["id"] for o in options_on_page(b) if o["kind"] != "hand-tile")
            api = sorted(o["id"] for o in state["options"] if o["kind"] != "hand-tile")
            check(page == api, "after the reconnect the page's options are not the API's")
        print("reconnect: killed at version %d; the page reconnected %.1f s after the restart (%.1f s after the kill), "
              "%d move(s) through the API, the page at version %s without a reload"
              % (before, shown - started, shown - killed, moves, d["version"]))


# The board's view in the picture's units: its viewBox, and the point of
# the picture under a point of the screen (the picture's own matrix).
VIEW_BOX = "return document.querySelector('#ck-board svg.ck-board').getAttribute('viewBox').split(' ').map(Number)"
UNDER = """const svg = document.querySelector('#ck-board svg.ck-board');
const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
const q = p.matrixTransform(svg.getScreenCTM().inverse()); return [q.x, q.y];"""
BOX = "const r = document.getElementById('ck-board-box').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"


def same_view(a, b):
    """Two viewBoxes equal but for the axes' text, whose measured box moves
    by a fraction of a unit with the zoom it was measured at."""
    return all(abs(p - q) <= 0.01 * max(a[2], a[3]) for p, q in zip(a, b))


def scenario_view(cli, out, b, server):
    """The board view at the desktop size: "fit" shows the board (not the
    legend below it) and works again after a zoom; the wheel zooms about the
    cursor; a drag that leaves every place to play outside the view shows a
    marker that brings them back."""
    game, token = person_game(server)
    server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
    b.go(server.base + "/game/%s?token=%s" % (game, token))
    d = wait_for(b, "the person's turn", lambda d: d["activeSeat"] == "0" and options_on_page(b), timeout=30)
    # Halflings' tile step first (draw, or a triangle from the hand): draw,
    # and wait for the page of the drawn tile, whose places the board offers.
    if b.script("return !!document.querySelector(\"#ck-side [data-kind='draw']\")"):
        version = int(d["version"])
        b.click("#ck-side [data-kind='draw']")
        wait_for(b, "the drawn tile's page", lambda d: int(d["version"]) > version, timeout=30)
    wait_for(b, "places on the board", lambda d: b.script("return document.querySelectorAll('#ck-board g.option').length > 0"),
             timeout=30)
    fitted = b.script(VIEW_BOX)
    picture = [float(v) for v in b.script("return document.querySelector('#ck-board svg.ck-board').dataset.picture").split()]
    # The legend (a long row below the board, in the picture's units).
    legend = b.script("""const g = document.querySelector('#ck-board svg g.legend'), b = g.getBBox(),
        m = g.transform.baseVal.consolidate().matrix; return [b.x + m.e, b.y + m.f, b.width, b.height];""")
    check(fitted[1] + fitted[3] < legend[1] + legend[3] / 2 or fitted[0] + fitted[2] < legend[0] + legend[2],
          "fit takes in the legend: view %s, legend %s" % (fitted, legend))
    check(fitted[2] < picture[2] or fitted[3] < picture[3], "fit is the whole picture %s" % picture)
    # Zoom with the buttons, then "fit": back to the board.
    for _ in range(3):
        b.click("#ck-zoom button[title='zoom in']")
    check(b.script(VIEW_BOX) != fitted, "zooming in did not change the view")
    b.click("#ck-fit")
    check(same_view(b.script(VIEW_BOX), fitted), "fit after a zoom gave %s, not %s" % (b.script(VIEW_BOX), fitted))
    # The wheel at a point off the middle: the picture's point under it stays.
    left, top, width, height = b.script(BOX)
    x, y = left + width * 0.8, top + height * 0.3
    before = b.script(UNDER, x, y)
    b.script("document.getElementById('ck-board-box').dispatchEvent(new WheelEvent('wheel', "
             "{clientX: arguments[0], clientY: arguments[1], deltaY: -100, bubbles: true, cancelable: true}))", x, y)
    after = b.script(UNDER, x, y)
    check(b.script(VIEW_BOX)[2] < fitted[2], "the wheel did not zoom in")
    check(abs(before[0] - after[0]) < 0.5 and abs(before[1] - after[1]) < 0.5,
          "the wheel zoom moved the point under the cursor from %s to %s" % (before, after))
    b.click("#ck-fit")
    check(b.script("return document.getElementById('ck-offscreen').hidden"), "the off-screen marker shows on a fitted board")
    # Drag the board far away: the places to play leave the view.
    b.script("""const box = document.getElementById('ck-board-box'), r = box.getBoundingClientRect();
const at = (type, dx) => new PointerEvent(type, {clientX: r.left + r.width / 2 + dx, clientY: r.top + r.height / 2,
  button: 0, isPrimary: true, bubbles: true});
box.dispatchEvent(at('pointerdown', 0)); window.dispatchEvent(at('pointermove', 20));
window.dispatchEvent(at('pointermove', 5 * r.width)); window.dispatchEvent(at('pointerup', 5 * r.width));""")
    check(not b.script("return document.getElementById('ck-offscreen').hidden"),
          "no marker with every place to play off-screen (view %s, fitted %s)" % (b.script(VIEW_BOX), fitted))
    arrow = b.text("#ck-offscreen span")
    check(arrow in "→↗↘", "the marker points %r, not to the right where the drag took the board" % arrow)
    b.click("#ck-offscreen")
    check(same_view(b.script(VIEW_BOX), fitted), "the marker did not bring the board back: %s" % b.script(VIEW_BOX))
    check(b.script("return document.getElementById('ck-offscreen').hidden"), "the marker stays after fitting")
    pinched = check_pinch(b, server, game, token)
    b.click("#ck-fit")
    keyboard = play_a_turn_by_keyboard(b, server, game, token)
    print("view: fit %s (picture %s, legend %s); the wheel kept the point under the cursor within %.2f; "
          "the marker pointed %s; %s; by keyboard alone: %s" % (fitted, picture, legend, max(abs(before[0] - after[0]), abs(before[1] - after[1])), arrow, pinched, keyboard))


# Two fingers on the board (touch pointer events, as a touch screen sends
# them): down 100 px apart about a point, then spread to 200 px apart with
# their middle moved by (30, 20); returns [the board's point under the
# first middle before, under the last middle after].
PINCH = """const box = document.getElementById('ck-board-box'), r = box.getBoundingClientRect();
const cx = r.left + r.width * 0.6, cy = r.top + r.height * 0.4;
const svg = document.querySelector('#ck-board svg.ck-board');
const under = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; const q = p.matrixTransform(svg.getScreenCTM().inverse()); return [q.x, q.y]; };
const finger = (type, id, x, y, target) => (target || window).dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch',
  isPrimary: id === 1, button: 0, clientX: x, clientY: y, bubbles: true}));
const before = under(cx, cy);
finger('pointerdown', 1, cx - 50, cy, box); finger('pointerdown', 2, cx + 50, cy, box);
for (let k = 1; k <= 5; ++k) { const d = 50 + 10 * k, mx = cx + 6 * k, my = cy + 4 * k;
  finger('pointermove', 1, mx - d, my); finger('pointermove', 2, mx + d, my); }
finger('pointerup', 2, cx + 30 + 100, cy + 20); finger('pointerup', 1, cx + 30 - 100, cy + 20);
return [before, under(cx + 30, cy + 20)];"""


def check_pinch(b, server, game, token):
    """A pinch on a touch screen zooms the board: the fingers spread to
    twice their distance halve the view's width, the board's point between
    them stays between them as they move, and nothing is played."""
    version = server.state(game, token)["version"]
    width = b.script(VIEW_BOX)[2]
    before, after = b.script(PINCH)
    zoomed = b.script(VIEW_BOX)[2]
    check(abs(zoomed - width / 2) < 0.01 * width, "a pinch spreading the fingers twice as far gave the width %.1f from %.1f" % (zoomed, width))
    check(abs(before[0] - after[0]) < 0.5 and abs(before[1] - after[1]) < 0.5,
          "the board's point between the fingers moved from %s to %s" % (before, after))
    check(server.state(game, token)["version"] == version and not b.script("return !!document.querySelector('[data-pending]')"),
          "a pinch played or chose something")
    return "a pinch zoomed %.0f to %.0f wide about the point between the fingers" % (width, zoomed)


FOCUSED = """const e = document.activeElement;
return e && e.dataset && e.dataset.optionId ? {id: e.dataset.optionId, kind: e.dataset.kind, board: !!e.closest('#ck-board')} : null;"""


def focus_by_tab(b, want, limit=300):
    """Tab until an option that `want(focused)` accepts has the focus."""
    for _ in range(limit):
        b.key("Tab")
        f = b.script(FOCUSED)
        if f and want(f):
            return f
    raise Failure("%d presses of Tab reached no such option" % limit)


def play_a_turn_by_keyboard(b, server, game, token):
    """The keyboard alone, on the person's tile turn: R turns the tile, the
    arrows pan, Tab reaches a place on the board, Enter shows the tile there
    and a second Enter confirms it; then Tab reaches a follower's place and
    Enter, Enter puts it there."""
    before = b.script(VIEW_BOX)
    b.key("ArrowRight")
    check(b.script(VIEW_BOX)[0] > before[0], "the right arrow did not pan the board")
    b.key("0")
    rotation = b.text("#ck-rotation")
    b.key("r")
    turns = {o["rotation"] for o in server.state(game, token)["options"] if o["kind"] == "tile"}
    check(b.text("#ck-rotation") != rotation or len(turns) < 2,
          "R did not turn the tile (%r; %d turns fit)" % (rotation, len(turns)))
    d = dataset(b)
    version, turn = int(d["version"]), int(d["turn"])
    tile = focus_by_tab(b, lambda f: f["board"] and f["kind"] == "tile")
    b.key("Enter")  # shows the tile there; the second Enter confirms it
    check(b.script("return document.activeElement.id") == "ck-confirm" and int(dataset(b)["version"]) == version,
          "Enter on a place did not wait for its confirm")
    b.key("Enter")
    d = wait_for(b, "the tile placed by Enter", lambda d: int(d["version"]) > version, timeout=30)
    s = server.state(game, token)
    check(s["phase"] == "figure" and s["turn"] == turn,
          "after Enter on %s the game is in phase %s of turn %d" % (tile, s["phase"], s["turn"]))
    kinds = {o["kind"] for o in s["options"]}
    check("figure" in kinds, "the tile placed by keyboard offers no follower: %s" % sorted(kinds))
    version = int(d["version"])
    figure = focus_by_tab(b, lambda f: f["board"] and f["kind"] == "figure")
    b.key("Enter")
    b.key("Enter")
    wait_for(b, "the follower placed by Enter", lambda d: int(d["version"]) > version, timeout=30)
    lines = [l["text"] for l in server.state(game, token)["log"] if l["turn"] == turn and l["player"] == 0]
    check(any(t.startswith("placed ") for t in lines) and any(t.startswith("follower ") for t in lines),
          "turn %d's log is not a tile and a follower: %s" % (turn, lines))
    return "tile %s, follower %s (%s)" % (tile["id"], figure["id"], "; ".join(lines))


ESCAPE = "\ue00c"  # WebDriver's code for the Escape key
# POSTs the page sends, counted in the page (fetch is all it sends them with).
COUNT_POSTS = """if (!window.ckPosts) { window.ckPosts = []; const f = window.fetch;
  window.fetch = (url, o) => { if (o && o.method === 'POST') window.ckPosts.push(String(url)); return f(url, o); }; }"""
PENDING = """const p = [...document.querySelectorAll('#ck-board g.option[data-pending]')];
const box = document.getElementById('ck-pending');
return {ids: p.map(g => g.dataset.optionId), shown: !!box && !box.hidden && !!document.getElementById('ck-confirm'),
        opacity: p.map(g => Number(getComputedStyle(g).opacity)),
        others: [...document.querySelectorAll('#ck-board g.option:not([data-pending]):not(.hidden)')].map(g => Number(getComputedStyle(g).opacity)),
        rotation: document.getElementById('ck-rotation') ? document.getElementById('ck-rotation').textContent : null};"""


def scenario_confirm(cli, out, b, server):
    """Confirm before commit: clicking a place shows the tile there and
    sends nothing; Undo and Escape take it back; R turns it in place;
    another place moves it; Enter confirms, and the tile lies where it was
    shown. Then a follower: clicked, shown, confirmed with the button.
    The seed gives a first tile with several places and turns."""
    game, token = person_game(server, seed=5)
    server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
    b.go(server.base + "/game/%s?token=%s" % (game, token))
    d = wait_for(b, "the person's turn", lambda d: d["activeSeat"] == "0" and options_on_page(b), timeout=30)
    if b.script("return !!document.querySelector(\"#ck-side [data-kind='draw']\")"):  # Halflings: draw first
        version = int(d["version"])
        b.click("#ck-side [data-kind='draw']")
        wait_for(b, "the drawn tile's page", lambda d: int(d["version"]) > version, timeout=30)
    wait_for(b, "places on the board", lambda d: b.script("return document.querySelectorAll('#ck-board g.option.placement').length > 0"),
             timeout=30)
    b.script(COUNT_POSTS)
    d = dataset(b)
    version, turn = int(d["version"]), int(d["turn"])
    state = server.state(game, token)
    tiles = [o for o in state["options"] if o["kind"] == "tile"]
    # A place where the tile fits in more than one turn, if there is one (R is tried there).
    spots = {}
    for o in tiles:
        spots.setdefault((o["x"], o["y"], o.get("corner")), []).append(o)
    spot = max(spots.values(), key=len)
    # Show the rotation of the first option there, then click it.
    first = spot[0]
    clicker = Clicker(b, out)
    while b.text("#ck-rotation") != "R%d" % first["rotation"]:
        b.click("#ck-side .tile-preview button[title^='turn right']")
    clicker.press("#ck-board g.option.placement[data-option-id='%s']" % first["id"])
    time.sleep(0.5)  # time for a move to reach the server, were one sent
    p = b.script(PENDING)
    check(p["ids"] == [first["id"]] and p["shown"], "clicking a place did not show it for a confirm: %s" % p)
    check(len(spot) > 1 and len([o for o in tiles if o["rotation"] == first["rotation"]]) > 1,
          "seed 5 no longer gives a first tile with several places and turns: %s" % tiles)
    check(p["opacity"] == [1] and p["others"] and max(p["others"]) < 0.5,
          "the chosen place is not the one drawn at full strength: %s" % p)
    check(b.script("return window.ckPosts") == [] and server.state(game, token)["version"] == version,
          "clicking a place sent a move before its confirm")
    b.click("#ck-undo")
    p = b.script(PENDING)
    check(not p["ids"] and not p["shown"], "Undo left the tile shown: %s" % p)
    clicker.press("#ck-board g.option.placement[data-option-id='%s']" % first["id"])
    check(b.script(PENDING)["ids"] == [first["id"]], "a second click did not show the tile again")
    b.key(ESCAPE)
    check(not b.script(PENDING)["ids"], "Escape left the tile shown")
    # R turns the shown tile in place: another option at the same place.
    clicker.press("#ck-board g.option.placement[data-option-id='%s']" % first["id"])
    chosen = first
    if len(spot) > 1:
        b.key("r")
        p = b.script(PENDING)
        chosen = next((o for o in spot if o["id"] in p["ids"]), None)
        check(chosen and chosen["id"] != first["id"] and p["rotation"] == "R%d" % chosen["rotation"],
              "R did not turn the shown tile in place: %s (options there %s)" % (p, [o["id"] for o in spot]))
    # Another place, at the rotation shown, moves it there.
    elsewhere = [o for o in tiles if (o["x"], o["y"], o.get("corner")) != (first["x"], first["y"], first.get("corner"))
                 and o["rotation"] == chosen["rotation"]]
    if elsewhere:
        clicker.press("#ck-board g.option.placement[data-option-id='%s']" % elsewhere[0]["id"])
        chosen = elsewhere[0]
        check(b.script(PENDING)["ids"] == [chosen["id"]], "clicking another place did not move the shown tile there")
    check(b.script("return window.ckPosts") == [] and server.state(game, token)["version"] == version,
          "a move was sent before the confirm")
    b.key("Enter")
    wait_for(b, "the tile confirmed by Enter", lambda d: int(d["version"]) > version, timeout=30)
    check(len(b.script("return window.ckPosts")) == 1, "the confirm sent %s" % b.script("return window.ckPosts"))
    s = server.state(game, token)
    placed = [t for t in s["board"] if t["x"] == chosen["x"] and t["y"] == chosen["y"] and t.get("corner") == chosen.get("corner")]
    check(s["phase"] == "figure" and placed and placed[0]["rotation"] == chosen["rotation"],
          "the tile is not where and as it was shown (%s): phase %s, there %s" % (chosen, s["phase"], placed))
    # The figure step: a follower shown, then confirmed with the button.
    figures = [o for o in s["options"] if o["kind"] == "figure"]
    check(figures, "the placed tile offers no follower")
    version = s["version"]
    wait_for(b, "the figure step", lambda d: int(d["version"]) == version)
    clicker.press("#ck-board g.option.figure[data-option-id='%s']" % figures[0]["id"])
    time.sleep(0.5)
    p = b.script(PENDING)
    check(p["ids"] == [figures[0]["id"]] and p["shown"], "clicking a follower did not show it for a confirm: %s" % p)
    check(len(b.script("return window.ckPosts")) == 1 and server.state(game, token)["version"] == version,
          "clicking a follower sent a move before its confirm")
    b.click("#ck-confirm")
    wait_for(b, "the follower confirmed", lambda d: int(d["version"]) > version, timeout=30)
    s = server.state(game, token)
    lines = [l["text"] for l in s["log"] if l["turn"] == turn and l["player"] == 0]
    check(any(t.startswith("follower ") for t in lines), "turn %d's log has no follower: %s" % (turn, lines))
    print("confirm: the tile shown at (%d,%d) R%d, taken back by Undo and Escape,%s%s sent by Enter alone; "
          "a follower shown and confirmed: %s"
          % (chosen["x"], chosen["y"], chosen["rotation"], " turned in place by R," if len(spot) > 1 else "",
             " moved by another click," if elsewhere else "", "; ".join(lines)))


# The middle of each tile's space on the page's board, from the tiles the
# server drew (a square tile's translate is its space's top left corner).
TILE_CENTRES = """const out = {};
for (const g of document.querySelectorAll('#ck-board g.tile:not([data-corner])')) {
  const m = g.getAttribute('transform').match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/);
  out[g.dataset.x + ',' + g.dataset.y] = [Number(m[1]) + 32, Number(m[2]) + 32];
}
return out;"""


def scenario_dragon(cli, out, b, server):
    """The Princess & the Dragon against a greedy computer, played through
    the API; the page is opened at the first state of each kind: the last
    turn's dragon path drawn on the board through the middle of each space
    it crossed (from where it stood); its points shown on their features as
    "+N" for a moment, then gone; and a dragon step the person chooses,
    offered on the board as a place to click, whose click moves the dragon
    there."""
    created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "computer"}],
                              expansions=["princess-and-dragon"], seed=5)
    game, token = created["id"], created["seats"][0]["token"]
    seen, page_open = {}, False
    while len(seen) < 5:
        if page_open:  # left before the API plays: it would play an only step of its own
            b.go(server.base + "/")
            page_open = False
        s = server.wait(game, token, lambda s: s["finished"] or (s["active"] == 0 and s["options"]))
        check(not s["finished"], "the game ended before a path, points and a dragon step were seen (seen: %s)" % sorted(seen))
        m = s["last_move"] or {}
        path = next((p for p in m.get("paths", []) if len(p["places"]) >= 2), None)
        points = [p for p in m.get("points", []) if p["places"] and p["points"]]
        moves = [o for o in s["options"] if o["kind"] == "move"]
        # An action of no token at a place: the princess's.
        actions = [o for o in s["options"] if o["kind"] == "building" and not o.get("token") and "x" in o]
        forced = moves if len(s["options"]) == 1 and len(moves) == 1 else []
        if ((path and "path" not in seen) or (points and "points" not in seen) or (moves and "move" not in seen)
                or (actions and "action" not in seen) or (forced and "forced" not in seen)):
            b.go(server.base + "/game/%s?token=%s" % (game, token))
            page_open = True
            wait_for(b, "the page of version %d" % s["version"], lambda d: int(d["version"]) == s["version"], timeout=30)
            centres = b.script(TILE_CENTRES)
            check_targets_apart(b, s["turn"])
            if path and "path" not in seen:
                drawn = b.script("""const g = document.querySelector('#ck-board g.last-path');
                    return g ? [g.dataset.lastMove, g.dataset.figure, g.querySelector('polyline').getAttribute('points')] : null;""")
                check(drawn, "turn %d: no path drawn for %s" % (s["turn"], path))
                want = [centres["%d,%d" % (p["x"], p["y"])] for p in path["places"]]
                got = [[float(v) for v in pt.split(",")] for pt in drawn[2].split()]
                check(drawn[0] == str(m["seat"]) and drawn[1] == path["name"] and len(got) == len(want)
                      and all(abs(g[0] - w[0]) < 0.5 and abs(g[1] - w[1]) < 0.5 for g, w in zip(got, want)),
                      "turn %d: the path drawn %s is not through the spaces %s (centres %s)" % (s["turn"], drawn, path["places"], want))
                b.screenshot(os.path.join(out, "dragon-path.png"))
                seen["path"] = "%d spaces" % len(got)
            if points and "points" not in seen:
                flashes = b.script("""return [...document.querySelectorAll('#ck-board .points-flash')].map(t =>
                    [t.textContent, Number(t.getAttribute('x')), Number(t.getAttribute('y')), Number(getComputedStyle(t).opacity)]);""")
                check(len(flashes) == len(points), "turn %d: %d points flashed for %s" % (s["turn"], len(flashes), points))
                for p, f in zip(points, flashes):
                    boxes = [centres.get("%d,%d" % (q["x"], q["y"])) for q in p["places"]]
                    boxes = [c for c in boxes if c] or [[f[1], f[2]]]
                    inside = (min(c[0] for c in boxes) - 32 <= f[1] <= max(c[0] for c in boxes) + 32
                              and min(c[1] for c in boxes) - 32 <= f[2] <= max(c[1] for c in boxes) + 64)
                    check(f[0] == "+%d" % p["points"] and inside,
                          "turn %d: %s flashed at (%s,%s), not on the feature %s" % (s["turn"], f[0], f[1], f[2], p["places"]))
                deadline = time.time() + 8
                while b.script("return document.querySelectorAll('#ck-board .points-flash').length"):
                    check(time.time() < deadline, "turn %d: the points stay on the board" % s["turn"])
                    time.sleep(0.2)
                seen["points"] = ", ".join(f[0] for f in flashes)
            if forced and "forced" not in seen:
                # One way to go: the page says so and plays it itself after a moment.
                where = "(%d,%d)" % (forced[0]["x"], forced[0]["y"])
                said = b.script("const e = document.getElementById('ck-forced'); return e ? e.textContent : null")
                check(said and where.replace("-", "−") in said, "turn %d: the page does not say the only step is to %s: %r" % (s["turn"], where, said))
                time.sleep(0.5)
                check(server.state(game, token)["version"] == s["version"], "turn %d: the only step was played at once, not after a moment" % s["turn"])
                wait_for(b, "the only step played by the page", lambda d: int(d["version"]) > s["version"], timeout=10)
                lines = [l["text"] for l in server.state(game, token)["log"] if l["turn"] == s["turn"] and l["player"] == 0]
                check(lines and lines[-1].endswith("to " + where), "turn %d: the page's step left the log %s" % (s["turn"], lines))
                seen["forced"] = where
                continue
            if actions and "action" not in seen:
                on_board = b.script("""return [...document.querySelectorAll("#ck-board g.option.action")].map(g => g.dataset.optionId)""")
                check(sorted(on_board) == sorted(o["id"] for o in actions),
                      "turn %d: the board offers the actions %s, the API %s" % (s["turn"], on_board, actions))
                before = len(s["log"])
                clicker = Clicker(b, out)
                clicker.click("#ck-board g.option[data-option-id='%s']" % actions[0]["id"], s["version"], confirm=True)
                lines = [l["text"] for l in server.state(game, token)["log"][before:] if l["player"] == 0]
                check(lines, "turn %d: the action %r clicked on the board left no line in the log" % (s["turn"], actions[0]["label"]))
                seen["action"] = "%s: %s" % (actions[0]["label"], lines[0])
                continue
            if moves and "move" not in seen:
                on_board = b.script("""return [...document.querySelectorAll("#ck-board g.option[data-kind='move']")].map(g => g.dataset.optionId)""")
                check(sorted(on_board) == sorted(o["id"] for o in moves),
                      "turn %d: the board offers the steps %s, the API %s" % (s["turn"], on_board, [o["id"] for o in moves]))
                b.screenshot(os.path.join(out, "dragon-steps.png"))
                target = moves[-1]
                version = s["version"]
                Clicker(b, out).press("#ck-board g.option[data-option-id='%s']" % target["id"])
                wait_for(b, "the dragon's step", lambda d: int(d["version"]) > version, timeout=30)
                where = "(%d,%d)" % (target["x"], target["y"])
                # The computer may step on at once: the game's log says who chose which step.
                lines = [l["text"] for l in server.state(game, token)["log"] if l["turn"] == s["turn"] and l["player"] == 0]
                check(lines and lines[-1].endswith("the %s to %s" % (target["figure"], where)),
                      "turn %d: after clicking the step to %s the person's moves are %s" % (s["turn"], where, lines))
                seen["move"] = "to %s" % where
                continue
        # Through the API: the test's person plays the first choice.
        server.move(game, token, s["options"][0]["id"])
    print("dragon: the last turn's path drawn (%s), points flashed (%s) and gone, a step clicked on the board (%s), "
          "an action clicked on the board and confirmed (%s), the only step played by the page (to %s)"
          % (seen["path"], seen["points"], seen["move"], seen["action"], seen["forced"]))


TILES_SHOWN = """const box = document.querySelector('#ck-tiles-to-come .tile-kinds');
return box && Number(box.dataset.version) === arguments[0] ? Object.fromEntries([...box.querySelectorAll('.tile-kind')].map(e =>
  [e.dataset.tile, [Number(e.dataset.count), e.querySelector('span').textContent, !!e.querySelector('svg')]])) : null;"""


def tiles_shown(b, version):
    """The open list of tiles still to come, once it is the page's at `version`: {tile: count}."""
    deadline = time.time() + 20
    while True:
        wait_for(b, "version %d" % version, lambda d: int(d["version"]) >= version)
        shown = b.script(TILES_SHOWN, version)
        if shown and int(dataset(b)["version"]) == version:
            for tile, (n, text, picture) in shown.items():
                check(text == "×%d" % n and picture, "the tile kind %s shows %r (picture: %s)" % (tile, text, picture))
            return {t: v[0] for t, v in shown.items()}
        check(time.time() < deadline, "the list of tiles to come did not show")
        time.sleep(0.1)


def scenario_tiles(cli, out, b, server):
    """The tiles still to come, by kind: opened on the person's tile turn,
    a picture and a count for each kind, adding up to the tiles left and
    waiting; kept open, at the person's next tile turn each kind is down by
    the tiles placed since (the computer's) and the person's new tile."""
    created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "computer"}], expansions=["abbot"])
    game, token = created["id"], created["seats"][0]["token"]
    s = server.wait(game, token, lambda s: s["active"] == 0 and s["phase"] == "tile")
    b.go(server.base + "/game/%s?token=%s" % (game, token))
    wait_for(b, "the person's tile", lambda d: int(d["version"]) == s["version"], timeout=30)
    b.click("#ck-tiles-to-come summary")
    first = tiles_shown(b, s["version"])
    check(sum(first.values()) == s["tiles_left"] + s["tiles_waiting"],
          "the kinds add up to %d tiles, the state has %d left and %d waiting" % (sum(first.values()), s["tiles_left"], s["tiles_waiting"]))
    mine = s["tile_to_place"]["tile"]
    # The person's turn through the API: the first place, then the first figure step choice.
    while True:
        t = server.state(game, token)
        if t["active"] != 0 or t["turn"] != s["turn"]:
            break
        server.move(game, token, t["options"][0]["id"])
    later = server.wait(game, token, lambda x: x["active"] == 0 and x["phase"] == "tile" and x["turn"] > s["turn"])
    placed = [t["tile"] for t in later["board"] if t["tile"] and (t["x"], t["y"]) not in {(u["x"], u["y"]) for u in s["board"]}]
    check(b.script("return document.getElementById('ck-tiles-to-come').open"), "the list closed by itself")
    shown = tiles_shown(b, later["version"])
    want = dict(first)
    check(mine in placed, "the person's tile %s is not among those placed %s" % (mine, placed))
    placed.remove(mine)  # out of the list from the start: it was the person's to place
    for tile in placed + [later["tile_to_place"]["tile"]]:
        want[tile] -= 1
    want = {k: v for k, v in want.items() if v}
    check(shown == want, "after the computer's %s and the person's new %s the list is %s, not %s"
          % (placed, later["tile_to_place"]["tile"], shown, want))
    print("tiles: %d tiles of %d kinds to come, then %d: down by the computer's tile and the person's new one"
          % (sum(first.values()), len(first), sum(shown.values())))


def scenario_delete(cli, out, b, server):
    game, token = person_game(server)
    server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
    with Browser(out) as watcher:
        watcher.go(server.base + "/game/%s" % game)
        wait_for(watcher, "the spectator's page", lambda d: d.get("stream") == "open")
        check(not watcher.script("return !!document.getElementById('ck-delete')"), "a spectator's page offers to delete the game")
        b.go(server.base + "/game/%s?token=%s" % (game, token))
        wait_for(b, "the seat's page", lambda d: d.get("stream") == "open" and d.get("seat") == "0")
        # A refused confirm() deletes nothing.
        b.script("window.confirm = () => false;")
        b.click("#ck-delete")
        time.sleep(0.5)
        check(server.call("GET", "/api/games/%s" % game)[0] == 200, "the game was deleted without the confirm")
        shown = b.text("#ck-status")
        b.script("window.confirm = () => true;")
        b.click("#ck-delete")
        deadline = time.time() + 20
        while True:
            # Both read at once: the home page may load between two reads.
            path, status = b.script("return [location.pathname, document.getElementById('ck-status').textContent]")
            # The event stream may report the game gone before the DELETE's
            # answer sends the page home: that is no answer yet.
            if path == "/" or (status != shown and status != "This game no longer exists"):
                break
            check(time.time() < deadline, "the page neither went home nor said why in 20 s")
            time.sleep(0.1)
        if path != "/" and "seeds" not in server.ok("GET", "/api/info"):
            # A server from before DELETE /api/games/{id}: the page says so.
            print("delete: this server has no DELETE /api/games/{id} yet; the page says: %s" % status)
            return
        check(path == "/", "the page stayed on the game: %s" % status)
        check(server.call("GET", "/api/games/%s" % game)[0] == 404, "the game is still in the API after its deletion")
        listed = [g["id"] for g in server.ok("GET", "/api/games")["games"]]
        check(game not in listed, "the list of games still holds the deleted game")
        # The spectator's page learns of it when its event stream ends (here:
        # the server restarts): it reads the game, finds it gone and says so
        # instead of reconnecting for ever.
        server.kill(signal.SIGKILL)
        with Server(cli, server.data, server.extra, port=server.port):
            deadline = time.time() + 30
            while "no longer exists" not in watcher.text("#ck-main"):
                check(time.time() < deadline, "the spectator's page did not say the game no longer exists")
                time.sleep(0.1)
        print("delete: a refused confirm kept the game; the seat's page deleted it and went home; "
              "after a restart the spectator's page says the game no longer exists")


def scenario_tile_set(cli, out, b, server):
    """The new-game form's tile set fits the expansions ticked, as the
    server chooses it for a request that names none: the 2nd edition with
    the abbot (its gardens), the 1st without; only the base game's packs
    are offered; a set the person picks stays."""
    page_loaded_home(b, server)
    offered = b.script("return [...document.querySelectorAll('#ck-tileset option')].map(o => o.value)")
    check(offered == ["basic:1", "basic:2"], "the form offers the tile sets %s, not the base game's two" % offered)
    check("edition" in b.text("#ck-tileset"), "the tile sets are not in words: %r" % b.text("#ck-tileset"))
    tick = """const on = new Set(arguments[0]);
for (const c of document.querySelectorAll('.expansion-on')) if (c.checked !== on.has(c.value)) c.click();
return document.getElementById('ck-tileset').value;"""
    every = b.script("return [...document.querySelectorAll('.expansion-on')].map(c => c.value)")
    for chosen in (every, ["cloisterkit.abbot"], ["cloisterkit.halflings", "cloisterkit.little-buildings"], [],
                   ["cloisterkit.inns-and-cathedrals", "cloisterkit.abbot"]):
        shown = b.script(tick, chosen)
        want = "basic:2" if "cloisterkit.abbot" in chosen else "basic:1"
        check(shown == want, "with %s ticked the form's tile set is %s, not %s" % (chosen, shown, want))
        # The server's own choice for a request that names no tile set.
        game = server.new_game([{"name": "Ada", "kind": "person"}], expansions=chosen)["id"]
        sets = server.ok("GET", "/api/games/%s/jcz" % game)["setup"]["sets"]
        check(want in sets, "the server chose %s for %s, the form %s" % (sets, chosen, shown))
    # A set the person picks is kept when the expansions change.
    b.script("const t = document.getElementById('ck-tileset'); t.value = 'basic:1'; t.dispatchEvent(new Event('change'));")
    check(b.script(tick, ["cloisterkit.abbot"]) == "basic:1", "the tile set the person chose was changed")
    print("tile-set: the form's tile set follows the abbot (basic:2) and agrees with the server's default")


def home_with_your_games(b, server):
    page_loaded_home(b, server)
    return b.script("""return [...document.querySelectorAll('#ck-your-games li[data-game]')].map(li => ({
        id: li.dataset.game, text: li.textContent,
        links: [...li.querySelectorAll('a')].map(a => [a.textContent, a.getAttribute('href')])}))""")


def scenario_your_games(cli, out, b, server):
    """A game's name and "your games": a game started from the form with a
    name is in the tab's title and the lists; its seat's link, and the link
    of a seat opened in this browser (another person's game), are on the
    home page after the page's address is lost; the link plays the seat;
    "forget" takes a game off the list for good; a game the server no
    longer has is said to be gone."""
    name = "Friday’s game"
    page_loaded_home(b, server)
    check(b.script("return !document.querySelector('#ck-your-games li')"), "a fresh browser lists games of its own")
    b.script("document.getElementById('ck-game-name').value = arguments[0];", name)
    b.click("#ck-start")
    wait_for(b, "the new game", lambda d: d.get("version"), timeout=30)
    url = b.script("return location.href")
    m = re.search(r"/game/([a-z0-9]+)\?token=([0-9a-f]+)$", url)
    check(m, "the form did not open the seat's page: %s" % url)
    mine, token = m.group(1), m.group(2)
    check(server.state(mine).get("name") == name, "the server does not have the game's name")
    deadline = time.time() + 10
    while name not in b.script("return document.title"):
        check(time.time() < deadline, "the tab's title %r does not name the game" % b.script("return document.title"))
        time.sleep(0.1)
    # Someone else's game, whose link this browser opened once.
    other = server.new_game([{"name": "Bea"}, {"name": "Cy"}], name="Two of us")
    cy = other["seats"][1]["token"]
    b.go(server.base + "/game/%s?token=%s" % (other["id"], cy))
    wait_for(b, "Cy's page", lambda d: d.get("seat") == "1", timeout=30)

    # The addresses are lost: the home page has both.
    listed = {g["id"]: g for g in home_with_your_games(b, server)}
    check(set(listed) == {mine, other["id"]}, "your games are %s, not the two opened here" % sorted(listed))
    check(name in listed[mine]["text"] and "Two of us" in listed[other["id"]]["text"],
          "your games do not give the games' names: %s" % [g["text"] for g in listed.values()])
    check(listed[mine]["links"] == [["play as You", "/game/%s?token=%s" % (mine, token)]],
          "the seat's link of the game made here is %s" % listed[mine]["links"])
    check(listed[other["id"]]["links"] == [["play as Cy", "/game/%s?token=%s" % (other["id"], cy)]],
          "the other game's links are %s: Cy's alone was opened here" % listed[other["id"]]["links"])
    row = b.script("return document.querySelector('tr[data-game=\"%s\"] td').textContent" % mine)
    check(row == name, "the list of the server's games shows %r, not the game's name" % row)

    # The link found again plays the seat.
    b.click("#ck-your-games li[data-game='%s'] a" % mine)
    wait_for(b, "the seat's page from the list", lambda d: d.get("seat") == "0", timeout=30)
    s = server.wait(mine, token, lambda s: s["active"] == 0 and s["options"])
    d = wait_for(b, "the seat's options", lambda d: int(d["version"]) == s["version"], timeout=30)
    check(options_on_page(b), "the seat's page found again offers no option")

    # Forgotten for good; a deleted game said gone.
    home_with_your_games(b, server)
    b.click("#ck-your-games li[data-game='%s'] button.forget" % other["id"])
    server.ok("DELETE", "/api/games/%s" % mine, token=token)
    listed = {g["id"]: g for g in home_with_your_games(b, server)}
    check(set(listed) == {mine}, "after forgetting one game, your games are %s" % sorted(listed))
    check("no longer on this server" in listed[mine]["text"] and not listed[mine]["links"],
          "a deleted game is listed as %r with links %s" % (listed[mine]["text"], listed[mine]["links"]))
    print("your-games: the named game in the title and both lists, its seat found again from the home page; "
          "a forgotten game gone, a deleted one said gone")


def same_position(a, b):
    keys = ("turn", "phase", "active", "board", "tile_to_place", "players")
    return all(a.get(k) == b.get(k) for k in keys) and sorted(o["label"] for o in a["options"]) == sorted(o["label"] for o in b["options"])


def scenario_undo(cli, out, b, server):
    """Taking a move back from the page: a person against the computer
    places a tile by clicking and confirming, then "Take back your last
    move" puts the game as it was (the server's state, the page's options);
    on a shared screen (#tokens= both seats) Ada's turn, played through the
    API, is taken back after Bea's curtain, the curtain for Ada then down;
    a page holding one of two persons' keys offers no such button."""
    clicker = Clicker(b, out)
    created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "computer"}],
                              expansions=["abbot"], seed=11)
    game, token = created["id"], created["seats"][0]["token"]
    before = server.wait(game, token, lambda s: s["active"] == 0 and s["phase"] == "tile" and s["options"])
    b.go(server.base + "/game/%s?token=%s" % (game, token))
    wait_for(b, "the person's tile turn", lambda d: int(d["version"]) == before["version"], timeout=30)
    check(not b.script("return !!document.getElementById('ck-take-back')"), "a take back offered before any move")
    tile = next(o for o in options_on_page(b) if o["kind"] == "tile")
    clicker.place(tile, before["version"])
    check(server.state(game, token)["phase"] == "figure", "the tile placed did not open the figure step")
    wait_for(b, "the take back button", lambda d: b.script("return !!document.getElementById('ck-take-back')"), timeout=10)
    check("your last move" in b.text("#ck-take-back"), "the button says %r" % b.text("#ck-take-back"))
    clicker.press("#ck-take-back")
    after = server.wait(game, token, lambda s: s["phase"] == "tile")
    check(same_position(after, before), "taken back from the page, the game is not as it was before the tile")
    wait_for(b, "the game taken back", lambda d: int(d["version"]) == after["version"], timeout=10)
    page = sorted(o["id"] for o in options_on_page(b) if o["kind"] != "hand-tile")
    check(page == sorted(o["id"] for o in after["options"] if o["kind"] != "hand-tile"),
          "after the take back the page's options are not the API's")

    # A shared screen: Ada's whole turn taken back after the curtain for Bea.
    created = server.new_game([{"name": "Ada"}, {"name": "Bea"}], expansions=["abbot"], seed=12)
    hot, (ada, bea) = created["id"], [x["token"] for x in created["seats"]]
    b.go(server.base + "/game/%s?token=%s" % (hot, bea))
    wait_for(b, "Bea's own page", lambda d: d.get("seat") == "1", timeout=30)
    b.go(server.base + "/game/%s#tokens=%s,%s" % (hot, ada, bea))
    start = server.state(hot, ada)
    wait_for(b, "the shared screen", lambda d: int(d["version"]) == start["version"], timeout=30)
    if b.script("return !!document.querySelector('[data-curtain]')"):
        b.click("[data-curtain]")
    s = start
    while s["active"] == 0:
        s = server.move(hot, ada, choose_first(s))
    wait_for(b, "Bea's turn", lambda d: d["activeSeat"] == "1", timeout=30)
    b.click("[data-curtain]")  # "I am Bea"
    check("Ada's last move" in b.text("#ck-take-back"), "the shared screen's button says %r" % b.text("#ck-take-back"))
    clicker.press("#ck-take-back")
    back = server.wait(hot, ada, lambda s: s["active"] == 0)
    check(back["phase"] == "figure", "the shared screen took back %s, not Ada's last step" % back["phase"])
    wait_for(b, "Ada on turn again", lambda d: d["activeSeat"] == "0", timeout=10)
    check(b.script("return !!document.querySelector('[data-curtain]')"), "no curtain before Ada's hand is shown again")
    # Bea's page alone (Ada's key not held) offers none.
    server.move(hot, ada, choose_first(back))
    b.go(server.base + "/game/%s?token=%s" % (hot, bea))
    state = server.state(hot, bea)
    check(state["undo"] == {"seat": 0}, "the server offers no undo: %s" % state["undo"])
    wait_for(b, "Bea's own page", lambda d: d.get("seat") == "1" and int(d["version"]) == state["version"], timeout=30)
    check(not b.script("return !!document.getElementById('ck-take-back')"), "a page with one person's key offers a take back")
    print("undo: a tile taken back from the page against the computer, Ada's step taken back on a shared screen "
          "behind the curtain; none offered without every person's key")


# Counts the notes the page starts (WebAudio oscillators), from now on.
COUNT_TONES = """window.ckTones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) { window.ckTones++; return start.apply(this, a); };"""


def scenario_sound(cli, out, b, server):
    """The turn notification: off by default, no note when the computer's
    move gives the person the turn; the toggle turned on sounds once (two
    notes made with WebAudio), is remembered over a reload, and then the
    person's next turn sounds once (not their own figure step, not the
    page's first picture)."""
    created = server.new_game([{"name": "Ada", "kind": "person"}, {"name": "Bot", "kind": "computer"}],
                              expansions=["abbot"], seed=13)
    game, token = created["id"], created["seats"][0]["token"]
    url = server.base + "/game/%s?token=%s" % (game, token)

    def next_turn():
        """Ada's whole turn through the API; the page once it shows her next one."""
        s = server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
        while s["active"] == 0 and not s["finished"]:
            s = server.move(game, token, choose_first(s))
        s = server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
        wait_for(b, "Ada's next turn", lambda d: int(d["version"]) == s["version"], timeout=30)
        time.sleep(0.5)  # a late note would come now

    s = server.wait(game, token, lambda s: s["active"] == 0 and s["options"])
    b.go(url)
    wait_for(b, "Ada's turn", lambda d: int(d["version"]) == s["version"], timeout=30)
    check(b.script("return document.getElementById('ck-sound').checked === false && localStorage.getItem('ck-sound') === null"),
          "the sound is on by default")
    b.script(COUNT_TONES)
    next_turn()
    check(b.script("return window.ckTones") == 0, "the sound, off, played %d notes" % b.script("return window.ckTones"))
    b.click("#ck-sound")
    check(b.script("return window.ckTones") == 2 and b.script("return localStorage.getItem('ck-sound')") == "on",
          "the toggle turned on played %d notes, stored %r" % (b.script("return window.ckTones"),
                                                               b.script("return localStorage.getItem('ck-sound')")))
    b.go(url)
    wait_for(b, "the page again", lambda d: d.get("stream") == "open", timeout=30)
    check(b.script("return document.getElementById('ck-sound').checked"), "the sound turned on was not remembered")
    b.script(COUNT_TONES)
    time.sleep(0.5)
    check(b.script("return window.ckTones") == 0, "the page's first picture sounded")
    next_turn()
    tones = b.script("return window.ckTones")
    check(tones == 2, "Ada's next turn played %d notes, not one chime of 2" % tones)
    print("sound: off by default and silent; on, one chime at the person's next turn, remembered over a reload")


def choose_first(state):
    return state["options"][0]["id"]


def scenario_seven_pages(cli, out, b, server):
    games = [person_game(server) for _ in range(7)]
    # A page that never gets a connection would hold b.go() for WebDriver's
    # five minutes: 20 s is a failure.
    b.s("POST", "/timeouts", {"pageLoad": 20000})
    started = time.time()
    for n, (game, token) in enumerate(games, 1):
        try:
            b.go(server.base + "/game/%s?token=%s" % (game, token))
        except Failure as e:
            raise Failure("game page %d of 7 did not load: %s" % (n, e))
        wait_for(b, "game page %d of 7 with its event stream open" % n,
                 lambda d: d.get("stream") == "open" and b.script("return location.pathname").endswith(game), timeout=20)
    print("seven-pages: seven game pages opened in one tab in %.1f s, the seventh with its event stream open"
          % (time.time() - started))


SCENARIOS = {"play": scenario_play, "phone": scenario_phone, "two-browsers": scenario_two_browsers,
             "reconnect": scenario_reconnect, "delete": scenario_delete, "seven-pages": scenario_seven_pages,
             "view": scenario_view, "confirm": scenario_confirm,
             "dragon": scenario_dragon, "tiles": scenario_tiles, "tile-set": scenario_tile_set,
             "your-games": scenario_your_games, "undo": scenario_undo, "sound": scenario_sound}
# A quick computer seat: the page, not the player's strength, is tested here.
SERVER_OPTIONS = {scenario_play: ["--computer", "greedy"],
                  scenario_reconnect: ["--computer", "greedy"], scenario_delete: ["--computer", "greedy"],
                  scenario_phone: ["--computer", "greedy"], scenario_seven_pages: ["--computer", "greedy"],
                  scenario_view: ["--computer", "greedy"], scenario_confirm: ["--computer", "greedy"],
                  scenario_dragon: ["--computer", "greedy"], scenario_tiles: ["--computer", "greedy"],
                  scenario_your_games: ["--computer", "greedy"], scenario_undo: ["--computer", "greedy"],
                  scenario_sound: ["--computer", "greedy"]}


def serve_has(cli, option):
    text = subprocess.run([cli, "serve", "--help"], capture_output=True, text=True, timeout=60).stdout
    return option in text


def run(scenario, cli, out):
    options = list(SERVER_OPTIONS.get(scenario, ["--computer", "mcts:playouts=100"]))
    # play and two-browsers choose their seed; a server that takes one only
    # when the operator allows it is told so.
    if scenario in (scenario_play, scenario_phone, scenario_two_browsers, scenario_dragon, scenario_confirm, scenario_undo, scenario_sound) and serve_has(cli, "--allow-seed"):
        options.append("--allow-seed")
    with Server(cli, os.path.join(out, "data"), options) as server, Browser(out) as b:
        scenario(cli, out, b, server)


if __name__ == "__main__":
    sys.exit(run_scenario("serve e2e", SCENARIOS, run))
