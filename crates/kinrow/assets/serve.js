// The page of `kinrow serve`: a board to click, and kinrow's answers on it.
// The server reads every position (the same reader as the command line's),
// marks renju's forbidden points, and answers the questions with the same
// code and words as `kinrow solve`, `solve --defences` and `analyse`; this
// script only draws and asks. No libraries; nothing leaves the server.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const other = (p) => (p === "x" ? "o" : "x");

  // One client per tab: the server runs one search per client.
  const client = (() => {
    let id = sessionStorage.getItem("kinrow-client");
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(12));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      sessionStorage.setItem("kinrow-client", id);
    }
    return id;
  })();

  const state = {
    width: 15, height: 15, k: 5, rule: "renju",
    base: [], // stones with no order (a grid), {cell, player}
    moves: [], // stones in play order; the first `cursor` are on the board
    cursor: 0,
    desc: null, // the server's reading of the position on the board
    descText: null, // the text it read
    file: "board.pos",
    source: null, // the last text loaded: {text, file}, for a suite's names
    record: null, // a loaded game record: {text, file}
    answer: null, // {kind, line, toMove, step, defences, open, plies}
    busy: false,
    svgSize: null,
    seq: 0,
  };

  function el(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function html(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // --- the position as text ------------------------------------------------

  function stones() {
    return state.base.concat(state.moves.slice(0, state.cursor));
  }
  function stoneAt() {
    const m = new Map();
    for (const s of stones()) m.set(s.cell, s.player);
    return m;
  }
  function cellName(x, y) {
    return String.fromCharCode(97 + x) + String(y + 1);
  }
  // The side to move as the stones say (x when both have as many).
  function impliedToMove() {
    let x = 0, o = 0;
    for (const s of stones()) (s.player === "x" ? x++ : o++);
    return x === o ? "x" : x === o + 1 ? "o" : null;
  }
  function toMove() {
    return $("to-move").value || impliedToMove() || (state.desc && state.desc.to_move) || "x";
  }

  // The position file the board stands for: the game, the question's
  // settings, the side to move when chosen, and the stones (a `moves` line
  // when they alternate from x, else a grid).
  function positionText() {
    const lines = [];
    lines.push(state.width === state.height ? `board ${state.width}` : `board ${state.width}x${state.height}`);
    lines.push(`k ${state.k}`, `rule ${state.rule}`);
    if ($("candidates").value !== "all") lines.push(`candidates ${$("candidates").value}`);
    if ($("attack").value !== "any") lines.push(`attack ${$("attack").value}`);
    if ($("depth").value.trim() !== "") lines.push(`depth ${$("depth").value.trim()}`);
    if ($("to-move").value) lines.push(`to-move ${$("to-move").value}`);
    const on = stones();
    const alternate = state.base.length === 0 && on.every((s, i) => s.player === (i % 2 === 0 ? "x" : "o"));
    if (alternate) {
      if (on.length) lines.push("moves " + on.map((s) => s.cell).join(" "));
    } else {
      const at = stoneAt();
      for (let y = state.height - 1; y >= 0; y--) {
        let row = "";
        for (let x = 0; x < state.width; x++) row += at.get(cellName(x, y)) || ".";
        lines.push(row);
      }
    }
    return lines.join("\n") + "\n";
  }

  // The position in the address: lines joined by `;`, spaces as `+`.
  function encodeText(text) {
    return text.trim().split("\n").map((l) => encodeURIComponent(l).replace(/%20/g, "+")).join(";");
  }
  function decodeText(hash) {
    return hash.split(";").map((l) => decodeURIComponent(l.replace(/\+/g, " "))).join("\n") + "\n";
  }

  // --- talking to the server -------------------------------------------------

  async function api(path, body) {
    const res = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", "X-Kinrow-Client": client },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = { error: `the server answered ${res.status} without JSON` };
    }
    if (!res.ok) throw new Error(data && data.error ? data.error : `the server answered ${res.status}`);
    return data;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  // Reads a text (a position or suite file, or a game record) and puts it
  // on the board.
  async function load(text, file, name) {
    const desc = await api("/api/position", { text, file, name: name || undefined });
    state.file = file;
    state.source = { text, file };
    state.record = desc.game ? { text, file } : null;
    adopt(desc);
    const names = $("names");
    names.replaceChildren();
    $("suite").hidden = desc.names.length < 2;
    for (const n of desc.names) {
      const o = html("option", { value: n }, n);
      if (n === desc.name) o.selected = true;
      names.appendChild(o);
    }
  }

  // Takes the server's reading of a loaded text as the board.
  function adopt(desc) {
    state.width = desc.width;
    state.height = desc.height;
    state.k = desc.k;
    state.rule = desc.rule;
    if (desc.game) {
      state.base = [];
      state.moves = desc.game.moves.slice();
      state.cursor = desc.game.ply;
    } else if (desc.ordered) {
      state.base = [];
      state.moves = desc.stones.slice();
      state.cursor = desc.stones.length;
    } else {
      state.base = desc.stones.slice();
      state.moves = [];
      state.cursor = 0;
    }
    $("width").value = desc.width;
    $("height").value = desc.height;
    $("k").value = desc.k;
    $("rule").value = desc.rule;
    $("depth").value = desc.depth === null ? "" : desc.depth;
    setSelect($("candidates"), desc.candidates);
    setSelect($("attack"), desc.attack);
    $("to-move").value = "";
    if (desc.to_move !== impliedToMove()) $("to-move").value = desc.to_move;
    if (desc.time) $("time").value = desc.time;
    $("analyse").disabled = !state.record || state.busy;
    state.answer = null;
    showAnswer(null);
    if (desc.note) showError(desc.note);
    refresh();
  }
  function setSelect(select, value) {
    if (![...select.options].some((o) => o.value === value)) select.appendChild(html("option", { value }, value));
    select.value = value;
  }

  // Asks the server to read the board's position: forbidden points,
  // errors; keeps the address in step.
  async function refresh() {
    const text = positionText();
    const seq = ++state.seq;
    history.replaceState(null, "", "#" + encodeText(text));
    $("link").href = location.href;
    draw();
    try {
      const desc = await api("/api/position", { text, file: state.file });
      if (seq !== state.seq) return;
      state.desc = desc;
      state.descText = text;
      showError("");
    } catch (e) {
      if (seq !== state.seq) return;
      state.desc = null;
      state.descText = null;
      showError(e.message);
    }
    draw();
  }

  // --- drawing -----------------------------------------------------------------

  let svg = null;
  let layout = null;
  function board() {
    const size = `${state.width}x${state.height}`;
    if (svg && state.svgSize === size) return;
    if (!state.desc || `${state.desc.width}x${state.desc.height}` !== size) {
      // The picture of the new size comes with the server's answer.
      svg = null;
      state.svgSize = null;
      $("board").replaceChildren();
      return;
    }
    const doc = new DOMParser().parseFromString(state.desc.picture, "image/svg+xml");
    svg = document.importNode(doc.documentElement, true);
    svg.setAttribute("role", "img");
    layout = state.desc.layout;
    // Where the points lie, for whoever drives the page (the browser test).
    svg.dataset.left = layout.left;
    svg.dataset.top = layout.top;
    svg.dataset.cell = layout.cell;
    svg.dataset.rows = state.height;
    svg.appendChild(el("g", { id: "stones" }));
    svg.appendChild(el("g", { id: "marks" }));
    svg.appendChild(el("g", { id: "line" }));
    svg.addEventListener("click", click);
    $("board").replaceChildren(svg);
    state.svgSize = size;
  }
  function centre(name) {
    const x = name.charCodeAt(0) - 97;
    const y = parseInt(name.slice(1), 10) - 1;
    return [layout.left + x * layout.cell, layout.top + (state.height - 1 - y) * layout.cell];
  }
  function stone(group, name, player, number, extra) {
    const [cx, cy] = centre(name);
    const g = el("g", Object.assign({ class: "stone", "data-cell": name, "data-player": player }, extra || {}));
    g.appendChild(el("circle", { cx, cy, r: layout.stone, fill: player === "x" ? layout.black : layout.white, stroke: layout.black, "stroke-width": 1.2 }));
    if (number !== undefined) {
      const size = number < 10 ? 20 : number < 100 ? 17 : 13;
      g.appendChild(el("text", { x: cx, y: cy + (size * 7) / 20, "font-size": size, "font-weight": "bold", "text-anchor": "middle", fill: player === "x" ? layout.white : layout.black }, String(number)));
    }
    group.appendChild(g);
  }

  function draw() {
    board();
    if (!svg) return;
    const group = svg.querySelector("#stones");
    const marks = svg.querySelector("#marks");
    const line = svg.querySelector("#line");
    group.replaceChildren();
    marks.replaceChildren();
    line.replaceChildren();
    for (const s of stones()) stone(group, s.cell, s.player);
    const last = state.cursor > 0 ? state.moves[state.cursor - 1] : null;
    if (last) {
      const [cx, cy] = centre(last.cell);
      marks.appendChild(el("circle", { cx, cy, r: 4, fill: last.player === "x" ? layout.white : layout.black, class: "last-move" }));
    }
    const fresh = state.desc && state.descText === positionText();
    const a = state.answer;
    const covered = new Set(a && a.line ? a.line.slice(0, a.step) : []);
    if (fresh) {
      for (const f of state.desc.forbidden) {
        if (covered.has(f.cell)) continue;
        const [cx, cy] = centre(f.cell);
        const d = 9;
        const g = el("g", { class: "forbidden", "data-cell": f.cell, stroke: layout.mark, "stroke-width": 3, "stroke-linecap": "round" });
        g.appendChild(el("title", {}, `${f.cell}: forbidden to x (${f.kind})`));
        g.appendChild(el("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }));
        g.appendChild(el("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }));
        marks.appendChild(g);
      }
    }
    if (a && a.line) {
      let player = a.toMove;
      a.line.slice(0, a.step).forEach((cell, i) => {
        stone(line, cell, player, i + 1);
        player = other(player);
      });
    }
    if (a && a.defences) {
      for (const c of a.defences) ring(line, c, "#2e8b2e", "defence");
      for (const c of a.open) ring(line, c, "#888", "open");
    }
    status();
    $("cursor").textContent = String(state.cursor);
    $("moves").textContent = String(state.moves.length);
    $("undo").disabled = state.cursor === 0;
    $("start").disabled = state.cursor === 0;
    $("redo").disabled = state.cursor >= state.moves.length;
    $("end").disabled = state.cursor >= state.moves.length;
  }
  function ring(group, cell, colour, kind) {
    const [cx, cy] = centre(cell);
    group.appendChild(el("circle", { cx, cy, r: 14, fill: "none", stroke: colour, "stroke-width": 4, class: kind, "data-cell": cell }));
  }

  function status() {
    const d = state.desc && state.descText === positionText() ? state.desc : null;
    const side = d ? d.to_move : toMove();
    let text = `${side} to move; ${state.width}x${state.height}, k ${state.k}, ${state.rule}; ${stones().length} stones`;
    if (d && d.rule === "renju") {
      text += d.forbidden.length
        ? `; forbidden to x: ${d.forbidden.map((f) => `${f.cell} (${f.kind})`).join(", ")}`
        : "; no point is forbidden to x";
    }
    $("status").textContent = text;
  }

  // --- placing stones ----------------------------------------------------------

  function click(event) {
    if (state.busy || !layout) return;
    const pt = svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const at = pt.matrixTransform(svg.getScreenCTM().inverse());
    const x = Math.round((at.x - layout.left) / layout.cell);
    const row = Math.round((at.y - layout.top) / layout.cell);
    if (x < 0 || x >= state.width || row < 0 || row >= state.height) return;
    place(cellName(x, state.height - 1 - row));
  }

  function place(cell) {
    if (stoneAt().has(cell)) return;
    const mode = $("place").value;
    const player = mode === "alternate" ? toMove() : mode;
    const d = state.desc && state.descText === positionText() ? state.desc : null;
    const foul = player === "x" && d ? d.forbidden.find((f) => f.cell === cell) : null;
    if (foul) {
      showError(`${cell} is forbidden to x under renju (${foul.kind})`);
      return;
    }
    state.moves = state.moves.slice(0, state.cursor);
    state.moves.push({ cell, player });
    state.cursor += 1;
    if (mode === "alternate") $("to-move").value = "";
    edited();
  }

  function edited() {
    state.answer = null;
    showAnswer(null);
    refresh();
  }

  // --- questions -----------------------------------------------------------------

  function setBusy(busy) {
    state.busy = busy;
    for (const id of ["solve", "defences", "undo", "redo", "start", "end", "clear", "new-board", "load-text", "file"]) $(id).disabled = busy;
    $("analyse").disabled = busy || !state.record;
    $("cancel").disabled = !busy;
    if (!busy) draw();
  }

  function number(n) {
    return Number(n).toLocaleString("en");
  }
  function bytes(n) {
    const units = ["B", "KiB", "MiB", "GiB"];
    let v = n, u = 0;
    while (v >= 1024 && u < units.length - 1) { v /= 1024; u += 1; }
    return u === 0 ? `${n} B` : `${v.toFixed(1)} ${units[u]}`;
  }

  function showProgress(kind, data) {
    const box = $("progress");
    box.hidden = false;
    if (kind === "queued") {
      box.textContent = `Waiting for a turn: ${data.running} running, ${data.waiting} waiting.`;
      return;
    }
    if (kind === "started") {
      box.textContent = `Searching (${data.prover}, at most ${data.time} s, ${data.threads} thread${data.threads === 1 ? "" : "s"}, ${bytes(data.memory)} of memory)` + (data.notes.length ? `; ${data.notes.join("; ")}` : "");
      return;
    }
    const parts = [`${data.seconds.toFixed(1)} s`];
    if (data.plies) parts.push(`ply ${data.ply} of ${data.plies}`);
    parts.push(`${number(data.nodes)} nodes`, `${number(data.rate)} nodes/s`);
    if (data.proof !== undefined) parts.push(`root proof number ${data.proof}, disproof number ${data.disproof}`);
    if (data.memory !== undefined) parts.push(`memory ${bytes(data.memory)} of ${bytes(data.memory_budget)}`);
    if (data.entries !== undefined) parts.push(`table ${number(data.entries)} of ${number(data.slots)} entries`);
    box.textContent = parts.join(" · ");
    box.dataset.nodes = String(data.nodes);
  }

  // Reads a stream of server-sent events from a fetch response.
  async function events(res, on) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let at;
      while ((at = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        let name = "message", data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) name = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        on(name, data ? JSON.parse(data) : null);
      }
    }
  }

  async function ask(kind) {
    if (state.busy) return;
    showError("");
    let body;
    if (kind === "analyse") {
      if (!state.record) return;
      body = { text: state.record.text, file: state.record.file, rule: state.rule, time: Math.min(Number($("time").value) || 1, 1), threads: 1 };
    } else {
      body = {
        text: positionText(), file: state.file, prover: $("prover").value,
        time: Number($("time").value) || undefined, threads: Number($("threads").value) || 1,
        certificate: kind === "solve" && $("want-certificate").checked,
      };
    }
    setBusy(true);
    $("progress").hidden = false;
    $("progress").textContent = "Asking…";
    let answered = false;
    try {
      const res = await fetch(`/api/${kind}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Kinrow-Client": client },
        body: JSON.stringify(body),
      });
      if (!res.ok) {
        const data = await res.json().catch(() => ({ error: `the server answered ${res.status}` }));
        throw new Error(data.error);
      }
      const asked = positionText();
      await events(res, (name, data) => {
        if (name === "queued" || name === "started" || name === "progress") showProgress(name, data);
        else if (name === "result") {
          answered = true;
          if (kind === "analyse" || positionText() === asked) answer(kind, data);
        } else if (name === "error") {
          answered = true;
          showError(data.error);
        } else if (name === "cancelled") {
          answered = true;
          $("progress").textContent = "Cancelled before it started.";
        }
      });
      if (!answered) showError("the server ended the search without an answer");
    } catch (e) {
      showError(e.message);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    $("progress").textContent += " · cancelling…";
    try {
      await api("/api/cancel", {});
    } catch (e) {
      showError(e.message);
    }
  }

  // A line of the command line's text report that starts with `label`.
  function reportLine(text, label) {
    const line = text.split("\n").find((l) => l.startsWith(label));
    return line ? line.slice(label.length) : "";
  }

  function download(id, text, name, type) {
    const a = $(id);
    if (a.dataset.url) URL.revokeObjectURL(a.dataset.url);
    if (text === null || text === undefined) {
      a.hidden = true;
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type }));
    a.dataset.url = url;
    a.href = url;
    a.download = name;
    a.hidden = false;
  }

  function stem(name) {
    return (name || "position").replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 80) || "position";
  }

  function answer(kind, data) {
    const j = data.json;
    const a = { kind, line: null, toMove: null, step: 0, defences: null, open: null, plies: null, text: data.text };
    const verdict = $("verdict");
    verdict.className = "";
    $("plies").replaceChildren();
    if (data.stopped) {
      verdict.textContent = "stopped";
      $("detail").textContent = data.text;
      $("holds-for").textContent = "";
    } else if (kind === "solve") {
      if (j.result === "skipped") {
        verdict.textContent = "skipped: the prover refuses this position";
        $("detail").textContent = j.detail;
        $("holds-for").textContent = "";
      } else {
        verdict.textContent = reportLine(data.text, "result: ");
        verdict.className = j.result;
        $("detail").textContent = reportLine(data.text, "length: ");
        const holds = reportLine(data.text, "holds for: ");
        $("holds-for").textContent = holds ? `Holds for: ${holds}` : "";
        if (j.pv.length) {
          a.line = j.pv;
          a.toMove = j.to_move;
          a.step = j.pv.length;
        }
      }
    } else if (kind === "defences") {
      if (j.result === "skipped") {
        verdict.textContent = "skipped: the prover refuses this position";
        $("detail").textContent = j.detail;
        $("holds-for").textContent = "";
      } else {
        verdict.textContent = reportLine(data.text, "defences for ");
        verdict.textContent = `Defences for ${verdict.textContent}`;
        $("detail").textContent = j.open.length ? `Not settled (a budget ran out): ${j.open.join(" ")}` : "";
        $("holds-for").textContent = `Holds for: ${reportLine(data.text, "holds for: ")}`;
        a.defences = j.defences;
        a.open = j.open;
      }
    } else {
      analysed(a, data);
    }
    state.answer = a;
    showAnswer(a);
    const name = stem(j && j.name ? j.name : state.file.replace(/\.[^.]*$/, ""));
    download("dl-position", data.position || positionText(), `${name}.pos`, "text/plain");
    download("dl-svg", data.svg, `${name}.svg`, "image/svg+xml");
    download("dl-certificate", data.certificate, `${name}.proof`, "text/plain");
    $("report").textContent = data.text + (data.notes && data.notes.length ? `\n(${data.notes.join("; ")})\n` : "");
    // The search's own figures replace the last progress line.
    $("progress").textContent = j && j.nodes !== undefined
      ? `Done: ${number(j.nodes)} nodes in ${j.seconds.toFixed(3)} s (prover ${j.prover}).`
      : "Done.";
    draw();
  }

  // An analysis: the plies with a forced win, each a button that goes to
  // its position and shows its line.
  function analysed(a, data) {
    const plies = data.json.filter((p) => !p.summary);
    const summary = data.json.find((p) => p.summary) || {};
    $("verdict").textContent = data.text.split("\n")[0];
    $("detail").textContent = summary.forced_from !== null && summary.forced_from !== undefined
      ? `The result is forced from ply ${summary.forced_from}.`
      : "The result was not found forced within the budget.";
    $("holds-for").textContent = "A win shown is proved, in the real game; a ply without one is not proved lost.";
    a.plies = plies;
    const list = $("plies");
    for (const p of plies.filter((q) => q.win)) {
      const b = html("button", { type: "button", "data-ply": String(p.ply), class: p.fate || "" }, String(p.ply));
      b.title = `ply ${p.ply}: ${p.to_move} has a forced win in ${p.plies} (${p.prover}): ${p.line.join(" ")}` + (p.label ? `; played ${p.played}: ${p.label}` : "");
      b.addEventListener("click", () => {
        state.cursor = Math.min(p.ply, state.moves.length);
        a.line = p.line;
        a.toMove = p.to_move;
        a.step = p.line.length;
        for (const other of list.querySelectorAll("button")) other.classList.toggle("current", other === b);
        showAnswer(a);
        refresh();
      });
      list.appendChild(html("li", {})).appendChild(b);
    }
  }

  function showAnswer(a) {
    $("answer").hidden = !a;
    const steps = $("line-steps");
    steps.hidden = !(a && a.line);
    if (a && a.line) {
      $("line-at").textContent = String(a.step);
      $("line-len").textContent = String(a.line.length);
      $("line-text").textContent = "Line: " + a.line.map((c, i) => (i < a.step ? `${i + 1}.${c}` : c)).join(" ");
    } else {
      $("line-text").textContent = a && a.defences ? `Defending moves (green): ${a.defences.join(" ") || "none"}` : "";
    }
  }

  function lineStep(to) {
    const a = state.answer;
    if (!a || !a.line) return;
    a.step = Math.max(0, Math.min(a.line.length, to));
    showAnswer(a);
    draw();
  }

  // --- wiring ----------------------------------------------------------------------

  function newBoard() {
    const num = (id, lo, hi) => Math.max(lo, Math.min(hi, parseInt($(id).value, 10) || lo));
    state.width = num("width", 1, 26);
    state.height = num("height", 1, 26);
    state.k = num("k", 1, 26);
    state.rule = $("rule").value;
    state.base = [];
    state.moves = [];
    state.cursor = 0;
    state.record = null;
    state.file = "board.pos";
    $("suite").hidden = true;
    $("to-move").value = "";
    $("analyse").disabled = true;
    edited();
  }

  async function loadFile(file) {
    if (file.size > 1 << 20) {
      showError(`${file.name}: larger than the server reads (1 MiB)`);
      return;
    }
    try {
      await load(await file.text(), file.name);
    } catch (e) {
      showError(e.message);
    }
  }

  function wire() {
    $("undo").addEventListener("click", () => { if (state.cursor > 0) { state.cursor -= 1; edited(); } });
    $("redo").addEventListener("click", () => { if (state.cursor < state.moves.length) { state.cursor += 1; edited(); } });
    $("start").addEventListener("click", () => { state.cursor = 0; edited(); });
    $("end").addEventListener("click", () => { state.cursor = state.moves.length; edited(); });
    $("clear").addEventListener("click", () => { state.base = []; state.moves = []; state.cursor = 0; state.record = null; $("to-move").value = ""; $("analyse").disabled = true; edited(); });
    $("new-board").addEventListener("click", newBoard);
    for (const id of ["to-move", "depth", "candidates", "attack"]) $(id).addEventListener("change", edited);
    $("solve").addEventListener("click", () => ask("solve"));
    $("defences").addEventListener("click", () => ask("defences"));
    $("analyse").addEventListener("click", () => ask("analyse"));
    $("cancel").addEventListener("click", cancel);
    $("line-first").addEventListener("click", () => lineStep(0));
    $("line-prev").addEventListener("click", () => lineStep(state.answer.step - 1));
    $("line-next").addEventListener("click", () => lineStep(state.answer.step + 1));
    $("line-last").addEventListener("click", () => lineStep(Infinity));
    $("load-text").addEventListener("click", async () => {
      try {
        await load($("paste").value, "pasted.pos");
      } catch (e) {
        showError(e.message);
      }
    });
    $("names").addEventListener("change", async () => {
      try {
        await load(state.source.text, state.source.file, $("names").value);
      } catch (e) {
        showError(e.message);
      }
    });
    $("file").addEventListener("change", () => {
      const f = $("file").files[0];
      if (f) loadFile(f);
      $("file").value = "";
    });
    const drop = $("drop");
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      const f = e.dataTransfer.files[0];
      if (f) loadFile(f);
    });
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || state.busy) return;
      if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
      if (e.key === "ArrowLeft") $("undo").click();
      else if (e.key === "ArrowRight") $("redo").click();
    });
    window.addEventListener("hashchange", () => {
      if (decodeHash() !== positionText()) fromAddress();
    });
  }

  function decodeHash() {
    const h = location.hash.slice(1);
    return h ? decodeText(h) : null;
  }

  async function fromAddress() {
    const text = decodeHash();
    if (!text) return false;
    try {
      await load(text, "link.pos");
      return true;
    } catch (e) {
      showError(`the position in the address: ${e.message}`);
      return false;
    }
  }

  async function start() {
    wire();
    try {
      const info = await api("/api/info");
      for (const p of info.provers) $("prover").appendChild(html("option", { value: p }, p));
      $("threads").max = String(info.max_threads);
      $("time").max = String(info.max_time);
    } catch (e) {
      showError(e.message);
    }
    if (!(await fromAddress())) refresh();
    document.body.dataset.ready = "true";
  }
  start();
})();
