// FC-STAGE1-RAW-1..14, FC-FORMAT-*: the reference passes every stage1-raw case of the conformance library.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../runner/cases.ts";
import { casePayload, evaluateCase } from "../runner/evaluate.ts";
import { inProcessIut } from "../runner/in-process.ts";

const DIR = join(import.meta.dirname, "./compact");
const cases = loadCases(DIR).cases.filter((c) => c.file.startsWith("stage1-raw/"));

describe("stage1-raw conformance cases", () => {
  it("has the raw tool-output cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(90);
  });

  it.each(cases.map((c) => [c.case.id, c] as const))("%s passes against the reference", async (_, c) => {
    const iut = await inProcessIut();
    const verdict = evaluateCase(c.case, await iut.call(c.case.command, casePayload(c.case)));
    expect(verdict).toEqual({ status: "passed" });
  });
});
