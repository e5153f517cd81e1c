"""cloisterkit: Carcassonne with expansions loaded as plugins, from Python.

The reference host of cloisterkit as a Python package: the same games, the
same expansions (loaded through the C ABI from the plugin path, as the
``cloisterkit`` command loads them) and the same computer players.

    import cloisterkit
    game = cloisterkit.Game(players=2, expansions=["halflings"], seed=7)
    while not game.finished:
        options = game.options()
        game.play(options[0])
    print(game.scores())

    results = cloisterkit.simulate(games=1000, expansions=["halflings"])

``cloisterkit.env`` has an environment for learning agents (PettingZoo's
AEC conventions) and ``cloisterkit.dask`` runs simulations on a Dask
cluster. docs/python.md is the guide.
"""

from __future__ import annotations

import os
from typing import Dict, Iterable, List, Optional, Sequence, Union

from . import _core
from ._core import Error, Option, game_seed

__all__ = ["Game", "Option", "Error", "simulate", "game_seed", "environment"]

_ENVIRONMENTS: Dict[tuple, "_core.Environment"] = {}
_ENVIRONMENT_CACHE_SIZE = 32


def _plugin_dirs(plugin_path: Union[None, str, Sequence[str]]) -> List[str]:
    """--plugin-path: folders searched first, then CLOISTERKIT_PLUGIN_PATH and the defaults."""
    if plugin_path is None:
        return []
    if isinstance(plugin_path, (str, os.PathLike)):
        return [os.fspath(plugin_path)]
    return [os.fspath(p) for p in plugin_path]


