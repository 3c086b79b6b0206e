// The star cards under the map (Balance of Power, RISK 2010): the hand with its stars in all; click
// cards to select them, and the selection shows its stars and what a trade of them is worth; the
// Trade button sends the trade. Cards can be selected whenever the legal actions hold a trade
// (hints.trades: in the reinforcement step, or at any time of one's turn where the edition says
// so), and a selection is priced by the legal trade with the same mix of 1- and 2-star cards, so
// the rules price it, not this code. Methods of BoardView, mixed in for boards with star cards.
import { h, need, setText, plural, t, tn } from "./util.js";

const STAR = "★";

export const StarCardMethods = {
  renderEditionHand() {
    const view = this.view();
    const hints = this.hints();
    const hand = view.hand || [];
    const trades = hints.trades || [];
    const canTrade = this.mayAct() && trades.length > 0;
    const picked = this.local.stars || (this.local.stars = new Set()); // the cards selected for a trade
    for (const c of [...picked]) if (!hand.some((x) => x.id === c)) picked.delete(c);
    const starsOf = Object.fromEntries(hand.map((c) => [c.id, need(c, "stars", "view.hand[]")]));
    const selected = hand.filter((c) => picked.has(c.id)).map((c) => c.id);
    const stars = selected.reduce((n, id) => n + starsOf[id], 0);
    const total = hand.reduce((n, c) => n + starsOf[c.id], 0);
    // the legal trades list one trade per mix of 1- and 2-star cards: the selection is worth what
    // the legal trade with the same mix is worth
    const mix = (cards) => cards.map((id) => starsOf[id]).sort().join(",");
    const match = selected.length ? trades.find((t) => mix(t.cards) === mix(selected)) : null;
    const key = JSON.stringify([hand, view.hand_owner, canTrade, [...picked], trades, view.cards_note]);
    if (key === this.keys.hand) return;
    this.keys.hand = key;
    this.handTitle.textContent = view.hand_owner ? t("Cards · {player}", { player: view.hand_owner }) : t("Cards");
    this.handBody.replaceChildren(...hand.map((card) => {
      const on = picked.has(card.id);
      const b = h("button", { type: "button", class: `rb-cardface rb-starcard${on ? " rb-picked" : ""}`, "data-card": card.id, "aria-pressed": String(on), disabled: !canTrade,
        title: canTrade
          ? tn("{card}: {n} star (click to select it for a trade)", "{card}: {n} stars (click to select it for a trade)", need(card, "stars", "view.hand[]"), { card: card.name })
          : tn("{card}: {n} star", "{card}: {n} stars", need(card, "stars", "view.hand[]"), { card: card.name }) },
      h("span", { class: "rb-stars", text: STAR.repeat(need(card, "stars", "view.hand[]")) }), h("span", { class: "rb-card-name", text: card.name }));
      this.listen(b, "click", () => {
        if (picked.has(card.id)) picked.delete(card.id);
        else picked.add(card.id);
        this.renderEditionHand();
      });
      return b;
    }));
    if (!hand.length) this.handBody.append(h("div", { class: "rb-muted", text: view.hand_owner ? t("no cards") : t("no hand shown") }));
    const units = match ? match.value : 0;
    const trade = h("button", { type: "button", class: "rb-btn rb-primary rb-trade-stars", disabled: !canTrade || !units,
      text: units ? t("Trade {stars} {star} for {pieces}", { stars, star: STAR, pieces: this.pieces(units) }) : t("Trade") });
    this.listen(trade, "click", () => {
      const cards = hand.filter((c) => picked.has(c.id)).map((c) => c.id);
      picked.clear();
      this.action(`trade ${cards.join(" ")}`);
    });
    // what the selection is worth, or why it cannot be traded; the hand's stars in all
    const worth = !selected.length ? (canTrade ? t("Click cards to select them for a trade.") : "")
      : units ? tn("Selected: {n} star = {pieces}", "Selected: {n} stars = {pieces}", stars, { pieces: this.pieces(units) })
        : tn("Selected: {n} star, which cannot be traded together.", "Selected: {n} stars, which cannot be traded together.", stars);
    const sum = hand.length ? h("div", { class: "rb-star-sum" },
      h("span", { class: "rb-star-total", title: t("the stars of every card in the hand") }, tn("{n} card, {total} {star} in all", "{n} cards, {total} {star} in all", hand.length, { total, star: STAR })),
      worth ? h("span", { class: `rb-star-pick${!selected.length ? " rb-muted" : !units ? " rb-star-bad" : ""}`, text: worth }) : null) : null;
    const say = !hand.length ? "" : view.cards_note || "";
    this.setsBody.replaceChildren(...(hand.length ? [sum, h("div", { class: "rb-row" }, trade, h("span", { class: "rb-muted rb-cards-note", text: say }))] : []));
    const table = this.ed.star_table || {};
    setText(this.handNote, t("Stars → {units}: {table}", { units: this.words().units, table: Object.entries(table).map(([k, v]) => `${k}→${v}`).join(" · ") }));
  },
};
