// Runs build/web/ under Node, no browser: the page's boot (boards/web.py Handheld) with a
// stand-in for broadsideIO, for N frames with a scripted list of presses. Prints one JSON
// line: frames run, restarts, the last screen (hex of the panel RAM), output lines.
//   node tests/web/headless.mjs build/web [frames] [keys: "A,DOWN,..." one per 6 frames] [heap]
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [dir = "build/web", nframes = "60", keyList = "", heapArg = String(192 * 1024)] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.resolve(dir, "micropython.mjs")).href);
const files = JSON.parse(fs.readFileSync(path.join(dir, "device/files.json"))).files;
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const keys = keyList ? keyList.split(",").map((k) => 1 << BUTTONS.indexOf(k)) : [];
const store = new Map();
const lines = [];
let screen = "";
let shows = 0;
let contrast = null;
const io = {
  show(hex) { screen = hex; shows++; },
  contrast(n) { contrast = n; },
  tone() {},
  send() {},
  random(n) { return "ab".repeat(n); },
  get(k) { return store.has(k) ? store.get(k) : null; },
  put(k, v) { store.set(k, v); return true; },
  drop(k) { store.delete(k); },
};
globalThis.broadsideIO = io;

async function boot() {
  const mp = await loadMicroPython({ heapsize: parseInt(heapArg, 10), pystack: 16384, stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
  for (const f of files) {
    let d = "";
    for (const p of f.path.split("/").slice(1, -1)) { d += "/" + p; try { mp.FS.mkdir(d); } catch (e) {} }
    mp.FS.writeFile(f.path, fs.readFileSync(path.join(dir, "device", f.path)));
  }
  mp.runPython(`
import os, sys
os.chdir("/")
sys.path.append("/lib")
import main
handheld = main.load_board(main.board_name()).Handheld(main, ${parseInt(heapArg, 10)})
`);
  return mp.globals.get("handheld").frame;
}

let frame = await boot();
let restarts = 0;
const t0 = Date.now();
let error = null;
for (let i = 0; i < parseInt(nframes, 10); i++) {
  // a key is held for 2 frames every 6 frames
  const k = keys[Math.floor(i / 6)] || 0;
  const mask = i % 6 < 2 ? k : 0;
  try {
    if (frame(mask, "") === 1) { restarts++; frame = await boot(); }
  } catch (e) { error = String(e.message || e); break; }
}
console.log(JSON.stringify({ frames: parseInt(nframes, 10), ms: Date.now() - t0, restarts, shows, contrast, error, screen, saves: [...store.keys()], lines: lines.slice(-20) }));
