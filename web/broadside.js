// Broadside in a browser: the page around boards/web.py (MicroPython WebAssembly).
//
// CONTRACT (the browser tests rely on it; keep it stable):
//   <canvas id="screen">            the OLED, 128x64, lit pixels light on black
//   window.broadside = {
//     state:  "loading" | "running" | "error",
//     error:  the error text when state is "error" (also shown on the page),
//     frames: App steps run so far (all interpreters of this tab),
//     pixels(): Uint8Array(8192) of 0/1, row-major, 1 = lit: the panel's RAM as the
//               simulator's SSD1306 model shows it (host_tools/sim/screens.py decode()),
//     press(name, ms=100): hold "UP" | "DOWN" | "LEFT" | "RIGHT" | "A" | "B" for ms,
//     id, cable, heap, prefix: this handheld's id, cable name, heap cap, localStorage prefix,
//     loadMs: ms from navigation start to the first frame, restarts: interpreter restarts,
//     memory(): {alloc, peak, cap} bytes of the interpreter's heap: in use now, the most in
//               use after any frame since the interpreter started (garbage included), the cap,
//     crashes: firmware crashes (its crash screen shows), crash: the last one's traceback,
//     timing: {files, wasm, boot} ms from navigation start: the install fetched, the
//             interpreter ready, the firmware booted (the menu drawn),
//     peer: the linked tab's token or null, link: "alone" | "linked" | "busy" | "serial",
//   }
//   Keys: arrows, z / Enter = A, x / Backspace = B (a press shorter than a frame still counts).
//   URL:  ?cable=NAME  the BroadcastChannel (default "broadside"): two tabs on one name are
//                      two handhelds on one cable; a third tab on it stays unlinked ("busy")
//         ?id=N        this handheld's id (saves); default: the lowest id no other open tab
//                      of this cable uses, kept for the tab's session (a reload keeps it)
//         ?heap=N      heap cap in bytes (or 192K, 1M); default 1M: a page is not a Pico
//                      (tests/web/test_web_memory.py caps it at the unix port's 192K)
//         ?fresh=1     clear this handheld's saves before start
//         ?tint=white|blue|yellow
//   Saves: localStorage keys "broadside/<cable>/<id>/saves/<name>", written by the firmware's
//   own core/storage.py (header, CRC-32, NAME.tmp then rename, NAME.bak).

const params = new URLSearchParams(location.search);
const CABLE = params.get("cable") || "broadside";
const HEAP = parseSize(params.get("heap")) || 1024 * 1024;
const PYSTACK = 16 * 1024;
const FRAME_MS = 33;
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"]; // core/hal.py bit order
const KEYS = {
  ArrowUp: 1, ArrowDown: 2, ArrowLeft: 4, ArrowRight: 8,
  z: 16, Z: 16, Enter: 16, x: 32, X: 32, Backspace: 32,
};
const TINTS = { white: [235, 240, 255], blue: [110, 190, 255], yellow: [110, 190, 255] };
const t0 = performance.now();
const token = Math.random().toString(36).slice(2, 10);

const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx2d = canvas.getContext("2d");
const image = ctx2d.createImageData(128, 64);
const ram = new Uint8Array(1024);
let contrast = 255;
let tint = params.get("tint") || localStorage.getItem("broadside/tint") || "white";

const bs = (window.broadside = {
  state: "loading", error: "", frames: 0, loadMs: null, restarts: 0, timing: {}, crashes: 0, crash: "",
  cable: CABLE, heap: HEAP, id: null, prefix: null, peer: null, link: "alone",
  pixels, press, memory,
});

function parseSize(s) {
  if (!s) return 0;
  const m = /^(\d+)([kKmM]?)$/.exec(s);
  if (!m) return 0;
  return parseInt(m[1], 10) * ({ k: 1024, m: 1048576 }[m[2].toLowerCase()] || 1);
}

function status(text) { $("status").textContent = text; }

function fail(text) {
  bs.state = "error";
  bs.error = String(text);
  status("stopped");
  const el = $("error");
  el.textContent = bs.error;
  el.style.display = "block";
  console.error("broadside:", bs.error);
}

// ---- this handheld's id and saves -------------------------------------------------
const LIVE = `broadside/${CABLE}/live/`;

