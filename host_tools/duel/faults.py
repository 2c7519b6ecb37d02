"""The link fault benchmark: many bot-vs-bot Link battles and Link salvos over a faulty cable.

`python -m host_tools.bench link --games 1000 --seed 1 --corrupt-ppm 2000 --drop-ppm 2000
--dup-ppm 1000 --unplug 3 --restart 1 --liars 0.1` (host_tools/bench/link.py hands the options
here). Each game is two handhelds of host_tools/duel/battle.py (the real link.session, link.arq, link.frame,
link.commit and battleship.cable.game, each side's bot firing in a seeded order, a save written whenever
the game asks) on virtual time (one step per handheld every frame, 33 ms), over a cable that:

- corrupts, drops and duplicates bytes (per million bytes received);
- is pulled `unplug` times: one pull longer than the forfeit timeout, at a point where a side owes
  a message that would forfeit (its coin, or its fleet at the end), which must not forfeit,
  the others 0.1 to 20 s;
- restarts a random side `restart` times from its save: after a step's save, or between a step
  and its save (a power cut: what the step did is lost);
- the short pulls and the restarts come at random points of the whole game (Event): a quarter in
  its first 15 s (handshake, coin, commitments), a tenth at the end (the reveals), the rest after
  a random number of shots;
- and, in a share `liars` of the games, one side lies once: a false miss, a false hit, a hidden
  sinking, a false sinking (named at another ship's last cell) or a swapped fleet at the end. A
  liar stays consistent with its lie (in Salvo it fires the shots the other side expects).

What is counted (one JSON line, targets after the colon):
- completed: the games that ended: both fleets verified, or the lie caught (= games);
- desyncs: finished games whose two sides disagree about the winner, the turns, the shots and
  their answers, or the fleets (0);
- lost_moves / duplicated_moves: messages (shots and answers included) one side's game sent and
  kept in flash that the other side's game never took, or took twice (0): each side's journal of
  what its game sent and took, cut back to its last save at a restart;
- liars, lies_detected (= liars), lies_detected_on_the_shot (the false hits and misses, caught
  on the answer that told them), false_accusations (a CHEAT or FORFEIT naming a side that did not
  lie, or the wrong lie: 0);
- mean_ms_per_shot, wire_bytes_per_shot: from both fleets committed to the end of the board,
  faults included; retransmits_per_game (both sides, across restarts);
- shot_round_trip: on a clean cable, frames and ms from fire() to its answer on the screen,
  against the wire time of the SHOT and ANSWER frames.
"""

import json
import math
import random
import time

from battleship.cable.game import CHEAT, COIN, FORFEIT, OVER, VERIFIED, W_AT_END
from battleship.fleet import Fleet
from battleship.rules import CLASSIC, SALVO
from core.prng import Rng
from host_tools.duel.battle import Duel, Hand
from host_tools.duel.cable import Cable
from host_tools.duel.clock import clock_use, watch_clock, worst_clock
from link.commit import (
    C_ANSWER,
    C_REVEAL,
    C_SUNK_FALSE,
    C_SUNK_HIDDEN,
    M_FLEET_REVEAL,
    M_SHOT,
)

STEP_MS = 33  # core.hal's frame pace
RXBUF = 5120  # boards/pico_oled.py
LIES = ("miss", "hit", "hidden", "false_sinking", "swap")
# what the honest side must name for each lie: (CheatError code, caught on the shot)
CAUGHT = {"miss": (C_ANSWER, True), "hit": (C_ANSWER, True), "hidden": (C_SUNK_HIDDEN, False),
          "false_sinking": (C_SUNK_FALSE, False), "swap": (C_REVEAL, False)}
GAME_LIMIT_MS = 1800000  # a game not over in 30 min of game time counts as not completed
SHORT_PULL = (100, 20000)  # ms
FORFEIT_MS = 30000  # docs/link-protocol.md 6.1 (link.match: a private const on the device)
# SHOT and ANSWER DATA frames on the wire: 15 + payload + 1 (COBS) + 2 delimiters, 10 bits a byte
WIRE_MS_PER_SHOT = (20 + 38) * 10 * 1000 / 115200


