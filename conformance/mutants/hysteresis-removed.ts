// FC-POLICY-TRIGGER-3, FC-POLICY-TRIGGER-4 (mutant): the trigger stays armed after firing, so it fires again and again.
import { DEFAULT_ENGINE_PARTS } from "../../src/policy/index.ts";
import { withPolicyParts } from "./policy-support.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "hysteresis-removed",
  description: "an automatic trigger is not disarmed when it fires (no re-arm mark): compaction loops",
  violates: ["FC-POLICY-TRIGGER-3", "FC-POLICY-TRIGGER-4"],
  wrap: (reference) =>
    withPolicyParts(reference, {
      stepAutomatic: (input) => {
        const step = DEFAULT_ENGINE_PARTS.stepAutomatic(input);
        return step.fired ? { ...step, armed: true } : step;
      },
    }),
};
export default mutant;
