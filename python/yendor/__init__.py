"""Yendor for agents and researchers: the game as a Gymnasium environment, a vector
environment that steps many games inside C++, and the dungeon generators and their metrics.

    import yendor
    env = yendor.Env(max_steps=10_000)            # options as in docs/env.md
    obs, info = env.reset(seed=42)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

    venv = yendor.VectorEnv(64)
    obs, infos = venv.reset(seed=0)
    obs, rewards, terminated, truncated, infos = venv.step(venv.action_space.sample())

    tiles, meta = yendor.generate("caves", 80, 50, seed=7, fill=0.45)
    metrics = yendor.analyze(tiles)

The module never needs gymnasium; when it is importable, Env is a gymnasium.Env, the spaces
are gymnasium.spaces, and register_envs() registers "Yendor-v0" and friends. docs/python.md.
"""

import os

import numpy as np

from . import _yendor
from ._actions import plain_action
from ._yendor import (ACTION_COUNT, ACTION_NAMES, BOTS, GENERATORS, ITEM_FIELDS, STAT_NAMES,
                      TILE_NAMES, InputError)

try:
    import gymnasium as _gym
    from gymnasium import spaces
    _EnvBase = _gym.Env
except ImportError:  # the module itself never needs gymnasium
    _gym = None
    from . import spaces
    _EnvBase = object

from .dd import (DD_ACTION_COUNT, DD_ACTION_NAMES, DD_BOTS, DD_STAT_NAMES, DdBot, DdEnv,
                 dd_evaluate)

__all__ = ["Env", "VectorEnv", "Bot", "BOTS", "generate", "analyze", "verify_replay", "register_envs",
           "InputError", "DdEnv", "DdBot", "dd_evaluate", "DD_ACTION_COUNT", "DD_ACTION_NAMES",
           "DD_STAT_NAMES", "DD_BOTS",
           "ACTION_COUNT", "ACTION_NAMES", "STAT_NAMES", "ITEM_FIELDS", "TILE_NAMES",
           "GENERATORS", "TRAP_NAMES", "action_index"]

TRAP_NAMES = ["dart", "pit", "teleport", "alarm", "poison_needle", "fire"]
_I32 = np.iinfo(np.int32)


def action_index(name):
    """The index of an action name ("move_north", "quaff_c"); ValueError when unknown."""
    return ACTION_NAMES.index(name)


def _next_seed(seed):
    """The seed an unseeded reset uses after `seed` (a 64-bit LCG step: deterministic)."""
    return (seed * 6364136223846793005 + 1442695040888963407) % 2**64


def _observation_space(shape, monster_kinds, item_kinds, batch=()):
    h, w = shape
    grid = tuple(batch) + (h, w)
    return spaces.Dict({
        "glyphs": spaces.Box(0, 255, grid, np.uint8),
        "terrain": spaces.Box(0, len(TILE_NAMES), grid, np.uint8),
        "visible": spaces.Box(0, 1, grid, np.uint8),
        "monsters": spaces.Box(0, monster_kinds + 1, grid, np.int16),
        "items": spaces.Box(0, item_kinds, grid, np.int16),
        "traps": spaces.Box(0, len(TRAP_NAMES), grid, np.uint8),
        "stats": spaces.Box(_I32.min, _I32.max, tuple(batch) + (len(STAT_NAMES),), np.int32),
        "inventory": spaces.Box(_I32.min, _I32.max, tuple(batch) + (52, len(ITEM_FIELDS)),
                                np.int32),
    })