class FaultCable(Cable):
    """A host_tools.duel.cable.Cable whose received bytes are corrupted, dropped or duplicated (rates per
    million bytes). Faults come at geometric gaps (random.Random: the host's, as deterministic), and the
    clean bytes between them go into the receiving UART's ring a run at a time."""

    def __init__(self, seed, corrupt_ppm, drop_ppm, dup_ppm):
        super().__init__(seed=seed, rxbuf=RXBUF)
        self.r = random.Random(seed)
        self.ppm = (corrupt_ppm, drop_ppm, dup_ppm)
        self.p = (corrupt_ppm + drop_ppm + dup_ppm) / 1e6
        self.duplicated = 0
        self.gap = self._gap()  # clean bytes before the next faulty one

    def _gap(self):
        if self.p <= 0:
            return 1 << 60
        return int(math.log(1.0 - self.r.random()) / math.log(1.0 - self.p))

    def _arrive_run(self, dst, data, i, j):
        while i < j:
            k = min(j - i, self.gap)
            _take(dst, data, i, k)
            i += k
            self.gap -= k
            if i < j:  # the next byte is the faulty one
                self._fault(dst, data[i])
                i += 1
                self.gap = self._gap()

    def _fault(self, dst, b):
        x = self.r.random() * sum(self.ppm)
        if x < self.ppm[0]:
            self.corrupted += 1
            dst.take_byte(b ^ (1 << self.r.randrange(8)))
        elif x < self.ppm[0] + self.ppm[1]:
            self.lost += 1
        else:
            self.duplicated += 1
            dst.take_byte(b)
            dst.take_byte(b)


def _take(end, data, i, k):
    """end.take_byte() of data[i:i+k], a slice at a time (what does not fit the ring is lost)."""
    ring = end.ring
    size = len(ring)
    room = size - end.count
    if k > room:
        end.overflow += k - room
        k = room
    while k > 0:
        tail = (end.head + end.count) % size
        n = min(k, size - tail)
        ring[tail : tail + n] = data[i : i + n]
        end.count += n
        i += n
        k -= n


class Liar:
    """One lie, told once (and told again the same way if a restart makes the side answer that
    shot again). kind: one of LIES. Both handhelds carry it; the first to have the chance tells
    it (a sinking lie needs a ship sunk, which the winner may never have), and that side is the
    liar from then on: side. A swapped fleet is told by the side chosen at the start."""

    def __init__(self, kind, side=-1):
        self.kind = kind
        self.side = side
        self.cell = -1  # the answer that lies
        self.ship = 0  # hidden / false_sinking: the ship really sunk there
        self.named = 0  # false_sinking: the ship it names instead, still afloat
        self.told = False

    def answer(self, hand, msg):
        cell, hit, sunk = msg[1], msg[2], msg[3]
        k = self.kind
        if self.side >= 0 and self.side != hand.side:
            return msg
        if self.cell < 0:
            if k == "miss" and hit and not sunk or k == "hit" and not hit:
                self.cell = cell
            elif k in ("hidden", "false_sinking") and sunk:
                self.cell = cell
                self.ship = sunk
                f = hand.g.fleet
                for s in range(5):
                    if k == "false_sinking" and s + 1 != sunk and not f.sunk(s):
                        self.named = s + 1
                        break
            if self.cell < 0:
                return msg
            self.side = hand.side
        if cell != self.cell:
            return msg
        self.told = True
        if k == "miss":
            return msg[:2] + b"\x00\x00" + msg[4:]
        if k == "hit":
            return msg[:2] + b"\x01" + msg[3:]
        return msg[:3] + bytes((0 if k == "hidden" else self.named,)) + msg[4:]

    def claimed_afloat(self, g):
        """Our ships afloat as the other side counts them from our answers (its Salvo counts)."""
        sunk = set(s + 1 for s in range(5) if g.fleet.sunk(s))
        if self.ship in sunk:
            sunk.discard(self.ship)
            if self.named:
                sunk.add(self.named)
        return 5 - len(sunk)

    def rig(self, hand):
        """After each boot: our Salvo counts follow the lie; a swapped fleet is revealed."""
        g = hand.g
        if self.kind in ("hidden", "false_sinking"):
            real = g.shots_for

            def shots_for(side):
                if side == 0 and g.salvo and self.side == hand.side:
                    return self.claimed_afloat(g)
                return real(side)

            g.shots_for = shots_for
        if self.kind == "swap" and self.side == hand.side:
            hand.swap_seed = hand.seed + 7

    def reveal(self, hand, my):
        """A legal fleet, but not the one committed."""
        f = Fleet(hand.touching)
        f.shuffle(Rng(hand.swap_seed))
        cmap = bytearray(100)
        for s in range(5):
            for c in f.ship_cells(s):
                cmap[c] = s + 1
        self.told = True
        return bytes((M_FLEET_REVEAL,)) + my.seed + bytes(cmap)


