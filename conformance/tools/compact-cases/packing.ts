// FC-STAGE5-1..4, FC-CONSTRAINT-1, FC-TRIM-1, FC-REDACT-TRUNCATION-1, FC-RENDER-1..2: condensing into the Delta.
import { canonicalJson } from "../../oracle/canonical-json.ts";
import { omittedAuditLogId } from "../finding-id.ts";
import { o200kCount } from "../../oracle/token-count.ts";
import { a, anon, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";

const WORDS = [
  "parser",
  "rejects",
  "nested",
  "arrays",
  "when",
  "the",
  "schema",
  "declares",
  "tuple",
  "items",
  "without",
  "additional",
  "entries",
  "and",
  "reports",
  "index",
  "mismatch",
  "against",
  "expected",
  "length",
  "of",
  "fixture",
  "loader",
  "returns",
  "stale",
  "cache",
  "after",
  "locale",
  "switch",
  "during",
  "retry",
];

/** A readable message of about `chars` characters (deterministic; roughly one token per word). */

/** The request the same-request-twice case sends twice: a resolved cause and an unanchored open one. */
function twiceRequest() {
  return request([
    round(1, "fail", [
      f("a1", "lint", "x unused", { location: at("src/a.ts", 3) }),
      anon("tsc:TS2304", "Cannot find name 'q'."),
    ]),
    round(2, "fail", [
      anon("tsc:TS2304", "Cannot find name 'q'."),
      f("a1", "lint", "x unused", { location: at("src/a.ts", 3), status: "resolved" }),
    ]),
  ]);
}

export function prose(chars: number, salt: number): string {
  const out: string[] = [];
  let i = salt;
  let n = 0;
  while (n < chars) {
    const w = `${WORDS[i % WORDS.length]}${i % 7 === 0 ? String(i % 97) : ""}`;
    out.push(w);
    n += w.length + 1;
    i += 5;
  }
  return out.join(" ").slice(0, chars);
}

/** Prose of exactly 401 and 801 characters, ending in a letter (one past the reference's message and trace limits). */
const LONG_401 = `${prose(440, 4).slice(0, 400)}x`;
const LONG_801 = `${prose(840, 6).slice(0, 800)}x`;
/** A finding id of 56 characters, as a tool that names a finding by rule and file writes it. */
const LONG_ID = (i: number) =>
  `eslint-complexity-src-services-billing-invoice-render-${String(i).padStart(2, "0")}`;

const big = (id: string, salt: number, extra: Record<string, unknown> = {}) =>
  f(id, "test:failed", prose(399, salt), extra);
const tiny = (id: string, extra: Record<string, unknown> = {}) => f(id, "lint", "x", extra);
/** A tiny cause seen twice, then a fresh large one with a long trace: the large one ranks first and fits no small budget. */
const LARGE_AFTER_SMALL = request([
  round(1, "fail", [tiny("small")]),
  round(2, "fail", [tiny("small"), big("large", 3, { trace: prose(790, 11) })]),
]);

export const packingCases: CaseDoc[] = [
  kase("packing", "attempt-is-the-last-round-plus-one", {
    description:
      "attempt is the last round's index plus one, lastVerdict its status, generatedAt the same in both places.",
    requirements: ["FC-STAGE5-1", "FC-ORCH-7", "FC-PURE-1"],
    request: request([round(3, "fail", [tiny("a")]), round(8, "blocked", [tiny("a")])]),
    assertions: [
      a.eq("/correctionDelta/attempt", 9),
      a.eq("/correctionDelta/lastVerdict", "blocked"),
      a.same("/correctionDelta/generatedAt", "/compaction/generatedAt"),
    ],
  }),
  kase("packing", "last-verdict-is-the-last-rounds-status", {
    description:
      "A passing last round sets lastVerdict pass even when earlier rounds failed and a cause is still open.",
    requirements: ["FC-STAGE5-1"],
    request: request([round(1, "fail", [tiny("a")]), round(2, "blocked", []), round(3, "pass", [])]),
    assertions: [a.eq("/correctionDelta/lastVerdict", "pass"), a.proj(P.open, "findingId", ["a"])],
  }),
  kase("packing", "omitted-marker-counts-the-causes-that-did-not-fit", {
    profile: "reference",
    description:
      "Five long causes under a 256-token budget: one is rendered and the marker counts the other four.",
    requirements: ["FC-STAGE5-2", "FC-STAGE5-4", "FC-DELTA-1", "FC-ORCH-4"],
    request: request([
      round(1, "fail", [big("c1", 1), big("c2", 2), big("c3", 3), big("c4", 4), big("c5", 5)]),
    ]),
    budget: 256,
    assertions: [
      a.proj(P.open, "findingId", ["c1"]),
      a.eq("/correctionDelta/omitted/count", 4),
      a.match("/correctionDelta/omitted/auditLogId", "^omitted\\."),
      a.len(P.causes, 5),
      a.lte("/compaction/renderedTokens", "/compaction/budgetTokens"),
    ],
  }),
  kase("packing", "omitted-audit-log-id-hashes-the-open-ids-and-counts-the-rendered", {
    profile: "reference",
    description:
      "The omitted marker's auditLogId is 'omitted.', 12 hex digits of SHA-256 over the canonical sorted open ids, '.', K.",
    requirements: ["FC-STAGE5-4"],
    request: request([
      round(1, "fail", [big("c1", 1), big("c2", 2), big("c3", 3), big("c4", 4), big("c5", 5)]),
    ]),
    budget: 256,
    assertions: [
      a.eq(P.omitted, { count: 4, auditLogId: omittedAuditLogId(["c1", "c2", "c3", "c4", "c5"], 1) }),
    ],
    notes: "Expected id: tsx conformance/tools/finding-id.ts omitted 1 c1 c2 c3 c4 c5",
  }),
  kase("packing", "at-most-fifty-causes-are-rendered", {
    profile: "reference",
    description: "With an ample budget, 55 open causes render as 50 (K_MAX) and an omitted count of 5.",
    requirements: ["FC-STAGE5-2", "FC-STAGE5-4"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 55 }, (_, i) => tiny(`n${String(i).padStart(2, "0")}`)),
      ),
    ]),
    budget: 1000000,
    assertions: [
      a.len(P.open, 50),
      a.eq(`${P.open}/49/findingId`, "n49"),
      a.eq("/correctionDelta/omitted/count", 5),
    ],
  }),
  kase("packing", "no-blank-failure-section", {
    description:
      "When no open cause fits, the Delta has no causes and a marker counting all of them, never a blank failure section.",
    requirements: ["FC-STAGE5-4", "FC-STAGE5-3"],
    profile: "reference",
    request: request([round(1, "fail", [big("c1", 1, { trace: prose(790, 9) })])]),
    budget: 128,
    assertions: [
      a.len(P.open, 0),
      a.eq("/correctionDelta/omitted/count", 1),
      a.lte("/compaction/renderedTokens", 128),
    ],
  }),
  kase("packing", "packing-stops-at-the-first-cause-that-does-not-fit", {
    profile: "reference",
    description:
      "Packing is a greedy prefix: when rank 1 does not fit, a smaller rank 2 is not packed in its place.",
    requirements: ["FC-STAGE5-2"],
    request: LARGE_AFTER_SMALL,
    budget: 128,
    assertions: [
      a.len(P.open, 0),
      a.eq("/correctionDelta/omitted/count", 2),
      a.has(P.redactions, {
        from: "small",
        rule: "truncation",
        reason: "omitted: rank 2 of 2 over the token budget",
      }),
    ],
  }),
  kase("packing", "a-cause-too-large-even-without-its-trace-keeps-the-delta-within-the-budget", {
    description:
      "The first ranked cause is too large for a 128-token budget even without its trace: whatever an implementation then renders (no cause and the omitted marker, or one shortened cause), renderedTokens stays within the budget and the Delta counts at most 128 tokens.",
    requirements: ["FC-STAGE5-3", "FC-STAGE5-5"],
    request: LARGE_AFTER_SMALL,
    budget: 128,
    assertions: [a.lte("/compaction/renderedTokens", 128), a.tokensAtMost(128)],
  }),
  kase("packing", "a-cause-that-does-not-fit-is-not-passed-over-for-a-later-rank", {
    description:
      "The first ranked cause (fresh in the last round) does not fit a 128-token budget even without its trace; the smaller cause ranked after it is not rendered in its place: the Delta holds no cause and the omitted marker counts both, or it opens with the first ranked cause as rank 1 (shortened), since openRootCauses are ranks 1..K of the ranking (FC-STAGE5-5). A refusal of the budget is allowed.",
    requirements: ["FC-STAGE5-5", "FC-STAGE4-4"],
    request: LARGE_AFTER_SMALL,
    budget: 128,
    anyOf: [
      { assertions: [a.len(P.open, 0), a.eq("/correctionDelta/omitted/count", 2)] },
      {
        assertions: [
          a.eq(`${P.open}/0/findingId`, "large"),
          a.eq(`${P.open}/0/rank`, 1),
          a.ordered(P.open, "rank", "ascending", true),
        ],
      },
      { error: { code: "INVALID_REQUEST" } },
    ],
  }),
  kase("packing", "a-trace-dropped-for-the-budget-leaves-a-tombstone", {
    description:
      "A cause whose 790-character trace does not fit a 128-token budget: when the cause is rendered with trace null, or left out, a truncation tombstone from it records that (FC-REDACT-TRUNCATION-1); an implementation may instead render a shortened trace. A refusal of the budget is allowed.",
    requirements: ["FC-REDACT-TRUNCATION-1", "FC-STAGE5-3"],
    request: request([
      round(1, "fail", [f("t1", "test:failed", "parseConfig returns defaults", { trace: prose(790, 4) })]),
    ]),
    budget: 128,
    anyOf: [
      {
        assertions: [
          a.has(P.open, { findingId: "t1", trace: null }),
          a.has(P.redactions, { from: "t1", rule: "truncation" }),
        ],
      },
      {
        assertions: [a.has(P.open, { findingId: "t1" }), a.hasNot(P.open, { findingId: "t1", trace: null })],
      },
      { assertions: [a.len(P.open, 0), a.has(P.redactions, { from: "t1", rule: "truncation" })] },
      { error: { code: "INVALID_REQUEST" } },
    ],
  }),
  kase("packing", "a-trace-far-longer-than-any-limit-reaches-the-delta-bounded", {
    description:
      "A 20,000-character trace under a budget that would hold it whole: the Delta carries it cut, ending in an ellipsis, or drops it, and either way a truncation tombstone from its cause records that (FC-TRIM-2: every string the Delta carries is bounded; FC-REDACT-TRUNCATION-1).",
    requirements: ["FC-TRIM-2", "FC-REDACT-TRUNCATION-1"],
    request: request([round(1, "fail", [f("t1", "test:failed", "boom", { trace: prose(20000, 9) })])]),
    budget: 100000,
    anyOf: [
      {
        assertions: [
          a.match(`${P.open}/0/trace`, "^[\\s\\S]{16,4000}…$"),
          a.has(P.redactions, { from: "t1", rule: "truncation" }),
        ],
      },
      {
        assertions: [a.isNull(`${P.open}/0/trace`), a.has(P.redactions, { from: "t1", rule: "truncation" })],
      },
    ],
  }),
  kase("packing", "a-message-of-401-characters-is-whole-or-its-cut-is-recorded", {
    description:
      "A message of 401 characters, one past the reference's limit of 400: it reaches the Delta whole, or cut with a truncation tombstone from its cause (FC-REDACT-TRUNCATION-1: every trimmed message is recorded, whatever an implementation's limit is). A cut that leaves no tombstone one character over a limit is the fault this catches.",
    requirements: ["FC-REDACT-TRUNCATION-1", "FC-TRIM-2"],
    request: request([round(1, "fail", [f("m1", "test:failed", LONG_401)])]),
    budget: 100000,
    anyOf: [
      { assertions: [a.has(P.open, { findingId: "m1", message: LONG_401 })] },
      { assertions: [a.has(P.redactions, { from: "m1", rule: "truncation" })] },
    ],
  }),
  kase("packing", "a-trace-of-801-characters-is-whole-or-its-cut-is-recorded", {
    description:
      "A trace of 801 characters, one past the reference's limit of 800: it reaches the Delta whole, or cut or dropped with a truncation tombstone from its cause (FC-REDACT-TRUNCATION-1: every trimmed or dropped trace is recorded, whatever an implementation's limit is). A cut that leaves no tombstone short of twice a limit is the fault this catches.",
    requirements: ["FC-REDACT-TRUNCATION-1", "FC-TRIM-2"],
    request: request([round(1, "fail", [f("t1", "test:failed", "boom", { trace: LONG_801 })])]),
    budget: 100000,
    anyOf: [
      { assertions: [a.has(P.open, { findingId: "t1", trace: LONG_801 })] },
      { assertions: [a.has(P.redactions, { from: "t1", rule: "truncation" })] },
    ],
  }),
  kase("packing", "constraints-alike-once-cut-are-kept-once", {
    description:
      "Two context constraints that differ only past their 260th character (two files in one folder of 230 characters): cut to an implementation's limit they may become one text, and constraints hold no duplicates after the cut (FC-CONSTRAINT-2); a limit long enough to keep both whole keeps them distinct.",
    requirements: ["FC-CONSTRAINT-2", "FC-TRIM-2"],
    request: request([
      round(1, "fail", [
        f("k1", "lint:no-unused-vars", "x unused", {
          status: "resolved",
          keepForContext: true,
          location: at(`src/${"d".repeat(230)}/a.ts`, 3),
        }),
        f("k2", "lint:no-unused-vars", "x unused", {
          status: "resolved",
          keepForContext: true,
          location: at(`src/${"d".repeat(230)}/b.ts`, 3),
        }),
        tiny("o1"),
      ]),
    ]),
    budget: 4000,
    assertions: [a.distinct(P.constraints)],
  }),
  kase("packing", "trace-is-dropped-before-the-cause", {
    profile: "reference",
    description:
      "A cause that fits only without its trace is rendered with trace null and a truncation tombstone.",
    requirements: ["FC-STAGE5-2", "FC-REDACT-TRUNCATION-1"],
    request: request([
      round(1, "fail", [f("t1", "test:failed", "parseConfig returns defaults", { trace: prose(790, 4) })]),
    ]),
    budget: 128,
    assertions: [
      a.has(P.open, { findingId: "t1", trace: null }),
      a.has(P.redactions, {
        from: "t1",
        rule: "truncation",
        reason: "trace dropped to fit the token budget",
      }),
      a.isNull(P.omitted),
    ],
  }),
  kase("packing", "omitted-causes-get-rank-tombstones", {
    profile: "reference",
    description:
      "Each open cause left out gets a truncation tombstone naming its rank and the number of open causes.",
    requirements: ["FC-REDACT-TRUNCATION-1", "FC-STAGE5-4"],
    request: request([round(1, "fail", [big("c1", 1), big("c2", 2), big("c3", 3)])]),
    budget: 256,
    assertions: [
      a.has(P.redactions, {
        from: "c2",
        rule: "truncation",
        reason: "omitted: rank 2 of 3 over the token budget",
        auditLogId: "c1.truncation.c2",
      }),
      a.has(P.redactions, {
        from: "c3",
        rule: "truncation",
        reason: "omitted: rank 3 of 3 over the token budget",
      }),
      a.hasNot(P.redactions, { from: "c1" }),
    ],
  }),
  kase("packing", "constraints-over-the-cap-of-twelve-are-dropped", {
    profile: "reference",
    description:
      "Fourteen re-chase constraints are capped at twelve; the two last get truncation tombstones.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-TRUNCATION-1"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 14 }, (_, i) =>
          tiny(`r${String(i + 1).padStart(2, "0")}`, { status: "resolved" }),
        ),
      ),
    ]),
    budget: 4000,
    assertions: [
      a.len(P.constraints, 12),
      a.eq(`${P.constraints}/11`, "do not re-chase resolved finding r12"),
      a.has(P.redactions, {
        from: "r13",
        rule: "truncation",
        reason: "constraint dropped: over the cap of 12",
      }),
      a.has(P.redactions, {
        from: "r14",
        rule: "truncation",
        reason: "constraint dropped: over the cap of 12",
      }),
    ],
  }),
  kase("packing", "constraints-give-way-under-a-small-budget", {
    profile: "reference",
    description: "Under a 128-token budget constraints are dropped from the end until the Delta fits.",
    requirements: ["FC-STAGE5-3", "FC-CONSTRAINT-1", "FC-ORCH-4"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 12 }, (_, i) =>
          f(`resolved-finding-${String(i + 1).padStart(2, "0")}`, "lint", "x", { status: "resolved" }),
        ),
      ),
    ]),
    budget: 128,
    assertions: [
      a.eq(`${P.constraints}/0`, "do not re-chase resolved finding resolved-finding-01"),
      a.hasNot(P.constraints, "do not re-chase resolved finding resolved-finding-12"),
      a.lte("/compaction/renderedTokens", 128),
    ],
  }),
  kase("packing", "rendered-tokens-stay-within-the-budget", {
    description:
      "renderedTokens never exceeds budgetTokens, here with forty causes under a 300-token budget.",
    requirements: ["FC-STAGE5-3", "FC-RENDER-2", "FC-ORCH-4"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 40 }, (_, i) => f(`m${i}`, "test:failed", prose(120, i))),
      ),
    ]),
    budget: 300,
    assertions: [a.lte("/compaction/renderedTokens", 300), a.notNull(P.omitted)],
  }),
  kase("packing", "constraints-are-distinct-and-every-dropped-one-is-recorded", {
    description:
      "Sixty resolved causes cannot all leave a constraint in a 512-token Delta: the constraints kept are distinct and the ones left out get truncation tombstones (FC-CONSTRAINT-2).",
    requirements: ["FC-CONSTRAINT-2", "FC-REDACT-STALE-1", "FC-STAGE5-3"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 60 }, (_, i) => f(`gone-${String(i).padStart(2, "0")}`, "lint", `m${i}`)),
      ),
      round(
        2,
        "fail",
        Array.from({ length: 60 }, (_, i) =>
          f(`gone-${String(i).padStart(2, "0")}`, "lint", `m${i}`, { status: "resolved" }),
        ),
      ),
    ]),
    assertions: [
      a.distinct(P.constraints),
      a.has(P.redactions, { rule: "truncation" }),
      a.lte("/compaction/renderedTokens", 512),
      a.tokensAtMost(512),
    ],
  }),
  kase("packing", "constraints-that-do-not-fit-the-budget-are-dropped-and-recorded", {
    description:
      "Ten resolved causes with long ids (56 characters), under the cap of any implementation's constraint count, whose do-not-re-chase constraints name them: together far over a 160-token Delta, so the constraints give way to the budget (FC-STAGE5-3), the ones kept are distinct, and each one left out records a tombstone whose rule is `truncation` (FC-CONSTRAINT-2; the log's schema names the rules a tombstone may have, FC-LOG-1).",
    requirements: ["FC-CONSTRAINT-2", "FC-STAGE5-3", "FC-REDACT-TRUNCATION-1"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 10 }, (_, i) => f(LONG_ID(i), "lint:complexity", prose(200, 11 + i))),
      ),
      round(2, "fail", [
        ...Array.from({ length: 10 }, (_, i) =>
          f(LONG_ID(i), "lint:complexity", prose(200, 11 + i), { status: "resolved" }),
        ),
        tiny("o1"),
      ]),
    ]),
    budget: 160,
    assertions: [
      a.distinct(P.constraints),
      a.has(P.redactions, { rule: "truncation" }),
      a.lte("/compaction/renderedTokens", 160),
      a.tokensAtMost(160),
      // Every tombstone's rule is one the log's schema names (FC-LOG-1): the dropped constraints' ones included.
      {
        check: "noneMatches",
        pointer: P.redactions,
        project: "rule",
        pattern: "^(?!(?:superseded-edit|stale-state|stale-assumption|sensitive|truncation)$)",
      },
    ],
  }),
  kase("packing", "an-open-cause-left-out-gets-a-truncation-tombstone", {
    description:
      "Forty open causes cannot all fit a 128-token Delta. The one last seen in round 1 ranks below the 39 seen in round 2 (FC-STAGE4-4), so it is left out whatever else fits, and every open cause left out records a truncation tombstone naming it (FC-REDACT-TRUNCATION-1); its wording is open.",
    requirements: ["FC-REDACT-TRUNCATION-1", "FC-STAGE5-5", "FC-STAGE4-4"],
    request: request([
      round(1, "fail", [f("old", "lint:no-unused", "unused import fs", { location: at("src/old.ts", 1) })]),
      round(
        2,
        "fail",
        Array.from({ length: 39 }, (_, i) =>
          f(`new-${String(i).padStart(2, "0")}`, "test:failed", `case ${i} expected ${i + 1} got ${i + 2}`, {
            location: at(`src/m${String(i).padStart(2, "0")}.ts`, i + 1),
          }),
        ),
      ),
    ]),
    budget: 128,
    assertions: [
      a.hasNot(P.open, { findingId: "old" }),
      a.has(P.redactions, { from: "old", rule: "truncation" }),
    ],
  }),
  kase("packing", "the-same-overwritten-range-twice-leaves-one-constraint", {
    description:
      "canonicalState.overwritten names the same range twice (a caller that appends each revert it sees) and it supersedes a cause: the Delta carries the constraint once, since constraints hold no duplicates (FC-CONSTRAINT-2), and the cause is superseded (FC-REDACT-SUPERSEDED-1).",
    requirements: ["FC-CONSTRAINT-2", "FC-REDACT-SUPERSEDED-1", "FC-REDACT-SUPERSEDED-2"],
    request: request(
      [
        round(1, "fail", [
          f("sup", "tsc:TS1", "old", { location: at("src/a.ts", 2) }),
          f("open", "test:failed", "expected 3, got 4", { location: at("src/b.ts", 7) }),
        ]),
      ],
      {
        canonicalState: {
          ref: "tree-5e1d",
          overwritten: [
            { path: "src/a.ts", startLine: 1, endLine: 3, sinceRound: 1 },
            { path: "src/a.ts", startLine: 1, endLine: 3, sinceRound: 1 },
          ],
        },
      },
    ),
    budget: 2000,
    assertions: [
      a.distinct(P.constraints),
      a.len(P.constraints, 1),
      a.has(P.causes, { findingId: "sup", status: "superseded" }),
    ],
  }),
  kase("packing", "thirty-small-causes-are-ranked-and-accounted-for", {
    description:
      "Thirty small open causes under a large budget: the rendered ones are distinct, ranked 1..K in order, the Delta fits and its count is the suite's (FC-STAGE5-3, FC-STAGE5-5, FC-LOG-11).",
    requirements: ["FC-STAGE5-3", "FC-STAGE5-5", "FC-LOG-11", "FC-DELTA-1"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 30 }, (_, i) =>
          f(`m-${String(i).padStart(2, "0")}`, "lint", `unused name v${i}`),
        ),
      ),
    ]),
    budget: 4096,
    assertions: [
      a.len(P.causes, 30),
      a.distinct(P.open, "findingId"),
      a.ordered(P.open, "rank", "ascending", true),
      a.eq(`${P.open}/0/rank`, 1),
      a.same("/activeFailures", P.open),
      a.allIn(P.refs, "findingId", P.causes, "findingId"),
      a.tokensCounted(),
      a.tokensAtMost(4096),
    ],
  }),
];