function pickId() {
  if (params.get("id")) return params.get("id");
  const fresh = (id) => {
    const v = localStorage.getItem(LIVE + id);
    if (!v) return false;
    const [who, at] = v.split(" ");
    return who !== token && Date.now() - Number(at) < 3000;
  };
  const mine = sessionStorage.getItem(`broadside/${CABLE}/id`);
  if (mine && !fresh(mine)) return mine;
  for (let i = 1; ; i++) if (!fresh(String(i))) return String(i);
}

function claimId() {
  bs.id = pickId();
  bs.prefix = `broadside/${CABLE}/${bs.id}/`;
  sessionStorage.setItem(`broadside/${CABLE}/id`, bs.id);
  const beat = () => localStorage.setItem(LIVE + bs.id, token + " " + Date.now());
  beat();
  setInterval(beat, 1000);
  addEventListener("pagehide", () => localStorage.removeItem(LIVE + bs.id));
  if (params.get("fresh") === "1") {
    const gone = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(bs.prefix)) gone.push(k);
    }
    gone.forEach((k) => localStorage.removeItem(k));
  }
}

// ---- the screen -------------------------------------------------------------------
function pixels() {
  const out = new Uint8Array(8192);
  for (let y = 0; y < 64; y++)
    for (let x = 0; x < 128; x++) out[y * 128 + x] = (ram[(y >> 3) * 128 + x] >> (y & 7)) & 1;
  return out;
}

function paint() {
  const lit = TINTS[tint] || TINTS.white;
  const k = 0.45 + 0.55 * (contrast / 255); // dimmer, never dark: the OLED's contrast
  const d = image.data;
  for (let y = 0; y < 64; y++) {
    // yellow/blue panels: the top 16 rows are yellow
    const c = tint === "yellow" && y < 16 ? [255, 214, 90] : lit;
    for (let x = 0; x < 128; x++) {
      const on = (ram[(y >> 3) * 128 + x] >> (y & 7)) & 1;
      const i = (y * 128 + x) * 4;
      d[i] = on ? c[0] * k : 0; d[i + 1] = on ? c[1] * k : 0; d[i + 2] = on ? c[2] * k : 0; d[i + 3] = 255;
    }
  }
  ctx2d.putImageData(image, 0, 0);
}

let paintQueued = false;
function queuePaint() {
  if (paintQueued) return;
  paintQueued = true;
  requestAnimationFrame(() => { paintQueued = false; paint(); });
  if (document.hidden) { paintQueued = false; paint(); } // no animation frames in a hidden tab
}

function toHex(bytes) {
  let s = "";
  for (const b of bytes) s += (b < 16 ? "0" : "") + b.toString(16);
  return s;
}

// ---- buttons: keys, the on-screen pad, press() --------------------------------------
let held = 0; // keys and touches held now
let taps = []; // presses not seen by a frame yet (a press may be shorter than a frame)
let lastTaps = 0;

function down(bit) { held |= bit; taps.push(bit); audio(); }
function up(bit) { held &= ~bit; }

function frameMask() {
  let m = 0;
  const rest = [];
  for (const b of taps) {
    // a second press of a button needs a frame without it between
    if (m & b || lastTaps & b) rest.push(b); else m |= b;
  }
  taps = rest;
  lastTaps = m;
  return held | m;
}

function press(name, ms = 100) {
  const i = BUTTONS.indexOf(String(name).toUpperCase());
  if (i < 0) throw new Error("no button " + name + " (UP, DOWN, LEFT, RIGHT, A, B)");
  const bit = 1 << i;
  down(bit);
  setTimeout(() => up(bit), ms);
}

