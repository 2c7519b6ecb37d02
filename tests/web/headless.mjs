// Runs build/web/ under Node, no browser: the page's boot (boards/web.py Handheld) with a
// stand-in for broadsideIO, for N frames with a scripted list of presses. Prints one JSON
// line: frames run, restarts, the last screen (hex of the panel RAM), output lines.
//   node tests/web/headless.mjs build/web [frames] [keys: "A,DOWN,WAIT30,..."] [heap]
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [dir = "build/web", nframes = "60", keyList = "", heapArg = String(192 * 1024)] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.resolve(dir, "micropython.mjs")).href);
const files = JSON.parse(fs.readFileSync(path.join(dir, "install.json"))).files;
const pack = fs.readFileSync(path.join(dir, "install.pack"));
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
// the frames' button masks: a key is held 2 frames then released 4; WAITn idles n frames
const schedule = [];
for (const k of keyList.split(",").filter(Boolean)) {
  if (k.startsWith("WAIT")) { for (let i = 0; i < parseInt(k.slice(4), 10); i++) schedule.push(0); continue; }
  const bit = 1 << BUTTONS.indexOf(k);
  if (!bit) throw new Error("no button " + k);
  schedule.push(bit, bit, 0, 0, 0, 0);
}
const store = new Map();
const lines = [];
let screen = "";
let shows = 0;
let contrast = null;
const io = {
  show() { if (screenAt) screen = Buffer.from(cur._module.HEAPU8.subarray(screenAt, screenAt + 1024)).toString("hex"); shows++; },
  contrast(n) { contrast = n; },
  tone() {},
  send() {}, // no other handheld on this cable
  random(n) { return "ab".repeat(n); },
  get(k) { return store.has(k) ? store.get(k) : null; },
  put(k, v) { store.set(k, v); return true; },
  drop(k) { store.delete(k); },
};
globalThis.broadsideIO = io;

const graveyard = [];
let cur = null;
let screenAt = 0;
async function boot() {
  screenAt = 0;
  const mp = await loadMicroPython({ heapsize: parseInt(heapArg, 10), pystack: 16384, stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
  for (const f of files) {
    let d = "";
    for (const p of f.path.split("/").slice(1, -1)) { d += "/" + p; try { mp.FS.mkdir(d); } catch (e) {} }
    mp.FS.writeFile(f.path, pack.subarray(f.offset, f.offset + f.size));
  }
  mp.runPython(`
import os, sys
os.chdir("/")
sys.path.append("/lib")
sys.path.append("/boards")
import web
web.HEAP = ${parseInt(heapArg, 10)}
import main
handheld = web.handheld
`);
  const handheld = mp.globals.get("handheld");
  cur = mp;
  screenAt = Number(handheld.addresses().split(" ")[0]);
  io.show();
  const frame = handheld.frame;
  graveyard.push(mp.globals, handheld, frame); // as the page does: see web/broadside.js start()
  return frame;
}

let frame = await boot();
let restarts = 0;
const t0 = Date.now();
let error = null;
for (let i = 0; i < parseInt(nframes, 10); i++) {
  const mask = schedule[i] || 0;
  try {
    if (frame(mask, 0) === 1) { restarts++; frame = await boot(); }
  } catch (e) { error = String(e.message || e); break; }
}
console.log(JSON.stringify({ frames: parseInt(nframes, 10), ms: Date.now() - t0, restarts, shows, contrast, error, screen, saves: [...store.keys()], tracebacks: lines.filter((l) => l.startsWith("Traceback")).length, lines: lines.slice(-20) }));
