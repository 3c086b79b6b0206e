// Full screen for a projector: a button (the Fullscreen API on the board's root) that enlarges the
// board to the whole screen and back (the button again, or Esc, which the browser handles). In
// full screen the map is as large as the screen's height leaves room for, with the prompt and the
// action bar still in view (board.css, .rb-board:fullscreen); the labels are placed anew for the
// map's new width by the resize observer (zoom.js). Methods of BoardView (mixed in by board.js).
import { t } from "./util.js";

export const FullscreenMethods = {
  // The button, or null where the page may not go full screen (an iframe that does not allow it).
  buildFullscreen() {
    if (!document.fullscreenEnabled || typeof this.root.requestFullscreen !== "function") return null;
    this.fullBtn = this.button("", "rb-ghost rb-fullscreen", () => this.toggleFullscreen(), { "aria-pressed": "false" });
    this.listen(document, "fullscreenchange", () => this.renderFullscreen());
    this.renderFullscreen();
    return this.fullBtn;
  },

  isFullscreen() {
    return document.fullscreenElement === this.root;
  },

  toggleFullscreen() {
    if (this.isFullscreen()) document.exitFullscreen().catch(() => this.renderFullscreen());
    else this.root.requestFullscreen().catch(() => this.renderFullscreen());
  },

  renderFullscreen() {
    if (!this.fullBtn) return;
    const on = this.isFullscreen();
    this.root.classList.toggle("rb-is-fullscreen", on);
    // (no t() inside a template literal: the catalogs' extractor would not see it)
    // (no pictogram for it: ⛶ is in few fonts, and an empty box would stand for it)
    this.fullBtn.textContent = on ? "✕ " + t("Exit full screen") : t("Full screen");
    this.fullBtn.title = on ? t("Back to the notebook (also Esc)") : t("Show the board on the whole screen, for a projector");
    this.fullBtn.setAttribute("aria-pressed", String(on));
  },
};
