// FC-CERT-11, SPEC.md §0: suite strength, measured both ways — every broken mutant is killed by a required check
// (recall), and every legal variant (conformance/variants) and harmless mutant passes the required profile (precision).
import { describe, expect, it } from "vitest";
import { certifyMutants } from "../runner/mutants.ts";
import { specRequirements } from "../runner/lint.ts";
import type { MutantsReport } from "../runner/types.ts";
import { withoutReferenceHangs } from "../tools/known-disagreements.ts";
import { variants } from "../variants/index.ts";
import { mutants } from "./index.ts";

const SEED = 20261130;
// A plain `npm test` runs every mutant and variant with fewer property runs; CI=true runs the full 20.
const RUNS = process.env.CI === "true" ? 20 : 8;
const common = {
  seed: SEED,
  runs: RUNS,
  timeoutMs: 3000,
  ...(withoutReferenceHangs() ? { filter: withoutReferenceHangs() } : {}),
};
const spec = specRequirements(new URL("../../spec", import.meta.url).pathname);

describe("mutants and legal variants", () => {
  it("are at least 15 broken implementations, 8 legal variants and 2 harmless mutants, with unique ids", () => {
    const all = [...mutants, ...variants];
    const ids = all.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mutants.filter((m) => !m.harmless).length).toBeGreaterThanOrEqual(15);
    expect(mutants.filter((m) => m.harmless).length).toBeGreaterThanOrEqual(2);
    expect(variants.length).toBeGreaterThanOrEqual(8);
  });

  it("mutants break contract requirements; variants depart only from reference ones (SPEC.md §0)", () => {
    for (const m of mutants) {
      expect(m.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(m.description.length, m.id).toBeGreaterThan(0);
      if (m.harmless) expect(m.violates, m.id).toEqual([]);
      else expect(m.violates.length, m.id).toBeGreaterThan(0);
      for (const r of m.violates)
        expect(spec.requirements.get(r)?.class, `${m.id} cites ${r}`).toBe("contract");
    }
    for (const v of variants) {
      expect(v.harmless && v.variant, v.id).toBe(true);
      expect(v.violates, v.id).toEqual([]);
      for (const r of v.departs)
        expect(spec.requirements.get(r)?.class, `${v.id} departs from ${r}`).toBe("reference");
    }
  });

  let report: MutantsReport;

  it("in one in-process run: every broken mutant is killed by a required check, every variant is accepted", async () => {
    const t0 = performance.now();
    report = await certifyMutants({ ...common, mode: "in-process" });
    const lines = report.mutants.map(
      (o) =>
        `${o.id}: ${o.harmless ? "harmless" : "broken"} killedBy=[${o.killedBy.slice(0, 3).join(", ")}]${o.error ? ` error=${o.error}` : ""}`,
    );
    expect(report.baselineProblems, lines.join("\n")).toEqual([]);
    expect(report.survivors, lines.join("\n")).toEqual([]);
    expect(report.falseAlarms, lines.join("\n")).toEqual([]);
    for (const o of report.mutants) {
      expect(o.error, `${o.id}: ${o.error}`).toBeUndefined();
      if (o.harmless) expect(o.killedBy, o.id).toEqual([]);
      else expect(o.killedBy.length, o.id).toBeGreaterThan(0);
    }
    expect(report.mutants.length).toBe(mutants.length + variants.length);
    expect(report.legalVariants).toEqual({
      accepted: variants.length + mutants.filter((m) => m.harmless).length,
      total: variants.length + mutants.filter((m) => m.harmless).length,
    });
    expect(report.mutantsKilled?.killed).toBe(report.mutantsKilled?.total);
    expect(report.ok).toBe(true);
    console.log(
      `mutants + variants in-process, runs ${RUNS}: ${Math.round(performance.now() - t0)} ms; legal variants accepted ${report.legalVariants?.accepted}/${report.legalVariants?.total}, mutants killed ${report.mutantsKilled?.killed}/${report.mutantsKilled?.total}`,
    );
    // A limit, not a speed target (speed lives in scripts/bench*): on 2 cores under a load of 8 to 10 this run took
    // 287 s and 430 s (2026-12-03), past the 300 s it had; the verdict must not depend on the machine's load.
  }, 1_200_000);

  it("the delta-only variant is judged at its level: on what the Delta shows, the rest set aside with why", async () => {
    const { runCertify } = await import("../runner/certify.ts");
    const { inProcessIut } = await import("../runner/in-process.ts");
    const { referenceHandler } = await import("../../src/protocol/reference.ts");
    const deltaOnly = variants.find((v) => v.id === "delta-only")!;
    const iut = await inProcessIut(
      deltaOnly.wrap(referenceHandler),
      { name: "delta-only", version: "1", language: "typescript" },
      undefined,
      "delta-only",
    );
    const r = await runCertify({ iut, seed: SEED, runs: 2, profile: "required" });
    if (!r.ok) throw new Error(r.error.message);
    const na = r.report.results.filter((x) => x.notApplicable);
    const ran = r.report.results.filter((x) => x.status === "passed");
    const partly = ran.filter((x) => (x.setAside ?? []).length > 0);
    expect(r.report.level).toEqual({
      announced: "delta-only",
      reached: "delta-only",
      notApplicable: na.length,
    });
    // Only cases with nothing left to judge are set aside whole; the Delta part of the others runs (FC-CERT-13).
    expect(na.length).toBeLessThan(60);
    expect(ran.length).toBeGreaterThan(250);
    expect(partly.length).toBeGreaterThan(60);
    expect(
      na.every(
        (x) => x.status === "skipped" && /^not applicable at the delta-only level: /.test(x.message ?? ""),
      ),
    ).toBe(true);
    const byId = (id: string) => r.report.results.find((x) => x.id === id);
    // A stall case runs its two requests and judges the second Delta; only stallCandidate is set aside.
    expect(byId("compact.stall.unchanged-open-causes-are-a-stall-candidate")?.status).toBe("passed");
    expect(
      byId("compact.stall.unchanged-open-causes-are-a-stall-candidate")?.setAside?.[0]?.expectation,
    ).toBe("step 0: assertion 1 (equals '/compaction/stallCandidate')");
    // Leaks are judged over whatever is returned: the redaction cases run.
    expect(byId("redaction.sensitive.github-pat-in-message")?.status).toBe("passed");
    // Id stability is judged on the ids the Delta shows; the envelope's lists are set aside.
    expect(byId("compact.ids.computed-ids-are-stable-across-requests-and-rounds")?.status).toBe("passed");
    expect(byId("compact.envelope.source-window-matches-the-request")?.notApplicable).toBe(true);
    expect(byId("property.determinism")?.status).toBe("passed");
    // Bounded size runs at this level: the suite's own count of the Delta against the request's budget.
    expect(byId("property.bounded-size")?.status).toBe("passed");
    expect(byId("property.schema-validity")?.status).toBe("passed");
  }, 120_000);

  it("over the process protocol a mutant is killed and the delta-only variant announces its level", async () => {
    const r = await certifyMutants({
      ...common,
      runs: 2,
      mode: "process",
      mutants: ["off-by-one-attempt", "delta-only"],
      filter: "compact.packing.*",
    });
    expect(r.survivors).toEqual([]);
    expect(r.falseAlarms).toEqual([]);
    expect(r.mutants.map((o) => o.error)).toEqual([undefined, undefined]);
  }, 120_000);

  it("catch a redaction bypass with the suite's own checks (planted secrets), not the implementation's tombstones", async () => {
    const r = await certifyMutants({
      ...common,
      mode: "in-process",
      mutants: ["redaction-bypass"],
      killMatrix: true,
      filter: "compact.redaction.secret-*,compact.leak-scan.*,property.no-secret-leakage",
    });
    const killed = r.mutants[0]!.killedBy;
    expect(killed).toContain("property.no-secret-leakage");
    expect(killed).toContain("compact.redaction.secret-in-a-message-is-masked");
    expect(killed).toContain("compact.redaction.secret-in-a-rule-never-reaches-the-delta");
    // Copying canonicalState.ref verbatim into the envelope is allowed (FC-SCAN-1): that case does not kill it.
    expect(killed).not.toContain("compact.leak-scan.secret-in-the-state-ref-stays-out-of-the-delta");
  }, 300_000);
});
