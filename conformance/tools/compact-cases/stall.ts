// FC-STALL-1..2, FC-SCAN-1, FC-FALLBACK-1: stall candidates against a prior Delta, and the post-render leak scan.
import { a, at, type CaseDoc, f, fromStep, kase, P, request, round } from "./dsl.ts";
import { minimalFallbackDelta } from "../../oracle/fallback.ts";

const MSG = "expected 3 items, got 2";
const cause = (extra: Record<string, unknown> = {}) =>
  f("s1", "test:failed", MSG, { location: at("test/cart.test.ts", 14), ...extra });

/** An open cause of about 90 tokens (a long test message). */
const longCause = (id: string, severity: string, extra: Record<string, unknown> = {}) =>
  f(
    id,
    "test:failed",
    `${id}: ${"expected the cart total to equal the sum of its line items after the discount ".repeat(4)}`,
    {
      severity,
      location: at(`test/${id}.test.ts`, 3),
      ...extra,
    },
  );

/** Round 1 of a two-step case: the stall cause, and a cause resolved on `src/a.ts` that a later range may supersede. */
const ROUND1_WITH_A_RESOLVED_CAUSE = round(1, "fail", [
  cause(),
  f("old", "lint", "x unused", { status: "resolved", location: at("src/a.ts", 2) }),
]);

/** The Delta a conforming compactor returns after round 1 of the stall scenario (written from the spec). */
const ROUND1_DELTA = {
  attempt: 2,
  lastVerdict: "fail",
  openRootCauses: [
    {
      rank: 1,
      findingId: "s1",
      rule: "test:failed",
      location: { path: "test/cart.test.ts", startLine: 14 },
      severity: "error",
      firstSeen: 1,
      lastSeen: 1,
      message: MSG,
      trace: null,
      blocking: false,
    },
  ],
  resolvedSummary: null,
  omitted: null,
  constraints: [],
  generatedAt: "r1",
};

const twoRounds = (prior: unknown, second = cause()) =>
  request([round(1, "fail", [cause()]), round(2, "fail", [second])], { priorDelta: prior });

export const stallCases: CaseDoc[] = [
  kase("stall", "unchanged-open-causes-are-a-stall-candidate", {
    description:
      "The implementation's own Delta after round 1, handed back as priorDelta with an unchanged round 2, makes stallCandidate true.",
    requirements: ["FC-STALL-1"],
    request: request([round(1, "fail", [cause()])]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: twoRounds(fromStep(0, P.delta)),
        assertions: [a.eq("/compaction/stallCandidate", true), a.eq(`${P.open}/0/lastSeen`, 2)],
      },
    ],
  }),
  kase("stall", "prior-delta-key-order-is-irrelevant", {
    profile: "reference",
    description:
      "The stall view is a canonical rendering: a prior Delta with keys in another order still matches.",
    requirements: ["FC-STALL-3", "FC-RENDER-1"],
    request: twoRounds({
      generatedAt: "r1",
      constraints: [],
      omitted: null,
      resolvedSummary: null,
      openRootCauses: [
        {
          blocking: false,
          trace: null,
          message: MSG,
          lastSeen: 1,
          firstSeen: 1,
          severity: "error",
          location: { startLine: 14, path: "test/cart.test.ts" },
          rule: "test:failed",
          findingId: "s1",
          rank: 1,
        },
      ],
      lastVerdict: "fail",
      attempt: 2,
    }),
    assertions: [a.eq("/compaction/stallCandidate", true)],
  }),
  kase("stall", "changed-message-is-not-a-stall", {
    description: "A different message in the open cause is progress, not a stall.",
    requirements: ["FC-STALL-1"],
    request: request([round(1, "fail", [cause()])]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: twoRounds(
          fromStep(0, P.delta),
          cause({ message: "expected 3 items, got 2 (cart not reset)", id: "s1b" }),
        ),
        assertions: [a.eq("/compaction/stallCandidate", false)],
      },
    ],
  }),
  kase("stall", "changed-verdict-is-not-a-stall", {
    description: "A different lastVerdict breaks the stall view.",
    requirements: ["FC-STALL-1"],
    request: request([round(1, "fail", [cause()])]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: request([round(1, "fail", [cause()]), round(2, "blocked", [cause()])], {
          priorDelta: fromStep(0, P.delta),
        }),
        assertions: [a.eq("/compaction/stallCandidate", false)],
      },
    ],
  }),
  kase("stall", "new-constraint-is-not-a-stall", {
    description: "A constraint the prior Delta did not have breaks the stall view.",
    requirements: ["FC-STALL-1", "FC-REDACT-STALE-1"],
    request: request([round(1, "fail", [cause(), f("lint1", "lint", "x unused")])]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: request(
          [
            round(1, "fail", [cause(), f("lint1", "lint", "x unused")]),
            round(2, "fail", [cause(), f("lint1", "lint", "x unused", { status: "resolved" })]),
          ],
          { priorDelta: fromStep(0, P.delta) },
        ),
        assertions: [
          a.eq("/compaction/stallCandidate", false),
          a.len(P.constraints, 1),
          a.names(P.constraints, "lint1"),
        ],
      },
    ],
  }),
  kase("stall", "constraint-added-under-unchanged-open-causes-is-not-a-stall", {
    description:
      "The open causes and the resolved summary stay the same while an overwritten range now supersedes a cause resolved earlier, which adds the range's constraint (FC-REDACT-SUPERSEDED-2): a constraint was added, so the new Delta is no stall candidate.",
    requirements: ["FC-STALL-1", "FC-REDACT-SUPERSEDED-2"],
    request: request([ROUND1_WITH_A_RESOLVED_CAUSE]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: request([ROUND1_WITH_A_RESOLVED_CAUSE, round(2, "fail", [cause()])], {
          priorDelta: fromStep(0, P.delta),
          canonicalState: {
            ref: "tree-5e1d",
            overwritten: [{ path: "src/a.ts", startLine: 1, endLine: 3, sinceRound: 2 }],
          },
        }),
        assertions: [a.eq("/compaction/stallCandidate", false), a.names(P.constraints, "src/a.ts")],
      },
    ],
  }),
  kase("stall", "open-cause-added-below-the-budget-cut-is-not-a-stall", {
    description:
      "Under a budget that renders only the first ranked cause, a new open cause (an info finding first observed in round 1, so neither fresh nor more severe) joins the omitted ones: the rendered cause is unchanged, but an open cause was added, so the new Delta is no stall candidate (its omitted marker counts one more).",
    requirements: ["FC-STALL-1", "FC-STAGE5-5"],
    request: request([round(1, "fail", [longCause("a", "error"), longCause("b", "warning")])]),
    budget: 200,
    assertions: [a.eq("/compaction/stallCandidate", false)],
    more: [
      {
        request: request(
          [
            round(1, "fail", [longCause("a", "error"), longCause("b", "warning")]),
            round(2, "fail", [
              longCause("a", "error"),
              longCause("b", "warning"),
              longCause("c", "info", { firstObservedIn: 1 }),
            ]),
          ],
          { priorDelta: fromStep(0, P.delta) },
        ),
        budget: 200,
        assertions: [a.eq("/compaction/stallCandidate", false)],
      },
    ],
  }),
  kase("stall", "no-prior-delta-is-never-a-stall", {
    description: "Without a priorDelta, stallCandidate is false.",
    requirements: ["FC-STALL-1"],
    request: request([round(1, "fail", [cause()]), round(2, "fail", [cause()])]),
    assertions: [a.eq("/compaction/stallCandidate", false)],
  }),
  kase("stall", "fallback-prior-delta-is-not-a-stall", {
    description:
      "A prior fallback Delta (no causes, the fallback constraint) does not match a Delta with open causes.",
    requirements: ["FC-STALL-1", "FC-FALLBACK-1"],
    request: twoRounds(minimalFallbackDelta(1, "fail")),
    assertions: [a.eq("/compaction/stallCandidate", false)],
  }),
  kase("stall", "stall-view-keeps-first-seen", {
    profile: "reference",
    description: "firstSeen is part of the stall view: a prior Delta with another firstSeen is not a stall.",
    requirements: ["FC-STALL-3"],
    request: twoRounds({
      ...ROUND1_DELTA,
      openRootCauses: [{ ...ROUND1_DELTA.openRootCauses[0], firstSeen: 2, lastSeen: 2 }],
    }),
    assertions: [a.eq("/compaction/stallCandidate", false)],
  }),
];

