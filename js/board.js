// riskboard's live board: the world map as SVG plus HTML panels; clicks become intents.
//
// The Python side (riskboard.widget.Board) owns every rule. This module only draws the synced
// traits (map_data, players, view, hints, selected, dice, log, error, seats, next_dice, busy)
// and sends intents with model.send({kind, ..., state_id}). The SVG is built once from map_data;
// later changes update fills, badges, classes and panels in place.

const SVG_NS = "http://www.w3.org/2000/svg";
const UNCLAIMED = "#F4F1EA";
const SEATS = ["human", "Aggressive", "Random"];
const STEPS = [
  ["setup", "Setup"],
  ["reinforce", "Reinforce"],
  ["attack", "Attack"],
  ["fortify", "Fortify"],
];
const VERBS = {
  claim: "claim a territory",
  place: "place armies",
  place_neutral: "place a neutral army",
  trade: "trade in a set of cards",
  attack: "attack",
  defend: "choose defence dice",
  occupy: "move into the conquered territory",
  fortify: "fortify",
};
const PIPS = {
  1: [[5, 5]],
  2: [[2.6, 2.6], [7.4, 7.4]],
  3: [[2.6, 2.6], [5, 5], [7.4, 7.4]],
  4: [[2.6, 2.6], [7.4, 2.6], [2.6, 7.4], [7.4, 7.4]],
  5: [[2.6, 2.6], [7.4, 2.6], [5, 5], [2.6, 7.4], [7.4, 7.4]],
  6: [[2.6, 2.4], [7.4, 2.4], [2.6, 5], [7.4, 5], [2.6, 7.6], [7.4, 7.6]],
};
const ICONS = {
  infantry: '<circle cx="8" cy="3.4" r="2.2"/><path d="M8 6v5M4.6 8.2h6.8M8 11l-2.6 4M8 11l2.6 4" fill="none" stroke-width="1.8" stroke-linecap="round"/>',
  cavalry: '<path d="M4 2.5v5.5a4 4 0 0 0 8 0V2.5" fill="none" stroke-width="2.4" stroke-linecap="round"/><circle cx="4" cy="6" r=".8" fill="#fff" stroke="none"/><circle cx="12" cy="6" r=".8" fill="#fff" stroke="none"/>',
  artillery: '<path d="M2.5 10.5l9-5" stroke-width="3" stroke-linecap="round"/><circle cx="6" cy="11.5" r="3" fill="none" stroke-width="1.6"/>',
  wild: '<path d="M8 1.5l1.9 4.2 4.6.5-3.4 3.1 1 4.5L8 11.5l-4.1 2.3 1-4.5-3.4-3.1 4.6-.5z"/>',
};

// -- small DOM helpers -------------------------------------------------------------------------
function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}
function s(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) e.setAttribute(k, String(v));
  return e;
}
function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}
function show(e, on) {
  if (e.hidden === on) e.hidden = !on;
}
function textColour(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return "#000";
  const lin = (i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4) > 0.179 ? "#111" : "#fff";
}
function pct(p) {
  const v = 100 * p;
  const r = Math.round(v);
  if (r === 0 && v > 0) return "<1%";
  if (r === 100 && v < 100) return ">99%";
  return `${r}%`;
}
function oddsClass(p) {
  return p >= 0.7 ? "good" : p >= 0.4 ? "fair" : "poor";
}
function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// A shorter form of a long territory name for the map label (the <title> keeps the full name).
function shortName(name) {
  let n = name.replace("United States", "US");
  if (n.length <= 12) return n;
  n = n.replace(/^(North|South|East|West)(ern)? /, (_, w) => `${w[0]}. `).replace(/^Northwest /, "NW ").replace(/^Great /, "Gt. ");
  return n;
}

function dieFace(value, fill, size = 34) {
  const svg = s("svg", { viewBox: "-0.5 -0.5 11 11", width: size, height: size, class: "rb-die-face" });
  svg.append(s("rect", { x: 0, y: 0, width: 10, height: 10, rx: 2, fill, stroke: "#222", "stroke-width": 0.5 }));
  const pip = textColour(fill);
  for (const [cx, cy] of PIPS[value] || []) svg.append(s("circle", { cx, cy, r: 1.05, fill: pip }));
  if (!PIPS[value]) {
    const t = s("text", { x: 5, y: 7, "text-anchor": "middle", "font-size": 6, fill: pip });
    t.textContent = String(value);
    svg.append(t);
  }
  return svg;
}
function symbolIcon(symbol) {
  const svg = s("svg", { viewBox: "0 0 16 16", width: 22, height: 22, class: `rb-icon rb-icon-${symbol}` });
  svg.innerHTML = ICONS[symbol] || ICONS.wild;
  return svg;
}

