"""Battleship Express: drawing the game screen (express.game.GameScreen).

Two views follow the phase. Before the attack: every fleet as a row of ship
icons, front on the right, each seat's mark and its sunk count against the
count that wins, the turn marker; the line under the fleets names the ship
in question with its dice and rolls, or (as a target) the hits it takes and
the attacker's odds. From the first roll: attacker and target, the eight
dice (hits set aside inverted, unused slots empty), hits so far against hits
needed, rolls left, and the result in the title bar ("burst!" when a
Submarine's burst sank a ship short of the hits).
"""

from core import font, ui
from core.compat import const
from core.strings import t
from express import art
from express.engine import AGAIN, ATTACKER, DECLARE, DONE, NONE, OVER, REROLL, ROLL, SETUP, SUNK, TARGET
from express.rules import BURST_SINKS, DICE, F_STAYS, NO_FACE, SHIPS, SINK_PERCENT

_INFO_Y = const(45)
_DICE_Y = const(30)
_STATUS_Y = const(45)
_ROWS_Y = ((), (), (14, 28), (11, 22, 33), (10, 18, 26, 34))


def draw(scr, fb):
    g = scr.g
    ph = g.phase
    if ph in (SETUP, ATTACKER, TARGET):
        draw_fleets(scr, fb)
    else:
        draw_attack(scr, fb)

def seat(scr, fb, p, x, y, right=False):
    """Seat p's mark on a line at y, from x (right: ending at x, the right margin): its icon and
    number (art.seat, 12 px), or its word (scr.mark: "You", "Them"). The x on its other side."""
    word = scr.mark(p)
    if word is None:
        if right:
            x -= 12
        art.seat(fb, p, scr.is_cpu(p), x, y + 2 if right else y + 1)
        return x if right else x + 11
    w = font.width(word)
    if right:
        x -= w + 1
    ui.text(fb, word, x, y)
    return x if right else x + w


def marks_end(scr, x):
    """Where the widest seat mark drawn from x ends (the numbers after the marks in a column)."""
    end = x + 11
    for p in range(scr.g.players):
        word = scr.mark(p)
        if word is not None:
            end = max(end, x + font.width(word))
    return end


def _hint(scr, fb, key):
    ui.hint(fb, t(scr.hint(key)))

def draw_fleets(scr, fb):
    g = scr.g
    me = g.turn
    cpu = not scr.mine(me)
    ph = g.phase
    if ph == SETUP:
        ui.title(fb, t("ex_title"))
        return
    if cpu:
        ui.title(fb, t("ex_t_turn" if ph == ATTACKER else "ex_t_attacks") % scr.name(me))
    else:
        ui.title(fb, t("ex_t_attacker" if ph == ATTACKER else "ex_t_target") % scr.name(me))
    need = g.needed_to_win()
    tgt = (NONE, NONE)
    if ph == TARGET and not cpu:
        targets = g.legal_targets()
        if targets:
            tgt = targets[scr.tsel % len(targets)]
    ys = _ROWS_Y[g.players]
    col = marks_end(scr, 5) + 4  # the scores in a column after the widest mark
    for p in range(g.players):
        y = ys[p]
        if p == me:
            art.icon(fb, art.I_MARKER, 0, y + 1)
        seat(scr, fb, p, 5, y)
        ui.small(fb, "%d/%d" % (g.score(p), need), col, y + 1)
        if g.team:
            ui.small(fb, "AB"[p & 1], 36, y + 1)
        f = g.fleet(p)
        for i in range(len(f)):
            x = 127 - art.SLOT_W * (i + 1)
            s = f[i]
            if p == me:
                sel = ph == ATTACKER and not cpu and i == scr.sel
                art.slot(fb, s, x, y, sel, ph == TARGET and s == g.attacker)
            else:
                art.slot(fb, s, x, y, tgt[0] == p and tgt[1] == s)
    # the line under the fleets: the ship in question and its numbers
    if ph == ATTACKER and not cpu:
        s = g.fleet(me)[scr.sel % len(g.fleet(me))]
        _ship_line(scr, fb, s, s, False)
        _hint(scr, fb, "ex_h_stays" if g.row(s)[4] & F_STAYS else "ex_h_attacker")
    elif ph == TARGET and not cpu:
        _ship_line(scr, fb, tgt[1], g.attacker, True)
        _hint(scr, fb, "ex_h_target")
    elif ph == TARGET:
        _ship_line(scr, fb, g.attacker, g.attacker, False)
        _hint(scr, fb, "ex_h_cpu")
    else:
        _hint(scr, fb, "ex_h_cpu")

def _ship_line(scr, fb, s, attacker, as_target):
    """Name of ship s, then its dice and rolls, or (as a target) the hits
    it takes to sink and the attacker's odds against it."""
    g = scr.g
    ui.text(fb, font.fit(t("ex_s%d" % s), 80), 0, _INFO_Y)
    row = g.row(s)
    y = _INFO_Y + 1
    if as_target:
        art.icon(fb, art.I_TARGET, 88, y)
        ui.small(fb, str(row[2]), 94, y)
        pc = "%d%%" % SINK_PERCENT[g.game][attacker * SHIPS + s]  # express.ai's odds, as data
        ui.text(fb, pc, 128 - font.width(pc), _INFO_Y)
    else:
        art.icon(fb, art.I_DIE, 100, y)
        ui.small(fb, str(row[0]), 106, y)
        art.icon(fb, art.I_ROLLS, 113, y)
        ui.small(fb, str(row[1]), 119, y)

