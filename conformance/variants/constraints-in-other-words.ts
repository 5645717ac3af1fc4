// FC-CONSTRAINT-1, FC-REDACT-KEEP-2, FC-STAGE3-6 settled otherwise: constraints and back-references in other words —
// not another prefix but other sentences, naming the same facts (the reverted block's path and lines, the finding's id,
// the kept cause's rule and location, the round of the first trace).
import { type Json, recount, rewriteLogs, setCauses, type VariantModule } from "./support.ts";

const REWRITES: [RegExp, string][] = [
  [
    /^do not re-introduce the reverted block at (.+):(\d+)-(\d+)$/,
    "never restore lines $2 to $3 of $1; they were reverted",
  ],
  [/^do not re-chase (resolved|superseded) finding (\S+)$/, "finding $2 is already $1 — leave it alone"],
  [/^context: (.+) at (.+) — (.+)$/, "kept for context — $1 in $2: $3"],
];

export function reword(constraint: string): string {
  for (const [re, to] of REWRITES) if (re.test(constraint)) return constraint.replace(re, to);
  return constraint;
}

const variant: VariantModule = {
  id: "constraints-in-other-words",
  description:
    "constraints and trace back-references in other sentences ('never restore lines 10 to 20 of src/cart.ts; they were reverted')",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-CONSTRAINT-1", "FC-REDACT-KEEP-2", "FC-STAGE3-6"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      delta.constraints = (delta.constraints as string[]).map(reword);
      setCauses(
        log,
        (delta.openRootCauses as Json[]).map((c) =>
          typeof c.trace === "string" && /^same as round \d+$/.test(c.trace)
            ? {
                ...c,
                trace: c.trace.replace(
                  /^same as round (\d+)$/,
                  "identical to the trace first seen in round $1",
                ),
              }
            : c,
        ),
      );
      return recount(log);
    }),
};
export default variant;
