// FC-POLICY-GUARD-5 (mutant): a compaction already in progress rejects the request instead of deferring it.
import { DEFAULT_ENGINE_PARTS } from "../../src/policy/index.ts";
import { withPolicyParts } from "./policy-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "guard-rejects-instead-of-deferring",
  description: "the compaction_in_progress guard rejects instead of deferring",
  violates: ["FC-POLICY-GUARD-5"],
  wrap: (reference) =>
    withPolicyParts(reference, {
      guards: DEFAULT_ENGINE_PARTS.guards.map((g) =>
        g.name === "compaction_in_progress" ? { ...g, verdict: "rejected" as const } : g,
      ),
    }),
};
export default mutant;
