"""cloisterkit.dask on real Dask workers (a LocalCluster of processes on
loopback): the results are those of one local run, whatever the number of
workers and also when a worker dies mid-run."""

import os
import signal
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

import cloisterkit
import cloisterkit.dask
from conftest import ALL

GAMES = 2000
TYPES = ["random"]  # the games are not the point here: many of them, quickly


@pytest.fixture(scope="module")
def local_run():
    return cloisterkit.simulate(games=GAMES, players=3, expansions=ALL, seed=17, player_types=TYPES)


def cluster(workers):
    return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                    dashboard_address=None, silence_logs=40)


def same(a, b):
    for key in ("game", "seed", "scores", "turns", "winner"):
        assert np.array_equal(a[key], b[key]), key


@pytest.mark.parametrize("workers", [1, 2, 4])
def test_the_cluster_gives_the_local_results(workers, local_run):
    with cluster(workers) as c, distributed.Client(c) as client:
        r = cloisterkit.dask.simulate(client, games=GAMES, players=3, expansions=ALL, seed=17,
                                      player_types=TYPES, shard_size=100)
    same(r, local_run)


def test_a_worker_killed_mid_run_changes_nothing(local_run):
    with cluster(2) as c, distributed.Client(c) as client:
        pid_of = client.run(os.getpid)  # worker address -> process id
        killed = threading.Event()
        finished = threading.Event()

        def kill_a_busy_worker():
            # As soon as a worker holds shards of the run, kill it (SIGKILL:
            # no goodbye); the scheduler gives its shards to the other.
            while not finished.is_set():
                for worker, keys in client.processing().items():
                    if any("cloisterkit-simulate" in str(k) for k in keys) and worker in pid_of:
                        os.kill(pid_of[worker], signal.SIGKILL)
                        killed.set()
                        return
                time.sleep(0.002)

        threading.Thread(target=kill_a_busy_worker, daemon=True).start()
        r = cloisterkit.dask.simulate(client, games=GAMES, players=3, expansions=ALL, seed=17,
                                      player_types=TYPES, shard_size=20)
        finished.set()
        assert killed.is_set(), "no worker was killed while it held shards: the test showed nothing"
    same(r, local_run)


def test_a_sweep_returns_one_row_per_combination():
    with cluster(2) as c, distributed.Client(c) as client:
        rows = cloisterkit.dask.sweep(client, grid={"players": [2, 3], "halflings.handSize": ["2", "3"]},
                                      games=20, expansions=["halflings"], seed=5, shard_size=10)
    assert [(r["players"], r["halflings.handSize"]) for r in rows] == [(2, "2"), (2, "3"), (3, "2"), (3, "3")]
    for r in rows:
        assert r["games"] == 20 and 0.0 <= r["first_player_win_rate"] <= 1.0
        assert len(r["mean_scores"]) == r["players"]
        local = cloisterkit.simulate(games=20, players=r["players"], expansions=["halflings"], seed=5,
                                     rules={"halflings.handSize": r["halflings.handSize"]})
        assert r["first_player_win_rate"] == pytest.approx(float((local["winner"] == 0).mean()))


def test_bad_options_fail_on_the_client_with_the_hosts_message():
    with cluster(1) as c, distributed.Client(c) as client:
        with pytest.raises(cloisterkit.Error, match="unknown expansion"):
            cloisterkit.dask.simulate(client, games=10, expansions=["nosuch"])
