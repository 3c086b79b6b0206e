// Transformers beside the map: the round of six (also in the header: "round N of 6"), each side
// that wins together (a player, or an alliance of the 4-player game) with its zones and robots
// toward the count after the last round, and per player its leader (on which zone, or on the
// scrapyard) and the robots on its scrapyard, with the button that brings the leader back in the
// robot-placing step (then a click on a zone: leaders_controls.js). The players table names each
// player's ally. The numbers come from the ruleset (extras: leaders, scrapyard, round; counts:
// sides), the words from its facts. Methods of BoardView, mixed in for boards with these parts.
import { h, need, s, setText, plural, swatch, drawIcon, t, tn } from "./util.js";

// A leader's marker as a small picture (the map's marker, edition.leader_icons).
function leaderBadge(parts, colour, size = 20) {
  const svg = s("svg", { class: "rb-leader-badge", width: size, height: size, viewBox: "-9 -9 18 18", "aria-hidden": "true" });
  svg.append(drawIcon(parts, colour, 0, 0, 1));
  return svg;
}

// A side's count toward the end: zones, then robots on the board.
function scoreText(board, side, team) {
  const zones = tn("{n} zone", "{n} zones", side.zones);
  const robots = board.pieces(side.robots);
  return team.length > 1 ? t("{zones} · {robots} on the board together", { zones, robots }) : t("{zones} · {robots} on the board", { zones, robots });
}

