// The project's driver for the emulated Raspberry Pi Pico (../shared/pico, imported by path):
// boots a UF2 with a LittleFS image, the keypad model on the board's matrix pins and the
// SSD1306 model on I2C, then obeys JSON commands, one a line on stdin, answering one JSON
// line each on stdout (host_tools/board/pico.py is the Python side).  The board runs only while a
// command waits on it, so a run is deterministic in emulated time.
//
//   node harness.mjs '{"uf2": ..., "fs": "fs.img", "keypad": {"rows": [..], "cols": [..],
//                      "keys": "123A456B789C*0#D"}, "oled": {"bus": 0, "address": 60},
//                      "hold": "*", "flashTiming": "typ"}'
//   ("firmware": "circuitpython" boots CircuitPython, "fs" then a FAT image; "oled": {"pins":
//    {"scl": 5, "sda": 4}} puts the I2C bus at pin level for its probes)
//
// Commands ({"cmd": name, ...}); every answer carries "ok" and "t" (emulated ms):
//   exec {code, timeout_ms}            raw-REPL exec (interrupts main.py) -> stdout, stderr
//   launch {code}                      start code in the raw REPL and return at once; its
//                                      output goes to the serial log (for a running app)
//   soft_reset {}                      raw-REPL soft reset: fresh heap, boot.py, not main.py
//   wait {ms}                          run the board for ms
//   wait_serial {pattern, timeout_ms}  run until the serial log past the mark matches the
//                                      regex; the mark moves past the match -> match, groups
//   serial {}                          serial text past the mark (the mark moves to the end)
//   write {data}                       bytes (latin1 string) to the board's USB serial
//   press {key, ms}  down {key}  up {key}  release_all {}
//   type {keys, hold_ms, gap_ms}       keys pressed one after another; runs until the last gap
//                                      ("~k": k held long_ms, 700: a long press)
//   screen {png, scale}                OLED picture: text art (#/.), GDDRAM hex; PNG to a file
//   read_fs {out}                      filesystem region of flash to a file
//   stats {}                           flash stats, OLED stats, key log, watchdog (enabled,
//                                      emulated ms it fired at: the emulator resets nothing)
//   quit {}
import fs from 'fs';
import path from 'path';
import readline from 'readline';
import { fileURLToPath, pathToFileURL } from 'url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PICOKIT = process.env.PICOKIT || path.resolve(HERE, '../../../../shared/pico');
const kit = (name) => import(pathToFileURL(path.join(PICOKIT, name)).href);
const { createPico } = await kit('pico.mjs');
const { attachKeypad } = await kit('keypad.mjs');
const { attachSSD1306 } = await kit('ssd1306.mjs');

const cfg = JSON.parse(process.argv[2] || '{}');
const out = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

const board = await createPico({
  firmware: cfg.firmware || 'micropython',
  uf2: cfg.uf2 || undefined,
  fsImage: cfg.fs ? new Uint8Array(fs.readFileSync(cfg.fs)) : null,
  flashTiming: cfg.flashTiming || 'typ',
  boot: false,
});
const emuMs = () => board.emuNanos() / 1e6;

// the watchdog: rp2040js counts it down but resets nothing when it fires (and, left
// enabled, fires again at every tick): the harness keeps the emulated time it fired at
// (stats) and stops it, as the reset of a real chip would, so a test sees whether the
// application fed it
const wdt = board.mcu.peripherals[0x40058];
const wdtFired = [];
if (wdt) {
  wdt.onWatchdogTrigger = () => {
    wdtFired.push(emuMs());
    wdt.enable = false; wdt.timer.enable = false; wdt.alarm.enable = false;
  };
}

// serial log: every byte the board sends, and a mark up to which it has been consumed
let serialBuf = Buffer.alloc(0);
let mark = 0;
let serialWaiter = null;
board.serial.onData = (bytes) => {
  serialBuf = Buffer.concat([serialBuf, Buffer.from(bytes)]);
  if (serialWaiter) serialWaiter();
};
const serialText = () => serialBuf.subarray(mark).toString('utf8');

let keypad = null;
if (cfg.keypad) {
  const legends = cfg.keypad.keys || '123A456B789C*0#D';
  const n = cfg.keypad.cols.length;
  const keys = cfg.keypad.rows.map((_, r) => [...legends.slice(r * n, r * n + n)]);
  keypad = attachKeypad(board.mcu, { rows: cfg.keypad.rows, cols: cfg.keypad.cols, keys });
}
let oled = null;
if (cfg.oled) {
  // pins: the bus at pin level too (CircuitPython's busio.I2C checks the pull-ups and probes)
  oled = attachSSD1306(board.mcu, { bus: cfg.oled.bus ?? 0, address: cfg.oled.address ?? 0x3c,
                                     timing: cfg.oled.timing || 'scl', pins: cfg.oled.pins });
}

// power on, with keys held if asked (safe mode), until USB enumerates and a little after
for (const k of cfg.hold || '') keypad.down(k);
await board.runUntil(board.connected, { timeoutEmuMs: cfg.bootTimeoutMs ?? 5000,
                                        timeoutHostMs: 120000, what: 'boot' });
