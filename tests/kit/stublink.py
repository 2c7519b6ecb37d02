"""A message-level stand-in for link.session.Link joining two games in one process (no frames, no
cable): what one end sends reaches the other's inbox at its next poll. Used where a handheld's
screens play against a bot's game (tests/kit/lkui_kit.py, tests/express/test_cable_ui.py,
tests/cards/cable/pair.py)."""

from link.match import ST_OPEN, ST_UNPLUGGED

STREAM = b"\x10\x20\x30\x40\x50\x60\x70\x80"


class StubLink:
    """What a game asks of its Link, message by message: what send() queues reaches the other
    end's inbox at the next poll() while plugged; status OPEN or UNPLUGGED. It counts polls made
    while a save was due (the saving rule: save after send / recv, before the next poll)."""

    fw = (1, 0, 0)
    peer_fw = (1, 0, 0)
    peer_version = 1
    peer_rules = None
    mismatch = 0
    peer_has_game = False
    behind = False
    peer_claimed = False
    claimed = False
    bank = 0  # Link.bank: the peer's time bank spent (link.match counts it)

    def __init__(self, role):
        self.role = role
        self.stream = STREAM
        self.other = None
        self.plugged = True
        self.out = []  # sent, not yet taken by the other end
        self.queued = 0  # of those, not yet delivered
        self.inbox = []
        self.needs_save = False
        self.unsaved_polls = 0

    def poll(self, now):
        if self.needs_save:
            self.unsaved_polls += 1
        if self.plugged and self.queued:
            self.other.inbox.extend(self.out[len(self.out) - self.queued :])
            self.queued = 0

    def status(self):
        return ST_OPEN if self.plugged else ST_UNPLUGGED

    def send(self, msg):
        self.out.append(bytes(msg))
        self.queued += 1
        self.needs_save = True
        return True

    acked = 0  # ours the other end has taken (Link.acked)
    big = 0  # damaged DATA frames heard (Link.big)

    def recv(self):
        if not self.inbox:
            return None
        self.other.acked += 1
        self.other.out.pop(0)  # taken: acknowledged
        self.needs_save = True
        return self.inbox.pop(0)

    def unacked(self):
        return len(self.out)

    def quiet_ms(self):
        return 0  # never silent long enough to claim the win (link.match.claimable)

    def claim(self):
        self.claimed = True

    def free(self):
        return 16

    drops = (0,) * 9  # Link.drops: none

    def write_snapshot(self, f):
        """A real Link's snapshot of an empty stream (the game restores into a real Link)."""
        self.needs_save = False
        f.write(b"\x01" + self.stream + bytes((1 | (self.role << 1),)) + bytes(12))
        return 22


class BotPair:
    """Our handheld (a fake App whose link is a StubLink) and a bot's game on the other end: the
    subclass makes the bot (bot_step: its part of a frame) and hands its mode the stand-in link
    (link_to(app, ours)). frame() runs a frame of each, 33 ms apart."""

    def __init__(self, seeds, flash):
        from core import strings

        strings.set_lang("en")
        self.now = 0
        self.seeds = seeds
        self.ours = StubLink(0)
        self.theirs = StubLink(1)
        self.ours.other, self.theirs.other = self.theirs, self.ours
        self.flash = flash
        self.app = self._app()

    def _app(self):
        from fakehw import make_hw

        from core.app import App
        from core.prng import Rng

        hw = make_hw(self.flash)
        hw.link = self.ours
        app = App(hw)
        app.rand_bytes = lambda: Rng(self.seeds[0]).randbytes
        self.link_to(app, self.ours)
        return app

    def link_to(self, app, link):
        raise NotImplementedError

    def bot_step(self):
        raise NotImplementedError

    def frame(self, mask=0):
        self.now += 33
        self.app.hw.keys.mask = mask
        self.app.step()
        self.bot_step()

    def press(self, mask, after=1):
        self.frame(mask)
        for _ in range(after):
            self.frame()

    def kind(self):
        top = self.app.top()
        return type(top).__name__ if top is not None else ""

    def words_only(self):
        """From now on every frame is drawn in both languages and must show words, not word keys
        (tests/kit/screens.keys_drawn: a word whose table is not loaded shows its key)."""
        from screens import keys_drawn

        from core import strings, ui

        step = self.frame

        def frame(mask=0):
            step(mask)
            top = self.app.top()
            bad = []
            for lang in ("hu", "en"):
                strings.set_lang(lang)
                ui.TRACE = []
                self.app.fb.fill(0)
                top.draw(self.app, self.app.fb)
                for problem in keys_drawn(ui.TRACE):
                    bad.append("%s [%s]: %s" % (type(top).__name__, lang, problem))
                ui.TRACE = None
            assert not bad, "\n".join(bad[:6])

        self.frame = frame
