// FC-STAGE1-RAW-15: the generic layer's bare leading code (`E501 `, `C0114: `) read by hand agrees with LEAD_CODE.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bareLeadCode, LEAD_CODE } from "./generic-lines.ts";

/** What LEAD_CODE's bare branch makes of a text opening with A-Z: the code and the length, or null. */
function byPattern(text: string): { code: string; length: number } | null {
  const m = LEAD_CODE.exec(text);
  return m === null ? null : { code: m[3]!, length: m[0].length };
}

/** What the hand reader makes of it: LEAD_CODE itself when an alias follows (-2), as readRest does. */
function byHand(text: string): { code: string; length: number } | null {
  const at = { codeEnd: -1 };
  const n = bareLeadCode(text, at);
  if (n === -2) return byPattern(text);
  return n < 0 ? null : { code: text.slice(0, at.codeEnd), length: n };
}

// Upper-case runs around the four-letter bound, digit runs around the five-digit bound, and what may follow.
const PIECES = [
  "E",
  "SC",
  "ABCD",
  "ABCDE",
  "W",
  "1",
  "501",
  "12345",
  "123456",
  "a",
  ":",
  "::",
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\u2003",
  "\n",
  "/",
  "/heading-increment",
  "-",
  "[",
  "(",
  "é",
  "x",
];

describe("bareLeadCode (LEAD_CODE's `E501 ` branch, read without the pattern)", () => {
  it("reads what the pattern reads on texts built from the shape's pieces", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("A", "E", "SC", "ABCD", "Z"),
        fc.array(fc.constantFrom(...PIECES), { maxLength: 7 }),
        (first, parts) => {
          const text = first + parts.join("");
          expect(byHand(text)).toEqual(byPattern(text));
        },
      ),
      { seed: 20261203, numRuns: 5000 },
    );
  });

  it("keeps the bounds: four letters, five digits, white space after an optional colon", () => {
    expect(byHand("E501 line too long")).toEqual({ code: "E501", length: 5 });
    expect(byHand("C0114: missing docstring")).toEqual({ code: "C0114", length: 7 });
    expect(byHand("ABCD12345\tx")).toEqual({ code: "ABCD12345", length: 10 });
    expect(byHand("ABCDE1 x")).toBeNull();
    expect(byHand("E123456 x")).toBeNull();
    expect(byHand("E501")).toBeNull();
    expect(byHand("E501:x")).toBeNull();
    expect(bareLeadCode("MD001/heading-increment x", { codeEnd: -1 })).toBe(-2);
  });
});
