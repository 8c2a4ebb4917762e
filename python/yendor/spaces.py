"""Space descriptions for when the gymnasium package is not installed.

yendor never needs gymnasium: without it, Env.action_space and Env.observation_space are
these small classes, which describe the same spaces (n, shape, dtype, low, high) and can
sample() and check contains(). With gymnasium importable, yendor uses gymnasium.spaces.
"""

import numpy as np


class Discrete:
    """The integers 0 .. n-1."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(np.asarray(mask, dtype=bool))
        return int(self._rng.choice(legal)) if len(legal) else 0

    def contains(self, x):
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return f"Discrete({self.n})"


class MultiDiscrete:
    """One Discrete(n) per environment of a vector environment."""

    def __init__(self, nvec, seed=None):
        self.nvec = np.asarray(nvec, dtype=np.int64)
        self.shape = self.nvec.shape
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.integers(self.nvec)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all((x >= 0) & (x < self.nvec)))

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return f"MultiDiscrete({self.nvec.tolist()})"


class Box:
    """Arrays of a shape and dtype with values in [low, high]."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.integers(self.low, self.high, endpoint=True, dtype=self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype == self.dtype and
                bool(np.all((x >= self.low) & (x <= self.high))))

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class Dict:
    """A dictionary of named spaces."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def seed(self, seed=None):
        for i, space in enumerate(self.spaces.values()):
            space.seed(None if seed is None else seed + i)

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys() and
                all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k!r}: {s!r}" for k, s in self.spaces.items()) + ")"
