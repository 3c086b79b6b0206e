// Balance of Power's steps in the action bar and on the map: the four side choices of a free
// setup, and the field-hospital commands that need territories (starting maneuver, uprising,
// airfield): press the command's button, click the territories on the map, choose a number, buy.
// Everything offered comes from hints.buy (the legal purchases). Methods of BoardView, mixed in
// for Balance of Power boards only.
import { h, need, setText, show, plural, t, tn } from "./util.js";

const CHOICES = () => [
  ["keep first", t("Keep · go first")],
  ["keep second", t("Keep · go second")],
  ["swap first", t("Swap · go first")],
  ["swap second", t("Swap · go second")],
];

export const BopControlMethods = {
  // -- the action bar --------------------------------------------------------------------------
  buildEditionControls() {
    const c = this.ctl;
    c.chooseText = h("span");
    c.chooseBtns = CHOICES().map(([value, label]) => this.button(label, "rb-primary rb-choose", () => this.action(`choose ${value}`), { "data-choice": value }));
    c.choose = h("div", { class: "rb-ctl rb-choose-ctl" }, c.chooseText, ...c.chooseBtns);
    c.pickText = h("span", { class: "rb-pick-text" });
    c.pickCount = h("input", { type: "number", min: 1, value: 1, class: "rb-num rb-pick-count", "aria-label": t("{units} to move", { units: this.words().units }) });
    c.pickDice = h("span", { class: "rb-seg rb-pick-dice", role: "group", "aria-label": t("neutral units committed") });
    c.pickBuy = this.button(t("Buy"), "rb-primary rb-pick-buy", () => this.buyPicked());
    c.pickMore = h("span", { class: "rb-pick-more" });
    c.pick = h("div", { class: "rb-ctl rb-pick-ctl" }, c.pickText, c.pickCount, c.pickMore, c.pickDice, c.pickBuy,
      this.button("×", "rb-ghost rb-pick-cancel", () => this.endPick(), { title: t("cancel"), "aria-label": t("cancel") }));
    this.listen(c.pickCount, "keydown", (e) => e.key === "Enter" && this.buyPicked());
    this.listen(c.pickDice, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (!b) return;
      this.local.pick.count = Number(b.dataset.dice);
      this.renderControls();
    });
    return [c.choose, c.pick];
  },

  renderEditionControls({ mine, busy, decision }) {
    const c = this.ctl;
    const hints = this.hints();
    const choose = mine && decision === "choose";
    show(c.choose, choose);
    if (choose) {
      setText(c.chooseText, t("{player}: keep or swap the colours, then go first or second:", { player: this.view().pending.player }));
      const legal = new Set(hints.choose || []);
      for (const b of c.chooseBtns) b.disabled = busy || !legal.has(b.dataset.choice);
    }
    const pick = this.local.pick;
    show(c.pick, !!pick && mine);
    if (pick && mine) this.renderPick(pick, busy);
    return [c.choose, c.pick];
  },

  // -- pointing a command out on the map -------------------------------------------------------
  command(id) {
    return (this.ed.commands || []).find((c) => c.id === id) || { id, name: id, cost: 0 };
  },
  startPick(command) {
    this.local.pick = { command, source: "", target: "", count: 0 };
    this.local.zonePreview = null;
    this.refreshPick();
  },
  endPick() {
    this.local.pick = null;
    this.local.zonePreview = null;
    this.refreshPick();
  },
  refreshPick() {
    this.renderControls();
    this.renderHighlights();
    this.renderEditionPanels();
    this.renderEditionMap();
  },
  // A new position ends any half-made choice (the purchase went through, or the game moved on).
  editionNewState() {
    if (this.local.pick) {
      this.local.pick = null;
      this.local.zonePreview = null;
    }
  },
  // The pick's legal options from hints.buy: sources (a maneuver or an uprising) then targets.
  pickOptions(pick) {
    const legal = (this.hints().buy || {})[pick.command];
    if (!legal) return { sources: [], targets: {} };
    if (pick.command === "build_airfield") return { sources: [], targets: Object.fromEntries(Object.keys(legal).map((t) => [t, 1])) };
    const sources = Object.keys(legal);
    if (!pick.source || !legal[pick.source]) return { sources, targets: {} };
    const from = legal[pick.source];
    if (pick.command === "starting_maneuver") return { sources, targets: Object.fromEntries(from.to.map((t) => [t, from.max])) };
    return { sources, targets: from };
  },
  pickHighlights() {
    const pick = this.local.pick;
    if (!pick) return null;
    const { sources, targets } = this.pickOptions(pick);
    const airfield = pick.command === "build_airfield";
    const needsSource = !airfield && !pick.source;
    const most = (id) => targets[id];
    return {
      source: pick.source,
      target: pick.target,
      options: needsSource ? sources : airfield ? Object.keys(targets) : [],
      targets: needsSource || airfield ? {} : targets,
      pill: (id) => `≤${most(id)}`,
      verb: (id) => (pick.command === "uprising"
        ? t("An uprising from {territory} may commit up to {most} neutral units", { territory: this.name(pick.source), most: most(id) })
        : t("Move up to {most} from {territory}", { most: most(id), territory: this.name(pick.source) })),
    };
  },
  onEditionTerritory(id) {
    const pick = this.local.pick;
    if (!pick) return false;
    const { sources, targets } = this.pickOptions(pick);
    if (pick.command === "build_airfield") {
      if (id in targets) {
        pick.target = id;
        // the territories an airfield there would help, as the rules say (hints.buy.build_airfield)
        this.local.zonePreview = { player: this.view().current, zone: (this.hints().buy || {}).build_airfield[id] || [id] };
      }
    } else if (id === pick.source) {
      Object.assign(pick, { source: "", target: "", count: 0 });
    } else if (pick.source && id in targets) {
      pick.target = id;
      pick.count = targets[id];
    } else if (sources.includes(id)) {
      Object.assign(pick, { source: id, target: "", count: 0 });
    }
    this.refreshPick();
    if (pick.target && pick.command === "starting_maneuver") this.ctl.pickCount.focus({ preventScroll: true });
    return true;
  },
  renderPick(pick, busy) {
    const c = this.ctl;
    const cmd = this.command(pick.command);
    const { targets } = this.pickOptions(pick);
    let text;
    if (pick.command === "build_airfield") {
      text = pick.target ? t("{command} on {territory} (the shaded territories get +1 for you):", { command: cmd.name, territory: this.name(pick.target) }) : t("{command}: click one of your outlined territories.", { command: cmd.name });
    } else if (pick.command === "starting_maneuver") {
      text = !pick.source ? t("{command}: click a territory to move units from.", { command: cmd.name })
        : !pick.target ? t("{command} from {territory}: click where to (any connected territory of yours).", { command: cmd.name, territory: this.name(pick.source) }) : t("{command}: move", { command: cmd.name });
    } else {
      text = !pick.source ? t("{command}: click a neutral territory (2 or more units) next to the opponent.", { command: cmd.name })
        : !pick.target ? t("{command} from {territory}: click the opponent's territory to attack.", { command: cmd.name, territory: this.name(pick.source) })
          : t("{command}: {source} attacks {target} with", { command: cmd.name, source: this.name(pick.source), target: this.name(pick.target) });
    }
    setText(c.pickText, text);
    const moving = pick.command === "starting_maneuver" && !!pick.target;
    show(c.pickCount, moving);
    if (moving) {
      c.pickCount.max = targets[pick.target];
      const key = `${pick.source}|${pick.target}`;
      if (this.keys.pickCount !== key) {
        this.keys.pickCount = key;
        c.pickCount.value = targets[pick.target];
      }
    }
    setText(c.pickMore, moving ? t("of {most} from {source} to {target}", { most: targets[pick.target], source: this.name(pick.source), target: this.name(pick.target) }) : "");
    show(c.pickMore, moving);
    const rising = pick.command === "uprising" && !!pick.target;
    show(c.pickDice, rising);
    if (rising) {
      const max = need(targets, pick.target, "hints.buy.uprising[source]");
      const n = pick.count && pick.count <= max ? pick.count : max;
      pick.count = n;
      c.pickDice.replaceChildren(...Array.from({ length: max }, (_, k) =>
        h("button", { type: "button", class: `rb-btn rb-seg-btn${k + 1 === n ? " rb-on" : ""}`, "aria-pressed": String(k + 1 === n), "data-dice": k + 1, text: this.pieces(k + 1) })));
    }
    const ready = !!pick.target;
    setText(c.pickBuy, t("Buy for {cost}", { cost: cmd.cost }));
    c.pickBuy.disabled = busy || !ready;
    for (const e of c.pick.querySelectorAll("button, input")) if (e !== c.pickBuy) e.disabled = busy;
  },
  buyPicked() {
    const pick = this.local.pick;
    if (!pick || !pick.target) return;
    if (pick.command === "build_airfield") this.action(`buy build_airfield ${pick.target}`);
    else if (pick.command === "starting_maneuver") this.action(`buy starting_maneuver ${pick.source} ${pick.target} ${this.num(this.ctl.pickCount)}`);
    else this.action(`buy uprising ${pick.source} ${pick.target} ${pick.count || 1}`);
  },

  // -- the prompt and the status bar ------------------------------------------------------------
  editionTip(decision) {
    const pick = this.local.pick;
    if (pick) return t("{command}: point it out on the map (outlined), then buy it below the map. × cancels.", { command: this.command(pick.command).name });
    const tips = {
      setup_place: t("Click an outlined territory to place one unit there, or several with the control below the map. Every territory needs at least one unit."),
      capital: t("Click one of the outlined territories: the capital goes there."),
      choose: t("Keep or swap the colours the board was set up with, and go first or second."),
      place_neutral: t("Click an outlined neutral territory to add a neutral unit there (one or two territories)."),
      buy: t("Buy special commands in the field hospital panel beside the map, or press Done buying."),
      place: (this.hints().trades || []).length ? t("Click one of your territories to place a unit there, or trade stars in the cards panel first.") : t("Click one of your territories to place a unit there."),
      collect: t("Collect one of your fulfilled missions in the missions panel."),
    };
    return tips[decision] || "";
  },
  editionToPlace() {
    const view = this.view();
    const x = this.get("counts", {});
    const decision = view.pending?.decision;
    if (decision === "setup_place" && x.setup) return t("{pieces} of {player} to place", { pieces: this.pieces(x.setup.left), player: x.setup.owner });
    const r = need(view, "reinforcements", "view");
    return r > 0 ? t("{pieces} to place", { pieces: this.pieces(r) }) : "";
  },
};
