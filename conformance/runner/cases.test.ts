// FC-CASE-1: loading the library — read once per process, again where a file changed, never changeable by a run.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "./cases.ts";

const dir = mkdtempSync(join(tmpdir(), "fc-cases-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("loadCases", () => {
  const name = "policy/decide/armed-trigger-waits-for-an-eligible-boundary.json";
  mkdirSync(join(dir, "policy/decide"), { recursive: true });
  copyFileSync(join(DEFAULT_CASES_DIR, name), join(dir, name));

  it("gives the same frozen documents again while no file changed", () => {
    const a = loadCases(dir);
    const b = loadCases(dir);
    expect(a.problems).toEqual([]);
    expect(b.cases[0]!.case).toBe(a.cases[0]!.case);
    expect(Object.isFrozen(a.cases[0]!.case)).toBe(true);
    expect(() => {
      (a.cases[0]!.case as { description: string }).description = "changed";
    }).toThrow(TypeError);
    expect(Object.isFrozen(a.cases[0]!.case.requirements)).toBe(true);
  });

  it("reads a file again when it changed, even to a text of the same length", () => {
    const before = loadCases(dir).cases[0]!.case;
    const text = readFileSync(join(dir, name), "utf8");
    const same = text.replace("Mid-stage", "Mid-stagE");
    expect(same.length).toBe(text.length);
    writeFileSync(join(dir, name), same);
    const after = loadCases(dir).cases[0]!.case;
    expect(after.description).toMatch(/^Mid-stagE/);
    expect(before.description).toMatch(/^Mid-stage/);
    writeFileSync(join(dir, name), "{ not json");
    expect(loadCases(dir)).toEqual({ cases: [], problems: [{ file: name, message: "not valid JSON" }] });
    writeFileSync(join(dir, name), JSON.stringify({ ...JSON.parse(text), profile: "nope" }));
    expect(loadCases(dir).problems[0]?.message).toMatch(/^\/profile: /);
  });
});
