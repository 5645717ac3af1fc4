// FC-REDACT-*, FC-CONSTRAINT-1, FC-PURE-2: the redaction rules between Stage 4 and Stage 5, and their tombstones.
import { computedFindingId as fid } from "../finding-id.ts";
import { a, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";

const OLD_SNIPPET = "const total = items.reduce((s, i) => s + i.price, 0) // stale-snippet-71";
/** A repo-relative path of 311 characters: longer than any cut a Delta makes (FC-TRIM-1's 240). */
const LONG_PATH = `src/${"deep/".repeat(60)}cart.ts`;
const overwrite = (ranges: Record<string, unknown>[]) => ({ ref: "tree-5e1d", overwritten: ranges });
const range = (path: string, startLine: number, endLine: number, sinceRound: number) => ({
  path,
  startLine,
  endLine,
  sinceRound,
});
const edit = (id: string, loc: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  f(id, "tsc:TS2322", OLD_SNIPPET, {
    location: loc,
    trace: "stale-trace-71 at total (src/cart.ts:12)",
    ...extra,
  });

export const supersededCases: CaseDoc[] = [
  kase("redaction", "overwritten-range-supersedes-the-cause", {
    description:
      "A cause on lines the canonical state overwrote after its last sighting is superseded: tombstone, constraint, no message or trace in the Delta.",
    requirements: ["FC-REDACT-SUPERSEDED-1", "FC-REDACT-SUPERSEDED-2", "FC-STAGE3-1"],
    request: request(
      [
        round(1, "fail", [edit("e1", at("src/cart.ts", 12))]),
        round(2, "fail", [edit("e1", at("src/cart.ts", 12))]),
      ],
      {
        canonicalState: overwrite([range("src/cart.ts", 10, 20, 2)]),
      },
    ),
    assertions: [
      a.len(P.open, 0),
      a.proj(P.resolved, "status", ["superseded"]),
      a.len(P.redactions, 1),
      a.has(P.redactions, { from: "e1", rule: "superseded-edit" }),
      // The tombstone's reason is a human-readable rationale (the seed's schema), in whatever words: never blank.
      { check: "noneMatches", pointer: P.redactions, project: "reason", pattern: "^\\s*$" },
      // One constraint naming the reverted block's path and lines, in whatever words (FC-REDACT-SUPERSEDED-2).
      a.len(P.constraints, 1),
      a.names(P.constraints, "src/cart.ts", "10", "20"),
      a.absent("stale-snippet-71", P.delta),
      a.absent("stale-trace-71", P.delta),
    ],
  }),
  kase("redaction", "overwritten-range-supersedes-a-cause-on-a-long-path", {
    description:
      "An overwritten range on a path longer than any limit a Delta may cut paths to (300 characters) supersedes the cause at that path like any other: the range and the cause are matched on the whole path, never on a cut one (FC-REDACT-SUPERSEDED-1).",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request(
      [round(1, "fail", [edit("e1", at(LONG_PATH, 12))]), round(2, "fail", [edit("e1", at(LONG_PATH, 12))])],
      { canonicalState: overwrite([range(LONG_PATH, 10, 20, 2)]) },
    ),
    assertions: [
      a.len(P.open, 0),
      a.proj(P.resolved, "status", ["superseded"]),
      a.absent("stale-snippet-71", P.delta),
      a.absent("stale-trace-71", P.delta),
    ],
  }),
  kase("redaction", "reverted-block-constraint-wording", {
    profile: "reference",
    description:
      "The reference words the superseded-edit constraint 'do not re-introduce the reverted block at <path>:<start>-<end>'.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-SUPERSEDED-2"],
    request: request(
      [
        round(1, "fail", [edit("e1", at("src/cart.ts", 12))]),
        round(2, "fail", [edit("e1", at("src/cart.ts", 12))]),
      ],
      { canonicalState: overwrite([range("src/cart.ts", 10, 20, 2)]) },
    ),
    assertions: [a.eq(P.constraints, ["do not re-introduce the reverted block at src/cart.ts:10-20"])],
  }),
  kase("redaction", "range-older-than-the-last-sighting-does-not-supersede", {
    description: "A range overwritten after round 1 does not supersede a cause seen again in round 2.",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request(
      [
        round(1, "fail", [edit("e1", at("src/cart.ts", 12))]),
        round(2, "fail", [edit("e1", at("src/cart.ts", 12))]),
      ],
      {
        canonicalState: overwrite([range("src/cart.ts", 10, 20, 1)]),
      },
    ),
    assertions: [a.proj(P.open, "findingId", ["e1"]), a.len(P.constraints, 0), a.len(P.redactions, 0)],
  }),
  kase("redaction", "touching-line-ranges-intersect", {
    description: "Cause lines 5-10 and a range 10-12 share line 10 and intersect.",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request([round(3, "fail", [edit("e1", at("src/cart.ts", 5, 10))])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 12, 3)]),
    }),
    assertions: [a.len(P.open, 0), a.has(P.redactions, { from: "e1", rule: "superseded-edit" })],
  }),
  kase("redaction", "range-recorded-after-the-last-sighting-supersedes", {
    description:
      "A range the canonical state recorded after the cause was last seen (sinceRound 2, the cause last seen in round 1) supersedes it: the Worker overwrote the lines after the round that reported them (FC-REDACT-SUPERSEDED-1: range.sinceRound ≥ cause.lastSeen).",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request(
      [
        round(1, "fail", [edit("e1", at("src/cart.ts", 12)), f("k", "lint", "keep me open")]),
        round(2, "fail", [f("k", "lint", "keep me open")]),
      ],
      { canonicalState: overwrite([range("src/cart.ts", 10, 20, 2)]) },
    ),
    assertions: [
      a.proj(P.open, "findingId", ["k"]),
      a.has(P.resolved, { findingId: "e1", status: "superseded" }),
      a.absent("stale-snippet-71", P.delta),
    ],
  }),
  kase("redaction", "range-ending-on-the-cause-start-line-intersects", {
    description: "A range 10-12 and cause lines 12-15 share line 12 and intersect (FC-REDACT-SUPERSEDED-1).",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request([round(1, "fail", [edit("e1", at("src/cart.ts", 12, 15))])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 12, 1)]),
    }),
    assertions: [a.len(P.open, 0), a.has(P.redactions, { from: "e1", rule: "superseded-edit" })],
  }),
  kase("redaction", "superseded-causes-alone-give-a-resolved-summary", {
    description:
      "When the only causes that are not open are superseded (by an overwritten range, or reported `superseded` by the Verifier), the Delta's resolvedSummary is still a one-line summary, not null (FC-STAGE3-5).",
    requirements: ["FC-STAGE3-5"],
    request: request(
      [round(1, "fail", [edit("e1", at("src/cart.ts", 12)), f("k", "lint", "keep me open")])],
      {
        canonicalState: overwrite([range("src/cart.ts", 10, 20, 1)]),
      },
    ),
    assertions: [a.notNull(P.summary), { check: "matches", pointer: P.summary, pattern: "^[^\\n]+$" }],
    more: [
      {
        request: request([
          round(1, "fail", [
            f("x1", "lint", "old", { status: "superseded" }),
            f("y1", "lint", "keep me open"),
          ]),
        ]),
        assertions: [a.notNull(P.summary), { check: "matches", pointer: P.summary, pattern: "^[^\\n]+$" }],
      },
    ],
  }),
  kase("redaction", "missing-end-line-equals-start-line", {
    description:
      "A cause at startLine 9 without endLine does not reach a range starting at line 10; one at line 10 does.",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request(
      [round(1, "fail", [edit("at9", at("src/cart.ts", 9)), edit("at10", at("src/cart.ts", 10))])],
      {
        canonicalState: overwrite([range("src/cart.ts", 10, 12, 1)]),
      },
    ),
    assertions: [a.proj(P.open, "findingId", ["at9"]), a.proj(P.resolved, "findingId", ["at10"])],
  }),
  kase("redaction", "location-without-lines-never-intersects", {
    description: "A cause whose location has no startLine is never superseded by a range.",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request([round(1, "fail", [edit("e1", at("src/cart.ts"))])], {
      canonicalState: overwrite([range("src/cart.ts", 1, 999, 1)]),
    }),
    assertions: [a.proj(P.open, "findingId", ["e1"]), a.len(P.constraints, 0)],
  }),
  kase("redaction", "range-on-another-path-does-not-intersect", {
    description: "A range on a different path does not supersede.",
    requirements: ["FC-REDACT-SUPERSEDED-1"],
    request: request([round(1, "fail", [edit("e1", at("src/cart.ts", 12))])], {
      canonicalState: overwrite([range("src/carts.ts", 10, 20, 1)]),
    }),
    assertions: [a.proj(P.open, "findingId", ["e1"])],
  }),
  kase("redaction", "range-matches-the-relativised-path", {
    description:
      "A cause given with an absolute path under repoRoot is matched against the range by its repo-relative path.",
    requirements: ["FC-REDACT-SUPERSEDED-1", "FC-STAGE1-4"],
    request: request([round(1, "fail", [edit("e1", at("/home/dev/repo/src/cart.ts", 12))])], {
      canonicalState: {
        ref: "tree-5e1d",
        repoRoot: "/home/dev/repo",
        overwritten: [range("src/cart.ts", 10, 20, 1)],
      },
    }),
    assertions: [
      a.len(P.open, 0),
      a.len(P.constraints, 1),
      a.names(P.constraints, "src/cart.ts", "10", "20"),
      a.absent("/home/dev", P.delta),
    ],
  }),
  kase("redaction", "resolved-cause-on-an-overwritten-range-is-a-superseded-edit", {
    description:
      "The superseded-edit rule applies to resolved causes too; it replaces the stale-state tombstone and constraint.",
    requirements: ["FC-REDACT-SUPERSEDED-1", "FC-REDACT-STALE-1"],
    request: request([round(2, "fail", [edit("e1", at("src/cart.ts", 12), { status: "resolved" })])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 20, 2)]),
    }),
    assertions: [
      a.proj(P.redactions, "rule", ["superseded-edit"]),
      // The reverted-block constraint, not a re-chase one: it names the range, not the finding.
      a.len(P.constraints, 1),
      a.names(P.constraints, "src/cart.ts", "10", "20"),
      a.namesNone(P.constraints, "e1"),
      a.eq(`${P.resolved}/0/status`, "superseded"),
    ],
  }),
  kase("redaction", "unused-range-yields-no-constraint", {
    description: "Only ranges that superseded at least one cause yield a constraint.",
    requirements: ["FC-REDACT-SUPERSEDED-2"],
    request: request([round(1, "fail", [edit("e1", at("src/cart.ts", 12))])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 20, 1), range("src/other.ts", 1, 5, 1)]),
    }),
    assertions: [
      a.len(P.constraints, 1),
      a.names(P.constraints, "src/cart.ts", "10", "20"),
      a.namesNone(P.constraints, "src/other.ts"),
    ],
  }),
  kase("redaction", "reverted-block-constraints-are-ordered-by-path-then-lines", {
    profile: "reference",
    description: "Superseded-edit constraints are ordered by path, startLine, endLine.",
    requirements: ["FC-REDACT-SUPERSEDED-2", "FC-CONSTRAINT-1"],
    request: request(
      [
        round(1, "fail", [
          edit("e1", at("src/b.ts", 3)),
          edit("e2", at("src/a.ts", 40)),
          edit("e3", at("src/a.ts", 6)),
          edit("e4", at("src/a.ts", 5)),
        ]),
      ],
      {
        canonicalState: overwrite([
          range("src/b.ts", 1, 9, 1),
          range("src/a.ts", 30, 50, 1),
          range("src/a.ts", 5, 8, 1),
          range("src/a.ts", 5, 6, 1),
        ]),
      },
    ),
    assertions: [
      a.eq(P.constraints, [
        "do not re-introduce the reverted block at src/a.ts:5-6",
        "do not re-introduce the reverted block at src/a.ts:5-8",
        "do not re-introduce the reverted block at src/a.ts:30-50",
        "do not re-introduce the reverted block at src/b.ts:1-9",
      ]),
    ],
  }),
  kase("redaction", "duplicate-constraints-are-kept-once", {
    profile: "reference",
    description: "Two ranges with the same path and lines yield the same constraint text, kept once.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-SUPERSEDED-2"],
    request: request([round(3, "fail", [edit("e1", at("src/cart.ts", 12))])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 20, 3), range("src/cart.ts", 10, 20, 4)]),
    }),
    assertions: [a.eq(P.constraints, ["do not re-introduce the reverted block at src/cart.ts:10-20"])],
  }),
  kase("redaction", "one-line-overwritten-range-supersedes-a-finding-on-that-line", {
    description:
      "An overwritten range of one line (startLine equal to endLine) is a valid range: it supersedes a cause on that line of the same path, whose message never reaches the Delta.",
    requirements: ["FC-REDACT-SUPERSEDED-1", "FC-REQ-4"],
    request: request(
      [
        round(1, "fail", [
          f("one", "tsc:TS2322", "Type 'string' is not assignable to type 'number'.", {
            location: at("src/a.ts", 5),
          }),
          f("open", "test:failed", "expected 3, got 4", { location: at("src/b.ts", 7) }),
        ]),
      ],
      {
        canonicalState: {
          ref: "tree-5e1d",
          overwritten: [{ path: "src/a.ts", startLine: 5, endLine: 5, sinceRound: 1 }],
        },
      },
    ),
    budget: 2000,
    assertions: [
      a.has(P.causes, { findingId: "one", status: "superseded" }),
      a.hasNot(P.open, { findingId: "one" }),
      a.absent("is not assignable", P.delta),
    ],
  }),
];

