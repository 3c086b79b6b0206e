// The kernel's patches (riskboard/widget/delta.py; the schema's message_patch): after an action
// the kernel sends only the differences of the traits that changed, and the board reads the
// patched values through an overlay kept per model, shared by every view of the same board.
//
// An entry is an object (a patch of the old value) or anything else (the new value itself). A
// patch is {value}, {keys, drop} (a dict), {items} (a list of the same length) or {tail, shift}
// (a list without its first `shift` items, `tail` appended). Values are never changed in place:
// what did not change is shared with the old value.

export function applyEntry(old, entry) {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return entry;
  if ("value" in entry) return entry.value;
  if ("keys" in entry || "drop" in entry) {
    const out = { ...(old || {}) };
    for (const key of entry.drop || []) delete out[key];
    for (const [key, sub] of Object.entries(entry.keys || {})) out[key] = applyEntry(out[key], sub);
    return out;
  }
  if ("items" in entry) {
    const out = [...(old || [])];
    for (const [index, sub] of Object.entries(entry.items)) out[Number(index)] = applyEntry(out[Number(index)], sub);
    return out;
  }
  if ("tail" in entry) return [...(old || []).slice(entry.shift), ...entry.tail];
  throw new Error(`riskboard: not a patch: ${Object.keys(entry).join(", ")}`);
}

// The traits the kernel patches (riskboard.widget.patches.PATCHED).
export const PATCHED = ["view", "extras", "counts", "hints", "selected", "dice", "event_log", "pass_to", "replaying", "state_id"];

// board -> { seq, values: { trait: { base, value } } }. A patched value holds while the model's
// own value is still the one it was patched from (`base`) and no whole value of that trait came
// from the kernel since (a reloaded page's request, a new game): that drops it.
//
// anywidget hands each view (and initialize) its own proxy of the model, so a proxy cannot be the
// key: the model's `map_data` object is (every proxy of one model returns the same object, and
// another board's is another). It is sent again only with a new game or language, and then the
// kernel sends the patched traits whole as well, so a new overlay starts empty and loses nothing.
const overlays = new WeakMap();

function overlayOf(model) {
  const key = model.get("map_data") || model;
  let o = overlays.get(key);
  if (!o) {
    o = { seq: 0, values: {} };
    overlays.set(key, o);
  }
  return o;
}

// A view's watch of the model's traits, made before the view listens to them, so that a whole
// trait from the kernel drops the patched value before the view redraws: the [event, callback]
// pairs, for the view to remove when it goes.
export function watchWholeTraits(model) {
  const o = overlayOf(model);
  return PATCHED.map((name) => {
    const cb = () => delete o.values[name];
    model.on(`change:${name}`, cb);
    return [`change:${name}`, cb];
  });
}

// The trait's current value: the patched one, else the model's.
export function patchedGet(model, name) {
  const own = model.get(name);
  const entry = overlays.get(model.get("map_data") || model)?.values[name];
  return entry && entry.base === own ? entry.value : own;
}

// Apply the patch message `msg` once per model (every view of the board hears it; the first one
// applies it) and return the names of the traits it changed, in the kernel's order.
export function applyPatch(model, msg) {
  const o = overlayOf(model);
  const names = Object.keys(msg.traits || {});
  if (msg.seq > o.seq) {
    o.seq = msg.seq;
    for (const name of names) {
      const value = applyEntry(patchedGet(model, name), msg.traits[name]);
      o.values[name] = { base: model.get(name), value };
    }
  }
  return names;
}
