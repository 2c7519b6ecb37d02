# interpreters: cpython
"""docs/link-protocol.md section 11 (Torpedo Attack over the cable) gives worked examples, each a
fenced block whose first line is `example NAME: HEX`. Each is rebuilt here from fixed inputs by
the functions that build those bytes on the handheld (link.commit's coin and fleet, the LinkGame
of torpedo.cable.game, the engine's drift), so the document cannot drift from the firmware: a
changed byte on either side fails this test (issue 42, 2)."""

import os
import re

from ta_play import LAYOUT, LAYOUT_B

from host_tools.paths import ROOT
from link.commit import CoinFlip
from torpedo.cable.game import LinkGame, rules_bytes, seed_from_game_id
from torpedo.rules import FIRE, LOCATE, SHIP_LOCATED, T_HIT, TARGET_LOCATED, WINDOW

_BLOCK = re.compile(r"^```\n(example [a-z0-9-]+:.*?)^```", re.M | re.S)

# The fixed inputs the document names (11.9).
STREAM = bytes.fromhex("1122334455667788")  # nonces 11223344 (role 0) and 55667788 (role 1)
LEVEL = 1  # medium
COIN = (bytes(range(0x00, 0x10)), bytes(range(0x10, 0x20)))  # each role's coin value
SEED = (bytes(range(0x20, 0x30)), bytes(range(0x30, 0x40)))  # each role's fleet seed
FLEET = (LAYOUT, LAYOUT_B)  # role 0: along rows A C E G I; role 1: down columns 10 8 6 4 2
PATROL = ((80, 81), (1, 11))  # each fleet's Patrol Boat (ship id 5)
WATER_CALL = 55  # F-6: open water in both fleets


def doc_examples():
    """{name: bytes} of every example block in the document."""
    with open(os.path.join(ROOT, "docs", "link-protocol.md"), encoding="utf-8") as f:
        text = f.read()
    out = {}
    for block in _BLOCK.findall(text):
        head, _, tail = block.partition(":")
        name = head.split()[1]
        assert name not in out, name
        out[name] = bytes.fromhex("".join(tail.split()))
    return out


def _fixed(value):
    return lambda n: value[:n]


def _u16(v):
    return bytes((v & 0xFF, v >> 8))


def firmware_examples():
    """Every example, built by the firmware from the fixed inputs, in the order of a game."""
    ex = {"torpedo-rules": rules_bytes(LEVEL, True)}
    coins = [CoinFlip(r, STREAM, _fixed(COIN[r])) for r in (0, 1)]
    for r in (0, 1):
        ex["torpedo-coin-commit-%d" % r] = coins[r].commit_msg()
    coins[0].take_commit(ex["torpedo-coin-commit-1"])
    coins[1].take_commit(ex["torpedo-coin-commit-0"])
    for r in (0, 1):
        ex["torpedo-coin-reveal-%d" % r] = coins[r].reveal_msg()
    coins[0].take_reveal(ex["torpedo-coin-reveal-1"])
    coins[1].take_reveal(ex["torpedo-coin-reveal-0"])
    c = coins[0]
    assert (c.first, c.game_id) == (coins[1].first, coins[1].game_id)
    ex["torpedo-flip"] = bytes((c.first,)) + c.game_id
    seed = seed_from_game_id(c.game_id)
    ex["torpedo-game-seed"] = bytes((seed & 0xFF, seed >> 8 & 0xFF, seed >> 16 & 0xFF, seed >> 24))

    hands = []
    for r in (0, 1):
        lg = LinkGame(r, c.game_id, c.first, LEVEL, True, _fixed(SEED[r]))
        for ship, row, col, vertical in FLEET[r]:
            lg.game.fleets[r].place(ship, row, col, vertical)
        hands.append(lg)
    parts = [[lg.mine.part_msg(k) for k in range(lg.commit())] for lg in hands]
    ex["torpedo-fleet-commit-0-part-0"] = parts[0][0]
    ex["torpedo-fleet-commit-0-part-14"] = parts[0][14]
    for r in (0, 1):
        for m in parts[1 - r]:
            hands[r].take(m)
        assert hands[r].ready()

    # the coin's first player calls its rival's Patrol Boat twice; the rival calls open water between
    f = c.first
    caller, defender = hands[f], hands[1 - f]
    g = caller.game
    ex["torpedo-shot"] = shot = caller.call_msg(PATROL[1 - f][0])
    _kind, res, ex["torpedo-answer-target"] = defender.take(shot)
    assert res[0] == TARGET_LOCATED and caller.take(ex["torpedo-answer-target"])[1] == res
    ex["torpedo-shot-water"] = defender.call_msg(WATER_CALL)
    _kind, res, answer = caller.take(ex["torpedo-shot-water"])
    ex["torpedo-answer-water"] = answer
    defender.take(answer)
    assert g.phase == LOCATE and g.turn == f
    _kind, res, ex["torpedo-answer-located"] = defender.take(caller.call_msg(PATROL[1 - f][1]))
    assert res[0] == SHIP_LOCATED and caller.take(ex["torpedo-answer-located"])[1] == res
    assert g.phase == FIRE and defender.game.phase == FIRE

    # its first torpedo at the Patrol Boat: the drift both handhelds replay, a miss, then a hit
    d = g.drift()
    ex["torpedo-drift-seed"] = bytes((d.seed & 0xFF, d.seed >> 8 & 0xFF, d.seed >> 16 & 0xFF, d.seed >> 24))
    ex["torpedo-drift-params"] = b"".join(_u16(v) for v in (d.centre, d.sway, d.wobble, d.p0, d.q0, d.v, d.w))
    ex["torpedo-drift-x"] = bytes(d.x(k) for k in range(16))
    miss = 0
    assert not d.hit(miss)
    _res, ex["torpedo-press-miss"] = caller.press(miss)
    defender.take(ex["torpedo-press-miss"])
    d = g.drift()  # the second torpedo's drift
    hit = next(k for k in range(WINDOW) if d.hit(k))
    res, ex["torpedo-press-hit"] = caller.press(hit)
    assert res[0] == T_HIT and defender.take(ex["torpedo-press-hit"])[2] is None
    ex["torpedo-fleet-reveal-0"] = hands[0].mine.reveal_msg()  # what reveal_msg() sends at the end
    return ex


def test_every_example_in_the_document_is_the_firmwares_bytes():
    doc = doc_examples()
    fw = firmware_examples()
    assert sorted(doc) == sorted(fw)
    for name in fw:
        assert doc[name] == fw[name], (name, fw[name].hex())