addEventListener("keydown", (e) => {
  const bit = KEYS[e.key];
  if (!bit || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (!e.repeat) down(bit);
});
addEventListener("keyup", (e) => { const bit = KEYS[e.key]; if (bit) { e.preventDefault(); up(bit); } });
addEventListener("blur", () => { held = 0; });

for (const el of document.querySelectorAll("[data-btn]")) {
  const bit = 1 << BUTTONS.indexOf(el.dataset.btn);
  const on = (e) => { e.preventDefault(); el.classList.add("down"); down(bit); };
  const off = (e) => { e.preventDefault(); el.classList.remove("down"); up(bit); };
  el.addEventListener("pointerdown", (e) => { el.setPointerCapture?.(e.pointerId); on(e); });
  el.addEventListener("pointerup", off);
  el.addEventListener("pointercancel", off);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

$("tint").value = TINTS[tint] ? tint : "white";
$("tint").addEventListener("change", (e) => {
  tint = e.target.value;
  localStorage.setItem("broadside/tint", tint);
  paint();
  e.target.blur();
});

// ---- sound: the piezo as a WebAudio square wave --------------------------------------
let actx = null;
let osc = null;
let gain = null;
function audio() { // browsers start audio only after a gesture: the first press
  if (actx || !window.AudioContext) return;
  try {
    actx = new AudioContext();
    osc = actx.createOscillator();
    gain = actx.createGain();
    osc.type = "square";
    gain.gain.value = 0;
    osc.connect(gain).connect(actx.destination);
    osc.start();
  } catch (e) { actx = null; }
}
function tone(hz) {
  if (!actx) return;
  const now = actx.currentTime;
  if (hz > 0) { osc.frequency.setValueAtTime(hz, now); gain.gain.setValueAtTime(0.04, now); }
  else gain.gain.setValueAtTime(0, now);
}

// ---- the link cable: BroadcastChannel between two tabs --------------------------------
// Messages: {t: "hello"|"hi"|"busy"|"bye"|"ping"|"data", from, to, bytes}. Two tabs that find
// each other (hello / hi) carry bytes only for each other; a third hears "busy" and waits.
let rxQueue = []; // Uint8Arrays received, not yet handed to the firmware
let channel = null;
let heardAt = 0;

function setPeer(p) {
  bs.peer = p;
  bs.link = p ? "linked" : bs.link === "busy" || bs.link === "serial" ? bs.link : "alone";
  heardAt = Date.now();
  const names = { linked: "cable: linked to another tab", alone: "cable: waiting for a second tab",
    busy: "cable: two other tabs are already linked", serial: "cable: a handheld on USB serial" };
  $("cable").textContent = names[bs.link] + ` (${CABLE}, handheld ${bs.id})`;
}

function post(msg) { if (channel) channel.postMessage(Object.assign({ from: token }, msg)); }

function openCable() {
  if (!window.BroadcastChannel) { $("cable").textContent = "cable: this browser has no BroadcastChannel"; return; }
  channel = new BroadcastChannel("broadside-cable/" + CABLE);
  channel.onmessage = ({ data: m }) => {
    if (!m || m.from === token || (m.to && m.to !== token)) return;
    if (serial) { if (m.t === "hello") post({ t: "busy", to: m.from }); return; }
    if (m.from === bs.peer) heardAt = Date.now();
    switch (m.t) {
      case "hello":
        if (!bs.peer || bs.peer === m.from) { setPeer(m.from); post({ t: "hi", to: m.from }); }
        else post({ t: "busy", to: m.from });
        break;
      case "hi":
        if (!bs.peer || bs.peer === m.from) setPeer(m.from); else post({ t: "busy", to: m.from });
        break;
      case "busy":
        if (bs.peer === m.from) { bs.link = "busy"; setPeer(null); }
        else if (!bs.peer) { bs.link = "busy"; setPeer(null); }
        break;
      case "bye":
        if (bs.peer === m.from) { bs.link = "alone"; setPeer(null); post({ t: "hello" }); }
        else if (!bs.peer) post({ t: "hello" }); // a place on the cable came free
        break;
      case "data":
        if (m.from === bs.peer && m.bytes) rxQueue.push(m.bytes);
        break;
    }
  };
  addEventListener("pagehide", () => post({ t: "bye" }));
  setPeer(null);
  post({ t: "hello" });
  setInterval(() => { // a tab that vanished without "bye" (crashed, killed): unplugged
    if (serial) return;
    if (bs.peer) { post({ t: "ping", to: bs.peer }); if (Date.now() - heardAt > 5000) { setPeer(null); post({ t: "hello" }); } }
    else if (bs.link !== "busy") post({ t: "hello" });
  }, 1000);
}

// ---- the cable to a real handheld: Web Serial (Chromium), a USB-UART adapter at 115200 8N1 ----
// GP8 (TX) of the handheld to the adapter's RX, GP9 (RX) to its TX, GND to GND.
let serial = null;

async function connectSerial() {
  try {
    const port = await navigator.serial.requestPort();
    await port.open({ baudRate: 115200, dataBits: 8, stopBits: 1, parity: "none" });
    if (bs.peer) post({ t: "bye" }); // the tab cable is let go: the handheld's is plugged in
    serial = { port, writer: port.writable.getWriter() };
    bs.link = "serial";
    setPeer(null);
    $("serial").textContent = "Disconnect the handheld";
    const reader = port.readable.getReader();
    serial.reader = reader;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (value && value.length) rxQueue.push(value);
    }
  } catch (e) {
    if (serial) console.warn("broadside: serial cable:", e);
  }
  disconnectSerial();
}

async function disconnectSerial() {
  const s = serial;
  serial = null;
  $("serial").textContent = "Connect a handheld (USB serial)";
  if (bs.link === "serial") { bs.link = "alone"; setPeer(null); post({ t: "hello" }); }
  if (!s) return;
  try { s.reader && (await s.reader.cancel()); } catch (e) { /* gone */ }
  try { s.writer.releaseLock(); s.reader && s.reader.releaseLock(); await s.port.close(); } catch (e) { /* gone */ }
}

if (navigator.serial) {
  $("serial").hidden = false;
  $("serial").addEventListener("click", (e) => {
    e.target.blur();
    if (serial) disconnectSerial(); else connectSerial();
  });
}

// ---- the interpreter ---------------------------------------------------------------
const heap = () => current._module.HEAPU8; // a new view whenever the wasm memory grows
const io = {
  show() { // during the boot the address is not known yet: start() reads the panel after it
    if (screenAt) { ram.set(heap().subarray(screenAt, screenAt + 1024)); queuePaint(); }
  },
  contrast(n) { contrast = n; queuePaint(); },
  tone(hz) { tone(hz); },
  send(at, n) {
    if (!screenAt) return; // booting
    const bytes = heap().slice(at, at + n);
    if (serial) serial.writer.write(bytes).catch(() => disconnectSerial());
    else if (bs.peer) post({ t: "data", to: bs.peer, bytes });
  },
  random(n) { return toHex(crypto.getRandomValues(new Uint8Array(n))); },
  get(key) { return localStorage.getItem(bs.prefix + key); },
  put(key, text) {
    try { localStorage.setItem(bs.prefix + key, text); return true; } catch (e) { return false; }
  },
  drop(key) { localStorage.removeItem(bs.prefix + key); },
};

const BOOT = (heap) => `
import os, sys
os.chdir("/")
for _p in ("/lib", "/boards"):
    if _p not in sys.path:
        sys.path.append(_p)
import web
web.HEAP = ${heap}
import main
if web.handheld is None:
    raise OSError("the firmware did not start: board '%s'" % main.board_name())
handheld = web.handheld
`;

let install = null; // [path, bytes] of the compiled install, fetched once
let loadMicroPython = null;
let stepper = null;
let lines = []; // the interpreter's last output lines: a crash's traceback

function out(line) {
  lines.push(line);
  if (lines.length > 40) lines.shift();
  console.log(line);
}

async function fetchInstall() {
  // install.json lists the install's files (paths as on the handheld); install.pack holds
  // them end to end (host_tools/web/page.py)
  const r = await fetch("install.json");
  if (!r.ok) throw new Error("install.json: HTTP " + r.status + " (run `make web`)");
  const list = (await r.json()).files;
  const res = await fetch("install.pack");
  if (!res.ok) throw new Error("install.pack: HTTP " + res.status);
  const total = Number(res.headers.get("Content-Length")) || 0;
  const parts = [];
  let got = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    got += value.length;
    status(`loading the firmware… ${Math.round(got / 1024)}${total ? " of " + Math.round(total / 1024) : ""} KB`);
  }
  const pack = new Uint8Array(got);
  let at = 0;
  for (const p of parts) { pack.set(p, at); at += p.length; }
  return list.map((f) => {
    if (f.offset + f.size > got) throw new Error("install.pack is short: rebuild with `make web`");
    return [f.path, pack.subarray(f.offset, f.offset + f.size)];
  });
}

