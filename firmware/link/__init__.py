"""The link cable (docs/link-protocol.md): frame (COBS + CRC-32), arq
(ordered, exactly-once, resumable stream), session (handshake, RESUME,
unplug detection over hw.link), commit (coin toss and fleet commitments).
"""
