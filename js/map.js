// The map: the SVG built once from map_data, then fills, badges, highlights, odds pills and arrows
// updated in place. Methods of BoardView (mixed in by board.js).
//
// Shapes are drawn in map units; everything a student reads (army counts, names, odds, region
// labels, symbols) is drawn in screen pixels and placed by labels.js, so that its size does not
// depend on the board's width or the zoom (zoom.js), and no label covers another. Every region has
// its colour as a band inside the edge of each of its territories, under the labels and over the
// owners' fills. The keyboard's way round the map is in mapnav.js.
import { UNCLAIMED, need, s, textColour, pct, oddsClass, chanceTo, plural, shortName, abbreviation, badgePath, badgeOverhang, t, tn } from "./util.js";

let mapCount = 0; // element ids must be unique in the page: a notebook may show several boards
export const BADGE_H = 19; // px: an army badge's height (its count is 14 px, map.css)

// The area of a shape's bounding box: larger territories keep their names first.
function boxArea(path) {
  const v = (path || "").match(/-?\d+(\.\d+)?/g) || [];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < v.length; i += 2) {
    x0 = Math.min(x0, +v[i]);
    x1 = Math.max(x1, +v[i]);
    y0 = Math.min(y0, +v[i + 1]);
    y1 = Math.max(y1, +v[i + 1]);
  }
  return x1 > x0 ? (x1 - x0) * (y1 - y0) : 0;
}

