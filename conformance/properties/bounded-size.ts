// FC-STAGE5-3, FC-RENDER-2, FC-TRIM-1, FC-CONSTRAINT-1: the Delta fits the budget and its token count is true.
import type { PropertyCheck } from "../iut.ts";
import { o200kCount } from "../tools/token-count.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { canonical, compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.bounded-size",
  description:
    "renderedTokens is the true o200k_base count of the canonical Delta and never exceeds the budget; every string respects its limit.",
  requirements: ["FC-STAGE5-3", "FC-RENDER-2", "FC-TRIM-1", "FC-CONSTRAINT-1", "FC-STAGE5-2", "FC-ORCH-4"],
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
    const compaction = log.compaction as { budgetTokens: number; renderedTokens: number };
    const budget = (options.budgetTokens as number | undefined) ?? 512;
    if (compaction.budgetTokens !== budget)
      throw new Violation(`budgetTokens is ${compaction.budgetTokens}, the request asked for ${budget}`);
    const delta = log.correctionDelta as Delta;
    const actual = o200kCount(canonical(delta));
    if (compaction.renderedTokens !== actual) {
      throw new Violation(
        `renderedTokens says ${compaction.renderedTokens}, the canonical Delta counts ${actual} tokens`,
      );
    }
    if (actual > budget)
      throw new Violation(`the Delta counts ${actual} tokens, over the budget of ${budget}`);
    if (delta.openRootCauses.length > 50) throw new Violation("more than 50 open root causes were rendered");
    if (delta.constraints.length > 12) throw new Violation("more than 12 constraints were rendered");
    for (const [i, c] of delta.openRootCauses.entries()) {
      if (c.message.length > 400) throw new Violation(`openRootCauses/${i}/message is longer than 400 units`);
      if (c.trace !== null && c.trace.length > 800)
        throw new Violation(`openRootCauses/${i}/trace is longer than 800 units`);
      if (c.location !== null && c.location.path.length > 240)
        throw new Violation(`openRootCauses/${i}/location/path is too long`);
    }
    for (const [i, c] of delta.constraints.entries()) {
      if (c.length > 240) throw new Violation(`constraints/${i} is longer than 240 units`);
    }
  },
  (m) => ({
    assertions: [
      {
        check: "lte",
        pointer: "/compaction/renderedTokens",
        than: { pointer: "/compaction/budgetTokens" },
      },
      { check: "equals", pointer: "/compaction/budgetTokens", value: m.budget ?? 512 },
      // The suite's own o200k_base count of the canonical Delta (FC-CASE-12), not the implementation's word.
      { check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" },
      { check: "tokensAtMost", pointer: "/correctionDelta", than: m.budget ?? 512 },
    ],
    notes:
      "The per-string limits (message 400, trace 800, path 240, constraint 240 UTF-16 units) and the caps of 50 causes and 12 constraints are checked by the property, not by these assertions.",
  }),
);