// -- the board ---------------------------------------------------------------------------------
class BoardView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.abort = new AbortController();
    this.listeners = [];
    this.local = { attackTarget: "", attackDice: 0, fortifyTarget: "", placeTarget: "", lastThrow: null };
    this.keys = {};
    this.root = h("div", { class: "rb-board" });
    el.append(this.root);
    this.build();
    this.renderAll();
    const on = (names, fn) => {
      for (const name of names) {
        const cb = () => fn.call(this);
        this.model.on(`change:${name}`, cb);
        this.listeners.push([`change:${name}`, cb]);
      }
    };
    on(["map_data"], () => {
      this.buildMap();
      this.renderAll();
    });
    on(["players"], this.renderAll);
    on(["view"], this.onView);
    on(["hints", "selected"], this.onHints);
    on(["dice"], this.onDice);
    on(["log"], this.renderLog);
    on(["error"], this.renderError);
    on(["seats", "busy"], this.onSeats);
    on(["next_dice"], this.renderTeacher);
  }

  destroy() {
    for (const [name, cb] of this.listeners) this.model.off(name, cb);
    this.listeners = [];
    this.abort.abort();
    this.root.remove();
  }

  get(name, fallback) {
    const v = this.model.get(name);
    return v == null ? fallback : v;
  }
  send(msg) {
    this.model.send({ ...msg, state_id: this.model.get("state_id") });
  }
  action(text) {
    this.send({ kind: "action", text });
  }
  listen(target, type, fn) {
    target.addEventListener(type, fn, { signal: this.abort.signal });
  }
  button(label, cls, onClick, attrs = {}) {
    const b = h("button", { type: "button", class: `rb-btn ${cls}`, ...attrs }, label);
    this.listen(b, "click", onClick);
    return b;
  }
  name(id) {
    const t = this.byId && this.byId.get(id);
    return t ? t.name : id || "";
  }
  names(text) {
    return text.replace(/\b[a-z][a-z0-9_]*\b/g, (w) => (this.byId.has(w) ? this.name(w) : w));
  }
  colour(index) {
    const p = this.get("players", [])[index];
    return p ? p.colour : UNCLAIMED;
  }
  playerColour(name) {
    const p = this.get("players", []).find((q) => q.name === name);
    return p ? p.colour : "#888";
  }
  pendingIsHuman() {
    const player = this.view().pending?.player;
    return !player || (this.get("seats", {})[player] || "human") === "human";
  }
  view() {
    return this.get("view", {});
  }
  hints() {
    return this.get("hints", {});
  }

  // -- construction ----------------------------------------------------------------------------
  build() {
    const top = h("div", { class: "rb-top" });
    this.turnChip = h("span", { class: "rb-chip" });
    this.turnName = h("span", { class: "rb-turn-name" });
    this.turnNo = h("span", { class: "rb-turn-no" });
    this.steps = h("ol", { class: "rb-steps", "aria-label": "phases of a turn" });
    this.stepEls = {};
    for (const [id, label] of STEPS) {
      this.stepEls[id] = h("li", { "data-phase": id, text: label });
      this.steps.append(this.stepEls[id]);
    }
    this.reinf = h("span", { class: "rb-reinf" });
    this.undoBtn = this.button("↶ Undo", "rb-ghost rb-undo", () => this.send({ kind: "undo" }), { title: "take back the last action" });
    top.append(h("div", { class: "rb-who" }, this.turnChip, this.turnName, this.turnNo), this.steps, h("div", { class: "rb-top-right" }, this.reinf, this.undoBtn));

    this.errorMsg = h("span", { class: "rb-error-msg" });
    this.errorCode = h("code", { class: "rb-error-code" });
    this.errorBox = h("div", { class: "rb-error", role: "alert", hidden: true },
      h("span", { class: "rb-error-icon", "aria-hidden": "true", text: "!" }), this.errorMsg, this.errorCode,
      this.button("×", "rb-error-close", () => show(this.errorBox, false), { "aria-label": "dismiss", title: "dismiss" }));

    this.promptHead = h("b");
    this.promptTip = h("span");
    this.prompt = h("div", { class: "rb-prompt", "aria-live": "polite" }, this.promptHead, " ", this.promptTip);
    this.actions = h("div", { class: "rb-actions" });
    this.buildControls();

    this.mapWrap = h("div", { class: "rb-mapwrap" });
    this.buildMap();

    const panels = h("div", { class: "rb-panels" });
    this.diceBody = h("div", { class: "rb-dice-body" });
    this.playersBody = h("tbody");
    this.handTitle = h("span");
    this.handBody = h("div", { class: "rb-hand" });
    this.setsBody = h("div", { class: "rb-sets" });
    this.handNote = h("div", { class: "rb-note" });
    this.logList = h("ol", { class: "rb-log" });
    panels.append(
      this.card("Last throw", "rb-dice-card", this.diceBody),
      this.card("Players", "rb-players-card", h("table", { class: "rb-players" },
        h("thead", {}, h("tr", {}, h("th", { colspan: 2, text: "player" }), h("th", { text: "seat" }), h("th", { text: "terr." }),
          h("th", { text: "armies" }), h("th", { text: "cards" }))), this.playersBody)),
      this.card(this.handTitle, "rb-hand-card", this.handBody, this.setsBody, this.handNote),
      this.card("Events", "rb-log-card", h("div", { class: "rb-log-scroll" }, this.logList)),
      this.buildBots(),
      this.buildTeacher(),
    );
    this.listen(this.playersBody, "change", (e) => {
      const seat = e.target.closest("select.rb-seat");
      if (seat) this.send({ kind: "set_seat", player: seat.dataset.player, seat: seat.value });
    });
    this.listen(this.setsBody, "click", (e) => {
      const b = e.target.closest(".rb-trade");
      if (b && !b.disabled) this.action(`trade ${b.dataset.set}`);
    });
    for (const type of ["mouseover", "focusin"]) this.listen(this.setsBody, type, (e) => this.markSet(e.target.closest(".rb-set")));
    for (const type of ["mouseleave", "focusout"]) this.listen(this.setsBody, type, () => this.markSet(null));
    this.mapWrap.append(this.errorBox);
    this.root.append(top, this.prompt, this.mapWrap, this.actions, panels);
  }

  card(title, cls, ...body) {
    return h("section", { class: `rb-card ${cls}` }, h("h3", {}, title), ...body);
  }

  buildMap() {
    const data = this.get("map_data", {});
    const terrs = data.territories || [];
    const [x, y, w, hgt] = data.view_box || [0, 0, 1000, 500];
    this.box = [x, y, w, hgt];
    this.terrs = terrs;
    this.byId = new Map(terrs.map((t, i) => [t.id, { ...t, index: i }]));
    this.cache = terrs.map(() => ({}));
    const svg = s("svg", { class: "rb-map", viewBox: `${x} ${y} ${w} ${hgt}`, role: "group", "aria-label": data.id ? `${data.id} map` : "map" });
    svg.append(s("rect", { class: "rb-ocean", x, y, width: w, height: hgt }));
    const seas = s("g", { class: "rb-seas" });
    for (const line of data.sea_lines || []) {
      for (const seg of line.segments || [line.points || []]) {
        seas.append(s("polyline", { points: seg.map((p) => p.join(",")).join(" "), "data-between": (line.between || []).join(" ") }));
      }
    }
    const land = s("g", { class: "rb-land" });
    const outlines = s("g", { class: "rb-outlines", "aria-hidden": "true" });
    const conts = s("g", { class: "rb-continents", "aria-hidden": "true" });
    const labels = s("g", { class: "rb-labels", "aria-hidden": "true" });
    const badges = s("g", { class: "rb-badges", "aria-hidden": "true" });
    this.pillLayer = s("g", { class: "rb-pills", "aria-hidden": "true" });
    this.arrowLayer = s("g", { class: "rb-arrows", "aria-hidden": "true" });
    this.focusRing = s("path", { class: "rb-focus-ring", d: "", "aria-hidden": "true" });
    this.paths = [];
    this.outlines = [];
    this.badges = [];
    this.pills = new Map();
    this.keys.arrow = undefined;
    terrs.forEach((t, i) => {
      const title = s("title");
      const path = s("path", { d: t.path, class: "rb-territory", "data-territory": t.id, tabindex: 0, role: "button", fill: UNCLAIMED });
      path.append(title);
      this.listen(path, "click", () => this.onTerritory(t.id));
      this.listen(path, "keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
          ev.preventDefault();
          this.onTerritory(t.id);
        } else if (ev.key === "Escape") this.clearSelection();
      });
      // a keyboard user sees where they are; a mouse click focuses too, but needs no ring
      this.listen(path, "focus", () => path.matches(":focus-visible") && this.focusRing.setAttribute("d", t.path));
      this.listen(path, "blur", () => this.focusRing.setAttribute("d", ""));
      land.append(path);
      this.paths.push(path);
      const outline = s("path", { d: t.path, class: "rb-outline" });
      outlines.append(outline);
      this.outlines.push(outline);
      const [lx, ly] = t.label || [0, 0];
      const [bx, by] = t.badge || [0, 0];
      const label = s("text", { x: lx, y: ly - 0.8, dy: "0.35em", class: "rb-label" });
      if (Math.abs(ly - by) < 6 && Math.abs(lx - bx) > 4) {
        // the name sits beside its badge, not above it: keep it clear of the badge
        label.setAttribute("x", lx < bx ? bx - 8 : bx + 8);
        label.setAttribute("text-anchor", lx < bx ? "end" : "start");
      }
      label.textContent = shortName(t.name);
      labels.append(label);
      const g = s("g", { class: "rb-badge", transform: `translate(${bx} ${by})`, "data-badge": t.id });
      const rect = s("rect", { x: -6.4, y: -6.4, width: 12.8, height: 12.8, rx: 6.4 });
      const num = s("text", { dy: "0.35em" });
      g.append(rect, num);
      g.style.display = "none";
      badges.append(g);
      this.badges.push({ g, rect, num, title });
    });
    this.contEls = [];
    for (const c of data.continents || []) {
      const [cx, cy] = c.label || [0, 0];
      const g = s("g", { class: "rb-continent", transform: `translate(${cx} ${cy})` });
      const name = s("text", { class: "rb-continent-name", "text-anchor": "middle" });
      name.textContent = (c.name || c.id).toUpperCase();
      const pill = s("rect", { class: "rb-continent-pill", x: -9, y: 3.5, width: 18, height: 10, rx: 5, fill: "#fff" });
      const bonus = s("text", { class: "rb-continent-bonus", y: 8.5, dy: "0.35em", "text-anchor": "middle" });
      bonus.textContent = `+${c.bonus}`;
      g.append(name, pill, bonus);
      conts.append(g);
      const members = terrs.map((t, i) => (t.continent === c.id ? i : -1)).filter((i) => i >= 0);
      this.contEls.push({ c, g, pill, bonus, members, holder: null });
    }
    svg.append(seas, land, conts, outlines, labels, this.arrowLayer, badges, this.pillLayer, this.focusRing);
    if (this.svg) this.svg.replaceWith(svg);
    else this.mapWrap.prepend(svg);
    this.svg = svg;
  }

  buildControls() {
    const c = (this.ctl = {});
    // place N
    c.placeCount = h("input", { type: "number", min: 1, value: 1, class: "rb-num", "aria-label": "armies to place" });
    c.placeWhere = h("select", { class: "rb-select", "aria-label": "territory to place on" });
    c.placeBtn = this.button("Place", "rb-primary", () => this.doPlace());
    this.listen(c.placeCount, "keydown", (e) => e.key === "Enter" && this.doPlace());
    this.listen(c.placeWhere, "change", () => {
      this.local.placeTarget = c.placeWhere.value;
      this.renderHighlights();
    });
    c.place = h("div", { class: "rb-ctl rb-place-ctl" }, h("span", { text: "Place" }), c.placeCount, h("span", { text: "on" }), c.placeWhere, c.placeBtn);
    // attack
    c.attackFrom = h("b");
    c.attackWhere = h("select", { class: "rb-select", "aria-label": "territory to attack" });
    c.diceBtns = h("span", { class: "rb-seg", role: "group", "aria-label": "attacking dice" });
    c.attackOdds = h("span", { class: "rb-odds" });
    c.rollBtn = this.button("Roll", "rb-primary rb-roll", () => this.doAttack(false));
    c.blitzBtn = this.button("Blitz", "rb-warn rb-blitz", () => this.doAttack(true), { title: "attack throw after throw until conquered or out of armies" });
    this.listen(c.attackWhere, "change", () => {
      this.local.attackTarget = c.attackWhere.value;
      this.local.attackDice = 0;
      this.renderControls();
      this.renderHighlights();
    });
    c.attack = h("div", { class: "rb-ctl rb-attack-ctl" }, h("span", {}, "From ", c.attackFrom, " attack"), c.attackWhere,
      h("span", { text: "with" }), c.diceBtns, c.rollBtn, c.blitzBtn, c.attackOdds,
      this.button("×", "rb-ghost rb-deselect", () => this.clearSelection(), { title: "deselect", "aria-label": "deselect" }));
    // defend
    c.defendText = h("span");
    c.defendBtns = h("span", { class: "rb-defend-btns" });
    c.defend = h("div", { class: "rb-ctl rb-defend-ctl" }, c.defendText, c.defendBtns);
    this.listen(c.defendBtns, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (b && !b.disabled) this.action(`defend ${b.dataset.dice}`);
    });
    this.listen(c.diceBtns, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (!b || b.disabled) return;
      this.local.attackDice = Number(b.dataset.dice);
      this.renderControls();
    });
    // occupy
    c.occRange = h("input", { type: "range", min: 1, max: 1, value: 1, class: "rb-range", "aria-label": "armies to move in" });
    c.occCount = h("input", { type: "number", min: 1, max: 1, value: 1, class: "rb-num rb-occupy-count", "aria-label": "armies to move in" });
    c.occText = h("span");
    c.occBtn = this.button("Move", "rb-primary rb-occupy-move", () => this.action(`occupy ${this.num(c.occCount)}`));
    this.listen(c.occRange, "input", () => {
      c.occCount.value = c.occRange.value;
      setText(c.occBtn, `Move ${c.occCount.value}`);
    });
    this.listen(c.occCount, "input", () => {
      c.occRange.value = c.occCount.value;
      setText(c.occBtn, `Move ${c.occCount.value}`);
    });
    this.listen(c.occCount, "keydown", (e) => e.key === "Enter" && c.occBtn.click());
    c.occupy = h("div", { class: "rb-ctl rb-occupy-ctl" }, c.occText, c.occRange, c.occCount, c.occBtn);
    // fortify
    c.fortCount = h("input", { type: "number", min: 1, value: 1, class: "rb-num rb-fortify-count", "aria-label": "armies to move" });
    c.fortText = h("span");
    c.fortBtn = this.button("Move", "rb-primary rb-fortify-move", () => this.doFortify());
    this.listen(c.fortCount, "keydown", (e) => e.key === "Enter" && this.doFortify());
    c.fortify = h("div", { class: "rb-ctl rb-fortify-ctl" }, h("span", { text: "Move" }), c.fortCount, c.fortText, c.fortBtn,
      this.button("×", "rb-ghost", () => {
        this.local.fortifyTarget = "";
        this.renderControls();
        this.renderHighlights();
      }, { title: "cancel", "aria-label": "cancel" }));
    c.wait = h("div", { class: "rb-ctl rb-wait-ctl" },
      this.button("Step", "rb-primary", () => this.send({ kind: "step" })),
      this.button("Finish turn", "", () => this.send({ kind: "finish_turn" })),
      this.button("Play to end", "", () => this.send({ kind: "play" })));
    c.end = this.button("End phase", "rb-end", () => this.action("end"));
    this.actions.append(c.place, c.attack, c.defend, c.occupy, c.fortify, c.wait, h("span", { class: "rb-spacer" }), c.end);
  }

  buildBots() {
    this.botBtns = {
      step: this.button("Step", "", () => this.send({ kind: "step" }), { title: "one bot action" }),
      finish: this.button("Finish turn", "", () => this.send({ kind: "finish_turn" })),
      play: this.button("Play to end", "rb-primary", () => this.send({ kind: "play" })),
      stop: this.button("Stop", "rb-danger", () => this.send({ kind: "stop" })),
    };
    this.busyNote = h("span", { class: "rb-busy", text: "bots are playing…" });
    return this.card("Bots", "rb-bots-card", h("div", { class: "rb-row" }, ...Object.values(this.botBtns)), this.busyNote,
      h("div", { class: "rb-note", text: "Choose a seat per player in the Players table." }));
  }

  buildTeacher() {
    const dieInput = (label) => h("input", { type: "number", min: 1, max: 6, class: "rb-num rb-die-in", "aria-label": label, placeholder: "–" });
    this.tAttack = [1, 2, 3].map((i) => dieInput(`attack die ${i}`));
    this.tDefend = [1, 2].map((i) => dieInput(`defence die ${i}`));
    this.tShow = h("div", { class: "rb-next-dice" });
    const read = (inputs) => inputs.map((e) => parseInt(e.value, 10)).filter((v) => Number.isInteger(v));
    return this.card("Teacher: next dice", "rb-teacher-card",
      h("div", { class: "rb-row" }, h("span", { class: "rb-tlabel", text: "attack" }), ...this.tAttack),
      h("div", { class: "rb-row" }, h("span", { class: "rb-tlabel", text: "defence" }), ...this.tDefend),
      h("div", { class: "rb-row" },
        this.button("Set", "rb-primary rb-set-dice", () => {
          const attack = read(this.tAttack);
          const defend = read(this.tDefend);
          if (!attack.length && !defend.length) this.send({ kind: "clear_dice" });
          else this.send({ kind: "set_dice", attack, defend });
        }),
        this.button("Clear", "rb-clear-dice", () => {
          for (const e of [...this.tAttack, ...this.tDefend]) e.value = "";
          this.send({ kind: "clear_dice" });
        })),
      this.tShow);
  }

  // -- intents -----------------------------------------------------------------------------------
  onTerritory(id) {
    const view = this.view();
    const hints = this.hints();
    const selected = this.get("selected", "");
    const decision = view.pending?.decision;
    if (decision === "fortify" && selected && id !== selected && hints.fortify && id in hints.fortify) {
      this.local.fortifyTarget = id;
      this.renderControls();
      this.renderHighlights();
      this.ctl.fortCount.focus({ preventScroll: true });
      return;
    }
    if ((hints.place || []).includes(id)) this.local.placeTarget = id;
    if (decision === "attack" && hints.targets && id in hints.targets) this.local.attackTarget = id;
    this.send({ kind: "click", territory: id });
    this.renderControls();
    this.renderHighlights();
  }
  clearSelection() {
    this.local.fortifyTarget = "";
    this.local.attackTarget = "";
    if (this.get("selected", "")) this.send({ kind: "select", territory: "" });
  }
  num(input) {
    const v = parseInt(input.value, 10);
    return Number.isInteger(v) ? v : 0;
  }
  doPlace() {
    const where = this.ctl.placeWhere.value;
    if (where) this.action(`place ${this.num(this.ctl.placeCount)} ${where}`);
  }
  doAttack(blitz) {
    const src = this.get("selected", "");
    const tgt = this.ctl.attackWhere.value;
    if (!src || !tgt) return;
    const dice = this.local.attackDice || this.hints().targets?.[tgt]?.dice || 1;
    this.action(blitz ? `blitz ${src} ${tgt}` : `attack ${src} ${tgt} ${dice}`);
  }
  doFortify() {
    const src = this.get("selected", "");
    const tgt = this.local.fortifyTarget;
    if (src && tgt) this.action(`fortify ${src} ${tgt} ${this.num(this.ctl.fortCount)}`);
  }

  // -- change handlers ---------------------------------------------------------------------------
  renderAll() {
    this.onView();
    this.renderDice();
    this.renderLog();
    this.renderError();
    this.renderBots();
    this.renderTeacher();
  }
  onView() {
    this.renderMap();
    this.renderStatus();
    this.renderControls();
    this.renderHighlights();
    this.renderPlayers();
    this.renderHand();
  }
  onHints() {
    if (this.get("selected", "") !== this.keys.selected) {
      this.keys.selected = this.get("selected", "");
      this.local.attackTarget = this.local.attackTarget && this.hints().targets?.[this.local.attackTarget] ? this.local.attackTarget : "";
      this.local.fortifyTarget = "";
      this.local.attackDice = 0;
    }
    this.renderControls();
    this.renderHighlights();
    this.renderHand();
  }
  onDice() {
    this.renderDice();
    this.renderHighlights();
  }
  onSeats() {
    this.renderStatus();
    this.renderControls();
    this.renderPlayers();
    this.renderBots();
    this.renderHand();
  }

  renderMap() {
    const view = this.view();
    const owners = view.owner || [];
    const armies = view.armies || [];
    const players = this.get("players", []);
    const pulse = [];
    this.terrs.forEach((t, i) => {
      const o = owners[i] ?? -1;
      const n = armies[i] ?? 0;
      const c = this.cache[i];
      if (c.o === o && c.n === n && c.players === players) return;
      const fill = o >= 0 ? this.colour(o) : UNCLAIMED;
      const b = this.badges[i];
      if (c.fill !== fill) {
        this.paths[i].setAttribute("fill", fill);
        b.rect.setAttribute("fill", fill);
        b.num.setAttribute("fill", textColour(fill));
        c.fill = fill;
      }
      const digits = String(n).length;
      const w = digits > 2 ? 6 + 4.6 * digits : 12.8;
      b.rect.setAttribute("width", w);
      b.rect.setAttribute("x", -w / 2);
      b.num.textContent = String(n);
      b.g.style.display = o >= 0 || n > 0 ? "" : "none";
      if (c.n !== undefined && c.n !== n) pulse.push(i);
      c.o = o;
      c.n = n;
      c.players = players;
      c.owner = o >= 0 ? players[o]?.name || `owner ${o}` : "";
    });
    // A badge whose count changed pops briefly (Web Animations: no reflow, never blocks). After
    // an undo or a new position many change at once; then a pulse would only cost time.
    if (pulse.length <= 4) {
      for (const i of pulse) {
        const [x, y] = this.terrs[i].badge;
        this.badges[i].g.animate?.([{ transform: `translate(${x}px, ${y}px) scale(1.45)` }, { transform: `translate(${x}px, ${y}px) scale(1)` }], { duration: 350, easing: "ease-out" });
      }
    }
    for (const ce of this.contEls) {
      const first = owners[ce.members[0]];
      const holder = first >= 0 && ce.members.every((i) => owners[i] === first) ? first : -1;
      if (holder === ce.holder) continue;
      ce.holder = holder;
      const fill = holder >= 0 ? this.colour(holder) : "#fff";
      ce.pill.setAttribute("fill", fill);
      ce.bonus.setAttribute("fill", holder >= 0 ? textColour(fill) : "#35506b");
      ce.g.classList.toggle("rb-held", holder >= 0);
    }
  }

  renderStatus() {
    const view = this.view();
    const current = view.current || "";
    setText(this.turnName, view.winner ? `${view.winner} wins!` : current);
    this.turnChip.style.background = this.playerColour(view.winner || current);
    setText(this.turnNo, view.phase === "setup" ? "setup" : `turn ${view.turn ?? 0}`);
    const step = view.phase === "occupy" ? "attack" : view.phase;
    for (const [id, li] of Object.entries(this.stepEls)) {
      li.classList.toggle("rb-on", id === step);
      li.hidden = id === "setup" && view.phase !== "setup";
    }
    this.steps.hidden = view.phase === "over";
    const r = view.reinforcements || 0;
    setText(this.reinf, r > 0 ? `${plural(r, "army", "armies")} to place` : "");
    show(this.reinf, r > 0);
    this.undoBtn.disabled = !!this.get("busy", false);
    this.root.classList.toggle("rb-over", view.phase === "over");
    this.root.classList.toggle("rb-is-busy", !!this.get("busy", false));
  }

  promptText() {
    const view = this.view();
    const pending = view.pending || {};
    const decision = pending.decision;
    if (view.phase === "over" || decision === "none" || !pending.player) {
      return [view.winner ? `Game over: ${view.winner} has conquered the world.` : "Nothing to decide.", ""];
    }
    const detail = this.names(pending.detail || "");
    const head = `${pending.player} to ${VERBS[decision] || decision}${detail ? ` (${detail})` : ""}.`;
    if (this.get("busy", false)) return [head, "Bots are playing…"];
    if (!this.pendingIsHuman()) return [head, `${pending.player} is played by the ${this.get("seats", {})[pending.player]} bot: press Step or Play to end.`];
    const selected = this.get("selected", "");
    const hints = this.hints();
    const tips = {
      claim: "Click an empty territory to claim it.",
      place: "Click an outlined territory to place an army there.",
      place_neutral: "Click an outlined territory to place a neutral army there.",
      trade: "Trade a set of cards (see Cards below).",
      defend: "Choose how many dice to defend with.",
      occupy: "Choose how many armies move in.",
    };
    let tip = tips[decision] || "";
    if (decision === "attack") {
      tip = selected && Object.keys(hints.targets || {}).length
        ? `Click a target to attack from ${this.name(selected)} with the most dice, or use the controls. The percentage is the chance to conquer it with every army that may attack.`
        : "Click one of your outlined territories to attack from it, or end the attack phase.";
    } else if (decision === "fortify") {
      tip = selected ? `Click a neighbour to move armies from ${this.name(selected)} there.` : "Click one of your outlined territories to move armies from it, or end your turn.";
    }
    return [head, tip];
  }

  renderControls() {
    const c = this.ctl;
    const view = this.view();
    const hints = this.hints();
    const busy = !!this.get("busy", false);
    const decision = view.pending?.decision;
    const human = this.pendingIsHuman();
    const mine = human && !busy && view.phase !== "over";
    const selected = this.get("selected", "");
    const [head, tip] = this.promptText();
    setText(this.promptHead, head);
    setText(this.promptTip, tip);
    this.prompt.classList.toggle("rb-prompt-over", view.phase === "over");

    // place N
    const places = hints.place || [];
    const r = view.reinforcements || 0;
    const showPlace = mine && decision === "place" && view.phase !== "setup" && r > 0 && places.length > 0;
    show(c.place, showPlace);
    if (showPlace) {
      if (!sameList(places, this.keys.places || [])) {
        this.keys.places = places.slice();
        c.placeWhere.replaceChildren(...places.map((id) => h("option", { value: id, text: this.name(id) })));
      }
      const want = places.includes(this.local.placeTarget) ? this.local.placeTarget : places.includes(selected) ? selected : c.placeWhere.value;
      if (want && c.placeWhere.value !== want) c.placeWhere.value = want;
      c.placeCount.max = r;
      if (this.keys.reinf !== r) {
        this.keys.reinf = r;
        c.placeCount.value = r;
      }
    }

    // attack
    const targets = hints.targets || {};
    const tids = Object.keys(targets);
    const showAttack = mine && decision === "attack" && !!selected && tids.length > 0;
    show(c.attack, showAttack);
    if (showAttack) {
      setText(c.attackFrom, `${this.name(selected)} (${view.armies?.[this.byId.get(selected)?.index] ?? "?"})`);
      const key = `${selected}|${tids.join(",")}`;
      if (this.keys.attack !== key) {
        this.keys.attack = key;
        c.attackWhere.replaceChildren(...tids.map((id) => h("option", { value: id, text: this.name(id) })));
      }
      for (const opt of c.attackWhere.options) {
        const n = view.armies?.[this.byId.get(opt.value)?.index];
        setText(opt, `${this.name(opt.value)} (${n}) ${pct(targets[opt.value].p_win)}`);
      }
      let tgt = this.local.attackTarget;
      if (!targets[tgt]) {
        const last = this.get("dice", {});
        tgt = last.source === selected && targets[last.target] ? last.target : tids.slice().sort((a, b) => targets[b].p_win - targets[a].p_win)[0];
      }
      c.attackWhere.value = tgt;
      const max = targets[tgt].dice || 1;
      const dice = this.local.attackDice && this.local.attackDice <= max ? this.local.attackDice : max;
      if (c.diceBtns.childElementCount !== max || this.keys.dice !== dice) {
        this.keys.dice = dice;
        c.diceBtns.replaceChildren(...Array.from({ length: max }, (_, k) =>
          h("button", { type: "button", class: `rb-btn rb-seg-btn${k + 1 === dice ? " rb-on" : ""}`, "aria-pressed": String(k + 1 === dice), "data-dice": k + 1, title: plural(k + 1, "die", "dice"), text: k + 1 })));
      }
      setText(c.rollBtn, `Roll ${plural(dice, "die", "dice")}`);
      setText(c.attackOdds, `${pct(targets[tgt].p_win)} to conquer`);
      c.attackOdds.className = `rb-odds rb-${oddsClass(targets[tgt].p_win)}`;
    }

    // defend
    const showDefend = human && !busy && decision === "defend";
    show(c.defend, showDefend);
    if (showDefend) {
      const d = hints.defend || {};
      const max = d.max || 2;
      setText(c.defendText, `${view.pending.player} defends ${this.name(d.target)}:`);
      if (this.keys.defend !== max) {
        this.keys.defend = max;
        c.defendBtns.replaceChildren(...Array.from({ length: max }, (_, k) =>
          h("button", { type: "button", class: `rb-btn rb-primary rb-defend-${k + 1}`, "data-dice": k + 1, text: `Defend with ${plural(k + 1, "die", "dice")}` })));
      }
    }

    // occupy
    const occ = hints.occupy;
    const showOcc = mine && decision === "occupy" && !!occ;
    show(c.occupy, showOcc);
    if (showOcc) {
      setText(c.occText, `Move into ${this.name(occ.target)} from ${this.name(occ.source)}:`);
      const key = `${occ.source}|${occ.target}|${occ.min}|${occ.max}`;
      if (this.keys.occupy !== key) {
        this.keys.occupy = key;
        for (const e of [c.occRange, c.occCount]) {
          e.min = occ.min;
          e.max = occ.max;
          e.value = occ.max;
        }
        setText(c.occBtn, `Move ${occ.max}`);
      }
      c.occRange.hidden = occ.min === occ.max;
    }

    // fortify
    const fort = hints.fortify || {};
    const ft = this.local.fortifyTarget;
    const showFort = mine && decision === "fortify" && !!selected && ft in fort;
    show(c.fortify, showFort);
    if (showFort) {
      setText(c.fortText, `from ${this.name(selected)} to ${this.name(ft)} (at most ${fort[ft]})`);
      c.fortCount.max = fort[ft];
      const key = `${selected}|${ft}|${fort[ft]}`;
      if (this.keys.fortify !== key) {
        this.keys.fortify = key;
        c.fortCount.value = fort[ft];
      }
    }

    show(c.wait, !human && !busy && view.phase !== "over");
    show(c.end, mine && !!hints.can_end);
    show(this.actions, [c.place, c.attack, c.defend, c.occupy, c.fortify, c.wait, c.end].some((e) => !e.hidden));
    setText(c.end, decision === "attack" ? "End attack" : decision === "fortify" ? "End turn" : "End phase");
    for (const e of this.actions.querySelectorAll("button, input, select")) {
      if (!c.wait.contains(e)) e.disabled = busy;
    }
  }

  renderHighlights() {
    const view = this.view();
    const hints = this.hints();
    const decision = view.pending?.decision;
    const selected = this.get("selected", "");
    const human = this.pendingIsHuman() && !this.get("busy", false);
    const options = new Set(human ? [...(hints.place || []), ...(hints.sources || [])] : []);
    const targets = (human && hints.targets) || {};
    const fort = (human && hints.fortify) || {};
    const occ = hints.occupy;
    const def = hints.defend;
    const focus = Object.keys(targets).length > 0 || Object.keys(fort).length > 0;
    const chosen = decision === "fortify" ? this.local.fortifyTarget : decision === "attack" ? (this.ctl.attack.hidden ? "" : this.ctl.attackWhere.value) : "";
    const battle = new Set(occ ? [occ.source, occ.target] : def ? [def.target] : []);
    const pillsWanted = new Map();
    this.terrs.forEach((t, i) => {
      const id = t.id;
      let kind = "";
      if (id === selected) kind = "selected";
      else if (id === chosen) kind = "chosen";
      else if (id in targets) kind = "target";
      else if (id in fort) kind = "fortify";
      else if (battle.has(id)) kind = "battle";
      else if (options.has(id) && !selected) kind = "option";
      else if (options.has(id) && decision !== "attack" && decision !== "fortify") kind = "option";
      const dim = focus && !kind ? "1" : "";
      const c = this.cache[i];
      if (c.kind !== kind || c.dim !== dim) {
        const p = this.paths[i];
        p.classList.toggle("rb-is-option", options.has(id));
        p.classList.toggle("rb-is-selected", kind === "selected");
        p.classList.toggle("rb-is-target", id in targets);
        p.classList.toggle("rb-is-fortify", id in fort);
        p.classList.toggle("rb-dim", !!dim);
        if (kind) this.outlines[i].setAttribute("data-hl", kind);
        else this.outlines[i].removeAttribute("data-hl");
        c.kind = kind;
        c.dim = dim;
      }
      let tip = `${t.name}: ${c.owner ? `${c.owner}, ${plural(c.n ?? 0, "army", "armies")}` : "unclaimed"}`;
      if (id in targets) {
        const tg = targets[id];
        tip += `. Attack from ${this.name(selected)} with ${plural(tg.dice, "die", "dice")}: ${pct(tg.p_win)} to conquer with every army that may attack`;
        pillsWanted.set(id, [pct(tg.p_win), `rb-pill-${oddsClass(tg.p_win)}`]);
      } else if (id in fort) {
        tip += `. Move up to ${fort[id]} from ${this.name(selected)}`;
        pillsWanted.set(id, [`≤${fort[id]}`, "rb-pill-move"]);
      }
      if (c.tip !== tip) {
        this.badges[i].title.textContent = tip;
        this.paths[i].setAttribute("aria-label", tip);
        c.tip = tip;
      }
    });
    this.svg.classList.toggle("rb-focused", focus);
    for (const [id, pill] of this.pills) if (!pillsWanted.has(id)) pill.g.style.display = "none";
    for (const [id, [text, cls]] of pillsWanted) {
      let pill = this.pills.get(id);
      if (!pill) {
        const [bx, by] = this.byId.get(id).badge;
        const g = s("g", { transform: `translate(${bx + 7.6} ${by - 5.5})`, "data-odds": id });
        const rect = s("rect", { x: 0, y: 0, height: 11, rx: 3 });
        const txt = s("text", { x: 0, y: 5.5, dy: "0.35em", "text-anchor": "middle" });
        g.append(rect, txt);
        this.pillLayer.append(g);
        pill = { g, rect, txt };
        this.pills.set(id, pill);
      }
      const w = 5 + 4.3 * text.length;
      pill.rect.setAttribute("width", w);
      pill.txt.setAttribute("x", w / 2);
      pill.txt.textContent = text;
      pill.g.setAttribute("class", `rb-pill ${cls}`);
      pill.g.style.display = "";
    }
    this.renderArrow(occ, chosen && decision === "attack" ? [selected, chosen] : null);
  }

  renderArrow(occ, plan) {
    const d = this.get("dice", {});
    let pair = null;
    let kind = "";
    if (occ) [pair, kind] = [[occ.source, occ.target], "rb-arrow-occupy"];
    else if (plan && plan[0]) [pair, kind] = [plan, "rb-arrow-plan"];
    else if (d.source && d.target) [pair, kind] = [[d.source, d.target], "rb-arrow-last"];
    const key = pair ? `${kind}|${pair.join(">")}` : "";
    if (key === this.keys.arrow) return;
    this.keys.arrow = key;
    this.arrowLayer.replaceChildren();
    if (!pair || !this.byId.has(pair[0]) || !this.byId.has(pair[1])) return;
    const [ax, ay] = this.byId.get(pair[0]).badge;
    const [bx, by] = this.byId.get(pair[1]).badge;
    const [x0, , w] = this.box;
    const g = s("g", { class: `rb-arrow ${kind}` });
    let from = [ax, ay];
    let to = [bx, by];
    if (Math.abs(bx - ax) > w / 2) {
      // across the map's edge (Alaska - Kamchatka): leave one side, come back on the other
      const edgeA = bx > ax ? x0 : x0 + w;
      g.append(s("path", { d: `M${ax} ${ay}L${edgeA} ${(ay + by) / 2}`, class: "rb-arrow-shaft" }));
      from = [bx > ax ? x0 + w : x0, (ay + by) / 2];
    }
    const dx = to[0] - from[0];
    const dy = to[1] - from[1];
    const len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    to = [to[0] - ux * 8, to[1] - uy * 8];
    const start = from[0] === ax && from[1] === ay ? [ax + ux * 7, ay + uy * 7] : from;
    const bend = Math.min(18, len * 0.18);
    const cx = (start[0] + to[0]) / 2 - uy * bend;
    const cy = (start[1] + to[1]) / 2 + ux * bend;
    g.append(s("path", { d: `M${start[0]} ${start[1]}Q${cx} ${cy} ${to[0]} ${to[1]}`, class: "rb-arrow-shaft" }));
    const tx = to[0] - cx;
    const ty = to[1] - cy;
    const tl = Math.hypot(tx, ty) || 1;
    const [vx, vy] = [tx / tl, ty / tl];
    const head = [[to[0] + vx * 3, to[1] + vy * 3], [to[0] - vx * 5 - vy * 4, to[1] - vy * 5 + vx * 4], [to[0] - vx * 5 + vy * 4, to[1] - vy * 5 - vx * 4]];
    g.append(s("polygon", { points: head.map((p) => p.join(",")).join(" "), class: "rb-arrow-head" }));
    this.arrowLayer.append(g);
  }

  renderPlayers() {
    const view = this.view();
    const players = this.get("players", []);
    const stats = view.stats || {};
    const seats = this.get("seats", {});
    if (players !== this.keys.playerList) {
      // one row per owner, built when the owners change; later updates only touch the cells
      this.keys.playerList = players;
      this.rows = players.map((p) => {
        const seat = p.neutral
          ? h("span", { class: "rb-muted", text: "neutral" })
          : h("select", { class: "rb-select rb-seat", "data-player": p.name, "aria-label": `seat of ${p.name}` },
            ...SEATS.map((v) => h("option", { value: v, text: v })));
        const cells = [h("td"), h("td"), h("td")];
        const marker = h("span", { class: "rb-to-move", text: " ◀" });
        const tr = h("tr", { "data-player": p.name },
          h("td", {}, h("span", { class: "rb-swatch", style: `background:${p.colour}` })),
          h("td", { class: "rb-pname" }, p.name, marker), h("td", {}, seat), ...cells);
        return { p, tr, seat, cells, marker };
      });
      this.playersBody.replaceChildren(...this.rows.map((r) => r.tr));
    }
    for (const { p, tr, seat, cells, marker } of this.rows) {
      const st = stats[p.name] || {};
      setText(cells[0], String(st.territories ?? ""));
      setText(cells[1], String(st.armies ?? ""));
      setText(cells[2], p.neutral ? "" : String(st.cards ?? ""));
      const pending = p.name === view.pending?.player;
      tr.classList.toggle("rb-current", p.name === view.current);
      tr.classList.toggle("rb-pending", pending);
      tr.classList.toggle("rb-out", !p.neutral && view.phase !== "setup" && st.territories === 0);
      show(marker, pending);
      const want = seats[p.name] || "human";
      if (!p.neutral && seat.value !== want && document.activeElement !== seat) seat.value = want;
    }
  }

  renderHand() {
    const view = this.view();
    const hints = this.hints();
    const hand = view.hand || [];
    const sets = hints.trade_sets || [];
    const busy = !!this.get("busy", false);
    const me = this.get("players", []).findIndex((p) => p.name === view.hand_owner);
    const bonus = new Set(hand.filter((c) => this.byId.has(c.id) && me >= 0 && view.owner?.[this.byId.get(c.id).index] === me).map((c) => c.id));
    const key = JSON.stringify([hand, sets, view.hand_owner, view.next_set_value, view.sets_traded, [...bonus]]);
    this.setsBody.querySelectorAll(".rb-trade").forEach((b) => (b.disabled = busy));
    if (key === this.keys.hand) return;
    this.keys.hand = key;
    this.handTitle.textContent = view.hand_owner ? `Cards of ${view.hand_owner}` : "Cards";
    const inSet = new Set(sets.flat());
    this.handBody.replaceChildren(...hand.map((card) => h("div", {
      class: `rb-cardface rb-sym-${card.symbol}${inSet.has(card.id) ? " rb-in-set" : ""}`, "data-card": card.id,
      title: `${card.name}: ${card.symbol}${bonus.has(card.id) ? " (you hold it: +2 armies there when traded)" : ""}`,
    }, symbolIcon(card.symbol), h("span", { class: "rb-card-name", text: card.name }), h("span", { class: "rb-card-sym", text: card.symbol }),
    bonus.has(card.id) ? h("span", { class: "rb-card-bonus", text: "+2" }) : null)));
    if (!hand.length) this.handBody.append(h("div", { class: "rb-muted", text: view.hand_owner ? "no cards" : "no hand shown" }));
    const byCard = Object.fromEntries(hand.map((c) => [c.id, c]));
    this.setsBody.replaceChildren(...sets.map((set) => h("div", { class: "rb-set", "data-set": set.join(" ") },
      h("span", { class: "rb-set-cards" }, ...set.map((id) => h("span", { class: "rb-set-card" }, symbolIcon(byCard[id]?.symbol || "wild"), byCard[id]?.name || this.name(id)))),
      h("button", { type: "button", class: "rb-btn rb-primary rb-trade", "data-set": set.join(" "), disabled: busy, text: `Trade for ${view.next_set_value ?? "?"}` }))));
    setText(this.handNote, `Next set: ${plural(view.next_set_value ?? 0, "army", "armies")} · sets traded so far: ${view.sets_traded ?? 0}`);
  }

  // Hovering or focusing a set lifts its cards in the hand.
  markSet(row) {
    const ids = new Set(row ? row.dataset.set.split(" ") : []);
    for (const e of this.handBody.children) e.classList.toggle("rb-hover", ids.has(e.dataset.card));
  }

  renderDice() {
    const d = this.get("dice", {});
    const fresh = d && d.attack && d.attack.length;
    if (fresh) this.local.lastThrow = d;
    const t = this.local.lastThrow;
    this.diceBody.classList.toggle("rb-stale", !fresh);
    const key = t ? `${t.seq}|${t.source}|${t.target}|${t.attack}|${t.defend}` : "";
    if (key === this.keys.throw) return;
    this.keys.throw = key;
    if (!t) {
      this.diceBody.replaceChildren(h("div", { class: "rb-muted", text: "No dice rolled yet." }));
      return;
    }
    const att = t.attack.slice().sort((a, b) => b - a);
    const def = t.defend.slice().sort((a, b) => b - a);
    const ac = this.playerColour(t.attacker);
    const dc = this.playerColour(t.defender);
    const cols = [];
    for (let k = 0; k < Math.max(att.length, def.length); k++) {
      const paired = k < att.length && k < def.length;
      const attWins = paired && att[k] > def[k];
      const die = (v, fill, lost, side) => {
        const e = h("span", { class: `rb-die rb-die-${side}${lost ? " rb-lost" : ""}${paired ? "" : " rb-unpaired"}`, "data-value": v, style: `animation-delay:${k * 60}ms` }, dieFace(v, fill));
        return e;
      };
      cols.push(h("div", { class: "rb-pair" },
        k < att.length ? die(att[k], ac, paired && !attWins, "attack") : h("span", { class: "rb-die-gap" }),
        h("span", { class: "rb-vs", text: paired ? "vs" : "" }),
        k < def.length ? die(def[k], dc, paired && attWins, "defend") : h("span", { class: "rb-die-gap" })));
    }
    const loss = (who, n) => h("span", { class: `rb-loss${n ? "" : " rb-none"}` }, h("span", { class: "rb-swatch", style: `background:${this.playerColour(who)}` }), `${who} −${n}`);
    this.diceBody.replaceChildren(
      h("div", { class: "rb-dice-head" }, h("b", { text: t.attacker }), ` attacks ${this.name(t.target)} from ${this.name(t.source)}; `, h("b", { text: t.defender }), " defends"),
      h("div", { class: "rb-dice-grid" },
        h("div", { class: "rb-dice-sides" }, h("span", { text: "attack" }), h("span"), h("span", { text: "defence" })), ...cols),
      h("div", { class: "rb-losses" }, loss(t.attacker, t.attacker_losses), loss(t.defender, t.defender_losses)));
  }

  renderLog() {
    const lines = this.get("log", []);
    const key = lines.join("\n");
    if (key === this.keys.log) return;
    this.keys.log = key;
    this.logList.replaceChildren(...lines.slice(-12).map((line) => h("li", { text: this.names(line) })));
  }

  renderError() {
    const err = this.get("error", {});
    const on = !!(err && (err.message || err.code));
    show(this.errorBox, on);
    setText(this.errorMsg, on ? err.message || err.code : "");
    setText(this.errorCode, on && err.code ? err.code : "");
  }

  renderBots() {
    const busy = !!this.get("busy", false);
    const over = this.view().phase === "over";
    this.botBtns.step.disabled = busy || over;
    this.botBtns.finish.disabled = busy || over;
    this.botBtns.play.disabled = busy || over;
    this.botBtns.stop.disabled = !busy;
    show(this.busyNote, busy);
  }

  renderTeacher() {
    const nd = this.get("next_dice", {});
    const on = !!(nd && ((nd.attack && nd.attack.length) || (nd.defend && nd.defend.length)));
    this.tShow.parentElement.classList.toggle("rb-rigged", on);
    if (!on) {
      this.tShow.replaceChildren(h("span", { class: "rb-muted", text: "The next throw is random." }));
      return;
    }
    this.tShow.replaceChildren(h("span", { text: "Next throw fixed: " }),
      ...(nd.attack || []).map((v) => dieFace(v, "#c0392b", 20)), h("span", { class: "rb-v", text: " v " }),
      ...(nd.defend || []).map((v) => dieFace(v, "#f5f5f5", 20)));
  }
}

function render({ model, el }) {
  const board = new BoardView(model, el);
  return () => board.destroy();
}

export default { render };