export const MapMethods = {
  buildMap() {
    const data = this.get("map_data", {});
    const terrs = data.territories || [];
    const [x, y, w, hgt] = data.view_box || [0, 0, 1000, 500];
    this.box = [x, y, w, hgt];
    // the view box widened to hold every shape (the kernel works it out: riskboard.widget.geometry)
    this.wholeBox = [...need(this.get("map_data", {}), "whole_box", "map_data")];
    // the map's shape decides the layout (board.css): a wide map takes the whole width, and in
    // full screen the map is as large as the screen's height allows (--rb-map-aspect)
    this.wideMap = this.wholeBox[2] / this.wholeBox[3] >= 1.6;
    this.root.classList.toggle("rb-wide-map", this.wideMap);
    this.root.style.setProperty("--rb-map-aspect", (this.wholeBox[2] / this.wholeBox[3]).toFixed(4));
    this.vb = [...this.wholeBox];
    this.terrs = terrs;
    this.byId = new Map(terrs.map((t, i) => [t.id, { ...t, index: i }]));
    this.cache = terrs.map(() => ({}));
    this.k = data.marker_scale || 1;
    const uid = `rb-map${++mapCount}`;
    const regions = new Map((data.continents || []).map((c) => [c.id, c]));
    this.regions = regions;
    const [bx, by, bw, bh] = this.wholeBox;
    const svg = s("svg", { class: "rb-map", viewBox: this.wholeBox.join(" "), role: "group", "aria-label": t("map") });
    svg.append(s("rect", { class: "rb-ocean", x: bx, y: by, width: bw, height: bh }));
    const defs = s("defs");
    const seas = s("g", { class: "rb-seas" });
    for (const line of data.sea_lines || []) {
      for (const seg of line.segments || [line.points || []]) {
        seas.append(s("polyline", { points: seg.map((p) => p.join(",")).join(" "), "data-between": (line.between || []).join(" ") }));
      }
    }
    const land = s("g", { class: "rb-land" });
    const bands = s("g", { class: "rb-bands", "aria-hidden": "true" });
    this.regionLayer = s("g", { class: "rb-region-marks", "aria-hidden": "true" });
    const outlines = s("g", { class: "rb-outlines", "aria-hidden": "true" });
    const conts = s("g", { class: "rb-continents", "aria-hidden": "true" });
    const labels = s("g", { class: "rb-labels", "aria-hidden": "true" });
    const badges = s("g", { class: "rb-badges", "aria-hidden": "true" });
    this.pillLayer = s("g", { class: "rb-pills", "aria-hidden": "true" });
    this.arrowLayer = s("g", { class: "rb-arrows", "aria-hidden": "true" });
    const ring = s("g", { class: "rb-focus", "aria-hidden": "true" });
    this.focusHalo = s("path", { class: "rb-focus-halo", d: "" });
    this.focusRing = s("path", { class: "rb-focus-ring", d: "" });
    ring.append(this.focusHalo, this.focusRing);
    this.hoverLabel = s("g", { class: "rb-hover-name", "aria-hidden": "true", style: "display:none" });
    this.hoverRect = s("rect", { rx: 3 });
    this.hoverText = s("text", { dy: "0.35em", "text-anchor": "middle" });
    this.hoverLabel.append(this.hoverRect, this.hoverText);
    this.paths = [];
    this.outlines = [];
    this.badges = [];
    this.nameEls = [];
    this.pills = new Map();
    this.symbolItems = [];
    this.nameOrder = null;
    this.keys.arrow = undefined;
    this.roving = null;
    terrs.forEach((t, i) => {
      const title = s("title");
      const path = s("path", { id: `${uid}-t${i}`, d: t.path, class: "rb-territory", "data-territory": t.id, tabindex: -1, role: "button", fill: UNCLAIMED });
      path.append(title);
      this.listen(path, "click", () => this.onTerritory(t.id));
      land.append(path);
      this.paths.push(path);
      const outline = s("path", { d: t.path, class: "rb-outline" });
      outlines.append(outline);
      this.outlines.push(outline);
      const full = shortName(t.name);
      const label = s("text", { dy: "0.35em", class: "rb-label", "text-anchor": "middle", "data-name": t.id });
      label.textContent = full;
      labels.append(label);
      this.nameEls.push({ el: label, full, abbr: abbreviation(t.name), area: boxArea(t.path), shown: full });
      const g = s("g", { class: "rb-badge", "data-badge": t.id });
      const shape = s("path", { class: "rb-badge-shape" });
      const num = s("text", { dy: "0.35em" });
      g.append(shape, num);
      g.style.display = "none";
      badges.append(g);
      this.badges.push({ g, shape, num, title, w: BADGE_H, over: [0, 0] });
    });
    // Each region's colour as a band inside its outer edge (coasts and borders with other
    // regions), on a thin casing that keeps it apart from any owner's fill: the union of its
    // territories, less the union shrunk by the band's width (an SVG filter; labels.js keeps
    // the widths in screen pixels).
    this.bandMorphs = [];
    (data.continents || []).forEach((c, r) => {
      const fid = `${uid}-r${r}`;
      const colour = c.colour || "#777777";
      // a light band gets a dark casing; a dark one stands out on every fill by itself
      const casing = textColour(colour) === "#111" ? "#1d232a" : "transparent";
      const filter = s("filter", { id: fid, x: "-2%", y: "-2%", width: "104%", height: "104%", "color-interpolation-filters": "sRGB" });
      filter.innerHTML = '<feMorphology in="SourceAlpha" operator="dilate" result="grown"/><feMorphology in="grown" operator="erode" result="whole"/>'
        + '<feMorphology in="whole" operator="erode" result="inner"/><feMorphology in="whole" operator="erode" result="core"/>'
        + '<feComposite in="whole" in2="inner" operator="out" result="edge"/><feComposite in="inner" in2="core" operator="out" result="rim"/>'
        + `<feFlood flood-color="${colour}"/><feComposite in2="edge" operator="in" result="band"/>`
        + `<feFlood flood-color="${casing}"/><feComposite in2="rim" operator="in" result="cased"/>`
        + '<feMerge><feMergeNode in="band"/><feMergeNode in="cased"/></feMerge>';
      defs.append(filter);
      this.bandMorphs.push([...filter.querySelectorAll("feMorphology")]);
      const g = s("g", { class: "rb-band", filter: `url(#${fid})`, "data-band": c.id });
      for (const t of terrs) if (t.continent === c.id) g.append(s("path", { d: t.path }));
      bands.append(g);
    });
    this.contEls = [];
    for (const c of data.continents || []) {
      const g = s("g", { class: "rb-continent", "data-region": c.id });
      const hit = s("rect", { class: "rb-continent-hit" });
      const mark = s("rect", { class: "rb-continent-swatch", width: 10, height: 10, rx: 2, fill: c.colour || "#777777" });
      const name = s("text", { class: "rb-continent-name", dy: "0.35em" });
      name.textContent = (c.name || c.id).toUpperCase();
      const pill = s("rect", { class: "rb-continent-pill", height: 15, rx: 7.5, fill: "#fff", stroke: c.colour || "#35506b" });
      const bonus = s("text", { class: "rb-continent-bonus", dy: "0.35em", "text-anchor": "middle" });
      bonus.textContent = `+${c.bonus}`;
      const tip = s("title");
      tip.textContent = t("{continent}: +{bonus} to whoever holds all of it", { continent: c.name || c.id, bonus: c.bonus });
      g.append(tip, hit, mark, name, pill, bonus);
      conts.append(g);
      this.listen(g, "pointerenter", () => this.markRegion(c.id));
      this.listen(g, "pointerleave", () => this.markRegion(""));
      const members = terrs.map((t, i) => (t.continent === c.id ? i : -1)).filter((i) => i >= 0);
      this.contEls.push({ c, g, hit, mark, name, pill, bonus, members, holder: null });
    }
    // a name hidden for lack of room shows while its territory is hovered (or focused from the
    // keyboard, mapnav.js): the pointer's territory first, else the focused one, else none
    this.local.pointed = -1;
    this.listen(land, "pointerover", (e) => {
      this.local.pointed = this.paths.indexOf(e.target);
      this.showHoverName(this.hoverTarget());
    });
    for (const type of ["pointerleave", "pointercancel"]) {
      this.listen(land, type, () => {
        this.local.pointed = -1;
        this.showHoverName(this.hoverTarget());
      });
    }
    // an edition's own layers (Balance of Power: terrain, airfield zones, symbols) go between
    const ed = this.buildEditionLayers ? this.buildEditionLayers(svg) : {};
    // the focus ring goes under the labels, which it would otherwise hide
    svg.append(...[defs, seas, land, ed.terrain, bands, this.regionLayer, outlines, ed.zones, ring, this.arrowLayer, labels, badges, ed.symbols, conts, this.pillLayer, this.hoverLabel].filter(Boolean));
    this.mapWidth = 0;
    if (this.svg) this.svg.replaceWith(svg);
    else this.mapWrap.prepend(svg);
    this.svg = svg;
    this.buildMapNav(land);
    this.buildZoom();
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
        b.shape.setAttribute("fill", fill);
        b.num.setAttribute("fill", textColour(fill));
        c.fill = fill;
      }
      const shape = (o >= 0 && players[o]?.shape) || "circle";
      const w = Math.max(BADGE_H, this.countWidth(String(n)) + 8);
      if (c.shape !== shape || b.w !== w) {
        b.shape.setAttribute("d", badgePath(shape, w, BADGE_H));
        b.g.setAttribute("data-shape", shape);
        b.w = w;
        b.over = badgeOverhang(shape);
        c.shape = shape;
      }
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
        const at = this.badges[i].at;
        if (!at) continue;
        const [x, y, u] = at;
        this.badges[i].g.animate?.([{ transform: `translate(${x}px, ${y}px) scale(${1.45 * u})` }, { transform: `translate(${x}px, ${y}px) scale(${u})` }], { duration: 350, easing: "ease-out" });
      }
    }
    for (const ce of this.contEls) {
      const first = owners[ce.members[0]];
      const holder = first >= 0 && ce.members.every((i) => owners[i] === first) ? first : -1;
      if (holder === ce.holder) continue;
      ce.holder = holder;
      const fill = holder >= 0 ? this.colour(holder) : "#fff";
      ce.pill.setAttribute("fill", fill);
      ce.bonus.setAttribute("fill", holder >= 0 ? textColour(fill) : "#1d232a");
      ce.g.classList.toggle("rb-held", holder >= 0);
    }
    this.refreshFocusRing();
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
    this.terrs.forEach((terr, i) => {
      const id = terr.id;
      let kind = "";
      if (id === selected) kind = "selected";
      else if (id === chosen) kind = "chosen";
      else if (id in targets) kind = "target";
      else if (id in fort) kind = "fortify";
      else if (battle.has(id)) kind = "battle";
      else if (options.has(id) && !selected) kind = "option";
      else if (options.has(id) && !pick && decision !== "attack" && decision !== "fortify") kind = "option";
      const dim = focus && !kind ? "1" : "";
      const opt = options.has(id);
      const c = this.cache[i];
      if (c.kind !== kind || c.dim !== dim || c.opt !== opt) {
        const p = this.paths[i];
        p.classList.toggle("rb-is-option", opt);
        p.classList.toggle("rb-is-selected", kind === "selected");
        p.classList.toggle("rb-is-target", id in targets);
        p.classList.toggle("rb-is-fortify", id in fort);
        p.classList.toggle("rb-dim", !!dim);
        if (kind) this.outlines[i].setAttribute("data-hl", kind);
        else this.outlines[i].removeAttribute("data-hl");
        c.kind = kind;
        c.dim = dim;
        c.opt = opt;
      }
      let tip = c.owner
        ? t("{territory}: {player}, {pieces}", { territory: terr.name, player: c.owner, pieces: this.pieces(c.n ?? 0) })
        : t("{territory}: unclaimed", { territory: terr.name });
      if (id in targets) {
        const tg = targets[id];
        const odds = chanceTo(tg.p_win, t("{chance} to conquer, attacking with all {units} that may attack", { units: this.words().units }));
        tip += ". " + tn("Attack from {territory} with {n} die: {odds}", "Attack from {territory} with {n} dice: {odds}", tg.dice, { territory: this.name(selected), odds });
        if (tg.notes) tip += ` (${tg.notes.join("; ")})`;
        pillsWanted.set(id, [pct(tg.p_win), `rb-pill-${oddsClass(tg.p_win)}`]);
      } else if (id in fort) {
        tip += ". " + (pick?.verb ? pick.verb(id) : t("Move up to {most} from {territory}", { most: fort[id], territory: this.name(selected) }));
        pillsWanted.set(id, [pick?.pill ? pick.pill(id) : `≤${fort[id]}`, pick?.pillClass ? pick.pillClass(id) : "rb-pill-move"]);
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
        const g = s("g", { "data-odds": id });
        const rect = s("rect", { x: 0, y: 0, height: 15, rx: 4 });
        const txt = s("text", { y: 7.5, dy: "0.35em", "text-anchor": "middle" });
        g.append(rect, txt);
        this.pillLayer.append(g);
        pill = { g, rect, txt, i: this.byId.get(id).index };
        this.pills.set(id, pill);
      }
      if (pill.text !== text) {
        pill.w = this.pillWidth(text);
        pill.rect.setAttribute("width", pill.w);
        pill.txt.setAttribute("x", pill.w / 2);
        pill.txt.textContent = text;
        pill.text = text;
      }
      pill.g.setAttribute("class", `rb-pill ${cls}`);
      pill.g.style.display = "";
    }
    this.renderArrow(occ, chosen && (decision === "attack" || pick) ? [selected, chosen] : null);
    this.updateRoving(selected, chosen, options);
    this.layoutLabels();
  },
  // The territory whose full name shows over the map: the one under the pointer, else the one
  // the keyboard's focus is on (ringed), else none (-1).
  hoverTarget() {
    const pointed = this.local.pointed ?? -1;
    return pointed >= 0 ? pointed : (this.local.ringed ?? -1);
  },
  // The territories of a region, washed and outlined in its colour while its label is hovered.
  markRegion(id) {
    if ((this.local.region || "") === id) return;
    this.local.region = id;
    const region = this.regions.get(id);
    const members = new Set(region ? this.terrs.filter((t) => t.continent === id).map((t) => t.id) : []);
    this.regionLayer.replaceChildren(...[...members].map((tid) => s("path", { d: this.byId.get(tid).path, class: "rb-region-hl", stroke: region.colour, fill: region.colour, "data-region-hl": tid })));
    this.svg.classList.toggle("rb-region-on", members.size > 0);
    this.paths.forEach((p, i) => p.classList.toggle("rb-in-region", members.has(this.terrs[i].id)));
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
