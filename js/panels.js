// The panels under the map: players and seats, cards, last throw, events, bots, teacher's dice.
// Methods of BoardView (mixed in by board.js).
import { h, need, setText, show, plural, dieFace, symbolIcon, swatch, t, seatName, symbolName, boldNames } from "./util.js";

export const PanelMethods = {
  buildBots() {
    this.botBtns = {
      step: this.button(t("Step"), "", () => this.send({ kind: "step" }), { title: t("one bot action") }),
      finish: this.button(t("Finish turn"), "", () => this.send({ kind: "finish_turn" })),
      play: this.button(t("Play to end"), "rb-primary", () => this.send({ kind: "play" })),
      stop: this.button(t("Stop"), "rb-danger", () => this.send({ kind: "stop" })),
    };
    this.busyNote = h("span", { class: "rb-busy", text: t("bots are playing…") });
    return this.card(t("Bots"), "rb-bots-card", h("div", { class: "rb-row" }, ...Object.values(this.botBtns)), this.busyNote,
      h("div", { class: "rb-note", text: t("Choose a seat per player in the Players table.") }));
  },
  buildTeacher() {
    // the largest die of the edition (a leader's d8), else the rules' dice
    const most = Math.max(this.ed.largest_die || 0, need(need(this.ed, "rules", "edition"), "sides", "edition.rules"));
    const dieInput = (label) => h("input", { type: "number", min: 1, max: most, class: "rb-num rb-die-in", "aria-label": label, placeholder: "–" });
    const rules = need(this.ed, "rules", "edition"); // as many boxes as the rules allow dice
    this.tAttack = Array.from({ length: need(rules, "attack_dice", "edition.rules") }, (_, i) => dieInput(t("attack die {number}", { number: i + 1 })));
    this.tDefend = Array.from({ length: need(rules, "defence_dice", "edition.rules") }, (_, i) => dieInput(t("defence die {number}", { number: i + 1 })));
    this.tShow = h("div", { class: "rb-next-dice" });
    const read = (inputs) => inputs.map((e) => parseInt(e.value, 10)).filter((v) => Number.isInteger(v));
    return this.card(t("Teacher: next dice"), "rb-teacher-card",
      h("div", { class: "rb-row" }, h("span", { class: "rb-tlabel", text: t("attack") }), ...this.tAttack),
      h("div", { class: "rb-row" }, h("span", { class: "rb-tlabel", text: t("defence") }), ...this.tDefend),
      h("div", { class: "rb-row" },
        this.button(t("Set"), "rb-primary rb-set-dice", () => {
          const attack = read(this.tAttack);
          const defend = read(this.tDefend);
          if (!attack.length && !defend.length) this.send({ kind: "clear_dice" });
          else this.send({ kind: "set_dice", attack, defend });
        }),
        this.button(t("Clear"), "rb-clear-dice", () => {
          for (const e of [...this.tAttack, ...this.tDefend]) e.value = "";
          this.send({ kind: "clear_dice" });
        })),
      this.ed.teacher_note ? h("div", { class: "rb-note", text: this.ed.teacher_note }) : null,
      this.tShow);
  },
  renderPlayers() {
    const view = this.view();
    const players = this.get("players", []);
    const stats = view.stats || {};
    const seats = this.get("seats", {});
    if (players !== this.keys.playerList) {
      // one row per owner, built when the owners change; later updates only touch the cells
      this.keys.playerList = players;
      this.rows = players.map((p) => {
        const seat = p.neutral
          ? h("span", { class: "rb-muted", text: t("neutral") })
          : h("select", { class: "rb-select rb-seat", "data-player": p.name, "aria-label": t("seat of {player}", { player: p.name }) },
            ...SEATS.map((v) => h("option", { value: v, text: seatName(v) })));
        const cells = [h("td"), h("td"), h("td")];
        const marker = h("span", { class: "rb-to-move", text: " ◀" });
        const tag = p.neutral ? null : this.editionPlayerTag?.(p.name); // an edition's word on the player (an alliance)
        const tr = h("tr", { "data-player": p.name },
          h("td", {}, swatch(p.colour, p.shape)),
          h("td", { class: "rb-pname" }, h("span", { class: "rb-pname-text", title: p.name, text: p.name }), marker, tag), h("td", {}, seat), ...cells);
        return { p, tr, seat, cells, marker };
      });
      this.playersBody.replaceChildren(...this.rows.map((r) => r.tr));
    }
    for (const { p, tr, seat, cells, marker } of this.rows) {
      const st = stats[p.name] || {};
      setText(cells[0], String(st.territories ?? ""));
      setText(cells[1], String(st.armies ?? ""));
      setText(cells[2], p.neutral ? "" : String(st.cards ?? ""));
      const pending = p.name === view.pending?.player;
      tr.classList.toggle("rb-current", p.name === view.current);
      tr.classList.toggle("rb-pending", pending);
      tr.classList.toggle("rb-out", !p.neutral && view.phase !== "setup" && st.territories === 0);
      show(marker, pending);
      const want = seats[p.name] || "human";
      if (!p.neutral && seat.value !== want && document.activeElement !== seat) seat.value = want;
    }
  },
  renderHand() {
    if (this.renderEditionHand) return this.renderEditionHand();
    const view = this.view();
    const hints = this.hints();
    const hand = view.hand || [];
    const trades = hints.trades || [];
    const sets = trades.map((trade) => trade.cards);
    const busy = !!this.get("busy", false);
    const key = JSON.stringify([hand, trades, view.hand_owner, view.cards_note]);
    this.setsBody.querySelectorAll(".rb-trade").forEach((b) => (b.disabled = busy));
    if (key === this.keys.hand) return;
    this.keys.hand = key;
    this.handTitle.textContent = view.hand_owner ? t("Cards · {player}", { player: view.hand_owner }) : t("Cards");
    const inSet = new Set(sets.flat());
    // a card without a symbol (Transformers' upgrade cards) shows its name alone
    this.handBody.replaceChildren(...hand.map((card) => h("div", {
      class: `rb-cardface rb-sym-${card.symbol || "none"}${inSet.has(card.id) ? " rb-in-set" : ""}`, "data-card": card.id,
      title: card.bonus
        ? t("{card}: {symbol} (you hold it: +{bonus} there when traded now)", { card: card.name, symbol: symbolName(card.symbol), bonus: card.bonus })
        : card.symbol ? t("{card}: {symbol}", { card: card.name, symbol: symbolName(card.symbol) }) : card.name,
    }, card.symbol ? symbolIcon(card.symbol) : null, h("span", { class: "rb-card-name", text: card.name }), h("span", { class: "rb-card-sym", text: symbolName(card.symbol) }),
    card.bonus ? h("span", { class: "rb-card-bonus", text: `+${card.bonus}` }) : null)));
    if (!hand.length) this.handBody.append(h("div", { class: "rb-muted", text: view.hand_owner ? t("no cards") : t("no hand shown") }));
    const byCard = Object.fromEntries(hand.map((c) => [c.id, c]));
    this.setsBody.replaceChildren(...trades.map(({ cards: set, value }) => h("div", { class: "rb-set", "data-set": set.join(" ") },
      h("span", { class: "rb-set-cards" }, ...set.map((id) => h("span", { class: "rb-set-card" }, symbolIcon(byCard[id]?.symbol || "wild"), byCard[id]?.name || this.name(id)))),
      h("button", { type: "button", class: "rb-btn rb-primary rb-trade", "data-set": set.join(" "), disabled: busy, text: t("Trade for {value}", { value }) }))));
    setText(this.handNote, view.cards_note || "");
  },
  markSet(row) {
    const ids = new Set(row ? row.dataset.set.split(" ") : []);
    for (const e of this.handBody.children) e.classList.toggle("rb-hover", ids.has(e.dataset.card));
  },
  // The last throw of the game, as the kernel says (so a reloaded page or Voila shows it too);
  // dimmed once a later action threw no dice (fresh: false). seq names the throw: it is drawn,
  // and its dice roll in, once.
  renderDice() {
    const d = this.get("dice", {});
    const th = d && d.attack && d.attack.length ? d : null;
    this.diceBody.classList.toggle("rb-stale", !!th && th.fresh === false);
    const key = th ? `${th.seq}|${th.source}|${th.target}|${th.attack}|${th.defend}|${th.attack_sides}|${th.defend_sides}` : "";
    if (key === this.keys.throw) return;
    this.keys.throw = key;
    if (!th) {
      this.diceBody.replaceChildren(h("div", { class: "rb-muted", text: t("No dice rolled yet.") }));
      return;
    }
    const att = th.attack; // sorted high to low, each pair's winner said by the rules (pair_winners)
    const def = th.defend;
    const winners = th.pair_winners || [];
    const ac = this.playerColour(th.attacker);
    const dc = this.playerColour(th.defender);
    const cols = [];
    for (let k = 0; k < Math.max(att.length, def.length); k++) {
      const paired = k < att.length && k < def.length;
      const attWins = paired && winners[k] === "attacker";
      // each die drawn with its faces (a leader's d8 as an octagon), its kind in its title
      const die = (v, fill, lost, side, sides) => h("span", {
        class: `rb-die rb-die-${side}${lost ? " rb-lost" : ""}${paired ? "" : " rb-unpaired"}`, "data-value": v, "data-sides": sides,
        title: side === "attack"
          ? (lost ? t("attacking d{sides}: {value} (lost its pair)", { sides, value: v }) : t("attacking d{sides}: {value}", { sides, value: v }))
          : (lost ? t("defending d{sides}: {value} (lost its pair)", { sides, value: v }) : t("defending d{sides}: {value}", { sides, value: v })), style: `animation-delay:${k * 60}ms`,
      }, dieFace(v, fill, 34, sides));
      const aSides = need(th, "attack_sides", "dice");
      const dSides = need(th, "defend_sides", "dice");
      cols.push(h("div", { class: "rb-pair" },
        k < att.length ? die(att[k], ac, paired && !attWins, "attack", need(aSides, k, "dice.attack_sides")) : h("span", { class: "rb-die-gap" }),
        h("span", { class: "rb-vs", text: paired ? t("vs") : "" }),
        k < def.length ? die(def[k], dc, paired && attWins, "defend", need(dSides, k, "dice.defend_sides")) : h("span", { class: "rb-die-gap" })));
    }
    const loss = (who, n) => h("span", { class: `rb-loss${n ? "" : " rb-none"}` }, h("span", { class: "rb-swatch", style: `background:${this.playerColour(who)}` }), `${who} −${n}`);
    this.diceBody.replaceChildren(
      h("div", { class: "rb-dice-head" }, ...boldNames(t("{attacker} attacked {target} from {source}; {defender} defended", { target: this.name(th.target), source: this.name(th.source) }), { attacker: th.attacker, defender: th.defender })),
      h("div", { class: "rb-dice-grid" },
        h("div", { class: "rb-dice-sides" }, h("span", { text: t("attack") }), h("span"), h("span", { text: t("defence") })), ...cols),
      h("div", { class: "rb-losses" }, loss(th.attacker, th.attacker_losses), loss(th.defender, th.defender_losses)));
  },
  renderLog() {
    const lines = this.get("event_log", []);
    const key = lines.join("\n");
    if (key === this.keys.eventLog) return;
    this.keys.eventLog = key;
    this.logList.replaceChildren(...lines.slice(-12).map((line) => h("li", { text: this.names(line) })));
  },
  renderError() {
    const err = this.get("error", {});
    const on = !!(err && (err.message || err.code));
    show(this.errorBox, on);
    setText(this.errorMsg, on ? err.message || err.code : "");
    setText(this.errorCode, on && err.code ? err.code : "");
  },
  renderBots() {
    const busy = !!this.get("busy", false);
    const over = this.view().phase === "over" || this.replaying(); // a replay plays nothing
    this.botBtns.step.disabled = busy || over;
    this.botBtns.finish.disabled = busy || over;
    this.botBtns.play.disabled = busy || over;
    this.botBtns.stop.disabled = !busy;
    setText(this.busyNote, t("bots are playing… ({turn})", { turn: this.turnLabel() })); // how far "Play to end" has come
    show(this.busyNote, busy);
  },
  // The teacher's dice as the kernel holds them: the boxes show the set throw, and empty once it
  // is used or cleared (the panel never shows dice the next throw will not use).
  renderTeacher() {
    const nd = this.get("next_dice", {});
    const on = !!(nd && ((nd.attack && nd.attack.length) || (nd.defend && nd.defend.length)));
    const fill = (inputs, values) => inputs.forEach((e, i) => {
      const v = values && values[i] != null ? String(values[i]) : "";
      if (e.value !== v) e.value = v;
    });
    fill(this.tAttack, on ? nd.attack : null);
    fill(this.tDefend, on ? nd.defend : null);
    this.tShow.parentElement.classList.toggle("rb-rigged", on);
    if (!on) {
      this.tShow.replaceChildren(h("span", { class: "rb-muted", text: t("The next throw is random.") }));
      return;
    }
    this.tShow.replaceChildren(h("span", { text: t("Next throw fixed:") + " " }),
      ...(nd.attack || []).map((v) => dieFace(v, "#c0392b", 20)), h("span", { class: "rb-v", text: " " + t("v") + " " }),
      ...(nd.defend || []).map((v) => dieFace(v, "#f5f5f5", 20)));
  },
};