const res = (id: string, extra: Record<string, unknown> = {}) =>
  f(id, "eslint:no-unused-vars", `'${id}Var' is assigned a value but never used. resolved-text-${id}`, {
    status: "resolved",
    ...extra,
  });

export const staleCases: CaseDoc[] = [
  kase("redaction", "resolved-cause-gets-a-stale-state-tombstone-and-constraint", {
    profile: "reference",
    description:
      "A resolved cause is redacted with a stale-state tombstone and a 'do not re-chase' constraint.",
    requirements: ["FC-REDACT-STALE-1", "FC-REDACT-1"],
    request: request([
      round(1, "fail", [res("lint-1", { status: "open" })]),
      round(2, "fail", [res("lint-1")]),
    ]),
    assertions: [
      a.len(P.redactions, 1),
      a.has(P.redactions, { from: "lint-1", rule: "stale-state" }),
      a.eq(P.constraints, ["do not re-chase resolved finding lint-1"]),
      a.absent("resolved-text-lint-1", P.delta),
    ],
  }),
  kase("redaction", "superseded-input-status-gets-a-stale-state-tombstone", {
    description:
      "A cause reported superseded gets a stale-state tombstone and one constraint naming its finding id.",
    requirements: ["FC-REDACT-STALE-1"],
    request: request([round(3, "fail", [res("s1", { status: "superseded", lastObservedIn: 2 })])]),
    assertions: [
      a.has(P.redactions, { from: "s1", rule: "stale-state" }),
      a.len(P.constraints, 1),
      a.names(P.constraints, "s1"),
      a.absent("resolved-text-s1", P.delta),
    ],
  }),
  kase("redaction", "superseded-input-status-constraint-wording", {
    profile: "reference",
    description: "The reference words the stale-state constraint 'do not re-chase <status> finding <id>'.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-STALE-1"],
    request: request([round(3, "fail", [res("s1", { status: "superseded", lastObservedIn: 2 })])]),
    assertions: [a.eq(P.constraints, ["do not re-chase superseded finding s1"])],
  }),
  kase("redaction", "re-chase-constraints-are-ordered-by-last-seen-descending-then-id", {
    profile: "reference",
    description: "'do not re-chase' constraints are ordered by lastSeen descending, then findingId.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-STALE-1"],
    request: request([round(1, "fail", [res("b"), res("a")]), round(2, "fail", [res("d"), res("c")])]),
    assertions: [
      a.eq(P.constraints, [
        "do not re-chase resolved finding c",
        "do not re-chase resolved finding d",
        "do not re-chase resolved finding a",
        "do not re-chase resolved finding b",
      ]),
    ],
  }),
  kase("redaction", "keep-for-context-turns-a-resolved-cause-into-a-context-constraint", {
    description:
      "A resolved cause with keepForContext yields a context constraint instead of a tombstone and stays in resolvedFailures.",
    requirements: ["FC-REDACT-KEEP-1"],
    request: request([
      round(1, "fail", [res("k1", { keepForContext: true, location: at("src/a.ts", 4, 6) })]),
    ]),
    assertions: [
      a.len(P.constraints, 1),
      a.names(P.constraints, "eslint:no-unused-vars", "src/a.ts"),
      a.len(P.redactions, 0),
      a.proj(P.resolved, "findingId", ["k1"]),
      a.absent("resolved-text-k1", P.delta),
    ],
  }),
  kase("redaction", "context-constraint-location-forms", {
    profile: "reference",
    description: "The context constraint writes <loc> as path:start, path, or (no location).",
    requirements: ["FC-REDACT-KEEP-2", "FC-CONSTRAINT-1"],
    request: request([
      round(1, "fail", [
        res("k1", { keepForContext: true, location: at("src/a.ts", 7) }),
        res("k2", { keepForContext: true, location: at("src/b.ts") }),
        res("k3", { keepForContext: true }),
      ]),
    ]),
    assertions: [
      a.eq(P.constraints, [
        "context: eslint:no-unused-vars at src/a.ts:7 — resolved in round 1; do not re-chase it",
        "context: eslint:no-unused-vars at src/b.ts — resolved in round 1; do not re-chase it",
        "context: eslint:no-unused-vars at (no location) — resolved in round 1; do not re-chase it",
      ]),
    ],
  }),
  kase("redaction", "context-constraints-are-ordered-by-finding-id", {
    profile: "reference",
    description:
      "context: constraints are ordered by findingId (not by text), after superseded-edit constraints and before re-chase ones.",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-KEEP-1"],
    request: request(
      [
        round(1, "fail", [
          res("z", { keepForContext: true, location: at("src/a.ts", 1) }),
          res("m"),
          res("b", { keepForContext: true, location: at("src/z.ts", 1) }),
          edit("e1", at("src/cart.ts", 12)),
        ]),
      ],
      { canonicalState: overwrite([range("src/cart.ts", 10, 20, 1)]) },
    ),
    assertions: [
      a.eq(P.constraints, [
        "do not re-introduce the reverted block at src/cart.ts:10-20",
        "context: eslint:no-unused-vars at src/z.ts:1 — resolved in round 1; do not re-chase it",
        "context: eslint:no-unused-vars at src/a.ts:1 — resolved in round 1; do not re-chase it",
        "do not re-chase resolved finding m",
      ]),
    ],
  }),
  kase("redaction", "identical-context-constraints-are-kept-once", {
    profile: "reference",
    description:
      "Two keepForContext causes producing the same context text yield one constraint (duplicates removed, first kept).",
    requirements: ["FC-CONSTRAINT-1", "FC-REDACT-KEEP-1"],
    request: request([
      round(1, "fail", [res("k2", { keepForContext: true }), res("k1", { keepForContext: true })]),
    ]),
    assertions: [
      a.eq(P.constraints, [
        "context: eslint:no-unused-vars at (no location) — resolved in round 1; do not re-chase it",
      ]),
    ],
  }),
  kase("redaction", "keep-for-context-on-a-superseded-edit", {
    description:
      "A superseded-edit cause with keepForContext yields a context constraint naming its rule and location beside the reverted-block constraint, and no tombstone.",
    requirements: ["FC-REDACT-KEEP-1", "FC-REDACT-SUPERSEDED-1", "FC-REDACT-SUPERSEDED-2"],
    request: request([round(2, "fail", [edit("e1", at("src/cart.ts", 12, 14), { keepForContext: true })])], {
      canonicalState: overwrite([range("src/cart.ts", 10, 20, 2)]),
    }),
    assertions: [
      a.len(P.constraints, 2),
      a.names(P.constraints, "src/cart.ts", "10", "20"),
      a.names(P.constraints, "tsc:TS2322", "src/cart.ts"),
      a.len(P.redactions, 0),
      a.absent("stale-snippet-71", P.delta),
      a.absent("stale-trace-71", P.delta),
    ],
  }),
];

