// riskboard's live board: the map as SVG plus HTML panels; clicks become intents.
//
// The Python side (riskboard.widget.Board) owns every rule. This module only draws the synced
// traits (map_data, players, edition, view, extras, hints, selected, dice, event_log, error,
// seats, next_dice, busy) and sends intents with model.send({kind, ..., state_id}). It never
// writes a trait (model.set), which the kernel would refuse: every choice it makes is an intent
// the kernel checks. The SVG is built once from map_data; later changes update fills, badges,
// classes and panels in place.
//
// The board is one class with its methods in several modules (map, controls, panels); an
// edition with parts of its own (Balance of Power: edition.id) mixes in its own methods, which
// the others call through hooks named edition* when they exist. Which methods a board mixes in
// follows the parts the ruleset says its board has (edition.parts), never the edition's name.
// riskboard.widget.static joins the modules into the one ES module anywidget loads.

import { UNCLAIMED, need, h, show, useTexts, t } from "./util.js";
import { MapMethods } from "./map.js";
import { LabelMethods } from "./labels.js";
import { ZoomMethods } from "./zoom.js";
import { FullscreenMethods } from "./fullscreen.js";
import { MapNavMethods } from "./mapnav.js";
import { ControlMethods } from "./controls.js";
import { PanelMethods } from "./panels.js";
import { BopMapMethods } from "./bop_map.js";
import { BopPanelMethods } from "./bop_panels.js";
import { BopControlMethods } from "./bop_controls.js";
import { StarCardMethods } from "./stars.js";
import { GoalPanelMethods } from "./goal_panels.js";
import { NeutralSupportMethods } from "./neutral_support.js";
import { LeaderMapMethods } from "./leaders_map.js";
import { LeaderControlMethods } from "./leaders_controls.js";
import { ScrapyardPanelMethods } from "./scrapyard_panels.js";
import { SecrecyMethods } from "./secrecy.js";
import { ReplayMethods } from "./replay.js";
import { applyPatch, patchedGet, watchWholeTraits } from "./delta.js";

// The methods that draw parts of a board beyond the map, armies and cards, by part: the symbols
// on the map (cities, capitals, buildings, airfields, difficult terrain), the missions and
// field-hospital panels beside the map and their controls, the star cards under the map, the
// race to the territories that win (with the territory table and the ceasefire card) beside it,
// the neutral support of a two-player game clicked on the map; the leaders on the map and in the
// action bar (with the continue-or-stop and casualty choices), and beside the map the rounds, the
// scrapyards and the alliances. Each part's hooks are named apart from the others' of the same
// board (one edition's parts share no hook).
const PARTS = [
  [["cities", "capitals", "buildings", "airfields", "difficult_terrain"], BopMapMethods],
  [["missions", "field_hospital"], BopPanelMethods],
  [["missions", "field_hospital"], BopControlMethods],
  [["star_cards"], StarCardMethods],
  [["win_progress", "territory_table", "ceasefire", "neutral_support"], GoalPanelMethods],
  [["neutral_support"], NeutralSupportMethods],
  [["leaders"], LeaderMapMethods],
  [["leaders"], LeaderControlMethods],
  [["scrapyard", "rounds", "alliances"], ScrapyardPanelMethods],
];



// -- the board ---------------------------------------------------------------------------------
class BoardView {
  constructor(model, el, holder = {}) {
    this.model = model;
    this.el = el;
    this.abort = new AbortController();
    this.listeners = [];
    this.local = { attackTarget: "", attackDice: 0, fortifyTarget: "", placeTarget: "" };
    this.keys = {};
    this.ed = this.get("edition", {});
    this.texts = this.get("texts", null);
    this.parts = new Set(this.ed.parts || []);
    const extra = PARTS.filter(([names]) => names.some((n) => this.parts.has(n)));
    for (const [, methods] of extra) Object.assign(this, methods);
    const mapId = this.get("map_data", {}).id || "";
    // data-lm-suppress-shortcuts: JupyterLab's shortcuts (arrows move between cells, Enter edits
    // one, D D deletes it) do not act on keys pressed in the board (keepKeys)
    this.root = h("div", { class: `rb-board rb-map-${mapId}${extra.length ? " rb-with-parts" : ""}`, "data-lm-suppress-shortcuts": "true" });
    el.append(this.root);
    this.keepKeys();
    this.listeners.push(...watchWholeTraits(model)); // before any listener of this view (delta.js)
    useTexts(this.get("texts", null));
    this.build();
    this.renderAll();
    const handlers = {}; // trait -> this view's callbacks, which a patch calls as a change would
    const on = (names, fn) => {
      for (const name of names) {
        const cb = () => {
          if (this.orphaned()) return this.destroy();
          if (this.get("edition", {}) !== this.ed) return undefined; // another game was loaded: render() builds anew
          useTexts(this.get("texts", null)); // this board's language (another board may speak another)
          return fn.call(this);
        };
        this.model.on(`change:${name}`, cb);
        this.listeners.push([`change:${name}`, cb]);
        (handlers[name] ||= []).push([fn, cb]);
      }
    };
    // the kernel's patch after an action: the changed traits' handlers run once each, in order
    const patched = (msg) => {
      if (!msg || msg.kind !== "patch") return;
      const done = new Set();
      for (const name of applyPatch(model, msg)) {
        for (const [fn, cb] of handlers[name] || []) {
          if (!done.has(fn)) cb();
          done.add(fn);
        }
      }
    };
    this.model.on("msg:custom", patched);
    this.listeners.push(["msg:custom", patched]);
    on(["map_data"], () => {
      this.buildMap();
      this.renderAll();
    });
    on(["players"], this.renderAll);
    on(["view"], this.onView);
    on(["extras", "counts"], this.onExtras);
    on(["hints", "selected"], this.onHints);
    on(["dice"], this.onDice);
    on(["event_log"], this.renderLog);
    on(["error"], this.renderError);
    on(["seats", "busy"], this.onSeats);
    on(["next_dice"], this.renderTeacher);
    on(["pass_to", "secrecy"], this.renderSecrecy);
    // a loaded game may be another edition, whose board mixes in other parts, and another language
    // relabels everything: either way the board is built anew
    const rebuild = () => {
      if (this.orphaned()) return this.destroy();
      if (this.get("edition", {}) === this.ed && this.get("texts", null) === this.texts) return undefined;
      this.destroy();
      holder.board = new BoardView(model, el, holder);
      return undefined;
    };
    for (const name of ["edition", "texts"]) {
      this.model.on(`change:${name}`, rebuild);
      this.listeners.push([`change:${name}`, rebuild]);
    }
    on(["replaying", "secrecy"], () => {
      this.renderReplay();
      this.onView();
    });
    setTimeout(() => this.orphaned(), 0); // notes that the element was placed, once it is
  }

