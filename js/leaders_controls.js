// Leaders in the action bar (Transformers): "with <leader>" in the attack control when the leader
// stands in the origin (`attack S T N leader`; a click on a target attacks with it too), in the
// end-of-turn move (`fortify S T N leader`) and in the defence (`defend N leader`); after a throw
// that left both zones held (outcome 2), Continue (the dice and the leader chosen again) and Stop;
// the loser's casualty choice when its leader was committed (lose the leader, or robots only); a
// leader brought back from the scrapyard by clicking one of the player's zones (`revive Z`, started
// from the scrapyard panel). Every choice is offered from the legal actions (hints.leader,
// hints.continue, hints.casualty, hints.revive), and every refusal comes from the kernel. Methods
// of BoardView, mixed in for boards with leaders.
import { h, need, setText, show, plural, pct, oddsClass, chanceTo } from "./util.js";

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
    c.goOnDice = h("span", { class: "rb-seg rb-continue-dice", role: "group", "aria-label": "attacking dice" });
    this.listen(c.goOnDice, "click", (e) => {
      const b = e.target.closest("button[data-dice]");
      if (!b || b.disabled) return;
      this.local.goOnDice = Number(b.dataset.dice);
      this.renderControls();
      this.renderHighlights();
    });
    [c.goOnLeader, c.goOnLeaderBox, c.goOnLeaderText] = toggle("rb-continue-leader", (on) => (this.local.goOnLeader = on), true);
    c.goOnBtn = this.button("Continue", "rb-primary rb-continue", () => this.doContinue());
    c.stopBtn = this.button("Stop", "rb-danger rb-stop", () => this.action("stop"), { title: "end this liberation action; the next may start from the same zone or another" });
    c.goOnOdds = h("span", { class: "rb-odds rb-continue-odds" });
    c.goOn = h("div", { class: "rb-ctl rb-continue-ctl" }, c.goOnText, c.goOnDice, c.goOnLeader, c.goOnBtn, c.stopBtn, c.goOnOdds);
    // the loser's casualty choice
    c.casText = h("span", { class: "rb-casualty-text" });
    c.casRobot = this.button("Lose a robot", "rb-primary rb-casualty-robot", () => this.action("casualty robot"));
    c.casLeader = this.button("Lose the leader", "rb-danger rb-casualty-leader", () => this.action("casualty leader"));
    c.casualty = h("div", { class: "rb-ctl rb-casualty-ctl" }, c.casText, c.casRobot, c.casLeader);
    // a leader's return: pointed out on the map
    c.reviveText = h("span", { class: "rb-revive-text" });
    c.revive = h("div", { class: "rb-ctl rb-revive-ctl" }, c.reviveText,
      this.button("×", "rb-ghost rb-revive-cancel", () => this.stopRevive(), { title: "cancel", "aria-label": "cancel" }));
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
      setText(c.attackLeaderText, `with ${name} (d8)`);
      c.attackLeader.title = on ? `${name} is one of the attacking robots: it rolls a d8 and is lost last unless you choose otherwise` : `${name} stays in ${this.name(selected)}`;
      const tgt = c.attackWhere.value;
      const max = need(need(hints, "targets", "hints")[tgt], "dice", `hints.targets.${tgt}`);
      const dice = this.local.attackDice && this.local.attackDice <= max ? this.local.attackDice : max;
      if (on) setText(c.rollBtn, dice === 1 ? "Roll the d8" : `Roll d8 + ${plural(dice - 1, "d6", "d6")}`);
    }
    // the end-of-turn move: the leader goes too, or stays
    const canMove = !c.fortify.hidden && decision === "fortify" && (lead.fortify || []).includes(selected);
    show(c.fortLeader, canMove);
    if (canMove) {
      c.fortLeaderBox.checked = !!this.local.fortLeader;
      setText(c.fortLeaderText, `${name} among them`);
    }
    // outcome 2: continue or stop
    const go = hints.continue || {};
    const showGo = mine && decision === "continue" && !!go.source;
    show(c.goOn, showGo);
    if (showGo) {
      const held = (id) => view.armies?.[this.byId.get(id)?.index] ?? "?";
      setText(c.goOnText, `The attack on ${this.name(go.target)} (${held(go.target)}) from ${this.name(go.source)} (${held(go.source)}) goes on:`);
      const dice = this.goOnDice();
      const key = `${go.dice}|${dice}`;
      if (this.keys.goOn !== key) {
        this.keys.goOn = key;
        c.goOnDice.replaceChildren(...Array.from({ length: go.dice }, (_, k) =>
          h("button", { type: "button", class: `rb-btn rb-seg-btn${k + 1 === dice ? " rb-on" : ""}`, "aria-pressed": String(k + 1 === dice), "data-dice": k + 1, title: plural(k + 1, "die", "dice"), text: k + 1 })));
      }
      show(c.goOnLeader, !!go.leader);
      const leader = this.goOnLeader();
      c.goOnLeaderBox.checked = leader;
      setText(c.goOnLeaderText, `with ${name} (d8)`);
      setText(c.goOnBtn, `Continue: ${leader ? (dice === 1 ? "the d8" : `d8 + ${plural(dice - 1, "d6", "d6")}`) : plural(dice, "die", "dice")}`);
      const p = this.goOnOdds();
      setText(c.goOnOdds, chanceTo(p, "liberate"));
      c.goOnOdds.className = `rb-odds rb-continue-odds rb-${oddsClass(p)}`;
      c.goOnOdds.title = `the chance to liberate ${this.name(go.target)} throwing the most dice every time${go.leader ? (leader ? `, ${name} committed` : `, ${name} kept back`) : ""}`;
      for (const b of [c.goOnBtn, c.stopBtn, c.goOnLeaderBox, ...c.goOnDice.children]) b.disabled = busy;
    }
    // the loser's casualty choice: whoever lost (the attacker, or a defender who chooses)
    const cas = hints.casualty || {};
    const showCas = human && !busy && decision === "casualty" && !!cas.player;
    show(c.casualty, showCas);
    if (showCas) {
      const n = cas.units;
      const who = cas.committed
        ? `of the ${cas.committed} units that attacked from ${this.name(cas.zone)} (${cas.leader} and ${plural(cas.committed - 1, "robot", "robots")})`
        : `of the units that defended ${this.name(cas.zone)} (${cas.leader} one of them)`;
      setText(c.casText, `${cas.player} lost ${n} ${who}: which ${n === 1 ? "goes" : "go"} to the scrapyard?`);
      setText(c.casRobot, n === 1 ? "Lose a robot" : `Lose ${n} robots`);
      setText(c.casLeader, n === 1 ? `Lose the leader (${cas.leader})` : `Lose the leader (${cas.leader}) and ${plural(n - 1, "robot", "robots")}`);
    }
    // a leader's return: the player's zones outlined, a click brings it back
    if (this.local.revive && !(mine && decision === "place" && (hints.revive || []).length)) this.local.revive = false;
    show(c.revive, !!this.local.revive);
    if (this.local.revive) setText(c.reviveText, `Bring ${name} back from the scrapyard for ${plural(need(this.ed, "revive_cost", "edition"), "robot", "robots")}: click one of your zones (outlined).`);
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
      label: leader ? `Defend with ${plural(n, "die", "dice")}, ${name}'s d8 among them` : `Defend with ${plural(n, "die", "dice")} (d6)`,
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
        verb: () => `The attack from ${this.name(go.source)} goes on: ${chanceTo(p, "liberate it")}. Click to continue`,
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
      return `Click one of your zones (outlined) to bring ${name} back there for ${plural(need(this.ed, "revive_cost", "edition"), "robot", "robots")} of those to place; × cancels.`;
    }
    const go = hints.continue || {};
    const cas = hints.casualty || {};
    switch (decision) {
      case "place_leader":
        return `Click an empty zone (outlined) to put ${name} and 1 robot there: the leader's start zone.`;
      case "claim":
        return "Click an empty zone (outlined) to put 1 robot there.";
      case "place":
        if (view.phase === "setup") return "Click one of your zones (outlined) to put 1 robot there.";
        if ((hints.revive || []).length) return `Click one of your zones to place 1 robot there. ${name} is on the scrapyard: bring it back with the button in the scrapyard panel.`;
        return "Click one of your zones to place 1 robot there, or place several with the control below the map.";
      case "continue":
        return go.source ? `Neither side is beaten: continue the attack (click ${this.name(go.target)} or press Continue; choose the dice${go.leader ? ` and whether ${name} joins` : ""}), or stop it.` : "";
      case "casualty":
        return cas.player ? `${cas.player} committed ${cas.leader} and lost only some of the units committed: choose which go to the scrapyard.` : "";
      case "defend":
        return this.editionDefendChoices() ? `Choose how many dice defend, and whether ${name} rolls its d8 (lost last only if you choose so).` : "";
      case "occupy":
        return "Choose how many robots the liberated zone holds: the ones that attacked (a leader among them went in too) and any that follow.";
      case "attack":
        if (selected && (hints.leader?.attack || []).includes(selected)) {
          return `Click a target to attack from ${this.name(selected)} with the most dice${this.local.leaderOff ? "" : `, ${name} among them (its d8)`}, or use the controls. The percentage is the chance to liberate it throwing the most dice every time, each leader in its zone committed.`;
        }
        return "";
      default:
        return "";
    }
  },
};
