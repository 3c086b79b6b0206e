// The race to the territories that win, beside the map (RISK 2010): per player the territories held
// of those needed, with a small bar, and the territory table's bonus next to the count (the table's
// bands in the card's foot); what the players know of the ceasefire card (the simple game); the
// neutral armies of a two-player game with the cards reserved under each. The numbers come from
// the ruleset (counts.progress, extras.ceasefire, extras.neutral_armies), the words from its facts.
// Methods of BoardView, mixed in for boards with these parts.
import { h, need, setText, plural, swatch, t, tn } from "./util.js";

export const GoalPanelMethods = {
  buildEditionPanels() {
    const side = h("div", { class: "rb-side rb-goal-side" });
    this.gpPlayers = h("div", { class: "rb-gp-players" });
    this.gpTable = h("div", { class: "rb-gp-table" });
    const need = this.ed.territories_to_win;
    side.append(this.card(need ? tn("Race to {n} territory", "Race to {n} territories", need) : t("Territories"), "rb-goal-card",
      h("div", { class: "rb-note rb-gp-goal", text: this.ed.goal || "" }), this.gpPlayers, this.gpTable));
    if (this.parts.has("ceasefire")) {
      this.cfNote = h("div", { class: "rb-cf-note" });
      this.cfStrip = h("div", { class: "rb-cf-strip", "aria-hidden": "true" });
      this.cfDrawn = h("div", { class: "rb-note rb-cf-drawn" });
      side.append(this.card(t("Ceasefire card"), "rb-ceasefire-card", this.cfNote, this.cfStrip, this.cfDrawn,
        h("div", { class: "rb-note", text: this.ed.ceasefire_rule || "" })));
    }
    if (this.parts.has("neutral_support")) {
      this.naList = h("div", { class: "rb-na-list" });
      side.append(this.card(t("Neutral armies"), "rb-neutral-card", this.naList, h("div", { class: "rb-note", text: this.ed.neutral_rule || "" })));
    }
    return side;
  },

  renderEditionPanels() {
    if (!this.gpPlayers) return;
    this.renderGoal();
    if (this.cfNote) this.renderCeasefire();
    if (this.naList) this.renderNeutralArmies();
  },

  // -- each player's progress and the territory table's bonus -----------------------------------
  renderGoal() {
    const view = this.view();
    const progress = need(this.get("counts", {}), "progress", "counts");
    const players = this.get("players", []).filter((p) => !p.neutral);
    const key = JSON.stringify([progress, view.current, view.phase]);
    if (key === this.keys.goal) return;
    this.keys.goal = key;
    const units = this.words().units;
    this.gpPlayers.replaceChildren(...players.map((p) => {
      const g = need(progress, p.name, "counts.progress");
      const share = Math.min(1, g.held / need(g, "needed", "counts.progress[]"));
      const out = view.phase !== "setup" && g.held === 0;
      const next = g.next ? "; " + t("{territories} territories give +{bonus}", { territories: g.next[0], bonus: g.next[1] }) : "";
      return h("div", { class: `rb-gp-player${p.name === view.current ? " rb-current" : ""}${out ? " rb-out" : ""}`, "data-player": p.name },
        h("div", { class: "rb-gp-line" },
          swatch(p.colour, p.shape),
          h("b", { class: "rb-gp-name", title: p.name, text: p.name }),
          h("span", { class: "rb-bar rb-gp-bar", title: t("{held} of the {needed} territories that win", { held: g.held, needed: g.needed }) },
            h("span", { style: `width:${Math.round(100 * share)}%;background:${p.colour}` })),
          h("span", { class: "rb-gp-count", title: t("{held} of the {needed} territories that win", { held: g.held, needed: g.needed }), text: `${g.held}/${g.needed}` }),
          h("span", { class: "rb-gp-bonus", title: tn("territory table: +{pieces} a turn for {n} territory", "territory table: +{pieces} a turn for {n} territories", g.held, { pieces: this.pieces(g.bonus) }) + next, text: `+${g.bonus}` })),
        h("div", { class: "rb-gp-sub", title: g.troops_words || "" },
          out ? t("out of the game") : t("{pieces} a turn ({how})", { pieces: this.pieces(need(g, "troops", "counts.progress[]")), how: need(g, "troops_words", "counts.progress[]") })));
    }));
    // the territory table, the band of the player on turn marked
    const table = this.ed.territory_table || [];
    const mine = progress[view.current]?.held ?? -1;
    this.gpTable.replaceChildren(h("span", { class: "rb-muted", text: t("Territory table:") + " " }),
      ...table.map(([low, high, bonus]) => h("span", { class: `rb-gp-band${low <= mine && mine <= high ? " rb-on" : ""}`, "data-band": `${low}-${high}`,
        title: t("{low} to {high} territories: +{bonus}", { low, high, bonus }), text: `${low}–${high} +${bonus}` })));
  },

  // -- the ceasefire card, as far as the players know -------------------------------------------
  renderCeasefire() {
    const cf = this.get("extras", {}).ceasefire || {};
    const key = JSON.stringify(cf);
    if (key === this.keys.ceasefire) return;
    this.keys.ceasefire = key;
    setText(this.cfNote, cf.note || "");
    const range = cf.range;
    // the next cards of the pile, the ones the ceasefire card may be marked
    this.cfStrip.replaceChildren(...(range ? Array.from({ length: range[1] }, (_, i) =>
      h("span", { class: `rb-cf-slot${i + 1 >= range[0] ? " rb-cf-maybe" : ""}` })) : []));
    this.cfStrip.hidden = !range;
    setText(this.cfDrawn, tn("{n} card drawn so far.", "{n} cards drawn so far.", need(cf, "drawn", "extras.ceasefire")));
  },

  // -- the neutral armies and their reserved cards ----------------------------------------------
  renderNeutralArmies() {
    const reserved = this.get("extras", {}).neutral_armies || {};
    const stats = this.view().stats || {};
    const chosen = this.local.neutral?.army || "";
    const key = JSON.stringify([reserved, stats, chosen]);
    if (key === this.keys.neutrals) return;
    this.keys.neutrals = key;
    this.naList.replaceChildren(...this.get("players", []).filter((p) => p.neutral).map((p) => {
      const st = stats[p.name] || {};
      const left = p.name in reserved;
      const cards = reserved[p.name] ?? 0;
      return h("div", { class: `rb-na-army${left ? "" : " rb-out"}${chosen === p.name ? " rb-chosen" : ""}`, "data-army": p.name },
        swatch(p.colour, p.shape), h("b", { text: p.name }),
        h("span", { class: "rb-na-held", title: left ? tn("{n} territory, {pieces}", "{n} territories, {pieces}", st.territories ?? 0, { pieces: this.pieces(st.armies ?? 0) }) : "",
          text: left ? t("{territories} terr. · {pieces}", { territories: st.territories ?? 0, pieces: this.pieces(st.armies ?? 0) }) : t("eliminated") }),
        h("span", { class: "rb-na-cards", title: t("cards face down under the army, for whoever takes its last territory"), text: left ? tn("{n} card reserved", "{n} cards reserved", cards) : "" }));
    }));
  },
};
