"""cloisterkit.Game against the `cloisterkit` command: the same games, the
same options, saves that round trip, errors as exceptions."""

import json
import os
import random
import shutil

import pytest

import cloisterkit
from conftest import ALL, cli_json, run_cli


@pytest.mark.parametrize("seed,players,types", [(7, 2, "random"), (11, 3, "greedy,random,greedy"), (5, 4, "greedy")])
def test_the_same_seed_plays_the_same_game_as_the_command(seed, players, types, tmp_path):
    game = cloisterkit.Game(players=players, expansions=ALL, seed=seed, player_types=types.split(","))
    game.autoplay()
    assert game.finished
    played = cli_json("play", "--players", str(players), "--seed", str(seed), "--expansions", ",".join(ALL),
                      "--player-types", types)
    assert game.scores() == [s["points"] for s in played["scores"]]
    # Each player's points are the sum of their score entries, each with its breakdown.
    for row in game.scores(breakdown=True):
        assert row["points"] == sum(e["points"] for e in row["breakdown"])
        assert all(e["breakdown"] for e in row["breakdown"])
    assert game.turn == played["turns"]
    # The save of the Python game is the command's game: `replay` ends at its scores.
    path = tmp_path / "py.jcz"
    path.write_bytes(game.to_jcz())
    replayed = cli_json("replay", str(path))
    assert [p["points"] for p in replayed["players"]] == game.scores()


def test_simulate_gives_the_commands_games():
    types = ["random", "greedy", "random"]
    r = cloisterkit.simulate(games=24, players=3, expansions=ALL, seed=3, player_types=types)
    c = cli_json("simulate", "--games", "24", "--players", "3", "--seed", "3", "--expansions", ",".join(ALL),
                 "--player-types", ",".join(types))
    assert r["scores"].shape == (24, 3)
    assert r["scores"].sum(axis=1).mean() == pytest.approx(c["mean_total_score"])
    assert r["turns"].mean() == pytest.approx(c["mean_turns"])
    for seat in range(3):
        assert r["scores"][:, seat].mean() == pytest.approx(c["players"][seat]["mean_score"])
        # The command counts shared first places as wins too.
        best = r["scores"].max(axis=1)
        assert int((r["scores"][:, seat] == best).sum()) == c["players"][seat]["wins"]
    # Any cut of the run into pieces plays the same games, on any threads.
    a = cloisterkit.simulate(games=10, players=3, expansions=ALL, seed=3, player_types=types, threads=2)
    b = cloisterkit.simulate(games=14, first=10, players=3, expansions=ALL, seed=3, player_types=types)
    assert (r["scores"][:10] == a["scores"]).all() and (r["scores"][10:] == b["scores"]).all()
    assert list(b["game"]) == list(range(10, 24))
    dicts = cloisterkit.simulate(games=2, expansions=["halflings"], seed=3, as_dicts=True)
    assert set(dicts[0]) == {"game", "seed", "scores", "turns", "winner"}


def same_state(a, b):
    assert a.scores() == b.scores() and a.turn == b.turn and a.active_player == b.active_player
    assert a.phase == b.phase and a.tile_to_place == b.tile_to_place and a.tiles_left == b.tiles_left
    assert [o.as_dict() for o in a.options()] == [o.as_dict() for o in b.options()]
    assert a.board() == b.board() and a.score_log() == b.score_log()
    for p in range(len(a.players)):
        x, y = a.observation(p), b.observation(p)
        for key in x:
            assert (x[key] == y[key]).all() if hasattr(x[key], "shape") else x[key] == y[key], key


@pytest.mark.parametrize("turn", [1, 25, 60])
def test_a_save_round_trips_and_the_game_goes_on_from_it(turn):
    game = cloisterkit.Game(players=2, expansions=ALL, seed=21)
    rng = random.Random(4)
    while game.turn < turn:
        game.play(rng.randrange(game.option_count))
    saved = game.to_jcz()
    copy = cloisterkit.Game.from_jcz(saved)
    same_state(copy, game)
    assert copy.to_jcz() == saved  # and saved again, byte for byte
    assert cloisterkit.Game.from_jcz(saved.decode()).scores() == game.scores()  # text works as bytes do
    # The draws to come are not in a save (JCloisterZone's too): the copy
    # goes on to an end of its own, every move legal.
    while not copy.finished:
        copy.play(rng.randrange(copy.option_count))
    assert copy.turn > game.turn


def test_every_offered_option_is_legal_and_every_legal_placement_is_offered():
    game = cloisterkit.Game(players=3, expansions=ALL, seed=8)
    rng = random.Random(8)
    kinds = set()
    while not game.finished:
        options = game.options()
        assert options and len(options) == game.option_count
        assert len({o.label for o in options}) == len(options)  # no option twice
        if game.phase == "tile" and game.tile_to_place and options[0].kind == "tile":
            offered = {(o.x, o.y, o.corner or "", o.rotation) for o in options}
            # Every spot next to the board, every turn and corner: legal exactly when offered.
            xs = [t["x"] for t in game.board()["tiles"]]
            ys = [t["y"] for t in game.board()["tiles"]]
            for x in range(min(xs) - 1, max(xs) + 2):
                for y in range(min(ys) - 1, max(ys) + 2):
                    for corner in ("", "NE", "SE", "SW", "NW"):
                        for rotation in (0, 90, 180, 270):
                            legal = game.placement_problem(x, y, rotation, corner) == ""
                            assert legal == ((x, y, corner, rotation) in offered), (x, y, corner, rotation)
        for o in options:  # each one plays on a copy
            kinds.add(o.kind)
            trial = game.clone()
            trial.play(o.index)
        game.play(options[rng.randrange(len(options))])
    assert {"draw", "hand-tile", "tile", "pass", "figure", "building"} <= kinds


