// FC-POLICY-FINGERPRINT-1..3: the request fingerprint over the compaction request's identity (seed 002).
import { createHash } from "node:crypto";
import type { CounterCapability } from "./validate.ts";

/** FC-POLICY-FINGERPRINT-1: the identity a compaction result must be bound to. */
export interface RequestFingerprintInput {
  systemRevision: string;
  toolRevision: string;
  runtimeRevision: string;
  model: string;
  basis: string;
  requestCounter: CounterCapability;
  summaryCounter: CounterCapability;
}

export const FINGERPRINT_FIELDS = [
  "basis",
  "model",
  "requestCounter",
  "runtimeRevision",
  "summaryCounter",
  "systemRevision",
  "toolRevision",
] as const satisfies readonly (keyof RequestFingerprintInput)[];

/** FC-POLICY-FINGERPRINT-2: JSON with object keys sorted by code unit, no whitespace; strings as JSON.stringify writes them. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** FC-POLICY-FINGERPRINT-2, -3: "sha256:" + lowercase hex SHA-256 of the canonical JSON of exactly the seven fields. */
export function requestFingerprint(input: RequestFingerprintInput): string {
  const picked: Record<string, string> = {};
  for (const f of FINGERPRINT_FIELDS) picked[f] = input[f];
  return `sha256:${createHash("sha256").update(canonicalJson(picked), "utf8").digest("hex")}`;
}
