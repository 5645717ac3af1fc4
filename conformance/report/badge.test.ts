// FC-BADGE-1..4: the shields endpoint document — share, rounding down, colours, smoke, scope, mutation score.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { summarize } from "../runner/certify.ts";
import type { CertifyReport, CheckResult, MutantsReport } from "../runner/types.ts";
import { badgeFor, colourFor } from "./badge.ts";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const base = JSON.parse(readFileSync(join(fixtures, "acme-1.5.0.json"), "utf8")) as CertifyReport;
const template = base.results.find((r) => r.status === "passed")!;

/** A report with `passed` passing and `failed` failing checks (ids made up, every other field real). */
function withCounts(passed: number, failed: number, over: Partial<CheckResult> = {}): CertifyReport {
  const results: CheckResult[] = [
    ...Array.from({ length: passed }, (_, i) => ({
      ...template,
      id: `p.${i}`,
      status: "passed" as const,
      ...over,
    })),
    ...Array.from({ length: failed }, (_, i) => ({
      ...template,
      id: `f.${i}`,
      status: "failed" as const,
      ...over,
    })),
  ];
  return { ...base, results, summary: summarize(results) };
}

describe("badge", () => {
  it("colours by level at the documented boundaries", () => {
    expect([100, 99, 95, 94, 90, 89, 75, 74, 50, 49, 0].map(colourFor)).toEqual([
      "brightgreen",
      "green",
      "green",
      "yellowgreen",
      "yellowgreen",
      "yellow",
      "yellow",
      "orange",
      "orange",
      "red",
      "red",
    ]);
  });

  it("rounds down, so 199 of 200 is 99% and never 100%", () => {
    expect(badgeFor(withCounts(199, 1))).toEqual({
      schemaVersion: 1,
      label: "conformance",
      message: "99% passing",
      color: "green",
    });
    expect(badgeFor(withCounts(200, 0))).toEqual({
      schemaVersion: 1,
      label: "conformance",
      message: "100% passing",
      color: "brightgreen",
    });
    expect(badgeFor(withCounts(1, 2)).message).toBe("33% passing");
  });

  it("counts skipped checks as not passing", () => {
    const r = withCounts(3, 0);
    r.results[0] = { ...r.results[0]!, status: "skipped" };
    expect(badgeFor(r).message).toBe("66% passing");
  });

  it("is red when the adapter's smoke check failed, whatever the share", () => {
    const r = withCounts(10, 0);
    r.smoke = { ok: false, checks: r.smoke.checks.map((c, i) => (i === 0 ? { ...c, status: "failed" } : c)) };
    expect(badgeFor(r)).toMatchObject({ message: "100% passing", color: "red" });
  });

  it("with scope gating counts only the checks that decide the verdict", () => {
    const r = withCounts(1, 0);
    const advisory = withCounts(0, 3, { gating: false }).results;
    const mixed = { ...r, results: [...r.results, ...advisory] };
    expect(badgeFor(mixed).message).toBe("25% passing");
    expect(badgeFor(mixed, { scope: "gating" }).message).toBe("100% passing");
    expect(badgeFor(withCounts(0, 0))).toMatchObject({ message: "no checks", color: "lightgrey" });
  });

  it("gives a mutation report's score: killed over non-harmless mutants that ran", () => {
    const m = JSON.parse(readFileSync(join(fixtures, "mutation.json"), "utf8")) as MutantsReport;
    expect(badgeFor(m)).toEqual({
      schemaVersion: 1,
      label: "mutation score",
      message: "66% killed",
      color: "orange",
    });
    expect(badgeFor(m, { label: "suite strength" }).label).toBe("suite strength");
    const errored = {
      ...m,
      mutants: m.mutants.map((x) =>
        x.id === "compact-only-change" ? { ...x, error: "would not start" } : x,
      ),
    };
    expect(badgeFor(errored).message).toBe("100% killed");
  });
});
