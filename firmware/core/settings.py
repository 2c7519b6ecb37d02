"""The player's settings: one table of (name, choices, default), stored as
one byte per setting (the choice index) behind a version byte.

Unknown or out-of-range bytes in a save fall back to the default, so a save
from an older firmware still loads.
"""

# name, choices (shown through strings.t when they are keys), default index
TABLE = (
    ("language", ("en", "hu"), 0),
    ("contrast", (32, 96, 160, 255), 2),
    ("sound", (0, 1), 0),
    ("level", ("easy", "medium", "hard"), 1),
    ("touching", (1, 0), 0),  # ships may touch (rule-sheet default) or not
)
VERSION = 1
SAVE_NAME = "settings"


class Settings:
    def __init__(self):
        self.index = [row[2] for row in TABLE]

    def _row(self, name):
        for i in range(len(TABLE)):
            if TABLE[i][0] == name:
                return i
        raise KeyError(name)

    def get(self, name):
        i = self._row(name)
        return TABLE[i][1][self.index[i]]

    def step(self, name, d):
        i = self._row(name)
        n = len(TABLE[i][1])
        self.index[i] = (self.index[i] + d) % n
        return self.get(name)

    def set(self, name, value):
        i = self._row(name)
        self.index[i] = TABLE[i][1].index(value)

    def to_bytes(self):
        return bytes([VERSION] + self.index)

    @classmethod
    def from_bytes(cls, data):
        s = cls()
        if not data or data[0] != VERSION:
            return s
        for i in range(min(len(TABLE), len(data) - 1)):
            if data[i + 1] < len(TABLE[i][1]):
                s.index[i] = data[i + 1]
        return s