class FaultHand(Hand):
    """A host_tools/duel/battle.py handheld that keeps journals of what its game sent and took (each cut
    back to the last save at a restart), counts retransmissions across restarts, times its shots
    and may lie."""

    def __init__(self, duel, side, seed, variant, touching, liar=None):
        self.sent = []
        self.taken = []
        self.kept = (0, 0)  # journal lengths as of the last save
        self.retransmits = 0
        self.liar = liar
        self.swap_seed = None
        self.fire_ms = -1
        self.round_trips = []
        Hand.__init__(self, duel, side, seed, variant, touching)
        if liar is not None and liar.kind != "swap":
            self.lie = lambda msg: liar.answer(self, msg)

    def boot(self):
        if self.g is not None:
            self.retransmits += self.g.link.arq.retransmits
            del self.sent[self.kept[0] :]
            del self.taken[self.kept[1] :]
        Hand.boot(self)
        link = self.g.link
        send, recv = link.send, link.recv

        def journal_send(msg):
            ok = send(msg)
            if ok:
                self.sent.append(bytes(msg))
            return ok

        def journal_recv():
            m = recv()
            if m is not None:
                self.taken.append(m)
            return m

        link.send = journal_send
        link.recv = journal_recv
        self.fire_ms = -1
        if self.liar is not None:
            self.liar.rig(self)

    def step(self, now):
        g = self.g
        if self.swap_seed is not None and g.my is not None and not hasattr(g.my, "swapped"):
            my = g.my
            my.swapped = True
            my.reveal_msg = lambda: self.liar.reveal(self, my)
        saves = self.saves
        answered = g.peer.n_log
        Hand.step(self, now)
        if self.saves != saves or not g.needs_save():
            self.kept = (len(self.sent), len(self.taken))
        if g.peer.n_log > answered and self.fire_ms >= 0:
            self.round_trips.append(now - self.fire_ms)  # the answer, before the next shot
            self.fire_ms = -1
        if g.aim >= 0 and self.fire_ms < 0:
            self.fire_ms = now

    def cut(self, now):
        """A power cut after this step's work and before its save."""
        self.g.step(now)
        self.restart()


class FaultDuel(Duel):
    def __init__(self, seeds, variant, touching, cable, liar=None):
        self.cable = cable
        self.step = STEP_MS
        self.now = 1000
        self.hands = [FaultHand(self, i, seeds[i], variant, touching, liar) for i in (0, 1)]


class Event:
    """A pull or a restart (arg: how long; or the side, and whether the cut comes before the
    save), and when it comes: `when`, game ms, once its trigger is met. A trigger is ("ms", t) or
    (what, ..., delay): what the bench's met(trigger, hands) says has happened, delay ms later
    (fault_frame)."""

    def __init__(self, arg, trigger):
        self.arg = arg
        self.trigger = trigger
        self.when = -1
        self.done = False

    def check(self, t, hands, met):
        if self.when >= 0:
            return
        k = self.trigger
        if k[0] == "ms":
            if t >= k[1]:
                self.when = t
        elif met(k, hands):
            self.when = t + k[-1]


