// FC-REDACT-1 (reasons), FC-STAGE3-4, FC-CONSTRAINT-1 (context wording) settled otherwise: other words, same facts.
import { type Json, recount, rewriteLogs, type VariantModule } from "./support.ts";

const REASONS: [RegExp, string][] = [
  [
    /^stale; superseded by canonicalState after round (\d+)$/,
    "overwritten by the canonical state (round $1)",
  ],
  [/^(resolved|superseded) in round (\d+)$/, "was $1 (round $2)"],
  [/^notes of round (\d+) replaced by the verdict of round (\d+)$/, "round $1 notes yield to round $2"],
  [/^masked (\d+) (\w+) span\(s\)$/, "$2 masked ×$1"],
  [/^message trimmed from (\d+) to (\d+) characters$/, "message cut ($1 → $2)"],
  [/^trace dropped to fit the token budget$/, "trace left out (budget)"],
  [/^omitted: rank (\d+) of (\d+) over the token budget$/, "left out: rank $1/$2 (budget)"],
  [/^constraint dropped: over the cap of (\d+)$/, "constraint left out (cap $1)"],
];

const reword = (r: string) => {
  for (const [re, to] of REASONS) if (re.test(r)) return r.replace(re, to);
  return `note: ${r}`;
};

const variant: VariantModule = {
  id: "other-wording",
  description: "tombstone reasons, resolvedSummary and context constraints in other words",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-REDACT-1", "FC-STAGE3-4", "FC-CONSTRAINT-1"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      for (const t of log.redactions as Json[]) t.reason = reword(String(t.reason));
      const delta = log.correctionDelta as Json;
      if (typeof delta.resolvedSummary === "string") {
        delta.resolvedSummary = delta.resolvedSummary.replace(
          /^(\d+) prior findings? resolved in rounds? /,
          (_m, n: string) => `${n} fixed earlier, rounds `,
        );
      }
      delta.constraints = (delta.constraints as string[]).map((c) => c.replace(/^context: /, "note: "));
      return recount(log);
    }),
};
export default variant;
