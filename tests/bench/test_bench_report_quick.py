"""`yendor bench report --quick` end to end, as a user runs it (issue 9).

Runs the real command (YENDOR_EXE) into a temporary work directory and report, then checks
what it left: the generation CSV (every case at both quick sizes), the AI CSV, the meta
file and the peers it says ran (their CSV files, with Yendor's and the peer's rows), and the
Markdown with every plot it references. Never a timing.
"""

import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXE = os.environ.get("YENDOR_EXE", "")
SOURCE = Path(os.environ.get("YENDOR_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    if not EXE:
        pytest.skip("YENDOR_EXE not set (ctest sets it)")
    work = tmp_path_factory.mktemp("work")
    out = tmp_path_factory.mktemp("docs") / "experiments.md"
    env = dict(os.environ, YENDOR_DATA_DIR=str(SOURCE / "data"))
    run = subprocess.run(
        [EXE, "bench", "report", "--quick", "--work", str(work), "--out", str(out),
         "--python", sys.executable],
        capture_output=True, text=True, env=env, timeout=1100)
    assert run.returncode == 0, run.stderr[-3000:]
    return work, out, run


def test_the_generation_sweep_covers_every_case_at_both_sizes(report):
    work, _, _ = report
    listed = subprocess.run([EXE, "bench", "gen", "--list"], capture_output=True, text=True,
                            check=True).stdout
    cases = re.findall(r"^(\S+) \(", listed, re.M)
    assert "rooms-thesis" in cases and "feature-water" in cases
    gen = rows(work / "gen.csv")
    seen = {(r["case"], r["width"], r["height"]) for r in gen if r["status"] == "ok"}
    for case in cases:
        for side in ("100", "200"):
            assert (case, side, side) in seen, case
    assert len(gen) == len(cases) * 2 * 3
    assert all(float(r["ms"]) >= 0 for r in gen)


def test_the_ai_sweep_has_every_method_at_the_quick_counts(report):
    work, _, _ = report
    ai = rows(work / "ai.csv")
    methods = {r["method"] for r in ai}
    assert {"euclid", "bfs", "bfs_fov", "astar", "dijkstra", "fsm", "stateless"} <= methods
    assert {r["actors"] for r in ai} == {"10", "100", "200"}
    assert {r["map"] for r in ai} == {"200x200"}


def test_meta_names_the_run_and_the_peers(report):
    work, _, _ = report
    meta = json.loads((work / "meta.json").read_text())
    assert meta["quick"] is True
    assert meta["gen_reps"] == 3
    for peer in ("tcod", "rotjs"):
        assert meta["peers"][peer]["status"] in (
            "ran", "not built", "not installed", "failed", "timed out", "skipped")
        assert meta["peers"][peer]["note"]


def test_a_peer_that_ran_left_both_libraries_rows(report):
    work, _, _ = report
    meta = json.loads((work / "meta.json").read_text())
    if meta["peers"]["tcod"]["status"] == "ran":
        tcod = rows(work / "peers" / "tcod.csv")
        keys = {(r["case"], r["library"], r["algorithm"]) for r in tcod}
        assert ("bsp_100x100", "yendor", "bsp_thesis") in keys
        assert ("bsp_100x100", "tcod", "bsp_split") in keys
        assert ("fov_r9_cave200", "yendor", "symmetric") in keys
        assert ("fov_r9_cave200", "tcod", "symmetric") in keys
        assert all(r["status"] == "ok" for r in tcod)
    if meta["peers"]["rotjs"]["status"] == "ran":
        rot = rows(work / "peers" / "rotjs.csv")
        cases = {r["case"] for r in rot}
        assert {"cellular", "digger", "uniform", "eller_maze", "fov_r9_cave200"} <= cases
        assert {r["size"] for r in rot if r["case"] == "cellular"} == {"100x100", "200x200"}
        assert all(r["status"] in ("ok", "time_limited", "timeout", "empty", "skipped")
                   for r in rot)


def test_the_report_has_every_section_and_its_plots(report):
    _, out, _ = report
    text = out.read_text()
    for heading in ("## 1. Dungeon generation", "## 2. Growth fits", "## 3. Monster AI",
                    "## 4. The thesis's conclusions beside ours", "## 5. Peers"):
        assert heading in text
    assert "#### rooms-thesis" in text and "caves-thesis" in text
    images = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text)
    assert len(images) > 20
    for image in images:
        png = out.parent / image
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", image