await board.wait(cfg.settleMs ?? 50);

function needKeypad() { if (!keypad) throw new Error('no keypad attached'); return keypad; }

function waitSerial(pattern, timeoutMs) {
  const re = new RegExp(pattern);
  const test = () => {
    const text = serialText();
    const m = re.exec(text);
    if (!m) return null;
    mark += Buffer.byteLength(text.slice(0, m.index + m[0].length), 'utf8');
    return { match: m[0], groups: m.slice(1), at: emuMs() };
  };
  const now = test();
  if (now) return Promise.resolve(now);
  const p = new Promise((resolve) => {
    serialWaiter = () => { const r = test(); if (r) { serialWaiter = null; board.requestYield(); resolve(r); } };
  });
  return board.runUntil(p, { timeoutEmuMs: timeoutMs, timeoutHostMs: 600000, what: `wait_serial(${pattern})` })
    .finally(() => { serialWaiter = null; });
}

const RAW_PROMPT = 'raw REPL; CTRL-B to exit\r\n>';

const commands = {
  async exec({ code, timeout_ms = 60000 }) {
    const r = await board.exec(code, { timeoutEmuMs: timeout_ms, timeoutHostMs: 600000 });
    mark = serialBuf.length; // the exec's framing is not serial output for wait_serial
    return r;
  },
  async launch({ code }) {
    await board.enterRawRepl();
    mark = serialBuf.length;
    board.serial.write(Buffer.from(code, 'utf8'));
    board.serial.write('\x04');
    board.resetReplState(); // the next exec interrupts this code with Ctrl-C
    const r = await waitSerial('^OK', 10000);
    return { started: r.at };
  },
  async soft_reset({ timeout_ms = 10000 }) {
    await board.enterRawRepl();
    mark = serialBuf.length;
    board.serial.write('\x04');
    board.resetReplState();
    await waitSerial('soft reboot', timeout_ms);
    await waitSerial(RAW_PROMPT.replace(/[.*+?^${}()|[\]\\;]/g, '\\$&'), timeout_ms);
    return {};
  },
  async wait({ ms }) { await board.wait(ms); return {}; },
  async wait_serial({ pattern, timeout_ms = 10000 }) { return waitSerial(pattern, timeout_ms); },
  async serial() { const text = serialText(); mark = serialBuf.length; return { text }; },
  async write({ data }) { board.serial.write(data); return {}; },
  async press({ key, ms = 50 }) { const t = await board.runUntil(needKeypad().press(key, ms)); return { released: t / 1e6 }; },
  async down({ key }) { needKeypad().down(key); return {}; },
  async up({ key }) { needKeypad().up(key); return {}; },
  async release_all() { needKeypad().releaseAll(); return {}; },
  async type({ keys, hold_ms = 50, gap_ms = 50, long_ms = 700 }) {
    const t0 = emuMs();
    // "~k" in a string: k held long_ms, a long press (the firmware's is 600 ms)
    const parts = typeof keys === 'string' ? keys.split(/(~.)/) : [keys];
    for (const part of parts) {
      if (!part || !part.length) continue;
      if (typeof part === 'string' && part[0] === '~') {
        await board.runUntil(needKeypad().press(part[1], long_ms));
        await board.wait(gap_ms);
      } else {
        await board.runUntil(needKeypad().type(part, { holdMs: hold_ms, gapMs: gap_ms }));
      }
    }
    return { started: t0 };
  },
  async screen({ png = null, scale = 4 }) {
    if (!oled) throw new Error('no OLED attached');
    if (png) fs.writeFileSync(png, oled.toPNG({ scale }));
    return { text: oled.toText(), ram: Buffer.from(oled.ram).toString('hex'), state: oled.state,
             frames: oled.stats.frames };
  },
  async read_fs({ out: file }) { fs.writeFileSync(file, board.readFs()); return {}; },
  async stats() {
    return { flash: board.flashStats, oled: oled ? oled.stats : null,
             watchdog: { enabled: !!(wdt && wdt.enable), fired: wdtFired },
             keys: keypad ? keypad.log.map((e) => ({ t: e.t / 1e6, key: e.key, down: e.down })) : [] };
  },
};

out({ ok: true, t: emuMs(), boot: board.bootText });
const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  let req;
  try { req = JSON.parse(line); } catch (e) { out({ ok: false, error: 'bad JSON: ' + e.message }); continue; }
  if (req.cmd === 'quit') { out({ ok: true, t: emuMs() }); break; }
  const fn = commands[req.cmd];
  if (!fn) { out({ ok: false, error: 'unknown command ' + req.cmd, t: emuMs() }); continue; }
  try {
    const r = await fn(req);
    out({ ok: true, t: emuMs(), ...r });
  } catch (e) {
    out({ ok: false, t: emuMs(), error: String(e && e.message || e), kind: e && e.kind || null });
  }
}
process.exit(0);
