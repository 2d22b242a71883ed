// The page of `kinrow serve` in a real headless Chromium (Debian's, driven
// by playwright-core), against a server started on a free loopback port:
// stones placed by clicking, undo and redo, renju's forbidden points, a
// bundled renju puzzle solved (the numbered line is the one `kinrow solve
// --json` gives, the certificate downloaded checks with `kinrow check`),
// defences, a long search cancelled, a .psq and an SGF game loaded (and
// analysed), a malformed position refused with its error on the page, the
// link that carries the position, a phone's width; no console error and
// no request that leaves the server. Writes the screenshot docs/serve.png.
//
// Usage: node test.mjs KINROW
// Environment: CHROMIUM (default /usr/bin/chromium); SCREENSHOT (default
// docs/serve.png; `none` writes none).

import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const [kinrowArg] = process.argv.slice(2);
if (!kinrowArg) {
  console.error("usage: node test.mjs KINROW");
  process.exit(2);
}
const kinrow = resolve(kinrowArg);
const screenshot = process.env.SCREENSHOT || join(root, "docs/serve.png");
const puzzle = join(root, "positions/renju-puzzles/vct_game_white_l05_1.pos");
const suite = join(root, "positions/renju-puzzles/vct_forbidden_breaker.pos");
const psq = join(root, "positions/games/selfplay-21.psq");
const work = mkdtempSync(join(tmpdir(), "kinrow-serve-"));

// The server, on a port of its choosing; its first line says which.
const server = spawn(kinrow, ["serve", "--port", "0", "--max-time", "30", "--max-threads", "2"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const base = await new Promise((ok, fail) => {
  let out = "";
  const timer = setTimeout(() => fail(new Error("the server did not say where it listens")), 10000);
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/serving on (http:\/\/\S+\/)/);
    if (m) {
      clearTimeout(timer);
      ok(m[1]);
    }
  });
  server.on("exit", (code) => fail(new Error(`the server exited (${code})`)));
});
const origin = new URL(base).origin;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  // launch() gives Chromium a fresh profile folder of its own.
});

const checks = [];
const check = (name, f) => checks.push([name, f]);

// --- helpers ---------------------------------------------------------------

// A page on the server that records every console error, page error and
// request; `expectedErrors` counts the console errors a check provokes on
// purpose (the server's 400 for a malformed position is one).
async function open(options = {}) {
  const context = await browser.newContext({ acceptDownloads: true, viewport: options.viewport || { width: 1280, height: 940 } });
  const page = await context.newPage();
  const problems = [];
  const refused = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") {
      // Chromium logs each HTTP error status as a console error; the
      // ones a check provokes are counted, every other is a failure.
      if (/the server responded with a status of 400/.test(m.text())) refused.push(m.text());
      else problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(origin + "/") && !u.startsWith("blob:" + origin + "/")) problems.push(`request outside the server: ${u}`);
  });
  await page.goto(options.url || base);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector("#board svg");
  const done = async (expectedRefusals = 0) => {
    assert.deepEqual(problems, [], "no console errors, no requests outside the server");
    assert.equal(refused.length, expectedRefusals, `console errors for refused requests: ${refused.join("; ")}`);
    await context.close();
  };
  return { page, done };
}

// Clicks the point `cell` of the board, as a person would.
async function clickCell(page, cell) {
  const at = await page.evaluate((cell) => {
    const svg = document.querySelector("#board svg");
    const x = cell.charCodeAt(0) - 97;
    const y = parseInt(cell.slice(1), 10) - 1;
    const pt = svg.createSVGPoint();
    pt.x = Number(svg.dataset.left) + x * Number(svg.dataset.cell);
    pt.y = Number(svg.dataset.top) + (Number(svg.dataset.rows) - 1 - y) * Number(svg.dataset.cell);
    const s = pt.matrixTransform(svg.getScreenCTM());
    return { x: s.x, y: s.y };
  }, cell);
  await page.mouse.click(at.x, at.y);
}

const stonesOn = (page) =>
  page.$$eval("#stones .stone", (gs) => gs.map((g) => `${g.dataset.player}:${g.dataset.cell}`).sort());
const lineOn = (page) =>
  page.$$eval("#line .stone", (gs) => gs.map((g) => [g.dataset.cell, g.textContent]));
// Waits until the server's reading of the board is on the page.
const settled = (page) =>
  page.waitForFunction(() => {
    const s = document.getElementById("status").textContent;
    return s.includes("forbidden") || !s.includes("renju");
  });

async function loadFile(page, path, name) {
  await page.click("#load summary");
  await page.setInputFiles("#file", { name: name || path.split("/").pop(), mimeType: "text/plain", buffer: readFileSync(path) });
}

async function answerOf(page) {
  await page.waitForFunction(() => !document.getElementById("answer").hidden && document.getElementById("cancel").disabled, null, { timeout: 40000 });
  return page.evaluate(() => ({
    verdict: document.getElementById("verdict").textContent,
    holds: document.getElementById("holds-for").textContent,
    report: document.getElementById("report").textContent,
  }));
}

