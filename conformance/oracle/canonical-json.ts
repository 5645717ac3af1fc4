// FC-RENDER-1: an independent canonical JSON rendering (RFC 8785 for the value types cases use), kept apart from src/.

/**
 * Keys sorted by UTF-16 code units, no white space; strings and numbers as ECMAScript's JSON serialisation writes
 * them (which is what RFC 8785 prescribes for them). Written here, not imported from src/, so the expected values
 * the conformance tools compute do not depend on the reference implementation.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new Error("canonical JSON has no representation for non-finite numbers");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new Error(`canonical JSON has no representation for ${typeof value}`);
}
