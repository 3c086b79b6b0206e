// Balance of Power's panels beside the map: the missions (face up, collected, each player's
// progress, Collect buttons) and the field hospital (units waiting, commands with their costs and
// Buy buttons, this turn's purchases, airfields, Done). (Its star cards are drawn by stars.js.)
// Every button is enabled from the legal actions (hints), never from rules of its own. Methods of
// BoardView, mixed in for boards with missions or a field hospital.
import { h, need, setText, show, plural, t, tn } from "./util.js";

export const BopPanelMethods = {
  // The edition's state: what changes now and then (extras) with the numbers that change often (counts).
  extras() {
    return { ...this.get("extras", {}), ...this.get("counts", {}) };
  },
  // The player whose progress and hand the panels show: the board's viewer, else whose turn it is.
  shownPlayer() {
    const view = this.view();
    return view.hand_owner || view.current || "";
  },

  // -- construction ----------------------------------------------------------------------------
  buildEditionPanels() {
    const side = h("div", { class: "rb-side" });
    this.msPlayers = h("div", { class: "rb-ms-players" });
    this.msHead = h("div", { class: "rb-ms-head" });
    this.msList = h("div", { class: "rb-ms-list" });
    side.append(this.card(t("Missions"), "rb-missions-card",
      h("div", { class: "rb-note rb-ms-goal", text: tn("{n} mission and your own capital at the end of your turn win.", "{n} missions and your own capital at the end of your turn win.", need(this.ed, "missions_to_win", "edition")) }),
      this.msPlayers, this.msHead, this.msList));
    this.listen(this.msList, "click", (e) => {
      const b = e.target.closest(".rb-collect");
      if (b && !b.disabled) this.action(`collect ${b.dataset.mission}`);
    });
    this.listen(this.msList, "mouseover", (e) => {
      const row = e.target.closest(".rb-mission");
      this.markMission(row ? row.dataset.mission : "", this.shownPlayer());
    });
    this.listen(this.msList, "mouseleave", () => this.markMission("", ""));
    if (this.parts.has("field_hospital")) side.append(this.buildHospital());
    return side;
  },

  buildHospital() {
    this.hsTiles = h("div", { class: "rb-hs-tiles" });
    this.hsHead = h("div", { class: "rb-hs-head" });
    this.hsCmds = {};
    const list = h("div", { class: "rb-hs-cmds" });
    for (const cmd of this.ed.commands || []) {
      const btn = h("button", { type: "button", class: "rb-btn rb-buy", "data-command": cmd.id, text: cmd.args ? t("Buy…") : t("Buy") });
      const row = h("div", { class: "rb-cmd", "data-command": cmd.id, title: cmd.args ? t("{help}. Press the button, then point it out on the map.", { help: cmd.help }) : cmd.help },
        h("span", { class: "rb-cost", title: t("costs {pieces} from the field hospital", { pieces: this.pieces(cmd.cost) }), text: String(cmd.cost) }),
        h("span", { class: "rb-cmd-main" }, h("span", { class: "rb-cmd-name", text: cmd.name }), h("span", { class: "rb-cmd-help", text: cmd.help })),
        btn);
      this.hsCmds[cmd.id] = { row, btn, cmd };
      list.append(row);
    }
    this.listen(list, "click", (e) => {
      const b = e.target.closest(".rb-buy");
      if (!b || b.disabled) return;
      const cmd = this.hsCmds[b.dataset.command].cmd;
      if (cmd.args) this.startPick(cmd.id);
      else this.action(`buy ${cmd.id}`);
    });
    this.hsBought = h("ul", { class: "rb-hs-bought" });
    this.hsAir = h("div", { class: "rb-hs-air" });
    this.hsDone = this.button(t("Done buying"), "rb-end rb-hs-done", () => this.action("end"), { title: t("go on to the reinforcements; unspent units stay for later turns") });
    this.listen(this.hsAir, "mouseover", (e) => this.showZone(e.target.closest("[data-player]")?.dataset.player || ""));
    this.listen(this.hsAir, "mouseleave", () => this.showZone(""));
    this.hsCard = this.card(t("Field hospital"), "rb-hospital-card", this.hsTiles, this.hsHead, list,
      h("div", { class: "rb-hs-foot" }, this.hsBought, this.hsDone), this.hsAir);
    return this.hsCard;
  },

  renderEditionPanels() {
    if (!this.msList) return;
    this.renderMissions();
    if (this.parts.has("field_hospital")) this.renderHospital();
  },

  // -- missions --------------------------------------------------------------------------------
  renderMissions() {
    const x = this.extras();
    const view = this.view();
    const hints = this.hints();
    const players = this.get("players", []).filter((p) => !p.neutral);
    const shown = this.shownPlayer();
    const other = players.find((p) => p.name !== shown)?.name || "";
    const collect = new Set(this.mayAct() ? hints.collect || [] : []);
    const toWin = need(this.ed, "missions_to_win", "edition");
    const key = JSON.stringify([x.collected, x.capitals, x.board_missions, x.progress, x.city_control, view.owner, shown, [...collect], this.get("busy", false)]);
    if (key === this.keys.missions) return;
    this.keys.missions = key;
    const titles = this.ed.missions || {};
    this.msPlayers.replaceChildren(...players.map((p) => {
      const got = (x.collected || {})[p.name] || [];
      const cap = (x.capitals || {})[p.name];
      const capIndex = cap ? this.byId.get(cap)?.index : -1;
      const holder = capIndex >= 0 ? this.get("players", [])[view.owner?.[capIndex]]?.name : "";
      const pips = Array.from({ length: toWin }, (_, i) => h("span", { class: `rb-pip${i < got.length ? " rb-on" : ""}`, style: i < got.length ? `background:${p.colour}` : "" }));
      return h("div", { class: `rb-ms-player${p.name === view.current ? " rb-current" : ""}`, "data-player": p.name },
        h("div", { class: "rb-ms-line" },
          h("span", { class: "rb-swatch", style: `background:${p.colour}` }), h("b", { text: p.name }),
          h("span", { class: "rb-pips", title: tn("{collected} of {n} mission collected", "{collected} of {n} missions collected", toWin, { collected: got.length }) }, ...pips),
          h("span", { class: "rb-ms-count", text: `${got.length}/${toWin}` }),
          h("span", { class: "rb-ms-cities", title: t("cities held (each counts for reinforcements and the cities mission)"), text: tn("{n} city", "{n} cities", x.city_control?.[p.name] ?? 0) }),
          cap ? h("span", { class: `rb-ms-cap${holder === p.name ? "" : " rb-lost"}`, title: holder === p.name ? t("capital of {player}, held", { player: p.name }) : holder ? t("capital of {player}, held by {holder}", { player: p.name, holder }) : t("capital of {player}, held by nobody", { player: p.name }) },
            holder === p.name ? `★ ${this.name(cap)}` : t("★ {territory} (held by {holder})", { territory: this.name(cap), holder })) : h("span", { class: "rb-muted", text: t("no capital yet") })),
        got.length ? h("div", { class: "rb-ms-chips" }, ...got.map((m) => h("span", { class: "rb-chip-m", style: `border-color:${p.colour}`, "data-collected": m, text: titles[m] || m }))) : null);
    }));
    setText(this.msHead, (x.board_missions || []).length
      ? (other ? t("Face up · progress of {player} (and {other})", { player: shown, other }) : t("Face up · progress of {player}", { player: shown }))
      : t("No mission left face up."));
    const mine = (x.progress || {})[shown] || [];
    const theirs = (x.progress || {})[other] || [];
    this.msList.replaceChildren(...(x.board_missions || []).map((m, i) => {
      const [have, needed] = need(mine, i, `counts.progress.${shown}`);
      const done = have >= needed;
      const [oh, on] = other ? need(theirs, i, `counts.progress.${other}`) : [];
      const bar = h("span", { class: "rb-bar" }, h("span", { style: `width:${Math.round((100 * Math.min(have, needed)) / needed)}%` }));
      const btn = collect.has(m) ? h("button", { type: "button", class: "rb-btn rb-primary rb-collect", "data-mission": m, text: t("Collect") }) : null;
      return h("div", { class: `rb-mission${done ? " rb-done" : ""}`, "data-mission": m, title: t("hover: its territories are outlined on the map (solid: held)") },
        h("div", { class: "rb-m-top" }, h("span", { class: "rb-m-check", text: done ? "✓" : "" }), h("span", { class: "rb-m-title", text: titles[m] || m }), btn),
        h("div", { class: "rb-m-progress" }, bar, h("span", { class: "rb-m-text", text: this.missionText(m, have, needed) }),
          other ? h("span", { class: `rb-m-other${oh >= on ? " rb-done" : ""}`, title: `${other}: ${this.missionText(m, oh, on)}`, text: `${other} ${oh}/${on}` }) : null));
    }));
  },

  missionText(m, have, need) {
    if (m === "defeat_neutral_army") {
      const view = this.view();
      const neutral = this.get("players", []).findIndex((p) => p.neutral);
      const left = (view.armies || []).reduce((sum, n, i) => sum + (view.owner?.[i] === neutral ? n : 0), 0);
      return left ? tn("{n} neutral unit left", "{n} neutral units left", left) : t("no neutral unit left");
    }
    const where = this.extras().mission_territories[m];
    if (need === 1 && where.length === 1) return have ? t("{territory} held", { territory: this.name(where[0]) }) : t("{territory} not held", { territory: this.name(where[0]) });
    return t("{have} of {need} {what}", { have, need, what: (this.ed.mission_units || {})[m] || "" }).trim();
  },

  // -- field hospital --------------------------------------------------------------------------
  renderHospital() {
    const x = this.extras();
    const view = this.view();
    const hints = this.hints();
    const buy = hints.buy || {};
    const players = this.get("players", []).filter((p) => !p.neutral);
    const decision = view.pending?.decision;
    const buying = decision === "buy" && this.mayAct();
    const me = view.current;
    const key = JSON.stringify([x.hospital, x.purchases, x.airfields, me, decision, buying, buy, this.local.pick?.command]);
    if (key === this.keys.hospital) return;
    this.keys.hospital = key;
    this.hsTiles.replaceChildren(...players.map((p) => h("div", { class: `rb-hs-tile${p.name === me ? " rb-current" : ""}`, "data-player": p.name, style: `border-color:${p.colour}` },
      h("span", { class: "rb-hs-n", text: String(x.hospital?.[p.name] ?? 0) }), h("span", { class: "rb-hs-who" }, h("span", { class: "rb-swatch", style: `background:${p.colour}` }), ` ${p.name}`))));
    const have = x.hospital?.[me] ?? 0;
    setText(this.hsHead, decision === "buy" ? t("{player} may spend {pieces} now:", { player: me, pieces: this.pieces(have) }) : t("Units lost in battle wait here; they buy commands at the start of their player's turn."));
    const pick = this.local.pick?.command;
    for (const { row, btn, cmd } of Object.values(this.hsCmds)) {
      const legal = buying && !!buy[cmd.id];
      btn.disabled = !legal;
      row.classList.toggle("rb-affordable", decision === "buy" && cmd.cost <= have);
      row.classList.toggle("rb-picking", pick === cmd.id);
      btn.title = legal ? t("buy for {cost}", { cost: cmd.cost }) : decision !== "buy" ? t("commands are bought in the hospital step at the start of a turn")
        : cmd.cost > have ? t("costs {cost}, more than the {have} in the field hospital of {player}", { cost: cmd.cost, have, player: me }) : t("not possible now");
    }
    const bought = x.purchases || [];
    // the effect without the command's name in front ("special forces: 3 dice ..." → "3 dice ...")
    const effect = (b) => b.effect.replace(/^[^:]*: /, "");
    this.hsBought.replaceChildren(...bought.map((b) => h("li", { "data-purchase": b.command }, h("b", { text: `${this.hsCmds[b.command]?.cmd.name || b.command}` }), ` (${b.cost}): ${effect(b)}`)));
    show(this.hsBought, bought.length > 0);
    if (bought.length) this.hsBought.prepend(h("li", { class: "rb-muted rb-hs-this", text: t("bought by {player} this turn:", { player: me }) }));
    show(this.hsDone, buying && !!hints.can_end);
    this.hsCard.classList.toggle("rb-hs-buying", decision === "buy");
    const air = Object.entries(x.airfields || {});
    this.hsAir.replaceChildren(h("span", { class: "rb-muted", text: t("Airfields:") + " " }), ...air.map(([p, tid], i) => h("span", { class: "rb-hs-airfield", "data-player": p, title: tid ? t("hover: the territories it helps") : "" },
      i ? " · " : "", h("span", { class: "rb-swatch", style: `background:${this.playerColour(p)}` }), " " + (tid ? t("{player} on {territory}", { player: p, territory: this.name(tid) }) : t("{player}: none", { player: p })))));
  },
};
