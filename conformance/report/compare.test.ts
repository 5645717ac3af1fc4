// FC-REPORT-9..11: comparing reports — classification, order, warnings, the text and HTML forms.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CertifyReport } from "../runner/types.ts";
import {
  type Change,
  classify,
  compareReports,
  type Outcome,
  renderComparisonHtml,
  renderComparisonText,
} from "./compare.ts";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const load = (name: string) => JSON.parse(readFileSync(join(fixtures, name), "utf8")) as CertifyReport;
const v14 = load("acme-1.4.0.json");
const v15 = load("acme-1.5.0.json");

describe("classify", () => {
  it("classifies every pair of outcomes as the definition says", () => {
    // Rows: first report's outcome; columns: the second's (passed, failed, errored, skipped, absent).
    const table: Record<Outcome, Change[]> = {
      passed: ["same", "regressed", "regressed", "changed", "changed"],
      failed: ["fixed", "same", "changed", "changed", "changed"],
      errored: ["fixed", "changed", "same", "changed", "changed"],
      skipped: ["changed", "changed", "changed", "same", "changed"],
      absent: ["changed", "changed", "changed", "changed", "same"],
    };
    const order: Outcome[] = ["passed", "failed", "errored", "skipped", "absent"];
    for (const a of order)
      for (const [i, b] of order.entries()) expect([a, b, classify([a, b])]).toEqual([a, b, table[a][i]]);
  });

  it("with more reports, a regression anywhere wins, and a fix that came with another change is a change", () => {
    expect(classify(["passed", "failed", "passed"])).toBe("regressed");
    expect(classify(["failed", "passed", "passed"])).toBe("fixed");
    expect(classify(["failed", "passed", "skipped"])).toBe("changed");
    expect(classify(["skipped", "skipped", "skipped"])).toBe("same");
    expect(classify(["passed"])).toBe("same");
  });
});

describe("compareReports", () => {
  const c = compareReports([
    { report: v14, source: "acme-1.4.0.json" },
    { report: v15, source: "acme-1.5.0.json" },
  ]);

  it("has one row per check id in either report", () => {
    const ids = new Set([...v14.results, ...v15.results].map((r) => r.id));
    expect(c.rows).toHaveLength(ids.size);
  });

  it("lists regressions first, then changes, then fixes, each by id", () => {
    const head = c.rows.slice(0, 7).map((r) => [r.change, r.id, r.outcomes.join(">")]);
    expect(head).toEqual([
      ["regressed", "policy.validate.compact-at-must-be-below-full-scale", "passed>failed"],
      ["regressed", "summary.accept.basis-mismatch-is-rejected", "passed>errored"],
      ["changed", "policy.validate.new-in-1-5", "absent>passed"],
      ["changed", "policy.validate.retired-case", "passed>absent"],
      ["fixed", "policy.validate.allow-conservative-rejects-heuristic-counter", "failed>passed"],
      ["fixed", "property.determinism", "failed>passed"],
      ["fixed", "summary.accept.assistant-role-is-rejected", "errored>passed"],
    ]);
    expect(c.rows.slice(7).every((r) => r.change === "same")).toBe(true);
    expect(c.counts).toEqual({ regressed: 2, changed: 2, fixed: 3, same: 62 });
  });

  it("labels columns A, B with the implementation and keeps each report's counts", () => {
    expect(c.columns.map((col) => [col.key, col.label, col.summary.failed])).toEqual([
      ["A", "acme-compactor 1.4.0", 3],
      ["B", "acme-compactor 1.5.0", 2],
    ]);
  });

  it("tells same-named reports apart by file, and warns when reports are hard to compare", () => {
    const other = {
      ...v14,
      options: { ...v14.options, seed: 7, filter: "policy.*" },
      suite: { ...v14.suite, version: "0.2.0" },
      bailed: true,
    };
    const d = compareReports([
      { report: v14, source: "a.json" },
      { report: other, source: "b.json" },
    ]);
    expect(d.columns.map((col) => col.label)).toEqual([
      "acme-compactor 1.4.0 (a.json)",
      "acme-compactor 1.4.0 (b.json)",
    ]);
    expect(d.warnings).toHaveLength(4);
    expect(d.warnings.join("\n")).toMatch(
      /different suite versions[\s\S]*select different checks[\s\S]*different seeds[\s\S]*report B \(b\.json\) stopped early/,
    );
    expect(c.warnings).toEqual([]);
  });
});

describe("text form", () => {
  const c = compareReports([{ report: v14 }, { report: v15 }]);

  it("shows each group with one mark per report and no colour codes unless asked", () => {
    const text = renderComparisonText(c);
    expect(text).not.toContain("\u001b[");
    expect(text).toContain("Regressed (2) — passed in one report, failed or errored in the next");
    expect(text).toContain(
      "  ✓ ✗  policy.validate.compact-at-must-be-below-full-scale  FC-POLICY-VALIDATE-6",
    );
    expect(text).toContain("  · ✓  policy.validate.new-in-1-5");
    expect(text).not.toContain("Same (");
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "Result: 2 regressed, 2 changed, 3 fixed, 62 same (69 checks)",
    );
    expect(renderComparisonText(c, { color: true })).toContain("\u001b[31m");
  });

  it("cuts long groups and says how many it left out; --all lists unchanged checks", () => {
    const text = renderComparisonText(c, { maxRows: 1, showSame: true });
    expect(text).toContain("… and 1 more");
    expect(text).toContain("Same (62)");
    expect(text).toContain("… and 61 more");
  });

  it("reveals invisible characters in ids instead of printing them raw", () => {
    const bad = {
      ...v15,
      results: v15.results.map((r, i) =>
        i === 0 ? { ...r, id: "evil\u001b[2Jid", status: "failed" as const } : r,
      ),
    };
    const text = renderComparisonText(compareReports([{ report: v14 }, { report: bad }]));
    expect(text).toContain("evil\\u001b[2Jid");
    expect(text).not.toContain("\u001b[2J");
  });
});

describe("html form", () => {
  it("is a matrix with a row per check, regressions first, and only differing rows shown by default", () => {
    const c = compareReports([{ report: v14 }, { report: v15 }]);
    const html = renderComparisonHtml(c);
    const rows = [...html.matchAll(/<tr data-item id="r-([^"]+)" class="([a-z]+)"/g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(rows).toHaveLength(69);
    expect(rows[0]).toEqual(["regressed", "policy.validate.compact-at-must-be-below-full-scale"]);
    expect(html).toContain('value="same"> same (62)');
    expect(html).toContain('value="regressed" checked> regressed (2)');
    expect(html).toContain("this report has no such check");
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});
