// Tests of the rot.js peer benchmark: run peer.mjs as a child process on tiny inputs.
// Run: npm ci --prefix bench/peers/rotjs && node --test bench/peers/rotjs/

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const PEER = path.join(path.dirname(fileURLToPath(import.meta.url)), "peer.mjs");
const HEADER = "case,library,algorithm,size,seed,rep,ms,status,detail";
const STATUSES = new Set(["ok", "timeout", "time_limited", "empty", "skipped", "error"]);
const GEN_CASES = ["cellular", "cellular_connect", "digger", "uniform", "rogue", "divided_maze", "icey_maze", "eller_maze"];

let rotVersion = null;
try {
  const require = createRequire(import.meta.url);
  rotVersion = require(require.resolve("rot-js/package.json")).version;
} catch {
  rotVersion = null;
}
// Tests that run rot.js need it installed; argument and map-file checks do not.
const skip = rotVersion ? false : "rot-js is not installed: run `npm ci --prefix bench/peers/rotjs`";

const tmp = mkdtempSync(path.join(tmpdir(), "rotjs-peer-test-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

function peer(args) {
  const r = spawnSync(process.execPath, [PEER, ...args], { encoding: "utf8", timeout: 120000 });
  if (r.error) throw r.error;
  return r;
}

// Checks the CSV's shape and returns its rows as objects.
function table(stdout) {
  const lines = stdout.split("\n");
  assert.equal(lines.at(-1), "", "output ends with a newline");
  lines.pop();
  assert.equal(lines[0], HEADER);
  const names = HEADER.split(",");
  return lines.slice(1).map((line) => {
    const fields = line.split(",");
    assert.equal(fields.length, 9, `9 fields in ${line}`);
    const row = Object.fromEntries(names.map((n, i) => [n, fields[i]]));
    assert.ok(STATUSES.has(row.status), `status ${row.status} in ${line}`);
    assert.equal(row.library, `rotjs-${rotVersion}`);
    if (row.status !== "skipped" && row.status !== "error") assert.match(row.ms, /^[0-9]+\.[0-9]{4}$/);
    return row;
  });
}

// A 30x30 map: wall ring, a wall across x = 15 with a gap at y = 20 and a door (passable,
// opaque) at y = 5, some deep water (transparent, not passable). Every passable cell is
// connected to every other.
function writeSmallMap(file, seed) {
  const w = 30;
  const h = 30;
  const rows = [];
  let passable = 0;
  for (let y = 0; y < h; y++) {
    let row = "";
    for (let x = 0; x < w; x++) {
      let ch = ".";
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) ch = "#";
      else if (x === 15) ch = y === 20 ? "." : y === 5 ? "+" : "#";
      else if (x >= 5 && x <= 7 && y >= 10 && y <= 12) ch = "~";
      if (ch === "." || ch === "+") passable++;
      row += ch;
    }
    rows.push(row);
  }
  const json = {
    format: "yendor-map",
    version: 1,
    width: w,
    height: h,
    generator: "hand",
    seed,
    legend: {
      "#": { name: "wall", passable: false, transparent: false, glyph: "#" },
      ".": { name: "floor", passable: true, transparent: true, glyph: "." },
      "+": { name: "door", passable: true, transparent: false, glyph: "+" },
      "~": { name: "deep water", passable: false, transparent: true, glyph: "~" },
    },
    rows,
  };
  writeFileSync(file, JSON.stringify(json));
  return passable;
}

test("generator cases: shape, statuses and seeded determinism", { skip }, () => {
  const args = ["--cases", "gen", "--sizes", "20x20", "--seeds", "1,2", "--quiet"];
  const first = peer(args);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.stderr, "", "--quiet prints no progress");
  const rows = table(first.stdout);
  assert.equal(rows.length, GEN_CASES.length * 2);
  assert.deepEqual([...new Set(rows.map((r) => r.case))], GEN_CASES);
  for (const r of rows) {
    assert.equal(r.size, "20x20");
    assert.equal(r.rep, r.seed === "1" ? "0" : "1");
    assert.equal(r.status, "ok", `${r.case} seed ${r.seed}: ${r.detail}`);
    assert.match(r.detail, /^floor=[1-9][0-9]*(;rooms=[0-9]+)?$/);
  }
  const second = peer(args);
  assert.equal(second.status, 0, second.stderr);
  const again = table(second.stdout);
  assert.deepEqual(again.map((r) => [r.case, r.seed, r.detail]), rows.map((r) => [r.case, r.seed, r.detail]));
});