export const ScrapyardPanelMethods = {
  buildEditionPanels() {
    const side = h("div", { class: "rb-side rb-tf-side" });
    if (this.parts.has("rounds")) {
      this.tfRound = h("div", { class: "rb-tf-round" });
      this.tfPips = h("div", { class: "rb-tf-pips", "aria-hidden": "true" });
      side.append(this.card(t("Rounds"), "rb-round-card", this.tfRound, this.tfPips, h("div", { class: "rb-note rb-tf-goal", text: this.ed.goal || "" })));
    }
    this.tfSides = h("div", { class: "rb-tf-sides" });
    side.append(this.card(this.parts.has("alliances") ? t("Alliances, leaders and scrapyards") : t("Leaders and scrapyards"), "rb-scrapyard-card",
      this.tfSides, h("div", { class: "rb-note", text: this.ed.scrapyard_rule || "" }), h("div", { class: "rb-note", text: this.ed.leader_rule || "" })));
    this.listen(this.tfSides, "click", (e) => {
      const b = e.target.closest(".rb-revive");
      if (!b || b.disabled) return;
      if (this.local.revive) this.stopRevive?.();
      else this.startRevive?.();
    });
    return side;
  },

  renderEditionPanels() {
    if (!this.tfSides) return;
    const view = this.view();
    const x = this.get("extras", {});
    const sides = this.get("counts", {}).sides || [];
    const revive = this.hints().revive || [];
    const may = this.mayAct();
    const key = JSON.stringify([x, sides, revive, may, !!this.local.revive, view.current, view.phase, this.get("players", []).map((p) => p.colour)]);
    if (key === this.keys.scrapyard) return;
    this.keys.scrapyard = key;
    if (this.tfRound) {
      const rounds = need(x, "rounds", "extras");
      const r = need(x, "round", "extras");
      setText(this.tfRound, view.phase === "setup" ? t("Setup: the leaders' zones, then 30 robots each; then {rounds} rounds", { rounds })
        : view.phase === "over" ? t("Game over after round {round} of {rounds}", { round: r, rounds }) : t("Round {round} of {rounds}", { round: r, rounds }));
      this.tfPips.replaceChildren(...Array.from({ length: rounds }, (_, i) =>
        h("span", { class: `rb-tf-pip${i + 1 < r ? " rb-done" : i + 1 === r ? " rb-on" : ""}`, title: t("round {round}", { round: i + 1 }) })));
    }
    const icons = this.ed.leader_icons || {};
    const factions = this.ed.factions || {};
    const where = x.leaders || {};
    const yard = x.scrapyard || {};
    const stats = view.stats || {};
    const players = this.get("players", []);
    const cost = need(this.ed, "revive_cost", "edition");
    const row = (name) => {
      const p = players.find((q) => q.name === name) || { colour: "#888", shape: "circle" };
      const leader = this.leaderOf ? this.leaderOf(name) : (this.ed.leaders || {})[name] || {};
      const at = where[name];
      const scrapped = at === "scrapyard";
      const out = view.phase !== "setup" && (stats[name]?.territories ?? 1) === 0;
      const status = out ? t("destroyed") : scrapped ? t("on the scrapyard") : at ? t("on {zone}", { zone: this.name(at) }) : t("not placed yet");
      const robots = yard[name] ?? 0;
      const canRevive = may && scrapped && name === view.pending?.player && revive.length > 0;
      return h("div", { class: `rb-tf-player${name === view.current ? " rb-current" : ""}${out ? " rb-out" : ""}${scrapped ? " rb-scrapped" : ""}`, "data-player": name },
        h("div", { class: "rb-tf-line" },
          swatch(p.colour, p.shape),
          h("b", { class: "rb-tf-name", title: name, text: name }),
          leaderBadge(icons[leader.faction], p.colour),
          h("span", { class: "rb-tf-leader", title: `${leader.name} (${factions[leader.faction] || leader.faction}) ${status}`, text: `${leader.name} ${status}` })),
        h("div", { class: "rb-tf-yard" },
          h("span", { class: "rb-tf-yard-count", "data-yard": robots, title: t("robots of {player} lost to the scrapyard", { player: name }),
            text: scrapped ? tn("scrapyard: {n} robot and {leader}", "scrapyard: {n} robots and {leader}", robots, { leader: leader.name }) : tn("scrapyard: {n} robot", "scrapyard: {n} robots", robots) }),
          canRevive ? h("button", { type: "button", class: `rb-btn ${this.local.revive ? "" : "rb-primary "}rb-revive`, title: tn("bring {leader} back to one of your zones for {n} robot of those to place", "bring {leader} back to one of your zones for {n} robots of those to place", cost, { leader: leader.name }),
            text: this.local.revive ? t("Cancel") : tn("Bring {leader} back ({n} robot)", "Bring {leader} back ({n} robots)", cost, { leader: leader.name }) }) : null));
    };
    this.tfSides.replaceChildren(...sides.map((side) => {
      const team = side.players || [];
      const faction = (this.ed.leaders || {})[team[0]]?.faction;
      const head = team.length > 1
        ? h("div", { class: "rb-tf-team-head" }, h("b", { text: factions[faction] || team.join(" + ") }), ` ${team.join(" + ")}`)
        : null;
      return h("div", { class: `rb-tf-team${team.length > 1 ? " rb-alliance" : ""}`, "data-side": team.join("+") },
        head, ...team.map(row),
        h("div", { class: "rb-tf-score", title: t("toward the count after the last round: zones, then robots on the board") },
          scoreText(this, side, team)));
    }));
  },

  // The header counts rounds: "round 2 of 6 · turn 5".
  editionTurnNo() {
    if (!this.parts.has("rounds")) return "";
    const view = this.view();
    const x = this.get("extras", {});
    if (view.phase === "setup" || !x.round) return t("setup");
    return t("round {round} of {rounds} · turn {turn}", { round: need(x, "round", "extras"), rounds: need(x, "rounds", "extras"), turn: view.turn ?? 0 });
  },

  // In the players table: each player's ally of the 4-player game.
  editionPlayerTag(name) {
    const team = (this.ed.alliances || []).find((side) => side.includes(name));
    if (!team) return null;
    const allies = team.filter((q) => q !== name);
    return h("span", { class: "rb-ally", title: t("allied with {players}: they share the win and never attack each other", { players: allies.join(", ") }), text: t("ally {players}", { players: allies.join(", ") }) });
  },
};
