// A stand-in for anywidget's front-end model: get / set / on / off / send / save_changes.
// Test helpers (not part of the contract) start with an underscore.
//
// With `record`, every value `get` returns is wrapped in a Proxy that notes each field the front
// end reads ("hints.targets.*.dice" as "hints.targets.alaska.dice", an array's items as "[]"), so
// a test can check that js/ reads no field the schema lacks (`_reads`).
const SKIPPED = new Set(["toJSON", "then", "constructor"]);

function recorder(reads) {
  const proxies = new WeakMap();
  const wrap = (value, path) => {
    if (value === null || typeof value !== "object") return value;
    if (proxies.has(value)) return proxies.get(value);
    const isArray = Array.isArray(value);
    const field = (key) => {
      if (typeof key !== "string" || SKIPPED.has(key)) return null;
      if (isArray) return /^[0-9]+$/.test(key) ? `${path}[]` : null; // length, map, ...
      if (!Object.prototype.hasOwnProperty.call(value, key) && key in Object.prototype) return null;
      return `${path}.${key}`;
    };
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        const name = field(key);
        if (name) reads.add(name);
        const got = Reflect.get(target, key, receiver);
        return name ? wrap(got, name) : got;
      },
      has(target, key) {
        const name = field(key);
        if (name) reads.add(name);
        return Reflect.has(target, key);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  return wrap;
}

export function createModel(initial, { record = false } = {}) {
  const state = { ...initial };
  const reads = new Set();
  const wrap = record ? recorder(reads) : (value) => value;
  const listeners = new Map(); // event name -> Set of callbacks
  const sent = [];
  const written = []; // trait writes from the front end (set, save_changes), which the kernel refuses

  function emit(name, ...args) {
    for (const cb of [...(listeners.get(name) || [])]) cb(...args);
  }

  return {
    get(key) {
      return wrap(state[key], key);
    },
    set(key, value) {
      written.push(key);
      state[key] = value;
      emit(`change:${key}`, value);
      emit("change", key, value);
    },
    on(name, cb) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(cb);
    },
    off(name, cb) {
      if (!name) return listeners.clear();
      if (!cb) return listeners.delete(name);
      listeners.get(name)?.delete(cb);
    },
    // With a `pySend` binding (Playwright's expose_function) the message goes to a real Python
    // board, and the trait changes it returns arrive like a kernel update; the custom messages
    // the kernel sent back, if the binding returns them under `__messages__`, arrive after them.
    async send(content) {
      sent.push(JSON.parse(JSON.stringify(content)));
      if (typeof window.pySend !== "function") return;
      const reply = (await window.pySend(content)) || {};
      // the kernel's own comm messages, in the order it sent them (trait updates and patches)
      if (reply.__comm__) return this._comm(reply.__comm__);
      const messages = reply.__messages__ || [];
      delete reply.__messages__;
      this._update(reply);
      for (const m of messages) this._message(m);
    },
    // The comm messages a kernel sent: each update, each custom message (a patch) in turn.
    _comm(messages) {
      for (const m of messages) {
        if (m.method === "update") this._update(m.state);
        else if (m.method === "custom") this._message(m.content);
      }
    },
    // Like a custom message from the kernel (anywidget's "msg:custom").
    _message(content) {
      emit("msg:custom", content, []);
    },
    save_changes() {
      written.push("save_changes");
    },
    // Like one kernel message: every value is stored first, then the change events fire.
    _update(changes) {
      changes = changes || {};
      Object.assign(state, changes);
      for (const [k, v] of Object.entries(changes)) emit(`change:${k}`, v);
      emit("change");
    },
    _sent: sent,
    _reads: reads,
    _written: written,
    _listenerCount() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}

// Load an ESM the way anywidget does: the default export's initialize() and render(), each
// of which may return a cleanup function.
export async function mountWidget(url, model, el) {
  const mod = await import(url);
  let widget = mod.default ?? mod;
  if (typeof widget === "function") widget = await widget();
  const cleanups = [];
  const a = await widget.initialize?.({ model });
  if (typeof a === "function") cleanups.push(a);
  const b = await widget.render?.({ model, el });
  if (typeof b === "function") cleanups.push(b);
  return {
    async cleanup() {
      for (const c of cleanups.reverse()) await c();
    },
  };
}