const ONE_CAUSE_DELTA = {
  attempt: 2,
  lastVerdict: "fail",
  openRootCauses: [
    {
      rank: 1,
      findingId: "a1",
      rule: "lint:no-undef",
      location: { path: "src/app.ts", startLine: 7 },
      severity: "error",
      firstSeen: 1,
      lastSeen: 1,
      message: "'cfg' is not defined.",
      trace: null,
      blocking: false,
    },
  ],
  resolvedSummary: null,
  omitted: null,
  constraints: [],
  generatedAt: "r1",
};

const SPECIAL_DELTA = {
  ...ONE_CAUSE_DELTA,
  openRootCauses: [
    { ...ONE_CAUSE_DELTA.openRootCauses[0], message: "prompt ended with <|endoftext|> and <|im_start|>" },
  ],
};

export const renderCases: CaseDoc[] = [
  kase("render", "rendered-tokens-count-the-canonical-delta", {
    profile: "reference",
    description: "renderedTokens is the o200k_base count of the Delta's canonical rendering.",
    requirements: ["FC-RENDER-2", "FC-RENDER-1"],
    request: request([
      round(1, "fail", [
        f("a1", "lint:no-undef", "'cfg' is not defined.", { location: at("src/app.ts", 7) }),
      ]),
    ]),
    assertions: [
      a.eq("/compaction/renderedTokens", o200kCount(canonicalJson(ONE_CAUSE_DELTA))),
      a.eq(P.delta, ONE_CAUSE_DELTA),
    ],
    notes: `Count of: ${canonicalJson(ONE_CAUSE_DELTA)}`,
  }),
  kase("render", "special-token-text-count-of-the-reference-delta", {
    profile: "reference",
    description:
      "The reference's Delta with <|endoftext|> in a message counts as its ordinary-text o200k_base count.",
    requirements: ["FC-RENDER-2", "FC-LOG-5", "FC-ID-1"],
    request: request([
      round(1, "fail", [
        f("a1", "lint:no-undef", "prompt ended with <|endoftext|> and <|im_start|>", {
          location: at("src/app.ts", 7),
        }),
      ]),
    ]),
    assertions: [a.eq("/compaction/renderedTokens", o200kCount(canonicalJson(SPECIAL_DELTA)))],
    notes: `Count of: ${canonicalJson(SPECIAL_DELTA)}`,
  }),
  kase("render", "special-token-text-counts-as-ordinary-text", {
    description: "Text like <|endoftext|> in a message is counted as ordinary text, not as a special token.",
    requirements: ["FC-RENDER-2"],
    request: request([
      round(1, "fail", [
        f("a1", "lint:no-undef", "prompt ended with <|endoftext|> and <|im_start|>", {
          location: at("src/app.ts", 7),
        }),
      ]),
    ]),
    // The suite's own count of whatever Delta comes back (FC-CASE-12), not a number fixed by the reference's ids.
    assertions: [a.tokensCounted(), a.present("<|endoftext|>", P.open), a.present("<|im_start|>", P.open)],
  }),
  kase("render", "rendered-tokens-are-the-suites-own-count", {
    description:
      "renderedTokens equals the suite's own o200k_base count of the returned Delta's canonical rendering, for a Delta with causes, constraints and a summary.",
    requirements: ["FC-RENDER-2", "FC-RENDER-1", "FC-STAGE5-3"],
    request: request([
      round(1, "fail", [
        f("a1", "lint:no-undef", "'cfg' is not defined.", { location: at("src/app.ts", 7) }),
        f("a2", "test:failed", "expected <|endoftext|> to be «plain» text — 12ms", {
          trace: "at t (test/a.ts:3)",
        }),
        f("a3", "lint", "gone"),
      ]),
      round(2, "fail", [
        f("a1", "lint:no-undef", "'cfg' is not defined.", { location: at("src/app.ts", 7) }),
        f("a2", "test:failed", "expected <|endoftext|> to be «plain» text — 12ms", {
          trace: "at t (test/a.ts:3)",
        }),
        f("a3", "lint", "gone", { status: "resolved" }),
      ]),
    ]),
    assertions: [
      a.tokensCounted(),
      a.tokensAtMost(512),
      a.lte("/compaction/renderedTokens", "/compaction/budgetTokens"),
    ],
  }),
  kase("render", "characters-worth-three-tokens-each-stay-within-the-budget", {
    description:
      "Messages of a character that o200k_base counts as three tokens (U+A66E, one UTF-16 unit, three UTF-8 bytes): the Delta stays within a budget of 512 by the suite's own count, and renderedTokens is that count. A Delta whose length in UTF-16 units fits the budget need not fit it.",
    requirements: ["FC-STAGE5-3", "FC-RENDER-2"],
    budget: 512,
    request: request([
      round(1, "fail", [
        f("a1", "lint", "\ua66e".repeat(150)),
        f("a2", "lint", "\ua66e".repeat(180)),
        f("a3", "lint", "\ua66e".repeat(210)),
      ]),
    ]),
    assertions: [a.tokensCounted(), a.tokensAtMost(512)],
  }),
  kase("render", "the-same-request-twice-gives-the-same-log", {
    description: "Compacting the same request twice gives the same log, Delta included (FC-PURE-1).",
    requirements: ["FC-PURE-1", "FC-RENDER-1"],
    request: twiceRequest(),
    assertions: [a.notNull(P.delta)],
    more: [
      {
        request: twiceRequest(),
        assertions: [a.same("", "", 0)],
      },
    ],
  }),
  kase("render", "what-the-delta-does-not-depend-on-changes-no-byte", {
    description:
      "Changing only timestamps, worker traces, the task spec and the order of findings inside a round leaves the Delta identical (FC-STALL-2).",
    requirements: ["FC-STALL-2"],
    request: request([
      round(1, "fail", [
        anon("tsc:TS2304", "Cannot find name 'q'."),
        f("a1", "lint", "x unused", { location: at("src/a.ts", 3) }),
      ]),
    ]),
    assertions: [a.notNull(P.delta)],
    more: [
      {
        request: request(
          [
            round(
              1,
              "fail",
              [
                f("a1", "lint", "x unused", { location: at("src/a.ts", 3) }),
                anon("tsc:TS2304", "Cannot find name 'q'."),
              ],
              {
                ts: "2026-12-24T23:59:59Z",
                workerTrace: [{ tool: "shell", output: "npm test (other run)" }],
              },
            ),
          ],
          { taskSpec: { goal: "another wording of the goal" } },
        ),
        assertions: [a.same(P.delta, P.delta, 0)],
      },
    ],
  }),
];

