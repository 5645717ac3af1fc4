// FC-STAGE1-RAW-3: cleanLines gives the lines of splitLines(cleanText(raw)), and reads traces and gates alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitize } from "../text.ts";
import {
  cleanLines,
  cleanText,
  joinedLines,
  linesHoldingEach,
  linesMayHold,
  mergeAscending,
  splitLines,
} from "./common.ts";

// Pieces of a coloured, wide log: escapes of each kind (CSI, two-character, cut short, lone ESC), controls,
// lone and paired surrogates, wide and blank lines, line ends in each place, and CRs: CR LF, runs of CRs,
// a progress redraw, a CR before an escape.
const PIECES = [
  "src/a.ts:3:5: error: bad",
  "  3:5  error  x  no-x",
  "\u001b[31m",
  "\u001b[1m✖\u001b[22m",
  "\u001b[0m",
  "\u001bM",
  "\u001b[",
  "\u001b",
  "\u0007",
  "\u0000",
  "\u000b",
  "\u007f",
  "\ud83d",
  "\ude00",
  "\ud83d\ude00",
  "✖ 3 problems",
  "│ box ╭─[a.ts:1:1]",
  "\t",
  " ",
  "\n",
  "\n\n",
  "{",
  "[",
  "Listing",
  "é",
  "\r",
  "\r\n",
  "\r\r\n",
  " 50%\r",
  "\r\u001b[K",
];

/** A text of at least the by-line minimum (1 MiB), made of `unit` repeated, so cleanLines takes it. */
function long(unit: string): string {
  const u = unit === "" ? "x" : unit;
  return u.repeat(Math.ceil((1024 * 1024 + 1) / u.length));
}

const unitOf = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((p) => p.join(""));

