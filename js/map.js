// The map: the SVG built once from map_data, then fills, badges, highlights, odds pills and arrows
// updated in place. Methods of BoardView (mixed in by board.js).
import { UNCLAIMED, s, textColour, pct, oddsClass, plural, shortName } from "./util.js";

export const MapMethods = {
  buildMap() {
    const data = this.get("map_data", {});
    const terrs = data.territories || [];
    const [x, y, w, hgt] = data.view_box || [0, 0, 1000, 500];
    this.box = [x, y, w, hgt];
    this.terrs = terrs;
    this.byId = new Map(terrs.map((t, i) => [t.id, { ...t, index: i }]));
    this.cache = terrs.map(() => ({}));
    const k = data.marker_scale || 1; // names, badges and symbols are larger on maps of large territories
    this.k = k;
    const svg = s("svg", { class: "rb-map", viewBox: `${x} ${y} ${w} ${hgt}`, role: "group", "aria-label": data.id ? `${data.id} map` : "map" });
    if (k !== 1) svg.style.setProperty("--rb-k", k);
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
      // with larger markers the name moves up to stay clear of its badge
      const ny = k === 1 ? ly - 0.8 : Math.min(ly - 0.8, by - 15 * k + 1.5);
      const label = s("text", { x: lx, y: ny, dy: "0.35em", class: "rb-label" });
      if (Math.abs(ly - by) < 6 && Math.abs(lx - bx) > 4) {
        // the name sits beside its badge, not above it: keep it clear of the badge
        label.setAttribute("x", lx < bx ? bx - 8 : bx + 8);
        label.setAttribute("text-anchor", lx < bx ? "end" : "start");
      }
      label.textContent = shortName(t.name);
      labels.append(label);
      const g = s("g", { class: "rb-badge", transform: `translate(${bx} ${by})${k === 1 ? "" : ` scale(${k})`}`, "data-badge": t.id });
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
      const g = s("g", { class: "rb-continent", transform: `translate(${cx} ${cy})${k === 1 ? "" : ` scale(${k})`}` });
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
    // an edition's own layers (Balance of Power: terrain, airfield zones, symbols) go between
    const ed = this.buildEditionLayers ? this.buildEditionLayers(svg) : {};
    svg.append(...[seas, land, ed.terrain, conts, outlines, ed.zones, labels, this.arrowLayer, badges, ed.symbols, this.pillLayer, this.focusRing].filter(Boolean));
    if (this.svg) this.svg.replaceWith(svg);
    else this.mapWrap.prepend(svg);
    this.svg = svg;
  },
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
        const k = this.k || 1;
        this.badges[i].g.animate?.([{ transform: `translate(${x}px, ${y}px) scale(${1.45 * k})` }, { transform: `translate(${x}px, ${y}px) scale(${k})` }], { duration: 350, easing: "ease-out" });
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
  },
  renderHighlights() {
    const view = this.view();
    const hints = this.hints();
    const decision = view.pending?.decision;
    const human = this.pendingIsHuman() && !this.get("busy", false);
    // a command bought in the field hospital that is being pointed out on the map takes over
    const pick = human && this.pickHighlights ? this.pickHighlights() : null;
    const selected = pick ? pick.source : this.get("selected", "");
    const options = new Set(!human ? [] : pick ? pick.options : [...(hints.place || []), ...(hints.sources || []), ...(hints.capital || [])]);
    const targets = (human && !pick && hints.targets) || {};
    const fort = (human && (pick ? pick.targets : hints.fortify)) || {};
    const occ = hints.occupy;
    const def = hints.defend;
    const focus = Object.keys(targets).length > 0 || Object.keys(fort).length > 0;
    const chosen = pick ? pick.target : decision === "fortify" ? this.local.fortifyTarget : decision === "attack" ? (this.ctl.attack.hidden ? "" : this.ctl.attackWhere.value) : "";
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
      else if (options.has(id) && !pick && decision !== "attack" && decision !== "fortify") kind = "option";
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
      let tip = `${t.name}: ${c.owner ? `${c.owner}, ${this.pieces(c.n ?? 0)}` : "unclaimed"}`;
      if (id in targets) {
        const tg = targets[id];
        tip += `. Attack from ${this.name(selected)} with ${plural(tg.dice, "die", "dice")}: ${pct(tg.p_win)} to conquer with every ${this.words().unit} that may attack`;
        if (tg.notes) tip += ` (${tg.notes.join("; ")})`;
        pillsWanted.set(id, [pct(tg.p_win), `rb-pill-${oddsClass(tg.p_win)}`]);
      } else if (id in fort) {
        tip += pick?.verb ? `. ${pick.verb(id)}` : `. Move up to ${fort[id]} from ${this.name(selected)}`;
        pillsWanted.set(id, [pick?.pill ? pick.pill(id) : `≤${fort[id]}`, "rb-pill-move"]);
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
        const k = this.k || 1;
        const g = s("g", { transform: `translate(${bx + 7.6 * k} ${by - 5.5 * k})${k === 1 ? "" : ` scale(${k})`}`, "data-odds": id });
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
    this.renderArrow(occ, chosen && (decision === "attack" || pick) ? [selected, chosen] : null);
  },
  renderArrow(occ, plan) {
    const d = this.get("dice", {});
    let pair = null;
    let kind = "";
    if (occ) [pair, kind] = [[occ.source, occ.target], "rb-arrow-occupy"];
    else if (plan && plan[0]) [pair, kind] = [plan, "rb-arrow-plan"];
    else if (d.source && d.target && d.fresh !== false) [pair, kind] = [[d.source, d.target], "rb-arrow-last"];
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
  },
};
