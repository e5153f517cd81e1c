"""The AEC environment: legal actions only, rewards that add up, no
hidden information, PettingZoo's protocol."""

import numpy as np
import pytest

import cloisterkit
from cloisterkit.env import MAX_ACTIONS, CarcassonneEnv
from conftest import ALL


def play_random_game(env, rng, seed, check_illegal=False):
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    most = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.shape == (MAX_ACTIONS,) and mask.dtype == np.int8
        legal = np.flatnonzero(mask)
        assert len(legal) == len(obs["options"]) > 0
        assert (legal == np.arange(len(legal))).all()
        most = max(most, len(legal))
        if check_illegal:
            with pytest.raises(ValueError, match="illegal"):
                env.step(int(len(legal)))  # the first action the mask forbids
        env.step(int(rng.choice(legal)))
    return totals, most


def test_a_thousand_random_games_with_every_expansion_offer_only_legal_actions_and_rewards_add_up():
    env = CarcassonneEnv(players=3, expansions=ALL)
    rng = np.random.default_rng(1)
    most = 0
    for game in range(1000):
        totals, m = play_random_game(env, rng, seed=game, check_illegal=game < 3)
        most = max(most, m)
        scores = np.array(env.game.scores(), dtype=float)
        for p, agent in enumerate(env.possible_agents):
            others = (scores.sum() - scores[p]) / (len(scores) - 1)
            assert totals[agent] == pytest.approx(scores[p] - others), (game, agent)
        assert sum(totals.values()) == pytest.approx(0.0)
        assert env.agents == []
    assert most < MAX_ACTIONS // 4, "the action space has room to spare: %d options at most" % most


def test_observations_of_other_players_hold_no_hidden_information():
    env = CarcassonneEnv(players=2, expansions=["halflings"])
    env.reset(seed=3)
    first = env.agent_selection
    me = env.possible_agents.index(first)
    other = env.possible_agents[1 - me]
    mine, theirs = env.observe(first), env.observe(other)
    assert mine["action_mask"].any() and not theirs["action_mask"].any()  # only the agent on turn acts
    assert len(theirs["hand"]) == theirs["hand_sizes"][1 - me]  # their own hand only
    # The same public game with the hidden parts drawn again looks the same to the other player.
    redrawn = cloisterkit.Game(_game=env.game._game.determinised(1 - me, 7))
    again = redrawn.observation(1 - me)
    for key in ("tiles", "figures", "scores", "hand_sizes", "hand", "supply"):
        assert (again[key] == theirs[key]).all(), key


def test_truncation_and_protocol_errors():
    env = CarcassonneEnv(players=2, max_moves=5)
    env.reset(seed=1)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values())
    with pytest.raises(ValueError, match="over"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []
    env.reset(seed=2)
    with pytest.raises(ValueError, match="whole number"):
        env.step("left")
    with pytest.raises(ValueError, match="illegal"):
        env.step(MAX_ACTIONS - 1)
    assert env.action_space(env.agent_selection).n == MAX_ACTIONS
