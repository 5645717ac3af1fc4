// FC-LEAK-6: keyed digests of masked values for audit-log recovery records (the value itself is never stored).
import { createHmac } from "node:crypto";

/** HMAC-SHA256 of `maskedValue` under `key`, lower-case hex. Deterministic; the key never appears in the output. */
export function keyedDigest(key: Uint8Array | string, maskedValue: string): string {
  return createHmac("sha256", typeof key === "string" ? Buffer.from(key, "utf8") : key)
    .update(maskedValue, "utf8")
    .digest("hex");
}
