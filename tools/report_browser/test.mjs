// The page of `kinrow analyse GAME --html OUT` in a real headless Chromium
// (Debian's, driven by playwright-core): for each game it loads without a
// console error or a request, stepping through the game (buttons, arrow
// keys, Home, End, the ply list) puts the right stones on the board, and
// the plies marked as forced wins, let go, and forced from are the ones
// `analyse --json` reports in the same run.
//
// Usage: node test.mjs KINROW [GAME...]   (default: positions/games/*.psq)
// Environment: CHROMIUM (default /usr/bin/chromium), ANALYSE_TIME (seconds
// per ply, default 0.2).

import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const [kinrowArg, ...gameArgs] = process.argv.slice(2);
if (!kinrowArg) {
  console.error("usage: node test.mjs KINROW [GAME...]");
  process.exit(2);
}
const kinrow = resolve(kinrowArg);
const gamesDir = join(root, "positions/games");
const games = gameArgs.length
  ? gameArgs.map((g) => resolve(g))
  : readdirSync(gamesDir).filter((f) => f.endsWith(".psq")).sort().map((f) => join(gamesDir, f));
const time = process.env.ANALYSE_TIME || "0.2";

const work = mkdtempSync(join(tmpdir(), "kinrow-report-"));
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

let failures = 0;
try {
  for (const [i, game] of games.entries()) {
    const name = game.split("/").pop();
    try {
      await checkGame(game, join(work, `report-${i}.html`));
      console.log(`ok ${name}`);
    } catch (e) {
      failures += 1;
      console.log(`FAILED ${name}: ${e.stack || e}`);
    }
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
if (games.length === 0) {
  console.log("FAILED: no games");
  failures += 1;
}
console.log(failures ? `${failures} of ${games.length} games failed` : `all ${games.length} games passed`);
process.exit(failures ? 1 : 0);

async function checkGame(game, out) {
  const stdout = execFileSync(kinrow, ["analyse", game, "--json", "--time", time, "--html", out], {
    encoding: "utf8",
  });
  const lines = stdout.trim().split("\n").map((l) => JSON.parse(l));
  const summary = lines.find((l) => l.summary);
  const plies = lines.filter((l) => !l.summary);
  const winPlies = plies.filter((p) => p.win).map((p) => p.ply);
  assert.ok(winPlies.length > 0, "the bundled games have forced wins to mark");

  const page = await browser.newPage();
  const problems = [];
  const url = pathToFileURL(out).href;
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    if (r.url() !== url) problems.push(`request: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector("#timeline button");

  // The data embedded is what --json printed.
  const embedded = JSON.parse(await page.textContent("#analysis"));
  assert.deepEqual(embedded.plies, plies, "embedded plies = analyse --json");
  assert.deepEqual(embedded.summary, summary, "embedded summary = analyse --json");
  const moves = embedded.moves;
  assert.equal(moves.length, summary.moves);

  // The marked plies.
  const marked = async (sel) =>
    (await page.$$eval(sel, (bs) => bs.map((b) => Number(b.dataset.ply)))).sort((a, b) => a - b);
  assert.deepEqual(await marked("#timeline button.win"), winPlies, "plies marked with a forced win");
  assert.deepEqual(await marked("#timeline button.missed"), summary.missed, "plies marked as let go");
  const forced = summary.forced_from === null ? [] : [summary.forced_from];
  assert.deepEqual(await marked("#timeline button.forced"), forced, "the ply the result is forced from");
  assert.equal((await marked("#timeline button")).length, moves.length + 1, "one button per ply");

  // Stepping.
  const state = () =>
    page.evaluate(() => ({
      ply: Number(document.querySelector("#board svg").getAttribute("data-ply")),
      label: document.getElementById("ply").textContent,
      stones: [...document.querySelectorAll("#stones .stone circle")].map((c) => [
        c.dataset.cell,
        c.dataset.player,
        c.getAttribute("fill"),
      ]),
      line: [...document.querySelectorAll("#line .stone circle")].map((c) => c.dataset.cell),
      rings: [...document.querySelectorAll("#overlay .played")].length,
      info: document.getElementById("info").textContent,
    }));
  const expectAt = async (ply) => {
    const s = await state();
    assert.equal(s.ply, ply, "the board's ply");
    assert.equal(s.label, String(ply), "the ply shown");
    const want = moves.slice(0, ply).map((m) => [m.cell, m.player, m.player === "x" ? embedded.layout.black : embedded.layout.white]);
    assert.deepEqual(s.stones, want, `the stones at ply ${ply}`);
    return s;
  };
  await expectAt(0);
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press("ArrowRight");
    await expectAt(i);
  }
  await page.keyboard.press("ArrowLeft");
  await expectAt(2);
  await page.keyboard.press("End");
  await expectAt(moves.length);
  await page.keyboard.press("ArrowRight");
  await expectAt(moves.length);
  await page.click("#prev");
  await expectAt(moves.length - 1);
  await page.keyboard.press("Home");
  await expectAt(0);
  await page.click("#next");
  await expectAt(1);
  await page.click("#last");
  await expectAt(moves.length);
  await page.click("#first");
  await expectAt(0);

  // Each marked ply: its winning line on the board, the move played
  // against it ringed unless it is the line's own first move, kept.
  for (const p of plies.filter((q) => q.win)) {
    await page.click(`#timeline button[data-ply="${p.ply}"]`);
    const s = await expectAt(p.ply);
    assert.deepEqual(s.line, p.line, `the winning line at ply ${p.ply}`);
    const ringed = p.played !== null && !(p.kept && p.played === p.line[0]);
    assert.equal(s.rings, ringed ? 1 : 0, `the move played at ply ${p.ply}`);
    assert.ok(s.info.includes(p.line.join(" ")), `the line in words at ply ${p.ply}`);
    if (p.ply === summary.forced_from) assert.ok(s.info.includes("forced from here"));
  }
  // The jump to the next win from the start lands on the first.
  await page.click("#first");
  await page.keyboard.press("PageDown");
  await expectAt(winPlies[0]);
  // The line hidden on request.
  await page.click("#show-line");
  assert.deepEqual((await state()).line, [], "line hidden");

  assert.deepEqual(problems, [], "no console errors, no requests");
  await page.close();
}