  // A view whose element was taken out of its output (JupyterLab renders a board's output anew
  // when the kernel updates it, and drops the old view's element without removing the view) stops
  // listening instead of drawing a board no one sees. An element that was never placed yet, or a
  // whole cell that the notebook set aside while scrolled away, is not orphaned.
  orphaned() {
    if (this.el.parentNode) this.placed = true;
    return Boolean(this.placed) && !this.el.parentNode;
  }

  destroy() {
    for (const [name, cb] of this.listeners) this.model.off(name, cb);
    this.listeners = [];
    this.abort.abort();
    this.root.remove();
  }

  // The keys the board handles (arrows on the move-in slider or the map, Enter and Space on its
  // buttons, letters to find a territory) stay in the board: the notebook around it never sees
  // them. Tab, Escape and the keys with Ctrl, Alt or Cmd are the notebook's and the browser's;
  // Escape also leaves full screen.
  keepKeys() {
    this.listen(this.root, "keydown", (ev) => {
      if (ev.key === "Escape" && this.isFullscreen()) document.exitFullscreen().catch(() => {});
      if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key === "Tab" || ev.key === "Escape") return;
      ev.stopPropagation();
    });
  }

  get(name, fallback) {
    const v = patchedGet(this.model, name);
    return v == null ? fallback : v;
  }
  send(msg) {
    this.model.send({ ...msg, state_id: this.get("state_id", 0) });
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
    const found = this.byId && this.byId.get(id);
    return found ? found.name : id || "";
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
  // A human may decide now on this board: a human's decision is pending, and no bot is playing.
  mayAct() {
    const view = this.view();
    return !this.replaying() && this.pendingIsHuman() && !this.get("busy", false) && view.phase !== "over" && !!view.pending?.player;
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
    this.steps = h("ol", { class: "rb-steps", "aria-label": t("phases of a turn") });
    this.stepEls = {};
    for (const [id, label] of need(this.ed, "steps", "edition")) {
      this.stepEls[id] = h("li", { "data-phase": id, text: label });
      this.steps.append(this.stepEls[id]);
    }
    this.reinf = h("span", { class: "rb-reinf" });
    this.undoBtn = this.button(t("↶ Undo"), "rb-ghost rb-undo", () => this.send({ kind: "undo" }), { title: t("take back the last action") });
    // the board's own tools (full screen; saving, loading and replaying join them: replay.js)
    this.tools = h("div", { class: "rb-tools" }, this.buildFullscreen());
    top.append(h("div", { class: "rb-who" }, this.turnChip, this.turnName, this.turnNo), this.steps, h("div", { class: "rb-top-right" }, this.reinf, this.tools, this.undoBtn));

    this.errorMsg = h("span", { class: "rb-error-msg" });
    this.errorCode = h("code", { class: "rb-error-code" });
    this.errorBox = h("div", { class: "rb-error", role: "alert", hidden: true },
      h("span", { class: "rb-error-icon", "aria-hidden": "true", text: "!" }), this.errorMsg, this.errorCode,
      this.button("×", "rb-error-close", () => show(this.errorBox, false), { "aria-label": t("dismiss"), title: t("dismiss") }));

    this.promptHead = h("b");
    this.promptTip = h("span");
    this.prompt = h("div", { class: "rb-prompt", "aria-live": "polite" }, this.promptHead, " ", this.promptTip);
    this.actions = h("div", { class: "rb-actions" });
    this.buildControls();

    this.mapWrap = h("div", { class: "rb-mapwrap" });
    this.buildMap();
    // the edition's own panels (missions, field hospital) stand beside the map
    const side = this.buildEditionPanels ? this.buildEditionPanels() : null;
    // an edition's legend of its map (Balance of Power: difficult terrain) just under the map
    const main = h("div", { class: "rb-main" }, this.mapWrap, this.editionLegend?.(), this.actions);
    // a wide map (the world) takes the whole width, its edition's panels under it; a map about as
    // high as wide (Europe) keeps them beside it while the width allows (board.css)
    const besideMap = side && !this.wideMap;
    const stage = h("div", { class: `rb-stage${side ? " rb-with-side" : ""}${besideMap ? " rb-side-beside" : ""}` }, main, side);

    const panels = h("div", { class: "rb-panels" });
    this.diceBody = h("div", { class: "rb-dice-body" });
    this.playersBody = h("tbody");
    this.handTitle = h("span");
    this.handBody = h("div", { class: "rb-hand" });
    this.setsBody = h("div", { class: "rb-sets" });
    this.handNote = h("div", { class: "rb-note" });
    this.logList = h("ol", { class: "rb-log" });
    panels.append(
      this.card(t("Last throw"), "rb-dice-card", this.diceBody),
      this.card(t("Players"), "rb-players-card", h("div", { class: "rb-players-scroll" }, h("table", { class: "rb-players" },
        h("thead", {}, h("tr", {}, h("th", { colspan: 2, text: t("player") }), h("th", { text: t("seat") }), h("th", { text: t("terr.") }),
          h("th", { text: this.words().units }), h("th", { text: t("cards") }))), this.playersBody))),
      this.card(this.handTitle, "rb-hand-card", this.handBody, this.setsBody, this.handNote),
      this.card(t("Events"), "rb-log-card", h("div", { class: "rb-log-scroll" }, this.logList)),
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
    // beside a side column, the events fill the map's column down to the side column's end (no
    // blank space under the map), and the last throw ends the side column
    if (besideMap) {
      main.append(panels.querySelector(".rb-log-card"));
      side.append(panels.querySelector(".rb-dice-card"));
    }
    this.root.append(top, this.prompt, stage, panels);
    this.buildSecrecy();
    this.buildReplay(top);
  }

  // The board drawn anew in the words it now has (the language changed: the kernel resent the
  // texts, the edition's words and the map's names); the game's position is drawn as it is.
  card(title, cls, ...body) {
    return h("section", { class: `rb-card ${cls}` }, h("h3", {}, title), ...body);
  }

  renderAll() {
    this.onView();
    this.renderDice();
    this.renderLog();
    this.renderError();
    this.renderBots();
    this.renderTeacher();
    this.renderReplay();
  }
  onView() {
    if (this.keys.stateId !== this.get("state_id", 0)) {
      this.keys.stateId = this.get("state_id", 0);
      this.editionNewState?.();
    }
    this.renderMap();
    this.renderEditionMap?.();
    this.renderStatus();
    this.renderControls();
    this.renderHighlights();
    this.renderPlayers();
    this.renderHand();
    this.renderBots();
    this.renderEditionPanels?.();
    this.renderSecrecy();
  }
  onExtras() {
    this.renderEditionMap?.();
    this.renderEditionPanels?.();
    this.renderStatus();
    this.renderControls();
    this.renderPlayers();
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
    this.renderEditionPanels?.();
  }
  onDice() {
    this.renderDice();
    this.renderHighlights();
  }
  onSeats() {
    this.renderStatus();
    this.renderControls();
    // the territories a human may click are outlined again once the bots have moved (busy ends)
    this.renderHighlights();
    this.renderPlayers();
    this.renderBots();
    this.renderHand();
    this.renderEditionPanels?.();
  }
}

Object.assign(BoardView.prototype, MapMethods, LabelMethods, ZoomMethods, FullscreenMethods, MapNavMethods, ControlMethods, PanelMethods, SecrecyMethods, ReplayMethods);

// The holder keeps the view a loaded game of another edition built anew (see the constructor).
function render({ model, el }) {
  const holder = {};
  holder.board = new BoardView(model, el, holder);
  return () => holder.board.destroy();
}

// Once per model, before any view: the kernel's patches are applied as they come, so that a
// patch sent before the board is first shown (a cell that makes a board and moves before the
// output appears, the board's own first redraw) is not lost to a view that did not exist yet.
function initialize({ model }) {
  const patched = (msg) => {
    if (msg && msg.kind === "patch") applyPatch(model, msg);
  };
  model.on("msg:custom", patched);
  // a patch the kernel sent while this module was loading was heard by no one: ask for the whole
  // values once (an undated intent; the kernel answers with send_state)
  model.send({ kind: "sync" });
  return () => model.off("msg:custom", patched);
}

export default { initialize, render };
