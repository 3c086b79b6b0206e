// Balance of Power on the map: difficult terrain hatched, and beside each army badge the symbols
// of cities, capitals (in their player's colour), buildings and airfields (the icons come from
// riskboard.render.icons through edition.icons, so the static SVG shows the same). An airfield's
// zone lights up while its symbol or its line in the hospital panel is hovered; a mission's
// territories while its row in the missions panel is hovered. Methods of BoardView, mixed in for
// Balance of Power boards only.
import { s, h, need, t, tn, drawIcon } from "./util.js";

let patterns = 0; // pattern ids must be unique in the page: a notebook may show several boards

export const BopMapMethods = {
  // Under the map: what its hatching means (difficult terrain and the dice that may attack it).
  editionLegend() {
    const features = this.ed.features || {};
    if (!Object.values(features).some((f) => f.difficult)) return null;
    const n = need(this.ed, "difficult_terrain_dice", "edition");
    return h("div", { class: "rb-legend" },
      h("span", { class: "rb-legend-item rb-legend-difficult" }, h("span", { class: "rb-legend-hatch", "aria-hidden": "true" }),
        tn("Difficult terrain: attacked with at most {n} die, unless the attacker bought special forces",
          "Difficult terrain: attacked with at most {n} dice, unless the attacker bought special forces", n)));
  },

  buildEditionLayers(svg) {
    const features = this.ed.features || {};
    const id = `rb-hatch-${++patterns}`;
    const defs = s("defs");
    const pattern = s("pattern", { id, patternUnits: "userSpaceOnUse", width: 6, height: 6, patternTransform: "rotate(40)" });
    pattern.append(s("rect", { width: 2, height: 6, class: "rb-hatch-line" }));
    defs.append(pattern);
    svg.append(defs);
    const terrain = s("g", { class: "rb-terrain", "aria-hidden": "true" });
    for (const [tid, f] of Object.entries(features)) {
      if (f.difficult && this.byId.has(tid)) terrain.append(s("path", { d: this.byId.get(tid).path, fill: `url(#${id})`, class: "rb-hatch", "data-difficult": tid }));
    }
    this.zoneLayer = s("g", { class: "rb-zones", "aria-hidden": "true" });
    this.markLayer = s("g", { class: "rb-marks", "aria-hidden": "true" });
    const zones = s("g", { class: "rb-edition-zones" });
    zones.append(this.zoneLayer, this.markLayer);
    this.symbolLayer = s("g", { class: "rb-symbols" });
    this.keys.symbols = undefined;
    this.keys.zones = undefined;
    return { terrain, zones, symbols: this.symbolLayer };
  },

  // The symbols beside each badge: city or capital on the left, building and airfield on the right.
  renderEditionMap() {
    const x = this.get("extras", {});
    const key = JSON.stringify([x.cities, x.capitals, x.airfields]);
    if (key !== this.keys.symbols) {
      this.keys.symbols = key;
      this.drawSymbols(x);
    }
    const zkey = JSON.stringify([x.zones, this.local.zone, this.local.zonePreview]);
    if (zkey !== this.keys.zones) {
      this.keys.zones = zkey;
      this.drawZone(x);
    }
  },

  drawSymbols(x) {
    const icons = this.ed.icons || {};
    const names = this.ed.icon_names || {};
    const features = this.ed.features || {};
    const cities = new Set(x.cities || []);
    const left = new Map();
    const right = new Map();
    const add = (m, tid, item) => m.set(tid, [...(m.get(tid) || []), item]);
    for (const tid of cities) add(left, tid, ["city", "#333", t("{territory}: a city (counts for reinforcements and the cities mission)", { territory: this.name(tid) })]);
    for (const [player, tid] of Object.entries(x.capitals || {})) {
      if (tid) add(left, tid, ["capital", this.playerColour(player), t("{territory}: capital of {player} (+1 unit a turn to whoever holds it; {player} must hold it to win)", { territory: this.name(tid), player })]);
    }
    for (const [tid, f] of Object.entries(features)) {
      if (f.building) add(right, tid, [f.building, "#333", `${this.name(tid)}: ${names[f.building] || f.building}`]);
    }
    for (const [player, tid] of Object.entries(x.airfields || {})) {
      if (tid) add(right, tid, ["airfield", this.playerColour(player), t("airfield of {player} on {territory}: +{bonus} on the highest die of {player} in battles for it and its neighbours (hover to see them)", { player, territory: this.name(tid), bonus: this.ed.airfield_bonus }), player]);
    }
    const nodes = [];
    this.symbolItems = [];
    for (const [side, items] of [[-1, left], [1, right]]) {
      for (const [tid, list] of items) {
        const t = this.byId.get(tid);
        if (!t) continue;
        const [bx, by] = t.badge;
        list.forEach(([icon, colour, title, player], i) => {
          // placed beside the badge in screen pixels by layoutLabels (labels.js)
          const g = drawIcon(icons[icon], colour, bx, by, 1);
          this.symbolItems.push({ g, tid, side, n: i });
          g.setAttribute("class", `rb-symbol rb-sym-${icon}`);
          g.setAttribute("data-symbol", icon);
          g.setAttribute("data-territory-symbol", tid);
          if (player) g.setAttribute("data-player", player);
          const tt = s("title");
          tt.textContent = title;
          g.append(tt);
          // a click on a symbol is a click on its territory; an airfield shows its zone
          this.listen(g, "click", () => this.onTerritory(tid));
          if (icon === "airfield") {
            this.listen(g, "mouseenter", () => this.showZone(player));
            this.listen(g, "mouseleave", () => this.showZone(""));
          }
          nodes.push(g);
        });
      }
    }
    this.symbolLayer.replaceChildren(...nodes);
    this.layoutLabels();
  },

  showZone(player) {
    if (this.local.zone === player) return;
    this.local.zone = player;
    this.renderEditionMap();
  },

  // The territories an airfield helps: the hovered player's, or the one being built.
  drawZone(x) {
    let player = this.local.zone;
    let zone = player ? (x.zones || {})[player] : null;
    const preview = this.local.zonePreview;
    if (!zone && preview) {
      player = preview.player;
      zone = preview.zone;
    }
    if (!zone || !zone.length) {
      this.zoneLayer.replaceChildren();
      return;
    }
    // a light wash with a white halo and a dashed line in the player's colour: readable on any owner
    const colour = this.playerColour(player);
    const paths = [];
    zone.filter((tid) => this.byId.has(tid)).forEach((tid, i) => {
      const d = this.byId.get(tid).path;
      paths.push(s("path", { d, class: `rb-zone${i === 0 ? " rb-zone-home" : ""}`, "data-zone": tid }));
      paths.push(s("path", { d, class: "rb-zone-line", stroke: colour }));
    });
    this.zoneLayer.replaceChildren(...paths);
  },

  // The territories a mission is about, outlined: solid where `player` holds them, dashed elsewhere.
  markMission(mission, player) {
    if (!mission) {
      this.markLayer.replaceChildren();
      return;
    }
    // the ruleset says which territories, from the current state (cities, the neutral army's land)
    const list = this.extras().mission_territories[mission];
    const view = this.view();
    const me = this.get("players", []).findIndex((p) => p.name === player);
    this.markLayer.replaceChildren(...list.filter((tid) => this.byId.has(tid)).map((tid) => {
      const held = view.owner?.[this.byId.get(tid).index] === me;
      return s("path", { d: this.byId.get(tid).path, class: `rb-mark${held ? " rb-held" : ""}`, "data-mark": tid });
    }));
  },
};
