// Secrets on a shared screen (riskboard.widget.secrecy decides what the kernel sends; this only
// draws it): the pass screen over the map while `pass_to` names the human who must take the
// device (its button sends the `reveal` intent), the shown player's secret mission under their
// cards, and on a teacher's board (or once a hot-seat game is over) every player's hand and
// mission (`view.secrets`). Methods of BoardView.

import { h, show, setText, t } from "./util.js";

export const SecrecyMethods = {
  buildSecrecy() {
    this.passName = h("b", { class: "rb-pass-name" });
    this.passHead = h("div", { class: "rb-pass-head" });
    this.passNote = h("div", { class: "rb-pass-note" });
    this.passBtn = this.button("", "rb-primary rb-pass-btn", () => this.send({ kind: "reveal" }));
    this.passScreen = h("div", { class: "rb-pass", role: "dialog", "aria-modal": "true", hidden: true },
      h("div", { class: "rb-pass-box" }, this.passHead, this.passNote, this.passBtn));
    this.mapWrap.append(this.passScreen);
    this.missionNote = h("div", { class: "rb-note rb-mission-note", hidden: true });
    this.root.querySelector(".rb-hand-card")?.append(this.missionNote);
    this.secretsBody = h("div", { class: "rb-secrets" });
    this.secretsCard = this.card(t("Every player's secrets"), "rb-secrets-card", this.secretsBody);
    this.secretsCard.hidden = true;
    this.root.querySelector(".rb-hand-card")?.after(this.secretsCard);
  },
  renderSecrecy() {
    const who = this.get("pass_to", "");
    const passing = !!who;
    this.root.classList.toggle("rb-passing", passing);
    show(this.passScreen, passing);
    if (passing) {
      setText(this.passHead, t("Pass the device to {player}", { player: who }));
      setText(this.passNote, t("Only {player} should look at the screen now: their cards and mission are hidden until they press the button.", { player: who }));
      setText(this.passBtn, t("I am {player}: show my turn", { player: who }));
      // the button takes the focus from the board's own controls (never from a notebook cell)
      if (!this.keys.passing && this.root.contains(document.activeElement)) this.passBtn.focus({ preventScroll: true });
    }
    this.keys.passing = passing;
    // the teacher's dice would let whoever holds the device fix the next throw: a hot-seat board
    // has none (the kernel refuses set_dice there too; a teacher fixes dice from a cell)
    const teacher = this.root.querySelector(".rb-teacher-card");
    if (teacher) show(teacher, this.get("secrecy", "open") !== "hot_seat");
    const view = this.view();
    const mission = view.mission;
    show(this.missionNote, !!mission);
    setText(this.missionNote, mission ? t("Secret mission: {mission}", { mission: mission.text }) : "");
    const secrets = view.secrets;
    show(this.secretsCard, !!secrets);
    const key = JSON.stringify(secrets || null);
    if (key === this.keys.secrets) return;
    this.keys.secrets = key;
    this.secretsBody.replaceChildren(...Object.entries(secrets || {}).map(([player, s]) => h("div", { class: "rb-secret", "data-player": player },
      h("span", { class: "rb-swatch", style: `background:${this.playerColour(player)}` }),
      h("b", { text: player }),
      h("span", { class: "rb-secret-cards", text: s.hand.length ? s.hand.map((c) => c.name).join(", ") : t("no cards") }),
      s.mission ? h("span", { class: "rb-secret-mission", text: s.mission.text }) : null)));
  },
};
