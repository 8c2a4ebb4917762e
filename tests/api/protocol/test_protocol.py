"""Conformance of `yendor serve` to protocol v1 (docs/protocol.md, values from docs/env.md).

Every test runs over the three transports: stdio (a fresh `yendor serve --stdio` process per
client), TCP and WebSocket (one server per transport for the module, a fresh connection per
test). Each test is small and checks one rule of the contract: hello, reset/step/observe,
determinism, legal actions, clone/restore/forget, observation fields, render, reset
options, quitting, error codes (after which the connection must stay usable), framing,
pipelining and close.

Run (see conftest.py):

    YENDOR_BIN=build/.../yendor YENDOR_DATA_DIR=data \
        /usr/bin/python3 -m pytest tests/api/protocol -q
"""

import json
import random
import re
import subprocess
import time

import pytest

from yendor_client import (StdioClient, error_code, expect_error, expect_ok, open_client,
                           start_server)

TRANSPORTS = ("stdio", "tcp", "ws")

ACTION_COUNT = 505
WAIT = 24
# docs/env.md, "Observation": the 23 stats in stat_names() order.
STAT_NAMES = ["hp", "max_hp", "str", "dex", "con", "armour", "level", "xp", "gold", "depth",
              "deepest", "turns", "nutrition", "pending_raises", "x", "y", "haste", "slow",
              "confusion", "poison", "fire_resistance", "telepathy", "levitation"]
GRID_LAYERS = ("terrain", "visible", "monsters", "items", "traps")
OBSERVATION_FIELDS = ("width", "height", "glyphs", *GRID_LAYERS, "stats", "inventory",
                      "messages")
HASH_RE = re.compile(r"[0-9a-fA-F]{16}")


# ---------------------------------------------------------------------------------------
# Fixtures: a transport, its server, and fresh clients
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=TRANSPORTS)
def transport(request):
    return request.param


@pytest.fixture(scope="module")
def server(yendor_bin, transport):
    """The module's TCP or WebSocket server (None for stdio: each client is a process)."""
    if transport == "stdio":
        yield None
        return
    with start_server(yendor_bin, transport) as srv:
        yield srv


@pytest.fixture
def connect(yendor_bin, transport, server):
    """A factory of connected clients, all closed after the test."""
    opened = []

    def _connect():
        client = open_client(yendor_bin, transport, server)
        opened.append(client)
        return client

    yield _connect
    for client in opened:
        client.close()


@pytest.fixture
def client(connect):
    """A fresh connection (a fresh process for stdio)."""
    return connect()


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def reset(c, seed=42, **fields):
    request = {"op": "reset", "seed": seed, **fields}
    return expect_ok(c.request(request), f"reset {request}")


def step(c, action, **fields):
    return expect_ok(c.request({"op": "step", "action": action, **fields}), f"step {action!r}")


def observe(c, **fields):
    return expect_ok(c.request({"op": "observe", **fields}), "observe")


def legal_actions(c):
    return expect_ok(c.request({"op": "legal_actions"}), "legal_actions")["actions"]


def clone(c):
    reply = expect_ok(c.request({"op": "clone"}), "clone")
    snapshot = reply.get("snapshot")
    assert isinstance(snapshot, int) and not isinstance(snapshot, bool), (
        f"clone: 'snapshot' should be an integer: {reply}")
    return snapshot


def restore(c, snapshot, **fields):
    return expect_ok(c.request({"op": "restore", "snapshot": snapshot, **fields}),
                     f"restore {snapshot}")


def assert_usable(c):
    """The connection still answers: hello works and echoes its id."""
    reply = expect_ok(c.request({"op": "hello", "id": "still-usable"}),
                      "hello after the previous request")
    assert reply.get("id") == "still-usable", f"hello did not echo its id: {reply}"
    assert reply.get("protocol") == 1, f"hello: protocol should be 1: {reply}"


def play_random(c, rng, n):
    """Up to `n` steps of random legal actions (stops at the end of the episode).

    Returns (actions, state hashes after each step, rewards, whether the episode ended).
    """
    actions, hashes, rewards = [], [], []
    for _ in range(n):
        legal = legal_actions(c)
        assert legal, "legal_actions: no legal action in a running episode"
        action = rng.choice(legal)
        reply = step(c, action, fields=[])
        actions.append(action)
        hashes.append(reply["info"]["state_hash"])
        rewards.append(reply["reward"])
        if reply["terminated"] or reply["truncated"]:
            return actions, hashes, rewards, True
    return actions, hashes, rewards, False


def replay(c, actions):
    """Step `actions` in order; returns (state hashes, rewards)."""
    hashes, rewards = [], []
    for action in actions:
        reply = step(c, action, fields=[])
        hashes.append(reply["info"]["state_hash"])
        rewards.append(reply["reward"])
    return hashes, rewards


def cell(obs, layer, x, y):
    return obs[layer][y * obs["width"] + x]


# ---------------------------------------------------------------------------------------
# hello
# ---------------------------------------------------------------------------------------


def test_hello_basics(client):
    reply = expect_ok(client.request({"op": "hello"}), "hello")
    assert reply.get("protocol") == 1, f"protocol should be 1: {reply.get('protocol')!r}"
    assert reply.get("server") == "yendor", f"server should be 'yendor': {reply.get('server')!r}"
    capabilities = reply.get("capabilities")
    assert isinstance(capabilities, list) and all(isinstance(s, str) for s in capabilities), (
        f"capabilities should be a list of strings: {capabilities!r}")
    for key in ("item_fields", "rewards"):
        assert key in reply, f"hello reply lacks {key!r}: {sorted(reply)}"
    rules = reply.get("rules")
    assert isinstance(rules, list) and "main" in rules, f"rules should contain 'main': {rules!r}"


