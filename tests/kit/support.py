"""Helpers shared by tests that run under both CPython (pytest) and MicroPython.

Tests in tests/both/ and tests/mp/ are plain functions named test_* that use
`assert`; they import nothing from pytest so tests/mprun.py can run them on
the MicroPython unix port. Use `skip(reason)` when a feature is missing and
`raises(Exc, fn, *args)` to check a refusal.
"""


class SkipTest(Exception):
    pass


def skip(reason):
    try:
        import pytest

        pytest.skip(reason)
    except ImportError:
        raise SkipTest(reason)


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception it raised; fail if it raised none."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("expected %s from %s" % (exc_type.__name__, fn))


def save_bytes(m):
    """A cable game's save (link.match.Match.data()) as bytes."""
    return b"".join([bytes(p) for p in m.data()])


def save_into(m, buf):
    """The same save copied into buf (a bytearray allocated once: a heap in pieces may have no
    block for a new one), as a memoryview of its start."""
    i = 0
    for p in m.data():
        n = len(p)
        buf[i : i + n] = p
        i += n
    return memoryview(buf)[:i]
