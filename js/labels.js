// Where the map's labels go. Army counts, names, odds, region labels and symbols are drawn in
// screen pixels (each group scaled by one map unit per pixel), so they keep their size whatever
// the board's width and the zoom: counts 14 px (legible on a projector), names and region labels 10.5 px, odds 11 px
// (map.css). After every change of the view, the hints or the size, the labels are placed in
// order of importance, each where it covers no label placed before it:
//   1. army badges at their anchors, pushed apart a little where two would touch;
//   2. an edition's symbols (cities, capitals, buildings, airfields) beside their badges;
//   3. odds and move pills beside their badges, on the first free side;
//   4. region labels at their anchors or nearby;
//   5. names above their badges (or below), abbreviated if that is what fits, else hidden; a
//      hidden or shortened name shows in full while its territory is hovered or focused.
// Methods of BoardView (mixed in by board.js).
import { BADGE_H } from "./map.js";

const FONT = '"DejaVu Sans", system-ui, Arial, sans-serif';
const FONTS = {
  count: `700 14px ${FONT}`,
  name: `600 10.5px ${FONT}`,
  odds: `700 11px ${FONT}`,
  region: `700 10.5px ${FONT}`,
};
const NAME_H = 13; // px: a name's box (10.5 px type)
const GAP = 1.5; // px between two labels
const ICON = 16; // px: a symbol's box
let measurer = null;
const widths = new Map();

