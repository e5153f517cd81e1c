#!/usr/bin/env python3
"""Each shipped expansion's time per game against the base game (issue #44's
goal: at most 3x), as docs/performance.md reports it.

    python3 bench/expansion_ratios.py --cli build/bin/cloisterkit [--rounds 3]

Every set plays `simulate --games N --seed 1 --expansions SET --json` (N =
20,000 for the base game, 4,000 for one expansion, 1,500 for all), the sets
interleaved round after round so that the machine's drifts touch them all
alike; the median games per CPU second of each set gives its ratio. A
benchmark, not a test: the figures are only as steady as the machine.
"""
import argparse
import json
import statistics
import subprocess


def games_per_cpu_second(cli, expansions, games):
    out = subprocess.run([cli, "simulate", "--games", str(games), "--seed", "1", "--expansions", expansions, "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["games_per_cpu_second"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the cloisterkit program")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    listing = json.loads(subprocess.run([args.cli, "plugins", "--json"], check=True, capture_output=True,
                                        text=True).stdout)
    expansions = sorted(e["short_name"] for m in listing["modules"] for e in m.get("expansions", []))
    sets = ["none"] + expansions + ["all"]
    rates = {s: [] for s in sets}
    for _ in range(args.rounds):
        for s in sets:
            games = 20000 if s == "none" else 1500 if s == "all" else 4000
            rates[s].append(games_per_cpu_second(args.cli, s, games))
    base = statistics.median(rates["none"])
    print(f"{'expansions':24} {'games/CPU s':>12} {'vs base':>8}")
    for s in sets:
        median = statistics.median(rates[s])
        print(f"{s:24} {median:12,.0f} {base / median:7.1f}x")


if __name__ == "__main__":
    main()
