// FC-STAGE1-RAW-15, FC-STAGE1-RAW-11: readColonPosition agrees with COLON_POSITION, the pattern that defines it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLON_POSITION, type ColonPosition, readColonPosition } from "./colon-position.ts";

/** What the pattern makes of `text`: the path, the line number its digits say and the rest, or null. */
function byPattern(text: string): ColonPosition | null {
  const m = COLON_POSITION.exec(text);
  return m === null ? null : { path: m[1]!, line: Number(m[2]!), rest: m[4]! };
}

function byHand(text: string): ColonPosition | null {
  const out: ColonPosition = { path: "", line: 0, rest: "" };
  return readColonPosition(text, out) ? out : null;
}

// The pieces the shape is made of, and the characters that sit at its edges: drives, colons, dots, dashes,
// digit runs of every length around the 9-digit bound, each kind of white space and line terminator.
const PIECES = [
  "C:\\",
  "c:/",
  "C:",
  "src/a.ts",
  "a b.py",
  "x",
  ":",
  "::",
  ".",
  "-",
  " - ",
  " -",
  "1",
  "12",
  "123456789",
  "1234567890",
  "12345678901",
  " ",
  "  ",
  "\t",
  "\u000b",
  "\u00a0",
  "\u2003",
  "\ufeff",
  "\n",
  "\r",
  "\u2028",
  "\u2029",
  "error: msg",
  "Warning",
  "é",
  "😀",
];

describe("readColonPosition (the generic layer's path:line[:col] opening)", () => {
  it("reads what the pattern reads on strings built from the shape's pieces", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 9 }), (parts) => {
        const text = parts.join("");
        expect(byHand(text)).toEqual(byPattern(text));
      }),
      { numRuns: 20000 },
    );
  });

  it("reads what the pattern reads on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        expect(byHand(text)).toEqual(byPattern(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps the pattern's length bounds: 1,024 path characters after a drive, 9 digits", () => {
    const long = "a".repeat(1024);
    for (const text of [
      `${long}:1: m`,
      `a${long}:1: m`,
      `C:\\${long}:1: m`,
      `C:\\a${long}:1: m`,
      "f.c:123456789:1: m",
      "f.c:1234567890: m",
      "f.c:1:123456789: m",
      "f.c:1:1234567890: m",
      "f.c:1:2-123456789: m",
      "f.c:1:2-1234567890: m",
      "Main.hs:5:16-28: Warning: x",
      "f.c:3 - message",
      "f.c:3.4 m",
      "f.c:3.x m",
    ])
      expect(byHand(text)).toEqual(byPattern(text));
    expect(byHand("Main.hs:5:16-28: Warning: x")).toEqual({ path: "Main.hs", line: 5, rest: "Warning: x" });
    expect(byHand(`a${long}:1: m`)).toBeNull();
  });
});
