// FC-REQ-1..12, FC-ERR-1: cases on what a request is and which requests are refused.
import { a, at, type CaseDoc, type Expect, f, kase, P, request, round } from "./dsl.ts";

const one = (
  findings = [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.", { location: at("src/config.ts", 4) })],
) => round(1, "fail", findings);

const INVALID = "INVALID_REQUEST";
/** The finding d1 of round 4 (`test:failed`, `expected 2, got 3`) as the log lists it with every default applied (FC-REQ-6). */
const DEFAULTED = {
  id: "d1",
  rule: "test:failed",
  location: null,
  message: "expected 2, got 3",
  severity: "error",
  firstObservedIn: 4,
  lastObservedIn: 4,
  status: "open",
};

/**
 * FC-REQ-1, FC-CASE-14: what the design leaves to the implementation — refuse the request, or read it leniently and
 * compact it into a log for which `holds` holds (for a member of a verdict, VERIFIER_VERDICT_MISSING is a refusal
 * too). The reference's strict answer is a case of the reference profile beside it (FC-REQ-13..16).
 */
export function refusedOr(holds: Record<string, unknown>[], inVerdict = false): Expect[] {
  return [
    { error: { code: INVALID } },
    ...(inVerdict ? [{ error: { code: "VERIFIER_VERDICT_MISSING" } }] : []),
    { assertions: holds },
  ];
}

export const requestCases: CaseDoc[] = [
  kase("request", "missing-task-spec-is-invalid", {
    profile: "reference",
    description: "A request without taskSpec is INVALID_REQUEST.",
    requirements: ["FC-REQ-13", "FC-ERR-1"],
    request: { canonicalState: { ref: "tree-5e1d" }, rounds: [one()] },
    error: INVALID,
  }),
  kase("request", "missing-task-spec-is-refused-or-ignored", {
    description:
      "A request without taskSpec (which the compactor never reads) is refused with INVALID_REQUEST or compacted as if it had one.",
    requirements: ["FC-REQ-1", "FC-PURE-2"],
    request: { canonicalState: { ref: "tree-5e1d" }, rounds: [one()] },
    anyOf: refusedOr([a.proj(P.open, "findingId", ["a1"])]),
  }),
  kase("request", "null-task-spec-is-accepted", {
    description: "taskSpec may be null; the request is compacted.",
    requirements: ["FC-REQ-1"],
    request: request([one()], { taskSpec: null }),
    assertions: [a.proj(P.open, "findingId", ["a1"])],
  }),
  kase("request", "missing-canonical-state-is-invalid", {
    description: "A request without canonicalState is INVALID_REQUEST.",
    requirements: ["FC-REQ-1"],
    request: { taskSpec: {}, rounds: [one()] },
    error: INVALID,
  }),
  kase("request", "canonical-state-that-is-no-object-is-invalid", {
    description:
      "A canonicalState that is null, an array or a string is no canonicalState object: INVALID_REQUEST, like a missing one (FC-REQ-1).",
    requirements: ["FC-REQ-1"],
    request: { taskSpec: {}, canonicalState: null, rounds: [one()] },
    error: INVALID,
    more: [
      { request: { taskSpec: {}, canonicalState: [], rounds: [one()] }, error: INVALID },
      { request: { taskSpec: {}, canonicalState: "tree-1", rounds: [one()] }, error: INVALID },
    ],
  }),
  kase("request", "round-index-at-two-to-the-53-is-invalid", {
    description:
      "Round indices of 2^53 − 1 and 2^53 are above 2^53 − 2: INVALID_REQUEST, never a log with a wrong attempt (FC-REQ-3).",
    requirements: ["FC-REQ-3"],
    request: request([round(9007199254740991, "fail", [f("a1", "lint", "x unused")])]),
    error: INVALID,
    more: [
      { request: request([round(9007199254740992, "fail", [f("a1", "lint", "x unused")])]), error: INVALID },
    ],
  }),
  ...unknownKeyCases(),
  ...memberTypeCases(),
  ...artifactMemberCases(),
  kase("request", "any-keys-inside-task-spec-are-accepted", {
    description: "Keys inside taskSpec are free-form, including ones that look like request fields.",
    requirements: ["FC-REQ-1"],
    request: request([one()], {
      taskSpec: { rounds: "n/a", canonicalState: 7, nested: { __proto__x: true, list: [1, "two", null] } },
    }),
    assertions: [a.len(P.open, 1)],
  }),
  kase("request", "any-keys-inside-tool-output-content-are-accepted", {
    profile: "reference",
    description: "ToolOutput.content may be any JSON value with any keys.",
    requirements: ["FC-REQ-1", "FC-REQ-8"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        workerTrace: [
          {
            tool: "tsc",
            output: "1 error",
            raw: { format: "tsc-json", content: { anything: [1, { x: 2 }] } },
          },
        ],
        artifacts: [{ content: { runs: [{ results: [] }], version: "2.1.0" } }],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1" })],
  }),
  kase("request", "empty-rounds-are-invalid", {
    description: "An empty rounds array is INVALID_REQUEST.",
    requirements: ["FC-REQ-2"],
    request: request([]),
    error: INVALID,
  }),
  kase("request", "rounds-must-be-an-array", {
    description: "rounds given as an object is INVALID_REQUEST.",
    requirements: ["FC-REQ-1", "FC-REQ-2"],
    request: { taskSpec: {}, canonicalState: { ref: "tree-5e1d" }, rounds: { "1": one() } },
    error: INVALID,
  }),
  kase("request", "fractional-round-index-is-invalid", {
    description: "A round index of 1.5 is INVALID_REQUEST.",
    requirements: ["FC-REQ-3"],
    request: request([{ ...one(), index: 1.5 }]),
    error: INVALID,
  }),
  kase("request", "zero-round-index-is-invalid", {
    description: "A round index of 0 is INVALID_REQUEST.",
    requirements: ["FC-REQ-3"],
    request: request([{ ...one(), index: 0 }]),
    error: INVALID,
  }),
  kase("request", "negative-round-index-is-invalid", {
    description: "A negative round index is INVALID_REQUEST.",
    requirements: ["FC-REQ-3"],
    request: request([{ ...one(), index: -2 }]),
    error: INVALID,
  }),
  kase("request", "round-index-as-a-string-is-invalid", {
    description: "A round index written as a string is INVALID_REQUEST.",
    requirements: ["FC-REQ-3"],
    request: request([{ ...one(), index: "1" }]),
    error: INVALID,
  }),
  kase("request", "round-index-above-int32-is-invalid", {
    profile: "reference",
    description: "A round index of 2^31 is INVALID_REQUEST.",
    requirements: ["FC-REQ-14"],
    request: request([{ ...one(), index: 2147483648 }]),
    error: INVALID,
  }),
  kase("request", "largest-round-index-is-accepted", {
    profile: "reference",
    description: "A round index of 2^31-1 is accepted and the next attempt is 2^31.",
    requirements: ["FC-REQ-14", "FC-STAGE5-1"],
    request: request([{ ...one(), index: 2147483647 }]),
    assertions: [
      a.eq("/correctionDelta/attempt", 2147483648),
      a.same("/correctionDelta/generatedAt", "/compaction/generatedAt"),
      a.eq("/sourceWindow/lastRound", 2147483647),
    ],
  }),
  kase("request", "repeated-round-index-is-invalid", {
    description: "Two rounds with the same index are INVALID_REQUEST (indices strictly increase).",
    requirements: ["FC-REQ-3"],
    request: request([round(1, "fail", []), round(1, "fail", [])]),
    error: INVALID,
  }),
  kase("request", "decreasing-round-indices-are-invalid", {
    description: "Round indices in decreasing array order are INVALID_REQUEST.",
    requirements: ["FC-REQ-3"],
    request: request([round(3, "fail", []), round(2, "fail", [])]),
    error: INVALID,
  }),
  kase("request", "gapped-round-indices-are-accepted", {
    description: "Gaps between round indices are allowed; the window reports first, last and count.",
    requirements: ["FC-REQ-3", "FC-LOG-4"],
    request: request([
      round(2, "fail", []),
      round(5, "fail", []),
      round(9, "fail", [f("a1", "lint", "x unused")]),
    ]),
    assertions: [
      a.eq("/sourceWindow", { firstRound: 2, lastRound: 9, roundCount: 3, canonicalStateRef: "tree-5e1d" }),
      a.eq("/correctionDelta/attempt", 10),
    ],
  }),
  kase("request", "empty-state-ref-is-invalid", {
    profile: "reference",
    description: "canonicalState.ref must be a non-empty string.",
    requirements: ["FC-REQ-15"],
    request: request([one()], { canonicalState: { ref: "" } }),
    error: INVALID,
  }),
  kase("request", "empty-state-ref-is-refused-or-copied", {
    description:
      "An empty canonicalState.ref is refused with INVALID_REQUEST, or compacted and copied verbatim into sourceWindow.",
    requirements: ["FC-REQ-1", "FC-REQ-4", "FC-LOG-4"],
    request: request([one()], { canonicalState: { ref: "" } }),
    anyOf: refusedOr([a.len(P.open, 1), a.eq("/sourceWindow/canonicalStateRef", "")]),
  }),
  kase("request", "relative-repo-root-is-invalid", {
    profile: "reference",
    description: "A relative canonicalState.repoRoot is INVALID_REQUEST.",
    requirements: ["FC-REQ-15"],
    request: request([one()], { canonicalState: { ref: "tree-5e1d", repoRoot: "work/repo" } }),
    error: INVALID,
  }),
  kase("request", "relative-repo-root-is-refused-or-tolerated", {
    description:
      "A relative canonicalState.repoRoot is refused with INVALID_REQUEST, or the request is compacted without echoing it.",
    requirements: ["FC-REQ-1", "FC-REQ-4", "FC-REDACT-UNTOUCHED-1"],
    request: request([one()], { canonicalState: { ref: "tree-5e1d", repoRoot: "work/repo-77c1" } }),
    assertions: [a.absent("repo-77c1")],
    anyOf: refusedOr([a.len(P.open, 1)]),
  }),
  // Issue 27, seed 93: a reader that checks `repoRoot`'s form only when it is a string crashed on a number.
  kase("request", "repo-root-that-is-no-string-is-refused-or-tolerated", {
    description:
      "A canonicalState.repoRoot that is a number is refused with INVALID_REQUEST, or the request is compacted (its paths read as if no root were given); never an internal error.",
    requirements: ["FC-REQ-1", "FC-REQ-11"],
    request: request([one()], { canonicalState: { ref: "tree-5e1d", repoRoot: 7 } }),
    anyOf: refusedOr([a.len(P.open, 1)]),
  }),
  kase("request", "windows-repo-root-relativises-paths-with-slashes", {
    profile: "reference",
    description: "A location under a Windows drive repoRoot is written repo-relative with / separators.",
    requirements: ["FC-REQ-15", "FC-STAGE1-8"],
    request: request(
      [
        round(1, "fail", [
          f("w1", "msvc:C2065", "undeclared identifier", { location: at("D:\\ci\\app\\src\\main.c", 12) }),
        ]),
      ],
      { canonicalState: { ref: "tree-5e1d", repoRoot: "D:\\ci\\app" } },
    ),
    assertions: [a.eq(`${P.open}/0/location`, { path: "src/main.c", startLine: 12 })],
  }),
  kase("request", "windows-repo-root-relativises-paths", {
    description:
      "A Windows drive repoRoot is absolute; locations under it become repo-relative (no drive, no root), whatever the separator.",
    requirements: ["FC-REQ-4", "FC-STAGE1-4"],
    request: request(
      [
        round(1, "fail", [
          f("w1", "msvc:C2065", "undeclared identifier", { location: at("D:\\ci\\app\\src\\main.c", 12) }),
        ]),
      ],
      { canonicalState: { ref: "tree-5e1d", repoRoot: "D:\\ci\\app" } },
    ),
    assertions: [
      a.match(`${P.open}/0/location/path`, "^(?:\\.[\\\\/])?src[\\\\/]main\\.c$"),
      a.eq(`${P.open}/0/location/startLine`, 12),
    ],
  }),
  kase("request", "missing-verdict-is-reported", {
    description: "A round without verifierVerdict is VERIFIER_VERDICT_MISSING.",
    requirements: ["FC-REQ-5", "FC-ERR-1"],
    request: request([{ index: 1, ts: "t1", workerTrace: [] }]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "verdict-that-is-not-an-object-is-missing", {
    description: "A verifierVerdict given as a string is VERIFIER_VERDICT_MISSING.",
    requirements: ["FC-REQ-5"],
    request: request([{ index: 1, ts: "t1", workerTrace: [], verifierVerdict: "fail" }]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "verdict-that-is-null-is-missing", {
    description:
      "A verifierVerdict given as null (an object is expected) is VERIFIER_VERDICT_MISSING, as one that is absent, never INTERNAL.",
    requirements: ["FC-REQ-5", "FC-REQ-11"],
    request: request([{ index: 1, ts: "t1", workerTrace: [], verifierVerdict: null }]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "verdict-that-is-an-array-is-missing", {
    description: "A verifierVerdict given as an array (an object is expected) is VERIFIER_VERDICT_MISSING.",
    requirements: ["FC-REQ-5"],
    request: request([
      { index: 1, ts: "t1", workerTrace: [], verifierVerdict: [{ status: "fail", findings: [] }] },
    ]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "verdict-status-outside-the-enum-is-missing", {
    description: "A verdict status of 'failed' is VERIFIER_VERDICT_MISSING.",
    requirements: ["FC-REQ-5"],
    request: request([
      { index: 1, ts: "t1", workerTrace: [], verifierVerdict: { status: "failed", findings: [] } },
    ]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "verdict-findings-must-be-an-array", {
    description: "A verdict whose findings is null is VERIFIER_VERDICT_MISSING.",
    requirements: ["FC-REQ-5"],
    request: request([
      { index: 1, ts: "t1", workerTrace: [], verifierVerdict: { status: "fail", findings: null } },
    ]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "missing-notes-mean-no-notes-finding", {
    profile: "reference",
    description: "Omitted notes default to the empty string, which yields no verifier:notes finding.",
    requirements: ["FC-REQ-5", "FC-STAGE1-2"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])]),
    assertions: [a.proj(P.findings, "rule", ["lint"])],
  }),
  kase("request", "finding-defaults-are-applied", {
    description:
      "A finding with only id, rule and message gets severity error, status open, no location, and observation rounds equal to its round.",
    requirements: ["FC-REQ-6", "FC-STAGE1-1"],
    request: request([round(4, "fail", [f("d1", "test:failed", "expected 2, got 3")])]),
    assertions: [
      a.eq(P.findings, [DEFAULTED]),
      a.eq(`${P.causes}/0/keepForContext`, false),
      a.isNull(`${P.open}/0/trace`),
    ],
  }),
  kase("request", "finding-giving-each-default-explicitly-is-read-the-same", {
    description:
      "A finding that states each default itself (severity error, status open, location null, keepForContext false) is accepted and read as the one that leaves them out: one open cause.",
    requirements: ["FC-REQ-6", "FC-STAGE1-1"],
    request: request([
      round(4, "fail", [
        f("d1", "test:failed", "expected 2, got 3", {
          severity: "error",
          status: "open",
          location: null,
          keepForContext: false,
        }),
      ]),
    ]),
    assertions: [
      a.eq(P.findings, [DEFAULTED]),
      a.eq(`${P.causes}/0/keepForContext`, false),
      a.proj(P.open, "message", ["expected 2, got 3"]),
    ],
  }),
  kase("request", "first-observed-defaults-to-last-observed", {
    description: "With only lastObservedIn given, firstObservedIn defaults to it.",
    requirements: ["FC-REQ-6"],
    request: request([round(5, "fail", [f("d1", "lint", "x unused", { lastObservedIn: 3 })])]),
    assertions: [a.has(P.findings, { id: "d1", firstObservedIn: 3, lastObservedIn: 3 })],
  }),
  kase("request", "last-observed-after-the-reporting-round-is-invalid", {
    profile: "reference",
    description: "lastObservedIn above the index of the round that reports the finding is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([round(2, "fail", [f("d1", "lint", "x unused", { lastObservedIn: 3 })])]),
    error: INVALID,
  }),
  kase("request", "last-observed-after-the-reporting-round-is-trusted-or-refused", {
    description:
      "lastObservedIn above the reporting round's index is trusted (the Verifier maintains it) or refused with INVALID_REQUEST; the finding is never dropped.",
    requirements: ["FC-REQ-7", "FC-STAGE1-5"],
    request: request([round(2, "fail", [f("d1", "lint", "x unused", { lastObservedIn: 3 })])]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["d1"])]),
  }),
  kase("request", "first-observed-after-last-observed-is-invalid", {
    profile: "reference",
    description: "firstObservedIn above lastObservedIn is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([
      round(4, "fail", [f("d1", "lint", "x unused", { firstObservedIn: 3, lastObservedIn: 2 })]),
    ]),
    error: INVALID,
  }),
  kase("request", "first-observed-after-last-observed-is-trusted-or-refused", {
    description:
      "firstObservedIn above lastObservedIn is trusted or refused with INVALID_REQUEST; the finding is never dropped.",
    requirements: ["FC-REQ-7", "FC-STAGE1-5"],
    request: request([
      round(4, "fail", [f("d1", "lint", "x unused", { firstObservedIn: 3, lastObservedIn: 2 })]),
    ]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["d1"])]),
  }),
  kase("request", "zero-first-observed-is-invalid", {
    profile: "reference",
    description: "firstObservedIn of 0 is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([round(2, "fail", [f("d1", "lint", "x unused", { firstObservedIn: 0 })])]),
    error: INVALID,
  }),
  kase("request", "zero-first-observed-never-reaches-the-log", {
    description:
      "firstObservedIn of 0 is not a round index: the request is refused with INVALID_REQUEST, or compacted with firstSeen at least 1.",
    requirements: ["FC-REQ-7", "FC-LOG-1"],
    request: request([round(2, "fail", [f("d1", "lint", "x unused", { firstObservedIn: 0 })])]),
    anyOf: refusedOr([a.gte(`${P.open}/0/firstSeen`, 1)]),
  }),
  kase("request", "id-with-a-space-is-invalid", {
    profile: "reference",
    description: "A supplied id containing a space is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([round(1, "fail", [f("lint x", "lint", "x unused")])]),
    error: INVALID,
  }),
  kase("request", "id-with-a-space-is-refused-or-used-verbatim", {
    description:
      "A supplied id containing a space is refused with INVALID_REQUEST, or used verbatim as the cause's id.",
    requirements: ["FC-REQ-7", "FC-STAGE2-1"],
    request: request([round(1, "fail", [f("lint x", "lint", "x unused")])]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["lint x"])]),
  }),
  kase("request", "id-of-128-characters-is-accepted", {
    description: "A supplied id of 128 characters from the allowed set is kept as is.",
    requirements: ["FC-REQ-7"],
    request: request([round(1, "fail", [f(`a.b:c#d/e-${"x".repeat(118)}`, "lint", "x unused")])]),
    assertions: [a.proj(P.open, "findingId", [`a.b:c#d/e-${"x".repeat(118)}`])],
  }),
  kase("request", "id-of-129-characters-is-invalid", {
    profile: "reference",
    description: "A supplied id of 129 characters is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([round(1, "fail", [f("y".repeat(129), "lint", "x unused")])]),
    error: INVALID,
  }),
  kase("request", "id-of-129-characters-is-refused-or-used-verbatim", {
    description:
      "A supplied id of 129 characters is refused with INVALID_REQUEST, or used verbatim as the cause's id.",
    requirements: ["FC-REQ-7", "FC-STAGE2-1"],
    request: request([round(1, "fail", [f("y".repeat(129), "lint", "x unused")])]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["y".repeat(129)])]),
  }),
  kase("request", "empty-rule-is-invalid", {
    profile: "reference",
    description: "An empty rule is INVALID_REQUEST.",
    requirements: ["FC-REQ-16"],
    request: request([round(1, "fail", [f("r1", "", "x unused")])]),
    error: INVALID,
  }),
  kase("request", "empty-rule-is-refused-or-kept", {
    description:
      "A finding with an empty rule is refused with INVALID_REQUEST, or kept as a cause (never dropped).",
    requirements: ["FC-REQ-7", "FC-STAGE1-5"],
    request: request([round(1, "fail", [f("r1", "", "x unused")])]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["r1"])]),
  }),
  kase("request", "rule-of-201-characters-is-invalid", {
    profile: "reference",
    description: "A rule longer than 200 characters is INVALID_REQUEST.",
    requirements: ["FC-REQ-7", "FC-TRIM-1"],
    request: request([round(1, "fail", [f("r1", "r".repeat(201), "x unused")])]),
    error: INVALID,
  }),
  kase("request", "rule-of-200-characters-is-kept-whole", {
    profile: "reference",
    description: "A rule of exactly 200 characters is accepted and rendered untrimmed.",
    requirements: ["FC-REQ-7", "FC-TRIM-1"],
    request: request([round(1, "fail", [f("r1", "r".repeat(200), "x unused")])]),
    assertions: [a.eq(`${P.open}/0/rule`, "r".repeat(200))],
  }),
  kase("request", "raw-tool-output-is-accepted-beside-findings", {
    profile: "reference",
    description:
      "TraceEntry.raw and verdict artifacts are accepted; the verdict's own findings are still compacted.",
    requirements: ["FC-REQ-8", "FC-STAGE1-5"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        workerTrace: [{ tool: "build", output: "", raw: { format: "text", content: "build finished" } }],
        artifacts: [{ format: "text", content: "all good" }],
      }),
    ]),
    assertions: [
      a.has(P.findings, { id: "a1", rule: "tsc:TS2304" }),
      a.has(P.causes, { findingId: "a1", status: "open" }),
    ],
  }),
  kase("request", "schema-valid-raw-tool-output-gets-a-log", {
    description:
      "A request whose trace entry and verdict carry schema-valid raw tool output (`{format, content}`, no `exitCode`; `{content, exitCode: 2}`) departs from nothing: it is compacted, and the verdict's own finding stays open. How the output is parsed is FC-REQ-8's (reference).",
    requirements: ["FC-REQ-1", "FC-STAGE1-5"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        workerTrace: [{ tool: "build", output: "", raw: { format: "text", content: "build finished" } }],
        artifacts: [{ content: "all good", exitCode: 2 }],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1", status: "open" })],
  }),
  kase("request", "artifact-with-a-valid-problem-matcher-gets-a-log", {
    description:
      "An artifact that carries a problem matcher of the shape FC-STAGE1-MATCHER-1 names (an owner and one pattern that sets file, line and message) is a schema-valid request: it is compacted, never refused, and the verdict's own finding stays open. What the matcher reads is FC-STAGE1-MATCHER-2..5's (reference).",
    requirements: ["FC-REQ-1", "FC-STAGE1-MATCHER-1"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        artifacts: [
          {
            content: "WARN config/app.yaml:3 deprecated key\n",
            exitCode: 1,
            problemMatcher: {
              owner: "cfg-warn",
              pattern: [{ regexp: "^WARN (\\S+):(\\d+) (.*)$", file: 1, line: 2, message: 3 }],
            },
          },
        ],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1", status: "open" })],
  }),
  kase("request", "problem-matcher-with-a-group-counted-at-most-once-gets-a-log", {
    description:
      "A problem matcher whose group holding a repetition is itself counted at most once (`(\\w+ ){0,1}`, `(\\S+: ){1,1}`) repeats no repetition: FC-STAGE1-MATCHER-1 names as a repetition `*`, `+`, `{n,}` and `{n,m}` with m > 1 only, so the request is compacted, never refused, and the verdict's own finding stays open.",
    requirements: ["FC-REQ-1", "FC-STAGE1-MATCHER-1"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        artifacts: [
          {
            content: "WARN config/app.yaml:3 deprecated key\n",
            exitCode: 1,
            problemMatcher: [
              {
                owner: "cfg-warn-optional-word",
                pattern: [{ regexp: "^(\\w+ ){0,1}(\\S+):(\\d+) (.*)$", file: 2, line: 3, message: 4 }],
              },
              {
                owner: "cfg-warn-one-word",
                pattern: [{ regexp: "^(\\S+: ){1,1}(.*)$", message: 2 }],
              },
            ],
          },
        ],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1", status: "open" })],
  }),
  kase("request", "problem-matcher-at-every-upper-bound-gets-a-log", {
    description:
      "Problem matchers at every upper bound of FC-STAGE1-MATCHER-1's shape (16 matchers, an owner of 64 characters, 8 patterns, a regexp of 1000 characters) are within it: the request is compacted, never refused, and the verdict's own finding stays open. One past any bound is refused (FC-REQ-8).",
    requirements: ["FC-REQ-1", "FC-STAGE1-MATCHER-1"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        artifacts: [
          {
            content: "WARN config/app.yaml:3 deprecated key\n",
            exitCode: 1,
            problemMatcher: [
              // An owner of 64 characters.
              {
                owner: `cfg-warn-${"o".repeat(55)}`,
                pattern: [{ regexp: "^WARN (\\S+):(\\d+) (.*)$", file: 1, line: 2, message: 3 }],
              },
              // 8 patterns, the last setting the message.
              {
                owner: "cfg-warn-eight-patterns",
                pattern: [
                  ...Array.from({ length: 7 }, (_, k) => ({ regexp: `^step ${k + 1}$` })),
                  { regexp: "^WARN (.*)$", message: 1 },
                ],
              },
              // A regexp of 1000 characters.
              {
                owner: "cfg-warn-long-regexp",
                pattern: [{ regexp: `^(?:WARN|${"W".repeat(984)}) (.*)$`, message: 1 }],
              },
              // 13 more: 16 matchers in all.
              ...Array.from({ length: 13 }, (_, k) => ({
                owner: `cfg-warn-${k + 1}`,
                pattern: [{ regexp: `^WARN${k + 1} (.*)$`, message: 1 }],
              })),
            ],
          },
        ],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1", status: "open" })],
  }),
  // FC-STAGE1-MATCHER-1's shape, one member of the wrong type at a time: each is refused or read leniently, never
  // INTERNAL (a validator that skips one type check must not let the matcher reach code that assumes it).
  ...(
    [
      [
        "without-a-string-owner",
        "no `owner`, or an `owner` that is a number",
        { pattern: [{ regexp: "^WARN (\\S+):(\\d+) (.*)$", file: 1, line: 2, message: 3 }] },
        {
          owner: 7,
          pattern: [{ regexp: "^WARN (\\S+):(\\d+) (.*)$", file: 1, line: 2, message: 3 }],
        },
      ],
      ["that-is-no-object", "a matcher that is a number", 7],
      [
        "whose-pattern-is-no-array",
        "a `pattern` that is one pattern object, or a regular expression string",
        {
          owner: "cfg-warn",
          pattern: { regexp: "^WARN (\\S+):(\\d+) (.*)$", file: 1, line: 2, message: 3 },
        },
        { owner: "cfg-warn", pattern: "^WARN (\\S+):(\\d+) (.*)$" },
      ],
      [
        "list-holding-null",
        "a list whose second matcher is null",
        [{ owner: "cfg-warn", pattern: [{ regexp: "^WARN (.*)$", message: 1 }] }, null],
      ],
      [
        "pattern-element-that-is-no-object",
        "a pattern list holding a number",
        { owner: "cfg-warn", pattern: [7] },
      ],
      [
        "pattern-without-a-regexp",
        "a pattern with no `regexp`",
        { owner: "cfg-warn", pattern: [{ message: 1 }] },
      ],
      [
        "group-number-that-is-a-string",
        'a field\'s group number written as a string (`"1"`)',
        {
          owner: "cfg-warn",
          pattern: [{ regexp: "^WARN (.*)$", message: "1" }],
        },
      ],
      [
        "loop-that-is-no-boolean",
        '`loop: "yes"`',
        {
          owner: "cfg-warn",
          pattern: [{ regexp: "^WARN (.*)$", message: 1, loop: "yes" }],
        },
      ],
      [
        "severity-that-is-no-string",
        "a default severity that is a number",
        {
          owner: "cfg-warn",
          severity: 7,
          pattern: [{ regexp: "^WARN (.*)$", message: 1 }],
        },
      ],
    ] as [string, string, ...unknown[]][]
  ).map(([slug, what, ...matchers]) =>
    kase("request", `problem-matcher-${slug}-is-refused-or-read-leniently`, {
      description: `A problem matcher that breaks FC-STAGE1-MATCHER-1's shape by one member of the wrong type (${what}) is refused with INVALID_REQUEST or VERIFIER_VERDICT_MISSING, or read leniently, never INTERNAL (FC-REQ-11).`,
      requirements: ["FC-REQ-1", "FC-REQ-11", "FC-STAGE1-MATCHER-1"],
      request: request([
        round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
          // One artifact per matcher, each with a line of its own.
          artifacts: matchers.map((problemMatcher, k) => ({
            content:
              k === 0 ? "WARN config/app.yaml:3 deprecated key\n" : "WARN config/db.yaml:7 deprecated key\n",
            exitCode: 1,
            problemMatcher,
          })),
        }),
      ]),
      anyOf: refusedOr([a.has(P.causes, { findingId: "a1", status: "open" })], true),
    }),
  ),
  kase("request", "raw-tool-output-of-the-wrong-type-is-refused-or-ignored", {
    description:
      "Raw tool output that is not an object (a number in a trace entry's `raw`, a string among the verdict's `artifacts`) is a member of the wrong type: refused with INVALID_REQUEST or VERIFIER_VERDICT_MISSING, or read leniently, never INTERNAL.",
    requirements: ["FC-REQ-1", "FC-REQ-11"],
    request: request([
      round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
        workerTrace: [{ tool: "build", output: "", raw: 7 }],
        artifacts: ["all good"],
      }),
    ]),
    anyOf: refusedOr([a.has(P.causes, { findingId: "a1", status: "open" })], true),
  }),
  kase("request", "null-round-is-refused", {
    description: "A round that is null instead of an object is refused with INVALID_REQUEST, never INTERNAL.",
    requirements: ["FC-REQ-1", "FC-REQ-11"],
    request: { taskSpec: {}, canonicalState: { ref: "tree-5e1d" }, rounds: [null] },
    anyOf: [{ error: { code: INVALID } }, { error: { code: "VERIFIER_VERDICT_MISSING" } }],
  }),
  kase("request", "null-finding-is-refused-or-ignored", {
    description:
      "A finding that is null instead of an object is a member of the wrong type: refused (INVALID_REQUEST or VERIFIER_VERDICT_MISSING) or read leniently, never INTERNAL.",
    requirements: ["FC-REQ-1", "FC-REQ-11"],
    request: request([round(1, "fail", [null as never, f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")])]),
    anyOf: refusedOr([a.has(P.causes, { findingId: "a1", status: "open" })], true),
  }),
  kase("request", "earlier-round-error-wins-over-later-round-error", {
    profile: "reference",
    description:
      "Rounds are checked in array order: a missing verdict in the first round decides the code over a bad index in the second.",
    requirements: ["FC-REQ-9"],
    request: request([
      { index: 1, ts: "t1", workerTrace: [] },
      { ...round(2, "fail", []), index: 2.5 },
    ]),
    error: "VERIFIER_VERDICT_MISSING",
  }),
  kase("request", "index-is-checked-before-the-verdict", {
    profile: "reference",
    description:
      "Inside a round the index is checked before the verdict: a bad index and a missing verdict give INVALID_REQUEST.",
    requirements: ["FC-REQ-9"],
    request: request([{ index: 0, ts: "t1", workerTrace: [] }]),
    error: INVALID,
  }),
  kase("request", "canonical-state-is-checked-before-rounds", {
    profile: "reference",
    description:
      "canonicalState is checked before the rounds: an empty ref and a missing verdict give INVALID_REQUEST.",
    requirements: ["FC-REQ-9"],
    request: request([{ index: 1, ts: "t1", workerTrace: [] }], { canonicalState: { ref: "" } }),
    error: INVALID,
  }),
  kase("request", "bad-finding-in-an-earlier-round-wins", {
    profile: "reference",
    description:
      "A bad finding in round 1 decides the code (INVALID_REQUEST) over a missing verdict in round 2.",
    requirements: ["FC-REQ-9"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused", { severity: "fatal" })]),
      { index: 2, ts: "t2", workerTrace: [] },
    ]),
    error: INVALID,
  }),
  kase("request", "array-request-is-invalid", {
    description: "A request whose top level is an array is INVALID_REQUEST.",
    requirements: ["FC-REQ-1"],
    request: [request([one()])],
    error: INVALID,
  }),
  kase("request", "string-request-is-invalid", {
    description: "A request whose top level is a string is INVALID_REQUEST.",
    requirements: ["FC-REQ-1"],
    request: "compact this",
    error: INVALID,
  }),
  kase("request", "malformed-prior-delta-is-invalid", {
    profile: "reference",
    description: "A priorDelta that does not satisfy the correctionDelta schema is INVALID_REQUEST.",
    requirements: ["FC-REQ-13", "FC-REQ-10"],
    request: request([one()], { priorDelta: { attempt: 2, openRootCauses: [] } }),
    error: INVALID,
  }),
  kase("request", "malformed-prior-delta-is-never-a-stall", {
    description:
      "A priorDelta that does not satisfy the correctionDelta schema is refused with INVALID_REQUEST, or the request is compacted and is not a stall candidate.",
    requirements: ["FC-REQ-10", "FC-STALL-1"],
    request: request([one()], { priorDelta: { attempt: 2, openRootCauses: [] } }),
    anyOf: refusedOr([a.len(P.open, 1), a.eq("/compaction/stallCandidate", false)]),
  }),
  kase("request", "malformed-prior-delta-equal-but-for-its-attempt-is-never-a-stall", {
    description:
      'A priorDelta equal to this request\'s own Delta (a failed round without findings: no open causes, no constraints, nothing resolved or omitted) except that its attempt is the string "2" does not satisfy the correctionDelta schema, so it is never a stall: INVALID_REQUEST, or a log whose stallCandidate is false. attempt is outside the stall comparison; only the validation refuses the match.',
    requirements: ["FC-REQ-10", "FC-STALL-1"],
    request: request([round(1, "fail", [])], {
      priorDelta: {
        attempt: "2",
        lastVerdict: "fail",
        openRootCauses: [],
        resolvedSummary: null,
        omitted: null,
        constraints: [],
        generatedAt: "r1",
      },
    }),
    anyOf: refusedOr([a.eq("/compaction/stallCandidate", false)]),
  }),
  kase("request", "null-prior-delta-is-accepted", {
    description: "priorDelta may be null; there is then nothing to compare for a stall.",
    requirements: ["FC-REQ-10", "FC-STALL-1"],
    request: request([one()], { priorDelta: null }),
    assertions: [a.eq("/compaction/stallCandidate", false)],
  }),
  kase("request", "budget-below-128-is-invalid", {
    profile: "reference",
    description: "budgetTokens of 127 is INVALID_REQUEST.",
    requirements: ["FC-REQ-12"],
    request: request([one()]),
    budget: 127,
    error: INVALID,
  }),
  kase("request", "budget-above-one-million-is-invalid", {
    profile: "reference",
    description: "budgetTokens of 1000001 is INVALID_REQUEST.",
    requirements: ["FC-REQ-12"],
    request: request([one()]),
    budget: 1000001,
    error: INVALID,
  }),
  kase("request", "fractional-budget-is-invalid", {
    profile: "reference",
    description: "budgetTokens of 256.5 is INVALID_REQUEST.",
    requirements: ["FC-REQ-12"],
    request: request([one()]),
    budget: 256.5,
    error: INVALID,
  }),
  kase("request", "string-budget-is-invalid", {
    profile: "reference",
    description: 'budgetTokens given as the string "512" is INVALID_REQUEST: the budget is an integer.',
    requirements: ["FC-REQ-12"],
    request: request([one()]),
    options: { budgetTokens: "512" },
    error: INVALID,
  }),
  kase("request", "string-budget-is-refused-or-read-leniently", {
    description:
      'budgetTokens given as the string "512" is refused with INVALID_REQUEST, or read leniently into a log whose effective budget is a number (the log schema\'s `compaction.budgetTokens`); never a log that carries the string.',
    requirements: ["FC-REQ-1", "FC-LOG-1"],
    request: request([one()]),
    options: { budgetTokens: "512" },
    anyOf: [{ error: { code: INVALID } }, { assertions: [a.gte("/compaction/budgetTokens", 1)] }],
  }),
  kase("request", "budget-of-128-is-accepted", {
    profile: "reference",
    description: "budgetTokens of 128 is the smallest accepted budget and is respected.",
    requirements: ["FC-REQ-12", "FC-STAGE5-3"],
    request: request([one()]),
    budget: 128,
    assertions: [a.eq("/compaction/budgetTokens", 128), a.lte("/compaction/renderedTokens", 128)],
  }),
  kase("request", "budget-of-one-million-is-accepted", {
    profile: "reference",
    description: "budgetTokens of 1000000 is the largest accepted budget.",
    requirements: ["FC-REQ-12"],
    request: request([one()]),
    budget: 1000000,
    assertions: [a.eq("/compaction/budgetTokens", 1000000)],
  }),
  kase("request", "budget-too-small-for-the-fixed-part-is-refused-or-honoured", {
    description:
      "A budget of 16 tokens cannot hold any Delta's fixed part: the request is refused with INVALID_REQUEST (a log is never over its budget).",
    requirements: ["FC-STAGE5-3"],
    request: request([one()]),
    budget: 16,
    anyOf: [{ error: { code: INVALID } }, { assertions: [a.tokensAtMost(16)] }],
  }),
  kase("request", "default-budget-is-512", {
    profile: "reference",
    description: "Without budgetTokens the effective budget is 512.",
    requirements: ["FC-REQ-12", "FC-LOG-5"],
    request: request([one()]),
    assertions: [a.eq("/compaction/budgetTokens", 512), a.lte("/compaction/renderedTokens", 512)],
  }),
];

export const protocolCases: CaseDoc[] = [
  kase("protocol", "unknown-option-is-invalid", {
    profile: "reference",
    description: "A compact message whose options carry a member other than budgetTokens is INVALID_REQUEST.",
    requirements: ["FC-REQ-13", "FC-PROTO-6"],
    request: request([one()]),
    options: { budgetTokens: 512, verbose: true },
    error: INVALID,
  }),
  kase("protocol", "unknown-option-is-refused-or-ignored", {
    description:
      "An option other than budgetTokens is refused with INVALID_REQUEST or ignored; the budget given beside it still holds.",
    requirements: ["FC-PROTO-6", "FC-STAGE5-3"],
    request: request([one()]),
    options: { budgetTokens: 300, verbose: true },
    anyOf: refusedOr([a.len(P.open, 1), a.tokensAtMost(300)]),
  }),
  kase("protocol", "absent-options-mean-the-default-budget", {
    profile: "reference",
    description: "A compact message without options is compacted with the default budget of 512.",
    requirements: ["FC-PROTO-6", "FC-REQ-12"],
    request: request([one()]),
    noOptions: true,
    assertions: [a.eq("/compaction/budgetTokens", 512)],
  }),
  kase("protocol", "absent-options-are-not-refused", {
    description:
      "A compact message without an options member is a valid message (options is optional): it gets a log, not an error.",
    requirements: ["FC-PROTO-6"],
    request: request([one()]),
    noOptions: true,
    assertions: [a.len(P.open, 1)],
  }),
  kase("protocol", "invalid-request-is-answered-with-an-error-not-a-crash", {
    description:
      "A request that is invalid on purpose is answered with a typed error whose message carries no request text.",
    requirements: ["FC-PROTO-6", "FC-PROTO-5", "FC-ERR-3"],
    request: {
      taskSpec: "canary-task-0c1d",
      canonicalState: { ref: "canary-ref-0c1d" },
      rounds: "canary-rounds-0c1d",
    },
    error: INVALID,
    assertions: [a.absent("canary-")],
  }),
];

/** FC-REQ-1, FC-REQ-13: unknown members at each level — the reference refuses; a lenient reader ignores them. */
function unknownKeyCases(): CaseDoc[] {
  const verdictWithScore = request([
    {
      index: 1,
      ts: "t1",
      workerTrace: [],
      verifierVerdict: {
        status: "fail",
        findings: [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")],
        notes: "",
        score: 0.3,
      },
    },
  ]);
  const levels: [string, string, string, unknown, Record<string, unknown>[], boolean][] = [
    [
      "unknown-top-level-key",
      "An unknown top-level key",
      "top level",
      { ...request([one()]), budgetTokens: 512 },
      [a.proj(P.open, "findingId", ["a1"])],
      false,
    ],
    [
      "unknown-finding-key",
      "An unknown key inside a finding (a typo of a known one)",
      "finding",
      request([one([f("a1", "tsc:TS2304", "Cannot find name 'cfg'.", { severty: "warning" })])]),
      // A typo is not the member it resembles: the severity stays the default.
      [a.eq(`${P.open}/0/severity`, "error")],
      true,
    ],
    [
      "proto-key-in-a-finding",
      "A `__proto__` key inside a finding",
      "finding",
      request([
        one([f("a1", "tsc:TS2304", "Cannot find name 'cfg'.", { ["__proto__"]: { severity: "info" } })]),
      ]),
      // Data, never a prototype: nothing it holds overrides a member.
      [a.eq(`${P.open}/0/severity`, "error")],
      true,
    ],
    [
      "unknown-key-in-canonical-state",
      "An unknown key inside canonicalState",
      "canonicalState",
      request([one()], { canonicalState: { ref: "tree-5e1d", branch: "main" } }),
      [a.proj(P.open, "findingId", ["a1"])],
      false,
    ],
    [
      "unknown-key-in-a-round",
      "An unknown key inside a round",
      "round",
      request([{ ...one(), durationMs: 1200 }]),
      [a.proj(P.open, "findingId", ["a1"])],
      false,
    ],
    [
      "unknown-key-in-a-verdict",
      "An unknown key inside a verifier verdict",
      "verdict",
      verdictWithScore,
      [a.proj(P.open, "findingId", ["a1"])],
      true,
    ],
  ];
  return levels.flatMap(([claim, what, , req, holds, inVerdict]) => [
    kase("request", `${claim}-is-invalid`, {
      profile: "reference",
      description: `${what} is INVALID_REQUEST, not silently ignored.`,
      requirements: ["FC-REQ-13"],
      request: req,
      error: INVALID,
    }),
    kase("request", `${claim}-is-refused-or-ignored`, {
      description: `${what} is refused with a typed error or ignored: a lenient log is what the request without it gives.`,
      requirements: ["FC-REQ-1"],
      request: req,
      anyOf: refusedOr(holds, inVerdict),
    }),
  ]);
}

/**
 * FC-REQ-1, FC-REQ-11 (issue 27): members of the wrong type — a typed error, or a clean log where FC-REQ-1 lets an
 * implementation read leniently, never INTERNAL. The reference refuses each (FC-REQ-13).
 */
function memberTypeCases(): CaseDoc[] {
  const base = () => one();
  const withFinding = (extra: Record<string, unknown>) =>
    request([one([f("a1", "tsc:TS2304", "Cannot find name 'cfg'.", extra)])]);
  const withVerdict = (extra: Record<string, unknown>) => {
    const r = base() as { verifierVerdict: Record<string, unknown> };
    return request([{ ...r, verifierVerdict: { ...r.verifierVerdict, ...extra } }]);
  };
  const kinds: [string, string, unknown, boolean][] = [
    ["numeric-ts", "A round whose ts is a number", request([{ ...base(), ts: 7 }]), false],
    ["numeric-trace", "A finding whose trace is a number", withFinding({ trace: 7 }), true],
    ["object-trace", "A finding whose trace is an object", withFinding({ trace: { at: "main" } }), true],
    ["numeric-notes", "A verdict whose notes are a number", withVerdict({ notes: 7 }), true],
    [
      "null-worker-trace-entry",
      "A round whose worker trace holds null",
      request([{ ...base(), workerTrace: [null] }]),
      false,
    ],
    [
      "missing-worker-trace",
      "A round without a workerTrace",
      request([Object.fromEntries(Object.entries(base()).filter(([k]) => k !== "workerTrace"))]),
      false,
    ],
    [
      "null-worker-trace",
      "A round whose workerTrace is null",
      request([{ ...base(), workerTrace: null }]),
      false,
    ],
    [
      "string-worker-trace",
      "A round whose workerTrace is a string",
      request([{ ...base(), workerTrace: "applied patch 1" }]),
      false,
    ],
    [
      "object-worker-trace",
      "A round whose workerTrace is one trace entry, not an array",
      request([{ ...base(), workerTrace: { tool: "edit", output: "applied patch 1" } }]),
      false,
    ],
    [
      "non-object-overwritten-range",
      "A canonicalState whose overwritten list holds a number",
      request([base()], { canonicalState: { ref: "tree-5e1d", overwritten: [7] } }),
      false,
    ],
  ];
  // A finding id that is not a string (issue 27, seed-2 draw): a lenient reader may drop it and compute one (FC-ID-1),
  // but the log's ids are strings (FC-LOG-1), so whatever id the open cause gets is a string.
  const idKinds: [string, string, unknown][] = [
    ["numeric-id", "A finding whose id is a number", 42],
    ["boolean-id", "A finding whose id is true", true],
  ];
  return [
    ...kinds.flatMap(([claim, what, req, inVerdict]) => [
      kase("request", `${claim}-is-invalid`, {
        profile: "reference",
        description: `${what} is INVALID_REQUEST.`,
        requirements: ["FC-REQ-13"],
        request: req,
        error: INVALID,
      }),
      kase("request", `${claim}-is-refused-or-read-leniently`, {
        description: `${what} is refused with a typed error or read leniently into a log with the finding open; never INTERNAL.`,
        requirements: ["FC-REQ-1", "FC-REQ-11"],
        request: req,
        anyOf: refusedOr([a.proj(P.open, "findingId", ["a1"])], inVerdict),
      }),
    ]),
    ...idKinds.flatMap(([claim, what, id]) => [
      kase("request", `${claim}-is-invalid`, {
        profile: "reference",
        description: `${what} is INVALID_REQUEST.`,
        requirements: ["FC-REQ-13", "FC-REQ-16"],
        request: withFinding({ id }),
        error: INVALID,
      }),
      kase("request", `${claim}-is-refused-or-read-leniently`, {
        description: `${what} is refused with a typed error or read leniently into a log whose one open cause has a string id (the log schema's findingId); never INTERNAL.`,
        requirements: ["FC-REQ-1", "FC-REQ-11", "FC-LOG-1"],
        request: withFinding({ id }),
        anyOf: refusedOr([a.len(P.open, 1), a.match(`${P.open}/0/findingId`, "^.+$")], true),
      }),
    ]),
  ];
}

/**
 * FC-REQ-1, FC-REQ-11 (issue 27): the members of raw tool output (the schema's `toolOutput`) of the
 * wrong type or shape, one at a time, each in a verdict artifact and as the `raw` of a worker trace entry: a typed
 * error, or a log with the verifier's finding open; never INTERNAL. `content` is any JSON, so a number, `true`, `null`
 * or JSON that fits no format the artifact names is valid and read as best it can be.
 */
function artifactMemberCases(): CaseDoc[] {
  const kinds: [string, string, Record<string, unknown>][] = [
    ["format-that-is-a-number", "a `format` that is a number", { format: 7, content: "x\n", exitCode: 1 }],
    ["format-that-is-null", "a `format` that is null", { format: null, content: "x\n", exitCode: 1 }],
    [
      "format-longer-than-64",
      "a `format` of 65 characters",
      { format: "t".repeat(65), content: "x\n", exitCode: 1 },
    ],
    [
      "exit-code-that-is-a-string",
      'an `exitCode` written as a string (`"1"`)',
      { content: "x\n", exitCode: "1" },
    ],
    ["exit-code-that-is-a-fraction", "an `exitCode` of 1.5", { content: "x\n", exitCode: 1.5 }],
    ["exit-code-that-is-null", "an `exitCode` that is null", { content: "x\n", exitCode: null }],
    ["without-content", "no `content`", { exitCode: 1 }],
    ["content-that-is-null", "a `content` that is null", { content: null, exitCode: 1 }],
    ["content-that-is-a-number", "a `content` that is a number", { content: 7, exitCode: 1 }],
    ["content-that-is-true", "a `content` that is `true`", { content: true, exitCode: 1 }],
    [
      "content-that-is-a-list-of-numbers",
      "a `content` that is a list of numbers",
      { content: [1, 2], exitCode: 1 },
    ],
    [
      "json-content-under-a-text-format",
      "a JSON object as the content of a `tsc` artifact",
      { format: "tsc", content: { a: 1 }, exitCode: 1 },
    ],
    [
      "text-content-under-a-json-format",
      "text that is no JSON as the content of a `sarif` artifact",
      { format: "sarif", content: "not json", exitCode: 1 },
    ],
    [
      "json-content-of-the-wrong-shape-for-its-format",
      "an `eslint-json` list whose entry has a numeric `filePath` and string `messages`",
      { format: "eslint-json", content: [{ filePath: 7, messages: "x" }], exitCode: 1 },
    ],
  ];
  return kinds.map(([slug, what, output]) =>
    kase("request", `artifact-${slug}-is-refused-or-read-leniently`, {
      description: `Raw tool output with ${what}, as a verdict artifact and as a worker trace entry's \`raw\`: refused with INVALID_REQUEST or VERIFIER_VERDICT_MISSING, or read leniently into a log with the verifier's finding open; never INTERNAL (FC-REQ-11).`,
      requirements: ["FC-REQ-1", "FC-REQ-11"],
      request: request([
        round(1, "fail", [f("a1", "tsc:TS2304", "Cannot find name 'cfg'.")], {
          workerTrace: [{ tool: "build", output: "", raw: output }],
          artifacts: [output],
        }),
      ]),
      anyOf: refusedOr([a.has(P.causes, { findingId: "a1", status: "open" })], true),
    }),
  );
}
