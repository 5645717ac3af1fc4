// FC-MATRIX-3, FC-MATRIX-6..8: the matrix page's content, history across matrix runs, and `report` on matrix documents.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { assembleMatrix, type MatrixDocument, type RunOutcome } from "../runner/matrix.ts";
import type { CertifyReport } from "../runner/types.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { matrixHistory, regressions, renderHistoryText } from "./history.ts";
import { parseDocument } from "./load.ts";
import { badgeHtml, cellState, renderMatrixHtml, requirementArea } from "./matrix-page.ts";
import { renderMatrixText } from "./matrix-text.ts";
import { specRequirementTexts } from "./spec-texts.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as CertifyReport;
const v14 = fixture("acme-1.4.0.json");
const v15 = fixture("acme-1.5.0.json");

/** A matrix document over saved reports (as a run would assemble it). */
function matrixOf(runs: RunOutcome[], startedAt: string): MatrixDocument {
  return assembleMatrix(runs, {
    suite: {
      name: "feedback-compactor-conformance",
      version: "0.1.0",
      commit: null,
      cases: 68,
      properties: 0,
    },
    selection: {
      profiles: v14.options.profiles,
      profileGiven: false,
      filter: null,
      shard: null,
      seed: 42,
      runs: 50,
      properties: true,
      features: false,
      timeoutMs: 10_000,
    },
    jobs: 2,
    startedAt,
    durationMs: 1000,
  });
}
const run = (name: string, report: CertifyReport): RunOutcome => ({
  impl: { name, command: ["./acme", "--serve"], description: `the <b>${name}</b>` },
  durationMs: 5,
  report,
});
const older = matrixOf([run("steady", v14), run("acme", v14)], "2026-01-05T10:00:00.000Z");
const newer = matrixOf(
  [
    run("steady", v14),
    run("acme", v15),
    {
      impl: { name: "broken", command: ["./nope"] },
      durationMs: 1,
      error: { code: "IO", message: "did not start" },
    },
  ],
  "2026-02-09T10:00:00.000Z",
);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-matrix-report-"));
  writeFileSync(join(dir, "old.json"), JSON.stringify(older));
  writeFileSync(join(dir, "new.json"), JSON.stringify(newer));
  writeFileSync(join(dir, "acme.json"), JSON.stringify(v15));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the matrix page (FC-MATRIX-6, FC-MATRIX-7)", () => {
  it("a requirement's cell: a deciding failure, only advisory ones, all judged passed, or none judged", () => {
    expect(
      cellState([
        { status: "passed", gating: true },
        { status: "errored", gating: true },
      ]),
    ).toBe("failed");
    expect(
      cellState([
        { status: "passed", gating: true },
        { status: "failed", gating: false },
      ]),
    ).toBe("advisory");
    expect(
      cellState([
        { status: "passed", gating: true },
        { status: "skipped", gating: true },
      ]),
    ).toBe("passed");
    expect(
      cellState([
        { status: "skipped", gating: true },
        { status: "absent", gating: true },
      ]),
    ).toBe("skipped");
    expect(requirementArea("FC-REDACT-SENSITIVE-12")).toBe("FC-REDACT-SENSITIVE");
  });

  it("links requirements to their spec text and line, checks to their case files, under --link-base", () => {
    const reqs = specRequirementTexts();
    const id2 = reqs.get("FC-ID-2")!;
    expect(id2.file).toBe("spec/SPEC.md");
    expect(
      readFileSync(new URL(`../../${id2.file}`, import.meta.url), "utf8").split("\n")[id2.line - 1],
    ).toContain("FC-ID-2");
    const doc = structuredClone(newer);
    doc.checks[0]!.file = "conformance/cases/compact/ids/x.json";
    doc.checks[0]!.requirements = ["FC-ID-2"];
    const html = renderMatrixHtml(doc, { requirements: reqs, linkBase: "https://example.invalid/blob/abc" });
    expect(html).toContain(`href="https://example.invalid/blob/abc/${id2.file}#L${id2.line}"`);
    expect(html).toContain(`href="https://example.invalid/blob/abc/conformance/cases/compact/ids/x.json"`);
    // A cited requirement row, its class, and its text from the spec.
    const cited = doc.checks.flatMap((c) => c.requirements)[1]!;
    expect(html).toContain(`id="q-${cited}"`);
    expect(html).toContain(reqs.get(cited)!.text.slice(0, 30).replace(/&/g, "&amp;").replace(/</g, "&lt;"));
  });

  it("escapes what implementations and registries say, and draws every badge", () => {
    const doc = structuredClone(newer);
    doc.implementations[0]!.report!.results[0]!.status = "failed";
    doc.implementations[0]!.report!.results[0]!.message = '<script>alert("x")</script>';
    doc.implementations[0]!.description = "<img src=x onerror=alert(1)>";
    const html = renderMatrixHtml(doc);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html.match(/<script>/g)).toHaveLength(1);
    for (const i of doc.implementations) expect(html).toContain(badgeHtml(i.badge));
    expect(
      badgeHtml({ schemaVersion: 1, label: "conformance", message: "96% passing", color: "green" }),
    ).toBe(
      '<span class="badge" title="{&quot;schemaVersion&quot;:1,&quot;label&quot;:&quot;conformance&quot;,&quot;message&quot;:&quot;96% passing&quot;,&quot;color&quot;:&quot;green&quot;}"><span class="bl">conformance</span><span class="green">96% passing</span></span>',
    );
  });

  it("the text summary lists each implementation's verdict and the disagreements", () => {
    const text = renderMatrixText(newer);
    expect(text).toMatch(/ {2}A {2}steady {2}FAIL .*acme-compactor 1\.4\.0/);
    expect(text).toMatch(/ {2}C {2}broken {2}ERROR {2}did not start/);
    expect(text).toContain(`Disagreements (${newer.disagreements.length}, `);
    expect(text).toContain(
      `Replay one against every implementation: feedback-compactor matrix --filter ${newer.disagreements[0]}`,
    );
    expect(text).toMatch(/Result: 0 pass, 2 fail, 1 not run;/);
  });
});

