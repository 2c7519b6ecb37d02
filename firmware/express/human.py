"""Battleship Express: a human seat's buttons on the game screen, by phase.

Choosing the attacker (LEFT/RIGHT along the own fleet, A attacks, UP sends
the Admiral's Carrier to the front first, B pauses), the target (the arrows
move the way the screen goes: LEFT/RIGHT along a fleet, UP/DOWN to the fleet
above or below; B takes the attacker back), rolling (A; B stops
where the ship "may" stop, or takes the attacker back before the first
roll), the Carrier's declaration and its reroll (LEFT/RIGHT pick a die,
UP/DOWN mark it, A rolls, B keeps the dice as they lie), and A after the
result. A step the engine refuses changes nothing. The steps that throw or end an attack
(roll, stop, the Carrier's declaration) go through the screen (GameScreen.roll, stop,
pick_target): over the cable they are moves sent to the other handheld (express.cable.ui).
"""

from core.hal import DOWN, LEFT, RIGHT, UP, A, B
from express.engine import AGAIN, ATTACKER, DECLARE, DONE, OVER, REROLL, ROLL, TARGET
from express.rules import F_STAYS


def play(scr, app, btn):
    g = scr.g
    ph = g.phase
    try:
        if ph == ATTACKER:
            _pick_attacker(scr, app, btn)
        elif ph == TARGET or ph == DECLARE:
            _pick_target(scr, app, btn)
        elif ph == ROLL or ph == AGAIN:
            if btn.pressed(A):
                scr.roll(app)
            elif btn.pressed(B):
                if ph == ROLL:
                    g.back()
                    scr.sel = 0
                    app.redraw()
                elif g.can_stop():
                    scr.stop(app)
        elif ph == REROLL:
            _reroll(scr, app, btn)
        elif (ph == DONE or ph == OVER) and btn.pressed(A):
            scr.end_turn(app)
    except ValueError:
        app.cue("miss")  # not allowed now: the engine changed nothing

def _pick_attacker(scr, app, btn):
    g = scr.g
    fleet = g.fleet(g.turn)
    n = len(fleet)
    if btn.pressed(LEFT):
        scr.sel = (scr.sel + 1) % n
        app.redraw()
    elif btn.pressed(RIGHT):
        scr.sel = (scr.sel - 1) % n
        app.redraw()
    elif btn.pressed(A) or (btn.pressed(UP) and g.row(fleet[scr.sel])[4] & F_STAYS):
        g.pick_attacker(fleet[scr.sel], True if btn.pressed(UP) else None)
        scr.sel = g.position(g.turn, g.attacker)
        scr.tsel = 0
        app.cue("click")
        app.redraw()
    elif btn.pressed(B):
        from express.menus import pause

        pause(app, scr)

def step_target(g, tsel, dx, dy):
    """The target the arrows reach from target tsel, the way the screen shows the fleets:
    dx along a fleet (front on the right: dx 1 is RIGHT, towards the front), dy to the
    fleet below (1) or above (-1), on the same place in that fleet where it can be."""
    ts = g.legal_targets()
    o, s = ts[tsel % len(ts)]
    pos = g.position(o, s)
    if dx:
        for i in range(len(ts)):
            if ts[i][0] == o and g.position(o, ts[i][1]) == pos - dx:
                return i
        return tsel  # the end of that fleet's ships in reach
    owners = []
    for t in ts:
        if t[0] not in owners:
            owners.append(t[0])
    o2 = owners[(owners.index(o) + dy) % len(owners)]
    best = -1
    for i in range(len(ts)):
        if ts[i][0] == o2 and (best < 0 or g.position(o2, ts[i][1]) == pos):
            best = i
    return best


def _pick_target(scr, app, btn):
    g = scr.g
    dx = 1 if btn.pressed(RIGHT) else (-1 if btn.pressed(LEFT) else 0)
    dy = 1 if btn.pressed(DOWN) else (-1 if btn.pressed(UP) else 0)
    if dx or dy:
        scr.tsel = step_target(g, scr.tsel, dx, dy)
        app.redraw()
    elif btn.pressed(A):
        o, s = g.legal_targets()[scr.tsel]
        scr.pick_target(o, s)
        scr.dsel = 0
        app.cue("click")
        if g.phase in (DONE, OVER):
            scr.settled(app)
        app.redraw()
    elif btn.pressed(B) and g.phase == TARGET:
        g.back()
        scr.sel = 0
        app.redraw()

def _reroll(scr, app, btn):
    g = scr.g
    n = g.active()
    if btn.pressed(LEFT):
        scr.dsel = (scr.dsel - 1) % n
        app.redraw()
    elif btn.pressed(RIGHT):
        scr.dsel = (scr.dsel + 1) % n
        app.redraw()
    elif btn.pressed(UP) or btn.pressed(DOWN):
        g.toggle_reroll(scr.dsel)
        app.redraw()
    elif btn.pressed(A):
        scr.roll(app)
    elif btn.pressed(B):
        scr.stop(app)
