// Small helpers shared by the board's modules: DOM and SVG builders, colours, numbers, dice.

export const SVG_NS = "http://www.w3.org/2000/svg";
export const UNCLAIMED = "#F4F1EA";
export const SEATS = ["human", "Aggressive", "Random"];
// A seat's name as the board shows it (the seat's value stays the kernel's English id).
export function seatName(seat) {
  return { human: t("human"), Aggressive: t("Aggressive"), Random: t("Random") }[seat] || seat;
}
export const PIPS = {
  1: [[5, 5]],
  2: [[2.6, 2.6], [7.4, 7.4]],
  3: [[2.6, 2.6], [5, 5], [7.4, 7.4]],
  4: [[2.6, 2.6], [7.4, 2.6], [2.6, 7.4], [7.4, 7.4]],
  5: [[2.6, 2.6], [7.4, 2.6], [5, 5], [2.6, 7.4], [7.4, 7.4]],
  6: [[2.6, 2.4], [7.4, 2.4], [2.6, 5], [7.4, 5], [2.6, 7.6], [7.4, 7.6]],
};
export const ICONS = {
  infantry: '<circle cx="8" cy="3.4" r="2.2"/><path d="M8 6v5M4.6 8.2h6.8M8 11l-2.6 4M8 11l2.6 4" fill="none" stroke-width="1.8" stroke-linecap="round"/>',
  cavalry: '<path d="M4 2.5v5.5a4 4 0 0 0 8 0V2.5" fill="none" stroke-width="2.4" stroke-linecap="round"/><circle cx="4" cy="6" r=".8" fill="#fff" stroke="none"/><circle cx="12" cy="6" r=".8" fill="#fff" stroke="none"/>',
  artillery: '<path d="M2.5 10.5l9-5" stroke-width="3" stroke-linecap="round"/><circle cx="6" cy="11.5" r="3" fill="none" stroke-width="1.6"/>',
  wild: '<path d="M8 1.5l1.9 4.2 4.6.5-3.4 3.1 1 4.5L8 11.5l-4.1 2.3 1-4.5-3.4-3.1 4.6-.5z"/>',
};

// A field the board's payload must carry (riskboard/widget/schema/board.schema.json marks it
// required): its value, or an error naming it. The front end has no rule of its own to fall back
// on, so a missing field is a bug that a test catches, never a default.
export function need(obj, key, where) {
  const value = obj == null ? undefined : obj[key];
  if (value === undefined || value === null) throw new Error(`riskboard: the board's payload lacks ${where}.${key} (see board.schema.json)`);
  return value;
}