describe("history across matrix runs (FC-MATRIX-8)", () => {
  it("compares each implementation's reports across runs, implementations with regressions first", () => {
    const h = matrixHistory([
      { doc: older, source: "old.json" },
      { doc: newer, source: "new.json" },
    ]);
    expect(h.implementations.map((i) => [i.name, i.runs.map((r) => r.run)])).toEqual([
      ["acme", [1, 2]],
      ["steady", [1, 2]],
      ["broken", [2]],
    ]);
    const acme = h.implementations[0]!;
    expect(acme.counts.regressed).toBe(2);
    expect(acme.comparison!.rows.slice(0, 2).every((r) => r.change === "regressed")).toBe(true);
    expect(acme.runs.map((r) => r.handshake?.version)).toEqual(["1.4.0", "1.5.0"]);
    expect(h.implementations[1]!.counts).toEqual({ regressed: 0, changed: 0, fixed: 0, same: 68 });
    expect(h.implementations[2]!.comparison).toBeNull();
    expect(regressions(h)).toBe(2);
    expect(h.warnings).toEqual([]);
    const backwards = matrixHistory([
      { doc: newer, source: "new.json" },
      { doc: older, source: "old.json" },
    ]);
    expect(backwards.warnings).toEqual([
      "the documents are not in the order they were made: give them oldest first",
    ]);
    const text = renderHistoryText(h);
    expect(text.indexOf("acme — 2 regressed")).toBeLessThan(text.indexOf("steady — 0 regressed"));
    expect(text).toContain("Result: 2 regressed across 3 implementations");
  });

  it("report M1 M2: text, --json, --html with a history section, --fail-on-regression", async () => {
    const io = fakeIo("", {}, { cwd: dir });
    expect(
      await main(["report", "old.json", "new.json", "--html", "h.html", "--fail-on-regression"], io),
    ).toBe(1);
    expect(io.out.join("")).toContain("acme — 2 regressed");
    const page = readFileSync(join(dir, "h.html"), "utf8");
    expect(page).toContain('<section id="history"><h2>History (2 runs, 2 regressed)</h2>');
    expect(page).toContain('<details class="history" id="h-acme" open>');
    const json = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "old.json", "new.json", "--json"], json)).toBe(0);
    expect(JSON.parse(json.out.join("")).implementations[0].name).toBe("acme");
    const one = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "new.json", "--html", "m.html"], one)).toBe(0);
    expect(one.out.join("")).toMatch(/^Conformance matrix: 3 implementations × 69 checks/);
    expect(readFileSync(join(dir, "m.html"), "utf8")).toContain(
      "<h2>Requirements by area × implementations</h2>",
    );
    const mixed = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "new.json", "acme.json"], mixed)).toBe(2);
    expect(mixed.err.join("")).toMatch(/"code":"INVALID_REPORT".*cannot be mixed/);
    const badge = fakeIo("", {}, { cwd: dir });
    expect(await main(["badge", "new.json"], badge)).toBe(2);
    expect(badge.err.join("")).toMatch(/is a matrix document, not a conformance report/);
  });

  it("a matrix document that breaks spec/schemas/matrix.v1.json is INVALID_REPORT with a pointer", () => {
    const doc = structuredClone(newer) as unknown as { checks: { statuses: string[] }[] };
    doc.checks[0]!.statuses[0] = "maybe";
    const r = parseDocument(JSON.stringify(doc), "bad.json");
    expect(r.ok ? "" : `${r.code}: ${r.message}`).toMatch(
      /^INVALID_REPORT: bad\.json does not match spec\/schemas\/matrix\.v1\.json: at '\/checks\/0\/statuses\/0'/,
    );
    const good = parseDocument(JSON.stringify(newer), "new.json");
    expect(good.ok).toBe(true);
  });
});
