# interpreters: cpython
"""No erase between a SHOT's arrival and its ANSWER leaving (issue 43), over a whole Link battle
on two simulated handhelds (the compiled install on the unix port, boards/sim.py's flash a host
folder each).

The host's equivalent of counting erases: after each frame of a handheld (while it waits for
the next), its saves folder is listed. On the Pico's littlefs a file made, written, renamed or
removed may erase a block (a new block for a file over the inline limit, a metadata
compaction); a page programmed into a segment made ahead (core.savelog) rewrites a file in
place, the same name, file and size. So a frame that changed any name, file (inode) or size
of the folder is one that may have erased; on the SHOT's path (the frame that received its last
byte up to the frame that sent the ANSWER's first) there must be none, and the save that holds
the ANSWER must have been written (the folder changed in place) before it left."""

import os

import pytest
from simtest import ended, linked_handheld, open_mode, rounds

from host_tools.device import bundle
from host_tools.device.rp2pico import shot_pairs, timed_frames
from host_tools.sim.handheld import Cable, run_script


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return bundle.build("sim", str(tmp_path_factory.mktemp("lkerase") / "sim"), arch=None).out


def _folder(path):
    """{name: ((file, size, its first 16 bytes), mtime)} of a saves folder: a file made again
    may get the same inode back, never the same first bytes (a segment's marker holds a random
    nonce, a save's head its CRC)."""
    out = {}
    for n in os.listdir(path):
        st = os.stat(os.path.join(path, n))
        with open(os.path.join(path, n), "rb") as f:
            head = f.read(16)
        out[n] = ((st.st_ino, st.st_size, head), st.st_mtime_ns)
    return out


class Watch:
    """One handheld's frames: the bytes it sent and received (with the frame of each) and, per
    frame, whether its saves folder changed by what may erase, or in place only (a file's pages,
    never its first)."""

    def __init__(self, h):
        self.h = h
        self.frame = 0  # frames computed (replies sent)
        self.out, self.out_at = bytearray(), []
        self.got, self.got_at = bytearray(), []
        self.erasing, self.programmed = set(), set()  # frames
        self.before = _folder(h.saves)
        self.pending = len(h.uart_in)  # the other's bytes sent before we watched, not yet read
        cable, reply = h.cable, h.reply

        def sent(data):
            self.out.extend(data)
            self.out_at.extend([self.frame] * len(data))
            cable(data)

        def replied(mask, flags=0, max_uart=1024):
            now = _folder(h.saves)  # the firmware waits for this reply: the folder is still
            was = self.before
            if set(now) != set(was) or any(now[n][0] != was[n][0] for n in now):
                self.erasing.add(self.frame)
            elif now != was:
                self.programmed.add(self.frame)
            self.before = now
            n = min(max_uart, len(h.uart_in))
            self.got.extend(h.uart_in[:n])
            self.frame += 1
            self.got_at.extend([self.frame] * n)  # read in the frame this reply starts
            reply(mask, flags, max_uart)

        h.cable, h.reply = sent, replied


def test_no_erase_between_a_shot_arriving_and_its_answer_leaving_over_a_whole_battle(install, tmp_path):
    a = linked_handheld(install, 11, str(tmp_path / "a"), "handheld 1")
    b = linked_handheld(install, 22, str(tmp_path / "b"), "handheld 2")
    Cable(a, b)
    try:
        run_script([a, b], "WAIT300," + open_mode("link_battle").rstrip(",") + ",WAIT1500")
        ws = [Watch(a), Watch(b)]  # the cable's senders are wrapped after Cable joined them
        run_script([a, b], "A,WAIT300,A,WAIT500")  # the coin, Start with the shuffled fleet
        rounds([a, b], lambda: ended(a) and ended(b))
        assert sorted(ended(a) + ended(b)) == ["lose", "win"]
        paths = 0
        for k in (0, 1):
            shooter, defender = ws[k], ws[1 - k]
            # the shooter's bytes timed by the defender's frame that received each
            got = defender.got_at[defender.pending :]
            at = got + [1 << 30] * (len(shooter.out) - len(got))
            shots = timed_frames(shooter.out, at)
            answers = timed_frames(defender.out, defender.out_at)  # ... and the defender's by its own
            for shot, ans in shot_pairs(shots, answers):
                arrive = shot[3]  # the frame that received the SHOT's last byte
                leave = ans[2]  # the frame that sent the ANSWER's first byte
                assert arrive <= leave
                on_path = set(range(arrive, leave + 1))
                assert not on_path & defender.erasing, (k, arrive, leave, sorted(defender.erasing)[:20])
                assert on_path & defender.programmed  # the answer was saved before it left
                paths += 1
        assert paths >= 2 * 17  # every shot of the game, both ways (17 hits end a classic game)
    finally:
        a.close()
        b.close()

