#!/usr/bin/env python3
# FC-PROTO-1..10: a protocol v1 adapter in Python (standard library only) around a toy compactor.
"""Speaks conformance protocol v1 (spec/protocol.md) on stdin/stdout.

Copy this file, replace `toy_compactor.compact` with a call into your implementation, and run:

    npx feedback-compactor certify -- python3 adapter.py

Rules that matter: one JSON object per line, flush after every reply, never print anything else on
stdout (log to stderr), answer every message that has a "seq" exactly once with the same "seq".
"""

import json
import re
import sys

import toy_compactor

PROTOCOL_VERSION = 1
IMPLEMENTATION = {
    "name": "toy-compactor-python",
    "version": "0.1.0",
    "language": "python",
    "homepage": "https://example.invalid/toy-compactor",
}
CAPABILITIES = ["compact"]
# FC-PROTO-11: None (full: compact answers {"log"}) or "delta-only" (compact answers {"delta"}).
LEVEL = None


def log(text):
    """Diagnostics go to stderr; the runner never judges them."""
    print(text, file=sys.stderr, flush=True)


def send(obj):
    # ensure_ascii keeps lone surrogates (legal in JSON text, not in UTF-8) writable as \\udXXX escapes.
    sys.stdout.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def error(code, message, field=None):
    body = {"code": code, "message": message}
    if field is not None:
        body["field"] = field
    return {"error": body}


def handle(cmd, message):
    """Returns the reply body without seq: {"log": ...} or {"error": ...}."""
    if cmd == "compact":
        options = message.get("options") or {}
        if not isinstance(options, dict):
            return error("INVALID_REQUEST", "options must be an object", "options")
        try:
            result = toy_compactor.compact(message.get("request"), options.get("budgetTokens"))
        except toy_compactor.CompactionError as e:
            return error(e.code, e.message)
        except Exception as e:  # a bug: report its class only, never its text (it may quote the input)
            return error("INTERNAL", "internal error: " + type(e).__name__)
        return {"log": result}
    return error("UNSUPPORTED", "this adapter serves only compact")


def main():
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except RecursionError:
            # Nested deeper than Python's parser goes: still answer this request, under its seq.
            seq = re.search(r'"seq"\s*:\s*(\d+)', line)
            reply = error("INVALID_REQUEST", "the message is nested too deeply for this implementation")
            if seq:
                reply["seq"] = int(seq.group(1))
            send(reply)
            continue
        except ValueError:
            send(error("INVALID_REQUEST", "the line is not valid JSON"))
            continue
        if not isinstance(message, dict):
            send(error("INVALID_REQUEST", "a message must be a JSON object"))
            continue
        cmd = message.get("cmd")
        if cmd == "stop":
            break
        if cmd == "start":
            if message.get("version") != PROTOCOL_VERSION:
                send(error("UNSUPPORTED", "only protocol version 1 is spoken here"))
                continue
            log("toy-compactor: handshake")
            hello = {"version": PROTOCOL_VERSION, "implementation": IMPLEMENTATION, "capabilities": CAPABILITIES}
            if LEVEL is not None:
                hello["level"] = LEVEL
            send(hello)
            continue
        if "seq" not in message:
            send(error("INVALID_REQUEST", "a request other than start/stop needs a seq"))
            continue
        reply = {"seq": message["seq"]}
        reply.update(handle(cmd, message))
        send(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
