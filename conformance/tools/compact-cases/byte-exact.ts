// FC-RENDER-1, FC-STALL-2, FC-PURE-1: byte-exact Deltas (pinned from the reference, or written by hand where noted).
import { a, at, type CaseDoc, f, kase, request, round } from "./dsl.ts";

const profile = "byte-exact" as const;

const base = [
  f("m2", "test:failed", "cart total is 0 after adding 2 items", {
    location: at("test/cart.test.ts", 31),
    trace: "at addItem (src/cart.ts:12)",
  }),
  f("m1", "tsc:TS2322", "Type 'string' is not assignable to type 'number'.", {
    location: at("src/cart.ts", 12, 13),
  }),
  f("m3", "eslint:no-unused-vars", "'tax' is assigned a value but never used.", {
    location: at("src/cart.ts", 4),
    severity: "warning",
  }),
];

const HAND_WRITTEN =
  '{"attempt":2,"constraints":[],"generatedAt":"r1","lastVerdict":"fail","omitted":null,"openRootCauses":[{"blocking":false,"findingId":"a1","firstSeen":1,"lastSeen":1,"location":{"path":"src/app.ts","startLine":7},"message":"\'cfg\' is not defined.","rank":1,"rule":"lint:no-undef","severity":"error","trace":null}],"resolvedSummary":null}';

export const byteExactCases: CaseDoc[] = [
  {
    ...kase("byte-exact", "single-open-cause", {
      description:
        "The canonical Delta of one open cause has sorted keys, no white space and nulls written out.",
      requirements: ["FC-RENDER-1", "FC-PURE-1"],
      request: request([
        round(1, "fail", [
          f("a1", "lint:no-undef", "'cfg' is not defined.", { location: at("src/app.ts", 7) }),
        ]),
      ]),
      profile,
      notes: "Bytes written by hand from FC-RENDER-1, not taken from the reference.",
    }),
    expect: { bytes: HAND_WRITTEN },
  },
  kase("byte-exact", "three-causes-in-one-round", {
    description: "Three causes of one round in rank order, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-PURE-1"],
    request: request([round(1, "fail", base)]),
    profile,
  }),
  kase("byte-exact", "finding-order-inside-a-round-changes-no-byte", {
    description:
      "The same findings in reverse order inside the round give the same bytes as three-causes-in-one-round.",
    requirements: ["FC-STALL-2", "FC-STAGE1-6", "FC-PURE-1"],
    request: request([round(1, "fail", [...base].reverse())]),
    profile,
  }),
  kase("byte-exact", "traces-timestamps-and-task-spec-change-no-byte", {
    description:
      "Different worker traces, ts values and taskSpec give the same bytes as three-causes-in-one-round.",
    requirements: ["FC-STALL-2", "FC-PURE-1", "FC-PURE-2"],
    request: request(
      [
        round(1, "fail", base, {
          ts: "yesterday, around noon",
          workerTrace: [
            { tool: "shell", output: "npm test\n3 failing" },
            { tool: "edit", output: "patched" },
          ],
        }),
      ],
      { taskSpec: { goal: "a different goal text", priority: 3 } },
    ),
    profile,
  }),
  kase("byte-exact", "resolved-causes-and-constraints", {
    description: "A Delta with a resolved summary and re-chase constraints, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-STAGE3-4", "FC-CONSTRAINT-1"],
    request: request([
      round(1, "fail", base),
      round(2, "fail", [
        f("m1", "tsc:TS2322", "Type 'string' is not assignable to type 'number'.", {
          location: at("src/cart.ts", 12, 13),
          status: "resolved",
        }),
        f("m2", "test:failed", "cart total is 0 after adding 2 items", {
          location: at("test/cart.test.ts", 31),
        }),
        f("m3", "eslint:no-unused-vars", "'tax' is assigned a value but never used.", {
          location: at("src/cart.ts", 4),
          status: "resolved",
          keepForContext: true,
        }),
      ]),
    ]),
    profile,
  }),
  kase("byte-exact", "superseded-edit", {
    description:
      "A Delta after a superseded edit: the reverted-block constraint and the remaining cause, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-REDACT-SUPERSEDED-2"],
    request: request([round(1, "fail", base), round(2, "fail", base)], {
      canonicalState: {
        ref: "tree-5e1d",
        overwritten: [{ path: "src/cart.ts", startLine: 10, endLine: 14, sinceRound: 2 }],
      },
    }),
    profile,
  }),
  kase("byte-exact", "unicode-is-escaped-minimally", {
    description:
      "Non-ASCII text, U+2028 and emoji are written raw; only quotes, backslashes and control characters are escaped.",
    requirements: ["FC-RENDER-1"],
    request: request([
      round(1, "fail", [
        f("u1", "test:failed", 'café ☕ "quoted" back\\slash\ttab\nnext\u2028sep 😀', {
          location: at("src/ünï.ts", 1),
        }),
      ]),
    ]),
    profile,
    assertions: [
      a.eq(
        "/correctionDelta/openRootCauses/0/message",
        'café ☕ "quoted" back\\slash\ttab\nnext\u2028sep 😀',
      ),
    ],
  }),
  kase("byte-exact", "blocked-verdict", {
    description: "A blocked last verdict with blocking causes and notes, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-STAGE4-3"],
    request: request([
      round(1, "fail", base),
      round(2, "blocked", [base[0]!], { notes: "Cannot run the tests: the database is down." }),
    ]),
    profile,
  }),
  kase("byte-exact", "back-referenced-traces", {
    description:
      "Two causes sharing a trace: the later-ranked one carries the back-reference, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-STAGE3-3"],
    request: request([
      round(1, "fail", [f("p", "test:failed", "first fails", { trace: "at setup (test/helpers.ts:3)" })]),
      round(2, "fail", [
        f("p", "test:failed", "first fails"),
        f("q", "test:failed", "second fails", { trace: "at setup (test/helpers.ts:3)" }),
      ]),
    ]),
    profile,
  }),
  kase("byte-exact", "passing-round-after-resolutions", {
    description:
      "A passing last round with every cause resolved: no open causes, a summary and constraints, pinned byte for byte.",
    requirements: ["FC-RENDER-1", "FC-STAGE5-1"],
    request: request([
      round(1, "fail", base),
      round(
        3,
        "pass",
        base.map((x) => ({ ...x, status: "resolved" })),
      ),
    ]),
    profile,
  }),
];
