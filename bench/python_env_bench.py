#!/usr/bin/env python3
"""Environment steps per second through the Python module (issue 10), one core unless told:
the single Env with random legal actions (mask from info) and with any action, and the
VectorEnv with random actions, then random legal actions (masks from C++, one legal action
per game drawn in numpy), for a few batch sizes (threads=1, then 2). Prints one row per
case; the numbers are this machine's, so compare rows of one run, not runs.

    PYTHONPATH=build/release/python /usr/bin/python3 bench/python_env_bench.py [--seconds S]
"""

import argparse
import time

import numpy as np

import yendor


def rate(run, seconds):
    """Steps per second of run(n) (which performs n steps), measured for about `seconds`."""
    run(200)  # warm up
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run(1000)
        steps += 1000
    return steps / (time.perf_counter() - start)


def single(masked, seconds):
    env = yendor.Env()
    rng = np.random.default_rng(1)
    state = {"info": env.reset(seed=1)[1]}

    def run(n):
        info = state["info"]
        for _ in range(n):
            if masked:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            else:
                action = int(rng.integers(505))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                info = env.reset()[1]
        state["info"] = info

    return rate(run, seconds)


def vector(num_envs, threads, seconds):
    venv = yendor.VectorEnv(num_envs, threads=threads, copy=False)
    venv.reset(seed=1)
    rng = np.random.default_rng(2)
    actions = rng.integers(0, 505, (64, num_envs))

    def run(n):
        for i in range(max(1, n // num_envs)):
            venv.step(actions[i % 64])

    return rate(run, seconds)


def vector_legal(num_envs, threads, seconds):
    """Random legal actions: every step the masks are computed in C++ and one legal action
    per environment drawn in numpy (the largest of uniform keys over the legal ones)."""
    venv = yendor.VectorEnv(num_envs, threads=threads, copy=False)
    venv.reset(seed=1)
    rng = np.random.default_rng(2)

    def run(n):
        for _ in range(max(1, n // num_envs)):
            masks = venv.action_masks()
            keys = np.where(masks, rng.random(masks.shape), -1.0)
            venv.step(keys.argmax(axis=1))

    return rate(run, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per case (default 3)")
    args = parser.parse_args()
    rows = [("python_env/single_random_legal", single(True, args.seconds)),
            ("python_env/single_random_any", single(False, args.seconds))]
    for threads in (1, 2):
        for n in (16, 64, 256):
            rows.append((f"python_env/vector{n}_threads{threads}_random_any",
                         vector(n, threads, args.seconds)))
    for threads in (1, 2):
        for n in (64, 256):
            rows.append((f"python_env/vector{n}_threads{threads}_random_legal",
                         vector_legal(n, threads, args.seconds)))
    for name, steps in rows:
        print(f"{name:45s} {steps / 1000:9.1f}k steps/s")


if __name__ == "__main__":
    main()