// --- the checks ------------------------------------------------------------

check("stones placed by clicking, undo, redo, forbidden points", async () => {
  const { page, done } = await open();
  await settled(page);
  for (const c of ["h8", "h9", "i8"]) await clickCell(page, c);
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("o to move"));
  assert.deepEqual(await stonesOn(page), ["o:h9", "x:h8", "x:i8"]);
  await page.click("#undo");
  assert.deepEqual(await stonesOn(page), ["o:h9", "x:h8"]);
  await page.click("#redo");
  assert.deepEqual(await stonesOn(page), ["o:h9", "x:h8", "x:i8"]);
  assert.ok(decodeURIComponent(await page.evaluate(() => location.hash)).includes("moves+h8+h9+i8"), "the position in the address");
  // A double-three for x: its point is crossed and x may not play it.
  await page.click("#clear");
  for (const c of ["h8", "a1", "i9", "a3", "h10", "a5", "j9"]) await clickCell(page, c);
  // o to move: x's forbidden points are still shown.
  await page.waitForSelector('#marks .forbidden[data-cell="h9"]');
  await page.selectOption("#place", "x");
  await clickCell(page, "h9");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /h9 is forbidden to x under renju \(double-three\)/);
  assert.ok(!(await stonesOn(page)).includes("x:h9"));
  await done();
});

check("a bundled renju puzzle solved: the numbered line, the downloads, the certificate", async () => {
  const cli = JSON.parse(execFileSync(kinrow, ["solve", puzzle, "--json", "--threads", "1"], { encoding: "utf8" }));
  const { page, done } = await open();
  await loadFile(page, puzzle);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("o to move"));
  await settled(page);
  await page.click("#solve");
  const a = await answerOf(page);
  assert.match(a.verdict, /^win for o: a forced win within 11 plies/);
  assert.match(a.holds, /^Holds for: the real game of renju/);
  const line = await lineOn(page);
  assert.deepEqual(line.map(([c]) => c), cli.pv, "the line is the command line's");
  assert.deepEqual(line.map(([, n]) => n), cli.pv.map((_, i) => String(i + 1)), "numbered from 1");
  assert.ok(a.report.includes(`line: ${cli.pv.join(" ")}`), "the command line's report");
  // Stepping through the line.
  await page.click("#line-first");
  assert.equal((await lineOn(page)).length, 0);
  await page.click("#line-next");
  await page.click("#line-next");
  assert.deepEqual(await lineOn(page), [[cli.pv[0], "1"], [cli.pv[1], "2"]]);
  await page.click("#line-last");
  assert.equal((await lineOn(page)).length, cli.pv.length);
  // The certificate, downloaded, checks with the independent checker.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-certificate")]);
  const proof = join(work, "l05.proof");
  await download.saveAs(proof);
  const checked = execFileSync(kinrow, ["check", puzzle, proof], { encoding: "utf8" });
  assert.match(checked, /^proof valid/);
  const [svg] = await Promise.all([page.waitForEvent("download"), page.click("#dl-svg")]);
  const picture = readFileSync(await svg.path(), "utf8");
  assert.ok(picture.startsWith("<svg") && picture.includes(">11</text>"), "the picture with the line numbered");
  if (screenshot !== "none") {
    // The answer in view: the file's panel folded again.
    await page.click("#load summary");
    await page.screenshot({ path: screenshot });
    console.log(`  screenshot: ${screenshot}`);
  }
  await done();
});

check("defences marked on the board", async () => {
  const text = "board 15\nk 5\nrule freestyle\ndepth 5\nmoves h8 h9 i8 i9 j8\n";
  const file = join(work, "threat.pos");
  writeFileSync(file, text);
  const cli = JSON.parse(execFileSync(kinrow, ["solve", file, "--defences", "--json", "--threads", "1"], { encoding: "utf8" }));
  const { page, done } = await open();
  await loadFile(page, file);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("freestyle; 5 stones"));
  await page.click("#defences");
  const a = await answerOf(page);
  const marked = await page.$$eval("#line circle.defence", (cs) => cs.map((c) => c.dataset.cell).sort());
  assert.deepEqual(marked, [...cli.defences].sort(), "the defences marked are the command line's");
  assert.match(a.verdict, new RegExp(`^Defences for o: ${cli.defences.length} of`));
  assert.match(a.holds, /within 4 plies only/);
  await done();
});

check("a long search cancelled stops within a second (asserted: under 2 s)", async () => {
  const { page, done } = await open({ url: `${base}#board+15;rule+renju;moves+h8+h9` });
  await settled(page);
  assert.deepEqual(await stonesOn(page), ["o:h9", "x:h8"], "the position from the address");
  await page.selectOption("#prover", "pns");
  await page.fill("#time", "30");
  await page.click("#solve");
  await page.waitForFunction(() => Number(document.getElementById("progress").dataset.nodes || 0) > 0, null, { timeout: 10000 });
  const t0 = Date.now();
  await page.click("#cancel");
  await page.waitForFunction(() => document.getElementById("verdict").textContent.startsWith("unknown"), null, { timeout: 10000 });
  const ms = Date.now() - t0;
  console.log(`  cancel to the stopped answer on the page: ${ms} ms`);
  assert.match(await page.textContent("#verdict"), /the search was stopped before it settled/);
  assert.ok(ms < 2000, `stopped ${ms} ms after Cancel`);
  const status = await page.evaluate(async () => (await fetch("/api/status", { headers: { "X-Kinrow-Client": "probe" } })).json());
  assert.equal(status.running, 0, "nothing left running");
  await done();
});

