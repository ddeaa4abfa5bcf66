// The browser board: MicroPython's WebAssembly port running the table's application
// (app.pack: the same compiled modules as a board's flash, with the port's adapters in
// web/).  This page is the board's hardware: the canvas is the OLED (the display's frame
// buffer, 128x64 MONO_VLSB, painted after each redraw), the buttons and the keyboard are
// the 4x4 keypad (the bitmap of the keys held, fed to the application's own keypad: its
// debounce and long press), IndexedDB is the flash (the files of /table, copied at each
// os.sync; a redraw is painted only once every copy before it is committed, so "saved"
// shows after the storage has it), and fetch is the Wi-Fi (web/streams.py).
import { loadMicroPython } from "./micropython.mjs";

const KEYS = "123A456B789C*0#D";
const ROOT = "/table";
const DB_NAME = "mahjong-terminal";
const STORE = "files";
const POLL_MS = 10;             // the keys' bitmap given again while a key is held or settling
const SETTLE_MS = 100;          // after the last change: the keypad's debounce (20 ms) is over
// The status screen's keys (docs/keys.md), by the settings' language.
const HINTS = {
  en: { A: "draw", B: "events", C: "history", D: "settings", "*": "back/undo", "#": "ok/more", "0": "new" },
  "zh-Hant": { A: "流局", B: "事件", C: "紀錄", D: "設定", "*": "返回", "#": "確定", "0": "新局" },
  "zh-Hans": { A: "流局", B: "事件", C: "记录", D: "设定", "*": "返回", "#": "确定", "0": "新局" },
};

const terminal = {
  ready: false, mp: null, keysFn: null, held: 0, lastChange: 0, timer: null,
  pending: Promise.resolve(), synced: new Map(), db: null, frames: 0, saves: 0,
  unsynced: 0, keys: 0, upAt: 0, readyAt: 0, lastKey: null, keyAt: 0, drawnAt: 0, lastFrame: null, failed: null,
};
globalThis.terminal = terminal;

function setState(text, bad) {
  const el = document.getElementById("state");
  el.textContent = text;
  el.className = bad ? "bad" : "";
}

// ---- the flash: IndexedDB, one record a file of /table ---------------------------------
function openDB() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function readAll(db) {
  return new Promise((resolve, reject) => {
    const out = new Map();
    const req = db.transaction(STORE).objectStore(STORE).openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (!c) return resolve(out);
      out.set(c.key, new Uint8Array(c.value));
      c.continue();
    };
    req.onerror = () => reject(req.error);
  });
}

