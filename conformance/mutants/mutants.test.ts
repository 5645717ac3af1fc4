// FC-CERT-11: suite strength — every deliberately broken implementation is killed over the real process protocol,
// and every harmless variant passes everything.
import { describe, expect, it } from "vitest";
import { certifyMutants } from "../runner/mutants.ts";
import type { MutantsReport } from "../runner/types.ts";
import { withoutReferenceHangs } from "../tools/known-disagreements.ts";
import { specRequirementIds } from "../tools/write-compact-cases.ts";
import { mutants } from "./index.ts";

const SEED = 20261130;
const common = {
  seed: SEED,
  runs: 20,
  timeoutMs: 3000,
  ...(withoutReferenceHangs() ? { filter: withoutReferenceHangs() } : {}),
};

describe("mutants", () => {
  it("are at least 15 broken implementations and 2 harmless variants, with unique ids", () => {
    const ids = mutants.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mutants.filter((m) => !m.harmless).length).toBeGreaterThanOrEqual(15);
    expect(mutants.filter((m) => m.harmless).length).toBeGreaterThanOrEqual(2);
  });

  it("name the requirements they break, all defined in spec/", () => {
    const known = specRequirementIds();
    for (const m of mutants) {
      expect(m.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(m.description.length, m.id).toBeGreaterThan(0);
      if (m.harmless) expect(m.violates, m.id).toEqual([]);
      else expect(m.violates.length, m.id).toBeGreaterThan(0);
      for (const r of m.violates) expect(known.has(r), `${m.id} cites ${r}`).toBe(true);
    }
  });

  let report: MutantsReport;

  it("over the process protocol: every broken one is killed, every harmless one passes", async () => {
    report = await certifyMutants({ ...common, mode: "process" });
    const lines = report.mutants.map(
      (o) =>
        `${o.id}: ${o.harmless ? "harmless" : "broken"} killedBy=[${o.killedBy.slice(0, 3).join(", ")}]${o.error ? ` error=${o.error}` : ""}`,
    );
    expect(report.survivors, lines.join("\n")).toEqual([]);
    expect(report.falseAlarms, lines.join("\n")).toEqual([]);
    for (const o of report.mutants) {
      expect(o.error, `${o.id}: ${o.error}`).toBeUndefined();
      if (o.harmless) expect(o.killedBy, o.id).toEqual([]);
      else expect(o.killedBy.length, o.id).toBeGreaterThan(0);
    }
    expect(report.ok).toBe(true);
    expect(report.mutants.length).toBe(mutants.length);
  }, 900_000);

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
    expect(killed).toContain("compact.leak-scan.secret-in-the-state-ref-blocks-the-log");
  }, 300_000);
});
