#!/usr/bin/env python3
"""Compare JCZ's replay (run.sh --json output) with our host's --json output.
Usage: ./run.sh --json DIR/*.jcz > jcz.json; ./compare.py jcz.json   (looks for NAME.ours.json beside each save)"""
import json, sys, collections, os
rows = json.load(open(sys.argv[1]))
allok = True
print("| save | players | expansions | player types | our scores | JCZ scores | match | abbot taken back (RETURN_MEEPLE ABBOT_RETURN) | score events match | JCZ error |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    f = r["file"]
    ours = json.load(open(f[:-4] + ".ours.json"))
    save = json.load(open(f))
    our_scores = [p["points"] for p in ours["scores"]]
    jcz = r.get("engineScores")
    match = jcz == our_scores and r.get("strictScores") == our_scores and r["ok"]
    allok &= match
    ret = sum(1 for m in save["replay"] if m["type"] == "RETURN_MEEPLE" and m["payload"].get("source") == "ABBOT_RETURN")
    ev_ours = collections.Counter((e["player"], e["points"], e["name"], e["final"]) for e in ours["score_entries"])
    ev_jcz = collections.Counter((e["player"], e["points"], e["name"], e["final"]) for e in r.get("scoreEvents", []))
    evmatch = "n/a (replay stopped)" if r["errors"] else "yes" if ev_ours == ev_jcz else "no: ours-only %s, jcz-only %s" % (dict(ev_ours - ev_jcz), dict(ev_jcz - ev_ours))
    exps = ",".join(e.replace("cloisterkit.", "") for e in ours["expansions"])
    types = ",".join(sorted(set(ours["player_types"])))
    err = "; ".join(r["errors"])[:300] if r["errors"] else ""
    print(f"| {os.path.basename(f)} | {len(our_scores)} | {exps} | {types} | {our_scores} | {jcz} | {'yes' if match else 'NO'} | {'yes (%d)' % ret if ret else 'no'} | {evmatch} | {err} |")
sys.exit(0 if allok else 1)