// The width in pixels of `text` in one of the label fonts (measured once, on a canvas: no layout).
export function textWidth(text, kind) {
  const key = `${kind}|${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    measurer = measurer || document.createElement("canvas").getContext("2d");
    measurer.font = FONTS[kind];
    w = measurer.measureText(text).width;
    if (kind === "region") w += 1.2 * text.length; // letter-spacing
    widths.set(key, w);
  }
  return w;
}

// where a region label may go, nearest its anchor first (pixels)
const REGION_SPOTS = [[0, 0]];
for (let ring = 1; ring <= 4; ring++) {
  for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0], [-1, -1], [1, -1], [-1, 1], [1, 1]]) REGION_SPOTS.push([dx * 30 * ring, dy * 18 * ring]);
}
const r2 = (v) => Math.round(v * 100) / 100;
const hit = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const area = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const grow = (b, g) => [b[0] - g, b[1] - g, b[2] + g, b[3] + g];
// a box moved the least needed to lie within the map's W by H pixels (if it fits)
const inside = (b, W, H) => {
  const dx = b[0] < 2 ? 2 - b[0] : b[2] > W - 2 ? W - 2 - b[2] : 0;
  const dy = b[1] < 2 ? 2 - b[1] : b[3] > H - 2 ? H - 2 - b[3] : 0;
  return [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy];
};

export const LabelMethods = {
  countWidth(text) {
    return textWidth(text, "count");
  },
  pillWidth(text) {
    return Math.ceil(textWidth(text, "odds") + 9);
  },

  // Place every label for the current view (this.vb) and size of the map.
  layoutLabels() {
    const svg = this.svg;
    // the map's width: measured once, then kept by the resize observer (zoom.js), so that an update
    // of the view does not force the browser to lay the page out in the middle of it
    if (!this.mapWidth && svg) this.mapWidth = svg.clientWidth;
    const W = this.mapWidth;
    if (!W || !this.badges) return;
    const [vx, vy, vw, vh] = this.vb;
    const k = W / vw; // pixels per map unit
    const u = 1 / k;
    const H = vh * k;
    this.pxPerUnit = k;
    const px = (p) => [(p[0] - vx) * k, (p[1] - vy) * k];
    const at = (X, Y) => [r2(vx + X * u), r2(vy + Y * u)];
    const put = (el, X, Y, scale = 1) => {
      const [mx, my] = at(X, Y);
      const tr = `translate(${mx} ${my}) scale(${+(u * scale).toPrecision(5)})`;
      if (el.getAttribute("transform") !== tr) el.setAttribute("transform", tr); // unchanged: no style work
      return [mx, my];
    };
    const placed = [];
    const free = (b) => !placed.some((q) => hit(b, q));
    const overlap = (b) => placed.reduce((sum, q) => sum + area(b, q), 0);
    const visible = (b) => b[2] > 0 && b[0] < W && b[3] > 0 && b[1] < H;
    // the zoom buttons in the map's lower left corner are in the way of labels too (map.css)
    placed.push([0, H - 40, 108, H]);

    // 1. army badges
    const shown = [];
    this.badges.forEach((b, i) => {
      if (b.g.style.display === "none") {
        b.box = null;
        return;
      }
      const [cx, cy] = px(this.terrs[i].badge);
      shown.push({ b, cx, cy, w: b.w + 2 * (b.over[0] + GAP), h: BADGE_H + 2 * (b.over[1] + GAP) });
    });
    for (let round = 0; round < 12; round++) {
      let moved = false;
      for (let a = 0; a < shown.length; a++) {
        for (let c = a + 1; c < shown.length; c++) {
          const A = shown[a];
          const C = shown[c];
          const dx = C.cx - A.cx;
          const dy = C.cy - A.cy;
          const ox = (A.w + C.w) / 2 - Math.abs(dx);
          const oy = (A.h + C.h) / 2 - Math.abs(dy);
          if (ox <= 0 || oy <= 0) continue;
          moved = true;
          if (ox < oy) {
            const m = (ox / 2 + 0.01) * (Math.sign(dx) || 1);
            A.cx -= m;
            C.cx += m;
          } else {
            const m = (oy / 2 + 0.01) * (Math.sign(dy) || 1);
            A.cy -= m;
            C.cy += m;
          }
        }
      }
      if (!moved) break;
    }
    for (const { b, cx, cy } of shown) {
      const [ex, ey] = [b.w / 2 + b.over[0], BADGE_H / 2 + b.over[1]];
      b.box = [cx - ex, cy - ey, cx + ex, cy + ey];
      b.at = [...put(b.g, cx, cy), u];
      placed.push(grow(b.box, GAP));
    }

    // 2. an edition's symbols beside their badges: city and capital left, building and airfield right
    for (const item of this.symbolItems || []) {
      const i = this.byId.get(item.tid)?.index;
      const b = this.badges[i];
      const [bx, by] = b?.box ? [(b.box[0] + b.box[2]) / 2, (b.box[1] + b.box[3]) / 2] : px(this.terrs[i].badge);
      const half = b?.box ? (b.box[2] - b.box[0]) / 2 : BADGE_H / 2;
      const size = item.size || ICON; // a leader's marker is larger than a symbol
      // zoomed in, a badge may be out of the map's window: its symbols go with it (kept in view
      // at the edge they would stand for nothing there, and cover what is in view)
      const away = b?.box && !visible(b.box);
      if (item.g.style.display !== (away ? "none" : "")) item.g.style.display = away ? "none" : "";
      if (away) continue;
      // on its own side of the badge; where another label is there, on the other side, or above
      // or below the badge, else where it covers the least
      const along = half + 2 + size / 2 + item.n * (size + 1);
      const vh = (b?.box ? (b.box[3] - b.box[1]) / 2 : BADGE_H / 2) + 2 + size / 2 + item.n * (size + 1);
      const spots = [[bx + item.side * along, by], [bx - item.side * along, by], [bx, by - vh], [bx, by + vh]]
        .map(([X, Y]) => inside([X - size / 2, Y - size / 2, X + size / 2, Y + size / 2], W, H));
      const spot = spots.find(free) || spots.reduce((a, c) => (overlap(c) < overlap(a) ? c : a));
      put(item.g, (spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2, size / 16);
      placed.push(spot);
    }

    // 3. odds and move pills
    for (const pill of this.pills.values()) {
      if (pill.g.style.display === "none") continue;
      const b = this.badges[pill.i];
      const box = b.box || [...px(this.terrs[pill.i].badge), ...px(this.terrs[pill.i].badge)];
      const [w, h] = [pill.w, 15];
      const cy = (box[1] + box[3]) / 2;
      const cx = (box[0] + box[2]) / 2;
      const spots = [
        [box[2] + 2, cy - h / 2], // right
        [box[2] - 2, box[1] - h + 3], // above right
        [box[0] - 2 - w, cy - h / 2], // left
        [cx - w / 2, box[1] - h - 1], // above
        [cx - w / 2, box[3] + 1], // below
        [box[0] + 2 - w, box[1] - h + 3], // above left
        [box[2] - 2, box[3] - 3], // below right
        [box[0] + 2 - w, box[3] - 3], // below left
        // a little further off, where the badges stand close together
        [box[2] + 2, box[1] - h - 1], // above, right of the badge
        [box[0] - 2 - w, box[1] - h - 1], // above, left of it
        [box[2] + 2, box[3] + 1], // below, right of it
        [box[0] - 2 - w, box[3] + 1], // below, left of it
        [cx - w / 2, box[1] - 2 * h - 2], // higher
        [cx - w / 2, box[3] + h + 2], // lower
      ].map(([x, y]) => inside([x, y, x + w, y + h], W, H));
      const spot = spots.find(free) || spots.reduce((a, c) => (overlap(c) < overlap(a) ? c : a));
      put(pill.g, spot[0], spot[1]);
      placed.push(grow(spot, GAP));
    }

    // 4. region labels: [swatch] NAME (+bonus)
    for (const ce of this.contEls) {
      const [ax, ay] = px(ce.c.label || [0, 0]);
      if (ce.nameW === undefined) {
        ce.nameW = textWidth(ce.name.textContent, "region");
        ce.pillW = Math.ceil(textWidth(ce.bonus.textContent, "region") + 10);
        const w = 14 + ce.nameW + 4 + ce.pillW;
        ce.w = w;
        ce.hit.setAttribute("x", -w / 2 - 2);
        ce.hit.setAttribute("y", -9.5);
        ce.hit.setAttribute("width", w + 4);
        ce.hit.setAttribute("height", 19);
        ce.mark.setAttribute("x", -w / 2);
        ce.mark.setAttribute("y", -5);
        ce.name.setAttribute("x", -w / 2 + 14);
        ce.pill.setAttribute("x", w / 2 - ce.pillW);
        ce.pill.setAttribute("y", -7.5);
        ce.pill.setAttribute("width", ce.pillW);
        ce.bonus.setAttribute("x", w / 2 - ce.pillW / 2);
      }
      const [w, h] = [ce.w, 17];
      // kept inside the map while its anchor is in view; hidden where nothing near it is free
      const keep = ax >= 0 && ax <= W && ay >= 0 && ay <= H ? (b) => inside(b, W, H) : (b) => b;
      const spot = REGION_SPOTS.map(([dx, dy]) => keep([ax + dx - w / 2, ay + dy - h / 2, ax + dx + w / 2, ay + dy + h / 2])).find(free);
      ce.g.style.display = spot ? "" : "none";
      if (!spot) continue;
      put(ce.g, (spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2);
      ce.box = spot;
      placed.push(grow(spot, GAP));
    }

    // 5. names, larger territories first
    const order = this.nameOrder || (this.nameOrder = this.nameEls.map((n, i) => i).sort((a, b) => this.nameEls[b].area - this.nameEls[a].area));
    for (const i of order) {
      const n = this.nameEls[i];
      const t = this.terrs[i];
      const [lx, ly] = px(t.label || t.badge);
      const b = this.badges[i].box;
      const [bx, by] = px(t.badge);
      const beside = Math.abs(ly - by) < 6 * k && Math.abs(lx - bx) > 4 * k;
      const texts = [n.full, n.abbr].filter(Boolean);
      let spot = null;
      let text = null;
      for (const tx of texts) {
        const w = textWidth(tx, "name") + 2;
        const spots = [];
        if (b && beside) {
          const right = lx > bx;
          const x = right ? b[2] + 2 * GAP : b[0] - 2 * GAP - w;
          spots.push([x, (b[1] + b[3]) / 2 - NAME_H / 2]);
        }
        if (b) {
          const cx = Math.abs(lx - (b[0] + b[2]) / 2) < w / 2 ? lx : (b[0] + b[2]) / 2;
          spots.push([cx - w / 2, Math.min(ly - NAME_H / 2, b[1] - 2 * GAP - NAME_H)], [cx - w / 2, b[3] + 2 * GAP]);
        } else {
          // no badge (unclaimed): at the name's anchor, or where the badge would be
          spots.push([lx - w / 2, ly - NAME_H / 2], [bx - w / 2, by - NAME_H / 2], [lx - w / 2, ly - 1.5 * NAME_H]);
        }
        const boxes = spots.map(([x, y]) => inside([x, y, x + w, y + NAME_H], W, H));
        spot = boxes.find((q) => free(q) || !visible(q));
        if (spot) {
          text = tx;
          break;
        }
      }
      n.above = b ? [(b[0] + b[2]) / 2, b[1] - NAME_H / 2] : [lx, ly];
      if (!spot) {
        n.el.classList.add("rb-name-hidden");
        n.shown = "";
        continue;
      }
      n.el.classList.remove("rb-name-hidden");
      if (n.shown !== text) n.el.textContent = text;
      n.shown = text;
      put(n.el, (spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2);
      placed.push(spot);
    }
    // the region bands' widths in pixels: gaps closed over 1 px, a 3.5 px band, a 1 px casing
    if (this.labelScale !== u) {
      for (const [dilate, close, inner, core] of this.bandMorphs || []) {
        dilate.setAttribute("radius", r2(1 * u) || 0.01);
        close.setAttribute("radius", r2(1 * u) || 0.01);
        inner.setAttribute("radius", +(3.5 * u).toPrecision(4));
        core.setAttribute("radius", +(4.5 * u).toPrecision(4));
      }
    }
    this.labelScale = u;
    if (this.local.hover >= 0) this.showHoverName(this.local.hover, true);
  },

  // The full name of territory `i` over the map while it is hovered or focused, where the map
  // shows it shortened or not at all; -1 hides it.
  showHoverName(i, again = false) {
    if (!again && this.local.hover === i) return;
    this.local.hover = i;
    const n = i >= 0 ? this.nameEls[i] : null;
    const full = i >= 0 ? this.terrs[i].name : "";
    if (!n || !n.above || n.shown === full || (n.shown === n.full && full.length <= n.full.length + 3)) {
      this.hoverLabel.style.display = "none";
      return;
    }
    const [vx, vy] = this.vb;
    const u = this.labelScale || 1;
    const w = textWidth(full, "name") + 8;
    this.hoverText.textContent = full;
    this.hoverRect.setAttribute("x", -w / 2);
    this.hoverRect.setAttribute("y", -NAME_H / 2 - 1.5);
    this.hoverRect.setAttribute("width", w);
    this.hoverRect.setAttribute("height", NAME_H + 3);
    const [X, Y] = n.above;
    this.hoverLabel.setAttribute("transform", `translate(${r2(vx + X * u)} ${r2(vy + (Y - 2) * u)}) scale(${+u.toPrecision(5)})`);
    this.hoverLabel.style.display = "";
  },
};
