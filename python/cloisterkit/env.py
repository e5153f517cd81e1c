"""An environment for learning agents, with PettingZoo's AEC conventions.

    from cloisterkit.env import CarcassonneEnv
    env = CarcassonneEnv(players=2, expansions=["halflings", "little-buildings"])
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = int(numpy.flatnonzero(mask)[0])
        env.step(action)

Agents are "player_0", "player_1", ...; the agent to move is
``agent_selection``. **Actions** are numbers 0..MAX_ACTIONS-1: action i is
the i-th option the game lists now (``cloisterkit.Game.options()``, in the
host's order, docs/python.md); ``action_mask`` marks the legal ones, and
``observation["options"]`` describes each (kind, tile type, x, y, corner,
rotation, feature kind, figure kind). A move is one decision: a choice
between drawing and a hand tile, a placement, a figure step.

**Rewards**: after every move each agent gets the change of its score
minus the mean score of the others, so an agent's rewards over a game sum
to its final score minus its opponents' mean (zero-sum).

**Observations** hold what that player may know: the board, scores,
supplies, the tile to place, the player's own hand and the others' hand
sizes; never the order of the pack nor another player's hand (HF-13).

PettingZoo is not in Debian. Where it is installed this class *is* a
``pettingzoo.AECEnv`` (and its spaces are gymnasium's), so PettingZoo's
wrappers and tests take it as it is::

    from pettingzoo.utils import wrappers
    env = wrappers.OrderEnforcingWrapper(CarcassonneEnv(players=2))
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Optional

import numpy as np

from . import Error, Game, environment

MAX_ACTIONS = 2048  # more options than any state of a game lists (docs/python.md)
OPTION_FEATURES = 8  # kind, tile type, x, y, corner, rotation, feature kind, figure kind

try:  # a real AECEnv where PettingZoo is installed
    from pettingzoo import AECEnv as _Base  # type: ignore
except ImportError:  # pragma: no cover - the Debian case
    _Base = object

try:
    from gymnasium import spaces as _spaces  # type: ignore
except ImportError:  # pragma: no cover
    _spaces = None


class Discrete:
    """The n actions 0..n-1 (gymnasium.spaces.Discrete where gymnasium is missing)."""

    def __init__(self, n: int, seed: Optional[int] = None):
        self.n = n
        self._rng = np.random.default_rng(seed)

    def contains(self, x) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(self._rng.choice(legal))

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class CarcassonneEnv(_Base):
    metadata = {"name": "cloisterkit_carcassonne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 2, expansions=None, rules=None, tile_set: str = "basic:1",
                 plugin_path=None, max_moves: Optional[int] = None, render_mode: Optional[str] = None):
        self._env = environment(players, expansions, rules, tile_set, None, plugin_path)
        self.possible_agents = ["player_%d" % p for p in range(players)]
        self.agents: List[str] = []
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.game: Optional[Game] = None
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, dict] = {}
        self.agent_selection: Optional[str] = None
        self._standing: np.ndarray = np.zeros(players)
        self._moves = 0
        self._action_spaces = {a: self._discrete() for a in self.possible_agents}

    # --- PettingZoo's API -------------------------------------------------
    def _discrete(self):
        return _spaces.Discrete(MAX_ACTIONS) if _spaces is not None else Discrete(MAX_ACTIONS)

    def action_space(self, agent: str):
        return self._action_spaces[agent]

    def observation_space(self, agent: str):
        """The observation is a dict of variable-length arrays (docs/python.md);
        only its action mask has a fixed shape."""
        if _spaces is None:
            return None
        return _spaces.Dict({"action_mask": _spaces.MultiBinary(MAX_ACTIONS)})

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        from . import _core
        self.game = Game(_game=self._env.new_game(_core.fresh_seed() if seed is None else int(seed)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._standing = self._standings()
        self._moves = 0
        self.agent_selection = self.possible_agents[self.game.player_to_move]

    def observe(self, agent: str) -> dict:
        player = self.possible_agents.index(agent)
        obs = self.game.observation(player)
        count = self.game.option_count if player == self.game.player_to_move else 0
        if count > MAX_ACTIONS:
            raise Error("%d options, more than MAX_ACTIONS (%d)" % (count, MAX_ACTIONS))
        mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
        mask[:count] = 1
        obs["action_mask"] = mask
        obs["options"] = self.game._game.option_array() if count else np.zeros((0, OPTION_FEATURES), np.int32)
        return obs

    def last(self, observe: bool = True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("%s's game is over: step(None) takes it out" % agent)
            self._leave(agent)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError("an action is a whole number from 0 to %d, not %r" % (MAX_ACTIONS - 1, action))
        count = self.game.option_count
        if not 0 <= int(action) < count:
            raise ValueError("action %d is illegal now: %s has the actions 0 to %d (action_mask)"
                             % (int(action), agent, count - 1))
        self._cumulative_rewards[agent] = 0.0
        self.game.play(int(action))
        self._moves += 1
        standing = self._standings()
        change = standing - self._standing
        self._standing = standing
        for i, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = float(change[i])
                self._cumulative_rewards[a] += float(change[i])
        if self.game.finished:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"scores": list(self.game.scores()), "end_reason": self.game.end_reason}
        elif self.max_moves is not None and self._moves >= self.max_moves:
            for a in self.agents:
                self.truncations[a] = True
        if self.game.finished or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game.player_to_move]

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = repr(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.game = None

    # --- inside ---------------------------------------------------------------
    def _standings(self) -> np.ndarray:
        """Each player's score minus the mean of the others'."""
        scores = np.asarray(self.game.scores(), dtype=np.float64)
        n = len(scores)
        if n == 1:
            return scores
        return scores - (scores.sum() - scores) / (n - 1)

    def _leave(self, agent: str) -> None:
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            d.pop(agent, None)
        if self.agents:
            self.agent_selection = self.agents[0]


def env(**kwargs) -> CarcassonneEnv:
    """PettingZoo's usual constructor name."""
    return CarcassonneEnv(**kwargs)