function interpreter() {
  return loadMicroPython({
    heapsize: HEAP, pystack: PYSTACK, url: new URL("micropython.wasm", location.href).href,
    stdout: out, stderr: out,
  });
}

async function start(ready) {
  current = null;
  screenAt = rxAt = rxSize = 0;
  const mp = await (ready || interpreter());
  for (const [path, data] of install) {
    const parts = path.split("/").slice(1, -1);
    let dir = "";
    for (const p of parts) { dir += "/" + p; try { mp.FS.mkdir(dir); } catch (e) { /* exists */ } }
    mp.FS.writeFile(path, data);
  }
  globalThis.broadsideIO = io;
  mp.runPython(BOOT(HEAP));
  const handheld = mp.globals.get("handheld");
  current = mp;
  [screenAt, rxAt, rxSize] = handheld.addresses().split(" ").map(Number);
  io.show();
  stepper = handheld.frame;
  memoryOf = handheld.memory;
  // A PyProxy that JS collects frees its slot in the *current* interpreter's proxy table
  // (the wasm glue looks Module up globally): an old interpreter's live proxies, freed after
  // a restart, would free the new one's handheld. They are small: kept for good.
  graveyard.push(mp.globals, handheld, stepper, memoryOf);
}

let memoryOf = null;
function memory() {
  if (!memoryOf || busy) return null;
  const [alloc, peak, cap] = memoryOf().split(" ").map(Number);
  return { alloc, peak, cap };
}
const graveyard = [];
let current = null; // the running interpreter
let screenAt = 0;
let rxAt = 0;
let rxSize = 0;