test("map cases on a small hand-made map", { skip }, () => {
  const dir = mkdtempSync(path.join(tmp, "maps-"));
  const passable = writeSmallMap(path.join(dir, "cave200.json"), 77);
  writeSmallMap(path.join(dir, "cave1000.json"), 78);
  const r = peer([
    "--cases", "fov_r9_cave200,fov_unlimited_cave1000,astar_cave1000,dijkstra_cave1000",
    "--maps", dir, "--map-reps", "2",
  ]);
  assert.equal(r.status, 0, r.stderr);
  const rows = table(r.stdout);
  assert.equal(rows.length, 2 * 2 + 2 * 2 + 2 + 2);
  assert.match(r.stderr, /^rotjs: fov_r9_cave200 precise_shadowcasting 30x30 rep 0: [0-9.]+ ms$/m);
  for (const row of rows) {
    assert.equal(row.status, "ok", `${row.case}: ${row.detail}`);
    assert.equal(row.size, "30x30");
    assert.equal(row.seed, row.case === "fov_r9_cave200" ? "77" : "78");
    const [, key, value] = /^([a-z]+)=(-?[0-9]+)$/.exec(row.detail);
    const n = Number(value);
    if (row.case.startsWith("fov_")) {
      assert.equal(key, "visible");
      assert.ok(n > 0);
      assert.match(row.algorithm, /^(precise|recursive)_shadowcasting$/);
    } else if (row.case === "astar_cave1000") {
      assert.equal(key, "length");
      // From (1,1) to (28,28), 8-connected: at least 28 cells.
      assert.ok(n >= 28, row.detail);
    } else {
      assert.equal(key, "reached");
      assert.equal(n, passable);
    }
  }
  const fovR9 = rows.filter((x) => x.case === "fov_r9_cave200");
  const fovAll = rows.filter((x) => x.case === "fov_unlimited_cave1000" && x.algorithm === "precise_shadowcasting");
  assert.ok(Number(fovAll[0].detail.slice(8)) >= Number(fovR9[0].detail.slice(8)));
});

test("a missing map file skips its cases with a note", { skip }, () => {
  const dir = mkdtempSync(path.join(tmp, "empty-"));
  const r = peer(["--cases", "fov_r9_cave200,astar_cave1000", "--maps", dir]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, HEADER + "\n");
  assert.match(r.stderr, /cave200\.json not found; skipping fov_r9_cave200/);
  assert.match(r.stderr, /cave1000\.json not found; skipping astar_cave1000/);
});

test("a malformed map file is rejected with exit 2", () => {
  const dir = mkdtempSync(path.join(tmp, "bad-"));
  const file = path.join(dir, "cave200.json");
  writeFileSync(file, JSON.stringify({
    format: "yendor-map", version: 1, width: 3, height: 2, seed: 1,
    legend: { "#": { passable: false, transparent: false } }, rows: ["###", "##"],
  }));
  const r = peer(["--cases", "fov_r9_cave200", "--maps", dir]);
  assert.equal(r.status, 2);
  assert.ok(r.stderr.includes(file), r.stderr);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  writeFileSync(file, JSON.stringify({ format: "yendor-map", version: 2, width: 1, height: 1, legend: {}, rows: ["#"] }));
  assert.equal(peer(["--cases", "fov_r9_cave200", "--maps", dir]).status, 2);
});

test("the cap: a timeout row, then skipped rows, exit 0", { skip }, () => {
  const r = peer(["--cases", "cellular", "--sizes", "600x600,500x500", "--seeds", "1,2", "--cap-ms", "1"]);
  assert.equal(r.status, 0, r.stderr);
  const rows = table(r.stdout);
  assert.deepEqual(rows.map((x) => [x.size, x.seed, x.status]), [
    ["500x500", "1", "timeout"],
    ["500x500", "2", "skipped"],
    ["600x600", "1", "skipped"],
    ["600x600", "2", "skipped"],
  ]);
  assert.equal(rows[0].ms, "1.0000");
  assert.equal(rows[1].ms, "");
});

test("bad arguments exit 2 with one line on stderr", () => {
  for (const args of [
    ["--bogus"],
    ["--cases", "nope"],
    ["--sizes", "10y10"],
    ["--sizes", "0x10"],
    ["--seeds", "a"],
    ["--map-reps", "0"],
    ["--cap-ms"],
    ["--maps", path.join(tmp, "does-not-exist")],
    ["extra"],
  ]) {
    const r = peer(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  }
});
