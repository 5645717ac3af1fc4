// FC-STAGE1-3, FC-ID-2, FC-TRIM-1, FC-RENDER-1: sanitation, id normalisation, trimming, canonical rendering.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonical } from "./canonical.ts";
import { normMessage, sanitize, trimTo } from "./text.ts";

describe("sanitize (FC-STAGE1-3)", () => {
  it("removes ANSI colour and OSC sequences, NUL and C0 controls; keeps tab and newline", () => {
    expect(sanitize("\u001b[1;31mred\u001b[0m\tok\u0000\u0007\n")).toBe("red\tok\n");
    expect(sanitize("\u001b]0;title\u0007text")).toBe("text");
  });
  it("turns CR LF and lone CR into LF and lone surrogates into U+FFFD", () => {
    expect(sanitize("a\r\nb\rc")).toBe("a\nb\nc");
    expect(sanitize("x\uD83Dy\uDE00")).toBe("x\uFFFDy\uFFFD");
    expect(sanitize("pair \uD83D\uDE00 kept")).toBe("pair \uD83D\uDE00 kept");
  });
  it("returns plain text unchanged", () => {
    const s = "plain text, nothing to do";
    expect(sanitize(s)).toBe(s);
  });
  it("skipping the passes whose characters are absent changes nothing (seed 24)", () => {
    // The four passes in their specified order, always run: the oracle.
    const all = (t: string): string =>
      t
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
        .replace(
          /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[!-/][ -/]*[0-~]|\x1b[@-Z\\-_78=>c]/g,
          "",
        )
        .replace(/\r\n?/g, "\n")
        .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "");
    const piece = fc.constantFrom(
      "a",
      " ",
      "\t",
      "\n",
      "\r",
      "\x1b",
      "[",
      "31",
      "m",
      "]",
      "\x07",
      "\x00",
      "\uD83D",
      "\uDE00",
      "é",
      "\x1b[0m",
      "\r\n",
      "\x1b[2 q",
      "\x1b]8;;u\x1b\\",
      "\x1bM",
      "\x1bc",
      "\x1b(B",
      "\x1b(",
      "\x1b7",
      "\x1bn",
      "\x1b ",
      "(",
      "c",
      "n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const t = parts.join("");
        expect(sanitize(t)).toBe(all(t));
      }),
      { seed: 24, numRuns: 2000 },
    );
    // Text of 64 KiB and more is stripped by copying it (into bytes when it fits, else UTF-16 units): the same oracle.
    const long = fc.tuple(
      fc.array(piece, { maxLength: 40 }),
      fc.array(piece, { maxLength: 40 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(long, ([a, b, wide]) => {
        const t = `${a.join("")}${"\x1b[1mx\x1b[0m ".repeat(8000)}${wide ? "✖" : "~"}${b.join("")}`;
        expect(sanitize(t)).toBe(all(t));
      }),
      { seed: 24, numRuns: 100 },
    );
    // Sparse escapes (at most one in 32 characters) take the engine's replace: the same oracle again.
    fc.assert(
      fc.property(long, ([a, b, wide]) => {
        const t = `${a.join("")}${`\x1b[1m${"x".repeat(70)}\x1b[0m `.repeat(1000)}${wide ? "✖" : "~"}${b.join("")}`;
        expect(sanitize(t)).toBe(all(t));
      }),
      { seed: 24, numRuns: 100 },
    );
  });
});

describe("normMessage (FC-ID-2)", () => {
  it("masks volatile tokens and collapses white space", () => {
    expect(normMessage("  took 1.5 s\n\nat 0x7ffd3a2b10  ")).toBe("took <dur> at 0x#");
    expect(normMessage("run 123e4567-e89b-12d3-a456-426614174000 at 2026-11-30T10:00:00.123Z")).toBe(
      "run <uuid> at <ts>",
    );
    expect(normMessage("wrote /tmp/jest-8812/out.txt (pid 4242)")).toBe("wrote <tmp> (pid <n>)");
  });
  it("keeps line numbers and identifiers", () => {
    expect(normMessage("'x' at line 12")).toBe("'x' at line 12");
  });
});

describe("trimTo (FC-TRIM-1)", () => {
  it("leaves short text alone and cuts long text to the limit with an ellipsis", () => {
    expect(trimTo("abc", 3)).toBe("abc");
    expect(trimTo("abcdef", 4)).toBe("abc…");
    expect(trimTo("abcdef", 4)).toHaveLength(4);
  });
  it("keeps at most the ellipsis when the limit is 0 or 1", () => {
    expect(trimTo("abcdef", 1)).toBe("…");
    expect(trimTo("abcdef", 0)).toBe("…");
  });
  it("never splits a surrogate pair", () => {
    expect(trimTo("ab😀cd", 4)).toBe("ab…");
  });
  it("never splits a mask placeholder: backs off to its start", () => {
    const t = "key «redacted:secret» tail";
    expect(trimTo(t, 10)).toBe("key …");
    expect(trimTo(t, 22)).toBe("key «redacted:secret»…");
  });
});

describe("canonical (FC-RENDER-1)", () => {
  it("sorts keys by code unit, drops undefined, keeps array order, no white space", () => {
    expect(canonical({ b: 1, a: [3, { d: null, c: "x" }], Z: true, u: undefined })).toBe(
      '{"Z":true,"a":[3,{"c":"x","d":null}],"b":1}',
    );
  });
  it("escapes strings like JSON.stringify", () => {
    expect(canonical({ s: 'q"\n\u0001é' })).toBe('{"s":"q\\"\\n\\u0001é"}');
  });
});
