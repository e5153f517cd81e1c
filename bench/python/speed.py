#!/usr/bin/env python3
"""The Python package's speed (docs/performance.md, "Python"), in one run:

1. games per second driven step by step from Python, each choice uniform
   at random (random.randrange over Game.option_count), all expansions;
2. cloisterkit.simulate from Python against `cloisterkit simulate`, the
   same games (random players, all expansions) on one thread;
3. cloisterkit.dask.simulate on 2 local worker processes against 1;
4. with --wingedsheep DIR (a checkout of github.com/wingedsheep/carcassonne,
   whose engine needs python3-pil and python3-tk; not part of this
   project), that engine's games per second driven the same way
   (random.choice over get_possible_actions()), base game with farmers,
   against ours on the base game alone.

Each measure is repeated and the median quoted; ratios come from the same
run. Usage (after a build): PYTHONPATH=build/python python3
bench/python/speed.py --cli build/bin/cloisterkit [--repeat 5]
"""

import argparse
import json
import random
import statistics
import subprocess
import time

import cloisterkit

ALL = ["halflings", "little-buildings", "abbot"]


def stepped(games, players, seed):
    rng = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        game = cloisterkit.Game(players=players, expansions=ALL, seed=seed + g)
        while not game.finished:
            game.play(rng.randrange(game.option_count))
    return games / (time.perf_counter() - start)


def stepped_base(games, players, seed):
    """As `stepped`, on the base game alone (what the other engine plays)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        game = cloisterkit.Game(players=players, seed=seed + g)
        while not game.finished:
            game.play(rng.randrange(game.option_count))
    return games / (time.perf_counter() - start)


def wingedsheep(games, players, seed, folder):
    import sys
    if folder not in sys.path:
        sys.path.insert(0, folder)
    # Its CarcassonneGame opens a Tk window; its example's loop is this,
    # on the game state and the two functions CarcassonneGame calls.
    from wingedsheep.carcassonne.carcassonne_game_state import CarcassonneGameState
    from wingedsheep.carcassonne.tile_sets.supplementary_rules import SupplementaryRule
    from wingedsheep.carcassonne.tile_sets.tile_sets import TileSet
    from wingedsheep.carcassonne.utils.action_util import ActionUtil
    from wingedsheep.carcassonne.utils.state_updater import StateUpdater
    random.seed(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = CarcassonneGameState(tile_sets=[TileSet.BASE], players=players,
                                     supplementary_rules=[SupplementaryRule.FARMERS])
        while not state.is_terminated():
            action = random.choice(ActionUtil.get_possible_actions(state))
            if action is not None:
                state = StateUpdater.apply_action(game_state=state, action=action)
    return games / (time.perf_counter() - start)


def env_loop(games, players, seed):
    import numpy as np
    from cloisterkit.env import CarcassonneEnv
    env = CarcassonneEnv(players=players, expansions=ALL)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=seed + g)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.integers(int(obs["action_mask"].sum()))))
    return games / (time.perf_counter() - start)


def python_simulate(games, players, seed):
    start = time.perf_counter()
    cloisterkit.simulate(games=games, players=players, expansions=ALL, seed=seed, player_types="random")
    return games / (time.perf_counter() - start)


def command_simulate(cli, games, players, seed):
    out = subprocess.run([cli, "simulate", "--games", str(games), "--players", str(players), "--seed", str(seed),
                          "--expansions", ",".join(ALL), "--player-types", "random", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["games_per_second"]


def dask_simulate(client, games, players, seed, shard_size=2000):
    import cloisterkit.dask
    start = time.perf_counter()
    cloisterkit.dask.simulate(client, games=games, players=players, expansions=ALL, seed=seed,
                              player_types="random", shard_size=shard_size)
    return games / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="the cloisterkit command of the same build")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--stepped-games", type=int, default=500)
    ap.add_argument("--simulate-games", type=int, default=3000)
    ap.add_argument("--dask-games", type=int, default=40000)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--wingedsheep", help="a checkout of wingedsheep/carcassonne, to measure it in the same run")
    ap.add_argument("--wingedsheep-games", type=int, default=2)
    a = ap.parse_args()
    p = a.players
    rows = {"stepped": [], "stepped_base": [], "env": [], "py_simulate": [], "cli_simulate": [],
            "ratio_simulate": []}
    if a.wingedsheep:
        rows["wingedsheep"], rows["ratio_base"] = [], []
    python_simulate(10, p, 0)  # the environment is built once and kept: not part of the measure
    for r in range(a.repeat):
        rows["stepped"].append(stepped(a.stepped_games, p, 1000 * r))
        rows["stepped_base"].append(stepped_base(a.stepped_games, p, 1000 * r))
        if a.wingedsheep:
            rows["wingedsheep"].append(wingedsheep(a.wingedsheep_games, p, r, a.wingedsheep))
            rows["ratio_base"].append(rows["stepped_base"][-1] / rows["wingedsheep"][-1])
        rows["env"].append(env_loop(a.stepped_games // 5, p, 1000 * r))
        py = python_simulate(a.simulate_games, p, r)
        cli = command_simulate(a.cli, a.simulate_games, p, r)
        rows["py_simulate"].append(py)
        rows["cli_simulate"].append(cli)
        rows["ratio_simulate"].append(py / cli)
    if not a.no_dask:
        from dask.distributed import Client, LocalCluster
        rows["dask_1"], rows["dask_2"], rows["ratio_dask"] = [], [], []
        with LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as c1, \
                Client(c1) as one:
            with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as c2, \
                    Client(c2) as two:
                # Warm: every worker imports cloisterkit and builds its environment once.
                dask_simulate(one, 4000, p, 99, shard_size=1000)
                dask_simulate(two, 8000, p, 99, shard_size=1000)
                for r in range(a.repeat):
                    x1 = dask_simulate(one, a.dask_games, p, r)
                    x2 = dask_simulate(two, a.dask_games, p, r)
                    rows["dask_1"].append(x1)
                    rows["dask_2"].append(x2)
                    rows["ratio_dask"].append(x2 / x1)
    for k, v in rows.items():
        print("%-14s median %10.2f   (%s)" % (k, statistics.median(v), ", ".join("%.2f" % x for x in v)))


if __name__ == "__main__":
    main()
