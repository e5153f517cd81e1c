#!/usr/bin/env python3
"""Compare JCZ's replay (run.sh --json output) with our host's --json output.
Usage: ./run.sh --json DIR/*.jcz > jcz.json; ./compare.py jcz.json   (looks for NAME.ours.json beside each save)

With The Princess & the Dragon the dragon's path is compared too: every step, per turn, as our
host played it (its NAME.ours.json `moves` of type "move", figure "dragon", and the save's
MOVE_NEUTRAL_FIGURE dragon.1 messages) and as JCloisterZone's engine moved it (the "dragon-moved"
items of its history and the strict path's NeutralFigureMoved events), and the places volcanoes
called it to (our volcano tiles, JCZ's moves without a player). A table per configuration and the
totals follow the per-game table."""
import json, sys, collections, os, re
rows = json.load(open(sys.argv[1]))
allok = True


def xy(p):
    return tuple(p) if p is not None else None


def dragon_check(r, ours, save):
    """None when the game has no dragon; else (same, reason)."""
    if "princess-and-dragon" not in ",".join(ours["expansions"]):
        return None
    our_turns = collections.OrderedDict()
    for m in ours["moves"]:
        if m.get("type") == "move" and m.get("figure") == "dragon":
            our_turns.setdefault(m["turn"], []).append(xy(m["at"]["position"]))
    our_flat = [p for ps in our_turns.values() for p in ps]
    save_flat = [xy(m["payload"]["to"]) for m in save["replay"]
                 if m["type"] == "MOVE_NEUTRAL_FIGURE" and "dragon" in m["payload"].get("figureId", "")]
    # A volcano calls the dragon only where the dragon plays (PD-18: the
    # element `dragon` switched off leaves volcanoes plain tiles).
    dragon_plays = "dragon" in save["setup"].get("elements", {})
    our_volc = [xy(m["at"]["position"]) for m in ours["moves"]
                if dragon_plays and m.get("type") == "tile" and re.search(r"\.v$", m["tile"])]
    jcz_turns = collections.OrderedDict((mv["turn"], [xy(p) for p in mv["steps"]]) for mv in r.get("engineDragonMoves", []))
    jcz_flat = [xy(p) for p in r.get("engineDragonPath", [])]
    strict_flat = [xy(p) for p in r.get("dragonPath", [])]
    jcz_volc = [xy(p) for p in r.get("dragonVolcanoes", [])]
    if our_flat != save_flat:
        return False, "our json and our save differ"
    # The moves in order, each its steps. Not by turn number: JCloisterZone
    # numbers each part of a builder's double turn as a turn of its own.
    if list(our_turns.values()) != list(jcz_turns.values()):
        ours_l, jcz_l = list(our_turns.items()), list(jcz_turns.items())
        for i in range(max(len(ours_l), len(jcz_l))):
            o = ours_l[i] if i < len(ours_l) else (None, None)
            j = jcz_l[i] if i < len(jcz_l) else (None, None)
            if o[1] != j[1]:
                return False, "dragon move %d: ours (turn %s) %s, jcz (turn %s) %s" % (i + 1, o[0], o[1], j[0], j[1])
    if jcz_flat != strict_flat:
        return False, "JCZ's engine and strict paths differ"
    if our_volc != jcz_volc:
        return False, "volcanoes: ours %s, jcz %s" % (our_volc, jcz_volc)
    return True, "%d steps in %d moves" % (len(our_flat), len(our_turns))


def as_jcz_events(entries):
    """Our score entries as JCloisterZone's events name them: Traders &
    Builders' goods bonus is one event "trade-goods" (its expression item
    names the good), and a pig's points are part of its field's event (the
    entry our BONUS_POINTS adds right after that field's)."""
    out = []
    for e in entries:
        e = dict(e)
        if e["name"].startswith("trade-goods."):
            e["name"] = "trade-goods"
        if e["name"] == "pigs":
            field = next((o for o in reversed(out) if o["player"] == e["player"] and o["name"] == "field"), None)
            if field is not None:
                field["points"] += e["points"]
                continue
        out.append(e)
    return out


