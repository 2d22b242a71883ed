// The game report of `kinrow analyse --html`: draws the game at each ply
// on the board kinrow drew, from the analysis embedded in the page (the
// objects `kinrow analyse --json` prints). No network, no libraries.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("analysis").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const L = data.layout;
  const svg = document.querySelector("#board svg");
  const moves = data.moves;
  const plies = data.plies;
  const summary = data.summary;
  const end = moves.length;
  const wins = plies.filter((p) => p.win).map((p) => p.ply);
  let ply = 0;

  function el(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function html(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // The centre of a cell named as kinrow names it (a1 bottom-left).
  function centre(name) {
    const x = name.charCodeAt(0) - 97;
    const y = parseInt(name.slice(1), 10) - 1;
    return [L.left + x * L.cell, L.top + (data.height - 1 - y) * L.cell];
  }
  const other = (p) => (p === "x" ? "o" : "x");

  const stones = el("g", { id: "stones" });
  const overlay = el("g", { id: "overlay" });
  svg.appendChild(stones);
  svg.appendChild(overlay);

  function stone(group, name, player, number, extra) {
    const [cx, cy] = centre(name);
    const fill = player === "x" ? L.black : L.white;
    const ink = player === "x" ? L.white : L.black;
    const attrs = { cx, cy, r: L.stone, fill, stroke: L.black, "stroke-width": 1.2, "data-cell": name, "data-player": player };
    const g = el("g", Object.assign({ class: "stone" }, extra || {}));
    g.appendChild(el("circle", attrs));
    if (number !== undefined) {
      const size = number < 10 ? 20 : number < 100 ? 17 : 13;
      g.appendChild(el("text", { x: cx, y: cy + (size * 7) / 20, "font-size": size, "font-weight": "bold", "text-anchor": "middle", fill: ink }, String(number)));
    }
    group.appendChild(g);
  }
  function ring(name, colour) {
    const [cx, cy] = centre(name);
    overlay.appendChild(el("circle", { cx, cy, r: 13, fill: "none", stroke: colour, "stroke-width": 3, class: "played" }));
  }

  function playedWords(p) {
    if (p.played === null || p.played === undefined) return "The game stops here.";
    if (typeof p.label === "string") return `Played ${p.played}: ${p.label}.`;
    if (p.kept === true) return `Played ${p.played}: kept the win.`;
    return `Played ${p.played}: let the win go (or it was not found again within the budget).`;
  }

  function describe() {
    const info = document.getElementById("info");
    info.replaceChildren();
    const p = plies[ply];
    const toMove = ply < end ? moves[ply].player : other(moves[end - 1] ? moves[end - 1].player : "o");
    const head = ply === 0 ? "The start of the game" : `After move ${ply} (${moves[ply - 1].player} ${moves[ply - 1].cell})`;
    info.appendChild(html("p", {}, `Ply ${ply}. ${head}; ${toMove} to move.`));
    if (p && p.win) {
      const para = html("p", { class: "win-text" });
      para.appendChild(document.createTextNode(`${p.to_move} has a forced win in ${p.plies} plies (${p.prover}): `));
      para.appendChild(html("span", { class: "line" }, p.line.join(" ")));
      info.appendChild(para);
      info.appendChild(html("p", { class: "played-text" }, playedWords(p)));
    } else if (p) {
      info.appendChild(html("p", {}, `No forced win found for ${p.to_move} within the budget.`));
    } else if (ply === end && summary.winner) {
      info.appendChild(html("p", {}, `${summary.winner} has made five.`));
    } else {
      info.appendChild(html("p", {}, "Not analysed (after the game's last open position)."));
    }
    if (summary.forced_from !== null && ply === summary.forced_from) {
      info.appendChild(html("p", { class: "forced-text" }, `The result is forced from here: ${summary.winner} had a forced win at each of its turns from this ply on.`));
    }
  }

  function draw() {
    stones.replaceChildren();
    overlay.replaceChildren();
    for (let i = 0; i < ply; i++) stone(stones, moves[i].cell, moves[i].player);
    if (ply > 0) {
      const [cx, cy] = centre(moves[ply - 1].cell);
      const ink = moves[ply - 1].player === "x" ? L.white : L.black;
      overlay.appendChild(el("circle", { cx, cy, r: 4, fill: ink, class: "last-move" }));
    }
    const p = plies[ply];
    const showLine = document.getElementById("show-line").checked;
    if (p && p.win && showLine) {
      const line = el("g", { id: "line", opacity: 0.8 });
      let player = p.to_move;
      p.line.forEach((cell, i) => {
        stone(line, cell, player, i + 1);
        player = other(player);
      });
      overlay.appendChild(line);
      if (p.played && !(p.kept && p.played === p.line[0])) ring(p.played, p.kept ? "#2e8b2e" : L.mark);
    }
    svg.setAttribute("data-ply", String(ply));
    document.getElementById("ply").textContent = String(ply);
    for (const b of document.querySelectorAll("#timeline button")) {
      b.classList.toggle("current", Number(b.dataset.ply) === ply);
    }
    describe();
  }

  function go(to) {
    ply = Math.max(0, Math.min(end, to));
    draw();
  }

  function timeline() {
    const list = document.getElementById("timeline");
    for (let i = 0; i <= end; i++) {
      const p = plies[i];
      const b = html("button", { type: "button", "data-ply": String(i) }, String(i));
      let title = `ply ${i}`;
      if (p && p.win) {
        b.classList.add("win", p.kept === true ? "kept" : p.kept === false ? "missed" : "final");
        title += `: ${p.to_move} has a forced win in ${p.plies}; ${playedWords(p)}`;
      }
      if (summary.forced_from !== null && i === summary.forced_from) {
        b.classList.add("forced");
        title += "; the result is forced from here";
      }
      b.title = title;
      b.addEventListener("click", () => go(i));
      const li = html("li", {});
      li.appendChild(b);
      list.appendChild(li);
    }
  }

  function summarise() {
    const s = document.getElementById("summary");
    const result = summary.winner ? `${summary.winner} made five with move ${end}` : "nobody made five";
    const forced = summary.forced_from !== null ? `; the result is forced from ply ${summary.forced_from}` : "; the result was not found forced within the budget";
    const missed = summary.missed.length ? `; forced wins let go at plies ${summary.missed.join(", ")}` : "";
    s.textContent = `${data.width}x${data.height}, ${data.rule}, ${summary.moves} moves; ${result}${forced}${missed}. Forced wins at ${wins.length} plies.`;
  }

  const step = (d) => () => go(ply + d);
  function jumpWin(d) {
    const next = d > 0 ? wins.find((w) => w > ply) : wins.filter((w) => w < ply).pop();
    if (next !== undefined) go(next);
  }
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", step(-1));
  document.getElementById("next").addEventListener("click", step(1));
  document.getElementById("last").addEventListener("click", () => go(end));
  document.getElementById("prev-win").addEventListener("click", () => jumpWin(-1));
  document.getElementById("next-win").addEventListener("click", () => jumpWin(1));
  document.getElementById("show-line").addEventListener("change", draw);
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowLeft: step(-1), ArrowRight: step(1), Home: () => go(0), End: () => go(end), PageUp: () => jumpWin(-1), PageDown: () => jumpWin(1) };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  });
  document.getElementById("plies").textContent = String(end);
  summarise();
  timeline();
  go(0);
})();
