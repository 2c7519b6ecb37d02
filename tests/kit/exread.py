"""Reading Express's attack screen (the CPU game's and the cable's: express.draw), for the screen
tests: what its title says of the attack against what its hits line says."""

from core.strings import t


def _numbers(s, fmt):
    """(a, b) of a text drawn from fmt ("Hits %d/%d"), or None when s is not one."""
    head, _, rest = fmt.partition("%d")
    sep = rest.partition("%d")[0]
    if not s.startswith(head) or sep not in s[len(head):]:
        return None
    a, _, b = s[len(head):].partition(sep)
    if not (a.isdigit() and b.isdigit()):
        return None
    return int(a), int(b)


def contradictions(boxes):
    """The attack's lines that disagree, in the language drawn: more hits than the ship needs
    ("Hits 5/3"), a ship sunk over fewer hits than it needs ("Sunk!" or "Burst! Sunk!" over
    "Hits 1/5"), a missed attack over all the hits it needed."""
    out = []
    title = ""
    hits = None
    for _x, y, _w, _h, s in boxes:
        if y == 1:  # the title bar's (core.ui.title)
            title = s
        n = _numbers(s, t("ex_hits"))
        if n is not None:
            hits = n
    if hits is None:
        return out
    a, b = hits
    if a > b:
        out.append("hits past the need: %r" % (t("ex_hits") % hits))
    if title in (t("ex_sunk"), t("ex_burst_sunk")) and a < b:
        out.append("%r over %r" % (title, t("ex_hits") % hits))
    if title == t("ex_missed") and a >= b:
        out.append("%r over %r" % (title, t("ex_hits") % hits))
    return out
