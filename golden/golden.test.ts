// Golden cases: every golden/cases file has a stored output in golden/expected that satisfies both schemas (FC-LOG-1).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { isValidLog } from "../src/schemas.ts";
import { EXPECTED_DIR, loadGoldenCases } from "../scripts/golden-lib.ts";
import caseSchema from "./case.schema.json" with { type: "json" };

const cases = loadGoldenCases();
const validateCase = new Ajv2020({ strict: false }).compile(caseSchema);

/** The design document's own schema, read from the shared seeds when they are beside the checkout. */
function seedSchema(): object | null {
  const seed = new URL("../../shared/seeds/000_02f30f46cf67d8d1.txt", import.meta.url).pathname;
  if (!existsSync(seed)) return null;
  const text = readFileSync(seed, "utf8");
  const start = text.indexOf("```json") + "```json".length;
  return JSON.parse(text.slice(start, text.indexOf("```", start))) as object;
}
const seed = seedSchema();
const validateSeed = seed ? new Ajv2020({ strict: false }).compile(seed) : null;

describe("golden cases", () => {
  it("there are at least 25 cases, each with a unique id", () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  for (const c of cases) {
    it(`${c.id}`, () => {
      const { path: _p, ...doc } = c;
      expect(validateCase(doc), `case file ${c.path} violates golden/case.schema.json`).toBe(true);
      const file = join(EXPECTED_DIR, c.path);
      // That the stored output is the reference's current output is `npm run regen -- --check` (in npm test).
      expect(existsSync(file), `missing ${file}: run npm run regen`).toBe(true);
      const out = JSON.parse(readFileSync(file, "utf8")) as { log?: unknown };
      if (out.log) {
        expect(isValidLog(out.log)).toBe(true);
        if (validateSeed) expect(validateSeed(out.log), JSON.stringify(validateSeed.errors)).toBe(true);
      }
    });
  }

  it.runIf(seed === null)("seed schema check skipped: ../shared/seeds is not beside this checkout", () => {
    expect(seed).toBeNull();
  });
});
