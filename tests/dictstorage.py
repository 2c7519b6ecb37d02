"""Flash saves in a dict, for the screen tests (the storage contract: save, load ->
(payload, where), delete)."""


class DictStorage:
    def __init__(self):
        self.files = {}
        self.saves = 0

    def save(self, name, data, pre=b""):
        if isinstance(data, list):  # a payload in parts (core.storage.parts)
            data = b"".join(bytes(x) for x in data)
        self.files[name] = self.keep(name, bytes(pre) + bytes(data))
        self.saves += 1

    def keep(self, name, data):
        """What is stored for `data` (a copy: the caller may reuse its buffer)."""
        return bytes(data)

    def load(self, name):
        if name in self.files:
            return self.files[name], "main"
        return None, None

    def has(self, name):
        return name in self.files

    def delete(self, name):
        self.files.pop(name, None)