// -- small DOM helpers -------------------------------------------------------------------------
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}
export function s(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) e.setAttribute(k, String(v));
  return e;
}
export function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}
export function show(e, on) {
  if (e.hidden === on) e.hidden = !on;
}
export function textColour(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return "#000";
  const lin = (i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4) > 0.179 ? "#111" : "#fff";
}
// -- words: the board speaks its payload's language -----------------------------------------
// Every sentence the board shows is English source text marked t("...") or tn("...", "...", n)
// (the catalogs' extractor finds them: python -m riskboard.i18n.maintain); the kernel sends the
// translations of those messages for the board's language in the `texts` trait (English: none,
// the text is its own message id). Placeholders are named, {player}, filled from `params`.
// Plural forms are chosen by the browser's Intl.PluralRules, which follows CLDR as the catalogs do.
let TEXTS = { language: "en", messages: {} };
let PLURALS = new Intl.PluralRules("en");
export function useTexts(texts) {
  const next = texts && texts.language ? texts : { language: "en", messages: {} };
  if (next === TEXTS) return;
  TEXTS = next;
  PLURALS = new Intl.PluralRules(TEXTS.language);
}
export function language() {
  return TEXTS.language;
}
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
export function t(message, params) {
  const found = TEXTS.messages[message];
  return fill(typeof found === "string" && found ? found : message, params);
}
export function tn(singular, plural, n, params) {
  const forms = TEXTS.messages[singular];
  let text = n === 1 ? singular : plural;
  if (forms && typeof forms === "object") text = forms[PLURALS.select(n)] || forms.other || text;
  return fill(text, { n: fmtNumber(n), ...params });
}
export function fmtNumber(x, digits = 0) {
  return new Intl.NumberFormat(TEXTS.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}
// A chance as the board shows it, in the language's format ("57%", German "57 %"); null is a
// battle too large for the kernel to work out its odds.
export function pct(p) {
  if (p == null) return "?";
  const f = (v) => new Intl.NumberFormat(TEXTS.language, { style: "percent", maximumFractionDigits: 0 }).format(v);
  const v = 100 * p;
  const r = Math.round(v);
  if (r === 0 && v > 0) return "<" + f(0.01);
  if (r === 100 && v < 100) return ">" + f(0.99);
  return f(r / 100);
}
export function oddsClass(p) {
  if (p == null) return "unknown";
  return p >= 0.7 ? "good" : p >= 0.4 ? "fair" : "poor";
}
// "57% to conquer" from a marked message with a {chance} (t("{chance} to conquer")), or for a
// battle whose odds the kernel did not work out (null), says so.
export function chanceTo(p, message) {
  return p == null ? t("no odds shown (a battle this large)") : fill(message, { chance: pct(p) });
}
// A counted text from its forms by CLDR plural category (as the kernel sends an edition's pieces:
// edition.pieces, {"one": "{n} Einheit", "other": "{n} Einheiten"}), {n} filled in.
export function countedForms(forms, n, params) {
  const text = (forms && (forms[PLURALS.select(n)] || forms.other)) || String(n);
  return fill(text, { n: fmtNumber(n), ...params });
}
// A card's symbol in words (the card's symbol stays the kernel's id: infantry, cavalry, ...).
export function symbolName(symbol) {
  const names = { infantry: t("infantry"), cavalry: t("cavalry"), artillery: t("artillery"), wild: t("wild") };
  return symbol ? names[symbol] || symbol : "";
}
// A sentence with names in it, as text nodes and <b> for the names: `text` holds {key} where
// each name goes (the sentence was translated whole, so the names stand where the language puts them).
export function boldNames(text, names) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in names)) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(h("b", { text: names[m[1]] }));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}
export function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// A shorter form of a long territory name for the map label (the <title> keeps the full name).
// Only English names are shortened: the rules below know English words ("North", "United
// States"); a name in another language arrives from the catalogs as its translator wrote it.
export function shortName(name) {
  if (TEXTS.language !== "en") return name;
  let n = name.replace("United States", "US");
  if (n.length <= 12) return n;
  n = n.replace(/^(North|South|East|West)(ern)? /, (_, w) => `${w[0]}. `).replace(/^Northwest /, "NW ").replace(/^Great /, "Gt. ");
  return n;
}

// A die showing `value`: a six-sided die as a square with pips; a die of other faces (a leader's d8)
// as a polygon with as many corners (an octagon for a d8) and its value as a number.
export function dieFace(value, fill, size = 34, sides = 6) {
  if (sides !== 6) return polygonDie(value, fill, size, sides);
  const svg = s("svg", { viewBox: "-0.5 -0.5 11 11", width: size, height: size, class: "rb-die-face" });
  svg.append(s("rect", { x: 0, y: 0, width: 10, height: 10, rx: 2, fill, stroke: "#222", "stroke-width": 0.5 }));
  const pip = textColour(fill);
  for (const [cx, cy] of PIPS[value] || []) svg.append(s("circle", { cx, cy, r: 1.05, fill: pip }));
  if (!PIPS[value]) {
    const t = s("text", { x: 5, y: 7, "text-anchor": "middle", "font-size": 6, fill: pip });
    t.textContent = String(value);
    svg.append(t);
  }
  return svg;
}
function polygonDie(value, fill, size, sides) {
  const n = Math.max(3, Math.min(12, sides));
  const svg = s("svg", { viewBox: "-0.5 -0.5 11 11", width: size, height: size, class: `rb-die-face rb-die-poly rb-die-d${sides}`, "data-sides": sides });
  const r = 5.45; // the corners' radius: an octagon's flat sides touch the 10 by 10 box
  const points = Array.from({ length: n }, (_, k) => {
    const a = ((2 * k + 1) * Math.PI) / n - Math.PI / 2;
    return `${(5 + r * Math.cos(a)).toFixed(2)},${(5 + r * Math.sin(a)).toFixed(2)}`;
  });
  svg.append(s("polygon", { points: points.join(" "), fill, stroke: "#222", "stroke-width": 0.55, "stroke-linejoin": "round" }));
  const ink = textColour(fill);
  const inner = points.map((p) => p.split(",").map((v) => 5 + (Number(v) - 5) * 0.72).map((v) => v.toFixed(2)).join(",")).join(" ");
  svg.append(s("polygon", { points: inner, fill: "none", stroke: ink, "stroke-opacity": 0.35, "stroke-width": 0.35 }));
  // The numeral's look is set in its style, not only as attributes: a page's stylesheet (a
  // notebook theme's rule on svg text) outranks presentation attributes but not an inline style.
  // Centred on the face by its baseline, haloed in the face's colour, in a font with every digit.
  const t = s("text", { x: 5, y: 5.1, "text-anchor": "middle", "dominant-baseline": "central", class: "rb-die-numeral" });
  t.setAttribute("style", `font: 700 5.2px "DejaVu Sans", Arial, sans-serif; fill: ${ink}; stroke: ${fill}; stroke-width: 0.6px; paint-order: stroke; opacity: 1; visibility: visible; display: inline`);
  t.textContent = String(value);
  svg.append(t);
  return svg;
}
export function symbolIcon(symbol) {
  const svg = s("svg", { viewBox: "0 0 16 16", width: 22, height: 22, class: `rb-icon rb-icon-${symbol}` });
  svg.innerHTML = ICONS[symbol] || ICONS.wild;
  return svg;
}

