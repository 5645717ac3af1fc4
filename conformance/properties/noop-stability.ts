// FC-STALL-2: what the Delta does not depend on — ts, worker traces, taskSpec, finding order — changes no byte.
import type { PropertyCheck } from "../iut.ts";
import { sameReplyProperty } from "./support.ts";

const meta = {
  id: "property.noop-stability",
  description:
    "Changing only ts values, worker traces, taskSpec and the order of findings inside rounds leaves the Delta byte-identical.",
  requirements: ["FC-STALL-2", "FC-PURE-2"],
  delta: true,
};

/** The same request with every field the Delta must not depend on changed. */
export function noopVariant(request: Record<string, unknown>): Record<string, unknown> {
  const rounds = (request.rounds as Record<string, unknown>[]).map((r, i) => {
    const verdict = r.verifierVerdict as Record<string, unknown>;
    return {
      ...r,
      ts: `ts-variant-${i}`,
      workerTrace: [
        { tool: "edit", output: `an unrelated edit ${i}` },
        { tool: "shell", output: "npm test" },
      ],
      verifierVerdict: { ...verdict, findings: [...(verdict.findings as unknown[])].reverse() },
    };
  });
  return { ...request, taskSpec: { goal: "an unrelated goal", steps: [1, 2, 3] }, rounds };
}

export const noopStability: PropertyCheck = sameReplyProperty(meta, {
  variant: noopVariant,
  pointer: "/correctionDelta",
  differs: () => "the Delta changed when only ts, worker traces, taskSpec or finding order changed",
  notes: "Step 1 changes only ts, worker traces, taskSpec and finding order: its Delta must equal step 0's.",
});
