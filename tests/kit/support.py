"""Helpers shared by tests that run under both CPython (pytest) and MicroPython.

Tests that name micropython on their first line are plain functions named test_* that use
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


