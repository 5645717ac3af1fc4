// FC-ID-2: spec/volatile-masks.json is the one list of volatile-token masks — written in the portable pattern subset
// SPEC.md defines, each example right, applied in order by normMessage.
import { describe, expect, it } from "vitest";
import doc from "../spec/volatile-masks.json" with { type: "json" };
import { normMessage } from "./text.ts";

const compile = (m: { pattern: string; flags: string }) => new RegExp(m.pattern, `g${m.flags}`);

describe("spec/volatile-masks.json (FC-ID-2)", () => {
  it("uses only the portable subset: no \\d \\w \\s classes, named groups, back-references, inline flags or \\p", () => {
    for (const m of doc.masks) {
      expect(m.pattern, m.name).not.toMatch(/\\[dDwWsSpPk]|\(\?<[A-Za-z]|\(\?[a-z]|\\[1-9]/);
      expect(["", "i"], m.name).toContain(m.flags);
      expect(() => compile(m), m.name).not.toThrow();
      // The same pattern reads the same in Unicode mode (ECMAScript's strictest reading of escapes).
      expect(() => new RegExp(m.pattern, "u"), m.name).not.toThrow();
    }
  });

  it("every example masks as written", () => {
    for (const m of doc.masks)
      expect(m.example.text.replace(compile(m), m.replacement), m.name).toBe(m.example.masked);
  });

  it("normMessage applies them in order and collapses white space as the file's space class says", () => {
    expect(normMessage("  took 0.61s\u00a0at  12:17:51 \n")).toBe("took <dur> at <time>");
    expect(normMessage("pid 4242 at 2026-11-30T10:01:02Z")).toBe("pid <n> at <ts>");
  });
});