def test_hello_action_names(client):
    actions = expect_ok(client.request({"op": "hello"}), "hello").get("actions")
    assert isinstance(actions, list), f"actions should be a list: {actions!r}"
    assert len(actions) == ACTION_COUNT, f"expected {ACTION_COUNT} action names, got {len(actions)}"
    assert all(isinstance(a, str) and a for a in actions), (
        "action names should be non-empty strings")
    assert len(set(actions)) == ACTION_COUNT, "action names should be unique"
    # Spot checks of the index table of docs/env.md.
    expected = {0: "move_north", 1: "move_east", 24: "wait", 28: "descend", 29: "ascend",
                34: "raise_str", 36: "raise_con", 37: "drop_a", 37 + 52 + 2: "quaff_c",
                504: "throw_Z"}
    for index, name in expected.items():
        assert actions[index] == name, f"action {index} should be {name!r}, got {actions[index]!r}"
    assert "quaff_c" in actions


def test_hello_stat_names(client):
    stats = expect_ok(client.request({"op": "hello"}), "hello").get("stats")
    assert isinstance(stats, list), f"stats should be a list of names: {stats!r}"
    assert "hp" in stats and "levitation" in stats, f"stats lack hp or levitation: {stats}"
    assert stats == STAT_NAMES, f"stats should be stat_names() of docs/env.md: {stats}"


@pytest.mark.parametrize("key", ["tiles", "monsters", "items", "traps"])
def test_hello_content_names(client, key):
    names = expect_ok(client.request({"op": "hello"}), "hello").get(key)
    assert isinstance(names, list) and names, f"{key} should be a non-empty list: {names!r}"
    assert all(isinstance(n, str) and n for n in names), f"{key} should hold names: {names!r}"


@pytest.mark.parametrize("request_id", [7, 0, "abc", {"n": [1, 2]}, [1, "x", None]],
                         ids=["int", "zero", "string", "object", "array"])
def test_id_is_echoed(client, request_id):
    reply = expect_ok(client.request({"op": "hello", "id": request_id}), "hello")
    assert "id" in reply and reply["id"] == request_id, (
        f"the reply should echo id {request_id!r}: got {reply.get('id', '<missing>')!r}")


def test_id_is_echoed_on_errors(client):
    reply = expect_error(client.request({"op": "frobnicate", "id": 9}), "unknown_op")
    assert reply.get("id") == 9, f"an error reply should echo the id too: {reply}"


# ---------------------------------------------------------------------------------------
# reset, observe, step
# ---------------------------------------------------------------------------------------


def test_reset_observation_shape(client):
    obs = reset(client, 42)["observation"]
    for key in OBSERVATION_FIELDS:
        assert key in obs, f"the observation lacks {key!r}: {sorted(obs)}"
    width, height = obs["width"], obs["height"]
    assert isinstance(width, int) and width > 0 and isinstance(height, int) and height > 0, (
        f"bad size {width!r}x{height!r}")
    glyphs = obs["glyphs"]
    assert len(glyphs) == height, f"glyphs has {len(glyphs)} rows, height is {height}"
    for y, row in enumerate(glyphs):
        assert isinstance(row, str) and len(row) == width, (
            f"glyph row {y} should be a string of {width} characters: {row!r}")
    for layer in GRID_LAYERS:
        values = obs[layer]
        assert isinstance(values, list) and len(values) == width * height, (
            f"{layer} should have width*height = {width * height} values, has {len(values)}")
        assert all(isinstance(v, int) and v >= 0 for v in values), f"{layer}: bad values"
    assert set(obs["visible"]) <= {0, 1}, "visible should hold only 0 and 1"
    stats = obs["stats"]
    assert isinstance(stats, dict) and set(stats) == set(STAT_NAMES), (
        f"stats should map the 23 stat names to values: {stats}")
    assert all(isinstance(v, int) for v in stats.values()), f"stats should be integers: {stats}"
    assert stats["hp"] > 0 and stats["depth"] == 1, f"a new game: {stats}"
    assert isinstance(obs["messages"], list) and all(isinstance(m, str) for m in obs["messages"])
    inventory = obs["inventory"]
    assert isinstance(inventory, list), f"inventory should be a list: {inventory!r}"
    for entry in inventory:
        assert isinstance(entry, dict), f"inventory entries are objects: {entry!r}"
        for key in ("letter", "kind", "name", "count", "enchant"):
            assert key in entry, f"inventory entry lacks {key!r}: {entry}"
        assert entry.get("equipped", "wielded") in ("wielded", "worn"), f"bad equipped: {entry}"


def test_reset_player_position(client):
    obs = reset(client, 42)["observation"]
    x, y = obs["stats"]["x"], obs["stats"]["y"]
    assert 0 <= x < obs["width"] and 0 <= y < obs["height"], f"player at ({x}, {y}) off the map"
    assert obs["glyphs"][y][x] == "@", (
        f"the glyph at the player's stats position ({x}, {y}) is {obs['glyphs'][y][x]!r}, not '@'")
    at_signs = [(cx, cy) for cy, row in enumerate(obs["glyphs"])
                for cx, ch in enumerate(row) if ch == "@"]
    # Exactly one '@' is the player; a visible monster drawn as '@' (a bandit, a shopkeeper)
    # must stand in the monsters layer.
    others = [p for p in at_signs if p != (x, y) and cell(obs, "monsters", *p) < 2]
    assert not others, f"'@' glyphs at {others} are neither the player nor a monster"
    assert cell(obs, "monsters", x, y) == 1, "the monsters layer should hold 1 at the player"
    assert obs["monsters"].count(1) == 1, "exactly one cell of the monsters layer should be 1"
    assert cell(obs, "visible", x, y) == 1, "the player's own cell should be visible"


