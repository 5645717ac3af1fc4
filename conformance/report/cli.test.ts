// FC-REPORT-8, FC-REPORT-11, FC-BADGE-1..4: `report` and `badge` through the CLI, and reading report files.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { parseReport, readCounterexamples } from "./load.ts";
import { start } from "./start.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const dir = mkdtempSync(join(tmpdir(), "fc-report-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
for (const f of ["acme-1.4.0.json", "acme-1.5.0.json", "mutation.json"])
  copyFileSync(join(fixtures, f), join(dir, f));
mkdirSync(join(dir, "counterexamples"));
copyFileSync(
  join(fixtures, "counterexamples", "property.determinism.seed-42.json"),
  join(dir, "counterexamples", "property.determinism.seed-42.json"),
);

async function run(argv: string[], stdin = "", isTTY = false) {
  const io = fakeIo(stdin, {}, { isTTY, cwd: dir });
  const code = await main(argv, io);
  return { code, stdout: io.out.join(""), stderr: io.err.join("") };
}

/** Exactly one JSON line on stderr and no stack trace; returns the error object. */
function oneError(stderr: string): { code: string; message: string } {
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return JSON.parse(stderr).error;
}

describe("feedback-compactor report", () => {
  it("--help teaches: both modes, examples, options and exit codes", async () => {
    const r = await run(["report", "--help"]);
    expect(r.code).toBe(0);
    for (const s of [
      "One report",
      "Several reports",
      "oldest",
      "--html FILE",
      "--fail-on-regression",
      "Exit codes",
      "INVALID_REPORT",
    ]) {
      expect(r.stdout).toContain(s);
    }
  });

  it("one report: prints its summary and writes the HTML page with the counterexample inlined", async () => {
    const r = await run(["report", "acme-1.4.0.json", "--html", "one.html"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Result: FAIL — 63 passed, 3 failed, 1 errored, 1 skipped of 68 checks");
    expect(r.stderr).toBe(`HTML report written to ${join(dir, "one.html")}\n`);
    const html = readFileSync(join(dir, "one.html"), "utf8");
    expect(html).toContain("Minimal counterexample");
    expect(html).toContain("<dt>report file</dt><dd>acme-1.4.0.json</dd>");
  });

  it("one mutation report: the mutation summary and the kill matrix page", async () => {
    const r = await run(["report", "mutation.json", "--html", "m.html"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("SURVIVED");
    expect(readFileSync(join(dir, "m.html"), "utf8")).toContain("Kill matrix (39 checks × 3 mutants)");
  });

  it("two reports: the comparison as text; exit 0 unless --fail-on-regression finds a regression", async () => {
    const r = await run(["report", "acme-1.4.0.json", "acme-1.5.0.json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Regressed (2)");
    expect(r.stderr).toBe("");
    expect((await run(["report", "acme-1.4.0.json", "acme-1.5.0.json", "--fail-on-regression"])).code).toBe(
      1,
    );
    // Order matters: newest first, 1.5.0's three fixes read as regressions.
    const reversed = await run(["report", "acme-1.5.0.json", "acme-1.4.0.json", "--fail-on-regression"]);
    expect([reversed.code, reversed.stdout.includes("Regressed (3)")]).toEqual([1, true]);
    expect((await run(["report", "acme-1.4.0.json", "acme-1.4.0.json", "--fail-on-regression"])).code).toBe(
      0,
    );
  });

  it("--json prints the comparison for machines; --html writes the matrix page", async () => {
    const r = await run(["report", "acme-1.4.0.json", "acme-1.5.0.json", "--json", "--html", "cmp.html"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.counts).toEqual({ regressed: 2, changed: 2, fixed: 3, same: 62 });
    expect(doc.rows[0].id).toBe("policy.validate.compact-at-must-be-below-full-scale");
    expect(r.stderr).toContain(`HTML comparison written to ${join(dir, "cmp.html")}`);
    expect(readFileSync(join(dir, "cmp.html"), "utf8")).toContain("Checks × reports");
  });

  it("reads one report from standard input", async () => {
    const r = await run(
      ["report", "acme-1.4.0.json", "-"],
      readFileSync(join(dir, "acme-1.5.0.json"), "utf8"),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("stdin");
  });

  it("uses colour on a terminal only", async () => {
    expect((await run(["report", "acme-1.4.0.json", "acme-1.5.0.json"], "", true)).stdout).toContain(
      "\u001b[",
    );
    expect(
      (await run(["report", "acme-1.4.0.json", "acme-1.5.0.json", "--no-color"], "", true)).stdout,
    ).not.toContain("\u001b[");
  });

  it.each([
    [["report"], "USAGE", /at least one REPORT/],
    [["report", "a.json", "--bogus"], "USAGE", /unknown option --bogus/],
    [["report", "-", "-"], "USAGE", /only once/],
    [["report", "acme-1.4.0.json", "--json"], "USAGE", /two or more/],
    [["report", "acme-1.4.0.json", "acme-1.5.0.json", "--max-rows", "0"], "USAGE", /--max-rows/],
    [["report", "missing.json"], "IO", /cannot read missing\.json \(ENOENT\)/],
    [["report", "acme-1.4.0.json", "mutation.json"], "INVALID_REPORT", /mutation\.json is a mutation report/],
  ])("%j fails with one %s error line", async (argv, code, message) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const e = oneError(r.stderr);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message as RegExp);
  });

  it("a file that is not a report is INVALID_REPORT, and the message quotes none of its values", async () => {
    const secret = "sk-live-THIS-MUST-NOT-LEAK";
    const doc = JSON.parse(readFileSync(join(dir, "acme-1.4.0.json"), "utf8"));
    doc.results[2].status = secret;
    writeFileSync(join(dir, "bad.json"), JSON.stringify(doc));
    writeFileSync(join(dir, "notjson.json"), `{"reportVersion": 1, ${secret}`);
    for (const file of ["bad.json", "notjson.json"]) {
      const r = await run(["report", file]);
      expect(r.code).toBe(2);
      const e = oneError(r.stderr);
      expect(e.code).toBe("INVALID_REPORT");
      expect(r.stderr).not.toContain(secret);
    }
    expect(oneError((await run(["report", "bad.json"])).stderr).message).toContain("at '/results/2/status'");
  });

  it("cannot write the page: IO error, exit 2", async () => {
    const r = await run(["report", "acme-1.4.0.json", "--html", join(dir, "no", "such", "dir", "x.html")]);
    expect(r.code).toBe(2);
    expect(
      oneError(
        r.stderr
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .join("\n"),
      ).code,
    ).toBe("IO");
  });
});

describe("feedback-compactor certify --reporter html", () => {
  it("an --out ending in .html writes the page of the run, one item per check, and says where", async () => {
    const r = await run([
      "certify",
      "--filter",
      "summary.accept.*",
      "--no-properties",
      "--seed",
      "5",
      "--out",
      "run.html",
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/html report written to run\.html/);
    const html = readFileSync(join(dir, "run.html"), "utf8");
    const items = html.match(/<details class="check passed" data-item/g) ?? [];
    expect(items.length).toBeGreaterThan(5);
    expect(html).toContain("<dt>seed</dt><dd>5</dd>");
  });

  it("--reporter html on stdout, and the usage error names html among the reporters", async () => {
    const r = await run([
      "certify",
      "--filter",
      "policy.validate.*",
      "--no-properties",
      "--reporter",
      "html",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith("<!doctype html>")).toBe(true);
    const bad = await run(["certify", "--reporter", "pdf"]);
    expect(oneError(bad.stderr).message).toContain("pretty, json, junit, html (a web page) or github");
  });
});

describe("feedback-compactor badge", () => {
  it("prints the shields endpoint JSON on one line", async () => {
    const r = await run(["badge", "acme-1.5.0.json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '{"schemaVersion":1,"label":"conformance","message":"94% passing","color":"yellowgreen"}\n',
    );
  });

  it("--label, --scope gating and --out", async () => {
    const r = await run([
      "badge",
      "acme-1.5.0.json",
      "--label",
      "acme",
      "--scope",
      "gating",
      "--out",
      "badge.json",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(join(dir, "badge.json"), "utf8"))).toMatchObject({ label: "acme" });
    expect(r.stderr).toContain("badge (");
  });

  it("--help names the endpoint URL, the rounding and the colours", async () => {
    const r = await run(["badge", "--help"]);
    expect(r.stdout).toContain("https://img.shields.io/endpoint?url=");
    expect(r.stdout).toContain("rounded down");
    expect(r.stdout).toContain("brightgreen");
  });

  it.each([
    [["badge"], "USAGE"],
    [["badge", "a.json", "b.json"], "USAGE"],
    [["badge", "acme-1.5.0.json", "--scope", "most"], "USAGE"],
    [["badge", "acme-1.5.0.json", "--label", " "], "USAGE"],
    [["badge", "nope.json"], "IO"],
  ])("%j fails with one %s error line", async (argv, code) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(2);
    expect(oneError(r.stderr).code).toBe(code);
  });
});

describe("reading reports", () => {
  it("every fixture validates against spec/schemas/report.v1.json", () => {
    for (const f of ["acme-1.4.0.json", "acme-1.5.0.json", "mutation.json"]) {
      const r = parseReport(readFileSync(join(fixtures, f), "utf8"), f);
      expect(r.ok ? "valid" : r.message).toBe("valid");
    }
  });

  it("rejects empty text, JSON that is not a v1 report, and names the file", () => {
    expect(parseReport(" ", "x.json")).toMatchObject({
      ok: false,
      code: "INVALID_REPORT",
      message: "x.json is empty; expected a JSON report",
    });
    expect(parseReport('{"reportVersion":2}', "x.json")).toMatchObject({ ok: false, code: "INVALID_REPORT" });
    expect(parseReport("[]", "x.json")).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a conformance report v1"),
    });
  });

  it("reads counterexamples relative to the report and skips missing ones", () => {
    const r = parseReport(readFileSync(join(fixtures, "acme-1.4.0.json"), "utf8"), "a");
    if (!r.ok) throw new Error(r.message);
    const got = readCounterexamples(r.value, fixtures);
    expect(Object.keys(got)).toEqual(["counterexamples/property.determinism.seed-42.json"]);
    expect(JSON.parse(Object.values(got)[0]!).id).toBe("property.determinism.counterexample");
    expect(readCounterexamples(r.value, tmpdir())).toEqual({});
  });
});

describe("npm start (conformance/report/start.ts)", () => {
  it("certifies over the process protocol and writes the text summary, JSON and HTML side by side", async () => {
    const out = join(dir, "start");
    const printed: string[] = [];
    const progress: string[] = [];
    const code = await start(out, {
      certify: { filter: "summary.accept.*", includeProperties: false, seed: 1 },
      print: (t) => printed.push(t),
      // A pipe, with a line for every check once the first one is out.
      progress: { write: (t) => progress.push(t), tty: false, everyMs: 0 },
    });
    const text = printed.join("");
    expect(code).toBe(0);
    // On a pipe the run says at once what it does, then how far it is: never silent.
    expect(progress[0]).toMatch(
      /^npm start: certifying the reference over the process protocol \(feedback-compactor serve\), \d+ checks\n$/,
    );
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatch(/^npm start: \d+\/\d+ checks, 0 failed, 0 errored \(cases\)\n$/);
    expect(progress.join("")).not.toContain("\r");
    // It ends with the next steps: the page as a link, and how to certify your own implementation.
    expect(text.trimEnd().split("\n").slice(-5)).toEqual([
      "Next:",
      `  open the HTML report:             ${pathToFileURL(join(out, "report.html")).href}`,
      "  certify your own implementation:  npx feedback-compactor certify -- python3 my_compactor.py",
      "    (any language speaking spec/protocol.md; conformance/examples/python/adapter.py is a starting point)",
      "  gate CI on it:                    npx feedback-compactor certify --reporter github -- ./my-compactor",
    ]);
    expect(text).toContain(`HTML report:  ${join(out, "report.html")}`);
    expect(text).toContain(`Text summary: ${join(out, "summary.txt")}`);
    expect(readFileSync(join(out, "summary.txt"), "utf8")).toMatch(/^Certifying feedback-compactor/);
    const report = parseReport(readFileSync(join(out, "report.json"), "utf8"), "report.json");
    if (!report.ok) throw new Error(report.message);
    expect(report.value.kind === "certification" && report.value.implementation.command?.at(-1)).toBe(
      "serve",
    );
    expect(readFileSync(join(out, "report.html"), "utf8")).toContain("Conformance of feedback-compactor");
  }, 60_000);
});
