// FC-CLI-1: prints JSON.stringify(value) in pieces, so a 20 MB log never exists as one string at the edge.

/** Array elements stringified per call: big enough for the native serializer, small enough to stay ~1 MB. */
const BATCH = 2048;

/**
 * Calls `write` with consecutive pieces whose concatenation is exactly `JSON.stringify(value)` for any JSON
 * data value (plain objects, arrays, strings, finite numbers, booleans, null). The top-level object is written
 * member by member and its array members in batches of elements; everything else is stringified whole.
 */
export function writeJson(value: unknown, write: (piece: string) => void): void {
  if (value === null || typeof value !== "object") {
    write(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    writeArray(value, write);
    return;
  }
  let first = true;
  write("{");
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    // JSON.stringify leaves out members whose value it cannot represent.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    if (Array.isArray(member)) writeArray(member, write);
    else write(JSON.stringify(member));
  }
  write("}");
}

function writeArray(items: unknown[], write: (piece: string) => void): void {
  if (items.length <= BATCH) {
    write(JSON.stringify(items));
    return;
  }
  write("[");
  for (let i = 0; i < items.length; i += BATCH) {
    // `[a,b,…]` of a batch without its brackets is exactly that run of elements as JSON.stringify writes them.
    const text = JSON.stringify(items.slice(i, i + BATCH));
    write(i === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
  }
  write("]");
}
