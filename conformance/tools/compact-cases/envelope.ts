// FC-LOG-1..10, FC-DELTA-1, FC-ORCH-1..7, FC-AUDIT-1..3, FC-REDACT-1: the envelope around the Delta.
import { computedFindingId as fid } from "../finding-id.ts";
import { a, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";
import { prose } from "./packing.ts";

const GHP = "ghp_Q4w8E2r6T0y3U7i1O5p9A2s6D0f4G8h2J6k0";

/** A cause whose trace changes between rounds and a cause resolved in round 2. */
function evidenceRequest() {
  return request([
    round(1, "fail", [
      f("a", "test:failed", "a fails", { trace: "at a (test/a.ts:1)" }),
      f("r", "lint", "x"),
    ]),
    round(2, "fail", [
      f("a", "test:failed", "a fails", { trace: "at a (test/a.ts:9)" }),
      f("r", "lint", "x", { status: "resolved" }),
    ]),
  ]);
}

/** Three causes over two rounds (one moves a line, one stays, one has no location) and a resolved one. */
function confidenceRequest() {
  return request([
    round(1, "fail", [
      f("moved", "lint", "m", { location: at("src/a.ts", 3) }),
      f("still", "lint", "s", { location: at("src/b.ts", 3) }),
      f("none", "lint", "n"),
    ]),
    round(2, "fail", [
      f("moved", "lint", "m", { location: at("src/a.ts", 5) }),
      f("still", "lint", "s", { location: at("src/b.ts", 3) }),
      f("none", "lint", "n"),
      f("gone", "lint", "g", { status: "resolved" }),
    ]),
  ]);
}

export const envelopeCases: CaseDoc[] = [
  kase("envelope", "log-has-every-top-level-member", {
    description: "The log carries schemaVersion 1.0.0 and every member the log schema requires.",
    requirements: ["FC-LOG-1", "FC-LOG-2", "FC-ORCH-1", "FC-ORCH-2"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])]),
    assertions: [
      a.eq("/schemaVersion", "1.0.0"),
      ...[
        "/sourceWindow",
        "/compaction",
        "/findings",
        "/rootCauses",
        "/resolvedFailures",
        "/activeFailures",
        "/redactions",
        "/evidence/refs",
        "/confidence",
        "/severity",
        "/correctionDelta",
      ].map((p) => a.notNull(p)),
    ],
    notes: "Runners also validate every compact result against spec/schemas/compacted-feedback-log.v1.json.",
  }),
  kase("envelope", "compactor-id-is-name-version-and-constants-hash", {
    profile: "reference",
    description: "compactorId reads <name>@<version>#<8 hex digits>.",
    requirements: ["FC-LOG-3"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])]),
    assertions: [a.match("/compaction/compactorId", "^[^@#\\s]+@[^@#\\s]+#[0-9a-f]{8}$")],
  }),
  kase("envelope", "source-window-matches-the-request", {
    description:
      "sourceWindow gives the first and last round, the round count and the state ref, as an orchestrator checks them.",
    requirements: ["FC-LOG-4", "FC-ORCH-3"],
    request: request([round(4, "fail", []), round(5, "fail", [f("a1", "lint", "x unused")])], {
      canonicalState: { ref: "c0ffee1" },
    }),
    assertions: [
      a.eq("/sourceWindow", { firstRound: 4, lastRound: 5, roundCount: 2, canonicalStateRef: "c0ffee1" }),
    ],
  }),
  kase("envelope", "active-failures-equal-the-delta-causes", {
    description: "activeFailures equals correctionDelta.openRootCauses, ranks 1..K in order.",
    requirements: ["FC-DELTA-1", "FC-LOG-6", "FC-ORCH-7"],
    // b is a warning, so a ranks first whatever the weights (FC-STAGE4-4); the path's spelling is open (FC-STAGE1-8).
    request: request([
      round(1, "fail", [
        f("b", "lint", "b unused", { location: at("src/b.ts", 2), severity: "warning" }),
        f("a", "lint", "a unused", { location: at("src/a.ts", 2) }),
      ]),
    ]),
    assertions: [
      a.same("/activeFailures", P.open),
      a.len(P.open, 2),
      ...[
        { rank: 1, findingId: "a", message: "a unused", severity: "error", path: "src/a.ts" },
        { rank: 2, findingId: "b", message: "b unused", severity: "warning", path: "src/b.ts" },
      ].flatMap(({ path, ...cause }, i) => [
        a.has(P.open, {
          ...cause,
          rule: "lint",
          location: { startLine: 2 },
          firstSeen: 1,
          lastSeen: 1,
          trace: null,
          blocking: false,
        }),
        a.eq(`${P.open}/${i}/rank`, i + 1),
        a.path(`${P.open}/${i}/location/path`, path),
      ]),
    ],
  }),
  kase("envelope", "every-cause-is-rendered-omitted-or-resolved", {
    description: "Each root cause is in exactly one place: rendered, counted as omitted, or resolved.",
    requirements: ["FC-DELTA-1"],
    request: request([
      round(1, "fail", [
        f("gone", "lint", "x", { status: "resolved" }),
        f("o1", "test:failed", prose(399, 1)),
        f("o2", "test:failed", prose(399, 2)),
      ]),
      round(2, "fail", [
        f("o1", "test:failed", prose(399, 1)),
        f("o2", "test:failed", prose(399, 2)),
        f("top", "lint", "new problem"),
      ]),
    ]),
    budget: 160,
    assertions: [
      a.len(P.causes, 4),
      a.proj(P.open, "findingId", ["top"]),
      a.eq("/correctionDelta/omitted/count", 2),
      a.proj(P.resolved, "findingId", ["gone"]),
    ],
  }),
  kase("envelope", "evidence-refs-point-at-audit-entries", {
    profile: "reference",
    description:
      "Each cause has a verdict ref; a rendered one also a round-transcript ref and, with a trace, a trace ref from the round the trace came from.",
    requirements: ["FC-LOG-8", "FC-AUDIT-1", "FC-AUDIT-2"],
    request: evidenceRequest(),
    assertions: [
      a.eq(P.refs, [
        { findingId: "a", auditLogId: "r2.verdict", kind: "verdict" },
        { findingId: "a", auditLogId: "r2.transcript", kind: "round-transcript" },
        { findingId: "a", auditLogId: "r1.trace.a", kind: "trace" },
        { findingId: "r", auditLogId: "r2.verdict", kind: "verdict" },
      ]),
    ],
  }),
  kase("envelope", "omitted-cause-refers-to-the-omitted-marker", {
    profile: "reference",
    description:
      "An omitted cause has an omitted-finding ref to the marker's auditLogId and no round-transcript ref.",
    requirements: ["FC-LOG-8", "FC-AUDIT-2"],
    request: request([
      round(1, "fail", [f("c1", "test:failed", prose(399, 1)), f("c2", "test:failed", prose(399, 2))]),
    ]),
    budget: 200,
    assertions: [
      a.proj(P.open, "findingId", ["c1"]),
      a.len(P.refs, 4),
      a.eq(`${P.refs}/0`, { findingId: "c1", auditLogId: "r1.verdict", kind: "verdict" }),
      a.eq(`${P.refs}/1`, { findingId: "c1", auditLogId: "r1.transcript", kind: "round-transcript" }),
      a.eq(`${P.refs}/2`, { findingId: "c2", auditLogId: "r1.verdict", kind: "verdict" }),
      a.has(P.refs, { findingId: "c2", kind: "omitted-finding" }),
      a.match(`${P.refs}/3/auditLogId`, "^omitted\\."),
    ],
  }),
  kase("envelope", "confidence-scores-follow-the-location", {
    profile: "reference",
    description:
      "perCause lists rendered causes in rank order: 0.8 without location, 0.9 for a merged line shift, else 1; method exact-match.",
    requirements: ["FC-LOG-9", "FC-ORCH-6"],
    request: confidenceRequest(),
    assertions: [
      a.eq("/confidence", {
        method: "exact-match",
        perCause: [
          { findingId: "moved", score: 0.9 },
          { findingId: "still", score: 1 },
          { findingId: "none", score: 0.8 },
        ],
      }),
    ],
  }),
  kase("envelope", "severity-level-is-the-highest-open-severity", {
    description: "Without a blocked verdict, severity.level is the highest severity among open causes.",
    requirements: ["FC-LOG-10"],
    request: request([
      round(1, "fail", [
        f("w", "lint", "w", { severity: "warning" }),
        f("i", "lint", "i", { severity: "info" }),
        f("e", "lint", "e", { status: "resolved" }),
      ]),
    ]),
    assertions: [a.eq("/severity", { level: "warning", blockingCount: 0 })],
  }),
  kase("envelope", "severity-level-and-blocking-count-take-in-every-open-cause", {
    description:
      "severity.level and blockingCount roll up every open cause, rendered or omitted: an open error is `error` whatever the budget leaves in the Delta, and a blocked round with six open causes counts six however few are rendered (FC-LOG-10).",
    requirements: ["FC-LOG-10"],
    request: request([
      round(1, "fail", [f("E", "test:failed", prose(360, 3), { severity: "error" })]),
      round(2, "fail", [f("W", "lint", "w", { severity: "warning" })]),
    ]),
    budget: 128,
    assertions: [a.eq("/severity/level", "error")],
    more: [
      {
        request: request([
          round(
            1,
            "blocked",
            [0, 1, 2, 3, 4, 5].map((k) => f(`c${k}`, "test:failed", prose(180, 11 + k))),
          ),
        ]),
        budget: 128,
        assertions: [a.eq("/severity", { level: "blocked", blockingCount: 6 })],
      },
    ],
  }),
  kase("envelope", "blocking-follows-the-last-round-in-the-cause-rounds", {
    description:
      "A cause the blocked last round reports is blocking even when its finding says it was last observed in an earlier round: the last round is among the cause's rounds (FC-STAGE4-3), so it is blocking and counted (FC-LOG-10).",
    requirements: ["FC-STAGE4-3", "FC-LOG-10"],
    request: request([
      round(1, "fail", [f("a", "test:failed", "expected 2, got 3")]),
      round(2, "blocked", [f("a", "test:failed", "expected 2, got 3", { lastObservedIn: 1 })]),
    ]),
    assertions: [a.eq(`${P.open}/0/blocking`, true), a.eq("/severity/blockingCount", 1)],
  }),
  kase("envelope", "severity-level-counts-omitted-causes", {
    profile: "reference",
    description:
      "An omitted open error raises severity.level to error even when only an info cause is rendered.",
    requirements: ["FC-LOG-10", "FC-STAGE5-4"],
    request: request([
      round(1, "fail", [f("err", "test:failed", prose(399, 3), { trace: prose(700, 5) })]),
      round(2, "fail", [
        f("err", "test:failed", prose(399, 3)),
        f("new", "lint:style", "prefer const", { severity: "info" }),
      ]),
    ]),
    budget: 160,
    assertions: [a.proj(P.open, "findingId", ["new"]), a.eq("/severity/level", "error")],
  }),
  kase("envelope", "severity-level-is-info-without-open-causes", {
    description: "With no open cause and no blocked verdict, severity.level is info.",
    requirements: ["FC-LOG-10"],
    request: request([
      round(1, "fail", [f("e", "lint", "e")]),
      round(2, "pass", [f("e", "lint", "e", { status: "resolved" })]),
    ]),
    assertions: [a.eq("/severity", { level: "info", blockingCount: 0 })],
  }),
  kase("envelope", "blocked-verdict-sets-the-blocked-level", {
    description: "A blocked last verdict sets severity.level blocked, whatever the causes' severities.",
    requirements: ["FC-LOG-10"],
    request: request([round(1, "blocked", [f("i", "env:hint", "sandbox offline", { severity: "info" })])]),
    assertions: [a.eq("/severity", { level: "blocked", blockingCount: 1 })],
  }),
  kase("envelope", "blocked-verdict-without-open-causes-is-still-blocked", {
    description:
      "A blocked last verdict that reports no finding (every earlier cause resolved) still sets severity.level blocked: the level follows the verdict first, the causes' severities only otherwise (FC-LOG-10).",
    requirements: ["FC-LOG-10"],
    request: request([
      round(1, "fail", [f("e", "test:failed", "expected 2, got 3")]),
      round(2, "blocked", [f("e", "test:failed", "expected 2, got 3", { status: "resolved" })]),
    ]),
    assertions: [a.eq("/severity/level", "blocked"), a.len(P.open, 0)],
  }),
  kase("envelope", "redactions-are-ordered-by-rule-then-from", {
    profile: "reference",
    description:
      "Tombstones are ordered superseded-edit, stale-state, stale-assumption, sensitive, truncation; then by from.",
    requirements: ["FC-REDACT-1", "FC-LOG-7"],
    request: request(
      [
        round(1, "fail", [f("sup", "tsc:TS1", "old", { location: at("src/a.ts", 2) })], {
          notes: "an early guess",
        }),
        round(2, "fail", [
          f("rb", "lint", "b", { status: "resolved" }),
          f("ra", "lint", "a", { status: "resolved" }),
          f("key", "test:failed", `leaked ${GHP}`),
          f("long", "test:failed", prose(420, 8)),
        ]),
      ],
      {
        canonicalState: {
          ref: "tree-5e1d",
          overwritten: [{ path: "src/a.ts", startLine: 1, endLine: 3, sinceRound: 1 }],
        },
      },
    ),
    budget: 2000,
    assertions: [
      a.proj(P.redactions, "rule", [
        "superseded-edit",
        "stale-state",
        "stale-state",
        "stale-assumption",
        "sensitive",
        "truncation",
      ]),
      a.proj(P.redactions, "from", [
        "sup",
        "ra",
        "rb",
        fid("verifier:notes", null, "an early guess"),
        "key",
        "long",
      ]),
      a.proj(P.redactions, "auditLogId", [
        "c2.superseded-edit.sup",
        "c2.stale-state.ra",
        "c2.stale-state.rb",
        `c2.stale-assumption.${fid("verifier:notes", null, "an early guess")}`,
        "c2.sensitive.key",
        "c2.truncation.long",
      ]),
    ],
  }),
  kase("envelope", "tombstone-reasons-never-repeat-removed-content", {
    description: "No tombstone reason repeats the text it removed.",
    requirements: ["FC-LOG-7", "FC-REDACT-STALE-1", "FC-REDACT-MANDATORY-1"],
    request: request([
      round(1, "fail", [
        f("r1", "lint", "removed-text-3c9a is unused", { status: "resolved" }),
        f("s1", "test:failed", `token ${GHP}`),
      ]),
    ]),
    assertions: [
      a.absent("removed-text-3c9a", P.redactions),
      a.absent(GHP),
      a.absent("removed-text-3c9a", P.delta),
    ],
  }),
  kase("envelope", "evidence-refs-link-every-cause", {
    description:
      "Every cause has a verdict ref and a rendered one a round-transcript ref; every ref names a root cause (FC-LOG-11).",
    requirements: ["FC-LOG-11"],
    request: evidenceRequest(),
    assertions: [
      a.has(P.refs, { findingId: "a", kind: "verdict" }),
      a.has(P.refs, { findingId: "a", kind: "round-transcript" }),
      a.has(P.refs, { findingId: "r", kind: "verdict" }),
      a.hasNot(P.refs, { findingId: "r", kind: "round-transcript" }),
      a.allIn(P.refs, "findingId", P.causes, "findingId"),
    ],
  }),
  kase("envelope", "omitted-causes-refer-to-the-omitted-marker", {
    description:
      "Causes left out of a tight budget have omitted-finding refs whose auditLogId is the omitted marker's (FC-LOG-11).",
    requirements: ["FC-LOG-11", "FC-STAGE5-5"],
    request: request([
      round(
        1,
        "fail",
        [1, 2, 3, 4, 5, 6].map((i) => f(`c${i}`, "test:failed", prose(399, i))),
      ),
    ]),
    budget: 200,
    assertions: [
      a.notNull("/correctionDelta/omitted"),
      a.has(P.refs, { findingId: "c6", kind: "omitted-finding" }),
      a.isIn("/correctionDelta/omitted/auditLogId", P.refs, "auditLogId"),
      a.hasNot(P.refs, { findingId: "c6", kind: "round-transcript" }),
    ],
  }),
  kase("envelope", "confidence-lists-the-rendered-causes-in-rank-order", {
    description:
      "confidence.method is exact-match and perCause has one entry per rendered cause, in rank order, each score in [0, 1] (FC-LOG-12).",
    requirements: ["FC-LOG-12", "FC-ORCH-6"],
    request: confidenceRequest(),
    assertions: [
      a.eq("/confidence/method", "exact-match"),
      a.same("/confidence/perCause", P.open, undefined, "findingId"),
      ...[0, 1, 2].flatMap((i) => [
        a.gte(`/confidence/perCause/${i}/score`, 0),
        a.lte(`/confidence/perCause/${i}/score`, 1),
      ]),
    ],
  }),
];
