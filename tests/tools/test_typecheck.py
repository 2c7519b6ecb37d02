# interpreters: cpython
"""`make typecheck` catches what it is for: a firmware module calling an API the
RPI_PICO port lacks fails the check with a message naming the call, though the
unix port the tests run on has it (host_tools/check/typecheck.py)."""

import pytest

from host_tools.check import typecheck

BAD = '''"""A firmware-like module: each call runs on the unix port, not on a Pico."""
import os

import machine


def board():
    return os.getenv("BROADSIDE_BOARD")


def why_awake():
    return machine.wake_reason()
'''

GOOD = """import os

import machine
from core.compat import ticks_ms


def room():
    st = os.statvfs("/")
    return st[0] * st[3], os.listdir("/"), ticks_ms()


def lamp():
    led = machine.Pin(25, machine.Pin.OUT)
    led.value(1)
    return machine.unique_id(), machine.freq()
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    d = tmp_path_factory.mktemp("tc")
    (d / "bad.py").write_text(BAD)
    (d / "good.py").write_text(GOOD)
    bad = typecheck.check(typecheck.prepare(str(d / "cfg-bad"), [str(d / "bad.py")]))
    good = typecheck.check(typecheck.prepare(str(d / "cfg-good"), [str(d / "good.py")]))
    return bad, good


def test_an_api_the_pico_lacks_fails_the_check_naming_the_call(checked):
    (status, out), _ = checked
    assert status != 0, out
    assert 'bad.py:8:15 - error: "getenv" is not a known attribute of module "os"' in out
    assert 'bad.py:12:20 - error: "wake_reason" is not a known attribute of module "machine"' in out
    assert "2 errors" in out


def test_the_picos_own_api_passes(checked):
    _, (status, out) = checked
    assert status == 0, out
    assert "0 errors" in out


def test_the_sim_board_is_checked_against_the_unix_port(tmp_path):
    """The same getenv passes against the unix port's stubs, where it exists, and a
    Pico-only module does not: each board meets its own port's API."""
    (tmp_path / "simlike.py").write_text(
        "import os\n\nimport rp2\n\n\ndef f():\n    return os.getenv('X'), rp2.Flash()\n"
    )
    status, out = typecheck.check(
        typecheck.prepare(str(tmp_path / "cfg"), [str(tmp_path / "simlike.py")], port="unix")
    )
    assert status != 0
    assert "getenv" not in out
    assert 'Import "rp2" could not be resolved' in out