class Env(_EnvBase):
    """One game behind the Gymnasium API.

    Options (keyword arguments, docs/env.md): rules, difficulty, generator, size ("80x50" or
    (80, 50)), levels, start_depth, reward ("score", "depth", "win"), max_steps, name;
    content_dir chooses another content pack. Observations are dicts of numpy arrays
    (fresh arrays each step); info carries the step count, depth, outcome, the step's
    messages, the state hash and "action_mask" (uint8, 1 = the rules accept that action).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 10}

    def __init__(self, render_mode=None, content_dir=None, **options):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self._content_dir = content_dir or ""
        self._env = _yendor.Env(self._content_dir, dict(options))
        self._options = dict(options)
        self._seed = None
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = _observation_space(
            self._env.shape, len(self._env.monster_names), len(self._env.item_names))

    @property
    def monster_names(self):
        """Monster kind ids: monsters layer value v >= 2 is monster_names[v - 2]."""
        return self._env.monster_names

    @property
    def item_names(self):
        """Item kind ids: items layer value v >= 1 is item_names[v - 1]."""
        return self._env.item_names

    def reset(self, *, seed=None, options=None):
        """Starts an episode: (observation, info). An unseeded reset continues a fixed
        sequence of seeds (the first is 0), so runs repeat exactly."""
        if _gym is not None:
            super().reset(seed=seed)
        if seed is None:
            seed = 0 if self._seed is None else _next_seed(self._seed)
        self._seed = int(seed) % 2**64
        obs, info = self._env.reset(self._seed, options)
        info["action_mask"] = self._env.action_mask()
        return obs, info

    def step(self, action):
        """One action (an index, a name, or a game-action dict): (observation, reward,
        terminated, truncated, info)."""
        obs, reward, terminated, truncated, info = self._env.step(plain_action(action))
        info["action_mask"] = self._env.action_mask()
        return obs, float(reward), bool(terminated), bool(truncated), info

    def action_masks(self):
        """The legal-action mask as booleans (the name sb3-contrib's MaskablePPO calls)."""
        return self._env.action_mask().astype(bool)

    def render(self):
        """The screen as text ("ansi": returned; "human": printed)."""
        if self.render_mode is None:
            return None
        text = self._env.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def replay(self):
        """The episode so far as replay text (an Env made or reset with record=True): seed,
        setup, every action and state checks, ending with the current outcome. Save it and
        `yendor replay FILE` shows it; `--headless` verifies it."""
        return self._env.replay()

    def save_replay(self, path):
        """Writes replay() to `path` (through a temporary file, then renamed)."""
        text = self.replay()
        tmp = f"{path}.tmp{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)

    def clone(self):
        """A full, independent copy of this environment (the forward model search needs)."""
        copy = Env.__new__(Env)
        copy.__dict__.update(self.__dict__)
        copy._env = self._env.clone()
        copy.action_space = spaces.Discrete(ACTION_COUNT)
        return copy

    def restore(self, snapshot):
        """Makes this environment equal to `snapshot` (an Env from clone())."""
        self._env.restore(snapshot._env)
        self._seed = snapshot._seed

    def close(self):
        pass


class VectorEnv:
    """num_envs games stepped together inside C++ (with the GIL released; `threads` > 1
    splits them over threads). Observations are batched dicts (first axis: the environment).

    Auto-reset as Gymnasium's next-step mode: after a step that ends an environment's episode,
    its next step resets it (that action is ignored) and reports reward 0. With copy=False the
    returned arrays are the environment's own buffers, overwritten by the next step.
    """

    metadata = {"autoreset_mode": "NextStep"}

    def __init__(self, num_envs, content_dir=None, threads=1, copy=True, **options):
        self.num_envs = int(num_envs)
        self.copy = copy
        self._v = _yendor.VectorEnv(self.num_envs, content_dir or "", dict(options), int(threads))
        probe = _yendor.Env(content_dir or "", dict(options))
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.single_observation_space = _observation_space(
            self._v.shape, len(probe.monster_names), len(probe.item_names))
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, ACTION_COUNT))
        self.observation_space = _observation_space(
            self._v.shape, len(probe.monster_names), len(probe.item_names), (self.num_envs,))
        self._seed = None

    def _observations(self):
        v = self._v
        obs = {"glyphs": v.glyphs, "terrain": v.terrain, "visible": v.visible,
               "monsters": v.monsters, "items": v.items, "traps": v.traps, "stats": v.stats,
               "inventory": v.inventory}
        return {k: a.copy() for k, a in obs.items()} if self.copy else obs

    def _infos(self):
        v = self._v
        infos = {"steps": v.steps, "depth": v.depth}
        return {k: a.copy() for k, a in infos.items()} if self.copy else infos

    def reset(self, *, seed=None, options=None):
        """Resets every environment: seed s gives environment i the seed s + i; a list gives
        each its own; None continues a fixed sequence (the first is 0)."""
        if options:
            raise ValueError("VectorEnv options are given when it is made")
        if seed is None:
            seed = 0 if self._seed is None else _next_seed(self._seed)
        if np.ndim(seed) == 0:
            self._seed = int(seed) % 2**64
            seeds = [(self._seed + i) % 2**64 for i in range(self.num_envs)]
        else:
            seeds = [int(s) % 2**64 for s in seed]
            self._seed = seeds[0]
        self._v.reset(seeds)
        return self._observations(), self._infos()

    def step(self, actions):
        """One action per environment: (observations, rewards, terminations, truncations,
        infos)."""
        self._v.step(np.asarray(actions, dtype=np.int64).reshape(self.num_envs))
        v = self._v
        rewards, terminated, truncated = v.rewards, v.terminated, v.truncated
        if self.copy:
            rewards, terminated, truncated = rewards.copy(), terminated.copy(), truncated.copy()
        return self._observations(), rewards, terminated, truncated, self._infos()

    def action_masks(self):
        """The legal-action masks, shape (num_envs, ACTION_COUNT), as booleans."""
        self._v.compute_masks()
        return self._v.masks.astype(bool)

    def render(self, index=0):
        """The screen of environment `index` as text."""
        return self._v.render_text(index)

    def messages(self, index):
        """What the last step said to environment `index`."""
        return self._v.messages(index)

    def state_hash(self, index):
        return self._v.state_hash(index)

    def replay(self, index):
        """Game `index`'s episode as replay text (made with record=True). A finished episode
        is reset on the next step: take its replay before stepping again."""
        return self._v.replay(index)

    def close(self):
        pass


