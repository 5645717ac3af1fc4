// FC-CASE-5: the text filter answers every search exactly as `includes` does, before and after a text is filtered.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FILTER_AFTER, TextSearches, WindowFilter } from "./text-index.ts";

/** Texts over few code units (many repeated windows), lone surrogates and astral characters among them. */
const unit = fc.constantFrom("a", "b", '"', "\\", "é", "\ud800", "\udc00", "😀", "\u0000");
const text = fc.array(unit, { minLength: 1, maxLength: 80 }).map((u) => u.join(""));

describe("WindowFilter", () => {
  it("holds every substring of its length and answers any needle as includes does", () => {
    fc.assert(
      fc.property(text, fc.array(fc.array(unit, { maxLength: 12 }).map((u) => u.join(""))), (t, extra) => {
        for (let n = 1; n <= t.length; n++) {
          const filter = new WindowFilter(t, n);
          for (let i = 0; i + n <= t.length; i++) expect(filter.has(t.slice(i, i + n))).toBe(true);
          for (const e of extra.map((x) => x.slice(0, n)).filter((x) => x.length === n))
            expect(filter.has(e)).toBe(t.includes(e));
        }
      }),
    );
  });

  it("answers thousands of absent and present needles in a long text as includes does", () => {
    let x = 7;
    const next = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x;
    };
    const alphabet = 'ab{}":,0123456789';
    const long = Array.from({ length: 20_000 }, () => alphabet[next() % alphabet.length]).join("");
    const filter = new WindowFilter(long, 16);
    const needles = Array.from({ length: 4000 }, (_, i) => {
      const at = next() % (long.length - 16);
      const window = long.slice(at, at + 16);
      // Every other needle has one changed character: mostly absent, and its hash differs from the window's.
      return i % 2 === 0 ? window : `${window.slice(0, 15)}${alphabet[next() % alphabet.length]}`;
    });
    const answers = needles.map((n) => filter.has(n));
    expect(answers).toEqual(needles.map((n) => long.includes(n)));
    expect(answers.filter((a) => !a).length).toBeGreaterThan(1000);
  });

  it("refuses a window length the text cannot hold and a needle of another length", () => {
    expect(() => new WindowFilter("abc", 4)).toThrow(RangeError);
    expect(() => new WindowFilter("abc", 0)).toThrow(RangeError);
    expect(() => new WindowFilter("abc", 2).has("abc")).toThrow(RangeError);
  });
});

describe("TextSearches", () => {
  it("gives includes' answer for every search of one value's text, before and after the filter is made", () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.array(unit, { minLength: 1, maxLength: 4 }).map((u) => u.join(""))),
        (t, pool) => {
          const searches = new TextSearches();
          const value = {};
          const needles = [...pool, ...Array.from({ length: t.length }, (_, i) => t.slice(i, i + 3))];
          // Past FILTER_AFTER searches of one length the filter answers: search every needle that often.
          for (let round = 0; round < FILTER_AFTER / 4 + 2; round++)
            for (const n of needles) expect(searches.contains(value, t, n)).toBe(t.includes(n));
          expect(searches.contains(value, t, "")).toBe(true);
          expect(searches.contains("not an object", t, t)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
