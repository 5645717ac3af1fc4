// FC-RENDER-1: canonical JSON rendering (RFC 8785 / JCS for the value types the log uses).

/** Renders a JSON value canonically: keys sorted by UTF-16 code units, no white space. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const src = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(src).sort(compareUnits)) {
      if (src[k] !== undefined) out[k] = sortKeys(src[k]);
    }
    return out;
  }
  return value;
}

/** UTF-16 code-unit order, the order every string comparison in the spec uses (FC-STAGE4-2). */
export function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
