// Save, load and replay: the buttons beside Undo and the replay bar under the top row.
// Methods of BoardView (mixed in by board.js). The kernel does the work (riskboard.widget.replay):
// Save asks for the game's JSON text (a `save` intent) and hands the kernel's answer (the custom
// message `saved`) to the browser as a download; Load sends a chosen file's text (a `load`
// intent), and a bad file comes back as the board's error; the replay bar moves through the
// record with `replay` intents (a slider, ◀ ▶, the arrow keys, Home and End) and `live` returns.
// While replaying, the `replaying` trait holds the step shown and the board's other traits
// draw that position; nothing here acts on the game.
import { h, setText, show, t, tn } from "./util.js";

// The most characters a loaded file sends (riskboard.widget.replay.LOAD_LIMIT, plus one): a
// larger file is refused by the kernel for its size without all of it crossing the comm.
export const LOAD_LIMIT = 16 * 2 ** 20;

export const ReplayMethods = {
  buildReplay(top) {
    const r = (this.rp = {});
    r.save = this.button(t("Save"), "rb-ghost rb-save", () => this.send({ kind: "save" }), { title: t("download the game as a file") });
    r.file = h("input", { type: "file", accept: ".json,application/json", class: "rb-load-file", hidden: true, "aria-hidden": "true" });
    r.load = this.button(t("Load"), "rb-ghost rb-load", () => r.file.click(), { title: t("show a saved game from a file") });
    r.open = this.button(t("Replay"), "rb-ghost rb-replay-open", () => this.send({ kind: "replay", step: null }), { title: t("step through the game so far") });
    this.listen(r.file, "change", async () => {
      const file = r.file.files && r.file.files[0];
      r.file.value = ""; // the same file may be chosen again
      if (!file) return;
      const text = await file.slice(0, LOAD_LIMIT + 1).text();
      this.send({ kind: "load", text });
    });
    // beside the full-screen button, in the board's own tools (board.js)
    this.tools.prepend(r.save, r.load, r.open);
    this.tools.append(r.file);

    r.back = this.button("◀", "rb-replay-back", () => this.replayBy(-1), { title: t("one step back"), "aria-label": t("one step back") });
    r.on = this.button("▶", "rb-replay-on", () => this.replayBy(1), { title: t("one step on"), "aria-label": t("one step on") });
    r.slider = h("input", { type: "range", min: 0, max: 0, step: 1, value: 0, class: "rb-replay-slider", "aria-label": t("step of the replay") });
    r.label = h("span", { class: "rb-replay-label" });
    r.action = h("code", { class: "rb-replay-action" });
    r.live = this.button(t("Live"), "rb-primary rb-replay-live", () => this.send({ kind: "live" }), { title: t("back to the game as it stands") });
    r.bar = h("div", { class: "rb-replay-bar", role: "group", "aria-label": t("replay"), hidden: true },
      h("b", { class: "rb-replay-title", text: t("Replay") }), r.back, r.slider, r.on, r.label, r.action, r.live);
    this.listen(r.slider, "input", () => this.replayTo(parseInt(r.slider.value, 10)));
    // the board keeps the keys it handles (JupyterLab would take the arrows and Home/End)
    this.listen(r.bar, "keydown", (e) => {
      const steps = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
      if (e.key in steps) this.replayBy(steps[e.key]);
      else if (e.key === "Home") this.replayTo(0);
      else if (e.key === "End") this.replayTo(this.get("replaying", {}).steps ?? 0);
      else if (e.key === "Escape") this.send({ kind: "live" });
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    top.after(r.bar);

    // every throw of the step shown (a blitz is one step of many throws), under the last throw
    r.throwsHead = h("div", { class: "rb-replay-throws-head" });
    r.throwList = h("ol");
    r.throws = h("div", { class: "rb-replay-throws", hidden: true }, r.throwsHead, r.throwList);
    this.diceBody.after(r.throws);

    const saved = (msg) => {
      if (!msg || msg.kind !== "saved" || typeof msg.text !== "string") return;
      const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
      const a = h("a", { href: url, download: msg.filename || "riskboard.json", hidden: true });
      this.root.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000); // the download has long started
    };
    this.model.on("msg:custom", saved);
    this.listeners.push(["msg:custom", saved]);
  },

  replaying() {
    const r = this.get("replaying", {});
    return !!r && Number.isInteger(r.step);
  },
  replayTo(step) {
    const r = this.get("replaying", {});
    const most = Number.isInteger(r.steps) ? r.steps : 0;
    const target = Math.max(0, Math.min(most, step));
    if (!this.replaying() || target !== r.step) this.send({ kind: "replay", step: target });
  },
  replayBy(delta) {
    const r = this.get("replaying", {});
    if (Number.isInteger(r.step)) this.replayTo(r.step + delta);
  },

  renderReplay() {
    const r = this.rp;
    const rp = this.get("replaying", {});
    const on = this.replaying();
    this.root.classList.toggle("rb-replaying", on);
    show(r.bar, on);
    // the file holds every hidden card and the seed: in hot-seat play Save is the teacher's
    const secrecy = this.get("secrecy", "open");
    show(r.save, secrecy === "open" || secrecy === "teacher");
    r.open.disabled = on;
    if (!on) {
      show(r.throws, false);
      return;
    }
    r.slider.max = String(rp.steps);
    if (r.slider.value !== String(rp.step)) r.slider.value = String(rp.step);
    r.back.disabled = rp.step <= 0;
    r.on.disabled = rp.step >= rp.steps;
    setText(r.label, t("step {step} of {steps}", { step: rp.step, steps: rp.steps }));
    setText(r.action, rp.action || "");
    const throws = rp.throws || [];
    show(r.throws, throws.length > 1);
    const key = `${rp.step}|${rp.steps}|${JSON.stringify(throws)}`;
    if (key === this.keys.replayThrows) return;
    this.keys.replayThrows = key;
    const dice = this.get("dice", {});
    const attacker = dice.attacker || "";
    const defender = dice.defender || "";
    setText(r.throwsHead, tn("this step threw {n} time", "this step threw {n} times", throws.length));
    r.throwList.replaceChildren(
      ...throws.map((th) => h("li", {
        text: t("{attack} v {defend}: {attacker} lost {lost}, {defender} lost {taken}", {
          attack: th.attack.join(" "), defend: th.defend.join(" "), attacker, defender,
          lost: th.attacker_losses, taken: th.defender_losses,
        }),
      })));
  },
};