def _as_list(value: Union[None, str, Iterable[str]]) -> List[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def environment(players: int = 2, expansions: Union[None, str, Sequence[str]] = None,
                rules: Optional[Dict[str, object]] = None, tile_set: str = "basic:1",
                player_types: Union[None, str, Sequence[str]] = None,
                plugin_path: Union[None, str, Sequence[str]] = None,
                tiles: Union[None, str, Sequence[str]] = None,
                hook_time_budget_ms: int = 1000) -> "_core.Environment":
    """The players, expansions, rules and tiles of a run of games, checked
    and loaded once (kept for the next call with the same arguments).

    Raises cloisterkit.Error with the host's message for an unknown
    expansion, a rule value an option does not allow, a missing tile file.
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError("players must be a whole number, not %r" % (players,))
    rule_texts = {}
    for key, value in (rules or {}).items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        rule_texts[str(key)] = str(value)
    key = (players, tuple(_as_list(expansions)), tuple(sorted(rule_texts.items())), tile_set,
           tuple(_as_list(player_types)), tuple(_plugin_dirs(plugin_path)), tuple(_as_list(tiles)),
           hook_time_budget_ms)
    env = _ENVIRONMENTS.get(key)
    if env is None:
        env = _core.Environment(players, list(key[1]), rule_texts, tile_set, list(key[4]), list(key[5]),
                                list(key[6]), hook_time_budget_ms)
        if len(_ENVIRONMENTS) >= _ENVIRONMENT_CACHE_SIZE:
            _ENVIRONMENTS.pop(next(iter(_ENVIRONMENTS)))
        _ENVIRONMENTS[key] = env
    return env


class Game:
    """One game, played move by move.

    ``Game(players=2, expansions=[...], rules={...}, seed=..., tile_set=...)``
    starts a game as ``cloisterkit play`` would with those options;
    ``Game.from_jcz(text)`` goes on from a saved game. The player on turn
    chooses among ``options()``; ``play(option)`` plays one (an Option, or
    its index). Moves that need no choice (committing a turn whose figure
    step offered nothing) are made at once, so a game always stands at a
    choice or at its end.

    A Game is a simulator: ``clone()`` copies everything, the tiles still
    to be drawn included. What one player may know is ``observation(p)``.
    """

    __slots__ = ("_game",)

    def __init__(self, players: int = 2, expansions: Union[None, str, Sequence[str]] = None,
                 rules: Optional[Dict[str, object]] = None, seed: Optional[int] = None,
                 tile_set: str = "basic:1", player_types: Union[None, str, Sequence[str]] = None,
                 plugin_path: Union[None, str, Sequence[str]] = None,
                 tiles: Union[None, str, Sequence[str]] = None, *, _game=None):
        if _game is not None:
            self._game = _game
            return
        env = environment(players, expansions, rules, tile_set, player_types, plugin_path, tiles)
        self._game = env.new_game(_core.fresh_seed() if seed is None else int(seed))

    @classmethod
    def from_jcz(cls, text: Union[str, bytes], plugin_path: Union[None, str, Sequence[str]] = None,
                 tiles: Union[None, str, Sequence[str]] = None) -> "Game":
        """The game a JCloisterZone save (.jcz) describes, replayed and ready to go on."""
        if not isinstance(text, (str, bytes)):
            raise TypeError("from_jcz() takes the save's text or bytes, not %r" % type(text).__name__)
        return cls(_game=_core.Game.from_jcz(text, _plugin_dirs(plugin_path), _as_list(tiles)))

    def to_jcz(self) -> bytes:
        """The game as a JCloisterZone save (.jcz, UTF-8 JSON)."""
        return self._game.to_jcz().encode("utf-8")

    # --- moves ---------------------------------------------------------
    def options(self) -> List[Option]:
        """The active player's choices now, in the host's order (docs/python.md)."""
        return self._game.options()

    @property
    def option_count(self) -> int:
        """len(options()), without building them."""
        return self._game.option_count

    def play(self, option: Union[Option, int]) -> None:
        """Plays an Option of options() (refused when it was listed for
        another state) or the option with that index."""
        if isinstance(option, Option):
            self._game.play(option)
        elif isinstance(option, int) and not isinstance(option, bool):
            if option < 0:
                raise Error("option %d is not offered: the options are numbered from 0" % option)
            self._game.play_index(option)
        else:
            raise TypeError("play() takes an Option or its index, not %r" % (option,))

    def autoplay(self) -> None:
        """Plays to the end with the game's computer players (player_types),
        as ``cloisterkit play`` does: from the start, the same seed gives the
        same game as the command."""
        self._game.autoplay()

    def clone(self) -> "Game":
        """An independent copy (cheap: the tiles and plugins are shared)."""
        return Game(_game=self._game.clone())

    # --- what the game is ------------------------------------------------
    @property
    def finished(self) -> bool:
        return self._game.finished

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def active_player(self) -> int:
        """The player whose turn it is."""
        return self._game.active_player

    @property
    def player_to_move(self) -> int:
        """Who chooses now: the active player, or the player steering a step
        of a movement (The Princess & the Dragon's dragon) in another's turn."""
        return self._game.player_to_move

    @property
    def players(self) -> List[str]:
        return self._game.player_names

    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def seed(self) -> int:
        return self._game.seed

    @property
    def expansions(self) -> List[str]:
        return self._game.expansions

    @property
    def rules(self) -> Dict[str, str]:
        return self._game.rules

    @property
    def tiles_left(self) -> int:
        return self._game.tiles_left

    @property
    def tile_to_place(self) -> Optional[str]:
        """The tile the active player has to place (everyone sees it), or None."""
        return self._game.tile_to_place

    @property
    def end_reason(self) -> str:
        return self._game.end_reason

    def scores(self, breakdown: bool = False) -> Union[List[int], List[dict]]:
        """Each player's points, in seat order; with breakdown=True a dict per
        player: player, name, points and the entries of score_log() that
        make them up (each with its breakdown text)."""
        points = self._game.scores
        if not breakdown:
            return points
        log = self._game.score_log()
        return [{"player": p, "name": name, "points": points[p],
                 "breakdown": [e for e in log if e["player"] == p]}
                for p, name in enumerate(self._game.player_names)]

    def score_log(self) -> List[dict]:
        """Every score with its breakdown: player, points, name, final, turn, breakdown."""
        return self._game.score_log()

    def board(self) -> dict:
        """The board everyone sees: tiles, figures and tokens."""
        return self._game.board()

    def hand(self) -> List[str]:
        """The active player's hand (Halflings); the others' are private."""
        return self._game.hand()

    def observation(self, player: int) -> dict:
        """What `player` may know, as numpy arrays (docs/python.md)."""
        return self._game.observation(player)

    def tile_type_id(self, tile_type: int) -> str:
        return self._game.tile_type_id(tile_type)

    @property
    def figure_kinds(self) -> List[str]:
        return self._game.figure_kinds

    def __repr__(self) -> str:
        state = "over" if self.finished else "turn %d, player %d to move" % (self.turn, self.player_to_move)
        return "<cloisterkit.Game %d players, %s, scores %s>" % (len(self.players), state, self.scores())


def simulate(games: int = 100, players: int = 2, expansions: Union[None, str, Sequence[str]] = None,
             player_types: Union[None, str, Sequence[str]] = None, seed: Optional[int] = None,
             threads: int = 1, rules: Optional[Dict[str, object]] = None, tile_set: str = "basic:1",
             plugin_path: Union[None, str, Sequence[str]] = None,
             tiles: Union[None, str, Sequence[str]] = None, first: int = 0,
             as_dicts: bool = False):
    """Plays `games` games between computer players at the C++ speed.

    Game i of a run is played with game_seed(seed, first + i), as
    ``cloisterkit simulate --seed`` plays it, whatever the threads. Returns
    numpy arrays: ``game`` (the index), ``seed``, ``scores`` (games x
    players), ``turns`` and ``winner`` (the sole first player, -1 for a
    shared first place); with as_dicts=True a list of dicts instead.
    """
    if games < 0 or first < 0:
        raise ValueError("games and first must not be negative")
    if threads < 1:
        raise ValueError("threads must be at least 1")
    env = environment(players, expansions, rules, tile_set, player_types, plugin_path, tiles)
    run_seed = _core.fresh_seed() if seed is None else int(seed)
    results = env.simulate(run_seed, first, games, threads)
    results["run_seed"] = run_seed
    if not as_dicts:
        return results
    return [{"game": int(results["game"][i]), "seed": int(results["seed"][i]),
             "scores": [int(s) for s in results["scores"][i]], "turns": int(results["turns"][i]),
             "winner": int(results["winner"][i])} for i in range(games)]