const NOTE1 = "I suspect the cache key ignores the locale.";
const NOTE2 = "The locale is fine; the rounding mode is wrong.";

export const assumptionCases: CaseDoc[] = [
  kase("redaction", "earlier-notes-yield-to-the-latest-verdict", {
    profile: "reference",
    description:
      "Notes of round 1 are superseded by the verdict of round 2: stale-assumption tombstone, no constraint.",
    requirements: ["FC-REDACT-ASSUMPTION-2", "FC-STAGE1-2"],
    request: request([round(1, "fail", [], { notes: NOTE1 }), round(2, "fail", [], { notes: NOTE2 })]),
    assertions: [
      a.eq(P.redactions, [
        {
          from: fid("verifier:notes", null, NOTE1),
          rule: "stale-assumption",
          reason: "notes of round 1 replaced by the verdict of round 2",
          auditLogId: `c2.stale-assumption.${fid("verifier:notes", null, NOTE1)}`,
        },
      ]),
      a.len(P.constraints, 0),
      a.proj(P.open, "message", [NOTE2]),
      a.absent("cache key", P.delta),
    ],
  }),
  kase("redaction", "contradicted-notes-never-reach-the-delta", {
    description:
      "Notes of round 1 that the notes of round 2 contradict never reach the Delta and leave no constraint; the latest notes are authoritative.",
    requirements: ["FC-REDACT-ASSUMPTION-1"],
    request: request([round(1, "fail", [], { notes: NOTE1 }), round(2, "fail", [], { notes: NOTE2 })]),
    assertions: [a.absent("cache key", P.delta), a.len(P.constraints, 0)],
  }),
  kase("redaction", "empty-notes-still-replace-earlier-notes", {
    profile: "reference",
    description: "A last verdict with empty notes still supersedes earlier notes.",
    requirements: ["FC-REDACT-ASSUMPTION-2"],
    request: request([
      round(1, "fail", [], { notes: NOTE1 }),
      round(2, "fail", [f("a1", "lint", "x unused")], { notes: "" }),
    ]),
    assertions: [
      a.proj(P.open, "findingId", ["a1"]),
      a.len(P.resolved, 1),
      a.has(P.resolved, { status: "superseded" }),
      a.proj(P.redactions, "rule", ["stale-assumption"]),
    ],
  }),
  kase("redaction", "notes-repeated-in-the-last-round-stay-open", {
    profile: "reference",
    description: "Notes repeated word for word in the last round are one open cause.",
    requirements: ["FC-REDACT-ASSUMPTION-2", "FC-STAGE1-2", "FC-STAGE2-1"],
    request: request([round(1, "fail", [], { notes: NOTE1 }), round(2, "fail", [], { notes: NOTE1 })]),
    assertions: [a.has(P.open, { message: NOTE1, firstSeen: 1, lastSeen: 2 }), a.len(P.redactions, 0)],
  }),
  kase("redaction", "notes-of-several-rounds-each-get-a-tombstone", {
    profile: "reference",
    description: "Every earlier round's notes yield to the latest verdict, each with its own tombstone.",
    requirements: ["FC-REDACT-ASSUMPTION-2", "FC-REDACT-ASSUMPTION-1"],
    request: request([
      round(1, "fail", [], { notes: "first guess" }),
      round(2, "fail", [], { notes: "second guess" }),
      round(3, "pass", []),
    ]),
    assertions: [
      a.len(P.redactions, 2),
      a.has(P.redactions, { rule: "stale-assumption" }),
      a.distinct(P.redactions, "from"),
      a.allIn(P.redactions, "from", P.causes, "findingId"),
      a.len(P.open, 0),
      a.isNull(P.summary),
    ],
  }),
];

