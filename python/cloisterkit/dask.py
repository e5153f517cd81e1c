"""Simulations on a Dask cluster (``distributed``), identical to one run.

    from dask.distributed import Client, LocalCluster
    import cloisterkit.dask
    with LocalCluster(n_workers=4, threads_per_worker=1) as cluster, Client(cluster) as client:
        r = cloisterkit.dask.simulate(client, games=100_000, expansions=["halflings"], seed=1)

The games are cut into shards of ``shard_size``; shard k plays games
k*shard_size ... of the run, each with game_seed(seed, i) exactly as
``cloisterkit.simulate`` (and ``cloisterkit simulate``) would, so the
gathered results equal one local run with the same seed, whatever the
number of workers, and whatever shards are lost and run again. Each worker
imports cloisterkit and loads the plugins itself: a worker must see the
package (PYTHONPATH) and the plugin folders the client names.
"""

from __future__ import annotations

import itertools
import zlib
from typing import Dict, List, Optional, Sequence

import numpy as np

from . import _core

_ARGUMENTS = ("players", "expansions", "player_types", "tile_set")


def _shard(first: int, count: int, seed: int, options: dict) -> dict:
    """Runs on a worker: games first..first+count-1 of the run."""
    import cloisterkit  # the worker's own import: it loads the plugins itself
    return cloisterkit.simulate(games=count, first=first, seed=seed, threads=1, **options)


def _submit(client, games, options, run_seed, shard_size, retries):
    """The shards' futures, in game order."""
    if games < 0:
        raise ValueError("games must not be negative")
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    import cloisterkit
    # Bad options fail here, with the host's message, not on a worker.
    cloisterkit.environment(options["players"], options["expansions"], options["rules"], options["tile_set"],
                            options["player_types"], options["plugin_path"], options["tiles"])
    tag = zlib.crc32(repr(sorted(options.items())).encode())
    return [client.submit(_shard, first, min(shard_size, games - first), run_seed, options, pure=True,
                          retries=retries,
                          key="cloisterkit-simulate-%d-%08x-%d-%d" % (run_seed, tag, first, shard_size))
            for first in range(0, games, shard_size)]


def _collect(client, futures, options, run_seed) -> dict:
    parts = client.gather(futures)
    if not parts:
        import cloisterkit
        return cloisterkit.simulate(games=0, seed=run_seed, **options)
    out = {k: np.concatenate([p[k] for p in parts]) for k in ("game", "seed", "scores", "turns", "winner")}
    out["run_seed"] = run_seed
    return out


def _options(players, expansions, player_types, rules, tile_set, plugin_path, tiles) -> dict:
    return dict(players=players, expansions=expansions, player_types=player_types, rules=rules,
                tile_set=tile_set, plugin_path=plugin_path, tiles=tiles)


def simulate(client, games: int, players: int = 2, expansions=None, player_types=None,
             seed: Optional[int] = None, rules=None, tile_set: str = "basic:1", plugin_path=None,
             tiles=None, shard_size: int = 1000, retries: int = 3) -> dict:
    """cloisterkit.simulate on the client's cluster: the same arrays
    (game, seed, scores, turns, winner, run_seed), in game order."""
    run_seed = _core.fresh_seed() if seed is None else int(seed)
    options = _options(players, expansions, player_types, rules, tile_set, plugin_path, tiles)
    return _collect(client, _submit(client, games, options, run_seed, shard_size, retries), options, run_seed)


def sweep(client, grid: Dict[str, Sequence], games: int, expansions=None, player_types=None,
          seed: Optional[int] = None, plugin_path=None, shard_size: int = 1000, players: int = 2,
          tile_set: str = "basic:1", rules=None) -> List[dict]:
    """Runs every combination of `grid` and returns one row per combination.

    Keys of `grid` are "players", "expansions", "player_types", "tile_set",
    or a rule option ("halflings.handSize"); each maps to the values to try.
    Every combination plays `games` games with the same seed (common random
    numbers: the differences between rows come from the parameters, not the
    draw). A row holds the combination, then games, first_player_win_rate
    (the first player alone at the top), shared_first_rate, mean_scores
    per seat and mean_turns.
    """
    run_seed = _core.fresh_seed() if seed is None else int(seed)
    keys = list(grid)
    rows = []
    pending = []
    for values in itertools.product(*(grid[k] for k in keys)):
        point = dict(zip(keys, values))
        arguments = dict(players=players, expansions=expansions, player_types=player_types, tile_set=tile_set)
        point_rules = dict(rules or {})
        for k, v in point.items():
            if k in _ARGUMENTS:
                arguments[k] = v
            else:
                point_rules[k] = v
        pending.append((point, arguments, point_rules))
    # Every point's shards at once, so the whole cluster works on the sweep.
    submitted = []
    for point, arguments, point_rules in pending:
        options = _options(arguments["players"], arguments["expansions"], arguments["player_types"], point_rules,
                           arguments["tile_set"], plugin_path, None)
        submitted.append((point, options, _submit(client, games, options, run_seed, shard_size, 3)))
    for point, options, futures in submitted:
        r = _collect(client, futures, options, run_seed)
        n = max(1, len(r["winner"]))
        rows.append(dict(point, games=int(len(r["winner"])),
                         first_player_win_rate=float(np.count_nonzero(r["winner"] == 0)) / n,
                         shared_first_rate=float(np.count_nonzero(r["winner"] == -1)) / n,
                         mean_scores=[float(x) for x in r["scores"].mean(axis=0)] if len(r["winner"]) else [],
                         mean_turns=float(r["turns"].mean()) if len(r["winner"]) else 0.0))
    return rows
