// The map from the keyboard. The map is one tab stop: Tab lands on the territory that matters now
// (the selected one, else the first one a click would act on), arrow keys move to the nearest
// territory in that direction, typing the first letters of a name jumps to it (again to the next
// one), Enter or Space act as a click, Escape drops the selection, + and - zoom, 0 shows the whole
// map. The focus ring is black or white, whichever contrasts more with the territory's fill, on a
// halo of the other, so it shows on every owner's colour. Methods of BoardView (mixed in by board.js).
import { contrast } from "./util.js";

const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

export const MapNavMethods = {
  buildMapNav(land) {
    this.typed = { text: "", at: 0 };
    this.listen(land, "keydown", (ev) => {
      const i = this.paths.indexOf(ev.target);
      if (i >= 0) this.onMapKey(ev, i);
    });
    this.roving = null;
    // focus listeners on an SVG element make Chromium give it a tab stop of its own: they listen
    // on the map's HTML box instead (once: the box outlives a new map)
    if (this.navBound) return this.setRoving(0);
    this.navBound = true;
    this.listen(this.mapWrap, "focusin", (ev) => {
      const i = this.paths.indexOf(ev.target);
      if (i < 0) return;
      this.setRoving(i);
      // a keyboard user sees where they are; a mouse click focuses too, but needs no ring
      this.local.ringed = ev.target.matches(":focus-visible") ? i : -1;
      this.refreshFocusRing();
      this.showHoverName(this.hoverTarget());
    });
    // the focus leaving the map takes its name away too (unless the pointer is on a territory)
    this.listen(this.mapWrap, "focusout", () => {
      this.local.ringed = -1;
      this.refreshFocusRing();
      this.showHoverName(this.hoverTarget());
    });
    this.setRoving(0);
  },

  // Only territory `i` is in the tab order.
  setRoving(i) {
    if (this.roving === i || !this.paths[i]) return;
    if (this.roving !== null) this.paths[this.roving]?.setAttribute("tabindex", "-1");
    this.roving = i;
    this.paths[i].setAttribute("tabindex", "0");
  },

  // While the focus is elsewhere, the tab stop follows the game: the selected territory, the
  // chosen target, or the first territory a click would act on.
  updateRoving(selected, chosen, options) {
    if (this.svg.contains(document.activeElement) && document.activeElement !== this.svg) return;
    const first = this.terrs.findIndex((t) => options.has(t.id));
    const want = [selected, chosen].map((id) => this.byId.get(id)?.index).find((i) => i >= 0) ?? (first >= 0 ? first : this.roving ?? 0);
    this.setRoving(want);
  },

  refreshFocusRing() {
    const i = this.local.ringed ?? -1;
    const path = i >= 0 ? this.paths[i] : null;
    const d = path ? this.terrs[i].path : "";
    this.focusRing.setAttribute("d", d);
    this.focusHalo.setAttribute("d", d);
    if (!path) return;
    const fill = path.getAttribute("fill");
    const dark = contrast(fill, "#000000") >= contrast(fill, "#ffffff");
    this.focusRing.setAttribute("stroke", dark ? "#000000" : "#ffffff");
    this.focusHalo.setAttribute("stroke", dark ? "#ffffff" : "#000000");
  },

  focusTerritory(i) {
    if (i < 0 || !this.paths[i]) return;
    this.setRoving(i);
    this.revealTerritory?.(i);
    this.paths[i].focus();
  },

  onMapKey(ev, i) {
    const t = this.terrs[i];
    const key = ev.key;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (key === "Enter" || key === " " || key === "Spacebar") {
      ev.preventDefault();
      this.onTerritory(t.id);
    } else if (key === "Escape") {
      this.clearSelection();
    } else if (DIRECTIONS[key]) {
      ev.preventDefault();
      this.focusTerritory(this.nextInDirection(i, DIRECTIONS[key]));
    } else if (key === "Home" || key === "End") {
      ev.preventDefault();
      this.focusTerritory(key === "Home" ? 0 : this.paths.length - 1);
    } else if (key === "+" || key === "=") {
      ev.preventDefault();
      this.zoomBy?.(1.6, t.badge);
    } else if (key === "-" || key === "_") {
      ev.preventDefault();
      this.zoomBy?.(1 / 1.6, t.badge);
    } else if (key === "0") {
      ev.preventDefault();
      this.resetZoom?.();
    } else if (key.length === 1 && /\S/.test(key)) {
      ev.preventDefault();
      this.typeAhead(key.toLowerCase(), i);
    }
  },

  // The nearest territory (by badge) within 60 degrees of direction (dx, dy), nearer the axis first.
  nextInDirection(i, [dx, dy]) {
    const [x0, y0] = this.terrs[i].badge;
    let best = -1;
    let score = Infinity;
    this.terrs.forEach((t, j) => {
      if (j === i) return;
      const vx = t.badge[0] - x0;
      const vy = t.badge[1] - y0;
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along <= 0 || across > along * 1.8) return;
      const sc = along + 2.5 * across;
      if (sc < score) [best, score] = [j, sc];
    });
    return best >= 0 ? best : i;
  },

  // Letters typed within a second spell the start of a name; the same letter again goes to the
  // next name that starts with it.
  typeAhead(ch, i) {
    const now = Date.now();
    const typed = this.typed;
    typed.text = now - typed.at > 1000 ? ch : typed.text + ch;
    typed.at = now;
    const again = typed.text.length > 1 && [...typed.text].every((c) => c === ch);
    const prefix = again ? ch : typed.text;
    const n = this.terrs.length;
    const start = again || typed.text.length === 1 ? i + 1 : i;
    for (let k = 0; k < n; k++) {
      const j = (start + k) % n;
      if (this.terrs[j].name.toLowerCase().startsWith(prefix)) {
        this.focusTerritory(j);
        return;
      }
    }
  },
};
