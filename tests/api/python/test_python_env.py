"""The Python module's contract (docs/python.md): the Gymnasium API of yendor.Env (types,
shapes, dtypes, terminated versus truncated, seeding), clone/restore, the vector
environment against single environments, and generate/analyze.

Run from a build tree (ctest does):
    PYTHONPATH=<build>/python YENDOR_DATA_DIR=data /usr/bin/python3 -m pytest tests/api/python -q
"""

import re

import numpy as np
import pytest

import yendor

LAYERS = {"glyphs": np.uint8, "terrain": np.uint8, "visible": np.uint8, "monsters": np.int16,
          "items": np.int16, "traps": np.uint8}


def play(env, seed, steps, bot_seed=1):
    """Random legal actions from the mask; returns the state hashes after each step."""
    rng = np.random.default_rng(bot_seed)
    obs, info = env.reset(seed=seed)
    hashes = [info["state_hash"]]
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        hashes.append(info["state_hash"])
        if terminated or truncated:
            break
    return hashes, obs


def test_constants():
    assert yendor.ACTION_COUNT == 505
    assert len(yendor.ACTION_NAMES) == 505
    assert yendor.ACTION_NAMES[24] == "wait"
    assert yendor.action_index("quaff_c") == yendor.ACTION_NAMES.index("quaff_c")
    assert yendor.STAT_NAMES[0] == "hp" and len(yendor.STAT_NAMES) == 23
    assert yendor.TILE_NAMES[0] == "wall"
    assert "caves" in yendor.GENERATORS and "rooms" in yendor.GENERATORS
    assert issubclass(yendor.InputError, ValueError)


def test_reset_and_step_follow_the_gymnasium_contract():
    env = yendor.Env()
    obs, info = env.reset(seed=42)
    assert isinstance(obs, dict) and isinstance(info, dict)
    assert set(obs) == set(env.observation_space.keys())
    h, w = env.observation_space["glyphs"].shape
    for name, dtype in LAYERS.items():
        assert obs[name].dtype == dtype and obs[name].shape == (h, w), name
    assert obs["stats"].dtype == np.int32 and obs["stats"].shape == (23,)
    assert obs["inventory"].dtype == np.int32 and obs["inventory"].shape == (52, 4)
    assert env.observation_space.contains(obs)
    x, y = obs["stats"][yendor.STAT_NAMES.index("x")], obs["stats"][yendor.STAT_NAMES.index("y")]
    assert chr(obs["glyphs"][y, x]) == "@" and obs["monsters"][y, x] == 1
    assert info["steps"] == 0 and info["depth"] == 1 and info["outcome"] == "playing"
    mask = info["action_mask"]
    assert mask.dtype == np.uint8 and mask.shape == (505,) and mask.sum() > 0
    result = env.step(yendor.ACTION_NAMES.index("search"))
    assert len(result) == 5
    obs, reward, terminated, truncated, info = result
    assert type(reward) is float and type(terminated) is bool and type(truncated) is bool
    assert env.observation_space.contains(obs)
    assert info["steps"] == 1 and info["refused"] is False
    assert env.action_space.contains(3) and not env.action_space.contains(505)


def test_actions_in_every_form():
    env = yendor.Env()
    env.reset(seed=3)
    for action in (24, np.int64(26), np.array(24), "search", {"type": "wait"},
                   {"type": "move", "dir": (1, 0)}):
        _, _, terminated, truncated, info = env.step(action)
        assert not (terminated or truncated)
    for bad in (505, -1, "fly", {"type": "fly"}, {"type": "quaff", "item": "ab"}):
        with pytest.raises(ValueError):
            env.step(bad)


def test_seeding():
    a, b = yendor.Env(), yendor.Env()
    assert play(a, 7, 150)[0] == play(b, 7, 150)[0]
    assert play(a, 7, 5)[0][0] != play(a, 8, 5)[0][0]
    # Unseeded resets follow one fixed sequence: two fresh environments agree.
    c, d = yendor.Env(), yendor.Env()
    first = [c.reset()[1]["state_hash"] for _ in range(3)]
    assert first == [d.reset()[1]["state_hash"] for _ in range(3)]
    assert len(set(first)) == 3