def test_reset_info(client):
    info = reset(client, 42)["info"]
    assert info.get("steps") == 0, f"steps should be 0 after reset: {info}"
    assert info.get("depth") == 1, f"depth should be 1: {info}"
    assert info.get("outcome") == "playing", f"outcome should be 'playing': {info}"
    assert info.get("seed") == 42, f"seed should be 42: {info}"
    assert isinstance(info.get("turns"), int), f"turns should be an integer: {info}"
    assert isinstance(info.get("cause"), str), f"cause should be a string: {info}"
    state_hash = info.get("state_hash")
    assert isinstance(state_hash, str) and HASH_RE.fullmatch(state_hash), (
        f"state_hash should be a string of 16 hex digits: {state_hash!r}")


def test_reset_seed_defaults_to_zero(client):
    implicit = expect_ok(client.request({"op": "reset"}), "reset without a seed")["info"]
    explicit = reset(client, 0)["info"]
    assert implicit.get("seed") == 0, f"the default seed should be 0: {implicit}"
    assert implicit["state_hash"] == explicit["state_hash"], "reset and reset seed 0 differ"


def test_observe_matches_reset(client):
    first = reset(client, 42)
    again = observe(client)
    assert again["info"] == first["info"], "observe should give reset's info"
    assert again["observation"] == first["observation"], "observe should give reset's observation"


@pytest.mark.parametrize("action", [WAIT, "wait", {"type": "wait"}],
                         ids=["index", "name", "game_action"])
def test_step_reply(client, action):
    reset(client, 42)
    for n in (1, 2, 3):
        reply = expect_ok(client.request({"op": "step", "action": action, "id": n}),
                          f"step {action!r}")
        assert reply.get("id") == n, f"step should echo its id: {reply.get('id')!r}"
        for key in ("terminated", "truncated", "refused"):
            assert isinstance(reply.get(key), bool), (
                f"{key} should be a boolean: {reply.get(key)!r}")
        reward = reply.get("reward")
        assert isinstance(reward, (int, float)) and not isinstance(reward, bool), (
            f"reward should be a number: {reward!r}")
        assert isinstance(reply.get("observation"), dict) and "glyphs" in reply["observation"]
        info = reply.get("info")
        assert isinstance(info, dict), f"info should be an object: {info!r}"
        assert info.get("steps") == n, f"info.steps should be {n} after {n} steps: {info}"
        assert HASH_RE.fullmatch(str(info.get("state_hash"))), f"bad state_hash: {info}"
        assert not reply["terminated"] and not reply["truncated"], f"waiting ended the game: {info}"


def test_step_forms_agree(client):
    """An index, its name and the matching game action object are the same action."""
    reset(client, 42)
    snapshot = clone(client)
    forms = [(WAIT, "wait", {"type": "wait"}),
             (1, "move_east", {"type": "move", "dir": [1, 0]}),
             (2, "move_south", {"type": "move", "dir": [0, 1]})]
    for same in forms:
        results = []
        for action in same:
            restore(client, snapshot, fields=[])
            reply = step(client, action, fields=[])
            results.append((reply["info"]["state_hash"], reply["refused"], reply["reward"]))
        assert len(set(results)) == 1, f"{same} should act alike: {results}"


# ---------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------


def test_same_seed_same_states(connect):
    first, second = connect(), connect()
    start = reset(first, 1234, fields=[])["info"]["state_hash"]
    actions, hashes, rewards, _ = play_random(first, random.Random(5), 50)
    assert reset(second, 1234, fields=[])["info"]["state_hash"] == start, (
        "the same seed should give the same first state")
    assert replay(second, actions) == (hashes, rewards), (
        "the same seed and actions should give the same state hashes and rewards")


def test_different_seeds_differ(client):
    a = reset(client, 1, fields=[])["info"]["state_hash"]
    b = reset(client, 2, fields=[])["info"]["state_hash"]
    assert a != b, "seeds 1 and 2 gave the same state hash"


def test_determinism_across_transports(yendor_bin):
    """stdio, TCP and WebSocket serve the same environment: same seed, actions, hashes."""
    with start_server(yendor_bin, "tcp") as tcp, start_server(yendor_bin, "ws") as ws:
        reference = StdioClient(yendor_bin)
        try:
            start = reset(reference, 42, fields=[])["info"]["state_hash"]
            actions, hashes, rewards, _ = play_random(reference, random.Random(42), 50)
        finally:
            reference.close()
        for srv in (tcp, ws):
            c = srv.connect()
            try:
                assert reset(c, 42, fields=[])["info"]["state_hash"] == start, (
                    f"{srv.transport}: the first state differs from stdio's")
                assert replay(c, actions) == (hashes, rewards), (
                    f"{srv.transport}: hashes or rewards differ from stdio's for the same actions")
            finally:
                c.close()