def _trigger(r):
    """A random trigger of Link battle's: a time in the first 15 s (the handshake, the coin, the
    commitments), the reveals, or a number of shots answered (games last 100 to 200)."""
    x = r.random()
    if x < 0.25:
        return ("ms", r.randrange(100, 15000))
    if x < 0.35:
        return (OVER, r.randrange(0, 500))  # the reveals take a second or two
    return ("shots", r.randrange(0, 120), r.randrange(0, 3000))


def _met(k, hands):
    if k[0] == "shots":
        return hands[0].g.peer.n_log + hands[1].g.peer.n_log >= k[1]
    return any(h.g.phase == k[0] for h in hands)


def _journal_faults(sent, taken):
    """(lost, duplicated, out of order) moves between what one side sent and the other took: lost
    are the sent messages not taken before the last one that was (a gap)."""
    seen = {}
    dup = 0
    for m in taken:
        dup += m in seen
        seen[m] = 1
    last = max([i for i, m in enumerate(sent) if m in seen], default=-1)
    lost = sum(1 for m in sent[: last + 1] if m not in seen)
    order = 0 if taken == sent[: len(taken)] else 1
    return lost, dup, order


def _desync(a, b):
    """The two sides of a finished game disagree somewhere."""
    ga, gb = a.g, b.g
    if ga.winner + gb.winner != 1 or ga.turn_no != gb.turn_no:
        return True
    for x, y, yh in ((ga, gb, b), (gb, ga, a)):
        log = bytes(x.peer.log[: 3 * x.peer.n_log])
        shots = [m[1] for m in yh.taken if m[0] == M_SHOT]
        if list(log[0::3]) != shots or x.peer_map != bytes(y.my.map):
            return True
        for k in range(x.peer.n_log):
            cell = log[3 * k]
            if log[3 * k + 1] != (1 if y.my.map[cell] else 0) or not y.fleet.shots[cell]:
                return True
        if sum(y.fleet.shots) != x.peer.n_log:
            return True
    return False


def fault_frame(d, cable, t, pulls, restarts, phase, met, over=None):
    """One frame of a duel under its fault schedule (t ms into the game): the events whose
    trigger is met get their time (Event.check, with the bench's met(trigger, hands)), the cable
    is pulled or plugged back as the pulls say, a restart that is due is made (a cut before the
    save: that side's frame stops after its step, h.cut), and each handheld steps, handheld 1
    `phase` ms after handheld 0. over(hand): a side whose game is over (its player has left it)
    is not restarted."""
    for e in pulls + restarts:
        e.check(t, d.hands, met)
    off = any(0 <= e.when <= t < e.when + e.arg for e in pulls)
    if off and cable.plugged:
        cable.unplug()
    elif not off and not cable.plugged:
        cable.plug()
    cut = -1
    for e in restarts:
        if 0 <= e.when <= t and not e.done:
            e.done = True
            side, before_save = e.arg
            if over is not None and over(d.hands[side]):
                continue
            if before_save:
                cut = side
            else:
                d.hands[side].restart()
    for h in d.hands:
        now = d.now + (phase if h.side else 0)
        cable.tick(now)
        if h.side == cut:
            h.cut(now)
        else:
            h.step(now)


