// rot.js peer benchmark for Yendor.
//
// Times rot.js (npm package rot-js, pinned in package.json) doing the same jobs as Yendor's
// own benchmarks: map generators, field of view and path-finding, so that Yendor's report can
// print "rot.js time / Yendor time". Writes CSV on stdout and progress on stderr. README.md
// beside this file describes every case, the CSV columns and the statuses.
//
// Run from the repository root:
//   npm ci --prefix bench/peers/rotjs
//   node bench/peers/rotjs/peer.mjs [--cases LIST] [--sizes 100x100,200x200] [--seeds 1,2,3]
//        [--maps DIR] [--map-reps N] [--cap-ms N] [--quiet]
//
// Every run executes in a worker thread, so that a run longer than --cap-ms can be stopped
// (a synchronous rot.js call cannot be interrupted in-process). The same file is the worker's
// code: the start-up at the bottom of the file tells the two apart.

import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

// ---------------------------------------------------------------------------------------------
// Cases

const GEN_CASES = [
  { name: "cellular", algorithm: "ROT.Map.Cellular" },
  { name: "cellular_connect", algorithm: "ROT.Map.Cellular+connect" },
  { name: "digger", algorithm: "ROT.Map.Digger" },
  { name: "uniform", algorithm: "ROT.Map.Uniform" },
  { name: "rogue", algorithm: "ROT.Map.Rogue" },
  { name: "divided_maze", algorithm: "ROT.Map.DividedMaze" },
  { name: "icey_maze", algorithm: "ROT.Map.IceyMaze" },
  { name: "eller_maze", algorithm: "ROT.Map.EllerMaze" },
];

const FOV_ALGORITHMS = ["precise_shadowcasting", "recursive_shadowcasting"];

// radius: a number, or "unlimited" (width + height of the map).
const MAP_CASES = [
  { name: "fov_r9_cave200", map: "cave200", kind: "fov", radius: 9, algorithms: FOV_ALGORITHMS },
  { name: "fov_unlimited_cave1000", map: "cave1000", kind: "fov", radius: "unlimited", algorithms: FOV_ALGORITHMS },
  { name: "fov_unlimited_open1000", map: "open1000", kind: "fov", radius: "unlimited", algorithms: FOV_ALGORITHMS },
  { name: "astar_cave1000", map: "cave1000", kind: "astar", algorithms: ["astar"] },
  { name: "dijkstra_cave1000", map: "cave1000", kind: "dijkstra", algorithms: ["dijkstra"] },
  { name: "dijkstra_open1000", map: "open1000", kind: "dijkstra", algorithms: ["dijkstra"] },
];

const MAP_FILES = { cave200: "cave200.json", cave1000: "cave1000.json" };
const OPEN_SIZE = 1000;

// ---------------------------------------------------------------------------------------------
// Worker side: the runs themselves (the worker's start-up is at the bottom of the file).

// Set in the worker: collects the garbage of earlier runs before each timed run (outside the
// timing), so that a run does not pay for its predecessors' garbage. Null if V8 refuses.
let collectGarbage = null;

// Called right before the timed work starts: the main thread starts the cap's timer on it.
function started() {
  if (typeof collectGarbage === "function") collectGarbage();
  parentPort.postMessage({ type: "started" });
}

function elapsedMs(t0, t1) {
  return Number(t1 - t0) / 1e6;
}

// One line of text for an exception: for CSV details and stderr notes.
function errorText(e) {
  return String(e && e.message ? e.message : e).replace(/\s*[\r\n]+\s*/g, " ").trim();
}

