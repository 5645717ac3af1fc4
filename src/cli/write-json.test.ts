// FC-CLI-1: the piecewise writer prints exactly the bytes of JSON.stringify.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeJson } from "./write-json.ts";

const collect = (value: unknown): string[] => {
  const pieces: string[] = [];
  writeJson(value, (p) => pieces.push(p));
  return pieces;
};
// Arrays longer than the writer's batch, so batching is exercised, with holes JSON.stringify writes as null.
const longArray = fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), {
  minLength: 2049,
  maxLength: 5000,
});

describe("writeJson", () => {
  it("concatenates to JSON.stringify for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        expect(collect(v).join("")).toBe(JSON.stringify(v));
      }),
      { numRuns: 500 },
    );
  });

  it("concatenates to JSON.stringify for long arrays, alone or as members", () => {
    fc.assert(
      fc.property(longArray, fc.jsonValue({ maxDepth: 2 }), (items, other) => {
        expect(collect(items).join("")).toBe(JSON.stringify(items));
        const doc = { a: other, findings: items, b: undefined, c: items.slice(0, 3) };
        expect(collect(doc).join("")).toBe(JSON.stringify(doc));
      }),
      { numRuns: 30 },
    );
  });

  it("handles the members JSON.stringify skips or nulls, and awkward keys", () => {
    const v = {
      a: undefined,
      b: () => 1,
      c: [undefined, () => 1, Symbol("s"), Number.NaN, -0, 1e308],
      ["__proto__"]: { "\u2028": "\ud800" },
      "": { '"': "\\" },
    };
    Object.defineProperty(v, "__proto__", { value: { x: 1 }, enumerable: true });
    expect(collect(v).join("")).toBe(JSON.stringify(v));
  });

  it("never writes a long array as one piece", () => {
    const log = {
      findings: Array.from({ length: 20_000 }, (_, i) => ({ id: `f-${i}`, message: "x".repeat(100) })),
    };
    const pieces = collect(log);
    expect(pieces.join("")).toBe(JSON.stringify(log));
    const longest = Math.max(...pieces.map((p) => p.length));
    expect(longest).toBeLessThan(JSON.stringify(log).length / 8);
  });
});