def test_connections_are_independent(connect):
    """Each connection has its own environment and its own reset options."""
    a, b = connect(), connect()
    size = reset(b, 2, fields=["width", "height"])["observation"]
    default_size = (size["width"], size["height"])
    assert default_size != (60, 40), "the default map size is 60x40: pick another test size"
    reset(a, 1, options={"generator": "caves", "size": "60x40"}, fields=[])
    before = observe(b, fields=[])["info"]
    play_random(a, random.Random(1), 5)
    assert observe(b, fields=[])["info"] == before, "steps on one connection changed another"
    size = reset(b, 2, fields=["width", "height"])["observation"]
    assert (size["width"], size["height"]) == default_size, (
        "options given on one connection changed another connection's resets")


# ---------------------------------------------------------------------------------------
# legal_actions
# ---------------------------------------------------------------------------------------


def test_legal_actions_format(client):
    reset(client, 42)
    reply = expect_ok(client.request({"op": "legal_actions"}), "legal_actions")
    mask, actions = reply.get("mask"), reply.get("actions")
    assert isinstance(mask, str) and len(mask) == ACTION_COUNT, (
        f"mask should be a string of {ACTION_COUNT} characters: {mask!r}")
    assert set(mask) <= {"0", "1"}, f"mask should hold only '0' and '1': {mask!r}"
    assert isinstance(actions, list) and actions, f"actions should be a non-empty list: {actions!r}"
    assert actions == [i for i, ch in enumerate(mask) if ch == "1"], (
        "actions should be exactly the indices of the mask's '1's, ascending")


def _check_actions_from(client, snapshot, actions, expect_refused):
    """Step each action from `snapshot`; check `refused` (unless the player is confused)."""
    for action in actions:
        restored = restore(client, snapshot, fields=["stats"])
        stats, steps = restored["observation"]["stats"], restored["info"]["steps"]
        reply = step(client, action, fields=["messages"])
        assert reply["info"]["steps"] == steps + 1, "a step (even refused) counts as a step"
        if stats["confusion"] > 0:
            continue  # a confused move may stumble either way
        assert reply["refused"] is expect_refused, (
            f"action {action} is {'il' if expect_refused else ''}legal by the mask but step "
            f"gave refused={reply['refused']}: {reply['observation']['messages']}")
        if expect_refused:
            assert reply["observation"]["messages"], f"refused action {action}: no reason given"


def test_legal_actions_are_not_refused(client):
    rng = random.Random(7)
    reset(client, 7, fields=[])
    for point in range(2):
        if point:
            if play_random(client, rng, 15)[3]:
                break  # the episode ended: nothing more to probe
        snapshot = clone(client)
        legal = legal_actions(client)
        sample = legal if len(legal) <= 12 else sorted(rng.sample(legal, 12))
        _check_actions_from(client, snapshot, sample, expect_refused=False)


def test_illegal_actions_are_refused(client):
    """The mask is exact (docs/env.md): an action it marks illegal is refused."""
    rng = random.Random(8)
    reset(client, 8, fields=[])
    snapshot = clone(client)
    legal = set(legal_actions(client))
    illegal = [a for a in range(ACTION_COUNT) if a not in legal]
    _check_actions_from(client, snapshot, sorted(rng.sample(illegal, min(8, len(illegal)))),
                        expect_refused=True)


# ---------------------------------------------------------------------------------------
# clone, restore, forget
# ---------------------------------------------------------------------------------------


def test_clone_restore_roundtrip(client):
    rng = random.Random(11)
    reset(client, 5, fields=[])
    play_random(client, rng, 3)
    at_clone = observe(client, fields=[])["info"]
    snapshot = clone(client)
    actions, hashes, rewards, _ = play_random(client, rng, 20)
    info = restore(client, snapshot)["info"]
    assert info["state_hash"] == at_clone["state_hash"], "restore did not bring the state back"
    assert info["steps"] == at_clone["steps"], (
        f"restore should bring the step count back to {at_clone['steps']}: {info}")
    assert replay(client, actions) == (hashes, rewards), (
        "the same actions after restore gave other hashes or rewards")


def test_restore_keeps_the_snapshot(client):
    reset(client, 6, fields=[])
    snapshot = clone(client)
    start = observe(client, fields=[])["info"]["state_hash"]
    for _ in range(2):
        replay(client, [WAIT, WAIT])
        assert restore(client, snapshot, fields=[])["info"]["state_hash"] == start, (
            "a snapshot should stay after a restore and restore again")


def test_forget_snapshot(client):
    reset(client, 6, fields=[])
    snapshot = clone(client)
    expect_ok(client.request({"op": "forget", "snapshot": snapshot}), "forget")
    expect_error(client.request({"op": "restore", "snapshot": snapshot}), "unknown_snapshot",
                 "restore of a forgotten snapshot")
    expect_error(client.request({"op": "forget", "snapshot": snapshot}), "unknown_snapshot",
                 "forget of a forgotten snapshot")
    assert_usable(client)


def test_restore_unknown_snapshot(client):
    reset(client, 6, fields=[])
    expect_error(client.request({"op": "restore", "snapshot": 987654}), "unknown_snapshot",
                 "restore of a snapshot never made")
    assert_usable(client)


@pytest.mark.parametrize("req", [{"op": "restore"}, {"op": "restore", "snapshot": "one"},
                                     {"op": "forget"}],
                         ids=["restore_missing", "restore_string", "forget_missing"])
def test_snapshot_field_errors(client, req):
    reset(client, 6, fields=[])
    reply = expect_error(client.request(req), "bad_request", f"{req}")
    assert "snapshot" in reply["error"]["message"], f"the message should name 'snapshot': {reply}"
    assert_usable(client)


