// The prompt, the status bar and the action bar (place, attack, defend, occupy, fortify, end), and
// what a click on the map means. Methods of BoardView (mixed in by board.js).
import { seatName, need, h, setText, show, pct, oddsClass, chanceTo, plural, sameList, t, tn, countedForms } from "./util.js";

export const ControlMethods = {
  buildControls() {
    const c = (this.ctl = {});
    const units = this.words().units;
    // place N
    c.placeCount = h("input", { type: "number", min: 1, value: 1, class: "rb-num", "aria-label": t("{units} to place", { units }) });
    c.placeWhere = h("select", { class: "rb-select", "aria-label": t("territory to place on") });
    c.placeBtn = this.button(t("Place"), "rb-primary", () => this.doPlace());
    this.listen(c.placeCount, "keydown", (e) => e.key === "Enter" && this.doPlace());
    this.listen(c.placeWhere, "change", () => {
      this.local.placeTarget = c.placeWhere.value;
      this.renderHighlights();
    });
    c.placeWhose = h("span", { class: "rb-place-whose" });
    c.place = h("div", { class: "rb-ctl rb-place-ctl" }, h("span", { text: t("Place") }), c.placeCount, c.placeWhose, h("span", { text: t("on") }), c.placeWhere, c.placeBtn);
    // attack
    c.attackFrom = h("b");
    c.attackWhere = h("select", { class: "rb-select", "aria-label": t("territory to attack") });
    c.diceBtns = h("span", { class: "rb-seg", role: "group", "aria-label": t("attacking dice") });
    c.attackOdds = h("span", { class: "rb-odds" });
    c.rollBtn = this.button(t("Roll"), "rb-primary rb-roll", () => this.doAttack(false));
    c.blitzBtn = this.button(t("Blitz"), "rb-warn rb-blitz", () => this.doAttack(true), { title: t("attack throw after throw until conquered or out of {units}", { units }) });
    this.listen(c.attackWhere, "change", () => {
      this.local.attackTarget = c.attackWhere.value;
      this.local.attackDice = 0;
      this.renderControls();
      this.renderHighlights();
    });
    c.attack = h("div", { class: "rb-ctl rb-attack-ctl" }, h("span", {}, t("From"), " ", c.attackFrom, " ", t("attack")), c.attackWhere,
      h("span", { text: t("with") }), c.diceBtns, c.rollBtn, c.blitzBtn, c.attackOdds,
      this.button("×", "rb-ghost rb-deselect", () => this.clearSelection(), { title: t("deselect"), "aria-label": t("deselect") }));
    // defend
    c.defendText = h("span");
    c.defendBtns = h("span", { class: "rb-defend-btns" });
    c.defend = h("div", { class: "rb-ctl rb-defend-ctl" }, c.defendText, c.defendBtns);
    this.listen(c.defendBtns, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (b && !b.disabled) this.action(b.dataset.text || `defend ${b.dataset.dice}`);
    });
    this.listen(c.diceBtns, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (!b || b.disabled) return;
      this.local.attackDice = Number(b.dataset.dice);
      this.renderControls();
    });
    // occupy
    // how many units the conquered territory holds after the move: the ones that attacked included,
    // as `occupy N` and the log count them; preset to the most (all but the one that stays behind)
    c.occRange = h("input", { type: "range", min: 1, max: 1, value: 1, class: "rb-range", "aria-label": t("{units} to move in", { units }) });
    c.occCount = h("input", { type: "number", min: 1, max: 1, value: 1, class: "rb-num rb-occupy-count", "aria-label": t("{units} to move in", { units }) });
    c.occText = h("span");
    c.occNote = h("span", { class: "rb-note rb-occupy-note" });
    c.occBtn = this.button(t("Move"), "rb-primary rb-occupy-move", () => this.action(`occupy ${this.num(c.occCount)}`));
    this.listen(c.occRange, "input", () => {
      c.occCount.value = c.occRange.value;
      setText(c.occBtn, t("Move {count}", { count: c.occCount.value }));
    });
    this.listen(c.occCount, "input", () => {
      c.occRange.value = c.occCount.value;
      setText(c.occBtn, t("Move {count}", { count: c.occCount.value }));
    });
    this.listen(c.occCount, "keydown", (e) => e.key === "Enter" && c.occBtn.click());
    c.occupy = h("div", { class: "rb-ctl rb-occupy-ctl" }, c.occText, c.occRange, c.occCount, c.occBtn, c.occNote);
    // fortify
    c.fortCount = h("input", { type: "number", min: 1, value: 1, class: "rb-num rb-fortify-count", "aria-label": t("{units} to move", { units }) });
    c.fortText = h("span");
    c.fortBtn = this.button(t("Move"), "rb-primary rb-fortify-move", () => this.doFortify());
    this.listen(c.fortCount, "keydown", (e) => e.key === "Enter" && this.doFortify());
    c.fortify = h("div", { class: "rb-ctl rb-fortify-ctl" }, h("span", { text: t("Move") }), c.fortCount, c.fortText, c.fortBtn,
      this.button("×", "rb-ghost", () => {
        this.local.fortifyTarget = "";
        this.renderControls();
        this.renderHighlights();
      }, { title: t("cancel"), "aria-label": t("cancel") }));
    c.wait = h("div", { class: "rb-ctl rb-wait-ctl" },
      this.button(t("Step"), "rb-primary", () => this.send({ kind: "step" })),
      this.button(t("Finish turn"), "", () => this.send({ kind: "finish_turn" })),
      this.button(t("Play to end"), "", () => this.send({ kind: "play" })));
    c.end = this.button(t("End phase"), "rb-end", () => this.action("end"));
    const edition = this.buildEditionControls ? this.buildEditionControls() : [];
    this.actions.append(c.place, c.attack, c.defend, c.occupy, c.fortify, ...edition, c.wait, h("span", { class: "rb-spacer" }), c.end);
  },
  onTerritory(id) {
    if (this.onEditionTerritory && this.onEditionTerritory(id)) return;
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
  },
  clearSelection() {
    if (this.local.pick) this.endPick();
    this.local.fortifyTarget = "";
    this.local.attackTarget = "";
    if (this.get("selected", "")) this.send({ kind: "select", territory: "" });
  },
  // The edition's words for its pieces and steps (Ruleset.presentation.words): army/armies or unit/units, ...
  words() {
    return need(this.ed, "words", "edition");
  },
  // n of the edition's pieces in the board's language ("3 armies", "3 Einheiten", "3 軍"), by the
  // forms the kernel sends (edition.pieces)
  pieces(n) {
    return countedForms(need(this.ed, "pieces", "edition"), n);
  },
  num(input) {
    const v = parseInt(input.value, 10);
    return Number.isInteger(v) ? v : 0;
  },
  doPlace() {
    const where = this.ctl.placeWhere.value;
    if (where) this.action(`place ${this.num(this.ctl.placeCount)} ${where}`);
  },
  doAttack(blitz) {
    const src = this.get("selected", "");
    const tgt = this.ctl.attackWhere.value;
    if (!src || !tgt) return;
    const dice = this.local.attackDice || need(need(this.hints(), "targets", "hints")[tgt], "dice", `hints.targets.${tgt}`);
    // an edition's word after the attack: Transformers' " leader" when the leader is committed
    const more = this.editionAttackSuffix ? this.editionAttackSuffix() : "";
    this.action(blitz ? `blitz ${src} ${tgt}` : `attack ${src} ${tgt} ${dice}${more}`);
  },
  doFortify() {
    const src = this.get("selected", "");
    const tgt = this.local.fortifyTarget;
    const more = this.editionFortifySuffix ? this.editionFortifySuffix() : "";
    if (src && tgt) this.action(`fortify ${src} ${tgt} ${this.num(this.ctl.fortCount)}${more}`);
  },
  // Which turn it is, in the edition's own count (Transformers: the round of six): the header's
  // and the busy note's words for how far the game has come.
  turnLabel() {
    const view = this.view();
    return (this.editionTurnNo && this.editionTurnNo()) || (view.phase === "setup" ? t("setup") : t("turn {turn}", { turn: view.turn ?? 0 }));
  },
  renderStatus() {
    const view = this.view();
    const current = view.current || "";
    setText(this.turnName, view.winner ? t("{player} won!", { player: view.winner }) : current);
    this.turnChip.style.background = this.playerColour(view.winner || current);
    // an edition may count its turns its own way (Transformers: the round of six)
    setText(this.turnNo, this.turnLabel());
    const step = view.phase === "occupy" ? "attack" : view.phase === "missions" && !this.stepEls.missions ? "attack" : view.phase;
    for (const [id, li] of Object.entries(this.stepEls)) {
      li.classList.toggle("rb-on", id === step);
      li.hidden = id === "setup" && view.phase !== "setup";
    }
    this.steps.hidden = view.phase === "over";
    const r = need(view, "reinforcements", "view");
    const toPlace = this.editionToPlace ? this.editionToPlace() : r > 0 ? t("{pieces} to place", { pieces: this.pieces(r) }) : "";
    setText(this.reinf, toPlace);
    show(this.reinf, !!toPlace);
    this.undoBtn.disabled = !!this.get("busy", false) || this.replaying();
    this.root.classList.toggle("rb-over", view.phase === "over");
    this.root.classList.toggle("rb-is-busy", !!this.get("busy", false));
  },
  promptText() {
    const view = this.view();
    const pending = view.pending || {};
    const decision = pending.decision;
    if (view.phase === "over" || decision === "none" || !pending.player) {
      const won = view.win_reason
        ? t("Game over: {player} won ({reason}).", { player: view.winner, reason: view.win_reason })
        : t("Game over: {player} won.", { player: view.winner });
      return [view.winner ? won : t("Nothing to decide."), ""];
    }
    const detail = this.names(pending.detail || "");
    const verbs = need(this.ed, "verbs", "edition");
    const head = detail
      ? t("{player} to {verb} ({detail}).", { player: pending.player, verb: verbs[decision] || decision, detail })
      : t("{player} to {verb}.", { player: pending.player, verb: verbs[decision] || decision });
    if (this.get("busy", false)) return [head, t("Bots are playing…")];
    if (!this.pendingIsHuman()) return [head, t("The {bot} bot plays {player}: press Step or Play to end.", { bot: seatName(this.get("seats", {})[pending.player]), player: pending.player })];
    const selected = this.get("selected", "");
    const hints = this.hints();
    const w = this.words();
    const tips = {
      claim: t("Click an empty territory to claim it."),
      place: t("Click an outlined territory to place {pieces} there.", { pieces: this.pieces(1) }),
      place_neutral: t("Click an outlined territory to place {pieces} of the neutral army there.", { pieces: this.pieces(1) }),
      trade: t("Trade a set of cards (see Cards below)."),
      defend: t("Choose how many dice to defend with."),
      occupy: t("Choose how many {units} the conquered territory holds: the ones that attacked and any that follow.", { units: w.units }),
    };
    const own = (this.editionTip && this.editionTip(decision)) || "";
    let tip = own || tips[decision] || "";
    if (own) {
      // the edition's own tip stands (its decisions, or its way to attack or move)
    } else if (decision === "attack") {
      tip = selected && Object.keys(hints.targets || {}).length
        ? t("Click a target to attack from {territory} with the most dice, or use the controls. The percentage is the chance to conquer it attacking with all {units} that may attack.", { territory: this.name(selected), units: w.units })
        : t("Click one of your outlined territories to attack from it, or end the attack phase.");
    } else if (decision === "fortify") {
      const where = w.fortify_reach;
      tip = selected
        ? t("Click {where} to move {units} from {territory} there.", { where, units: w.units, territory: this.name(selected) })
        : t("Click one of your outlined territories to move {units} from it, or end your turn.", { units: w.units });
    }
    return [head, tip];
  },
  // The prompt and the action bar: each control shows itself when its decision is pending (most
  // only on a human's turn, mine), then the bar hides when nothing in it shows.
  renderControls() {
    const view = this.view();
    const busy = !!this.get("busy", false);
    const human = this.pendingIsHuman();
    const ctx = {
      view,
      hints: this.hints(),
      busy,
      decision: view.pending?.decision,
      human,
      mine: human && !busy && view.phase !== "over",
      selected: this.get("selected", ""),
    };
    this.renderPrompt(view);
    this.renderPlaceControl(ctx);
    this.renderAttackControl(ctx);
    this.renderDefendControl(ctx);
    this.renderOccupyControl(ctx);
    this.renderFortifyControl(ctx);
    this.renderWaitEndControls(ctx);
    const edition = this.renderEditionControls ? this.renderEditionControls(ctx) : [];
    this.renderActionBar(busy, edition);
  },
  // The prompt above the map: who decides what, and a tip on how.
  renderPrompt(view) {
    const [head, tip] = this.promptText();
    setText(this.promptHead, head);
    setText(this.promptTip, tip);
    this.prompt.classList.toggle("rb-prompt-over", view.phase === "over");
  },
  // Place N on a territory: reinforcements, or a free setup's units of every owner, several at a time.
  renderPlaceControl({ view, hints, decision, mine, selected }) {
    const c = this.ctl;
    const places = hints.place || [];
    const setup = decision === "setup_place"; // a free setup: units of every owner, several at a time
    const r = setup ? need(hints, "place_max", "hints") : need(view, "reinforcements", "view");
    const showPlace = mine && ((decision === "place" && view.phase !== "setup") || setup) && r > 0 && places.length > 0;
    show(c.place, showPlace);
    if (!showPlace) return;
    if (!sameList(places, this.keys.places || [])) {
      this.keys.places = places.slice();
      c.placeWhere.replaceChildren(...places.map((id) => h("option", { value: id, text: this.name(id) })));
    }
    const want = places.includes(this.local.placeTarget) ? this.local.placeTarget : places.includes(selected) ? selected : c.placeWhere.value;
    if (want && c.placeWhere.value !== want) c.placeWhere.value = want;
    c.placeCount.max = r;
    if (this.keys.reinf !== r) {
      this.keys.reinf = r;
      c.placeCount.value = setup ? Math.min(3, r) : r;
    }
    const whose = setup ? this.get("counts", {}).setup?.owner : "";
    setText(c.placeWhose, whose ? t("{units} of {player}", { units: this.words().units, player: whose }) : "");
  },
  // Attack from the selected territory: the targets with their odds, the dice, Roll and Blitz.
  renderAttackControl({ view, hints, decision, mine, selected }) {
    const c = this.ctl;
    const targets = hints.targets || {};
    const tids = Object.keys(targets);
    const showAttack = mine && decision === "attack" && !!selected && tids.length > 0;
    show(c.attack, showAttack);
    if (!showAttack) return;
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
      tgt = last.source === selected && targets[last.target] ? last.target : tids.slice().sort((a, b) => (targets[b].p_win ?? -1) - (targets[a].p_win ?? -1))[0];
    }
    c.attackWhere.value = tgt;
    const max = need(targets[tgt], "dice", `hints.targets.${tgt}`);
    const dice = this.local.attackDice && this.local.attackDice <= max ? this.local.attackDice : max;
    if (c.diceBtns.childElementCount !== max || this.keys.dice !== dice) {
      this.keys.dice = dice;
      c.diceBtns.replaceChildren(...Array.from({ length: max }, (_, k) =>
        h("button", { type: "button", class: `rb-btn rb-seg-btn${k + 1 === dice ? " rb-on" : ""}`, "aria-pressed": String(k + 1 === dice), "data-dice": k + 1, title: tn("{n} die", "{n} dice", k + 1), text: k + 1 })));
    }
    setText(c.rollBtn, tn("Roll {n} die", "Roll {n} dice", dice));
    // the odds of the attack as set up (an edition's: without the leader when it is kept back)
    const p = this.editionAttackOdds ? this.editionAttackOdds(targets[tgt]) : targets[tgt].p_win;
    setText(c.attackOdds, chanceTo(p, t("{chance} to conquer")));
    c.attackOdds.className = `rb-odds rb-${oddsClass(p)}`;
    show(c.blitzBtn, hints.blitz !== false); // no blitz where the defender chooses its own dice
  },
  // Defend: one button per number of dice; shown to a human defender even on another player's turn.
  renderDefendControl({ view, hints, busy, decision, human }) {
    const c = this.ctl;
    const showDefend = human && !busy && decision === "defend";
    show(c.defend, showDefend);
    if (!showDefend) return;
    const d = need(hints, "defend", "hints");
    const max = need(d, "max", "hints.defend");
    setText(c.defendText, t("{player} to defend {territory}:", { player: view.pending.player, territory: this.name(d.target) }));
    // an edition's own choices (Transformers: with or without the leader), else one per number of dice
    const own = this.editionDefendChoices ? this.editionDefendChoices(d) : null;
    const key = own ? JSON.stringify(own) : max;
    if (this.keys.defend !== key) {
      this.keys.defend = key;
      c.defendBtns.replaceChildren(...(own
        ? own.map((o) => h("button", { type: "button", class: `rb-btn rb-primary ${o.cls}`, "data-dice": o.dice, "data-text": o.text, title: o.title || null, text: o.label }))
        : Array.from({ length: max }, (_, k) =>
          h("button", { type: "button", class: `rb-btn rb-primary rb-defend-${k + 1}`, "data-dice": k + 1, text: tn("Defend with {n} die", "Defend with {n} dice", k + 1) }))));
    }
  },
  // Occupy a conquered territory: how many units it holds after the move, the ones that attacked
  // (already in) included, as `occupy N` and the log count them; preset to the most, all but the
  // one that stays behind (a slider only when there is a choice).
  renderOccupyControl({ hints, decision, mine }) {
    const c = this.ctl;
    const occ = hints.occupy;
    const showOcc = mine && decision === "occupy" && !!occ;
    show(c.occupy, showOcc);
    if (!showOcc) return;
    setText(c.occText, t("Move into {target} from {source} ({min} to {max} {units}, the {min} that attacked included):", { target: this.name(occ.target), source: this.name(occ.source), min: occ.min, max: occ.max, units: this.words().units }));
    setText(c.occNote, t("preset: {max}, the most, leaving 1 in {source}", { max: occ.max, source: this.name(occ.source) }));
    const key = `${occ.source}|${occ.target}|${occ.min}|${occ.max}`;
    if (this.keys.occupy !== key) {
      this.keys.occupy = key;
      for (const e of [c.occRange, c.occCount]) {
        e.min = occ.min;
        e.max = occ.max;
        e.value = occ.max;
      }
      setText(c.occBtn, t("Move {count}", { count: occ.max }));
    }
    c.occRange.hidden = occ.min === occ.max;
  },
  // Fortify: how many armies move from the selected territory to the one clicked after it.
  renderFortifyControl({ hints, decision, mine, selected }) {
    const c = this.ctl;
    const fort = hints.fortify || {};
    const ft = this.local.fortifyTarget;
    const showFort = mine && decision === "fortify" && !!selected && ft in fort;
    show(c.fortify, showFort);
    if (!showFort) return;
    setText(c.fortText, t("from {source} to {target} (at most {most})", { source: this.name(selected), target: this.name(ft), most: fort[ft] }));
    c.fortCount.max = fort[ft];
    const key = `${selected}|${ft}|${fort[ft]}`;
    if (this.keys.fortify !== key) {
      this.keys.fortify = key;
      c.fortCount.value = fort[ft];
    }
  },
  // Step / Finish turn / Play to end while a bot is to move; the end button, named for what it ends.
  renderWaitEndControls({ view, hints, busy, decision, human, mine }) {
    const c = this.ctl;
    show(c.wait, !human && !busy && view.phase !== "over");
    show(c.end, mine && !!hints.can_end && !(this.parts.has("field_hospital") && decision === "buy")); // the hospital panel has its own
    const ends = { attack: t("End attack"), fortify: t("End turn"), buy: t("Done buying") };
    setText(c.end, ends[decision] || t("End phase"));
  },
  // The bar shows when any control in it does; while bots play its inputs are disabled, but for
  // the wait buttons and the edition's own controls (which handle busy themselves).
  renderActionBar(busy, edition) {
    const c = this.ctl;
    show(this.actions, [c.place, c.attack, c.defend, c.occupy, c.fortify, c.wait, c.end, ...edition].some((e) => !e.hidden));
    for (const e of this.actions.querySelectorAll("button, input, select")) {
      if (!c.wait.contains(e) && !edition.some((x) => x.contains(e))) e.disabled = busy;
    }
  },
};
