"""The big blocks of the Link battle screen tests, allocated before anything else is compiled
(compiling sources leaves MicroPython's heap in small pieces): the two peers' commitments, and
the flash copy of ours."""

from link.commit import PeerFleet

PEERS = (PeerFleet(bytes(8), 1), PeerFleet(bytes(8), 1))  # ours, the bot's
COMMITMENTS = bytearray(3232)  # "lkpeer" in flash
