// Test support: the valid policy document and acceptance request the policy tests start from, read from
// spec/examples/ (the example policy of seed 002; spec/policy.md FC-POLICY-VALIDATE-1, FC-POLICY-ACCEPT-1).
import { readFileSync } from "node:fs";
import type { RequestFingerprintInput } from "../policy/fingerprint.ts";

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../spec/examples/${name}.json`, import.meta.url), "utf8"));

const POLICY_DOCUMENT = example("valid-policy-document").document as {
  policy: {
    automatic: boolean;
    counterPolicy: string;
    compactAt: number;
    rearmBelow: number;
    reservedOutput: number;
    safetyMargin: number;
    maxSummaryTokens: number;
    countTimeoutMs: number;
    hustle: string;
  };
  capability: string;
  hustles: Record<string, { maxOutputTokens: number; timeoutMs: number }>;
};

/** A fresh copy of a policy document that passes every validation rule. */
export function validPolicyDocument(): typeof POLICY_DOCUMENT {
  return structuredClone(POLICY_DOCUMENT);
}

/** The request side of a `summary.accept` document: revisions, model, basis, counters and output shape. */
export const ACCEPT_REQUEST: Readonly<RequestFingerprintInput> = Object.freeze(
  example("accept-request").request,
);