def draw_attack(scr, fb):
    g = scr.g
    me = g.turn
    ph = g.phase
    cpu = not scr.mine(me)
    name = scr.name(me)
    burst = g.result == SUNK and g.hits() < g.need() and g.row(g.attacker)[3] == BURST_SINKS
    if scr.anim:
        title = scr.attacks(me)
    elif ph in (DONE, OVER):
        title = t("ex_burst_sunk" if burst else ("ex_sunk" if g.result == SUNK else "ex_missed"))
    elif ph == DECLARE and not cpu:
        title = t("ex_t_declare") % name
    elif ph == REROLL and not cpu:
        title = t("ex_t_reroll") % name
    else:
        title = scr.attacks(me)
    ui.title(fb, title)
    # attacker
    art.ship(fb, g.attacker, 0, 11)
    x = seat(scr, fb, me, 128, 11, True)
    ui.text(fb, font.fit(t("ex_s%d" % g.attacker), x - 20), 16, 11)
    # target (the Carrier's candidate while it declares)
    owner, target = g.owner, g.target
    if ph == DECLARE:
        targets = g.legal_targets()
        owner, target = targets[scr.tsel % len(targets)] if not cpu else (NONE, NONE)
    art.icon(fb, art.I_ARROW, 2, 22)
    if target != NONE:
        art.ship(fb, target, 8, 20)
        x = seat(scr, fb, owner, 128, 20, True)
        ui.text(fb, font.fit(t("ex_s%d" % target), x - 28), 24, 20)
    else:
        ui.text(fb, font.fit(t("ex_after_roll"), 118), 10, 20)
    # dice
    n = g.active()
    for i in range(DICE):
        x = i * art.DIE_PITCH
        if i >= n:
            continue
        face = g.dice[i]
        if scr.anim and g.rolled & (1 << i):
            face = (i * 5 + scr.anim * 7 + g.rolls_used) % 6
            art.die(fb, face, x, _DICE_Y)
            continue
        kept = bool(g.kept & (1 << i)) and ph != DECLARE
        art.die(fb, art.BLANK if face == NO_FACE else face, x, _DICE_Y, kept)
        if ph == REROLL and not cpu:
            if g.reroll & (1 << i):
                art.icon(fb, art.I_UP, x + 6, _DICE_Y + 11)
            if i == scr.dsel:  # the cursor: a frame round the die (a reroll mark is the arrow below)
                fb.rect(x - 1, _DICE_Y - 1, art.DIE_W + 2, art.DIE_H + 2, 1)
    if g.row(g.attacker)[3] == BURST_SINKS and ph not in (DONE, OVER):
        # few dice, many hits to go: say that one burst is enough (right of the dice)
        x = n * art.DIE_PITCH + 3
        ui.text(fb, font.fit(t("ex_burst_note"), 128 - x), x, _DICE_Y + 4)
    if not scr.anim:
        _status(scr, fb, target, burst)
    _attack_hint(scr, fb, cpu, ph)

def _status(scr, fb, target, burst):
    """Hits against the hits needed (no more than needed: a roll may score past them, the ship
    sinks at the count), and rolls left; a ship the burst sank short of the hits says so."""
    g = scr.g
    if target == NONE:
        return
    if g.phase == DECLARE:
        hits = g.hits_against(target)
    else:
        hits = g.hits()
    need = g.row(target)[2]
    if burst:
        ui.text(fb, t("ex_burst_note"), 0, _STATUS_Y)
    else:
        ui.text(fb, t("ex_hits") % (min(hits, need), need), 0, _STATUS_Y)
    if g.phase not in (DONE, OVER):
        s = t("ex_rolls") % g.rolls_left()
        ui.text(fb, s, 128 - font.width(s), _STATUS_Y)

def _attack_hint(scr, fb, cpu, ph):
    g = scr.g
    if scr.anim:
        return
    if cpu:
        _hint(scr, fb, "ex_h_cpu_done" if ph in (DONE, OVER) else "ex_h_cpu")
    elif ph == ROLL:
        _hint(scr, fb, "ex_h_roll")
    elif ph == AGAIN:
        _hint(scr, fb, "ex_h_again_stop" if g.can_stop() else "ex_h_again")
    elif ph == DECLARE:
        _hint(scr, fb, "ex_h_declare")
    elif ph == REROLL:
        _hint(scr, fb, "ex_h_reroll")
    else:
        _hint(scr, fb, "ex_h_next")


def piles(fb, gs, y0):
    """Every seat's pile of sunk ships, a row each from y0, the winners marked (the score)."""
    g = gs.g
    won = g.winners()
    pitch = 8 if g.players == 4 else 10
    col = marks_end(gs, 5) + 4
    for p in range(g.players):
        y = y0 + p * pitch
        if p in won:
            art.icon(fb, art.I_MARKER, 0, y + 1)
        seat(gs, fb, p, 5, y)
        ui.small(fb, str(len(g.sunk_by(p))), col, y + 1)
        x = col + 10
        for _owner, s in g.sunk_by(p):
            art.ship(fb, s, x, y)
            x += art.SLOT_W