games = []
pd_any = False
out = []
for r in rows:
    f = r["file"]
    ours = json.load(open(f[:-4] + ".ours.json"))
    save = json.load(open(f))
    our_scores = [p["points"] for p in ours["scores"]]
    jcz = r.get("engineScores")
    match = jcz == our_scores and r.get("strictScores") == our_scores and r["ok"]
    ret = sum(1 for m in save["replay"] if m["type"] == "RETURN_MEEPLE" and m["payload"].get("source") == "ABBOT_RETURN")
    ev_ours = collections.Counter((e["player"], e["points"], e["name"], e["final"]) for e in as_jcz_events(ours["score_entries"]))
    ev_jcz = collections.Counter((e["player"], e["points"], e["name"], e["final"]) for e in r.get("scoreEvents", []))
    evsame = not r["errors"] and ev_ours == ev_jcz
    evmatch = "n/a (replay stopped)" if r["errors"] else "yes" if ev_ours == ev_jcz else "no: ours-only %s, jcz-only %s" % (dict(ev_ours - ev_jcz), dict(ev_jcz - ev_ours))
    exps = ",".join(e.replace("cloisterkit.", "") for e in ours["expansions"])
    types = ",".join(sorted(set(ours["player_types"])))
    err = "; ".join(r["errors"])[:300] if r["errors"] else ""
    dc = dragon_check(r, ours, save)
    if dc is not None:
        pd_any = True
        match = match and dc[0]
    allok &= match
    sets = ",".join(sorted(save["setup"]["sets"]))
    games.append(dict(exps=exps, sets=sets, match=match, scores=jcz == our_scores and r.get("strictScores") == our_scores and r["ok"],
                      events=evsame, nevents=sum(ev_jcz.values()), dragon=dc, counts={k: r.get(k, 0) for k in
                      ("dragonSteps", "fairyMoves", "princessReturns", "portalPlacements", "abbotReturns", "bigFollowerDeployments")}))
    cells = [os.path.basename(f), str(len(our_scores)), exps, types, str(our_scores), str(jcz), 'yes' if match else 'NO',
             'yes (%d)' % ret if ret else 'no', evmatch]
    if dc is not None or pd_any:
        cells += ["" if dc is None else ("yes (%s)" % dc[1] if dc[0] else "NO: " + dc[1])] + \
                 [str(r.get(k, "")) for k in ("dragonSteps", "fairyMoves", "princessReturns", "portalPlacements")]
    cells.append(err)
    out.append(cells)

head = ["save", "players", "expansions", "player types", "our scores", "JCZ scores", "match",
        "abbot taken back (RETURN_MEEPLE ABBOT_RETURN)", "score events match"]
if pd_any:
    head += ["same dragon path", "dragon steps", "fairy moves", "princess returns", "portal placements"]
head.append("JCZ error")
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for cells in out:
    if pd_any and len(cells) < len(head):
        cells = cells[:-1] + [""] * 5 + cells[-1:]
    print("| " + " | ".join(cells) + " |")

# per configuration
print()
conf = collections.OrderedDict()
for g in games:
    conf.setdefault((g["exps"], g["sets"]), []).append(g)
h2 = ["expansions (tile sets)", "games", "same final scores", "same score events"]
if pd_any:
    h2 += ["same dragon paths", "dragon steps", "fairy moves", "princess returns", "portal placements"]
print("| " + " | ".join(h2) + " |")
print("|" + "---|" * len(h2))


def line(label, gs):
    c = [label, str(len(gs)), str(sum(g["scores"] for g in gs)), str(sum(g["events"] for g in gs))]
    if pd_any:
        c += [str(sum(1 for g in gs if g["dragon"] and g["dragon"][0]))] + \
             [str(sum(g["counts"][k] for g in gs)) for k in ("dragonSteps", "fairyMoves", "princessReturns", "portalPlacements")]
    print("| " + " | ".join(c) + " |")


for (e, s), gs in conf.items():
    line("%s (%s)" % (e, s), gs)
line("**all**", games)
print()
print("%d games, %d matching in every respect; %d score events in JCZ" % (len(games), sum(g["match"] for g in games), sum(g["nevents"] for g in games)))
sys.exit(0 if allok else 1)
