"""Flash in a dict (the storage contract: save, load -> (payload, where), delete), for the duels
and the screen tests (under both interpreters)."""


class DictStorage:
    def __init__(self):
        self.files = {}
        self.saves = 0

    def save(self, name, data, pre=b""):
        parts = [pre] + (data if isinstance(data, list) else [data])  # parts: core.storage.parts
        self.files[name] = self.keep(name, parts)
        self.saves += 1

    def keep(self, name, parts):
        """What is stored for a payload in parts (one copy: the caller may reuse its buffers)."""
        return b"".join([bytes(x) for x in parts])

    def load(self, name):
        if name in self.files:
            return self.files[name], "main"
        return None, None

    def ahead(self, name, saves):
        return False  # no flash to erase

    def has(self, name):
        return name in self.files

    def delete(self, name):
        self.files.pop(name, None)