def test_snapshots_belong_to_their_connection(connect):
    a, b = connect(), connect()
    reset(a, 3, fields=[])
    reset(b, 3, fields=[])
    snapshot = clone(a)
    expect_error(b.request({"op": "restore", "snapshot": snapshot}), "unknown_snapshot",
                 "restore of another connection's snapshot")


def test_snapshot_limit(client):
    """At most 64 snapshots at once: the 65th clone is an error; forgetting one frees a place."""
    reset(client, 3, fields=[])
    snapshots = [clone(client) for _ in range(64)]
    assert len(set(snapshots)) == 64, "snapshot ids should be distinct"
    code = error_code(client.request({"op": "clone"}), "the 65th clone")
    assert code != "internal", "the 65th clone should be a proper error, not 'internal'"
    expect_ok(client.request({"op": "forget", "snapshot": snapshots[0]}), "forget")
    clone(client)


# ---------------------------------------------------------------------------------------
# Observation fields
# ---------------------------------------------------------------------------------------


def test_fields_only_stats(client):
    reply = reset(client, 42, fields=["stats"])
    assert set(reply["observation"]) == {"stats"}, (
        f"fields ['stats'] should give only stats: {sorted(reply['observation'])}")
    assert "info" in reply, "info comes whatever the fields"


def test_fields_empty(client):
    reply = reset(client, 42, fields=[])
    assert reply["observation"] == {}, f"fields [] should give {{}}: {reply['observation']}"


def test_fields_on_every_observation_reply(client):
    reset(client, 42, fields=[])
    wanted = ["glyphs", "stats"]
    snapshot = clone(client)
    replies = {"step": step(client, WAIT, fields=wanted), "observe": observe(client, fields=wanted),
               "restore": restore(client, snapshot, fields=wanted)}
    for op, reply in replies.items():
        assert set(reply["observation"]) == set(wanted), (
            f"{op} with fields {wanted} gave {sorted(reply['observation'])}")


@pytest.mark.parametrize("fields", [["no_such_field"], ["stats", "nope"], "stats", [5]],
                         ids=["unknown", "unknown_among_known", "not_a_list", "not_strings"])
def test_fields_errors(client, fields):
    reply = expect_error(client.request({"op": "reset", "seed": 1, "fields": fields}),
                         "bad_request", f"fields {fields!r}")
    assert "field" in reply["error"]["message"], f"the message should name the field: {reply}"
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# render
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("req", [{"op": "render"}, {"op": "render", "mode": "text"}],
                         ids=["default", "text"])
def test_render_text(client, req):
    reset(client, 42, fields=[])
    text = expect_ok(client.request(req), "render").get("text")
    assert isinstance(text, str), f"render should give text: {text!r}"
    first = text.split("\n", 1)[0]
    assert first.startswith("Depth 1/"), f"the status line should start 'Depth 1/': {first!r}"
    assert "@" in text, "the screen should show the player '@'"


def test_render_unknown_mode(client):
    reset(client, 42, fields=[])
    expect_error(client.request({"op": "render", "mode": "hologram"}), "bad_request",
                 "render mode 'hologram'")
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# Reset options
# ---------------------------------------------------------------------------------------


def test_max_steps_truncates(client):
    reset(client, 42, options={"max_steps": 3}, fields=[])
    for n in (1, 2, 3):
        reply = step(client, WAIT, fields=[])
        assert reply["truncated"] is (n == 3), (
            f"step {n} of max_steps 3: truncated={reply['truncated']}")
        assert reply["terminated"] is False, f"step {n}: waiting should not end the game"
    expect_error(client.request({"op": "step", "action": WAIT}), "episode_over",
                 "a 4th step of max_steps 3")
    assert reset(client, 43, fields=[])["info"]["steps"] == 0, "a new reset should start over"
    step(client, WAIT, fields=[])


def test_options_stay_for_later_resets(client):
    reset(client, 42, options={"max_steps": 2}, fields=[])
    reset(client, 43, fields=[])  # no options: max_steps 2 stays
    assert step(client, WAIT, fields=[])["truncated"] is False
    assert step(client, WAIT, fields=[])["truncated"] is True, (
        "options given once should stay for the connection's later resets")
    reset(client, 44, options={"max_steps": 0}, fields=[])  # given again: no limit
    for _ in range(3):
        assert step(client, WAIT, fields=[])["truncated"] is False, "max_steps 0 means no limit"


def test_generator_and_size_options(client):
    obs = reset(client, 42, options={"generator": "caves", "size": "60x40"})["observation"]
    assert (obs["width"], obs["height"]) == (60, 40), (
        f"size 60x40 gave {obs['width']}x{obs['height']}")
    assert len(obs["glyphs"]) == 40 and all(len(row) == 60 for row in obs["glyphs"])
    assert len(obs["terrain"]) == 60 * 40


def test_levels_and_start_depth_options(client):
    info = reset(client, 42, options={"levels": 3, "start_depth": 2}, fields=[])["info"]
    assert info["depth"] == 2, f"start_depth 2 should start on depth 2: {info}"
    text = expect_ok(client.request({"op": "render"}), "render")["text"]
    assert text.startswith("Depth 2/3"), f"the status line should say 'Depth 2/3': {text[:60]!r}"


@pytest.mark.parametrize("options", [{"reward": "depth"}, {"reward": "win"}, {"reward": "score"},
                                     {"difficulty": "hard"}, {"rules": "main"},
                                     {"name": "Tester"}],
                         ids=["reward_depth", "reward_win", "reward_score", "difficulty",
                              "rules", "name"])
