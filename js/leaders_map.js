// Leaders on the map (Transformers): beside the robots' badge of the zone a leader stands on, its
// faction's head on a disc of its player's colour (the markers come from riskboard.render.icons
// through edition.leader_icons, so the static picture shows the same); its title names the leader,
// its faction and player; a click on it is a click on its zone. Methods of BoardView, mixed in for
// boards with leaders.
import { s, drawIcon, t } from "./util.js";

export const LeaderMapMethods = {
  buildEditionLayers() {
    this.leaderLayer = s("g", { class: "rb-symbols rb-leaders" });
    this.keys.leaders = undefined;
    return { symbols: this.leaderLayer };
  },

  // The leader of `player` as the facts name it: { id, name, faction }.
  leaderOf(player) {
    return (this.ed.leaders || {})[player] || { id: "", name: "the leader", faction: "" };
  },

  // The player whose leader stands on zone `tid`, or "".
  leaderAt(tid) {
    const where = this.get("extras", {}).leaders || {};
    return Object.keys(where).find((p) => where[p] === tid) || "";
  },

  renderEditionMap() {
    const where = this.get("extras", {}).leaders || {};
    const players = this.get("players", []);
    const key = JSON.stringify([where, players.map((p) => p.colour)]);
    if (key === this.keys.leaders || !this.leaderLayer) return;
    this.keys.leaders = key;
    const icons = this.ed.leader_icons || {};
    const factions = this.ed.factions || {};
    const nodes = [];
    this.symbolItems = [];
    for (const [player, tid] of Object.entries(where)) {
      const zone = this.byId.get(tid);
      if (!zone) continue; // on the scrapyard, or not placed yet
      const leader = this.leaderOf(player);
      const [bx, by] = zone.badge;
      // placed left of the badge in screen pixels by layoutLabels (labels.js), larger than a symbol
      const g = drawIcon(icons[leader.faction], this.playerColour(player), bx, by, 1);
      g.setAttribute("class", `rb-symbol rb-leader rb-leader-${leader.faction}`);
      g.setAttribute("data-leader", leader.id);
      g.setAttribute("data-player", player);
      g.setAttribute("data-territory-symbol", tid);
      const tt = s("title");
      tt.textContent = t("{leader} ({faction}), the leader of {player}, on {zone}: one of its robots, rolling a d8 when it attacks or defends", { leader: leader.name, faction: factions[leader.faction] || leader.faction, player, zone: zone.name });
      g.append(tt);
      this.listen(g, "click", () => this.onTerritory(tid)); // a click on the marker is a click on its zone
      this.symbolItems.push({ g, tid, side: -1, n: 0, size: 20 });
      nodes.push(g);
    }
    this.leaderLayer.replaceChildren(...nodes);
    this.layoutLabels();
  },
};
