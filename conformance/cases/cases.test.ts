// FC-CASE-1..7: the compact case library is well-formed, covers spec/SPEC.md and passes against the reference.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImplementationUnderTest, Reply } from "../iut.ts";
import { areaOf, idForPath, loadCases } from "../runner/cases.ts";
import { runCaseSteps } from "../runner/evaluate.ts";
import { startProcessIut } from "../../src/protocol/client.ts";
import type { LoadedCase } from "../runner/types.ts";
import { authoredAreas, specRequirementIds } from "../tools/write-compact-cases.ts";
import { KNOWN_REFERENCE_DISAGREEMENTS } from "../tools/known-disagreements.ts";
import { coverage } from "../tools/requirement-coverage.ts";

const ROOT = join(import.meta.dirname, "../..");
const COMPACT_DIR = join(import.meta.dirname, "compact");

// Only the areas authored in conformance/tools/compact-cases; other compact areas (e.g. stage1-raw) have their own tests.
const AREAS = new Set(authoredAreas());
const loaded = loadCases(COMPACT_DIR);
const cases = loaded.cases.filter((c) => AREAS.has(c.file.split("/")[0]!));
const problems = loaded.problems.filter((p) => AREAS.has(p.file.split("/")[0]!));
const logSchema = JSON.parse(readFileSync(join(ROOT, "spec/schemas/compacted-feedback-log.v1.json"), "utf8"));
const validLog = new Ajv2020({ strict: false, allErrors: false }).compile(logSchema);

describe("compact case library", () => {
  it("loads without schema problems", () => {
    expect(problems).toEqual([]);
  });

  it("has at least 120 cases, about 10 of them byte-exact", () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    const exact = cases.filter((c) => c.case.profile === "byte-exact").length;
    expect(exact).toBeGreaterThanOrEqual(10);
  });

  it("names every case after its path, compact.<area>.<claim>", () => {
    for (const c of cases) expect(c.case.id, c.file).toBe(`compact.${idForPath(c.file)}`);
    const ids = cases.map((c) => c.case.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("states claims as facts and cites only requirement ids defined in spec/SPEC.md", () => {
    const known = specRequirementIds();
    for (const { case: c } of cases) {
      expect(/\bshould\b/i.test(c.description), c.id).toBe(false);
      for (const r of c.requirements) expect(known.has(r), `${c.id} cites ${r}`).toBe(true);
    }
  });

  it("covers every requirement of spec/SPEC.md except the documented protocol-invisible ones", () => {
    const report = coverage();
    expect(report.uncovered).toEqual([]);
  });

  it("keeps same-bytes pairs identical and bytes canonical", () => {
    const exact = cases.filter((c) => c.case.profile === "byte-exact");
    for (const c of exact) {
      const bytes = c.case.expect?.bytes ?? "";
      expect(bytes.length, c.case.id).toBeGreaterThan(0);
      expect(/^\{"attempt":\d+,"constraints":\[/.test(bytes), c.case.id).toBe(true);
    }
  });

  it("lists only existing cases as known disagreements", () => {
    const ids = new Set(cases.map((c) => c.case.id));
    for (const id of Object.keys(KNOWN_REFERENCE_DISAGREEMENTS)) expect(ids.has(id), id).toBe(true);
  });
});

// Through the real protocol (`feedback-compactor serve`), so a case the reference cannot finish times out instead
// of blocking this test process.
const SERVE = [process.execPath, join(ROOT, "conformance/cli/feedback-compactor.mjs"), "serve"];

describe("compact cases against the reference over the protocol", () => {
  let iut: ImplementationUnderTest;
  beforeAll(async () => {
    const started = await startProcessIut({ command: SERVE, timeoutMs: 5000 });
    if (!started.ok) throw new Error(started.message);
    iut = started.iut;
  });
  afterAll(async () => {
    await iut?.close();
  });

  const byArea = new Map<string, LoadedCase[]>();
  for (const c of cases) byArea.set(areaOf(c.case.id), [...(byArea.get(areaOf(c.case.id)) ?? []), c]);

  for (const [area, list] of byArea) {
    describe(area, () => {
      for (const { case: c } of list) {
        const known = KNOWN_REFERENCE_DISAGREEMENTS[c.id];
        const test = known === undefined ? it : it.fails;
        test(`${c.id}${known ? ` (known disagreement: ${known})` : ""}`, async () => {
          const replies: Reply[] = [];
          const { verdict } = await runCaseSteps(c, async (cmd, payload) => {
            const reply = await iut.call(cmd, payload);
            replies.push(reply);
            return reply;
          });
          expect(verdict, JSON.stringify(verdict.mismatch ?? verdict.message)).toMatchObject({
            status: "passed",
          });
          for (const reply of replies)
            if (reply.kind === "result")
              expect(validLog(reply.result), JSON.stringify(validLog.errors?.[0])).toBe(true);
        });
      }
    });
  }
});
