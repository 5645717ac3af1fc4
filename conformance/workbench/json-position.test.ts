// FC-WB-3: the playground's "not valid JSON (line L, column C)" — the scanner agrees with JSON.parse on what is JSON.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorPosition } from "./browser/json-position.ts";
import { inline, linkTarget } from "./spec-html.ts";

const parses = (t: string) => {
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
};

describe("jsonErrorPosition", () => {
  it("names the line and column of the first character that breaks", () => {
    expect(jsonErrorPosition('{\n  "rounds": [\n    1,\n  ]\n}')).toEqual({ line: 4, column: 3 });
    expect(jsonErrorPosition('{"a": 1,}')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorPosition('{"a": tru}')).toEqual({ line: 1, column: 10 });
    expect(jsonErrorPosition('{"a": 1}\n\nx')).toEqual({ line: 3, column: 1 });
    expect(jsonErrorPosition('{"a": "b')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorPosition("")).toEqual({ line: 1, column: 1 });
    expect(jsonErrorPosition(`[${"9".repeat(1000)}]`)).toBeNull();
    expect(jsonErrorPosition("[-]")).toEqual({ line: 1, column: 2 });
    expect(jsonErrorPosition('  {"a": [1, 2.5e3, null, false, "\\u00e9\\n"]}  ')).toBeNull();
  });

  it("property: it finds a position exactly when JSON.parse refuses the text", () => {
    const nearlyJson = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom("", ",", "}", "]", '"', ":", "x", "\\", "-", "0", " ", "\n"),
      )
      .map(([j, at, s]) => {
        const i = at % (j.length + 1);
        return j.slice(0, i) + s + j.slice(i);
      });
    fc.assert(
      fc.property(fc.oneof(fc.json(), nearlyJson, fc.string()), (t) => {
        expect(jsonErrorPosition(t) === null).toBe(parses(t));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("spec links in the workbench", () => {
  it("a link whose label is code renders as a link; links to spec files go to their section", () => {
    const html = inline(
      "Companion documents: [`redaction.md`](redaction.md) (the rule), [site](https://example.org).",
      new Set(),
      "spec/SPEC.md",
    );
    expect(html).toBe(
      'Companion documents: <a href="#file=spec/redaction.md"><code>redaction.md</code></a> (the rule), <a href="https://example.org">site</a>.',
    );
    expect(linkTarget("./policy.md#triggers", "spec/SPEC.md")).toBe("#file=spec/policy.md");
    expect(linkTarget("javascript:alert(1)")).toBe("#");
  });
});
