"""A message-level stand-in for link.session.Link joining two games in one process (no frames, no
cable): what one end sends reaches the other's inbox at its next poll. Used where a handheld's
screens play against a bot's game (tests/linkexpress/test_ui.py, tests/linkcards/pair.py)."""

STREAM = b"\x10\x20\x30\x40\x50\x60\x70\x80"


class StubLink:
    """send() reaches the other end's inbox at the next poll(); status OPEN (6)."""

    peer_rules = None
    behind = False

    def __init__(self, role):
        self.role = role
        self.stream = STREAM
        self.other = None
        self.out = []
        self.queued = 0
        self.inbox = []
        self.needs_save = False

    def poll(self, now):
        if self.queued:
            self.other.inbox.extend(self.out[len(self.out) - self.queued :])
            self.queued = 0

    def status(self):
        return 6

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
        self.other.out.pop(0)
        self.needs_save = True
        return self.inbox.pop(0)

    def unacked(self):
        return len(self.out)

    def free(self):
        return 16

    drops = (0,) * 9  # Link.drops: none

    def snapshot(self):
        self.needs_save = False
        return b"\x01" + self.stream + bytes((1 | (self.role << 1),)) + bytes(12)

    def write_snapshot(self, f):
        return f.write(self.snapshot())
