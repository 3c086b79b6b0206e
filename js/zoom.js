// Zoom and pan on the map: buttons (+, -, whole map), the wheel, a pinch, dragging, and the keys
// + - 0 on a focused territory. The view is the SVG's viewBox (this.vb, within this.wholeBox, of
// the same shape), so shapes grow while labels keep their size on screen (labels.js).
//
// The wheel zooms when Ctrl (or Cmd) is held, as a trackpad's pinch does, or once the map is in
// use (zoomed in, or a territory has the focus); otherwise it scrolls the notebook past the map
// and a hint says how to zoom. Methods of BoardView (mixed in by board.js).
import { h, t } from "./util.js";

const MAX_ZOOM = 8;
const STEP = 1.6;

export const ZoomMethods = {
  buildZoom() {
    const svg = this.svg;
    if (!this.zoomBar) {
      this.zoomBar = h("div", { class: "rb-zoom", role: "group", "aria-label": t("zoom the map") });
      this.zoomInBtn = this.button("+", "rb-zoom-btn rb-zoom-in", () => this.zoomBy(STEP), { "aria-label": t("zoom in"), title: t("zoom in (also + on a territory, Ctrl + wheel, or a pinch)") });
      this.zoomOutBtn = this.button("−", "rb-zoom-btn rb-zoom-out", () => this.zoomBy(1 / STEP), { "aria-label": t("zoom out"), title: t("zoom out (also - on a territory)") });
      this.zoomResetBtn = this.button("⤢", "rb-zoom-btn rb-zoom-reset", () => this.resetZoom(), { "aria-label": t("show the whole map"), title: t("show the whole map (also 0 on a territory)") });
      this.zoomBar.append(this.zoomInBtn, this.zoomOutBtn, this.zoomResetBtn);
      this.zoomHint = h("div", { class: "rb-zoom-hint", hidden: true, "aria-hidden": "true", text: t("Hold Ctrl and turn the wheel (or pinch, or press +) to zoom the map") });
      this.mapWrap.append(this.zoomBar, this.zoomHint);
      if (typeof ResizeObserver === "function") {
        const ro = new ResizeObserver(() => {
          const w = this.svg.clientWidth;
          if (w === this.mapWidth) return;
          this.mapWidth = w;
          this.layoutLabels();
        });
        ro.observe(this.mapWrap);
        this.abort.signal.addEventListener("abort", () => ro.disconnect());
      }
    }
    const opts = { signal: this.abort.signal };
    svg.addEventListener("wheel", (ev) => this.onWheel(ev), { ...opts, passive: false });
    this.pointers = new Map();
    svg.addEventListener("pointerdown", (ev) => this.onPointer(ev, "down"), opts);
    svg.addEventListener("pointermove", (ev) => this.onPointer(ev, "move"), opts);
    for (const type of ["pointerup", "pointercancel"]) svg.addEventListener(type, (ev) => this.onPointer(ev, "up"), opts);
    // the click that ends a drag is not a click on a territory
    svg.addEventListener("click", (ev) => {
      if (!this.local.dragged) return;
      this.local.dragged = false;
      ev.stopPropagation();
      ev.preventDefault();
    }, { ...opts, capture: true });
    this.applyView();
  },

  zoomLevel() {
    return this.wholeBox[2] / this.vb[2];
  },

  // Show the map at zoom `z` centred on (cx, cy), in map units, kept inside the whole map.
  setView(cx, cy, z) {
    const [X, Y, W, H] = this.wholeBox;
    z = Math.min(MAX_ZOOM, Math.max(1, z));
    const w = W / z;
    const hh = H / z;
    const x = Math.min(X + W - w, Math.max(X, cx - w / 2));
    const y = Math.min(Y + H - hh, Math.max(Y, cy - hh / 2));
    this.vb = [x, y, w, hh];
  },

  // Zoom by `factor` about the centre of the view, or centred on `at` (map units).
  zoomBy(factor, at) {
    const [x, y, w, hh] = this.vb;
    const [cx, cy] = at || [x + w / 2, y + hh / 2];
    this.setView(cx, cy, this.zoomLevel() * factor);
    this.applyView();
  },

  // Zoom by `factor` keeping the map point under (px, py), pixels from the map's corner, in place.
  zoomAt(factor, px, py) {
    const [x, y, w, hh] = this.vb;
    const k = w / this.svg.getBoundingClientRect().width; // map units per pixel
    const [mx, my] = [x + px * k, y + py * k];
    const z = Math.min(MAX_ZOOM, Math.max(1, this.zoomLevel() * factor));
    const w2 = this.wholeBox[2] / z;
    const k2 = w2 / w * k;
    const h2 = this.wholeBox[3] / z;
    this.setView(mx - px * k2 + w2 / 2, my - py * k2 + h2 / 2, z);
    this.scheduleView();
  },

  resetZoom() {
    this.vb = [...this.wholeBox];
    this.applyView();
  },

  // Bring territory `i` into view if the zoom has left it outside.
  revealTerritory(i) {
    const [bx, by] = this.terrs[i].badge;
    const [x, y, w, hh] = this.vb;
    const m = 0.08;
    if (bx > x + w * m && bx < x + w * (1 - m) && by > y + hh * m && by < y + hh * (1 - m)) return;
    this.setView(bx, by, this.zoomLevel());
    this.applyView();
  },

  scheduleView() {
    if (this.viewFrame) return;
    this.viewFrame = requestAnimationFrame(() => {
      this.viewFrame = 0;
      this.applyView();
    });
  },

  applyView() {
    const z = this.zoomLevel();
    const zoomed = z > 1.001;
    this.svg.setAttribute("viewBox", this.vb.map((v) => +v.toFixed(2)).join(" "));
    this.svg.classList.toggle("rb-zoomed", zoomed);
    this.svg.dataset.zoom = z.toFixed(2);
    this.zoomOutBtn.disabled = !zoomed;
    this.zoomResetBtn.disabled = !zoomed;
    this.zoomInBtn.disabled = z >= MAX_ZOOM - 0.001;
    this.layoutLabels();
  },

  onWheel(ev) {
    const zoomed = this.zoomLevel() > 1.001;
    const inUse = zoomed || (this.svg.contains(document.activeElement) && document.activeElement !== this.svg);
    const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
    if (!dy) return;
    if (!(ev.ctrlKey || ev.metaKey || inUse)) {
      this.showZoomHint();
      return; // the notebook scrolls
    }
    if (dy > 0 && !zoomed) return; // nothing to zoom out of: let the page scroll
    ev.preventDefault();
    const factor = Math.min(2, Math.max(0.5, Math.exp(-dy * 0.0022)));
    const r = this.svg.getBoundingClientRect();
    this.zoomAt(factor, ev.clientX - r.left, ev.clientY - r.top);
  },

  showZoomHint() {
    this.zoomHint.hidden = false;
    clearTimeout(this.zoomHintTimer);
    this.zoomHintTimer = setTimeout(() => (this.zoomHint.hidden = true), 1600);
  },

  // One pointer drags the view (once it has moved a few pixels); two pinch it.
  onPointer(ev, what) {
    const ptrs = this.pointers;
    const r = this.svg.getBoundingClientRect();
    const p = [ev.clientX - r.left, ev.clientY - r.top];
    if (what === "down") {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      ptrs.set(ev.pointerId, p);
      const [a, b] = [...ptrs.values()];
      this.gesture = ptrs.size === 1 ? { start: p, vb: [...this.vb], moved: false } : { pinch: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, z: this.zoomLevel(), moved: true };
      return;
    }
    if (!ptrs.has(ev.pointerId)) return;
    if (what === "up") {
      ptrs.delete(ev.pointerId);
      if (this.gesture?.moved) {
        this.local.dragged = ev.type === "pointerup";
        setTimeout(() => (this.local.dragged = false), 0);
      }
      if (!ptrs.size) this.gesture = null;
      return;
    }
    ptrs.set(ev.pointerId, p);
    const g = this.gesture;
    if (!g) return;
    if (g.pinch && ptrs.size === 2) {
      const [a, b] = [...ptrs.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const factor = (g.z * d) / g.pinch / this.zoomLevel();
      this.zoomAt(factor, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      return;
    }
    if (g.pinch) return;
    const [dx, dy] = [p[0] - g.start[0], p[1] - g.start[1]];
    if (!g.moved && (Math.hypot(dx, dy) < 4 || this.zoomLevel() <= 1.001)) return;
    if (!g.moved) {
      g.moved = true;
      this.svg.setPointerCapture?.(ev.pointerId);
    }
    const k = g.vb[2] / r.width;
    const [x, y, w, hh] = g.vb;
    this.setView(x - dx * k + w / 2, y - dy * k + hh / 2, this.zoomLevel());
    this.scheduleView();
  },
};
