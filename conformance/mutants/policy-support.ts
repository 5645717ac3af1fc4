// FC-POLICY-PROTOCOL-2 (mutant support): serves policy.* and summary.* from a policy engine with swapped parts.
import { createPolicyHandler, type PolicyEngineParts } from "../../src/policy/index.ts";
import type { ProtocolHandler } from "../iut.ts";

const POLICY_COMMANDS = new Set(["policy.validate", "policy.decide", "summary.accept"]);

/** The reference for compact; a policy engine built with `overrides` for the policy and summary commands. */
export function withPolicyParts(
  reference: ProtocolHandler,
  overrides: Partial<PolicyEngineParts>,
): ProtocolHandler {
  const engine = createPolicyHandler(overrides);
  return async (cmd, message) => {
    if (!POLICY_COMMANDS.has(cmd)) return reference(cmd, message);
    const r = engine(cmd, message.input);
    if (r.ok) return { result: r.value };
    const { code, message: text, field } = r.error;
    return { error: field === undefined ? { code, message: text } : { code, message: text, field } };
  };
}
