"""The dd rules in the Python module (docs/python.md, "The dd rules"): yendor.DdEnv's
Gymnasium API (shapes, dtypes, the mask against refusals, seeding, clone/restore), the bots
(an action per step, whole games inside C++ the same on any thread count) and dd_evaluate.

Run from a build tree (ctest does):
    PYTHONPATH=<build>/python YENDOR_DATA_DIR=data /usr/bin/python3 -m pytest tests/api/python -q
"""

import numpy as np
import pytest

import yendor

DD_LAYERS = {"terrain": np.uint8, "monster_level": np.uint8, "monster_kind": np.uint8,
             "monster_hp": np.int16, "items": np.uint8, "spells": np.uint8}


def test_dd_env_observation_and_mask():
    env = yendor.DdEnv()
    obs, info = env.reset(seed=5)
    for name, dtype in DD_LAYERS.items():
        assert obs[name].shape == (20, 20) and obs[name].dtype == dtype, name
    assert obs["stats"].shape == (len(yendor.DD_STAT_NAMES),)
    assert np.count_nonzero(obs["terrain"]) <= 9  # the 3x3 square round the hero
    assert info["action_mask"].shape == (yendor.DD_ACTION_COUNT,)
    assert env.action_space.n == yendor.DD_ACTION_COUNT == 51
    rng = np.random.default_rng(3)
    for _ in range(200):
        mask = info["action_mask"]
        action = int(rng.integers(0, 50))
        obs, reward, terminated, truncated, info = env.step(action)
        assert info["refused"] == (mask[action] == 0), (action, info)
        if terminated or truncated:
            break


def test_dd_env_is_seeded_and_clones():
    a, b = yendor.DdEnv(), yendor.DdEnv()
    assert a.reset(seed=9)[1]["state_hash"] == b.reset(seed=9)[1]["state_hash"]
    assert a.reset(seed=9)[1]["state_hash"] != b.reset(seed=10)[1]["state_hash"]
    env = yendor.DdEnv()
    env.reset(seed=4)
    snapshot = env.clone()
    before = env.state_hash()
    env.step("give_up")
    assert env.state_hash() != before
    env.restore(snapshot)
    assert env.state_hash() == before


def test_dd_env_options_and_actions():
    env = yendor.DdEnv(hero_class="wizard", race="elf", reward="fitness", max_steps=5)
    obs, info = env.reset(seed=2)
    stats = dict(zip(yendor.DD_STAT_NAMES, obs["stats"]))
    assert stats["glyph_slots"] == 4 and stats["glyph_0"] > 0  # a wizard starts with fireball
    _, _, _, _, info = env.step({"type": "cast", "slot": 0, "target": (0, 0)})
    assert info["refused"] and info["refusal"]
    with pytest.raises(ValueError):
        yendor.DdEnv(hero_class="bard")
    with pytest.raises(ValueError):
        env.step("dance")
    with pytest.raises(ValueError):
        env.step(51)


def test_a_bot_plays_a_game_through_the_env():
    env = yendor.DdEnv()
    bot = yendor.DdBot("evolved")
    obs, info = env.reset(seed=12)
    for _ in range(3000):
        obs, reward, terminated, truncated, info = env.step(bot.act(env))
        assert not info["refused"], info
        if terminated or truncated:
            break
    assert info["outcome"] in ("won", "gave_up")


def test_bots_play_whole_games_the_same_on_any_thread_count():
    one = yendor.DdBot("greedy").play(range(1, 31))
    two = yendor.DdBot("greedy").play(range(1, 31), threads=2)
    assert one == two
    assert [g["seed"] for g in one] == list(range(1, 31))
    search = yendor.DdBot("search").play(range(1, 31), threads=2)
    wins = lambda games: sum(g["outcome"] == "won" for g in games)
    assert wins(search) > wins(one)
    with pytest.raises(ValueError):
        yendor.DdBot("oracle")
    with pytest.raises(ValueError):
        yendor.DdBot("search", samples=0)


def test_dd_evaluate_judges_generators():
    results = yendor.dd_evaluate("evolved", ["dd", "maze"], range(1, 9))
    assert [r["generator"] for r in results] == ["dd", "maze"]
    for r in results:
        assert r["games"] == 8
        assert r["wins"] + r["gave_up"] + r["cut"] + sum(r["deaths_by_level"]) == 8
        assert 0 < r["metrics"]["floor_share"] < 1
    assert results[0]["wins"] > results[1]["wins"]
    with pytest.raises(ValueError):
        yendor.dd_evaluate("evolved", ["nowhere"], range(1, 3))
