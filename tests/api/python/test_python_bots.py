"""The main rules' bots in the Python module (docs/python.md, "Bots"): yendor.Bot's next
action is one the mask allows and the game takes, and whole games played inside C++ are the
same on any thread count.

Run from a build tree (ctest does):
    PYTHONPATH=<build>/python YENDOR_DATA_DIR=data /usr/bin/python3 -m pytest tests/api/python -q
"""

import pytest

import yendor


def test_bots_are_listed():
    assert yendor.BOTS == ["random", "greedy", "evolved", "search"]


def test_a_bot_plays_through_the_env():
    env = yendor.Env(max_steps=800)
    bot = yendor.Bot("greedy")
    obs, info = env.reset(seed=3)
    for _ in range(800):
        action = bot.act(env)
        assert info["action_mask"][action] == 1, yendor.ACTION_NAMES[action]
        obs, reward, terminated, truncated, info = env.step(action)
        assert not info["refused"], yendor.ACTION_NAMES[action]
        if terminated or truncated:
            break
    assert truncated or terminated
    # A new episode starts the bot again.
    env.reset(seed=4)
    assert 0 <= bot.act(env) < yendor.ACTION_COUNT


def test_whole_games_are_the_same_on_any_thread_count():
    one = yendor.Bot("greedy").play(range(1, 5), action_limit=800)
    two = yendor.Bot("greedy").play(range(1, 5), threads=2, action_limit=800)
    assert one == two
    assert [g["seed"] for g in one] == [1, 2, 3, 4]
    assert set(one[0]) >= {"outcome", "deepest", "xp", "turns", "kills", "score", "cause",
                           "fitness"}
    with pytest.raises(ValueError):
        yendor.Bot("oracle")
    with pytest.raises(ValueError):
        yendor.Bot("search", samples=0)