def play_game(index, opts):
    """One game; returns its numbers as a dict."""
    watch_clock()
    clock_use()  # from this game's start
    r = random.Random(opts["seed"] * 1000003 + index)
    variant = SALVO if index % 2 else CLASSIC
    touching = r.random() < 0.5
    liar = None
    if r.random() < opts["liars"]:
        kind = r.choice(opts.get("kinds", LIES))
        liar = Liar(kind, r.randrange(2) if kind == "swap" else -1)
    cable = FaultCable(r.randrange(1 << 30), opts["corrupt_ppm"], opts["drop_ppm"], opts["dup_ppm"])
    seeds = (r.randrange(1, 1 << 20), r.randrange(1, 1 << 20))
    d = FaultDuel(seeds, variant, touching, cable, liar)
    # cable pulls [when, how long] and restarts [when, side, a cut before the save]; `when` is
    # set once the event's trigger is met (Event)
    pulls = [Event(r.randrange(*SHORT_PULL), _trigger(r)) for _ in range(max(0, opts["unplug"] - 1))]
    if opts["unplug"] > 0:  # the long one: where a side owes a message that forfeits
        pulls.append(Event(FORFEIT_MS + r.randrange(1000, 10000), (r.choice((COIN, OVER)), 0)))
    restarts = [Event((r.randrange(2), r.random() < 0.5), _trigger(r)) for _ in range(opts["restart"])]
    phase = r.randrange(1, STEP_MS)  # handheld 1's frames start this long after handheld 0's
    a, b = d.hands
    start = d.now
    t_ready = t_over = -1
    wire_ready = wire_over = 0

    def finished():
        if liar is not None and liar.side >= 0 and d.hands[1 - liar.side].g.done():
            return True
        return a.g.done() and b.g.done()

    while not finished() and d.now - start < GAME_LIMIT_MS:
        d.now += STEP_MS
        t = d.now - start
        fault_frame(d, cable, t, pulls, restarts, phase, _met)
        if t_ready < 0 and a.g.ready() and b.g.ready():
            t_ready, wire_ready = t, sum(cable.wire_bytes)
        if t_over < 0 and (a.g.phase >= OVER or b.g.phase >= OVER):
            t_over, wire_over = t, sum(cable.wire_bytes)
    out = {"completed": 0, "desync": 0, "lost": 0, "dup": 0, "liar": 0, "detected": 0, "on_shot": 0,
           "false_accusation": 0, "forfeit": 0, "ms": d.now - start,
           "restarts": sum(e.done for e in restarts),
           "long_pulls": 1 if opts["unplug"] > 0 and pulls[-1].when >= 0 else 0,
           "retransmits": sum(h.retransmits + h.g.link.arq.retransmits for h in d.hands),
           "variant": variant, "lie": liar.kind if liar else None, "clock": clock_use()}
    shots = a.g.peer.n_log + b.g.peer.n_log
    if t_over > t_ready >= 0 and shots:
        out["shots"] = shots
        out["play_ms"] = t_over - t_ready
        out["play_wire"] = wire_over - wire_ready
    out["round_trips"] = a.round_trips + b.round_trips
    for h in d.hands:
        if h.g.phase == FORFEIT:
            out["forfeit"] += 1
            out["false_accusation"] += 1
    lying = liar is not None and liar.told
    if not lying:
        done = a.g.phase == VERIFIED and b.g.phase == VERIFIED
        for h in d.hands:
            if h.g.phase == CHEAT:
                out["false_accusation"] += 1
    else:
        out["liar"] = 1
        g = d.hands[1 - liar.side].g
        code, on_shot = CAUGHT[liar.kind]
        done = g.phase == CHEAT and g.cheat[0] == code
        if done and on_shot and g.cheat[1] == liar.cell and g.cheat[2] != W_AT_END:
            out["on_shot"] = 1
        out["detected"] = 1 if done else 0
        if g.phase == CHEAT and not done or d.hands[liar.side].g.phase in (CHEAT, FORFEIT):
            out["false_accusation"] += 1
    out["completed"] = 1 if done else 0
    # the journals: what each side's game sent and kept, against what the other side's game took
    for x, y in ((a, b), (b, a)):
        lost, dup, order = _journal_faults(x.sent, y.taken)
        if not lying or not done:
            # a finished honest game took everything the other side sent
            lost += max(0, len(x.sent) - len(y.taken)) if done else 0
        out["lost"] += lost
        out["dup"] += dup
        out["desync"] += order
    if not lying and done and _desync(a, b):
        out["desync"] += 1
    return out


def _run(args):
    index, opts = args
    return play_game(index, opts)


