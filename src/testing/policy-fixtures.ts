// Test support: the valid policy document and acceptance request the policy tests and scenarios start from
// (the example policy of seed 002; spec/policy.md FC-POLICY-VALIDATE-1, FC-POLICY-ACCEPT-1).

/** A fresh copy of a policy document that passes every validation rule. */
export function validPolicyDocument() {
  return {
    policy: {
      automatic: true,
      counterPolicy: "allow-conservative",
      compactAt: 8500,
      rearmBelow: 6000,
      reservedOutput: 512,
      safetyMargin: 256,
      maxSummaryTokens: 256,
      countTimeoutMs: 2000,
      hustle: "context.compact",
    },
    capability: "conservative",
    hustles: { "context.compact": { maxOutputTokens: 1024, timeoutMs: 30000 } },
  };
}

/** The request side of a `summary.accept` document: revisions, model, basis, counters and output shape. */
export const ACCEPT_REQUEST = {
  systemRevision: "sys-3",
  toolRevision: "tools-7",
  runtimeRevision: "rt-1",
  model: "example/model-1",
  basis: "transcript@42",
  requestCounter: "exact",
  summaryCounter: "conservative",
  outputShape: "user-summary.v1",
} as const;
