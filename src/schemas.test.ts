// FC-LOG-1: the log schema is structurally identical to the design document's schema.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logSchema } from "./schemas.ts";

const seedPath = new URL("../../shared/seeds/000_02f30f46cf67d8d1.txt", import.meta.url).pathname;

/** Drops the prose (descriptions, examples, titles) and the $id; what remains is the structure. */
function structure(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structure);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === "description" || k === "examples" || k === "title" || k === "$id") continue;
      out[k] = structure(x);
    }
    return out;
  }
  return v;
}

describe("log schema", () => {
  it.skipIf(!existsSync(seedPath))("matches the seed's schema property for property", () => {
    const text = readFileSync(seedPath, "utf8");
    const start = text.indexOf("```json") + 7;
    const seed = JSON.parse(text.slice(start, text.indexOf("```", start)));
    expect(structure(logSchema)).toEqual(structure(seed));
  });

  it("keeps the seed's closed objects and required lists", () => {
    const s = logSchema as unknown as {
      additionalProperties: boolean;
      required: string[];
      $defs: Record<string, unknown>;
    };
    expect(s.additionalProperties).toBe(false);
    expect(s.required).toHaveLength(12);
    expect(Object.keys(s.$defs).sort()).toEqual(
      ["correctionDelta", "finding", "location", "openRootCause", "redaction", "rootCause"].sort(),
    );
  });
});
