"""A stand-in for link.session.Link, for the cable games' catalogues: a status set by hand and
the other handheld's details, nothing on any wire (every cable game's screens read these)."""

from link.match import FW


class Link:
    mismatch = 1  # link.match.M_OTHER_GAME (2: the saves out of step)

    def __init__(self, status, peer_rules=None, peer_has_game=False):
        self.st = status
        self.fw = FW
        self.peer_fw = (2, 5, 1)
        self.peer_version = 2
        self.peer_rules = peer_rules
        self.peer_has_game = peer_has_game
        self.behind = False  # out of step: this side's save is the newer one
        self.peer_claimed = False  # M_CLAIMED: the other side claimed the win
        self.claimed = False
        self.quiet = 0  # ms since a frame of the other's (quiet_ms)
        self.bank = 0
        self.needs_save = False
        self.role = 0
        self.stream = bytes(8)
        self.waiting = 0

    def status(self):
        return self.st

    def unacked(self):
        return self.waiting

    def quiet_ms(self):
        return self.quiet

    def claim(self):
        self.claimed = True

    def poll(self, now):
        pass

    def recv(self):
        return None

    def send(self, msg):
        return True