def test_clone_is_independent():
    game = cloisterkit.Game(players=2, expansions=["halflings"], seed=2)
    copy = game.clone()
    copy.play(0)  # draw: only the copy has a tile to place
    assert game.tile_to_place is None and copy.tile_to_place is not None
    assert game.options()[0].kind == "draw" and copy.options()[0].kind == "tile"


def test_bad_input_raises_with_the_hosts_message():
    with pytest.raises(cloisterkit.Error, match="unknown expansion 'nosuch'"):
        cloisterkit.Game(expansions=["nosuch"])
    with pytest.raises(cloisterkit.Error, match="halflings.handSize"):
        cloisterkit.Game(expansions=["halflings"], rules={"halflings.handSize": "many"})
    with pytest.raises(cloisterkit.Error):
        cloisterkit.Game.from_jcz(b"{not a save")
    with pytest.raises(cloisterkit.Error):
        cloisterkit.Game.from_jcz(b"\xff\xfe garbage")  # not UTF-8 either
    game = cloisterkit.Game(seed=1)
    stale = game.options()[0]
    game.play(stale)
    with pytest.raises(cloisterkit.Error, match="another state"):
        game.play(stale)
    with pytest.raises(cloisterkit.Error, match="not offered"):
        game.play(10_000)
    with pytest.raises(cloisterkit.Error):
        game.play(-1)
    with pytest.raises(TypeError):
        game.play("tile")
    with pytest.raises(TypeError):
        cloisterkit.Game(players="two")
    with pytest.raises(cloisterkit.Error, match="players"):
        cloisterkit.Game(players=0)
    game.autoplay()
    with pytest.raises(cloisterkit.Error, match="over"):
        game.play(0)


def test_hidden_information_is_not_in_an_observation():
    game = cloisterkit.Game(players=3, expansions=ALL, seed=5)
    rng = random.Random(5)
    while game.turn < 12:
        game.play(rng.randrange(game.option_count))
    for observer in range(3):
        seen = game.observation(observer)
        # What the observer cannot know drawn again: their observation is the same.
        other = game._game.determinised(observer, 99)
        again = other.observation(observer)
        for key in seen:
            assert (seen[key] == again[key]).all() if hasattr(seen[key], "shape") else seen[key] == again[key], key
        assert "pack" not in seen
        assert len(seen["hand"]) == seen["hand_sizes"][observer]
    # ...while the hidden part did change for someone (else the test shows nothing).
    hands = [sorted(game._game.determinised(0, s).observation(1)["hand"].tolist()) for s in range(6)]
    assert len({tuple(h) for h in hands}) > 1, "re-drawing never changed another player's hand"


def test_a_plugin_failing_in_a_move_raises_and_the_game_is_not_played_on(tmp_path):
    module = os.environ.get("CK_BROKEN_MODULE")
    if not module or not os.path.exists(module):
        pytest.skip("CK_BROKEN_MODULE names no module (CTest sets it)")
    shutil.copy(module, tmp_path / "broken.so")  # answers BONUS_POINTS with a buffer that does not verify
    # Greedy players complete roads, whose scoring calls the broken hook.
    game = cloisterkit.Game(players=2, expansions=["roadside-inns"], plugin_path=str(tmp_path), seed=3,
                            player_types="greedy")
    with pytest.raises(cloisterkit.Error, match="hook BONUS_POINTS: response rejected"):
        game.autoplay()
    with pytest.raises(cloisterkit.Error, match="failed in an earlier move"):
        game.play(0)
    with pytest.raises(cloisterkit.Error, match="failed in an earlier move"):
        game.options()


# The modules of their own, played by Python with no code that names them:
# each expansion's game is the command's, and its save names its tile set.
MODULE_EXPANSIONS = [("inns-and-cathedrals", "inns-and-cathedrals:1"), ("princess-and-dragon", "princess-and-dragon:1"),
                     ("cult", "cult/6"), ("darmstadt", "darmstadt"), ("labyrinth", "labyrinth"),
                     ("watchtowers", "watchtowers"), ("wind-roses", "wind-roses"),
                     ("traders-and-builders", "traders-and-builders:1"), ("king-and-robber", "king-and-robber:1"),
                     ("abbey-and-mayor", "abbey-and-mayor:1")]


@pytest.mark.parametrize("expansion,tile_set", MODULE_EXPANSIONS)
def test_each_module_expansion_plays_as_the_command_plays_it(expansion, tile_set):
    expansions = [expansion, "little-buildings"]
    game = cloisterkit.Game(players=2, expansions=expansions, seed=4, player_types=["greedy", "random"])
    game.autoplay()
    assert game.finished
    played = cli_json("play", "--players", "2", "--seed", "4", "--expansions", ",".join(expansions),
                      "--player-types", "greedy,random")
    assert game.scores() == [s["points"] for s in played["scores"]]
    assert game.turn == played["turns"]
    sets = json.loads(game.to_jcz())["setup"]["sets"]
    assert tile_set in sets, sets
