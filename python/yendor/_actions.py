"""Actions as the native module takes them (shared by Env and DdEnv)."""

import numpy as np


def plain_action(action):
    """A numpy scalar or 0-d array as a Python int; anything else (an int, a name, a dict)
    as it is."""
    if isinstance(action, np.ndarray):
        return action.item()
    if isinstance(action, np.integer):
        return int(action)
    return action
