// FC-POLICY-PROTOCOL-1..3: the policy and summary protocol commands over the pure engine.
import { err, ok, type Result } from "../errors.ts";
import { ACCEPT_STEPS, type AcceptStep, acceptDocument } from "./accept.ts";
import { DEFAULT_PARTS, type DecideParts, decideDocument } from "./decide.ts";
import { validatePolicy } from "./validate.ts";

export type PolicyCommand = "policy.validate" | "policy.decide" | "summary.accept";

/** The replaceable parts of the engine; a deliberately broken variant overrides one of them. */
export interface PolicyEngineParts extends DecideParts {
  acceptSteps: readonly AcceptStep[];
}

export const DEFAULT_ENGINE_PARTS: PolicyEngineParts = { ...DEFAULT_PARTS, acceptSteps: ACCEPT_STEPS };

export type PolicyHandler = (cmd: string, input: unknown) => Result<unknown>;

/** Builds a command handler; `overrides` swaps parts (e.g. a guard list in the wrong order) for mutant testing. */
export function createPolicyHandler(overrides: Partial<PolicyEngineParts> = {}): PolicyHandler {
  const parts: PolicyEngineParts = { ...DEFAULT_ENGINE_PARTS, ...overrides };
  const table: Record<PolicyCommand, (input: unknown) => Result<unknown>> = {
    "policy.validate": (input) => {
      const v = validatePolicy(input, parts.policyRules);
      return v.ok ? ok({ ok: true }) : v;
    },
    "policy.decide": (input) => decideDocument(input, parts),
    "summary.accept": (input) => acceptDocument(input, parts.acceptSteps),
  };
  return (cmd, input) =>
    Object.hasOwn(table, cmd)
      ? table[cmd as PolicyCommand](input)
      : err(
          "UNSUPPORTED",
          "unknown command; this handler serves policy.validate, policy.decide and summary.accept",
        );
}

/** FC-POLICY-PROTOCOL-2: the reference handler the protocol server calls for policy.* and summary.* commands. */
export const handlePolicyCommand: PolicyHandler = createPolicyHandler();

export { type AcceptedSummary, acceptDocument, REJECTION_MESSAGES, type RejectionReason } from "./accept.ts";
export { capacityThreshold, DEFAULT_MAX_CONTEXT_TOKENS } from "./capacity.ts";
export {
  type Decision,
  type DecideConfig,
  type DecideState,
  decide,
  decideDocument,
  decideSequence,
} from "./decide.ts";
export { type RequestFingerprintInput, canonicalJson, requestFingerprint } from "./fingerprint.ts";
export { GUARDS, type GuardName } from "./guards.ts";
export { type PolicyInput, POLICY_RULES, validatePolicy } from "./validate.ts";
