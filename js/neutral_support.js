// The neutral support of a two-player game (RISK 2010), clicked on the map: each click on a
// territory of a neutral army adds one troop there, until the troops are all placed on at most as
// many territories as allowed, all of one army; the choice is drawn on the map (+N beside the
// badges) and in the action bar, with Reset and Confirm; Confirm sends `neutral ARMY T N ...`.
// Which armies and territories may take troops, how many troops and on how many territories at
// most, all come from the legal actions (hints.neutral); a click that cannot add a troop says why
// and changes nothing. Methods of BoardView, mixed in for boards with the neutral support.
import { h, need, setText, show, plural, t, tn } from "./util.js";

export const NeutralSupportMethods = {
  // The choice being made: { army, placed: { territory: troops } } (this.local.neutral).
  neutralChoice() {
    return this.local.neutral || (this.local.neutral = { army: "", placed: {} });
  },
  neutralOpen() {
    return this.view().pending?.decision === "neutral" && this.mayAct() && !!this.hints().neutral?.armies;
  },
  neutralPlaced() {
    return Object.values(this.neutralChoice().placed).reduce((n, k) => n + k, 0);
  },

  // -- the action bar --------------------------------------------------------------------------
  buildEditionControls() {
    const c = this.ctl;
    c.neutralText = h("span", { class: "rb-neutral-text" });
    c.neutralList = h("span", { class: "rb-neutral-list" });
    c.neutralReset = this.button(t("Reset"), "rb-neutral-reset", () => this.resetNeutral(), { title: t("take the troops placed so far back") });
    c.neutralConfirm = this.button(t("Confirm"), "rb-primary rb-neutral-confirm", () => this.confirmNeutral());
    c.neutralMsg = h("div", { class: "rb-neutral-msg", role: "alert", hidden: true });
    c.neutral = h("div", { class: "rb-ctl rb-neutral-ctl" }, c.neutralText, c.neutralList, c.neutralReset, c.neutralConfirm, c.neutralMsg);
    return [c.neutral];
  },

  renderEditionControls({ mine, busy, decision }) {
    const c = this.ctl;
    const on = mine && decision === "neutral" && !!this.hints().neutral?.armies;
    show(c.neutral, on);
    if (!on) return [c.neutral];
    const rule = this.hints().neutral;
    const choice = this.neutralChoice();
    const placed = this.neutralPlaced();
    setText(c.neutralText, choice.army ? `${choice.army}:` : t("Neutral support:"));
    const entries = Object.entries(choice.placed);
    c.neutralList.replaceChildren(...(entries.length
      ? entries.map(([tid, n]) => h("span", { class: "rb-neutral-chip", "data-territory": tid, text: `${this.name(tid)} +${n}` }))
      : [h("span", { class: "rb-muted", text: "click a neutral territory" })]),
    h("span", { class: "rb-neutral-left", text: `(${placed} of ${rule.troops})` }));
    c.neutralReset.disabled = busy || !placed;
    c.neutralConfirm.disabled = busy || placed !== rule.troops;
    c.neutralConfirm.title = placed === rule.troops ? t("add these troops to {army}", { army: choice.army }) : tn("place all {n} troop first", "place all {n} troops first", rule.troops);
    const told = this.local.told;
    if (told && told !== this.keys.told) {
      show(c.neutralMsg, false);
      void c.neutralMsg.offsetWidth; // shown anew, so that a second refusal shakes too
    }
    this.keys.told = told;
    show(c.neutralMsg, !!told);
    setText(c.neutralMsg, told ? told.message : "");
    c.neutralMsg.dataset.code = told ? told.code : "";
    return [c.neutral];
  },

  // -- clicks on the map -------------------------------------------------------------------------
  onEditionTerritory(id) {
    if (!this.neutralOpen()) return false;
    const rule = this.hints().neutral;
    const choice = this.neutralChoice();
    const placed = this.neutralPlaced();
    const army = Object.keys(rule.armies).find((a) => rule.armies[a].includes(id)) || "";
    const where = this.name(id);
    if (!army) {
      const owner = this.cache[this.byId.get(id).index]?.owner;
      this.tell(owner ? t("{territory} belongs to {player}: the neutral troops go on a territory of a neutral army (outlined).", { territory: where, player: owner })
        : t("{territory} belongs to nobody: the neutral troops go on a territory of a neutral army (outlined).", { territory: where }), "action/not_neutral");
      this.refreshNeutral();
      return true;
    }
    if (choice.army && army !== choice.army) {
      this.tell(t("All {troops} troops go to one neutral army: {territory} belongs to {army}, not {chosen}. Press Reset to choose another army.", { troops: rule.troops, territory: where, army, chosen: choice.army }), "neutral/one_army");
      this.refreshNeutral();
      return true;
    }
    if (placed >= rule.troops) {
      this.tell(t("All {troops} troops are placed: press Confirm, or Reset to place them again.", { troops: rule.troops }), "neutral/troops");
      this.refreshNeutral();
      return true;
    }
    if (!(id in choice.placed) && Object.keys(choice.placed).length >= rule.territories) {
      this.tell(tn("The troops go on at most {n} territory: add the rest to one already chosen.", "The troops go on at most {n} territories: add the rest to one already chosen.", rule.territories), "neutral/territories");
      this.refreshNeutral();
      return true;
    }
    this.tell("");
    choice.army = army;
    choice.placed[id] = (choice.placed[id] || 0) + 1;
    this.refreshNeutral();
    return true;
  },

  // Why a click added no troop, under the choice in the action bar (beside the buttons that help,
  // not over the map); a good click or a new position clears it.
  tell(message, code = "") {
    this.local.told = message ? { message, code } : null;
  },

  resetNeutral() {
    this.local.neutral = { army: "", placed: {} };
    this.tell("");
    this.refreshNeutral();
  },
  confirmNeutral() {
    const choice = this.neutralChoice();
    if (!choice.army || this.neutralPlaced() !== this.hints().neutral?.troops) return;
    const pairs = Object.keys(choice.placed).sort().map((tid) => `${tid} ${choice.placed[tid]}`);
    this.action(`neutral ${choice.army} ${pairs.join(" ")}`);
  },
  refreshNeutral() {
    this.renderStatus();
    this.renderControls();
    this.renderHighlights();
    this.renderEditionPanels();
  },
  // A new position ends a half-made choice (it was sent, or the game moved on).
  editionNewState() {
    this.local.neutral = null;
    this.tell("");
  },

  // -- the map: the territories that may take a troop outlined, the choice drawn beside badges ----
  pickHighlights() {
    if (!this.neutralOpen()) return null;
    const rule = this.hints().neutral;
    const choice = this.neutralChoice();
    const full = this.neutralPlaced() >= rule.troops;
    const spread = Object.keys(choice.placed).length >= rule.territories;
    let options = choice.army ? rule.armies[choice.army] || [] : Object.values(rule.armies).flat();
    if (full) options = [];
    else if (spread) options = options.filter((tid) => tid in choice.placed);
    return {
      source: "",
      target: "",
      options,
      targets: { ...choice.placed },
      pill: (id) => `+${choice.placed[id]}`,
      verb: (id) => t("{pieces} of {army} to be added here", { pieces: this.pieces(choice.placed[id]), army: choice.army }),
    };
  },

  // -- the prompt and the status bar ------------------------------------------------------------
  editionTip(decision) {
    if (decision !== "neutral" || !this.hints().neutral?.armies) return "";
    const rule = this.hints().neutral;
    const choice = this.neutralChoice();
    const left = rule.troops - this.neutralPlaced();
    if (!choice.army) {
      return t("Click a territory of one neutral army (outlined) to add 1 troop there: {pieces} on 1 to {most} territories of that army, then Confirm.", { pieces: this.pieces(rule.troops), most: rule.territories });
    }
    if (left > 0) return tn("{n} more troop for {army}: click one of its outlined territories.", "{n} more troops for {army}: click one of its outlined territories.", left, { army: choice.army });
    return t("All {troops} troops placed on {army}: press Confirm below the map, or Reset to choose again.", { troops: rule.troops, army: choice.army });
  },
  editionToPlace() {
    const view = this.view();
    const rule = this.hints().neutral;
    if (view.pending?.decision === "neutral" && rule?.troops) {
      const left = rule.troops - (this.neutralOpen() ? this.neutralPlaced() : 0);
      return left ? tn("{n} neutral troop to place", "{n} neutral troops to place", left) : t("neutral troops placed: confirm");
    }
    const r = need(view, "reinforcements", "view");
    return r > 0 ? t("{pieces} to place", { pieces: this.pieces(r) }) : "";
  },
};
