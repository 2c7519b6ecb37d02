// Two handhelds of build/web/ under Node, no browser, joined by a cable: each runs in its
// own worker thread (an interpreter per thread, as a tab each in the browser), the bytes
// each one's link session writes go to the other's receive buffer, as the page's
// BroadcastChannel carries them. Prints one JSON line per handheld.
//   node tests/web/linked.mjs build/web FRAMES KEYS   (KEYS as headless.mjs, for both)
import { Worker, isMainThread, parentPort, workerData } from "worker_threads";
import fs from "fs";
import path from "path";
import { pathToFileURL, fileURLToPath } from "url";

const HEAP = 1024 * 1024; // web/broadside.js's default heap cap

if (isMainThread) {
  const [dir = "build/web", frames = "600", keys = ""] = process.argv.slice(2);
  const workers = [0, 1].map((i) => new Worker(fileURLToPath(import.meta.url), { workerData: { dir, frames, keys, i } }));
  const done = [];
  workers.forEach((w, i) => {
    w.on("message", (m) => {
      if (m.bytes) workers[1 - i].postMessage(m.bytes);
      if (m.result) {
        done[i] = m.result;
        if (done.filter(Boolean).length === 2) {
          done.forEach((r) => console.log(JSON.stringify(r)));
          process.exit(0);
        }
      }
    });
    w.on("error", (e) => { console.log(JSON.stringify({ handheld: i + 1, error: String(e) })); process.exit(1); });
  });
} else {
  const { dir, frames, keys, i } = workerData;
  const { loadMicroPython } = await import(pathToFileURL(path.resolve(dir, "micropython.mjs")).href);
  const files = JSON.parse(fs.readFileSync(path.join(dir, "install.json"))).files;
  const pack = fs.readFileSync(path.join(dir, "install.pack"));
  const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
  const schedule = [];
  for (const k of keys.split(",").filter(Boolean)) {
    if (k.startsWith("WAIT")) { for (let j = 0; j < parseInt(k.slice(4), 10); j++) schedule.push(0); continue; }
    schedule.push(1 << BUTTONS.indexOf(k), 1 << BUTTONS.indexOf(k), 0, 0, 0, 0);
  }
  const store = new Map();
  const lines = [];
  const inbox = [];
  let mp = null;
  let addr = [0, 0, 0];
  let sent = 0;
  let got = 0;
  let screen = "";
  parentPort.on("message", (bytes) => inbox.push(bytes));
  globalThis.broadsideIO = {
    show() { if (addr[0]) screen = Buffer.from(mp._module.HEAPU8.subarray(addr[0], addr[0] + 1024)).toString("hex"); },
    contrast() {},
    tone() {},
    send(at, n) { if (addr[0]) { sent += n; parentPort.postMessage({ bytes: mp._module.HEAPU8.slice(at, at + n) }); } },
    random(n) { return Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256))).toString("hex"); },
    get(k) { return store.has(k) ? store.get(k) : null; },
    put(k, v) { store.set(k, v); return true; },
    drop(k) { store.delete(k); },
  };
  // the page's own default heap (web/broadside.js: a page is not a Pico; the Pico's heap is measured
  // on the rp2 lane): the game runs from files here, and its random bytes differ every run
  mp = await loadMicroPython({ heapsize: HEAP, pystack: 16384, stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
  for (const f of files) {
    let d = "";
    for (const p of f.path.split("/").slice(1, -1)) { d += "/" + p; try { mp.FS.mkdir(d); } catch (e) { /* exists */ } }
    mp.FS.writeFile(f.path, pack.subarray(f.offset, f.offset + f.size));
  }
  mp.runPython(`
import os, sys
os.chdir("/")
sys.path.append("/lib")
sys.path.append("/boards")
import web
web.HEAP = ${HEAP}
import main
handheld = web.handheld
`);
  const handheld = mp.globals.get("handheld");
  const frame = handheld.frame;
  addr = handheld.addresses().split(" ").map(Number);
  let crashes = 0;
  let error = null;
  for (let f = 0; f < parseInt(frames, 10); f++) {
    await new Promise((r) => setTimeout(r, 8)); // the cable's bytes arrive between frames
    let n = 0;
    const h = mp._module.HEAPU8;
    while (inbox.length && n < addr[2]) {
      const c = inbox[0];
      const k = Math.min(c.length, addr[2] - n);
      h.set(c.subarray(0, k), addr[1] + n);
      n += k;
      if (k === c.length) inbox.shift(); else inbox[0] = c.subarray(k);
    }
    got += n;
    try {
      const r = frame(schedule[f] || 0, n);
      if (r === 2) crashes++;
      if (r === 1) { error = "restart asked (a game ended)"; break; }
    } catch (e) { error = String(e.message || e); break; }
  }
  const mem = handheld.memory();
  parentPort.postMessage({ result: { handheld: i + 1, sent, got, crashes, error, mem, saves: [...store.keys()], screen, lines: lines.slice(-12) } });
}
