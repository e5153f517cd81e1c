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
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import Failure, check  # noqa: E402
import checks  # noqa: E402
from webdriver import Browser  # noqa: E402

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

    with Browser(args.out) as wd:
        wd.go("file://" + page)

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
    print("e2e: %d checks of the page in headless Chromium against the game (%d turns); screenshot %s"
          % (checks.checks, turns, os.path.join(args.out, "page.png")))


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        print("e2e: FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
