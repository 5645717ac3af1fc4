// FC-STAGE1-RAW-1..14, FC-STAGE1-RAW-20, FC-STAGE1-RAW-27, FC-FORMAT-*: the reference passes every stage1-raw case of the conformance library.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../runner/cases.ts";
import { casePayload, evaluateCase } from "../runner/evaluate.ts";
import { inProcessIut } from "../runner/in-process.ts";

const DIR = join(import.meta.dirname, "./compact");
const all = loadCases(DIR).cases;
const cases = all.filter((c) => c.file.startsWith("stage1-raw/"));
// Generated from the breadth recordings (conformance/tools/write-stage1-breadth-cases.ts): named and sniffed.
const breadth = all.filter((c) => c.file.startsWith("stage1-breadth/"));
// Generated from the format fixtures' reviewed expected files (conformance/tools/write-stage1-fixture-cases.ts).
const fixtures = all.filter((c) => c.file.startsWith("stage1-fixtures/"));
// Generated from every recording's expected file, cut short (conformance/tools/write-stage1-cut-cases.ts).
const cut = all.filter((c) => c.file.startsWith("stage1-cut/"));
// The JSON recordings with an odd element appended to every array (conformance/tools/write-stage1-odd-json-cases.ts).
const oddJson = all.filter((c) => c.file.startsWith("stage1-odd-json/"));

describe("stage1-raw conformance cases", () => {
  it("has the raw tool-output cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(90);
    expect(breadth.length).toBeGreaterThanOrEqual(200);
    expect(fixtures.length).toBeGreaterThanOrEqual(150);
    expect(cut.length).toBeGreaterThanOrEqual(200);
    expect(oddJson.length).toBeGreaterThanOrEqual(50);
    const generated = [...breadth, ...fixtures, ...cut, ...oddJson];
    expect(generated.every((c) => c.case.profile === "stage1-raw")).toBe(true);
  });

  it.each([...cases, ...breadth, ...fixtures, ...cut, ...oddJson].map((c) => [c.case.id, c] as const))(
    "%s passes against the reference",
    async (_, c) => {
      const iut = await inProcessIut();
      const verdict = evaluateCase(c.case, await iut.call(c.case.command, casePayload(c.case)));
      expect(verdict).toEqual({ status: "passed" });
    },
  );
});