def test_good_options(client, options):
    reset(client, 42, options=options, fields=[])
    reply = step(client, WAIT, fields=[])
    if options.get("reward") in ("depth", "win"):
        assert reply["reward"] == 0, (
            f"waiting on the first turn earns nothing under {options}: {reply['reward']}")


@pytest.mark.parametrize("options, name", [
    ({"reward": "gold"}, "reward"),
    ({"size": "9x9"}, "size"),
    ({"size": "sixty"}, "size"),
    ({"levels": -1}, "levels"),
    ({"levels": 3, "start_depth": 5}, "start_depth"),
    ({"max_steps": -1}, "max_steps"),
    ({"max_steps": "ten"}, "max_steps"),
    ({"difficulty": "impossible"}, "difficulty"),
    ({"rules": "nethack"}, "rules"),
    ({"record": "maybe"}, "record"),
    ({"check_every": 0}, "check_every"),
    ({"generator": "no_such_generator"}, "generator"),
    ({"nonsense": 1}, "nonsense"),
    (5, "options"),
], ids=["reward_gold", "size_9x9", "size_word", "levels_negative", "start_depth_too_deep",
        "max_steps_negative", "max_steps_string", "difficulty", "rules", "record",
        "check_every", "generator",
        "unknown_option", "not_an_object"])
def test_bad_options(client, options, name):
    reply = expect_error(client.request({"op": "reset", "seed": 1, "options": options}),
                         "bad_request", f"reset with options {options!r}")
    assert name in reply["error"]["message"], f"the message should name {name!r}: {reply}"
    assert_usable(client)
    # A rejected reset leaves no bad option behind for the next one.
    reset(client, 1, fields=[])


@pytest.mark.parametrize("seed", [-1, "abc", 1.5], ids=["negative", "string", "float"])
def test_bad_seed(client, seed):
    reply = expect_error(client.request({"op": "reset", "seed": seed}), "bad_request",
                         f"reset with seed {seed!r}")
    assert "seed" in reply["error"]["message"], f"the message should name 'seed': {reply}"
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# Recorded episodes
# ---------------------------------------------------------------------------------------