export const trimCases: CaseDoc[] = [
  kase("trimming", "message-longer-than-400-is-cut", {
    profile: "reference",
    description:
      "A 450-character message is cut to 399 characters plus an ellipsis, with a truncation tombstone.",
    requirements: ["FC-TRIM-1", "FC-REDACT-TRUNCATION-1"],
    request: request([round(1, "fail", [f("m1", "test:failed", prose(450, 2))])]),
    assertions: [
      a.eq(`${P.open}/0/message`, `${prose(450, 2).slice(0, 399)}…`),
      a.eq(P.redactions, [
        {
          from: "m1",
          rule: "truncation",
          reason: "message trimmed from 450 to 400 characters",
          auditLogId: "c1.truncation.m1",
        },
      ]),
    ],
  }),
  kase("trimming", "message-of-400-is-kept-whole", {
    profile: "reference",
    description: "A message of exactly 400 characters is not trimmed and leaves no tombstone.",
    requirements: ["FC-TRIM-1"],
    request: request([round(1, "fail", [f("m1", "test:failed", prose(400, 2))])]),
    assertions: [a.eq(`${P.open}/0/message`, prose(400, 2)), a.len(P.redactions, 0)],
  }),
  kase("trimming", "trace-longer-than-800-is-cut", {
    profile: "reference",
    description:
      "A 1000-character trace is cut to 799 characters plus an ellipsis, with a truncation tombstone.",
    requirements: ["FC-TRIM-1", "FC-REDACT-TRUNCATION-1"],
    request: request([round(1, "fail", [f("t1", "test:failed", "boom", { trace: prose(1000, 6) })])]),
    budget: 4000,
    assertions: [
      a.eq(`${P.open}/0/trace`, `${prose(1000, 6).slice(0, 799)}…`),
      a.has(P.redactions, {
        from: "t1",
        rule: "truncation",
        reason: "trace trimmed from 1000 to 800 characters",
      }),
    ],
  }),
  kase("trimming", "trace-of-800-is-kept-whole", {
    profile: "reference",
    description: "A trace of exactly 800 characters is not trimmed and leaves no tombstone.",
    requirements: ["FC-TRIM-1"],
    request: request([round(1, "fail", [f("t1", "test:failed", "boom", { trace: prose(800, 6) })])]),
    budget: 4000,
    assertions: [a.eq(`${P.open}/0/trace`, prose(800, 6)), a.len(P.redactions, 0)],
  }),
  kase("trimming", "cut-never-splits-a-surrogate-pair", {
    profile: "reference",
    description: "When the cut would split a surrogate pair it backs off before the pair.",
    requirements: ["FC-TRIM-1"],
    request: request([round(1, "fail", [f("m1", "test:failed", `${"a".repeat(398)}\ud83d\ude00bb`)])]),
    assertions: [a.eq(`${P.open}/0/message`, `${"a".repeat(398)}…`)],
  }),
  kase("trimming", "long-message-of-astral-characters-keeps-its-pairs-whole", {
    description:
      "Two messages of 6,000 UTF-16 units, one of U+10000 (D800 DC00) and one of U+10FFFD (DBFF DFFD), the two ends of the high-surrogate range, reach the Delta cut, and no cut splits a pair: no lone surrogate in either message.",
    requirements: ["FC-TRIM-2"],
    request: request([
      round(1, "fail", [
        f("m1", "test:failed", "\u{10000}".repeat(3000)),
        f("m2", "test:failed", "\u{10FFFD}".repeat(3000)),
      ]),
    ]),
    budget: 8000,
    assertions: [
      a.match(`${P.open}/0/message`, "^[^\\ud800-\\udfff]*$"),
      a.match("/findings/0/message", "^[^\\ud800-\\udfff]*$"),
      a.match(`${P.open}/1/message`, "^[^\\ud800-\\udfff]*$"),
      a.match("/findings/1/message", "^[^\\ud800-\\udfff]*$"),
    ],
  }),
  kase("trimming", "location-path-longer-than-240-is-cut", {
    profile: "reference",
    description: "A 300-character location path is cut to 239 characters plus an ellipsis.",
    requirements: ["FC-TRIM-1"],
    request: request([
      round(1, "fail", [f("p1", "lint", "x unused", { location: at(`src/${"d".repeat(293)}.ts`, 1) })]),
    ]),
    assertions: [a.eq(`${P.open}/0/location/path`, `src/${"d".repeat(235)}…`)],
  }),
  kase("trimming", "constraint-longer-than-240-is-cut", {
    profile: "reference",
    description: "A context constraint longer than 240 characters is cut to 239 characters plus an ellipsis.",
    requirements: ["FC-TRIM-1", "FC-CONSTRAINT-1"],
    request: request([
      round(1, "fail", [
        f("k1", "r".repeat(200), "x unused", {
          status: "resolved",
          keepForContext: true,
          location: at("src/a.ts", 3),
        }),
      ]),
    ]),
    budget: 1000,
    assertions: [
      a.eq(P.constraints, [
        `${`context: ${"r".repeat(200)} at src/a.ts:3 — resolved in round 1; do not re-chase it`.slice(0, 239)}…`,
      ]),
    ],
  }),
];