describe("cleanLines", () => {
  it("gives splitLines(cleanText(raw)) on long coloured text", () => {
    fc.assert(
      fc.property(
        unitOf,
        fc.constantFrom("", "\n", "\u001b[0m", "\n\u001b[0m", "\u001b[0m\n", "\r", "\r\n", "x\r", "\n\r\r"),
        (unit, end) => {
          const raw = long(unit) + end;
          const byLine = cleanLines(raw);
          const whole = splitLines(cleanText(raw));
          expect(byLine ?? whole).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("joins any run of its lines as the cleaned text would, and never misses a string a line holds", () => {
    fc.assert(
      fc.property(
        unitOf,
        fc.nat(),
        fc.nat({ max: 70 }),
        fc.constantFrom("✖", "error", "\u001b", "bad", "ok", "[1m", "Listin", "\ufffd"),
        (unit, at, span, needle) => {
          const raw = long(unit);
          const lines = cleanLines(raw);
          if (lines === null) return;
          const clean = splitLines(cleanText(raw));
          const from = lines.length === 0 ? 0 : at % lines.length;
          expect(joinedLines(lines, from, from + span)).toBe(joinedLines(clean, from, from + span));
          // A gate may find a string the cleaned text lacks (it then only costs a walk), never the reverse.
          if (clean.some((l) => l.includes(needle))) expect(linesMayHold(lines, needle)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("lists, for each needle, every line that holds it, in order, once (linesHoldingEach)", () => {
    // Long enough to be searched by their first six units; and the same, padded to be searched as one pattern.
    const FEW = ["✖", "error", "bad", "ok", "Listin", "\ufffd", "[1m", "x", "bad ok error"];
    const MANY = [...FEW, "a1", "b2", "c3", "d4", "e5"];
    fc.assert(
      fc.property(unitOf, fc.nat(), (unit, cut) => {
        // A coloured long text (cleaned line by line) and a short one cut from it (cleaned whole).
        const long_ = cleanLines(long(unit));
        const short = splitLines(cleanText(long(unit).slice(0, 200 + (cut % 4000))));
        for (const [lines, NEEDLES] of (long_ === null ? [short] : [long_, short]).flatMap((l) => [
          [l, FEW] as const,
          [l, MANY] as const,
        ])) {
          const lists = linesHoldingEach(lines, NEEDLES);
          NEEDLES.forEach((needle, k) => {
            const list = [...lists[k]!];
            expect(list).toEqual([...new Set(list)].sort((a, b) => a - b));
            expect(list.every((i) => i >= 0 && i < lines.length)).toBe(true);
            // A line whose raw form held the needle may be listed; a line that holds it is always listed.
            const listed = new Set(list);
            lines.forEach((l, i) => {
              if (l.includes(needle)) expect(listed.has(i)).toBe(true);
            });
          });
        }
      }),
      { numRuns: 15 },
    );
  });

  it("lists no line past the last when the last line cleaned to nothing", () => {
    // The dropped last line's raw text is still in the source: a hit there names no line.
    for (const unit of ["src/a.ts:3:5: error: bad 50%\r", "error\n\u001b[0m", "ok\nbad \u0007"]) {
      const lines = cleanLines(long(unit))!;
      for (const list of linesHoldingEach(lines, ["error", "bad", "ok"]))
        expect([...list].every((i) => i < lines.length)).toBe(true);
    }
  });

  it("merges two lists of lines into their union, ascending, each line once", () => {
    const list = fc.uniqueArray(fc.nat({ max: 60 }), { maxLength: 30 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(list, list, (a, b) => {
        const want = [...new Set([...a, ...b])].sort((x, y) => x - y);
        expect([...mergeAscending(Int32Array.from(a), Int32Array.from(b))]).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it("finds needles that overlap or open alike exactly in text that needs no cleaning", () => {
    // Needles that share a first character, one the prefix of another, one inside another's match.
    const NEEDLES = ["ab", "abc", "b", "bc", "ca", "a a"];
    fc.assert(
      fc.property(fc.stringMatching(/^[abc \n]{0,300}$/), (text) => {
        const lines = splitLines(cleanText(text));
        // A few needles are searched one by one, many by one pattern (padded here past the threshold); lines
        // without a source (made here) are walked: the same answer each way.
        const many = [...NEEDLES, ..."defghijk".split("").map((c) => `${c}${c}`), "abcabcabc"];
        for (const set of [NEEDLES, many]) {
          const lists = linesHoldingEach(lines, set);
          const plain = linesHoldingEach([...lines], set);
          set.forEach((needle, k) => {
            const want = lines.flatMap((l, i) => (l.includes(needle) ? [i] : []));
            expect([...lists[k]!]).toEqual(want);
            expect([...plain[k]!]).toEqual(want);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("leaves short text and text with an OSC escape to the whole-text path", () => {
    expect(cleanLines("\u001b[31mred\u001b[0m\n")).toBeNull();
    expect(cleanLines(long("a\u001b[31m\r\n"))).not.toBeNull();
    expect(cleanLines(long("a\u001b]0;title\u0007\n"))).toBeNull();
    expect(cleanLines(long("\u001b[31mred\u001b[0m\n"))).not.toBeNull();
  });

  it("splits a long text that needs no cleaning as it is", () => {
    const raw = long("plain line\n");
    expect(cleanLines(raw)).toEqual(splitLines(cleanText(raw)));
  });
});

// FC-STAGE1-RAW-3 as its two patterns state it: the oracle for short texts (on long ones they are quadratic).
const byPatterns = (raw: string): string =>
  sanitize(raw.replace(/\r+\n/g, "\n").replace(/[^\n]*\r([^\r\n]*)/g, "$1"));

describe("cleanText's CR rules", () => {
  it("agree with the rule's two patterns on short texts of CRs, LFs, escapes and words", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("\r", "\n", "\r\n", "a", "50%", " ", "\u001b[K", "\u0000"), {
          maxLength: 30,
        }),
        (parts) => {
          const raw = parts.join("");
          expect(cleanText(raw)).toBe(byPatterns(raw));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps what a terminal shows last on each line", () => {
    expect(cleanText("a\r\nb\r\n")).toBe("a\nb\n");
    expect(cleanText("[###   ] 50%\r[######] 100%\ndone")).toBe("[######] 100%\ndone");
    expect(cleanText("x\r\r\ny")).toBe("x\ny");
    // The last line has no LF: its CR is a redraw of nothing.
    expect(cleanText("a\nb\r")).toBe("a\n");
    expect(cleanText("\r\r\r")).toBe("");
  });
});