// One generator run: everything from the constructor to the last callback is timed.
function runGenerator(ROT, job) {
  const { width: w, height: h, seed } = job;
  // The callback writes into this; 255 = never reported.
  const grid = new Uint8Array(w * h).fill(255);
  const cb = (x, y, value) => {
    grid[y * w + x] = value;
  };
  let generator = null;
  let returned;
  let failure = null;
  ROT.RNG.setSeed(seed);
  started();
  const t0 = process.hrtime.bigint();
  try {
    switch (job.case) {
      case "cellular":
      case "cellular_connect": {
        generator = new ROT.Map.Cellular(w, h);
        generator.randomize(0.5);
        for (let i = 0; i < 19; i++) generator.create();
        generator.create(cb);
        // 0 is rot.js's empty space (connect()'s default value): connect the floor regions.
        if (job.case === "cellular_connect") generator.connect(cb, 0);
        break;
      }
      case "digger":
        generator = new ROT.Map.Digger(w, h, limitOptions(job));
        returned = generator.create(cb);
        break;
      case "uniform":
        generator = new ROT.Map.Uniform(w, h, limitOptions(job));
        returned = generator.create(cb);
        break;
      case "rogue":
        generator = new ROT.Map.Rogue(w, h);
        returned = generator.create(cb);
        break;
      case "divided_maze":
        generator = new ROT.Map.DividedMaze(w, h);
        returned = generator.create(cb);
        break;
      case "icey_maze":
        generator = new ROT.Map.IceyMaze(w, h);
        returned = generator.create(cb);
        break;
      case "eller_maze":
        generator = new ROT.Map.EllerMaze(w, h);
        returned = generator.create(cb);
        break;
      default:
        throw new Error(`unknown generator case ${job.case}`);
    }
  } catch (e) {
    failure = e;
  }
  const t1 = process.hrtime.bigint();
  const ms = elapsedMs(t0, t1);
  if (failure) return { ms, status: "error", detail: errorText(failure) };

  let floor = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] === 0) floor++;
  const parts = [`floor=${floor}`];
  if (generator && typeof generator.getRooms === "function") {
    parts.push(`rooms=${generator.getRooms().length}`);
  }
  let status = floor > 0 ? "ok" : "empty";
  if (job.case === "digger" || job.case === "uniform") {
    const limit = generator._options && Number.isFinite(generator._options.timeLimit)
      ? generator._options.timeLimit : 1000;
    // Uniform returns null when its time limit ran out (a last attempt that began in time and
    // succeeded late is a full map); Digger just stops digging, so for it the sign is the
    // elapsed time.
    const limited = job.case === "uniform" ? returned === null : ms >= limit;
    if (limited) {
      status = "time_limited";
      parts.push(`timeLimit=${limit}ms reached`);
    }
  }
  return { ms, status, detail: parts.join(";") };
}

// Digger's and Uniform's options: rot.js's defaults, or the --time-limit given.
function limitOptions(job) {
  return job.timeLimit ? { timeLimit: job.timeLimit } : {};
}

// One FOV or path run: only the rot.js call (for paths: constructor + compute) is timed.
function runMapCase(ROT, maps, job) {
  const m = maps[job.map];
  if (!m) throw new Error(`map ${job.map} not loaded`);
  const { width: w, height: h, passable, transparent } = m;
  const inside = (x, y) => x >= 0 && y >= 0 && x < w && y < h;
  const lightPasses = (x, y) => inside(x, y) && transparent[y * w + x] === 1;
  const canPass = (x, y) => inside(x, y) && passable[y * w + x] === 1;

  if (job.kind === "fov") {
    if (!m.centre) throw new Error(`map ${job.map} has no passable cell`);
    const radius = job.radius === "unlimited" ? w + h : job.radius;
    const seen = new Uint8Array(w * h);
    let visible = 0;
    const cb = (x, y) => {
      if (!inside(x, y)) return;
      const i = y * w + x;
      if (seen[i] === 0) {
        seen[i] = 1;
        visible++;
      }
    };
    const Fov = job.algorithm === "precise_shadowcasting"
      ? ROT.FOV.PreciseShadowcasting : ROT.FOV.RecursiveShadowcasting;
    const fov = new Fov(lightPasses, { topology: 8 });
    started();
    const t0 = process.hrtime.bigint();
    fov.compute(m.centre.x, m.centre.y, radius, cb);
    const t1 = process.hrtime.bigint();
    return { ms: elapsedMs(t0, t1), status: visible > 0 ? "ok" : "empty", detail: `visible=${visible}` };
  }

  if (job.kind === "astar") {
    if (!m.from || !m.to) throw new Error(`map ${job.map} has no passable cell`);
    let length = 0;
    const cb = () => {
      length++;
    };
    const { from, to } = m;
    started();
    const t0 = process.hrtime.bigint();
    const astar = new ROT.Path.AStar(to.x, to.y, canPass, { topology: 8 });
    astar.compute(from.x, from.y, cb);
    const t1 = process.hrtime.bigint();
    return { ms: elapsedMs(t0, t1), status: length > 0 ? "ok" : "empty", detail: `length=${length}` };
  }

  if (job.kind === "dijkstra") {
    if (!m.centre) throw new Error(`map ${job.map} has no passable cell`);
    const { centre } = m;
    const cb = () => {};
    started();
    const t0 = process.hrtime.bigint();
    const dijkstra = new ROT.Path.Dijkstra(centre.x, centre.y, canPass, { topology: 8 });
    // (-1, -1) is outside the map, so never passable and never reached: the search runs
    // until its queue is empty, i.e. it computes the distance of every reachable cell.
    dijkstra.compute(-1, -1, cb);
    const t1 = process.hrtime.bigint();
    const computed = dijkstra._computed;
    const reached = computed && typeof computed === "object" ? Object.keys(computed).length : -1;
    return { ms: elapsedMs(t0, t1), status: reached !== 0 ? "ok" : "empty", detail: `reached=${reached}` };
  }

  throw new Error(`unknown map case kind ${job.kind}`);
}

