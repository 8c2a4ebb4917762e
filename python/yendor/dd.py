"""The Desktop Dungeons ruleset (docs/dd.md) for agents and researchers: DdEnv with the
Gymnasium API, the built-in bots (DdBot: the next action, or whole games inside C++), and
dd_evaluate, the bots' verdict on the generators (docs/bots.md).

    import yendor
    env = yendor.DdEnv(hero_class="wizard", reward="fitness")
    obs, info = env.reset(seed=7)
    bot = yendor.DdBot("search")
    while True:
        obs, reward, terminated, truncated, info = env.step(bot.act(env))
        if terminated or truncated:
            break
    games = yendor.DdBot("evolved").play(range(1, 1001), threads=2)
"""

import numpy as np

from . import _yendor
from ._actions import plain_action
from ._yendor import DD_ACTION_COUNT, DD_ACTION_NAMES, DD_BOTS, DD_STAT_NAMES

try:
    import gymnasium as _gym
    from gymnasium import spaces
    _EnvBase = _gym.Env
except ImportError:  # the module itself never needs gymnasium
    _gym = None
    from . import spaces
    _EnvBase = object

_SIDE = 20
_I32 = np.iinfo(np.int32)


def _options(kwargs):
    """Python keywords to the environment's option names (class is a Python keyword)."""
    out = dict(kwargs)
    if "hero_class" in out:
        out["class"] = out.pop("hero_class")
    return out


def _observation_space():
    grid = (_SIDE, _SIDE)
    return spaces.Dict({
        "terrain": spaces.Box(0, 2, grid, np.uint8),
        "monster_level": spaces.Box(0, 10, grid, np.uint8),
        "monster_kind": spaces.Box(0, 255, grid, np.uint8),
        "monster_hp": spaces.Box(0, 32767, grid, np.int16),
        "items": spaces.Box(0, 255, grid, np.uint8),
        "spells": spaces.Box(0, 255, grid, np.uint8),
        "stats": spaces.Box(_I32.min, _I32.max, (len(DD_STAT_NAMES),), np.int32),
    })


class DdEnv(_EnvBase):
    """One Desktop Dungeons game behind the Gymnasium API (docs/dd.md).

    Options (keywords): race, hero_class, generator, reward ("xp", "fitness", "win"),
    max_steps, require_winnable; content_dir chooses another data/dd. Observations are dicts
    of 20x20 numpy layers (0 where unrevealed) and the stats vector (DD_STAT_NAMES); info
    carries the steps, the outcome, the refusal of a refused step, the state hash, the
    paper's fitness and "action_mask" (uint8, 1 = the rules accept that action).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 10}

    def __init__(self, render_mode=None, content_dir=None, **options):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self._env = _yendor.DdEnv(content_dir or "", _options(options))
        self.action_space = spaces.Discrete(DD_ACTION_COUNT)
        self.observation_space = _observation_space()

    def reset(self, *, seed=None, options=None):
        if _gym is not None:
            super().reset(seed=seed)
        obs, info = self._env.reset(int(seed or 0) % 2**64,
                                    None if options is None else _options(options))
        info["action_mask"] = self._env.action_mask()
        return obs, info

    def step(self, action):
        """One action: an index, a name ("cast_0_east") or a dict ({"type": "cast", "slot": 0,
        "target": (x, y)}): (observation, reward, terminated, truncated, info)."""
        obs, reward, terminated, truncated, info = self._env.step(plain_action(action))
        info["action_mask"] = self._env.action_mask()
        return obs, float(reward), bool(terminated), bool(truncated), info

    def action_masks(self):
        return self._env.action_mask().astype(bool)

    def render(self):
        if self.render_mode is None:
            return None
        text = self._env.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def clone(self):
        """A full, independent copy (a few kilobytes: cheap enough for any search)."""
        copy = DdEnv.__new__(DdEnv)
        copy.__dict__.update(self.__dict__)
        copy._env = self._env.clone()
        return copy

    def restore(self, snapshot):
        self._env.restore(snapshot._env)

    def state_hash(self):
        return self._env.state_hash()

    def close(self):
        pass


class DdBot:
    """A built-in bot (DD_BOTS: random, greedy, evolved, search) with its parameters
    (`yendor bot list`), e.g. DdBot("search", samples=8) or DdBot("evolved", genome="g.toml").
    """

    def __init__(self, name, content_dir=None, **params):
        self.name = name
        self._bot = _yendor.DdBot(name, content_dir or "", dict(params))

    def act(self, env):
        """The bot's next action in `env` (a DdEnv): an index, or an action dict."""
        return self._bot.act(env._env if isinstance(env, DdEnv) else env)

    def play(self, seeds, threads=1, action_limit=5000, **options):
        """Whole games inside C++, one per seed (on `threads` threads); a list of dicts:
        seed, outcome, level, xp, turns, kills, potions used, killer_level, fitness."""
        return self._bot.play([int(s) for s in seeds], _options(options), int(threads),
                              int(action_limit))


def dd_evaluate(bot, generators, seeds, threads=1, bot_params=None, content_dir=None,
                **options):
    """Each generator judged by `bot`'s games on its levels (`yendor eval`): a list of dicts
    with wins, mean turns, deaths by the killer's level, potions and the levels' metrics."""
    seeds = list(seeds)
    if not seeds or seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        raise ValueError("seeds must be a non-empty run of consecutive integers")
    return _yendor.dd_evaluate(bot, list(generators), seeds[0], len(seeds), dict(bot_params or {}),
                               _options(options), int(threads), content_dir or "")
