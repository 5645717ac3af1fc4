// FC-STAGE5-3, FC-RENDER-2, FC-ORCH-4: the Delta fits the budget and its token count is true.
import type { PropertyCheck } from "../iut.ts";
import { o200kCount } from "../oracle/token-count.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { canonical, compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.bounded-size",
  description:
    "renderedTokens is the true o200k_base count of the canonical Delta and never exceeds the budget.",
  requirements: ["FC-STAGE5-3", "FC-RENDER-2", "FC-ORCH-4"],
  // FC-CERT-13: at the delta-only level the suite's own count of the Delta is held to the budget the request names.
  delta: true,
};

interface Delta {
  openRootCauses: {
    message: string;
    trace: string | null;
    rule: string;
    location: { path: string } | null;
  }[];
  constraints: string[];
}

export const boundedSize: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const log = logOf(await compactVia(iut, request, options));
    // The default budget is the reference's settlement (FC-REQ-12); an explicit one must be the effective one.
    const asked = options.budgetTokens as number | undefined;
    if (iut.level === "delta-only") {
      // No envelope: the Delta alone, counted by the suite, against the budget the request names (if it names one).
      const count = o200kCount(canonical(log.correctionDelta));
      if (asked !== undefined && count > asked)
        throw new Violation(`the Delta counts ${count} tokens, over the budget of ${asked}`);
      return;
    }
    const compaction = log.compaction as { budgetTokens: number; renderedTokens: number };
    if (asked !== undefined && compaction.budgetTokens !== asked)
      throw new Violation(`budgetTokens is ${compaction.budgetTokens}, the request asked for ${asked}`);
    const budget = compaction.budgetTokens;
    const delta = log.correctionDelta as Delta;
    const actual = o200kCount(canonical(delta));
    if (compaction.renderedTokens !== actual) {
      throw new Violation(
        `renderedTokens says ${compaction.renderedTokens}, the canonical Delta counts ${actual} tokens`,
      );
    }
    if (actual > budget)
      throw new Violation(`the Delta counts ${actual} tokens, over the budget of ${budget}`);
    // The reference's limits and caps (FC-TRIM-1, FC-CONSTRAINT-1, FC-STAGE5-2) are its own settlements, not checked here.
  },
  (m) => ({
    assertions: [
      {
        check: "lte",
        pointer: "/compaction/renderedTokens",
        than: { pointer: "/compaction/budgetTokens" },
      },
      ...(m.budget === null
        ? []
        : [{ check: "equals", pointer: "/compaction/budgetTokens", value: m.budget }]),
      // The suite's own o200k_base count of the canonical Delta (FC-CASE-12), not the implementation's word.
      { check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" },
      { check: "tokensAtMost", pointer: "/correctionDelta", than: { pointer: "/compaction/budgetTokens" } },
    ],
  }),
);
