#!/usr/bin/env python3
# FC-PROTO-11: the same adapter at the delta-only level — compact answers {"seq", "delta"}, no envelope.
"""An implementation that returns only the Correction Delta announces "level": "delta-only" in its
handshake and answers compact with {"seq": S, "delta": <CorrectionDelta>}. The runner then reports the
checks that need the envelope as not applicable and judges everything else on the Delta:

    npx feedback-compactor certify -- python3 delta_only_adapter.py
"""

import sys

import adapter

adapter.IMPLEMENTATION = dict(adapter.IMPLEMENTATION, name="toy-compactor-python-delta-only")
adapter.LEVEL = "delta-only"
_full = adapter.handle


def handle(cmd, message):
    reply = _full(cmd, message)
    if "log" in reply:
        return {"delta": reply["log"]["correctionDelta"]}
    return reply


adapter.handle = handle

if __name__ == "__main__":
    sys.exit(adapter.main())
