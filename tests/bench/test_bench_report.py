"""Tests of scripts/bench_report.py on small synthetic work directories.

Run with: /usr/bin/python3 -m pytest -q tests/bench/test_bench_report.py

The timings follow known power laws (ms = c * cells^k, ms = c * actors^k), so the fitted
slopes must come back as k; the peer rows are chosen so that the ratios are round numbers.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bench_report.py"

spec = importlib.util.spec_from_file_location("bench_report", SCRIPT)
br = importlib.util.module_from_spec(spec)
sys.modules["bench_report"] = br  # dataclasses look the module up by name
spec.loader.exec_module(br)

SIDES = (100, 200, 300, 500, 700, 1000)
REPS = 3
ACTORS = (10, 50, 100, 150, 200)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# case -> (group, generator, params, c, k): ms = c * cells^k
GEN_LAWS = {
    "rooms-thesis": ("thesis", "rooms", "max_rooms=1000;room_min=9;room_max=10", 1e-6, 1.0),
    "bsp-thesis": ("thesis", "bsp", "depth=4;ratio=1.0", 3e-6, 1.0),
    "caves-thesis": ("thesis", "caves", "fill=0.5;generations=20", 2e-5, 1.0),
    "maze-dfs": ("thesis", "maze", "algorithm=dfs", 4e-6, 1.0),
    "rooms": ("generator", "rooms", "", 2e-6, 1.0),
    "caves": ("generator", "caves", "", 6e-6, 1.0),
    "caves-thesis-unconnected": ("generator", "caves", "fill=0.5;generations=20;connect=false",
                                 5e-6, 1.0),
    "digger": ("generator", "digger", "", 1e-7, 1.5),
    "maze-prim": ("generator", "maze", "algorithm=prim", 3e-6, 1.0),
    "maze-kruskal": ("generator", "maze", "algorithm=kruskal", 1e-9, 1.0),  # too fast to fit
    "feature-water": ("feature", "caves", "a=1,b=2", 1.5e-6, 1.0),  # a comma: quoted by csv
}
CAPPED = {"caves-thesis": 1000}  # case -> first side not run
GENERATOR_SHARE = {"caves-thesis-unconnected"}  # cases whose generator_ms is given

# method -> (c, k): ms = c * actors^k on 200x200
AI_LAWS = {
    "euclid": (2e-4, 1.0),
    "bfs": (0.1, 1.0),
    "bfs_fov": (0.003, 0.0),
    "astar": (0.001, 2.0),
    "dijkstra": (0.3, 0.0),
    "stateless": (5e-4, 1.0),
    "fsm": (6e-4, 1.0),
}
# (method, actors, ms, timed_actors) on 1000x1000
AI_BIG = [("bfs", 1000, 5000.0, 200), ("stateless", 10000, 3.25, 10000),
          ("fsm", 10000, 5.0, 10000)]

META = {
    "generated": "2026-11-29T03:00:00Z", "quick": False, "yendor_version": "0.9",
    "commit": "abc1234", "machine": "test box", "cores": 2, "gen_reps": REPS,
    "ai_reps": REPS, "commands": ["yendor bench report"],
    "peers": {"tcod": {"status": "ran", "note": ""}, "rotjs": {"status": "ran", "note": ""}},
}

ROTJS = [
    # case, algorithm, size, ms, status, detail
    *[("cellular", "cellular", "1000x1000", 1000.0, "ok", "")] * 3,  # Yendor 5 ms: 200x
    ("digger", "digger", "1000x1000", 10000.0, "timeout", "stopped at 10 s"),  # Yendor 100 ms
    ("uniform", "uniform", "100x100", 0.4, "ok", ""),  # Yendor rooms 0.02 ms: 20x
    ("icey_maze", "icey_maze", "1000x1000", None, "empty", "no map"),
    ("rogue", "rogue", "200x200", 10000.0, "timeout", "cap=10000ms"),
    ("rogue", "rogue", "1000x1000", None, "skipped", "after timeout at 200x200 seed 1"),
    ("fov_r9_cave200", "precise_shadowcasting", "200x200", 0.5, "ok", ""),  # Yendor 1 us
]

TCOD = [
    # case, library, algorithm, cpu_us, real_us, status
    ("fov_r9_cave200", "yendor", "symmetric", 0.5, 1.0, "ok"),
    ("fov_r9_cave200", "yendor", "recursive", 1.0, 1.2, "ok"),
    ("fov_r9_cave200", "tcod", "symmetric", 50.0, 51.0, "ok"),  # 100x
    ("fov_r9_cave200", "tcod", "shadow", 15.0, 15.0, "ok"),  # 15x against recursive
    ("fov_r9_cave200", "tcod", "restrictive", 10.0, 10.0, "ok"),  # fastest
    ("fov_unlimited_open1000", "yendor", "symmetric", 100.0, 100.0, "ok"),
    ("fov_unlimited_open1000", "tcod", "symmetric", 250.0, 250.0, "ok"),  # 2.5x < 3x
    ("astar_cave1000", "yendor", "astar", 10000.0, 10000.0, "ok"),
    ("astar_cave1000", "yendor", "astar_default_movement", 9000.0, 9000.0, "ok"),
    ("astar_cave1000", "tcod", "astar", 95000.0, 95000.0, "ok"),  # 9.5x < 10x
    ("chase200_cave200", "yendor", "dijkstra_downhill", 300.0, 300.0, "ok"),
    ("chase200_cave200", "tcod", "dijkstra", 2400.0, 2400.0, "ok"),  # 8x, no target
    ("bsp_1000x1000", "yendor", "bsp_thesis", 200.0, 200.0, "ok"),
    ("bsp_1000x1000", "tcod", "bsp_split", 0.0, 0.0, "error"),
]

TCOD_PAIRS = [
    # case, yendor, tcod, runs, rounds, yendor_us, tcod_us, ratio, status
    ("astar_cave1000", "astar", "astar", 3, 63, 9000.0, 94500.0, 10.5, "ok"),  # met when paired
    ("fov_r9_cave200", "recursive", "basic", 3, 63, 1.0, 5.0, 5.0, "ok"),  # not the twin: unused
    ("fov_r9_cave200", "symmetric", "symmetric", 0, 0, "", "", "", "error"),  # no ratio
]


def jitter(rep: int) -> float:
    """1 -2 %, 1, 1 +2 %: the median of three reps is the law exactly."""
    return 1.0 + 0.02 * ((rep % 3) - 1)


def write_csv(path: Path, header: list[str], rows: list[list[object]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def gen_rows() -> list[list[object]]:
    rows = []
    for case, (group, generator, params, c, k) in GEN_LAWS.items():
        for side in SIDES:
            cells = side * side
            for rep in range(REPS):
                if side >= CAPPED.get(case, 10**9):
                    ms, status = "", "capped"
                else:
                    ms, status = repr(c * cells**k * jitter(rep)), "ok"
                rows.append([group, case, generator, params, side, side, cells, rep, rep + 1,
                             ms, ms, status])
    rows.append(["generator", "digger", "digger", "", 100, 100, 10000, 3, 4, "", "", "error"])
    return rows


def ai_rows() -> list[list[object]]:
    rows = []
    for method, (c, k) in AI_LAWS.items():
        for actors in ACTORS:
            for rep in range(REPS):
                ms = c * actors**k * jitter(rep)
                rows.append([method, "200x200", actors, rep, repr(ms), actors, actors, repr(ms)])
    for method, actors, ms, timed in AI_BIG:
        for rep in range(REPS):
            rows.append([method, "1000x1000", actors, rep, repr(ms), timed, actors, repr(ms)])
    return rows


def make_work(root: Path, peers: bool = True, meta: dict | None = None) -> Path:
    work = root / "work"
    work.mkdir(parents=True)
    # generator_ms, the generator's own share, for one case only: half of its whole time.
    write_csv(work / "gen.csv", [*br.GEN_COLUMNS, "generator_ms"],
              [[*r, repr(float(r[9]) / 2) if r[1] in GENERATOR_SHARE and r[9] else ""]
               for r in gen_rows()])
    write_csv(work / "ai.csv", list(br.AI_COLUMNS), ai_rows())
    (work / "meta.json").write_text(json.dumps(meta or META), encoding="utf-8")
    if peers:
        write_csv(work / "peers" / "rotjs.csv", list(br.ROTJS_COLUMNS),
                  [[case, "rotjs-2.2.1", alg, size, 1, i, "" if ms is None else ms, status, det]
                   for i, (case, alg, size, ms, status, det) in enumerate(ROTJS)])
        write_csv(work / "peers" / "tcod.csv", list(br.TCOD_COLUMNS),
                  [[case, lib, alg, cpu, real, 100, status]
                   for case, lib, alg, cpu, real, status in TCOD])
        write_csv(work / "peers" / "tcod_pairs.csv", list(br.TCOD_PAIR_COLUMNS),
                  [list(row) for row in TCOD_PAIRS])
    return work


def run_report(tmp_path: Path, **kwargs) -> tuple[Path, str]:
    work = make_work(tmp_path, **kwargs)
    out = tmp_path / "docs" / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    return out, out.read_text(encoding="utf-8")


def table_row(markdown: str, *cells: str) -> str:
    """The one table line whose cells start with `cells`."""
    prefix = "| " + " | ".join(cells) + " |"
    rows = [line for line in markdown.splitlines() if line.startswith(prefix)]
    assert len(rows) == 1, f"{prefix!r}: {rows}"
    return rows[0]


def cells_of(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, str]:
    return run_report(tmp_path_factory.mktemp("report"))


# --- Fits --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", [c for c in GEN_LAWS if c != "maze-kruskal"])
def test_gen_slopes_recover_the_power_law(tmp_path, case):
    path = tmp_path / "gen.csv"
    write_csv(path, list(br.GEN_COLUMNS), [r for r in gen_rows() if r[1] == case])
    fit = br.gen_fit(br.load_gen(path)[case])
    assert fit is not None
    assert fit.slope == pytest.approx(GEN_LAWS[case][4], abs=0.05)
    assert fit.r2 > 0.99


@pytest.mark.parametrize("method", list(AI_LAWS))
def test_ai_slopes_recover_the_power_law(tmp_path, method):
    work = make_work(tmp_path, peers=False)
    series = br.load_ai(work / "ai.csv")[(method, "200x200")]
    fit = br.ai_fit(series)
    assert fit is not None
    assert fit.slope == pytest.approx(AI_LAWS[method][1], abs=0.05)


def test_fit_ignores_sizes_below_the_timer_floor():
    cells = [1e4, 4e4, 9e4, 2.5e5, 4.9e5, 1e6]
    ms = [0.01, 0.01, 0.09, 0.25, 0.49, 1.0]  # the first two sit on the floor
    fit = br.fit_power_law(cells, ms, br.TIMER_FLOOR_MS)
    assert fit.points == 4
    assert fit.slope == pytest.approx(1.0, abs=1e-9)
    assert br.fit_power_law(cells[:4], [0.01, 0.02, 0.03, 0.06], br.TIMER_FLOOR_MS) is None


def test_fit_slope_two():
    actors = [10, 50, 100, 150, 200]
    fit = br.fit_power_law(actors, [1e-3 * a**2 for a in actors], 0.0)
    assert fit.slope == pytest.approx(2.0, abs=1e-9)
    assert fit.r2 == pytest.approx(1.0)


def test_formatting():
    assert br.fmt_ms(1234.5) == "1234"
    assert br.fmt_ms(12.345) == "12.3"
    assert br.fmt_ms(0.000123) == "0.000123"
    assert br.fmt_ms(9.996) == "10.0"
    assert br.fmt_ms(None) == "—"
    assert br.fmt_ratio(200.0) == "200×"
    assert br.fmt_ratio(9.5) == "9.5×"
    assert br.fmt_ratio(0.091) == "0.091×"
    assert br.fmt_ratio(100.0, lower_bound=True) == "≥ 100×"


# --- The report --------------------------------------------------------------------------


def test_banner_meta_and_every_case(report):
    _, md = report
    assert md.startswith(br.BANNER + "\n")
    assert "`scripts/bench report`" in md and "`scripts/bench report --quick`" in md
    for text in ("2026-11-29T03:00:00Z", "abc1234", "test box (2 cores)", "full"):
        assert text in md
    for case in GEN_LAWS:
        assert f"#### {case}\n" in md
    for method in AI_LAWS:
        assert f"ai-{method}.png" in md
    assert "`a=1,b=2`" in md  # quoted params read back whole


def test_generation_table_and_capped_note(report):
    _, md = report
    row = cells_of(table_row(md, "1000x1000", "3", "1.00"))  # rooms-thesis
    assert row[2:] == ["1.00", "1.00", "0.980", "1.02"]
    assert "Capped from 1000x1000 on" in md
    assert "status `error`" in md


def test_growth_fit_rows(report):
    _, md = report
    rooms = cells_of(table_row(md, "rooms-thesis", "thesis"))
    assert float(rooms[2]) == pytest.approx(1.0, abs=0.05)
    assert rooms[4] == "4"  # 100x100 and 200x200 are under the floor
    digger = cells_of(table_row(md, "digger", "generator"))
    assert float(digger[2]) == pytest.approx(1.5, abs=0.05)
    assert cells_of(table_row(md, "maze-kruskal", "generator"))[2] == "too fast to fit"
    astar = cells_of(table_row(md, "astar", "200x200"))
    assert float(astar[2]) == pytest.approx(2.0, abs=0.05)
    assert float(cells_of(table_row(md, "bfs", "200x200"))[2]) == pytest.approx(1.0, abs=0.05)
    assert "0.05 ms" in md


def test_ai_tables_and_sampling(report):
    _, md = report
    assert "### 1000x1000" in md
    assert "5000*" in md
    assert "bfs with 1,000 actors on 1000x1000 timed 200 actors a turn" in md


def test_conclusions_table(report):
    _, md = report
    rows = {cells_of(line)[0][:3]: cells_of(line) for line in md.splitlines()
            if re.match(r"\| \([a-f]\) ", line)}
    assert sorted(rows) == ["(a)", "(b)", "(c)", "(d)", "(e)", "(f)"]
    assert "rooms-thesis 1.00 ms at 1000x1000 (slope 1.00 against cells)" in rows["(a)"][2]
    assert "bsp-thesis / rooms-thesis = 3.0× at 1000x1000" in rows["(a)"][2]
    assert "caves-thesis (20 generations) 9.80 ms at 700x700" in rows["(b)"][2]
    assert "caves (default 5 generations) 6.00 ms at 1000x1000" in rows["(b)"][2]
    assert "maze-dfs 4.00 ms at 1000x1000" in rows["(c)"][2]
    # bfs 0.1 * 200 = 20 ms, bfs_fov 0.003 ms
    assert "bfs 20.0 ms per turn, bfs_fov 0.00300 ms: bfs costs 6667× as much" in rows["(d)"][2]
    assert "slope 1.00 against actors" in rows["(e)"][2]
    # stateless 5e-4 * 200 = 0.1 ms = 0.6 % of 16.7 ms; 3.25 ms at 10000 = 19.5 %
    assert "stateless 0.100 ms (0.600 % of a frame)" in rows["(f)"][2]
    assert "stateless 3.25 ms (19.5 % of a frame)" in rows["(f)"][2]


def test_rotjs_table(report):
    _, md = report
    cellular = cells_of(table_row(md, "cellular", "1000x1000"))
    assert cellular[2:8] == ["1000", "caves-thesis-unconnected", "5.00", "200×", "≥ 100×",
                             "met"]
    # The generator alone (half of the whole here): its own ratio and verdict.
    assert cellular[8:11] == ["2.50", "400×", "met"]
    digger = cells_of(table_row(md, "digger", "1000x1000"))
    assert digger[2] == "≥ 10000"
    assert digger[5] == "≥ 100×"
    assert digger[7] == "met"
    assert digger[8:11] == ["—", "—", "—"]  # gen.csv has no generator_ms for digger
    assert "timeout (1 of 1): stopped at 10 s" in digger[11]
    uniform = cells_of(table_row(md, "uniform", "100x100"))
    assert uniform[5:8] == ["20×", "—", "—"]
    icey = cells_of(table_row(md, "icey_maze", "1000x1000"))
    assert (icey[2], icey[4], icey[5], icey[7]) == ("—", "4.00", "—", "no result")
    assert icey[11] == "empty (1 of 1): no map"
    # A size skipped after a smaller one timed out keeps that cap as its lower bound.
    rogue = cells_of(table_row(md, "rogue", "1000x1000"))
    assert rogue[2] == "≥ 10000"
    assert rogue[5].startswith("≥ ")
    assert "skipped (1 of 1)" in rogue[11]
    fov = cells_of(table_row(md, "fov_r9_cave200 (precise_shadowcasting)"))
    assert fov[3:6] == ["symmetric", "0.00100", "500×"]
    assert "nearest Yendor counterparts" in md


def test_tcod_table(report):
    _, md = report
    sym = cells_of(table_row(md, "fov_r9_cave200", "symmetric"))
    assert sym[1:] == ["symmetric", "0.500", "symmetric", "50.0", "100×", "—", "restrictive",
                       "20×", "≥ 10×", "met"]
    rec = cells_of(table_row(md, "fov_r9_cave200", "recursive"))
    assert rec[3:7] == ["shadow", "15.0", "15×", "—"]  # the pair timed another algorithm
    open1000 = cells_of(table_row(md, "fov_unlimited_open1000", "symmetric"))
    assert open1000[-2:] == ["≥ 3×", "missed"]
    # The medians say 9.5x, the paired timing 10.5x: the verdict follows the pair.
    assert cells_of(table_row(md, "astar_cave1000", "astar"))[5:] == ["9.5×", "10×", "astar",
                                                                      "9.5×", "≥ 10×", "met"]
    default = cells_of(table_row(md, "astar_cave1000", "astar_default_movement"))
    assert default[3] == "—" and default[-2:] == ["—", "—"]
    chase = cells_of(table_row(md, "chase200_cave200", "dijkstra_downhill"))
    assert chase[3:6] == ["dijkstra", "2400", "8.0×"] and chase[-2:] == ["—", "—"]
    bsp = cells_of(table_row(md, "bsp_1000x1000", "bsp_thesis"))
    assert bsp[3:6] == ["bsp_split", "error", "—"]


def test_pngs_exist_and_are_valid(report):
    out, md = report
    referenced = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert referenced
    for rel in referenced:
        assert rel.startswith("experiments/") and rel.endswith(".png")
        path = out.parent / rel
        assert path.is_file(), rel
        assert path.read_bytes()[:8] == PNG_SIGNATURE
    names = {Path(r).name for r in referenced}
    for name in ("gen-rooms-thesis.png", "gen-all-generators.png", "gen-all-features.png",
                 "ai-euclid.png", "ai-bfs-bfs_fov.png", "ai-all.png", "peers-ratios.png"):
        assert name in names


def test_output_is_deterministic(tmp_path):
    work = make_work(tmp_path)
    out = tmp_path / "docs" / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    first = out.read_bytes()
    pngs = {p.name: p.read_bytes() for p in (out.parent / "experiments").glob("*.png")}
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    assert out.read_bytes() == first
    assert {p.name: p.read_bytes() for p in (out.parent / "experiments").glob("*.png")} == pngs


def test_plots_dir_option_gives_relative_links(tmp_path):
    work = make_work(tmp_path)
    out = tmp_path / "docs" / "experiments.md"
    plots = tmp_path / "site" / "img"
    assert br.main(["--work", str(work), "--out", str(out), "--plots", str(plots)]) == 0
    md = out.read_text(encoding="utf-8")
    assert "](../site/img/gen-rooms-thesis.png)" in md
    assert (plots / "gen-rooms-thesis.png").is_file()


def test_missing_peers_say_not_run(tmp_path):
    meta = dict(META, peers={"tcod": {"status": "not built", "note": "libtcod-dev not installed"},
                             "rotjs": {"status": "skipped", "note": "node not found"}})
    _, md = run_report(tmp_path, peers=False, meta=meta)
    assert "not run: not built: libtcod-dev not installed" in md
    assert "not run: skipped: node not found" in md
    assert "No peer ratio in this run." in md


def test_missing_peer_without_meta_status(tmp_path):
    meta = {k: v for k, v in META.items() if k != "peers"}
    _, md = run_report(tmp_path, peers=False, meta=meta)
    assert md.count("not run: no status in meta.json") == 2


def test_malformed_peer_is_not_run(tmp_path):
    work = make_work(tmp_path)
    (work / "peers" / "tcod.csv").write_text("case,library\nx,y\n", encoding="utf-8")
    out = tmp_path / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    assert "not run: tcod.csv unreadable (" in out.read_text(encoding="utf-8")


def test_malformed_pairs_fall_back_to_medians(tmp_path):
    work = make_work(tmp_path)
    (work / "peers" / "tcod_pairs.csv").write_text("case,yendor\nx,y\n", encoding="utf-8")
    out = tmp_path / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    md = out.read_text(encoding="utf-8")
    assert "tcod_pairs.csv unreadable (" in md
    assert cells_of(table_row(md, "astar_cave1000", "astar"))[5:7] == ["9.5×", "—"]
    assert cells_of(table_row(md, "astar_cave1000", "astar"))[-1] == "missed"


def test_missing_gen_csv_exits_2(tmp_path, capsys):
    work = make_work(tmp_path, peers=False)
    (work / "gen.csv").unlink()
    out = tmp_path / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gen.csv" in err
    assert not out.exists()


def test_bad_number_exits_2(tmp_path, capsys):
    work = make_work(tmp_path, peers=False)
    text = (work / "ai.csv").read_text(encoding="utf-8")
    text = text.replace(",200x200,10,0,", ",200x200,ten,0,", 1)
    (work / "ai.csv").write_text(text, encoding="utf-8")
    assert br.main(["--work", str(work), "--out", str(tmp_path / "x.md")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ai.csv line 2 actors" in err


def test_runs_as_a_subprocess(tmp_path):
    work = make_work(tmp_path)
    out = tmp_path / "docs" / "experiments.md"
    done = subprocess.run([sys.executable, str(SCRIPT), "--work", str(work), "--out", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith(br.BANNER)
    bad = subprocess.run([sys.executable, str(SCRIPT), "--work", str(tmp_path / "nowhere"),
                          "--out", str(out)], capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1


def test_quick_run_with_few_cases(tmp_path):
    """A small quick run: missing cases and counts are said, never a crash."""
    work = tmp_path / "work"
    write_csv(work / "gen.csv", list(br.GEN_COLUMNS),
              [["generator", "rooms", "rooms", "", s, s, s * s, r, r, "0.01", "0.01", "ok"]
               for s in (100, 200) for r in range(3)]
              + [["generator", "caves", "caves", "", 100, 100, 10000, 0, 1, "", "", "error"]])
    write_csv(work / "ai.csv", list(br.AI_COLUMNS),
              [["euclid", "200x200", a, r, "0.002", a, a, "0.002"] for a in (10, 100, 200)
               for r in range(3)])
    (work / "meta.json").write_text(json.dumps(dict(META, quick=True)), encoding="utf-8")
    out = tmp_path / "experiments.md"
    assert br.main(["--work", str(work), "--out", str(out)]) == 0
    md = out.read_text(encoding="utf-8")
    assert "quick" in md
    assert cells_of(table_row(md, "rooms", "generator"))[2] == "too fast to fit"
    assert "No run of this case finished with status `ok`." in md
    assert "rooms-thesis: not measured in this run" in md
    assert "(d) Breadth-first" in md and md.count("not measured in this run") >= 5
    assert "slope 0.00 against actors" in md  # a flat euclid
    assert (tmp_path / "experiments" / "ai-euclid.png").is_file()