def test_recorded_episode_verifies_headless(client, yendor_bin, tmp_path):
    hello = expect_ok(client.request({"op": "hello"}), "hello")
    assert "replay" in hello["capabilities"], f"hello should offer 'replay': {hello}"
    reset(client, 5, options={"record": True, "check_every": 3, "levels": 3,
                              "start_depth": 2}, fields=[])
    actions = ["move_north", WAIT, "search", {"type": "move", "dir": [1, 0]}, "rest",
               "ascend"]
    for action in actions:
        step(client, action, fields=[])
    reply = expect_ok(client.request({"op": "replay", "id": 9}), "replay")
    assert reply.get("id") == 9 and reply.get("steps") == len(actions), reply
    text = reply["replay"]
    assert text.startswith("yendor replay 3\nseed 5\n"), f"replay header: {text[:80]!r}"
    assert "\nstart_depth 2\n" in text and "\ncheck 3 " in text and "\ncheck 6 " in text, text
    assert text.endswith("\n") and "\nend playing " in text, text[-80:]
    path = tmp_path / "episode.replay"
    path.write_text(text)
    run = subprocess.run([yendor_bin, "replay", str(path), "--headless"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, f"yendor replay --headless: {run.stderr}"
    assert run.stdout.startswith(f"replay ok: {len(actions)} steps"), run.stdout


def test_replay_needs_recording(client):
    expect_error(client.request({"op": "replay"}), "not_reset", "replay before any reset")
    reset(client, 5, options={"record": False}, fields=[])
    reply = expect_error(client.request({"op": "replay"}), "bad_request",
                         "replay of an episode not recorded")
    assert "record" in reply["error"]["message"], reply
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# Quitting
# ---------------------------------------------------------------------------------------


def test_quit_game_action(client):
    reset(client, 42, fields=[])
    reply = step(client, {"type": "quit"}, fields=[])
    assert reply["terminated"] is True, f"quitting should terminate the episode: {reply}"
    assert reply["truncated"] is False, f"quitting is not a truncation: {reply}"
    assert reply["info"]["outcome"] == "quit", f"outcome should be 'quit': {reply['info']}"
    expect_error(client.request({"op": "step", "action": WAIT}), "episode_over",
                 "a step after quitting")
    reset(client, 42, fields=[])


# ---------------------------------------------------------------------------------------
# Errors: each leaves the connection usable
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ['{"op": ', '{"op": "hello"', "hello", "{'op': 'hello'}",
                                  '{"op": "hello"} {"op": "hello"}'],
                         ids=["truncated", "unclosed", "bare_word", "single_quotes",
                              "trailing_data"])
def test_bad_json(client, text):
    client.send_message(text)
    expect_error(client.read_reply(), "bad_json", repr(text))
    assert_usable(client)


@pytest.mark.parametrize("text", ["[1, 2]", "5", '"hello"', "null", "true", '[{"op": "hello"}]'],
                         ids=["array", "number", "string", "null", "true", "array_of_request"])
def test_json_not_an_object(client, text):
    client.send_message(text)
    expect_error(client.read_reply(), "bad_json", repr(text))
    assert_usable(client)


def test_unknown_op(client):
    reply = expect_error(client.request({"op": "frobnicate"}), "unknown_op")
    assert "frobnicate" in reply["error"]["message"], f"the message should name the op: {reply}"
    assert_usable(client)


@pytest.mark.parametrize("req", [{"op": 5}, {"op": None}, {}, {"id": 3}],
                         ids=["number", "null", "empty", "no_op"])
def test_bad_op_field(client, req):
    expect_error(client.request(req), ("bad_request", "unknown_op"), repr(req))
    assert_usable(client)


@pytest.mark.parametrize("op", ["step", "observe", "legal_actions", "render"])
def test_not_reset(client, op):
    req = {"op": op, "action": WAIT} if op == "step" else {"op": op}
    expect_error(client.request(req), "not_reset", f"{op} before any reset")
    assert_usable(client)


@pytest.mark.parametrize("action", [505, -1, 10**6, "no_such_action", "", {"type": "fly"},
                                    {"dir": [0, 1]}, 2.5, True, None, [1, 0]],
                         ids=["505", "minus_one", "million", "unknown_name", "empty_name",
                              "unknown_type", "no_type", "float", "bool", "null", "array"])
def test_bad_step_action(client, action):
    reset(client, 42, fields=[])
    reply = expect_error(client.request({"op": "step", "action": action}), "bad_request",
                         f"step with action {action!r}")
    assert "action" in reply["error"]["message"] or "type" in reply["error"]["message"], (
        f"the message should name the field: {reply}")
    assert_usable(client)
    assert observe(client, fields=[])["info"]["steps"] == 0, "a rejected step should not count"


def test_step_without_action(client):
    reset(client, 42, fields=[])
    reply = expect_error(client.request({"op": "step"}), "bad_request", "step without action")
    assert "action" in reply["error"]["message"], f"the message should name 'action': {reply}"
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# Framing and ordering
# ---------------------------------------------------------------------------------------


def test_replies_in_order(client, transport):
    """Requests sent back to back (without waiting) are answered one each, in order."""
    requests = [{"op": "hello", "id": 1}, {"op": "reset", "seed": 3, "fields": [], "id": 2},
                {"op": "step", "action": WAIT, "fields": [], "id": 3},
                {"op": "frobnicate", "id": 4}, {"op": "observe", "fields": [], "id": 5}]
    if transport == "ws":
        for request in requests:
            client.send_json(request)
    else:  # one write holding every line
        client.send_raw(b"".join(json.dumps(r).encode() + b"\n" for r in requests))
    replies = [client.read_reply() for _ in requests]
    assert [r.get("id") for r in replies] == [1, 2, 3, 4, 5], f"replies out of order: {replies}"
    assert [r.get("ok") for r in replies] == [True, True, True, False, True], replies
    assert replies[4]["info"]["steps"] == 1


def test_line_framing(client, transport):
    """Over stdio and TCP: blank lines are ignored, "\\r\\n" ends a line as "\\n" does, and a
    line may arrive in pieces."""
    if transport == "ws":
        pytest.skip("line framing is for stdio and TCP")
    client.send_raw(b'\n\r\n\n{"op": "hello", "id": 1}\r\n')
    assert expect_ok(client.read_reply(), "hello after blank lines").get("id") == 1
    client.send_raw(b'{"op": "hel')
    time.sleep(0.1)
    client.send_raw(b'lo", "id": 2}')
    time.sleep(0.1)
    client.send_raw(b"\n")
    assert expect_ok(client.read_reply(), "hello sent in pieces").get("id") == 2


def test_utf8_in_strings(client):
    """Messages are UTF-8 JSON: raw (unescaped) non-ASCII text in a string is accepted."""
    client.send_message('{"op": "reset", "seed": 42, "options": {"name": "Zoë"}, "fields": []}')
    expect_ok(client.read_reply(), "reset with a UTF-8 name")
    assert_usable(client)


# ---------------------------------------------------------------------------------------
# close
# ---------------------------------------------------------------------------------------


def test_close(client, transport, connect):
    reply = client.request({"op": "close"})
    assert reply == {"ok": True}, f'close should answer {{"ok": true}}: {reply}'
    client.expect_closed()
    if transport == "stdio":
        code = client.wait_exit()
        assert code == 0, f"the stdio server should exit with code 0 after close, got {code}"
    else:
        assert_usable(connect())  # the server itself goes on


def test_stdio_end_of_input_ends_the_session(yendor_bin):
    """stdio: end of input ends the one session; the process exits 0."""
    c = StdioClient(yendor_bin)
    try:
        expect_ok(c.request({"op": "hello"}), "hello")
        c.proc.stdin.close()
        code = c.wait_exit()
        assert code == 0, f"expected exit code 0 at end of input, got {code}"
    finally:
        c.close()


# ---------------------------------------------------------------------------------------
# The dd rules (docs/dd.md) and bot_action (docs/bots.md)
# ---------------------------------------------------------------------------------------

DD_ACTION_COUNT = 51
DD_LAYERS = ("terrain", "monster_level", "monster_kind", "monster_hp", "items", "spells")


def dd_reset(c, seed=3, **options):
    return expect_ok(c.request({"op": "reset", "seed": seed,
                                "options": {"rules": "dd", **options}}), "dd reset")


def test_hello_lists_the_dd_rules(client):
    reply = expect_ok(client.request({"op": "hello"}), "hello")
    assert "dd" in reply["rules"], reply["rules"]
    assert "bot_action" in reply["capabilities"], reply["capabilities"]
    dd = reply["dd"]
    assert len(dd["actions"]) == DD_ACTION_COUNT and dd["actions"][0] == "move_north"
    assert {"human", "elf", "dwarf", "halfling"} <= set(dd["races"]), dd["races"]
    assert len(dd["classes"]) >= 4, dd["classes"]
    assert {"fireball", "kill_protect"} <= set(dd["spells"]), dd["spells"]
    assert {"random", "greedy", "evolved", "search"} <= set(dd["bots"]), dd["bots"]


def test_dd_reset_observation_and_info(client):
    reply = dd_reset(client, seed=5)
    obs, info = reply["observation"], reply["info"]
    assert info["rules"] == "dd" and info["outcome"] == "playing" and info["steps"] == 0
    assert HASH_RE.fullmatch(info["state_hash"]), info
    assert obs["width"] == obs["height"] == 20
    for name in DD_LAYERS:
        assert len(obs[name]) == 400, name
    # Only the 3x3 square round the hero is revealed at the start.
    assert sum(1 for t in obs["terrain"] if t != 0) <= 9
    assert obs["stats"]["level"] == 1 and obs["stats"]["xp_next"] == 5
    assert len(obs["map"]) == 20 and sum(row.count("@") for row in obs["map"]) == 1


def test_dd_is_deterministic_and_clone_restore_work(client):
    first = dd_reset(client, seed=11)["info"]["state_hash"]
    snapshot = clone(client)
    hashes = []
    for _ in range(10):
        actions = legal_actions(client)
        assert len(actions) >= 1 and all(0 <= a < DD_ACTION_COUNT for a in actions)
        reply = step(client, actions[0], fields=[])
        hashes.append(reply["info"]["state_hash"])
        if reply["terminated"] or reply["truncated"]:
            break
    restored = expect_ok(client.request({"op": "restore", "snapshot": snapshot, "fields": []}))
    assert restored["info"]["state_hash"] == first
    assert dd_reset(client, seed=11)["info"]["state_hash"] == first


def test_dd_actions_by_index_name_and_object(client):
    dd_reset(client, seed=3)
    mask = expect_ok(client.request({"op": "legal_actions"}))["mask"]
    assert len(mask) == DD_ACTION_COUNT
    by_name = step(client, "give_up" if mask[0] == "0" else "move_north", fields=[])
    assert by_name["refused"] is False
    dd_reset(client, seed=3)
    refused = step(client, {"type": "cast", "slot": 0, "target": [1, 1]}, fields=[])
    assert refused["refused"] is True and refused["info"]["refusal"], refused
    expect_error(client.request({"op": "step", "action": {"type": "dance"}}), "bad_request")
    expect_error(client.request({"op": "step", "action": "move_up"}), "bad_request")
    expect_error(client.request({"op": "step", "action": DD_ACTION_COUNT}), "bad_request")
    expect_error(client.request({"op": "step", "action": {"type": "cast", "target": [20, 3]}}),
                 "bad_request")
    gave_up = step(client, "give_up", fields=[])
    assert gave_up["terminated"] is True and gave_up["info"]["outcome"] == "gave_up"
    expect_error(client.request({"op": "step", "action": 0}), "episode_over")


def test_dd_bot_plays_a_game_to_its_end(client):
    dd_reset(client, seed=7)
    for _ in range(2000):
        reply = expect_ok(client.request({"op": "bot_action", "bot": "evolved"}), "bot_action")
        assert reply["action_object"]["type"] in (
            "move", "drink_health", "drink_mana", "cast", "convert", "give_up"), reply
        action = reply["action"] if reply["action"] is not None else reply["action_object"]
        result = step(client, action, fields=[])
        assert result["refused"] is False, result
        if result["terminated"] or result["truncated"]:
            break
    assert result["info"]["outcome"] in ("won", "gave_up", "died"), result


def test_dd_bad_options_and_bots(client):
    expect_error(client.request({"op": "reset", "options": {"rules": "dd", "race": "troll"}}),
                 "bad_request")
    expect_error(client.request({"op": "reset", "options": {"rules": "dd", "levels": 3}}),
                 "bad_request")
    expect_error(client.request({"op": "bot_action", "bot": "greedy"}),
                 ("not_reset", "bad_request"))
    dd_reset(client)
    expect_error(client.request({"op": "bot_action", "bot": "oracle"}), "bad_request")
    expect_error(client.request({"op": "bot_action", "bot": "search", "params": {"samples": 0}}),
                 "bad_request")
    expect_error(client.request({"op": "replay"}), "bad_request")
    # Back to the main rules in the same session.
    reply = expect_ok(client.request({"op": "reset", "seed": 1, "options": {"rules": "main"}}))
    assert "rules" not in reply["info"] and reply["info"]["depth"] == 1
    expect_error(client.request({"op": "bot_action", "bot": "oracle"}), "bad_request")


def test_main_bot_plays_through_the_protocol(client):
    names = expect_ok(client.request({"op": "hello"}), "hello")["actions"]
    reset(client, seed=5, fields=[])
    for _ in range(300):
        reply = expect_ok(client.request({"op": "bot_action", "bot": "greedy"}), "bot_action")
        assert reply["name"] == names[reply["action"]], reply
        result = step(client, reply["action"], fields=[])
        assert result["refused"] is False, (reply, result)
        if result["terminated"] or result["truncated"]:
            break
    reply = expect_ok(client.request({"op": "bot_action", "bot": "search",
                                      "params": {"samples": 1}}), "bot_action")
    assert 0 <= reply["action"] < len(names)
    expect_error(client.request({"op": "bot_action", "bot": "search",
                                 "params": {"samples": 0}}), "bad_request")