function same(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// os.sync(): the files of /table that changed since the last sync, written in one
// transaction; terminal.pending settles when it is committed.
terminal.sync = function () {
  const FS = terminal.mp.FS;
  const now = new Map();
  for (const name of FS.readdir(ROOT)) {
    if (name === "." || name === "..") continue;
    now.set(name, FS.readFile(ROOT + "/" + name));
  }
  const put = [], del = [];
  for (const [name, data] of now) if (!same(terminal.synced.get(name), data)) put.push([name, data]);
  for (const name of terminal.synced.keys()) if (!now.has(name)) del.push(name);
  if (!put.length && !del.length) return;
  terminal.synced = now;
  terminal.saves++;
  terminal.unsynced++;
  const db = terminal.db;
  terminal.pending = terminal.pending.then(() => new Promise((resolve) => {
    const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
    const st = tx.objectStore(STORE);
    for (const [name, data] of put) st.put(data.slice().buffer, name);
    for (const name of del) st.delete(name);
    tx.oncomplete = () => { terminal.unsynced--; resolve(); };
    tx.onerror = tx.onabort = () => {
      terminal.unsynced--;
      terminal.failed = "storage refused a write: " + tx.error;
      setState(terminal.failed, true);
      resolve();
    };
  }));
};

// os.urandom(n): hex of n bytes from the browser's cryptographic source.
terminal.urandom = function (n) {
  const b = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
};

// ---- the OLED: the frame buffer painted on the canvas ----------------------------------
terminal.paint = function (addr, size, w, h) {
  const fb = terminal.mp._module.HEAPU8.slice(addr, addr + size);   // the picture now
  terminal.pending.then(() => draw(fb, w, h));
};

function draw(fb, w, h) {
  const canvas = document.getElementById("screen");
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(w, h);
  const px = img.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = (fb[(y >> 3) * w + x] >> (y & 7)) & 1;
      const i = (y * w + x) * 4;
      px[i] = px[i + 1] = px[i + 2] = on ? 255 : 0;
      px[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  terminal.lastFrame = fb;
  terminal.frames++;
  terminal.drawnAt = performance.now();
}

// A key the application handled (ui/app.py's on_key): counted, for the tests and the bench.
terminal.handled = function (key, long, changed) {
  terminal.keys++;
  terminal.lastKey = long ? "~" + key : key;
  terminal.keyAt = performance.now();
};

// ---- the keypad: touch, mouse and keyboard, one bitmap of the keys held ----------------
function feed() {
  if (terminal.keysFn) terminal.keysFn(terminal.held);
  const settled = performance.now() - terminal.lastChange > SETTLE_MS;
  if (!terminal.held && settled) {
    clearInterval(terminal.timer);
    terminal.timer = null;
  }
}

function setKey(i, down) {
  const bit = 1 << i;
  const held = down ? terminal.held | bit : terminal.held & ~bit;
  if (held === terminal.held) return;
  terminal.held = held;
  terminal.lastChange = performance.now();
  if (!down) terminal.upAt = terminal.lastChange;     // a short press counts at release
  const b = document.querySelector(`#keypad button[data-i="${i}"]`);
  if (b) b.classList.toggle("held", down);
  feed();
  if (!terminal.timer) terminal.timer = setInterval(feed, POLL_MS);
}

function buildKeypad(lang) {
  const pad = document.getElementById("keypad");
  const hints = HINTS[lang] || HINTS.en;
  pad.textContent = "";
  [...KEYS].forEach((k, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.i = i;
    b.dataset.key = k;
    if ("ABCD".includes(k)) b.className = "letter";
    b.append(k);
    if (hints[k]) {
      const s = document.createElement("small");
      s.textContent = hints[k];
      b.append(s);
    }
    const down = (e) => { e.preventDefault(); b.setPointerCapture?.(e.pointerId); setKey(i, true); };
    const up = (e) => { e.preventDefault(); setKey(i, false); };
    b.addEventListener("pointerdown", down);
    b.addEventListener("pointerup", up);
    b.addEventListener("pointercancel", up);
    b.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is a long press
    pad.append(b);
  });
  const index = (e) => KEYS.indexOf(e.key.length === 1 ? e.key.toUpperCase() : "");
  window.addEventListener("keydown", (e) => {
    const i = index(e);
    if (i < 0 || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (!e.repeat) setKey(i, true);
  });
  window.addEventListener("keyup", (e) => {
    const i = index(e);
    if (i >= 0) setKey(i, false);
  });
}

// ---- the Wi-Fi: the organiser that served this page, by fetch --------------------------
terminal.post = async function (path, signature, body, type) {
  const r = await fetch(path, {
    method: "POST", body, cache: "no-store", credentials: "omit",
    headers: { "Content-Type": type, "X-Signature": signature },
  });
  // the organiser's MAC over its answer (docs/upload.md, version 2): netlink checks it
  return { status: r.status, text: await r.text(),
           mac: r.headers.get("X-Answer-Signature") || "" };
};

// ---- the board's power-on --------------------------------------------------------------
// The registration's fragment (#device=..&secret=..&table=..): never sent to the server;
// written into the settings, then taken off the address bar.
function registration() {
  const f = new URLSearchParams(location.hash.slice(1));
  if (!f.get("device") || !f.get("secret")) return null;
  const reg = { device: f.get("device"), secret: f.get("secret") };
  if (f.get("table") && /^\d+$/.test(f.get("table"))) reg.table = parseInt(f.get("table"), 10);
  return reg;
}

// The organiser that served this page, as the settings name it: its host and the path
// before /terminal/ (an event of a league is under /e/<event>).  netlink takes only
// http:// addresses; web/streams.py posts to the page's own origin, over HTTPS where the
// page came over HTTPS.
function organiserAddress() {
  const i = location.pathname.lastIndexOf("/terminal/");
  return "http://" + location.host + (i > 0 ? location.pathname.slice(0, i) : "");
}

function readJSON(FS, path) {
  try { return JSON.parse(new TextDecoder().decode(FS.readFile(path))); } catch { return null; }
}

function unpack(FS, data) {
  const n = new DataView(data.buffer, data.byteOffset).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(data.subarray(4, 4 + n)));
  const base = 4 + n;
  FS.mkdir("/app");
  for (const [path, [off, size]] of Object.entries(index)) {
    const parts = path.split("/");
    let dir = "/app";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      try { FS.mkdir(dir); } catch { /* there already */ }
    }
    FS.writeFile("/app/" + path, data.subarray(base + off, base + off + size));
  }
}

async function boot() {
  const t0 = performance.now();
  const out = (s) => console.log(s);
  const [mp, pack, db] = await Promise.all([
    loadMicroPython({ stdout: out, stderr: out, heapsize: 4 * 1024 * 1024 }),
    fetch("app.pack").then((r) => {
      if (!r.ok) throw new Error("app.pack: " + r.status);
      return r.arrayBuffer();
    }),
    openDB(),
  ]);
  terminal.mp = mp;
  terminal.db = db;
  const FS = mp.FS;
  unpack(FS, new Uint8Array(pack));
  FS.mkdir(ROOT);
  const files = await readAll(db);
  for (const [name, data] of files) FS.writeFile(ROOT + "/" + name, data);
  terminal.synced = files;
  const reg = registration();
  let cfg = readJSON(FS, ROOT + "/settings.json") || {};
  if (reg) {
    cfg = Object.assign(cfg, reg, { organiser: organiserAddress() });
    FS.writeFile(ROOT + "/settings.json", JSON.stringify(cfg));
    terminal.sync();
    await terminal.pending;
    history.replaceState(null, "", location.pathname + location.search);
  }
  buildKeypad(cfg.lang || "zh-Hant");
  mp.runPython("import sys\nsys.path.insert(0, '/app')\nimport os\nos.chdir('/app')");
  mp.runPython("import web.main");
  const main = mp.pyimport("web.main");
  terminal.app = main.app;
  terminal.keysFn = main.keys;
  await terminal.pending;
  terminal.ready = true;
  terminal.readyAt = performance.now();               // since the navigation started
  terminal.readyMs = terminal.readyAt - t0;
  setState(cfg.device ? "table " + (cfg.table ?? "?") + " · " + cfg.device : "not registered: scoring on this phone only");
}

// Over HTTPS (a certificate the phones trust): installable on the home screen (the web app
// manifest) and reloaded with no network (the service worker).  On a venue's plain HTTP
// neither is offered by browsers: the page works while it stays open.
function installable() {
  if (location.protocol !== "https:" || !("serviceWorker" in navigator)) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "manifest.webmanifest";
  document.head.append(link);
  navigator.serviceWorker.register("sw.js").catch((e) => console.log("service worker: " + e));
}

installable();
boot().catch((e) => {
  terminal.failed = String(e && e.message || e);
  setState("could not start: " + terminal.failed, true);
  console.error(e);
});
