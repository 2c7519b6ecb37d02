# interpreters: micropython
"""The card game's screen catalogue keeps its game positions as bytes (catalogs.cards._SNAP):
they must be exactly the games a replay gives, on MicroPython as on CPython. (Apart from
the screen tests: replays churn the small heap.)"""

from cards import ui  # noqa: F401  (first: its modules compile best in an empty heap)


def test_catalogue_positions_are_the_replayed_games():
    """The catalogue keeps its positions as bytes; they must be what a replay gives."""
    from catalogs.cards import _POSITIONS, _SNAP, snapshot

    stale = [key for key in _POSITIONS if _SNAP.get(key) != snapshot(key)]
    if stale:
        from catalogs.cards import snapshot_table

        print(snapshot_table())
    assert not stale, "catalogs.cards._SNAP is stale for %r: paste the table printed above" % stale
