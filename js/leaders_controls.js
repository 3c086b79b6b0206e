// Leaders in the action bar (Transformers): "with <leader>" in the attack control when the leader
// stands in the origin (`attack S T N leader`; a click on a target attacks with it too), in the
// end-of-turn move (`fortify S T N leader`) and in the defence (`defend N leader`); after a throw
// that left both zones held (outcome 2), Continue (the dice and the leader chosen again) and Stop;
// the loser's casualty choice when its leader was committed (lose the leader, or robots only); a
// leader brought back from the scrapyard by clicking one of the player's zones (`revive Z`, started
// from the scrapyard panel). Every choice is offered from the legal actions (hints.leader,
// hints.continue, hints.casualty, hints.revive), and every refusal comes from the kernel. Methods
// of BoardView, mixed in for boards with leaders.
import { h, need, setText, show, plural, pct, oddsClass, chanceTo, t, tn } from "./util.js";

export const LeaderControlMethods = {
  // -- the action bar --------------------------------------------------------------------------
  buildEditionControls() {
    const c = this.ctl;
    const toggle = (cls, onChange, checked) => {
      const box = h("input", { type: "checkbox", class: "rb-leader-box", checked });
      const text = h("span");
      const label = h("label", { class: `rb-leader-toggle ${cls}` }, box, text);
      this.listen(box, "change", () => {
        onChange(box.checked);
        this.renderControls();
        this.renderHighlights();
      });
      return [label, box, text];
    };
    // the leader in an attack (ticked: the odds on the map count it) and in the end-of-turn move
    [c.attackLeader, c.attackLeaderBox, c.attackLeaderText] = toggle("rb-attack-leader", (on) => (this.local.leaderOff = !on), true);
    c.attack.insertBefore(c.attackLeader, c.rollBtn);
    [c.fortLeader, c.fortLeaderBox, c.fortLeaderText] = toggle("rb-fortify-leader", (on) => (this.local.fortLeader = on), false);
    c.fortify.insertBefore(c.fortLeader, c.fortBtn);
    // outcome 2: continue (the dice and the leader again) or stop
    c.goOnText = h("span", { class: "rb-continue-text" });
    c.goOnDice = h("span", { class: "rb-seg rb-continue-dice", role: "group", "aria-label": t("attacking dice") });
    this.listen(c.goOnDice, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (!b || b.disabled) return;
      this.local.goOnDice = Number(b.dataset.dice);
      this.renderControls();
      this.renderHighlights();
    });
    [c.goOnLeader, c.goOnLeaderBox, c.goOnLeaderText] = toggle("rb-continue-leader", (on) => (this.local.goOnLeader = on), true);
    c.goOnBtn = this.button(t("Continue"), "rb-primary rb-continue", () => this.doContinue());
    c.stopBtn = this.button(t("Stop"), "rb-danger rb-stop", () => this.action("stop"), { title: t("end this liberation action; the next may start from the same zone or another") });
    c.goOnOdds = h("span", { class: "rb-odds rb-continue-odds" });
    c.goOn = h("div", { class: "rb-ctl rb-continue-ctl" }, c.goOnText, c.goOnDice, c.goOnLeader, c.goOnBtn, c.stopBtn, c.goOnOdds);
    // the loser's casualty choice
    c.casText = h("span", { class: "rb-casualty-text" });
    c.casRobot = this.button(t("Lose a robot"), "rb-primary rb-casualty-robot", () => this.action("casualty robot"));
    c.casLeader = this.button(t("Lose the leader"), "rb-danger rb-casualty-leader", () => this.action("casualty leader"));
    c.casualty = h("div", { class: "rb-ctl rb-casualty-ctl" }, c.casText, c.casRobot, c.casLeader);
    // a leader's return: pointed out on the map
    c.reviveText = h("span", { class: "rb-revive-text" });
    c.revive = h("div", { class: "rb-ctl rb-revive-ctl" }, c.reviveText,
      this.button("×", "rb-ghost rb-revive-cancel", () => this.stopRevive(), { title: t("cancel"), "aria-label": t("cancel") }));
    return [c.goOn, c.casualty, c.revive];
  },

  renderEditionControls({ view, hints, busy, decision, human, mine, selected }) {
    const c = this.ctl;
    const lead = hints.leader || {};
    const me = view.pending?.player || "";
    const name = this.leaderOf(me).name;
    // an attack from the leader's zone: with or without it
    const canLead = !c.attack.hidden && decision === "attack" && (lead.attack || []).includes(selected);
    show(c.attackLeader, canLead);
    if (canLead) {
      const on = !this.local.leaderOff;
      c.attackLeaderBox.checked = on;
      setText(c.attackLeaderText, t("with {leader} (d8)", { leader: name }));
      c.attackLeader.title = on ? t("{leader} is one of the attacking robots: it rolls a d8 and is lost last unless you choose otherwise", { leader: name }) : t("{leader} stays in {zone}", { leader: name, zone: this.name(selected) });
      const tgt = c.attackWhere.value;
      const max = need(need(hints, "targets", "hints")[tgt], "dice", `hints.targets.${tgt}`);
      const dice = this.local.attackDice && this.local.attackDice <= max ? this.local.attackDice : max;
      if (on) setText(c.rollBtn, dice === 1 ? t("Roll the d8") : tn("Roll d8 + {n} d6", "Roll d8 + {n} d6", dice - 1));
    }
    // the end-of-turn move: the leader goes too, or stays
    const canMove = !c.fortify.hidden && decision === "fortify" && (lead.fortify || []).includes(selected);
    show(c.fortLeader, canMove);
    if (canMove) {
      c.fortLeaderBox.checked = !!this.local.fortLeader;
      setText(c.fortLeaderText, t("{leader} among them", { leader: name }));
    }
    // outcome 2: continue or stop
    const go = hints.continue || {};
    const showGo = mine && decision === "continue" && !!go.source;
    show(c.goOn, showGo);
    if (showGo) {
      const held = (id) => view.armies?.[this.byId.get(id)?.index] ?? "?";
      setText(c.goOnText, t("The attack on {target} ({defending}) from {source} ({attacking}) goes on:", { target: this.name(go.target), defending: held(go.target), source: this.name(go.source), attacking: held(go.source) }));
      const dice = this.goOnDice();
      const key = `${go.dice}|${dice}`;
      if (this.keys.goOn !== key) {
        this.keys.goOn = key;
        c.goOnDice.replaceChildren(...Array.from({ length: go.dice }, (_, k) =>
          h("button", { type: "button", class: `rb-btn rb-seg-btn${k + 1 === dice ? " rb-on" : ""}`, "aria-pressed": String(k + 1 === dice), "data-dice": k + 1, title: tn("{n} die", "{n} dice", k + 1), text: k + 1 })));
      }
      show(c.goOnLeader, !!go.leader);
      const leader = this.goOnLeader();
      c.goOnLeaderBox.checked = leader;
      setText(c.goOnLeaderText, t("with {leader} (d8)", { leader: name }));
      setText(c.goOnBtn, leader ? (dice === 1 ? t("Continue: the d8") : tn("Continue: d8 + {n} d6", "Continue: d8 + {n} d6", dice - 1)) : tn("Continue: {n} die", "Continue: {n} dice", dice));
      const p = this.goOnOdds();
      setText(c.goOnOdds, chanceTo(p, t("{chance} to liberate")));
      c.goOnOdds.className = `rb-odds rb-continue-odds rb-${oddsClass(p)}`;
      c.goOnOdds.title = !go.leader ? t("the chance to liberate {zone} throwing the most dice every time", { zone: this.name(go.target) })
        : leader ? t("the chance to liberate {zone} throwing the most dice every time, {leader} committed", { zone: this.name(go.target), leader: name })
          : t("the chance to liberate {zone} throwing the most dice every time, {leader} kept back", { zone: this.name(go.target), leader: name });
      for (const b of [c.goOnBtn, c.stopBtn, c.goOnLeaderBox, ...c.goOnDice.children]) b.disabled = busy;
    }
    // the loser's casualty choice: whoever lost (the attacker, or a defender who chooses)
    const cas = hints.casualty || {};
    const showCas = human && !busy && decision === "casualty" && !!cas.player;
    show(c.casualty, showCas);
    if (showCas) {
      const n = cas.units;
      const params = { player: cas.player, committed: cas.committed, zone: this.name(cas.zone), leader: cas.leader, others: this.pieces(cas.committed - 1) };
      setText(c.casText, cas.committed
        ? tn("{player} lost {n} of the {committed} units that attacked from {zone} ({leader} and {others}): which goes to the scrapyard?", "{player} lost {n} of the {committed} units that attacked from {zone} ({leader} and {others}): which go to the scrapyard?", n, params)
        : tn("{player} lost {n} of the units that defended {zone} ({leader} one of them): which goes to the scrapyard?", "{player} lost {n} of the units that defended {zone} ({leader} one of them): which go to the scrapyard?", n, params));
      setText(c.casRobot, tn("Lose a robot", "Lose {n} robots", n));
      setText(c.casLeader, n === 1 ? t("Lose the leader ({leader})", { leader: cas.leader }) : t("Lose the leader ({leader}) and {others}", { leader: cas.leader, others: this.pieces(n - 1) }));
    }
    // a leader's return: the player's zones outlined, a click brings it back
    if (this.local.revive && !(mine && decision === "place" && (hints.revive || []).length)) this.local.revive = false;
    show(c.revive, !!this.local.revive);
    if (this.local.revive) setText(c.reviveText, t("Bring {leader} back from the scrapyard for {pieces}: click one of your zones (outlined).", { leader: name, pieces: this.pieces(need(this.ed, "revive_cost", "edition")) }));
    return [c.goOn, c.casualty, c.revive];
  },

  // -- what the controls send ------------------------------------------------------------------
  leaderCommitted() {
    const decision = this.view().pending?.decision;
    const selected = this.get("selected", "");
    return decision === "attack" && !this.local.leaderOff && (this.hints().leader?.attack || []).includes(selected);
  },
  editionAttackSuffix() {
    return this.leaderCommitted() ? " leader" : "";
  },
  editionFortifySuffix() {
    const selected = this.get("selected", "");
    return this.local.fortLeader && (this.hints().leader?.fortify || []).includes(selected) ? " leader" : "";
  },
  // The odds shown in the attack control: the leader standing in the origin kept back, or not.
  editionAttackOdds(target) {
    return !this.leaderCommitted() && target.p_win_no_leader != null ? target.p_win_no_leader : target.p_win;
  },
  // Defend with 1 or 2 dice, with the leader standing in the zone or without (when it may).
  editionDefendChoices() {
    const list = this.hints().leader?.defend || [];
    if (!list.some(([, leader]) => leader)) return null;
    const name = this.leaderOf(this.view().pending?.player || "").name;
    return list.map(([n, leader]) => ({
      dice: n,
      text: `defend ${n}${leader ? " leader" : ""}`,
      cls: `rb-defend-${n}${leader ? "-leader" : ""}`,
      label: leader ? tn("Defend with {n} die, {leader}'s d8 among them", "Defend with {n} dice, {leader}'s d8 among them", n, { leader: name }) : tn("Defend with {n} die (d6)", "Defend with {n} dice (d6)", n),
    }));
  },
  // The continue control's dice and leader: as the last throw committed them, until changed.
  goOnDice() {
    const go = this.hints().continue || {};
    const most = need(go, "dice", "hints.continue");
    const want = this.local.goOnDice || need(need(go, "last", "hints.continue"), "dice", "hints.continue.last");
    return Math.max(1, Math.min(want, most));
  },
  goOnLeader() {
    const go = this.hints().continue || {};
    if (!go.leader) return false;
    return this.local.goOnLeader ?? !!go.last?.leader;
  },
  goOnOdds() {
    const go = this.hints().continue || {};
    return go.leader && !this.goOnLeader() && go.p_win_no_leader != null ? go.p_win_no_leader : go.p_win ?? null;
  },
  doContinue() {
    const go = this.hints().continue || {};
    if (!go.source) return;
    this.action(`attack ${go.source} ${go.target} ${this.goOnDice()}${this.goOnLeader() ? " leader" : ""}`);
  },
  startRevive() {
    this.local.revive = true;
    this.refreshLeaders();
  },
  stopRevive() {
    this.local.revive = false;
    this.refreshLeaders();
  },
  refreshLeaders() {
    this.renderStatus();
    this.renderControls();
    this.renderHighlights();
    this.renderEditionPanels?.();
  },
  // A new position ends a half-made choice (it was sent, or the game moved on).
  editionNewState() {
    Object.assign(this.local, { revive: false, leaderOff: false, fortLeader: false, goOnDice: 0, goOnLeader: undefined });
  },

  // -- clicks on the map -------------------------------------------------------------------------
  onEditionTerritory(id) {
    if (!this.mayAct()) return false;
    const hints = this.hints();
    const decision = this.view().pending?.decision;
    if (this.local.revive && decision === "place") {
      this.action(`revive ${id}`); // a zone not the player's: the kernel says why not
      return true;
    }
    if (decision === "continue" && id === hints.continue?.target) {
      this.doContinue();
      return true;
    }
    const selected = this.get("selected", "");
    const target = hints.targets?.[id];
    if (decision === "attack" && selected && target && this.leaderCommitted()) {
      this.local.attackTarget = id;
      this.action(`attack ${selected} ${id} ${target.dice} leader`);
      this.renderControls();
      this.renderHighlights();
      return true;
    }
    return false;
  },

  // -- the map: the zones a leader may return to; the action that goes on ------------------------
  pickHighlights() {
    const hints = this.hints();
    const decision = this.view().pending?.decision;
    if (this.local.revive && decision === "place") return { source: "", target: "", options: hints.revive || [], targets: {} };
    const go = hints.continue || {};
    if (decision === "continue" && go.source) {
      const p = this.goOnOdds();
      return {
        source: go.source,
        target: go.target,
        options: [],
        targets: { [go.target]: 1 },
        pill: () => pct(p),
        pillClass: () => `rb-pill-${oddsClass(p)}`,
        verb: () => {
          const odds = chanceTo(p, t("{chance} to liberate it"));
          return t("The attack from {zone} goes on: {odds}. Click to continue", { zone: this.name(go.source), odds });
        },
      };
    }
    return null;
  },

  // -- the prompt --------------------------------------------------------------------------------
  editionTip(decision) {
    const view = this.view();
    const hints = this.hints();
    const name = this.leaderOf(view.pending?.player || "").name;
    const selected = this.get("selected", "");
    if (this.local.revive && decision === "place") {
      return t("Click one of your zones (outlined) to bring {leader} back there for {pieces} of those to place; × cancels.", { leader: name, pieces: this.pieces(need(this.ed, "revive_cost", "edition")) });
    }
    const go = hints.continue || {};
    const cas = hints.casualty || {};
    switch (decision) {
      case "place_leader":
        return t("Click an empty zone (outlined) to put {leader} and 1 robot there: the leader's start zone.", { leader: name });
      case "claim":
        return t("Click an empty zone (outlined) to put 1 robot there.");
      case "place":
        if (view.phase === "setup") return t("Click one of your zones (outlined) to put 1 robot there.");
        if ((hints.revive || []).length) return t("Click one of your zones to place 1 robot there. {leader} is on the scrapyard: bring it back with the button in the scrapyard panel.", { leader: name });
        return t("Click one of your zones to place 1 robot there, or place several with the control below the map.");
      case "continue":
        if (!go.source) return "";
        return go.leader
          ? t("Neither side is beaten: continue the attack (click {zone} or press Continue; choose the dice and whether {leader} joins), or stop it.", { zone: this.name(go.target), leader: name })
          : t("Neither side is beaten: continue the attack (click {zone} or press Continue; choose the dice), or stop it.", { zone: this.name(go.target) });
      case "casualty":
        return cas.player ? t("{player} committed {leader} and lost only some of the units committed: choose which go to the scrapyard.", { player: cas.player, leader: cas.leader }) : "";
      case "defend":
        return this.editionDefendChoices() ? t("Choose how many dice defend, and whether {leader} rolls its d8 (lost last only if you choose so).", { leader: name }) : "";
      case "occupy":
        return t("Choose how many robots the liberated zone holds: the ones that attacked (a leader among them went in too) and any that follow.");
      case "attack":
        if (selected && (hints.leader?.attack || []).includes(selected)) {
          return this.local.leaderOff
            ? t("Click a target to attack from {zone} with the most dice, or use the controls. The percentage is the chance to liberate it throwing the most dice every time, each leader in its zone committed.", { zone: this.name(selected) })
            : t("Click a target to attack from {zone} with the most dice, {leader} among them (its d8), or use the controls. The percentage is the chance to liberate it throwing the most dice every time, each leader in its zone committed.", { zone: this.name(selected), leader: name });
        }
        return "";
      default:
        return "";
    }
  },
};