const GHP = "ghp_R8x2Lq9ZkT4mW7vN1cY6hJ3pF0sD5gB2aE8u";
const AKIA = "AKIAZ7Q2M4N6P8R1T3V5";

// A fake JWT (header {"alg":"HS256","typ":"JWT"}), wrapped at 50 characters more than 2500 characters into a
// message, and a line of token characters ending in a GitHub token's head, continued on the next line.
const FAR_JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MjQyNDI0MiIsIm5hbWUiOiJjaSJ9.Qm9ndXNTaWduYXR1cmVGb3JUZXN0c09ubHkxMjM0NTY3";
const WRAPPED_FAR = [
  ...Array.from(
    { length: 40 },
    (_, i) => `step ${i}: compiled module number ${i} of the build without warnings`,
  ),
  "deploy key below",
  FAR_JWT.slice(0, 50),
  FAR_JWT.slice(50, 100),
  FAR_JWT.slice(100),
  "end",
  "secret blob:",
  `AbCdEfGh12345678IjKlMnOp90${GHP.slice(0, 18)}`,
  `${GHP.slice(18)}xQ end`,
].join("\n");

export const mandatoryCases: CaseDoc[] = [
  kase("redaction", "secret-in-a-message-is-masked", {
    description:
      "A GitHub token in a message is masked before it reaches the log; one sensitive tombstone counts it.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-ORCH-5"],
    request: request([round(1, "fail", [f("s1", "test:failed", `auth failed with token ${GHP}`)])]),
    assertions: [
      a.absent(GHP),
      a.absent(GHP.slice(4, 20)),
      a.has(P.redactions, { from: "s1", rule: "sensitive" }),
      a.present("«redacted:secret»", P.delta),
    ],
  }),
  kase("redaction", "secret-in-a-trace-is-masked", {
    description: "A secret in a trace is masked in the Delta and the whole log.",
    requirements: ["FC-REDACT-MANDATORY-1"],
    request: request([
      round(1, "fail", [
        f("s1", "test:failed", "request rejected", { trace: `at client (AWS_KEY=${AKIA})` }),
      ]),
    ]),
    assertions: [a.absent(AKIA), a.has(P.redactions, { from: "s1", rule: "sensitive" })],
  }),
  kase("redaction", "secret-in-notes-is-masked", {
    profile: "reference",
    description: "A secret in verdict notes is masked.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-STAGE1-2"],
    request: request([round(1, "fail", [], { notes: `the CI env leaks ${GHP} into logs` })]),
    assertions: [
      a.absent(GHP),
      a.has(P.redactions, { rule: "sensitive", reason: "masked 1 secret span(s)" }),
    ],
  }),
  kase("redaction", "secret-in-a-rule-is-masked", {
    profile: "reference",
    description: "A secret inside a rule string is masked too, and the request is compacted.",
    requirements: ["FC-REDACT-MANDATORY-2"],
    request: request([round(1, "fail", [f("s1", `custom:${AKIA}`, "rule named after a key")])]),
    assertions: [a.absent(AKIA), a.proj(P.open, "findingId", ["s1"])],
  }),
  kase("redaction", "secret-in-a-rule-never-reaches-the-delta", {
    description:
      "A secret inside a rule string is masked, or the compaction fails with SECRET_LEAK (the last line of defence); it appears nowhere in the reply.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
    request: request([round(1, "fail", [f("s1", `custom:${AKIA}`, "rule named after a key")])]),
    assertions: [a.absent(AKIA)],
    anyOf: [{ error: { code: "SECRET_LEAK" } }, { assertions: [a.proj(P.open, "findingId", ["s1"])] }],
  }),
  kase("redaction", "secret-in-a-location-path-is-masked", {
    profile: "reference",
    description: "A secret inside a location path is masked, and the request is compacted.",
    requirements: ["FC-REDACT-MANDATORY-2"],
    request: request([
      round(1, "fail", [f("s1", "lint", "x unused", { location: at(`deploy/${GHP}/config.ts`, 1) })]),
    ]),
    assertions: [a.absent(GHP), a.proj(P.open, "findingId", ["s1"])],
  }),
  kase("redaction", "secret-in-a-location-path-never-reaches-the-delta", {
    description:
      "A secret inside a location path is masked, or the compaction fails with SECRET_LEAK; it appears nowhere in the reply.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
    request: request([
      round(1, "fail", [f("s1", "lint", "x unused", { location: at(`deploy/${GHP}/config.ts`, 1) })]),
    ]),
    assertions: [a.absent(GHP), a.absent(GHP.slice(4, 20))],
    anyOf: [{ error: { code: "SECRET_LEAK" } }, { assertions: [a.proj(P.open, "findingId", ["s1"])] }],
  }),
  kase("redaction", "two-mask-kinds-give-two-tombstones", {
    description: "A cause with a secret and an e-mail address gets one tombstone per mask kind.",
    requirements: ["FC-REDACT-MANDATORY-1"],
    request: request([
      round(1, "fail", [f("s1", "test:failed", `token ${GHP} owned by jane.doe@example.com, also ${AKIA}`)]),
    ]),
    assertions: [
      a.absent(GHP),
      a.absent(AKIA),
      a.absent("jane.doe@example.com"),
      a.has(P.redactions, { from: "s1", rule: "sensitive" }),
      a.len(P.redactions, 2),
    ],
  }),
  kase("redaction", "path-masked-in-a-location-and-a-message-gives-one-tombstone", {
    description:
      "A cause whose location path and message both hold an absolute path outside the repository has only path spans masked: one mask kind, so one `sensitive` tombstone (the location's mask counts as a path span like the message's).",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-PATH-2"],
    request: request(
      [
        round(1, "fail", [
          f("s1", "test:failed", "cannot open /home/ci/other-checkout/src/db/pool.ts for reading", {
            location: at("/home/ci/other-checkout/src/db/pool.ts", 12),
          }),
        ]),
      ],
      { canonicalState: { ref: "tree-5e1d", repoRoot: "/home/dev/repo" } },
    ),
    assertions: [
      a.absent("other-checkout"),
      a.has(P.redactions, { from: "s1", rule: "sensitive" }),
      a.len(P.redactions, 1),
    ],
  }),
  kase("redaction", "token-wrapped-far-into-a-long-message-gets-a-secret-tombstone", {
    description:
      "A JWT wrapped over lines of 50 characters (each line made of token characters and continued on the next), and a line of token characters continued the same way, standing more than 2500 characters into a finding's message: the wrap is undone wherever it stands and the secrets are masked before the message is trimmed, so the cause carries a `sensitive` tombstone even though the trimmed message no longer shows where they were (FC-REDACT-SENSITIVE-8: a line made of 40 or more token characters continued on the next line; FC-REDACT-MANDATORY-1: one sensitive tombstone per mask kind).",
    requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-MANDATORY-1"],
    request: request([round(1, "fail", [f("s1", "test:failed", WRAPPED_FAR)])]),
    assertions: [
      a.has(P.redactions, { from: "s1", rule: "sensitive" }),
      a.absent(FAR_JWT.slice(40, 58)),
      a.absent(GHP.slice(20, 32)),
    ],
  }),
  kase("redaction", "secret-is-masked-before-trimming", {
    description:
      "A secret straddling the message limit is masked first: no part of it and no part of a cut placeholder reaches the Delta or the log's findings (every `«` opens a whole `«redacted:…»`).",
    requirements: ["FC-TRIM-2", "FC-REDACT-MANDATORY-1"],
    request: request([round(1, "fail", [f("s1", "test:failed", `${"a".repeat(390)} ${GHP} tail`)])]),
    // Every `«` opens a whole placeholder: a cut inside one (`«redacte…`, `«redacted:se…`) leaves none half.
    assertions: [
      a.absent(GHP.slice(0, 8)),
      a.absent("«redacted:se…"),
      a.match(`${P.open}/0/message`, "^(?:[^«]|«redacted:[a-z]+»)*$"),
      a.match("/findings/0/message", "^(?:[^«]|«redacted:[a-z]+»)*$"),
    ],
  }),
];