def clean_round_trip(games=4):
    """Frames and ms from fire() to its answer on a clean cable (median of every shot)."""
    rts = []
    for i in range(games):
        res = play_game(i, {"seed": 77, "corrupt_ppm": 0, "drop_ppm": 0, "dup_ppm": 0, "unplug": 0,
                            "restart": 0, "liars": 0})
        rts += res["round_trips"]
    rts.sort()
    ms = rts[len(rts) // 2]
    return {"frames": ms // STEP_MS, "ms": ms, "frame_ms": STEP_MS, "wire_ms": round(WIRE_MS_PER_SHOT, 2),
            "min_ms": rts[0], "max_ms": rts[-1], "shots": len(rts)}


def play_games(one, opts, jobs=1):
    """one((index, opts)) for every game of opts['games'], in `jobs` processes (one: a module's
    function, so a worker can find it); the rows in game order."""
    work = [(i, opts) for i in range(opts["games"])]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return list(pool.imap(one, work, chunksize=4))
    return [one(w) for w in work]


def fault_options(p, games, unplug):
    """The fault benches' options on argparse parser p: how many games, the seed, the cable's
    faults (per million bytes), pulls and restarts a game, the share of games with a cheater."""
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--corrupt-ppm", type=int, default=2000)
    p.add_argument("--drop-ppm", type=int, default=2000)
    p.add_argument("--dup-ppm", type=int, default=1000)
    p.add_argument("--unplug", type=int, default=unplug, help="pulls a game (%d)" % unplug)
    p.add_argument("--restart", type=int, default=1)
    p.add_argument("--cheaters", type=float, default=0.5, help="share of games with a cheater (0.5)")


def fault_opts(a):
    """fault_options' values as the benches' options dict."""
    keys = ("games", "seed", "corrupt_ppm", "drop_ppm", "dup_ppm", "unplug", "restart", "cheaters")
    return {k: getattr(a, k) for k in keys}


def totals(rows, **fields):
    """{name: the sum of row[key] over rows} for each name=key."""
    return {name: sum(r[key] for r in rows) for name, key in fields.items()}


def run(opts, jobs=1, progress=None):
    """Play opts['games'] games (in `jobs` processes); returns the summary dict."""
    rows = play_games(_run, opts, jobs)
    n = len(rows)
    played = [r for r in rows if "shots" in r]
    shots = sum(r["shots"] for r in played) or 1
    s = {"games": n}
    s.update(totals(rows, completed="completed", desyncs="desync", lost_moves="lost", duplicated_moves="dup",
                    liars="liar", lies_detected="detected", lies_detected_on_the_shot="on_shot",
                    false_accusations="false_accusation", forfeits="forfeit", restarts="restarts",
                    long_pulls="long_pulls"))  # fmt: skip
    s.update({
        "liar_games": sum(1 for r in rows if r["lie"]),
        "lies": dict((k, sum(1 for r in rows if r["lie"] == k)) for k in LIES),
        "lies_on_the_shot": sum(1 for r in rows if r["lie"] in ("miss", "hit") and r["liar"]),
        "salvo_games": sum(1 for r in rows if r["variant"] == SALVO),
        "mean_ms_per_shot": round(sum(r["play_ms"] for r in played) / shots, 1),
        "wire_bytes_per_shot": round(sum(r["play_wire"] for r in played) / shots, 1),
        "retransmits_per_game": round(sum(r["retransmits"] for r in rows) / max(n, 1), 1),
        "game_s_mean": round(sum(r["ms"] for r in rows) / max(n, 1) / 1000.0, 1),
    })
    s.update(worst_clock([r["clock"] for r in rows if not r["lie"]]))
    return s


def targets_met(s):
    return (s["completed"] == s["games"] and s["desyncs"] == 0 and s["lost_moves"] == 0
            and s["duplicated_moves"] == 0 and s["lies_detected"] == s["liars"] == s["liar_games"]
            and s["false_accusations"] == 0)


def main(opts, jobs):
    t = time.time()
    s = run(opts, jobs)
    s["shot_round_trip"] = clean_round_trip()
    s.update(bench="link", what="faults", seed=opts["seed"], corrupt_ppm=opts["corrupt_ppm"],
             drop_ppm=opts["drop_ppm"], dup_ppm=opts["dup_ppm"], unplug=opts["unplug"],
             restart=opts["restart"], liar_share=opts["liars"], jobs=jobs,
             wall_s=round(time.time() - t, 1), targets_met=targets_met(s))
    print(json.dumps(s, sort_keys=True))
    return 0 if s["targets_met"] else 1