def test_terminated_versus_truncated():
    env = yendor.Env(max_steps=5)
    env.reset(seed=1)
    for i in range(5):
        _, _, terminated, truncated, _ = env.step("search")
        assert terminated is False
        assert truncated is (i == 4)
    with pytest.raises(Exception):
        env.step("search")
    env.reset(seed=1)
    _, _, terminated, truncated, info = env.step({"type": "quit"})
    assert terminated is True and truncated is False and info["outcome"] == "quit"


def test_options_and_rewards():
    env = yendor.Env(generator="caves", size="60x40", reward="depth")
    obs, _ = env.reset(seed=2)
    assert obs["glyphs"].shape == (40, 60)
    assert env.observation_space["terrain"].shape == (40, 60)
    for bad in ({"reward": "gold"}, {"size": "9x9"}, {"levels": -1}, {"nonsense": 1},
                {"rules": "dd"}):
        with pytest.raises(ValueError):
            yendor.Env(**bad)
    score = yendor.Env()
    obs, info = score.reset(seed=5)
    total = 0.0
    rng = np.random.default_rng(0)
    for _ in range(300):
        obs, reward, terminated, truncated, info = score.step(
            int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
        if terminated or truncated:
            break
    stats = dict(zip(yendor.STAT_NAMES, obs["stats"]))
    assert total == stats["gold"] + stats["xp"] + 50 * (stats["deepest"] - 1) or info[
        "outcome"] != "playing"


def test_masked_actions_are_never_refused():
    env = yendor.Env()
    obs, info = env.reset(seed=11)
    rng = np.random.default_rng(2)
    confusion = yendor.STAT_NAMES.index("confusion")
    for _ in range(300):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        confused = obs["stats"][confusion] > 0
        obs, _, terminated, truncated, info = env.step(action)
        assert confused or not info["refused"], yendor.ACTION_NAMES[action]
        if terminated or truncated:
            obs, info = env.reset()
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


def test_observations_are_fresh_arrays():
    env = yendor.Env()
    obs, _ = env.reset(seed=4)
    kept = obs["glyphs"].copy()
    obs["glyphs"][:] = 0
    again, _, _, _, _ = env.step("search")
    assert again["glyphs"].any()
    assert not np.shares_memory(again["glyphs"], obs["glyphs"])
    assert kept.any()


def test_clone_and_restore_replay_exactly():
    env = yendor.Env()
    env.reset(seed=9)
    for _ in range(20):
        env.step("search")
    snapshot = env.clone()
    actions = [0, 1, 2, 3, 24, 26] * 5
    first = [env.step(a)[4]["state_hash"] for a in actions]
    env.restore(snapshot)
    assert [env.step(a)[4]["state_hash"] for a in actions] == first
    other = snapshot.clone()
    assert [other.step(a)[4]["state_hash"] for a in actions] == first


def test_recorded_episodes_verify(tmp_path):
    env = yendor.Env(record=True, check_every=5, max_steps=40)
    play(env, 12, 40)
    text = env.replay()
    assert text.startswith("yendor replay 3\nseed 12\n")
    assert text.count("\ncheck ") == 8
    result = yendor.verify_replay(text)
    assert result["ok"] and result["steps"] == 40 and result["first_divergence"] is None, result
    path = tmp_path / "episode.replay"
    env.save_replay(str(path))
    assert path.read_text() == text
    assert not list(tmp_path.glob("*.tmp*"))

    snapshot = env.clone()
    env.reset(seed=13)
    assert env.replay().count("\n") < text.count("\n")
    env.restore(snapshot)
    assert env.replay() == text

    tampered = re.sub(r"\ncheck 20 [0-9a-f]{16}\n", "\ncheck 20 " + "0" * 16 + "\n", text)
    assert tampered != text
    bad = yendor.verify_replay(tampered)
    assert not bad["ok"] and bad["first_divergence"] == 20, bad
    with pytest.raises(yendor.InputError, match="replay:1"):
        yendor.verify_replay("not a replay")
    with pytest.raises(ValueError, match="record"):
        yendor.Env().replay()

    venv = yendor.VectorEnv(3, record=True, check_every=4)
    venv.reset(seed=5)
    for _ in range(9):
        venv.step(np.full(3, 24))  # wait
    for i in range(3):
        result = yendor.verify_replay(venv.replay(i))
        assert result["ok"] and result["steps"] == 9, result
    assert venv.replay(0) != venv.replay(1)  # each game its own seed


def test_render():
    assert yendor.Env().render() is None
    env = yendor.Env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Depth 1/") and "@" in text
    with pytest.raises(ValueError):
        yendor.Env(render_mode="rgb_array")


def test_vector_env_matches_single_envs():
    n = 4
    venv = yendor.VectorEnv(n, max_steps=30)
    obs, infos = venv.reset(seed=100)
    assert obs["glyphs"].shape == (n,) + venv.single_observation_space["glyphs"].shape
    assert venv.observation_space.contains(obs)
    singles = [yendor.Env(max_steps=30) for _ in range(n)]
    for i, env in enumerate(singles):
        single_obs, info = env.reset(seed=100 + i)
        assert info["state_hash"] == venv.state_hash(i)
        for name in obs:
            assert np.array_equal(obs[name][i], single_obs[name]), name
    rng = np.random.default_rng(5)
    ended = np.zeros(n, dtype=bool)  # a single env that ended (died) is not stepped again
    for _ in range(30):
        actions = rng.integers(0, 505, n)
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        assert rewards.dtype == np.float64 and terminated.dtype == bool
        for i, env in enumerate(singles):
            if ended[i]:
                continue
            single_obs, reward, term, trunc, info = env.step(int(actions[i]))
            assert (reward, term, trunc) == (rewards[i], terminated[i], truncated[i])
            assert info["state_hash"] == venv.state_hash(i)
            assert np.array_equal(obs["glyphs"][i], single_obs["glyphs"])
            ended[i] = term or trunc
    assert ended.all()  # max_steps 30, if nothing ended sooner
    # Next-step auto-reset: the action is ignored, reward 0, a new episode (step 0).
    obs, rewards, terminated, truncated, infos = venv.step(np.zeros(n, dtype=np.int64))
    assert not truncated.any() and not terminated.any() and not rewards.any()
    assert (infos["steps"] == 0).all()


def test_vector_env_threads_and_buffers():
    results = []
    for threads in (1, 2):
        venv = yendor.VectorEnv(6, threads=threads, max_steps=20)
        venv.reset(seed=7)
        rng = np.random.default_rng(9)
        for _ in range(40):
            venv.step(rng.integers(0, 505, 6))
        results.append([venv.state_hash(i) for i in range(6)])
    assert results[0] == results[1]
    shared = yendor.VectorEnv(2, copy=False)
    a, _ = shared.reset(seed=1)
    b, _, _, _, _ = shared.step([24, 24])
    assert np.shares_memory(a["glyphs"], b["glyphs"])
    masks = shared.action_masks()
    assert masks.shape == (2, 505) and masks.dtype == bool and masks.any(axis=1).all()
    with pytest.raises(ValueError):
        shared.step([24])
    with pytest.raises(ValueError):
        shared.step([24, 999])


def test_generate_and_analyze():
    tiles, meta = yendor.generate("caves", 100, 60, seed=3)
    assert tiles.shape == (60, 100) and tiles.dtype == np.uint8
    assert tiles.max() < len(yendor.TILE_NAMES)
    assert meta["generator"] == "caves" and meta["size"] == (100, 60)
    again, _ = yendor.generate("caves", 100, 60, seed=3)
    assert np.array_equal(tiles, again)
    other, _ = yendor.generate("caves", 100, 60, seed=4)
    assert not np.array_equal(tiles, other)
    rooms, meta = yendor.generate("rooms", 80, 50, seed=1)
    assert len(meta["rooms"]) > 0 and "stairs_down" in meta
    metrics = yendor.analyze(tiles)
    assert metrics["connected"] in (0, 1) and metrics["floor_cells"] > 0
    assert yendor.analyze("caves", 100, 60, seed=3) == metrics
    with pytest.raises(ValueError):
        yendor.generate("nope", 80, 50)
    with pytest.raises(ValueError):
        yendor.generate("caves", 80, 50, nonsense=1)
    with pytest.raises(ValueError):
        yendor.analyze(np.full((5, 5), 200, dtype=np.uint8))


def test_register_envs():
    ids = yendor.register_envs()
    try:
        import gymnasium
    except ImportError:
        assert ids == []
        return
    assert "Yendor-v0" in ids
    env = gymnasium.make("Yendor-v0")
    obs, info = env.reset(seed=1)
    assert "glyphs" in obs
