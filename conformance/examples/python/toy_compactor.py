# FC-REQ-1, FC-REQ-2, FC-REQ-12, FC-LOG-1: a deliberately small, incomplete compactor so the adapter has something to wrap.
"""A toy Feedback Compactor: enough structure to pass some conformance cases and fail others.

It checks the request's outer shape, keeps the findings of the last round, and renders a
Correction Delta without redaction, grouping across rounds or token counting. It exists to show
what certification reports look like; it is not a reference for anything.
"""

SCHEMA_VERSION = "1.0.0"
MIN_BUDGET, MAX_BUDGET, DEFAULT_BUDGET = 128, 1000000, 512
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


class CompactionError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _fail(message):
    raise CompactionError("INVALID_REQUEST", message)


def _check(request, budget):
    if not isinstance(request, dict):
        _fail("the request must be an object")
    for key in ("taskSpec", "canonicalState", "rounds"):
        if key not in request:
            _fail("the request has no " + key)
    state = request["canonicalState"]
    if not isinstance(state, dict) or not isinstance(state.get("ref"), str) or not state["ref"]:
        _fail("canonicalState.ref must be a nonempty string")
    rounds = request["rounds"]
    if not isinstance(rounds, list) or not rounds:
        _fail("rounds must be a nonempty array")
    last = 0
    for i, rnd in enumerate(rounds):
        index = rnd.get("index") if isinstance(rnd, dict) else None
        if not isinstance(index, int) or isinstance(index, bool) or index <= last:
            _fail("/rounds/%d/index must be an increasing integer >= 1" % i)
        last = index
        verdict = rnd.get("verifierVerdict")
        if not isinstance(verdict, dict) or verdict.get("status") not in ("pass", "fail", "blocked"):
            raise CompactionError("VERIFIER_VERDICT_MISSING", "/rounds/%d has no valid verdict" % i)
        if not isinstance(verdict.get("findings"), list):
            raise CompactionError("VERIFIER_VERDICT_MISSING", "/rounds/%d findings is not an array" % i)
    if budget is None:
        return DEFAULT_BUDGET
    if not isinstance(budget, int) or isinstance(budget, bool) or not MIN_BUDGET <= budget <= MAX_BUDGET:
        _fail("budgetTokens must be an integer in [128, 1000000]")
    return budget


def compact(request, budget_tokens=None):
    budget = _check(request, budget_tokens)
    rounds = request["rounds"]
    last = rounds[-1]
    verdict = last["verifierVerdict"]
    open_findings = []
    for n, f in enumerate(verdict["findings"]):
        if not isinstance(f, dict):
            continue
        location = f.get("location")
        path = location.get("path") if isinstance(location, dict) else None
        open_findings.append(
            {
                "id": "%s:%s:%d" % (f.get("rule", "rule"), path or "-", n),
                "rule": f.get("rule", ""),
                "location": location if isinstance(location, dict) else None,
                "message": f.get("message", ""),
                "severity": f.get("severity", "error"),
                "firstObservedIn": last["index"],
                "lastObservedIn": last["index"],
                "status": "open",
            }
        )
    open_findings.sort(key=lambda f: (SEVERITY_RANK.get(f["severity"], 3), f["id"]))
    active = [
        {
            "rank": i + 1,
            "findingId": f["id"],
            "rule": f["rule"],
            "location": f["location"],
            "severity": f["severity"],
            "firstSeen": f["firstObservedIn"],
            "lastSeen": f["lastObservedIn"],
            "message": f["message"],
            "trace": None,
            "blocking": verdict["status"] == "blocked",
        }
        for i, f in enumerate(open_findings)
    ]
    delta = {
        "attempt": last["index"] + 1,
        "lastVerdict": verdict["status"],
        "openRootCauses": active,
        "resolvedSummary": None,
        "omitted": None,
        "constraints": [],
        "generatedAt": last.get("ts", ""),
    }
    return {
        "schemaVersion": SCHEMA_VERSION,
        "sourceWindow": {
            "firstRound": rounds[0]["index"],
            "lastRound": last["index"],
            "roundCount": len(rounds),
            "canonicalStateRef": request["canonicalState"]["ref"],
        },
        "compaction": {
            "compactorId": "toy-compactor-python@0.1.0",
            "generatedAt": last.get("ts", ""),
            "budgetTokens": budget,
            "renderedTokens": 0,
            "stallCandidate": False,
        },
        "findings": open_findings,
        "rootCauses": [],
        "resolvedFailures": [],
        "activeFailures": active,
        "redactions": [],
        "evidence": {"refs": []},
        "confidence": {"method": "heuristic", "perCause": []},
        "severity": {"level": "error" if active else "info", "blockingCount": 0},
        "correctionDelta": delta,
    }