check("a .psq game loaded, stepped through and analysed", async () => {
  const { page, done } = await open();
  await loadFile(page, psq);
  await page.waitForFunction(() => Number(document.getElementById("moves").textContent) > 0);
  const moves = Number(await page.textContent("#moves"));
  const at = Number(await page.textContent("#cursor"));
  assert.equal((await stonesOn(page)).length, at, "the default ply's stones");
  await page.click("#start");
  assert.equal((await stonesOn(page)).length, 0);
  await page.click("#redo");
  assert.equal((await stonesOn(page)).length, 1);
  // The end: x has made five, which kinrow refuses as a question (a
  // position must be open), and the page says why.
  await page.click("#end");
  assert.equal((await stonesOn(page)).length, moves);
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /without a winning line, found one for x/);
  await page.fill("#time", "0.2");
  await page.click("#analyse");
  const a = await answerOf(page);
  assert.match(a.verdict, /^game: selfplay-21\.psq/);
  const cli = execFileSync(kinrow, ["analyse", psq, "--time", "0.2", "--json"], { encoding: "utf8" });
  const summary = JSON.parse(cli.trim().split("\n").pop());
  assert.equal((await page.$$("#plies button")).length > 0, true, "plies with a forced win listed");
  await page.click("#plies button");
  assert.ok((await lineOn(page)).length > 0, "a ply's winning line on the board");
  assert.ok(summary.moves === moves);
  await done(1);
});

check("an SGF record loaded", async () => {
  // selfplay-21's moves written as SGF (columns and rows from the top-left).
  const lines = readFileSync(psq, "utf8").split("\n").slice(1).filter((l) => /^\d+,\d+,\d+/.test(l));
  const letter = (n) => String.fromCharCode(96 + Number(n));
  const nodes = lines.map((l, i) => {
    const [x, y] = l.split(",");
    return `;${i % 2 === 0 ? "B" : "W"}[${letter(x)}${letter(y)}]`;
  });
  const sgf = join(work, "game.sgf");
  writeFileSync(sgf, `(;GM[4]FF[4]SZ[15]RU[gomoku]${nodes.join("")})\n`);
  const { page, done } = await open();
  await loadFile(page, sgf);
  await page.waitForFunction((n) => Number(document.getElementById("moves").textContent) === n, lines.length);
  const shown = execFileSync(kinrow, ["show", sgf], { encoding: "utf8" });
  const rows = shown.split("\n").filter((l) => /^\s*\d+\s/.test(l));
  const stones = rows.join(" ").split(/\s+/).filter((c) => c === "x" || c === "o").length;
  assert.equal((await stonesOn(page)).length, stones, "the stones `kinrow show` draws");
  await done();
});

check("a malformed position refused with its error on the page", async () => {
  const { page, done } = await open();
  await settled(page);
  await page.click("#load summary");
  await page.fill("#paste", "board 15\nk 5\nmoves h8 h8\n");
  await page.click("#load-text");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /^pasted\.pos:3:\d+: /);
  await page.fill("#paste", "board 40\n");
  await page.click("#load-text");
  await page.waitForFunction(() => document.getElementById("error").textContent.includes(":1:"));
  // The board is still the page's, and the server still answers.
  await clickCell(page, "h8");
  await page.waitForFunction(() => document.getElementById("error").hidden);
  assert.deepEqual(await stonesOn(page), ["x:h8"]);
  await done(2);
});

check("a suite's position picked; readable at a phone's width", async () => {
  const { page, done } = await open({ viewport: { width: 390, height: 844 } });
  await loadFile(page, suite);
  await page.waitForSelector("#suite:not([hidden])");
  assert.equal(await page.inputValue("#names"), "vct_forbidden_breaker-freestyle");
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("freestyle"));
  assert.equal(await page.$$eval("#marks .forbidden", (f) => f.length), 0, "no forbidden points under freestyle");
  await page.selectOption("#names", "vct_forbidden_breaker-renju");
  await page.waitForSelector('#marks .forbidden[data-cell="i7"]');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
  const board = await page.$eval("#board svg", (s) => s.getBoundingClientRect().width);
  assert.ok(board > 300, `the board fills the width (${board} px)`);
  await done();
});

let failures = 0;
async function main() {
try {
  for (const [name, f] of checks) {
    try {
      await f();
      console.log(`ok ${name}`);
    } catch (e) {
      failures += 1;
      console.log(`FAILED ${name}: ${e.stack || e}`);
    }
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${checks.length - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
}

await main();
