// FC-REPORT-3, FC-REPORT-4: the expected-vs-actual diff and the escaping that keeps hidden characters visible.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTEXT, type DiffLine, diffValues, lineOps, markChange } from "./diff.ts";
import { clip, escapeHtml, htmlText, revealInvisible, shellWord, stableJson } from "./escape.ts";

const text = (l: DiffLine) => (l.op === "skip" ? "" : l.segments.map((s) => s.text).join(""));
const side = (lines: DiffLine[], keep: "del" | "add") =>
  lines.filter((l) => l.op === "same" || l.op === keep).map(text);

describe("diffValues", () => {
  it("marks only the differing middle of a changed string", () => {
    const d = diffValues("3 prior findings resolved in rounds 2", "3 prior findings resolved in round 2");
    expect(d.lines).toEqual([
      {
        op: "del",
        segments: [
          { text: '"3 prior findings resolved in round', changed: false },
          { text: "s", changed: true },
          { text: ' 2"', changed: false },
        ],
      },
      {
        op: "add",
        segments: [
          { text: '"3 prior findings resolved in round', changed: false },
          { text: ' 2"', changed: false },
        ],
      },
    ]);
  });

  it("ignores key order and shows one changed line of an object", () => {
    const d = diffValues({ b: 1, a: [1, 2] }, { a: [1, 3], b: 1 });
    const changed = d.lines.filter((l) => l.op !== "same");
    expect(changed.map((l) => [l.op, text(l)])).toEqual([
      ["del", "    2"],
      ["add", "    3"],
    ]);
  });

  it("folds long unchanged runs, keeping the context lines around a change", () => {
    const long = Array.from({ length: 40 }, (_, i) => i);
    const d = diffValues(
      long,
      long.map((x) => (x === 20 ? -1 : x)),
    );
    const skips = d.lines.filter((l) => l.op === "skip");
    expect(skips).toHaveLength(2);
    const kept = d.lines.filter((l) => l.op === "same");
    expect(kept).toHaveLength(2 * CONTEXT);
    // 40 elements + 2 brackets = 42 lines; one changed; everything else is kept or counted in a skip.
    const skipped = skips.reduce((n, l) => n + (l.op === "skip" ? l.count : 0), 0);
    expect(skipped + kept.length + 1).toBe(42);
  });

  it("says when a value was too long to compare whole", () => {
    const big = Array.from({ length: 1000 }, (_, i) => i);
    expect(diffValues(big, [...big, 1]).truncated).toBe(true);
    expect(diffValues([1], [2]).truncated).toBe(false);
  });

  it("shows an absent value as absent rather than as nothing", () => {
    const d = diffValues("x", undefined);
    expect(d.lines.map(text)).toEqual(['"x"', "(absent)"]);
  });

  it("property: each side of the line diff rebuilds its input, and equal inputs have no changes", () => {
    // A three-line alphabet makes equal lines (and so non-trivial common subsequences) frequent.
    const lines = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 12 });
    const reaches = fc.sample(fc.tuple(lines, lines), { numRuns: 300, seed: 1 }).filter(([a, b]) => {
      const ops = lineOps(a, b);
      return ops.some((o) => o.op === "same") && ops.some((o) => o.op !== "same");
    });
    expect(reaches.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const ops = lineOps(a, b);
        expect(side(ops, "del")).toEqual(a);
        expect(side(ops, "add")).toEqual(b);
        // Never worse than keeping the common prefix.
        let prefix = 0;
        while (prefix < Math.min(a.length, b.length) && a[prefix] === b[prefix]) prefix++;
        expect(ops.filter((o) => o.op === "same").length).toBeGreaterThanOrEqual(prefix);
      }),
      { seed: 8, numRuns: 400 },
    );
    fc.assert(
      fc.property(lines, (a) => lineOps(a, a).every((o) => o.op === "same")),
      { seed: 9 },
    );
  });
});

describe("markChange", () => {
  it("never splits a surrogate pair", () => {
    const [before, after] = markChange("a😀b", "a😁b");
    expect(before).toEqual([
      { text: "a", changed: false },
      { text: "😀", changed: true },
      { text: "b", changed: false },
    ]);
    expect(after[1]).toEqual({ text: "😁", changed: true });
  });

  it("marks an insertion as an empty change on the shorter side", () => {
    const [before, after] = markChange("ab", "aXb");
    expect(before).toEqual([
      { text: "a", changed: false },
      { text: "b", changed: false },
    ]);
    expect(after).toEqual([
      { text: "a", changed: false },
      { text: "X", changed: true },
      { text: "b", changed: false },
    ]);
  });
});

describe("escaping", () => {
  it("escapes markup and quotes, and replaces lone surrogates", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
    expect(escapeHtml("a\uD800b\uDC00c😀")).toBe("a\uFFFDb\uFFFDc😀");
  });

  it("shows invisible characters (DEL, zero-width space, bidi override, BOM, CR) as escapes", () => {
    expect(revealInvisible("a\u007fb\u200bc\u202ed\ufeffe\rf\tg\nh")).toBe(
      "a\\u007fb\\u200bc\\u202ed\\ufeffe\\u000df\tg\nh",
    );
    const html = htmlText("ab\u007fc<");
    expect(html).toBe('ab<span class="inv" title="invisible character U+007F">\\u007f</span>c&lt;');
  });

  it("stableJson sorts keys at every level", () => {
    expect(stableJson({ b: { d: 1, c: 2 }, a: [{ z: 1, y: 2 }] }, 0)).toBe(
      '{"a":[{"y":2,"z":1}],"b":{"c":2,"d":1}}',
    );
  });

  it("shellWord quotes only what needs it, including single quotes", () => {
    expect(shellWord("policy.*,compact.x")).toBe("'policy.*,compact.x'");
    expect(shellWord("a,b-c")).toBe("a,b-c");
    expect(shellWord("it's")).toBe("'it'\\''s'");
  });

  it("clip keeps surrogate pairs whole and counts what it left out", () => {
    expect(clip("ab😀cd", 3)).toEqual({ text: "ab", omitted: 4 });
    expect(clip("abc", 5)).toEqual({ text: "abc", omitted: 0 });
  });
});