// ---------------------------------------------------------------------------------------------
// Main thread

class UsageError extends Error {}

const USAGE = `usage: node bench/peers/rotjs/peer.mjs [--cases LIST] [--sizes WxH,...] [--seeds N,...]
                 [--maps DIR] [--map-reps N] [--cap-ms N] [--time-limit N] [--quiet]
  --cases LIST   comma list of case names, or all (default), gen, maps
  --sizes LIST   generator sizes (default 100x100,200x200,500x500,1000x1000)
  --seeds LIST   generator seeds (default 1,2,3,4,5)
  --maps DIR     directory holding cave200.json and cave1000.json (Yendor map JSON)
  --map-reps N   repetitions of each map case (default 5)
  --cap-ms N     wall-clock cap of one run in ms (default 10000)
  --time-limit N Digger's and Uniform's own timeLimit option in ms (default rot.js's, 1000)
  --quiet        no progress lines on stderr
cases: ${[...GEN_CASES.map((c) => c.name), ...MAP_CASES.map((c) => c.name)].join(", ")}`;

function parsePositiveInt(text, option) {
  if (!/^[0-9]+$/.test(text)) throw new UsageError(`${option}: '${text}' is not a positive integer`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${option}: '${text}' is not a positive integer`);
  return n;
}

function splitList(text, option) {
  const items = text.split(",").map((s) => s.trim());
  if (items.length === 0 || items.some((s) => s === "")) {
    throw new UsageError(`${option}: empty item in '${text}'`);
  }
  return items;
}

function parseArgs(argv) {
  const opts = {
    cases: "all",
    sizes: "100x100,200x200,500x500,1000x1000",
    seeds: "1,2,3,4,5",
    maps: null,
    mapReps: 5,
    capMs: 10000,
    timeLimit: null,
    quiet: false,
    help: false,
  };
  const valued = { "--cases": "cases", "--sizes": "sizes", "--seeds": "seeds", "--maps": "maps", "--map-reps": "mapReps", "--cap-ms": "capMs", "--time-limit": "timeLimit" };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg === "--quiet" || arg === "--help" || arg === "-h") {
      if (value !== undefined) throw new UsageError(`${arg} takes no value`);
      if (arg === "--quiet") opts.quiet = true;
      else opts.help = true;
      continue;
    }
    const key = valued[arg];
    if (!key) throw new UsageError(`unknown argument '${argv[i]}'`);
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new UsageError(`${arg} needs a value`);
      value = argv[++i];
    }
    opts[key] = value;
  }
  if (opts.help) return opts;

  // Cases, always run in the canonical order above.
  const wanted = new Set();
  for (const name of splitList(opts.cases, "--cases")) {
    if (name === "all") for (const c of [...GEN_CASES, ...MAP_CASES]) wanted.add(c.name);
    else if (name === "gen") for (const c of GEN_CASES) wanted.add(c.name);
    else if (name === "maps") for (const c of MAP_CASES) wanted.add(c.name);
    else if ([...GEN_CASES, ...MAP_CASES].some((c) => c.name === name)) wanted.add(name);
    else throw new UsageError(`--cases: unknown case '${name}'`);
  }
  const genCases = GEN_CASES.filter((c) => wanted.has(c.name));
  const mapCases = MAP_CASES.filter((c) => wanted.has(c.name));

  const sizes = splitList(opts.sizes, "--sizes").map((s) => {
    const match = /^([0-9]+)x([0-9]+)$/.exec(s);
    if (!match) throw new UsageError(`--sizes: '${s}' is not WIDTHxHEIGHT`);
    const width = parsePositiveInt(match[1], "--sizes");
    const height = parsePositiveInt(match[2], "--sizes");
    if (width > 100000 || height > 100000) throw new UsageError(`--sizes: '${s}' is too large`);
    return { width, height, label: `${width}x${height}` };
  });
  // Smallest first, so that a timeout can skip the larger sizes that follow it.
  sizes.sort((a, b) => a.width * a.height - b.width * b.height);

  const seeds = splitList(opts.seeds, "--seeds").map((s) => {
    if (!/^[0-9]+$/.test(s) || !Number.isSafeInteger(Number(s))) {
      throw new UsageError(`--seeds: '${s}' is not a non-negative integer`);
    }
    return Number(s);
  });

  let mapsDir = null;
  if (opts.maps !== null) {
    if (opts.maps === "") throw new UsageError("--maps needs a directory");
    mapsDir = path.resolve(opts.maps);
    if (!existsSync(mapsDir) || !statSync(mapsDir).isDirectory()) {
      throw new UsageError(`--maps: '${opts.maps}' is not a directory`);
    }
  }

  return {
    help: false,
    genCases,
    mapCases,
    sizes,
    seeds,
    mapsDir,
    mapReps: typeof opts.mapReps === "number" ? opts.mapReps : parsePositiveInt(opts.mapReps, "--map-reps"),
    capMs: typeof opts.capMs === "number" ? opts.capMs : parsePositiveInt(opts.capMs, "--cap-ms"),
    timeLimit: opts.timeLimit === null ? null : parsePositiveInt(opts.timeLimit, "--time-limit"),
    quiet: opts.quiet,
  };
}

// ---- maps

// The passable cell nearest (tx, ty): rings of growing Chebyshev radius r, each scanned by rows
// (y ascending), and within a row by x ascending; the first passable cell of the ring wins.
// This is the same order as Yendor's own choice of points.
function nearestPassable(m, tx, ty) {
  const { width: w, height: h, passable } = m;
  const ok = (x, y) => x >= 0 && y >= 0 && x < w && y < h && passable[y * w + x] === 1;
  const maxR = Math.max(Math.abs(tx), Math.abs(w - 1 - tx), Math.abs(ty), Math.abs(h - 1 - ty));
  for (let r = 0; r <= maxR; r++) {
    for (let y = ty - r; y <= ty + r; y++) {
      if (y < 0 || y >= h) continue;
      if (y === ty - r || y === ty + r) {
        for (let x = tx - r; x <= tx + r; x++) if (ok(x, y)) return { x, y };
      } else {
        if (ok(tx - r, y)) return { x: tx - r, y };
        if (ok(tx + r, y)) return { x: tx + r, y };
      }
    }
  }
  return null;
}

function withPoints(m) {
  const { width: w, height: h } = m;
  return {
    ...m,
    centre: nearestPassable(m, Math.floor(w / 2), Math.floor(h / 2)),
    from: nearestPassable(m, 1, 1),
    to: nearestPassable(m, w - 2, h - 2),
  };
}

function sharedBytes(length) {
  return new Uint8Array(new SharedArrayBuffer(length));
}

// Reads a Yendor map JSON file; null when it does not exist. Throws UsageError when malformed.
function loadMapFile(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e && e.code === "ENOENT") return null;
    throw new UsageError(`${file}: cannot read: ${errorText(e)}`);
  }
  const bad = (why) => new UsageError(`${file}: ${why}`);
  let json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw bad(`not valid JSON (${errorText(e)})`);
  }
  if (!json || typeof json !== "object") throw bad("not a JSON object");
  if (json.format !== "yendor-map") throw bad(`format is ${JSON.stringify(json.format)}, expected "yendor-map"`);
  if (json.version !== 1) throw bad(`version is ${JSON.stringify(json.version)}, expected 1`);
  const { width, height, legend, rows } = json;
  if (!Number.isSafeInteger(width) || width < 1) throw bad(`bad width ${JSON.stringify(width)}`);
  if (!Number.isSafeInteger(height) || height < 1) throw bad(`bad height ${JSON.stringify(height)}`);
  if (!legend || typeof legend !== "object") throw bad("no legend object");
  if (!Array.isArray(rows)) throw bad("no rows array");
  if (rows.length !== height) throw bad(`${rows.length} rows, expected height ${height}`);
  const passable = sharedBytes(width * height);
  const transparent = sharedBytes(width * height);
  const kinds = new Map();
  for (const [ch, entry] of Object.entries(legend)) {
    if (!entry || typeof entry !== "object") throw bad(`legend entry ${JSON.stringify(ch)} is not an object`);
    kinds.set(ch, { passable: entry.passable === true ? 1 : 0, transparent: entry.transparent === true ? 1 : 0 });
  }
  for (let y = 0; y < height; y++) {
    const row = rows[y];
    if (typeof row !== "string") throw bad(`row ${y} is not a string`);
    let x = 0;
    for (const ch of row) {
      const kind = kinds.get(ch);
      if (!kind) throw bad(`row ${y} column ${x}: character ${JSON.stringify(ch)} is not in the legend`);
      if (x < width) {
        passable[y * width + x] = kind.passable;
        transparent[y * width + x] = kind.transparent;
      }
      x++;
    }
    if (x !== width) throw bad(`row ${y} has ${x} characters, expected width ${width}`);
  }
  const seed = typeof json.seed === "number" ? json.seed : 0;
  return withPoints({ width, height, seed, passable, transparent });
}

// 1000x1000, floor everywhere except a one-cell wall ring on the border.
function openMap() {
  const w = OPEN_SIZE;
  const h = OPEN_SIZE;
  const passable = sharedBytes(w * h);
  for (let y = 1; y < h - 1; y++) passable.fill(1, y * w + 1, y * w + w - 1);
  const transparent = sharedBytes(w * h);
  transparent.set(passable);
  return withPoints({ width: w, height: h, seed: 0, passable, transparent });
}

// ---- worker pool of one

class Runner {
  constructor(maps) {
    this.maps = maps;
    this.worker = null;
  }

  async ensureWorker() {
    if (this.worker) return this.worker;
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { maps: this.maps },
    });
    await new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m && m.type === "ready") {
          cleanup();
          resolve();
        }
      };
      const onError = (e) => {
        cleanup();
        reject(new Error(`worker failed to start: ${errorText(e)}`));
      };
      const onExit = (code) => {
        cleanup();
        reject(new Error(`worker exited with code ${code} while starting`));
      };
      const cleanup = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
    });
    this.worker = worker;
    return worker;
  }

  // Resolves to {ms, status, detail}; never rejects for problems inside the run.
  async run(job, capMs) {
    const worker = await this.ensureWorker();
    return new Promise((resolve) => {
      let timer = null;
      let finished = false;
      const cleanup = () => {
        finished = true;
        if (timer) clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      const onMessage = (m) => {
        if (finished || !m) return;
        if (m.type === "started") {
          // The cap counts from the moment the worker starts the timed work.
          timer = setTimeout(async () => {
            if (finished) return;
            cleanup();
            this.worker = null;
            await worker.terminate();
            resolve({ ms: capMs, status: "timeout", detail: `cap=${capMs}ms` });
          }, capMs);
        } else if (m.type === "result") {
          cleanup();
          resolve(m);
        }
      };
      const onError = (e) => {
        if (finished) return;
        cleanup();
        this.worker = null;
        worker.terminate().finally(() => resolve({ ms: null, status: "error", detail: `worker: ${errorText(e)}` }));
      };
      const onExit = (code) => {
        if (finished) return;
        cleanup();
        this.worker = null;
        resolve({ ms: null, status: "error", detail: `worker exited with code ${code}` });
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage(job);
    });
  }

  async close() {
    if (this.worker) {
      const worker = this.worker;
      this.worker = null;
      await worker.terminate();
    }
  }
}

// ---- output

const HEADER = "case,library,algorithm,size,seed,rep,ms,status,detail";

function csvField(value) {
  return String(value).replace(/[\r\n]+/g, " ").replace(/,/g, ";").replace(/"/g, "'");
}

function writeRow(library, row) {
  const ms = typeof row.ms === "number" && Number.isFinite(row.ms) ? row.ms.toFixed(4) : "";
  const fields = [row.case, library, row.algorithm, row.size, row.seed, row.rep, ms, row.status, row.detail ?? ""];
  process.stdout.write(fields.map(csvField).join(",") + "\n");
}

function progress(opts, text) {
  if (!opts.quiet) process.stderr.write(`rotjs: ${text}\n`);
}

function describeResult(r) {
  if (r.status === "timeout") return `timeout (cap ${r.ms} ms)`;
  if (r.status === "skipped") return `skipped (${r.detail})`;
  const ms = typeof r.ms === "number" ? `${r.ms.toFixed(1)} ms` : "no time";
  return r.status === "ok" ? ms : `${ms} ${r.status} (${r.detail})`;
}

// ---- main

function rotVersion() {
  const require = createRequire(import.meta.url);
  let file;
  try {
    file = require.resolve("rot-js/package.json");
  } catch {
    throw new Error("rot-js is not installed: run `npm ci --prefix bench/peers/rotjs`");
  }
  return JSON.parse(readFileSync(file, "utf8")).version;
}

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`rotjs: error: ${e.message} (try --help)\n`);
      return 2;
    }
    throw e;
  }
  if (opts.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }

  // Load the maps the selected cases need; a missing file skips its cases.
  const maps = {};
  const mapCases = [];
  const neededMaps = [...new Set(opts.mapCases.map((c) => c.map))];
  for (const name of neededMaps) {
    const casesOfMap = opts.mapCases.filter((c) => c.map === name).map((c) => c.name).join(" ");
    if (name === "open1000") {
      maps[name] = openMap();
      continue;
    }
    if (!opts.mapsDir) {
      process.stderr.write(`rotjs: note: no --maps directory given; skipping ${casesOfMap}\n`);
      continue;
    }
    const file = path.join(opts.mapsDir, MAP_FILES[name]);
    let m;
    try {
      m = loadMapFile(file);
    } catch (e) {
      if (e instanceof UsageError) {
        process.stderr.write(`rotjs: error: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
    if (!m) {
      process.stderr.write(`rotjs: note: ${file} not found; skipping ${casesOfMap}\n`);
      continue;
    }
    maps[name] = m;
  }
  for (const c of opts.mapCases) if (maps[c.map]) mapCases.push(c);

  const library = `rotjs-${rotVersion()}`;

  const runner = new Runner(maps);
  process.stdout.write(HEADER + "\n");
  try {
    // Generators: per size (smallest first), per seed; rep = index of the seed.
    for (const c of opts.genCases) {
      let stoppedBy = null;
      for (const size of opts.sizes) {
        for (let rep = 0; rep < opts.seeds.length; rep++) {
          const seed = opts.seeds[rep];
          const base = { case: c.name, algorithm: c.algorithm, size: size.label, seed, rep };
          let r;
          if (stoppedBy) {
            r = { ms: null, status: "skipped", detail: stoppedBy };
          } else {
            r = await runner.run({ kind: "gen", case: c.name, width: size.width, height: size.height, seed, timeLimit: opts.timeLimit }, opts.capMs);
            if (r.status === "timeout") stoppedBy = `after timeout at ${size.label} seed ${seed}`;
          }
          writeRow(library, { ...base, ...r });
          progress(opts, `${c.name} ${size.label} seed ${seed}: ${describeResult(r)}`);
        }
      }
    }
    // FOV and paths: per algorithm, map-reps repetitions; seed = the map's seed.
    for (const c of mapCases) {
      const m = maps[c.map];
      const label = `${m.width}x${m.height}`;
      for (const algorithm of c.algorithms) {
        let stoppedBy = null;
        for (let rep = 0; rep < opts.mapReps; rep++) {
          const base = { case: c.name, algorithm, size: label, seed: m.seed, rep };
          let r;
          if (stoppedBy) {
            r = { ms: null, status: "skipped", detail: stoppedBy };
          } else {
            r = await runner.run({ kind: c.kind, map: c.map, algorithm, radius: c.radius }, opts.capMs);
            if (r.status === "timeout") stoppedBy = `after timeout at rep ${rep}`;
          }
          writeRow(library, { ...base, ...r });
          progress(opts, `${c.name} ${algorithm} ${label} rep ${rep}: ${describeResult(r)}`);
        }
      }
    }
  } finally {
    await runner.close();
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Start-up. In the worker: load rot.js and the maps, then run one job per message and reply
// {type: "started"} right before the timed part and {type: "result", ms, status, detail}.

if (isMainThread) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`rotjs: error: ${errorText(e)}\n`);
    process.exitCode = 1;
  }
} else {
  try {
    v8.setFlagsFromString("--expose-gc");
    collectGarbage = vm.runInNewContext("gc");
  } catch {
    collectGarbage = null;
  }
  const ROT = (await import("rot-js")).default;
  // Private copies of the shared map cells, made once per worker, outside every timing.
  const maps = {};
  for (const [name, m] of Object.entries(workerData.maps)) {
    maps[name] = { ...m, passable: new Uint8Array(m.passable), transparent: new Uint8Array(m.transparent) };
  }
  parentPort.on("message", (job) => {
    let reply;
    try {
      reply = job.kind === "gen" ? runGenerator(ROT, job) : runMapCase(ROT, maps, job);
    } catch (e) {
      reply = { ms: null, status: "error", detail: errorText(e) };
    }
    parentPort.postMessage({ type: "result", ...reply });
  });
  parentPort.postMessage({ type: "ready" });
}
