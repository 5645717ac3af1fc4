// FC-STALL-1: the suite's own stall view of a Correction Delta, written from the spec, not imported from src/.
import { canonicalJson } from "./canonical-json.ts";

/**
 * The Delta's canonical rendering without `attempt`, `generatedAt` and each open root cause's `lastSeen` (the
 * three members that change every round even when the Worker is stuck). Members are read as plain JSON, so a
 * malformed Delta still has a view (what is not an array of objects stays as it is).
 */
export function stallView(delta: unknown): string {
  if (typeof delta !== "object" || delta === null || Array.isArray(delta)) return canonicalJson(delta);
  const { attempt: _a, generatedAt: _g, ...rest } = delta as Record<string, unknown>;
  const causes = rest.openRootCauses;
  if (Array.isArray(causes)) {
    rest.openRootCauses = causes.map((c: unknown) => {
      if (typeof c !== "object" || c === null || Array.isArray(c)) return c;
      const { lastSeen: _l, ...kept } = c as Record<string, unknown>;
      return kept;
    });
  }
  return canonicalJson(rest);
}
