// FC-STAGE2-1..4, FC-STAGE3-1..4: grouping by root cause, resolution, traces and the resolved summary.
import { a, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";

/** Letters and spaces only (no digit, so a round number in a trace can only come from a back-reference). */
function letters(chars: number, salt: number): string {
  const out: string[] = [];
  let seed = salt;
  while (out.join(" ").length < chars) {
    let w = "";
    for (let k = 0; k < 3 + (seed % 6); k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      w += String.fromCharCode(97 + (seed % 26));
    }
    out.push(w);
  }
  return out.join(" ").slice(0, chars);
}
const SHARED_TRACE = `at deepFrame ${letters(1400, 11)}`;

const x = (extra: Record<string, unknown> = {}) =>
  f("x1", "tsc:TS2322", "Type 'string' is not assignable to type 'number'.", extra);

export const groupingCases: CaseDoc[] = [
  kase("grouping", "five-rounds-of-one-failure-are-one-cause", {
    description:
      "One id reported in rounds 1 to 5 is one root cause with rounds [1..5], firstSeen 1, lastSeen 5.",
    requirements: ["FC-STAGE2-1", "FC-STAGE2-2"],
    request: request([1, 2, 3, 4, 5].map((i) => round(i, "fail", [x({ location: at("src/a.ts", 7) })]))),
    assertions: [
      a.len(P.causes, 1),
      a.has(P.causes, {
        findingId: "x1",
        rule: "tsc:TS2322",
        location: { startLine: 7 },
        severity: "error",
        firstSeen: 1,
        lastSeen: 5,
        status: "open",
        rounds: [1, 2, 3, 4, 5],
        keepForContext: false,
      }),
      a.path(`${P.causes}/0/location/path`, "src/a.ts"),
      a.len(P.findings, 5),
    ],
  }),
  kase("grouping", "identical-findings-with-different-ids-stay-apart", {
    description: "Grouping is by exact id: identical rule, path and message under two ids are two causes.",
    requirements: ["FC-STAGE2-1"],
    request: request([
      round(1, "fail", [
        f("p", "lint", "x unused", { location: at("a.ts", 1) }),
        f("q", "lint", "x unused", { location: at("a.ts", 1) }),
      ]),
    ]),
    assertions: [
      a.len(P.causes, 2),
      a.has(P.causes, { findingId: "p" }),
      a.has(P.causes, { findingId: "q" }),
    ],
  }),
  kase("grouping", "first-seen-is-the-smallest-first-observed", {
    description:
      "firstSeen is the minimum firstObservedIn of the group, even before the window's first round.",
    requirements: ["FC-STAGE2-2"],
    request: request([round(3, "fail", [x({ firstObservedIn: 1 })]), round(4, "fail", [x()])]),
    assertions: [a.has(P.causes, { findingId: "x1", firstSeen: 1, lastSeen: 4, rounds: [3, 4] })],
  }),
  kase("grouping", "last-seen-is-the-largest-last-observed", {
    description: "lastSeen is the maximum lastObservedIn over the group, not the last reporting round.",
    requirements: ["FC-STAGE2-2"],
    request: request([round(4, "fail", [x()]), round(5, "fail", [x({ lastObservedIn: 3 })])]),
    assertions: [a.has(P.causes, { findingId: "x1", firstSeen: 3, lastSeen: 4, rounds: [4, 5] })],
  }),
  kase("grouping", "rounds-are-distinct-and-ascending", {
    description: "A cause reported twice in one round lists that round once.",
    requirements: ["FC-STAGE2-2"],
    request: request([
      round(1, "fail", [x({ location: at("src/a.ts", 2) })]),
      round(2, "fail", [x({ location: at("src/a.ts", 9) }), x({ location: at("src/a.ts", 4) })]),
    ]),
    assertions: [a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("grouping", "latest-round-decides-location-and-message", {
    profile: "reference",
    description: "Location and message come from the latest round's observation.",
    requirements: ["FC-STAGE2-3"],
    request: request([
      round(1, "fail", [
        f("t1", "test:timeout", "suite hung after 2026-11-30T10:00:00Z", {
          location: at("test/a.test.ts", 3),
        }),
      ]),
      round(2, "fail", [
        f("t1", "test:timeout", "suite hung after 2026-11-30T10:07:00Z", {
          location: at("test/a.test.ts", 8),
        }),
      ]),
    ]),
    assertions: [
      a.eq(`${P.causes}/0/location`, { path: "test/a.test.ts", startLine: 8 }),
      a.eq(`${P.open}/0/message`, "suite hung after 2026-11-30T10:07:00Z"),
    ],
  }),
  kase("grouping", "latest-round-decides-severity", {
    profile: "reference",
    description: "Severity comes from the latest round, even when an earlier round was more severe.",
    requirements: ["FC-STAGE2-3"],
    request: request([
      round(1, "fail", [x({ severity: "error" })]),
      round(2, "fail", [x({ severity: "info" })]),
    ]),
    assertions: [a.eq(`${P.causes}/0/severity`, "info")],
  }),
  kase("grouping", "highest-severity-of-the-latest-round-wins", {
    profile: "reference",
    description: "When the latest round reports the id twice, the highest severity in that round is taken.",
    requirements: ["FC-STAGE2-3"],
    request: request([
      round(1, "fail", [x({ severity: "error", location: at("src/a.ts", 1) })]),
      round(2, "fail", [
        x({ severity: "info", location: at("src/a.ts", 1) }),
        x({ severity: "warning", location: at("src/a.ts", 5) }),
      ]),
    ]),
    assertions: [a.eq(`${P.causes}/0/severity`, "warning")],
  }),
  kase("grouping", "open-wins-inside-the-latest-round", {
    profile: "reference",
    description: "If any observation in the latest round is open, the cause is open.",
    requirements: ["FC-STAGE2-3", "FC-STAGE3-1"],
    request: request([
      round(2, "fail", [
        x({ status: "resolved", location: at("src/a.ts", 1) }),
        x({ status: "open", location: at("src/a.ts", 4) }),
        x({ status: "superseded", location: at("src/a.ts", 6) }),
      ]),
    ]),
    assertions: [a.eq(`${P.causes}/0/status`, "open"), a.proj(P.open, "findingId", ["x1"])],
  }),
  kase("grouping", "superseded-beats-resolved-inside-the-latest-round", {
    profile: "reference",
    description: "Without an open observation, superseded beats resolved in the latest round.",
    requirements: ["FC-STAGE2-3"],
    request: request([
      round(1, "fail", [x({ location: at("src/a.ts", 1) })]),
      round(2, "fail", [
        x({ status: "resolved", location: at("src/a.ts", 1) }),
        x({ status: "superseded", location: at("src/a.ts", 2) }),
      ]),
    ]),
    assertions: [a.eq(`${P.causes}/0/status`, "superseded"), a.len(P.open, 0)],
  }),
  kase("grouping", "earlier-open-rounds-do-not-reopen-a-resolved-cause", {
    profile: "reference",
    description:
      "Status comes from the latest round only: open in rounds 1-2 and resolved in round 3 is resolved.",
    requirements: ["FC-STAGE2-3", "FC-STAGE3-1"],
    request: request([
      round(1, "fail", [x()]),
      round(2, "fail", [x()]),
      round(3, "fail", [x({ status: "resolved" })]),
    ]),
    assertions: [
      a.eq(`${P.causes}/0/status`, "resolved"),
      a.len(P.open, 0),
      a.proj(P.resolved, "findingId", ["x1"]),
    ],
  }),
  kase("grouping", "representative-is-first-in-canonical-order", {
    profile: "reference",
    description:
      "With two observations in the latest round, location and keepForContext come from the one with the lower startLine.",
    requirements: ["FC-STAGE2-3", "FC-STAGE1-6"],
    request: request([
      round(1, "fail", [
        x({ status: "resolved", location: at("src/a.ts", 9), keepForContext: false }),
        x({ status: "resolved", location: at("src/a.ts", 4), keepForContext: true }),
      ]),
    ]),
    assertions: [
      a.has(P.causes, {
        findingId: "x1",
        location: { path: "src/a.ts", startLine: 4 },
        keepForContext: true,
      }),
    ],
  }),
  kase("grouping", "keep-for-context-comes-from-the-latest-round", {
    profile: "reference",
    description: "keepForContext set in an earlier round but not in the latest is false.",
    requirements: ["FC-STAGE2-3"],
    request: request([
      round(1, "fail", [x({ keepForContext: true })]),
      round(2, "fail", [x({ status: "resolved" })]),
    ]),
    assertions: [
      a.eq(`${P.causes}/0/keepForContext`, false),
      a.has(P.constraints, "do not re-chase resolved finding x1"),
    ],
  }),
  kase("grouping", "root-causes-are-ordered-by-first-seen-then-id", {
    profile: "reference",
    description: "rootCauses are ordered by firstSeen, then findingId.",
    requirements: ["FC-STAGE2-4"],
    request: request([
      round(1, "fail", [f("c", "lint", "c unused"), f("b", "lint", "b unused")]),
      round(2, "fail", [f("a", "lint", "a unused"), f("b", "lint", "b unused")]),
    ]),
    assertions: [a.proj(P.causes, "findingId", ["b", "c", "a"])],
  }),
  kase("grouping", "id-order-is-utf16-code-unit-order", {
    profile: "reference",
    description: "findingId order is code-unit order: 'B' < '_' < 'a' (not locale order).",
    requirements: ["FC-STAGE2-4"],
    request: request([round(1, "fail", [f("a", "lint", "1"), f("_", "lint", "2"), f("B", "lint", "3")])]),
    assertions: [a.proj(P.causes, "findingId", ["B", "_", "a"])],
  }),
  kase("grouping", "root-causes-carry-the-effective-status", {
    profile: "reference",
    description: "A cause superseded by an overwritten range is listed in rootCauses with status superseded.",
    requirements: ["FC-STAGE2-4", "FC-REDACT-SUPERSEDED-1"],
    request: request([round(2, "fail", [x({ location: at("src/a.ts", 12) })])], {
      canonicalState: {
        ref: "tree-5e1d",
        overwritten: [{ path: "src/a.ts", startLine: 10, endLine: 20, sinceRound: 2 }],
      },
    }),
    assertions: [a.eq(`${P.causes}/0/status`, "superseded"), a.eq(`${P.findings}/0/status`, "open")],
  }),
];

export const resolveCases: CaseDoc[] = [
  kase("resolve", "resolved-cause-leaves-the-delta", {
    description: "A resolved cause is in resolvedFailures and never an open root cause.",
    requirements: ["FC-STAGE3-1", "FC-DELTA-1"],
    request: request([
      round(1, "fail", [x(), f("y1", "lint", "y unused")]),
      round(2, "fail", [x({ status: "resolved" }), f("y1", "lint", "y unused")]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["y1"]), a.proj(P.resolved, "findingId", ["x1"])],
  }),
  kase("resolve", "superseded-input-status-leaves-the-delta", {
    description: "A cause reported superseded is in resolvedFailures, not in the Delta.",
    requirements: ["FC-STAGE3-1"],
    request: request([round(1, "fail", [x({ status: "superseded" }), f("y1", "lint", "y unused")])]),
    assertions: [a.proj(P.open, "findingId", ["y1"]), a.proj(P.resolved, "findingId", ["x1"])],
  }),
  kase("resolve", "resolved-failures-follow-root-cause-order", {
    profile: "reference",
    description: "resolvedFailures lists causes in rootCauses order (firstSeen, then id).",
    requirements: ["FC-STAGE3-1", "FC-STAGE2-4"],
    request: request([
      round(1, "fail", [f("r2", "lint", "b", { status: "resolved" })]),
      round(2, "fail", [
        f("r3", "lint", "c", { status: "resolved" }),
        f("r1", "lint", "a", { status: "resolved" }),
      ]),
    ]),
    assertions: [a.proj(P.resolved, "findingId", ["r2", "r1", "r3"])],
  }),
  kase("resolve", "reopened-cause-is-open", {
    profile: "reference",
    description: "A cause resolved in round 2 and reported open in round 3 is open again.",
    requirements: ["FC-STAGE3-1", "FC-STAGE2-3"],
    request: request([
      round(1, "fail", [x()]),
      round(2, "fail", [x({ status: "resolved" })]),
      round(3, "fail", [x()]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["x1"]), a.len(P.resolved, 0), a.isNull(P.summary)],
  }),
  kase("resolve", "earliest-trace-is-kept", {
    description:
      "A cause's trace is the one from its earliest observation with a trace; later traces are dropped.",
    requirements: ["FC-STAGE3-2"],
    request: request([
      round(1, "fail", [x({ trace: "at parse (src/a.ts:3)" })]),
      round(2, "fail", [x({ trace: "at parse (src/a.ts:9)" })]),
    ]),
    assertions: [a.eq(`${P.open}/0/trace`, "at parse (src/a.ts:3)"), a.absent("src/a.ts:9")],
  }),
  kase("resolve", "empty-traces-are-skipped", {
    description: "Null and empty traces do not count: the first non-empty trace is kept.",
    requirements: ["FC-STAGE3-2"],
    request: request([
      round(1, "fail", [x({ trace: null })]),
      round(2, "fail", [x({ trace: "" })]),
      round(3, "fail", [x({ trace: "at main" })]),
    ]),
    assertions: [a.eq(`${P.open}/0/trace`, "at main")],
  }),
  kase("resolve", "white-space-traces-are-skipped", {
    profile: "reference",
    description: "A trace of white space alone counts as empty: the first trace with text is kept.",
    requirements: ["FC-STAGE3-7"],
    request: request([
      round(1, "fail", [x({ trace: null })]),
      round(2, "fail", [x({ trace: "   " })]),
      round(3, "fail", [x({ trace: "at main" })]),
    ]),
    assertions: [a.eq(`${P.open}/0/trace`, "at main")],
  }),
  kase("resolve", "no-back-reference-to-a-trace-dropped-for-the-budget", {
    description:
      "Two causes share one long trace and the budget cannot carry it: a back-reference only points at a trace the Delta carries, so when none carries the text, none names its round.",
    requirements: ["FC-STAGE3-3", "FC-STAGE5-3"],
    request: request([
      round(1, "fail", [
        f("long", "test:failed", `long ${letters(380, 3)}`, { trace: SHARED_TRACE }),
        f("short", "test:failed", "short fails", { trace: SHARED_TRACE }),
      ]),
    ]),
    budget: 300,
    anyOf: [
      // Some cause carries (a trimmed copy of) the text: a back-reference may then point at it.
      {
        assertions: [
          {
            check: "anyMatches",
            pointer: P.open,
            project: "trace",
            pattern: `^${SHARED_TRACE.slice(0, 24)}`,
          },
        ],
      },
      // None carries it: no trace names round 1.
      {
        assertions: [
          { check: "noneMatches", pointer: P.open, project: "trace", pattern: "(?<![0-9])1(?![0-9])" },
        ],
      },
    ],
  }),
  kase("resolve", "repeated-trace-back-reference-wording", {
    profile: "reference",
    description: "The reference writes a back-reference as 'same as round k'.",
    requirements: ["FC-STAGE3-6"],
    request: request([
      round(1, "fail", [f("old", "test:failed", "a fails", { trace: "at setup (test/helpers.ts:12)" })]),
      round(2, "fail", [
        f("old", "test:failed", "a fails"),
        f("new", "test:failed", "b fails", { trace: "at setup (test/helpers.ts:12)" }),
      ]),
    ]),
    assertions: [a.proj(P.open, "trace", ["at setup (test/helpers.ts:12)", "same as round 1"])],
  }),
  kase("resolve", "repeated-trace-becomes-a-back-reference", {
    description:
      "A later-ranked cause with the same trace text carries a back-reference naming round k, the earliest round the text was seen for any cause, instead of the text.",
    requirements: ["FC-STAGE3-3"],
    request: request([
      round(1, "fail", [f("old", "test:failed", "a fails", { trace: "at setup (test/helpers.ts:12)" })]),
      round(2, "fail", [
        f("old", "test:failed", "a fails"),
        f("new", "test:failed", "b fails", { trace: "at setup (test/helpers.ts:12)" }),
      ]),
    ]),
    assertions: [
      a.proj(P.open, "findingId", ["new", "old"]),
      a.eq(`${P.open}/0/trace`, "at setup (test/helpers.ts:12)"),
      // Names round 1 as a number and does not repeat the trace (the words are open, FC-STAGE3-6).
      a.match(`${P.open}/1/trace`, "^(?!.*helpers)(?=.*(?<![0-9])1(?![0-9]))"),
    ],
  }),
  kase("resolve", "back-reference-names-the-earliest-round-of-any-cause", {
    description:
      "A back-reference names the earliest round in which the trace text was observed for any cause, not for its own: B first showed the trace in round 2, but A showed it in round 1, so B's back-reference names round 1 (FC-STAGE3-3).",
    requirements: ["FC-STAGE3-3"],
    request: request([
      round(1, "fail", [
        f("A", "test:failed", "a fails", { severity: "error", trace: "at boot (test/shared-setup.ts:40)" }),
      ]),
      round(2, "fail", [
        f("A", "test:failed", "a fails", { severity: "error", trace: "at boot (test/shared-setup.ts:40)" }),
        f("B", "lint", "b warns", { severity: "warning", trace: "at boot (test/shared-setup.ts:40)" }),
      ]),
      round(3, "fail", [
        f("A", "test:failed", "a fails", { severity: "error", trace: "at boot (test/shared-setup.ts:40)" }),
        f("B", "lint", "b warns", { severity: "warning", trace: "at boot (test/shared-setup.ts:40)" }),
      ]),
    ]),
    assertions: [
      a.proj(P.open, "findingId", ["A", "B"]),
      a.eq(`${P.open}/0/trace`, "at boot (test/shared-setup.ts:40)"),
      // Round 1 as a number; neither B's own first round (2) nor the text.
      a.match(
        `${P.open}/1/trace`,
        "^(?![\\s\\S]*shared-setup)(?=[\\s\\S]*(?<![0-9])1(?![0-9]))(?![\\s\\S]*(?<![0-9])[23](?![0-9]))",
      ),
    ],
  }),
  kase("resolve", "back-reference-names-a-later-cause-s-earlier-round", {
    description:
      "The cause first seen carries the trace text only from round 3, while a later cause showed the same text in round 2: the back-reference names round 2, the earliest round the text was observed for any cause, whichever cause was seen first (FC-STAGE3-3).",
    requirements: ["FC-STAGE3-3"],
    request: request([
      round(1, "fail", [f("A", "test:failed", "a fails", { severity: "error" })]),
      round(2, "fail", [
        f("A", "test:failed", "a fails", { severity: "error" }),
        f("B", "lint", "b warns", { severity: "warning", trace: "at boot (test/shared-setup.ts:40)" }),
      ]),
      round(3, "fail", [
        f("A", "test:failed", "a fails", { severity: "error", trace: "at boot (test/shared-setup.ts:40)" }),
        f("B", "lint", "b warns", { severity: "warning", trace: "at boot (test/shared-setup.ts:40)" }),
      ]),
    ]),
    assertions: [
      a.proj(P.open, "findingId", ["A", "B"]),
      a.eq(`${P.open}/0/trace`, "at boot (test/shared-setup.ts:40)"),
      // Round 2 as a number; neither round 3 (A's) nor 1 nor the text.
      a.match(
        `${P.open}/1/trace`,
        "^(?![\\s\\S]*shared-setup)(?=[\\s\\S]*(?<![0-9])2(?![0-9]))(?![\\s\\S]*(?<![0-9])[13](?![0-9]))",
      ),
    ],
  }),
  kase("resolve", "different-traces-are-not-back-referenced", {
    description: "Causes with different trace texts each carry their own trace.",
    requirements: ["FC-STAGE3-3"],
    request: request([
      round(1, "fail", [
        f("p", "test:failed", "a fails", { trace: "at one" }),
        f("q", "test:failed", "b fails", { trace: "at two" }),
      ]),
    ]),
    // The two causes tie (FC-STAGE4-4 leaves their order open): each is looked up by its id.
    assertions: [
      a.len(P.open, 2),
      a.has(P.open, { findingId: "p", trace: "at one" }),
      a.has(P.open, { findingId: "q", trace: "at two" }),
    ],
  }),
  kase("resolve", "resolved-summary-is-null-without-resolutions", {
    description: "resolvedSummary is null when nothing is resolved or superseded.",
    requirements: ["FC-STAGE3-5"],
    request: request([round(1, "fail", [x()])]),
    assertions: [a.isNull(P.summary)],
  }),
  kase("resolve", "resolved-summary-for-one-finding", {
    profile: "reference",
    description: "One resolved cause reads '1 prior finding resolved in round R'.",
    requirements: ["FC-STAGE3-4"],
    request: request([round(1, "fail", [x()]), round(2, "fail", [x({ status: "resolved" })])]),
    assertions: [a.eq(P.summary, "1 prior finding resolved in round 2")],
  }),
  kase("resolve", "resolved-summary-compresses-consecutive-rounds", {
    profile: "reference",
    description: "Distinct lastSeen values 1, 2, 3, 5 read 'rounds 1-3, 5'.",
    requirements: ["FC-STAGE3-4"],
    request: request([
      round(1, "fail", [f("a", "lint", "a", { status: "resolved" })]),
      round(2, "fail", [f("b", "lint", "b", { status: "resolved" })]),
      round(3, "fail", [f("c", "lint", "c", { status: "resolved" })]),
      round(5, "fail", [f("d", "lint", "d", { status: "superseded" }), f("e", "lint", "e")]),
    ]),
    assertions: [a.eq(P.summary, "4 prior findings resolved in rounds 1-3, 5")],
  }),
  kase("resolve", "resolved-summary-counts-causes-and-names-one-round-in-the-singular", {
    profile: "reference",
    description: "Three causes resolved in the same round read '3 prior findings resolved in round 2'.",
    requirements: ["FC-STAGE3-4"],
    request: request([
      round(2, "fail", [
        f("a", "lint", "a", { status: "resolved" }),
        f("b", "lint", "b", { status: "resolved" }),
        f("c", "lint", "c", { status: "resolved" }),
      ]),
    ]),
    assertions: [a.eq(P.summary, "3 prior findings resolved in round 2")],
    notes: "FC-STAGE3-4: 'findings' follows M, 'rounds' follows R (one number reads 'round').",
  }),
  kase("resolve", "resolved-summary-lists-eight-items", {
    profile: "reference",
    description: "Exactly eight round items are listed without a suffix.",
    requirements: ["FC-STAGE3-4"],
    request: request(
      [1, 3, 5, 7, 9, 11, 13, 15]
        .map((i) => round(i, "fail", [f(`r${i}`, "lint", `m${i}`, { status: "resolved" })]))
        .concat([round(17, "fail", [x()])]),
    ),
    assertions: [a.eq(P.summary, "8 prior findings resolved in rounds 1, 3, 5, 7, 9, 11, 13, 15")],
  }),
  kase("resolve", "resolved-summary-ends-with-and-later-after-eight-items", {
    profile: "reference",
    description: "After 8 items the round list ends with ', and later'.",
    requirements: ["FC-STAGE3-4"],
    request: request(
      [1, 3, 5, 7, 9, 11, 13, 15, 17]
        .map((i) => round(i, "fail", [f(`r${i}`, "lint", `m${i}`, { status: "resolved" })]))
        .concat([round(19, "fail", [x()])]),
    ),
    assertions: [a.eq(P.summary, "9 prior findings resolved in rounds 1, 3, 5, 7, 9, 11, 13, 15, and later")],
  }),
  kase("resolve", "resolved-summary-stops-before-96-characters-so-the-smallest-budget-fits", {
    profile: "reference",
    description:
      "Nine ranges of ten-digit rounds: the list stops before an item would pass 96 characters, so budget 128 gives a log.",
    requirements: ["FC-STAGE3-4", "FC-REQ-12", "FC-STAGE5-3"],
    request: request(
      [0, 1, 2, 3, 4, 5, 6, 7, 8]
        .flatMap((k) => [2147481647 + 3 * k, 2147481648 + 3 * k])
        .map((i) => round(i, "fail", [f(`r${i}`, "lint", "m", { status: "resolved" })]))
        .concat([round(2147483647, "fail", [x()])]),
    ),
    budget: 128,
    assertions: [
      a.eq(
        P.summary,
        "18 prior findings resolved in rounds 2147481647-2147481648, 2147481650-2147481651, 2147481653-2147481654, 2147481656-2147481657, and later",
      ),
      a.lte("/compaction/renderedTokens", "/compaction/budgetTokens"),
    ],
    notes:
      "Before the character limit, eight such items made the fixed part about 155 tokens, and budgets 128 to 150 were refused although FC-REQ-12 promises that 128 always fits.",
  }),
  kase("resolve", "resolved-summary-ignores-notes", {
    description: "A notes cause superseded by a later verdict is not counted in resolvedSummary.",
    requirements: ["FC-STAGE3-5", "FC-REDACT-ASSUMPTION-1"],
    request: request([
      round(1, "fail", [x()], { notes: "Maybe the loader is wrong." }),
      round(2, "fail", [x()]),
    ]),
    assertions: [a.isNull(P.summary), a.len(P.resolved, 1)],
  }),
  kase("resolve", "resolved-summary-is-one-line-when-a-cause-was-resolved", {
    description: "With a resolved cause, resolvedSummary is a non-empty single line (FC-STAGE3-5).",
    requirements: ["FC-STAGE3-5"],
    request: request([
      round(1, "fail", [f("a", "lint", "a"), f("b", "lint", "b")]),
      round(2, "fail", [f("a", "lint", "a"), f("b", "lint", "b", { status: "resolved" })]),
    ]),
    assertions: [a.notNull(P.summary), a.match(P.summary, "^[^\\n]+$")],
  }),
];