function handRx() {
  // the cable's bytes into the firmware's receive buffer, as many as fit this frame
  const h = heap();
  let n = 0;
  while (rxQueue.length && n < rxSize) {
    const c = rxQueue[0];
    const k = Math.min(c.length, rxSize - n);
    h.set(c.subarray(0, k), rxAt + n);
    n += k;
    if (k === c.length) rxQueue.shift(); else rxQueue[0] = c.subarray(k);
  }
  return n;
}

function errorText(e) {
  const tail = lines.slice(-12).join("\n");
  if (e && e.name === "PythonError") return `${e.type}: ${e.message}\n\n${tail}`;
  return String((e && e.stack) || e) + (tail ? "\n\n" + tail : "");
}

let busy = false;
let lastStep = 0;
async function tick() {
  if (busy || !stepper || bs.state === "error") return;
  const now = performance.now();
  if (now - lastStep < FRAME_MS - 4) return;
  lastStep = now;
  busy = true;
  try {
    const r = stepper(frameMask(), handRx());
    bs.frames++;
    if (bs.loadMs === null) {
      bs.loadMs = Math.round(performance.now()); // since navigation started
      bs.state = "running";
      status(`running (loaded in ${(bs.loadMs / 1000).toFixed(2)} s)`);
    }
    if (r === 2) {
      bs.crashes++;
      bs.crash = lines.slice(lines.lastIndexOf("Traceback (most recent call last):")).join("\n");
    }
    if (r === 1) { // hw.reset: a fresh interpreter, as machine.soft_reset on the Pico
      stepper = memoryOf = null; // the old interpreter's: never called again
      bs.restarts++;
      await start();
    }
  } catch (e) {
    fail(errorText(e));
  } finally {
    busy = false;
  }
}

function startTimer() {
  // A worker's timer keeps ticking in a hidden tab (a linked tab in the background),
  // where requestAnimationFrame stops and timers slow to once a second.
  try {
    const src = `setInterval(() => postMessage(0), ${Math.floor(FRAME_MS / 2)});`;
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
    w.onmessage = tick;
  } catch (e) {
    setInterval(tick, FRAME_MS);
  }
}

async function main() {
  try {
    claimId();
    openCable();
    status("loading MicroPython…");
    const mark = (what) => (x) => { bs.timing[what] = Math.round(performance.now()); return x; };
    const files = fetchInstall().then(mark("files"));
    loadMicroPython = (await import("./micropython.mjs")).loadMicroPython;
    const ready = interpreter().then(mark("wasm")); // the wasm compiles while the files arrive
    install = await files;
    status("starting…");
    await start(ready);
    mark("boot")();
    startTimer();
  } catch (e) {
    fail(errorText(e));
  }
}

addEventListener("error", (e) => { if (bs.state !== "error") fail(e.message || String(e)); });
paint();
main();