export const untouchedCases: CaseDoc[] = [
  kase("redaction", "task-spec-is-never-echoed", {
    description: "No taskSpec text appears anywhere in the log.",
    requirements: ["FC-REDACT-UNTOUCHED-1", "FC-PURE-2"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      taskSpec: {
        goal: "canary-goal-2e9b",
        constraints: ["canary-rule-c4d0"],
        deadline: "canary-deadline-77aa",
      },
    }),
    assertions: [
      a.absent("canary-goal-2e9b"),
      a.absent("canary-rule-c4d0"),
      a.absent("canary-deadline-77aa"),
    ],
  }),
  kase("redaction", "state-ref-is-copied-verbatim", {
    description: "canonicalState.ref is copied verbatim into sourceWindow.canonicalStateRef.",
    requirements: ["FC-REDACT-UNTOUCHED-1", "FC-LOG-4", "FC-ORCH-3"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      canonicalState: { ref: "refs/heads/main@9c1f0e2  (dirty: 2 files) «x»" },
    }),
    assertions: [a.eq("/sourceWindow/canonicalStateRef", "refs/heads/main@9c1f0e2  (dirty: 2 files) «x»")],
  }),
  kase("redaction", "repo-root-is-not-echoed", {
    description: "canonicalState.repoRoot is used to relativise paths and is never echoed.",
    requirements: ["FC-REDACT-UNTOUCHED-1", "FC-PURE-2"],
    request: request(
      [
        round(1, "fail", [
          f("a1", "lint", "x unused in /home/canary-user-5f/repo/src/a.ts", {
            location: at("/home/canary-user-5f/repo/src/a.ts", 2),
          }),
        ]),
      ],
      { canonicalState: { ref: "tree-5e1d", repoRoot: "/home/canary-user-5f/repo" } },
    ),
    assertions: [a.absent("canary-user-5f"), a.path(`${P.open}/0/location/path`, "src/a.ts")],
  }),
  kase("redaction", "overwritten-ranges-are-not-echoed-as-data", {
    description:
      "Overwritten ranges only appear through the constraints they produce; unused ones leave no trace.",
    requirements: ["FC-REDACT-UNTOUCHED-1"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { location: at("src/a.ts", 2) })])], {
      canonicalState: overwrite([range("src/canary-unused-range-8c.ts", 1, 2, 1)]),
    }),
    assertions: [a.absent("canary-unused-range-8c")],
  }),
];