class Bot:
    """A built-in bot of the main rules (BOTS; `yendor bot list`) with its parameters, e.g.
    Bot("greedy") or Bot("search", samples=2) or Bot("evolved", genome="g.toml")."""

    def __init__(self, name, content_dir=None, **params):
        self.name = name
        self._bot = _yendor.Bot(name, content_dir or "", dict(params))

    def act(self, env):
        """The bot's next action in `env` (an Env): an action index its mask allows."""
        return self._bot.act(env._env if isinstance(env, Env) else env)

    def play(self, seeds, threads=1, action_limit=20000, **options):
        """Whole games inside C++, one per seed (on `threads` threads), with Env options;
        a list of dicts: seed, outcome, deepest, level, xp, turns, kills, score, cause,
        fitness."""
        return self._bot.play([int(s) for s in seeds], dict(options), int(threads),
                              int(action_limit))


def generate(name, width=80, height=50, seed=1, **params):
    """A level of generator `name` (GENERATORS): (tiles, metadata). tiles is a uint8 array of
    shape (height, width) holding tile ids (TILE_NAMES); parameters as `yendor gen list`
    declares them, e.g. generate("caves", 100, 60, seed=3, fill=0.45)."""
    return _yendor.generate(name, int(width), int(height), int(seed) % 2**64, params)


def analyze(tiles_or_name, width=80, height=50, seed=1, **params):
    """The metrics of `yendor analyze` (docs/analysis.md) as a dict (None where a metric is
    undefined): of a tile array, or of a level generated as generate() would."""
    if isinstance(tiles_or_name, str):
        tiles, _ = generate(tiles_or_name, width, height, seed, **params)
    else:
        tiles = tiles_or_name
    return _yendor.analyze(np.ascontiguousarray(tiles, dtype=np.uint8))


def verify_replay(text, content_dir=None):
    """Re-runs replay text (Env.replay(), a file of `yendor play`) from its seed, checking
    every state check and the end, as `yendor replay FILE --headless` does. Returns a dict:
    ok, steps, outcome, first_divergence (None or the step whose check differs), message.
    A malformed text raises InputError naming the line."""
    return _yendor.verify_replay(text, content_dir or "")


def register_envs():
    """Registers Gymnasium ids when gymnasium is importable: Yendor-v0 (the main game),
    YendorDepth-v0 (reward: levels reached), YendorCaves-v0 (caves on every level).
    Returns the ids (empty without gymnasium)."""
    if _gym is None:
        return []
    ids = {"Yendor-v0": {}, "YendorDepth-v0": {"reward": "depth"},
           "YendorCaves-v0": {"generator": "caves"}}
    for env_id, kwargs in ids.items():
        if env_id not in _gym.registry:
            _gym.register(id=env_id, entry_point="yendor:Env", kwargs=kwargs)
    return list(ids)
