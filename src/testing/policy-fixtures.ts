// Test support: the valid policy document and acceptance request the policy tests start from, read from
// spec/examples/ (the example policy of seed 002; spec/policy.md FC-POLICY-VALIDATE-1, FC-POLICY-ACCEPT-1).
import { readFileSync } from "node:fs";
import type { RequestFingerprintInput } from "../policy/fingerprint.ts";
import type { HustleLimits, PolicyInput } from "../policy/validate.ts";

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../spec/examples/${name}.json`, import.meta.url), "utf8"));

/** The example document as JSON: the validated shape without the optional `contextObservation`. */
type PolicyDocument = Omit<PolicyInput, "contextObservation" | "hustles"> & {
  hustles: Record<string, HustleLimits>;
};
const POLICY_DOCUMENT = example("valid-policy-document").document as PolicyDocument;

/** A fresh copy of a policy document that passes every validation rule. */
export function validPolicyDocument(): PolicyDocument {
  return structuredClone(POLICY_DOCUMENT);
}

/** The request side of a `summary.accept` document: revisions, model, basis, counters and output shape. */
export const ACCEPT_REQUEST: Readonly<RequestFingerprintInput> = Object.freeze(
  example("accept-request").request,
);
