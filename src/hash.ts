// FC-ID-1, FC-LOG-3, FC-STAGE5-4: SHA-256 helpers (pure functions of their input).
import { createHash } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