// -- colours and shapes for the map's labels ---------------------------------------------------
export function luminance(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return 0;
  const lin = (i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
}
// WCAG contrast ratio of two colours (1 to 21)
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

// The outline of an army badge of `shape` (players' second cue besides colour, from the `players`
// trait) around a count `w` by `h` pixels, centred on (0, 0). Wide counts stretch the shape.
// riskboard.render.palette.badge_outline draws the same for the static picture.
export function badgePath(shape, w, h) {
  const [x, y, c] = [w / 2, h / 2, h / 17];
  const r = Math.min(x, y);
  const poly = (pts) => `M${pts.map((p) => p.map((v) => +v.toFixed(2)).join(" ")).join("L")}Z`;
  switch (shape) {
    case "square":
      return poly([[-x, -y], [x, -y], [x, y], [-x, y]]);
    case "hexagon":
      return poly([[-x - 3 * c, 0], [-x + 3 * c, -y], [x - 3 * c, -y], [x + 3 * c, 0], [x - 3 * c, y], [-x + 3 * c, y]]);
    case "shield":
      return poly([[-x, -y], [x, -y], [x, y - 4 * c], [0, y + 3 * c], [-x, y - 4 * c]]);
    case "house":
      return poly([[-x, -y + 4 * c], [0, -y - 3 * c], [x, -y + 4 * c], [x, y], [-x, y]]);
    case "octagon": {
      const k = 5 * c;
      return poly([[-x + k, -y], [x - k, -y], [x, -y + k], [x, y - k], [x - k, y], [-x + k, y], [-x, y - k], [-x, -y + k]]);
    }
    case "diamond":
      return poly([[-x - 4 * c, 0], [0, -y - 4 * c], [x + 4 * c, 0], [0, y + 4 * c]]);
    default: // circle, or a pill for wide counts
      return `M${-x + r} ${-y}H${x - r}A${r} ${r} 0 0 1 ${x - r} ${y}H${-x + r}A${r} ${r} 0 0 1 ${-x + r} ${-y}Z`;
  }
}

// How far a badge's outline of `shape` reaches beyond its count's box, [x, y] pixels each side.
export function badgeOverhang(shape) {
  return { hexagon: [3, 0], shield: [0, 3], house: [0, 3], diamond: [4, 4] }[shape] || [0, 0];
}

// A small swatch of a player's colour in the shape of their army badges.
export function swatch(colour, shape, size = 15) {
  const svg = s("svg", { class: "rb-swatch-shape", width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true" });
  svg.append(s("path", { d: badgePath(shape, 13, 13), fill: colour, stroke: "#1d232a", "stroke-width": 1.4 }));
  return svg;
}

// A shorter form of a territory name for the map when the name does not fit: long words cut before
// their first vowel from the fourth letter on ("Gt. Brit.", "Afgh.", "Switz."), or null.
export function abbreviation(name) {
  if (TEXTS.language === "ja") return null; // no vowels to cut before: a Japanese name stays whole
  const n = shortName(name);
  const cut = n.split(" ").map((w) => {
    if (w.length < 6 || w.endsWith(".")) return w;
    const at = w.slice(3).search(/[aeiouy]/i) + 3;
    return at >= 3 && at <= w.length - 2 ? `${w.slice(0, at)}.` : w;
  }).join(" ");
  return cut.length < n.length ? cut : null;
}

// One icon (a list of SVG path parts in a box from -8 to 8) at (x, y); the colour "owner" becomes
// `colour` (riskboard.render.icons: the symbols of Balance of Power, the Transformers leaders).
export function drawIcon(parts, colour, x, y, scale) {
  const g = s("g", { transform: `translate(${x} ${y}) scale(${scale})` });
  for (const part of parts || []) {
    const attrs = {};
    for (const [k, v] of Object.entries(part)) attrs[k] = v === "owner" ? colour : v;
    g.append(s("path", attrs));
  }
  return g;
}