const GHP = "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";

export const leakCases: CaseDoc[] = [
  kase("leak-scan", "secret-in-the-state-ref-blocks-the-log", {
    profile: "reference",
    description:
      "canonicalState.ref is copied verbatim, so a token in it reaches the log; the post-render scan fails with SECRET_LEAK.",
    requirements: ["FC-SCAN-2", "FC-LEAK-2", "FC-REDACT-UNTOUCHED-1", "FC-ERR-2", "FC-ORCH-5"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      canonicalState: { ref: `deploy-${GHP}` },
    }),
    error: "SECRET_LEAK",
    assertions: [a.absent(GHP), a.absent(GHP.slice(4, 16))],
  }),
  kase("leak-scan", "secret-in-the-state-ref-stays-out-of-the-delta", {
    description:
      "A token in canonicalState.ref (copied verbatim, never redacted) is refused with SECRET_LEAK, whose error names no text, or stays in sourceWindow.canonicalStateRef alone: never in the Delta.",
    requirements: ["FC-SCAN-1", "FC-REDACT-UNTOUCHED-1", "FC-LOG-4", "FC-ERR-3"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      canonicalState: { ref: `deploy-${GHP}` },
    }),
    anyOf: [
      { error: { code: "SECRET_LEAK" }, assertions: [a.absent(GHP), a.absent(GHP.slice(4, 16))] },
      {
        assertions: [
          a.absent(GHP.slice(4, 16), P.delta),
          a.eq("/sourceWindow/canonicalStateRef", `deploy-${GHP}`),
          a.absent(GHP.slice(4, 16), "/findings"),
        ],
      },
    ],
  }),
  kase("leak-scan", "aws-key-in-the-state-ref-blocks-the-log", {
    profile: "reference",
    description:
      "An AWS access key id in canonicalState.ref is caught by the leak scan; the error names no text.",
    requirements: ["FC-SCAN-2", "FC-LEAK-2", "FC-ERR-3"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      canonicalState: { ref: "AKIAZ7Q2M4N6P8R1T3V5" },
    }),
    error: "SECRET_LEAK",
    assertions: [a.absent("AKIAZ7Q2M4N6P8R1T3V5")],
  }),
];
