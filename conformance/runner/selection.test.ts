// FC-CERT-3, FC-CERT-20, FC-CERT-21: no accidental green — empty or inapplicable selections are usage errors; the gate list.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { REFERENCE_INFO, referenceHandler } from "../../src/protocol/reference.ts";
import deltaOnly from "../variants/delta-only.ts";
import { runCertify } from "./certify.ts";
import { inProcessIut } from "./in-process.ts";
import { gateFailures } from "./problems.ts";
import type { CertifyReport } from "./types.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-selection-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo("", process.env, { isTTY: false, cwd: dir });
  const code = await main(["certify", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** Exit 2 with exactly one JSON error line, and nothing on stdout. */
function usageError(r: { code: number; out: string; err: string }): string {
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  const lines = r.err.trim().split("\n");
  expect(lines.length).toBe(1);
  const e = JSON.parse(lines[0]!) as { error: { code: string; message: string } };
  expect(e.error.code).toBe("USAGE");
  return e.error.message;
}

describe("a selection of zero checks is a usage error naming the filter", () => {
  it("a glob without '.*' says which glob would match", async () => {
    const m = usageError(await cli(["--filter", "compact.ids", "--no-properties"]));
    expect(m).toMatch(/--filter 'compact\.ids' matches none of the \d+ checks/);
    expect(m).toMatch(/'compact\.ids\.\*' matches \d+/);
  });

  it("a glob matching nothing", async () => {
    const m = usageError(await cli(["--filter", "nomatch.*"]));
    expect(m).toMatch(/--filter 'nomatch\.\*' matches none/);
  });

  it("a requirement nobody cites, and one in lower case", async () => {
    expect(usageError(await cli(["--filter", "FC-NOPE-99"]))).toMatch(/no check cites 'FC-NOPE-99'/);
    expect(usageError(await cli(["--filter", "fc-id-2"]))).toMatch(/write it in capitals \(FC-ID-2\)/);
  });

  it("a filter outside the profiles named", async () => {
    const m = usageError(
      await cli(["--filter", "compact.byte-exact.*", "--profile", "required", "--no-properties"]),
    );
    expect(m).toMatch(/are in no profile run \(required, from --profile\)/);
  });

  it("an empty shard", async () => {
    const m = usageError(
      await cli(["--filter", "policy.validate.complete-automatic-policy-is-valid", "--shard", "2/2"]),
    );
    expect(m).toMatch(/shard 2\/2 of the 1 selected check\(s\) is empty/);
  });
});

describe("--filter selects by requirement id", () => {
  it("FC-STALL-2 selects exactly the checks citing it, cases and properties alike", async () => {
    const r = await runCertify({ filter: "FC-STALL-2", runs: 2 });
    if (!r.ok) throw new Error(r.error.message);
    const ids = r.report.results.map((x) => x.id);
    expect(ids.length).toBeGreaterThan(2);
    expect(r.report.results.every((x) => x.requirements.includes("FC-STALL-2"))).toBe(true);
    expect(ids.some((id) => id.startsWith("property."))).toBe(true);
    // Globs and exclusions mix: every FC-STALL-2 check except the properties.
    const r2 = await runCertify({ filter: "FC-STALL-2,!property.*", runs: 2 });
    if (!r2.ok) throw new Error(r2.error.message);
    expect(r2.report.results.map((x) => x.id)).toEqual(ids.filter((id) => !id.startsWith("property.")));
    // A requirement glob, excluded from an id glob.
    const r3 = await runCertify({ filter: "compact.ids.*,!FC-ID-2", includeProperties: false });
    if (!r3.ok) throw new Error(r3.error.message);
    expect(r3.report.results.length).toBeGreaterThan(0);
    expect(r3.report.results.some((x) => x.requirements.includes("FC-ID-2"))).toBe(false);
  });
});

describe("a run in which nothing applicable is checked is a usage error", () => {
  it("a delta-only implementation whose every selected case reads the envelope", async () => {
    const iut = await inProcessIut(deltaOnly.wrap(referenceHandler), REFERENCE_INFO, undefined, "delta-only");
    const r = await runCertify({
      iut,
      filter: "compact.envelope.source-window-matches-the-request",
      includeProperties: false,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("USAGE");
    expect(r.error.message).toMatch(
      /--filter 'compact\.envelope\.source-window-matches-the-request' selects 1 check\(s\) and none applies .*level delta-only.*1 read the envelope/,
    );
  });

  it("an implementation without the capability the selection needs", async () => {
    const iut = await inProcessIut(referenceHandler, REFERENCE_INFO, ["compact"]);
    const r = await runCertify({ iut, filter: "policy.*", includeProperties: false });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toMatch(
        /need the 'policy' capability, which the implementation does not announce/,
      );
  });

  it("one applicable check among inapplicable ones is a real run", async () => {
    const iut = await inProcessIut(referenceHandler, REFERENCE_INFO, ["compact"]);
    const r = await runCertify({
      iut,
      filter: "policy.*,compact.ids.uuids-are-masked",
      includeProperties: false,
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.report.summary.passed).toBe(1);
    expect(r.report.ok).toBe(true);
  });
});

describe("gateFailures: what stands between a report and a pass", () => {
  it("is empty exactly when report.ok, and lists no capability skip or advisory problem", async () => {
    const iut = await inProcessIut(
      async (cmd, msg) => (cmd === "policy.validate" ? { result: { ok: true } } : referenceHandler(cmd, msg)),
      REFERENCE_INFO,
      ["compact", "policy"],
    );
    const r = await runCertify({
      iut,
      filter: "policy.validate.*,summary.*,compact.ids.*",
      includeProperties: false,
    });
    if (!r.ok) throw new Error(r.error.message);
    const report: CertifyReport = r.report;
    const lines = gateFailures(report);
    expect(report.ok).toBe(false);
    expect(lines.length).toBe(report.summary.gatingProblems);
    expect(lines.every((l) => l.startsWith("policy.validate."))).toBe(true);
    expect(lines[0]).toMatch(/^policy\.validate\.\S+ failed \[FC-[A-Z0-9-]+.*\]: /);
    // Summary cases were skipped for the capability, and are not failures.
    expect(
      report.results.filter((x) => x.id.startsWith("summary.")).every((x) => x.status === "skipped"),
    ).toBe(true);
    const green = await runCertify({ filter: "compact.ids.*", includeProperties: false });
    if (!green.ok) throw new Error(green.error.message);
    expect(green.report.ok).toBe(true);
    expect(gateFailures(green.report)).toEqual([]);
    // A failed smoke check makes ok false and is listed.
    const smokeFailed = {
      ...green.report,
      ok: false,
      smoke: {
        ok: false,
        checks: [
          {
            name: "stop" as const,
            requirements: ["FC-PROTO-8"],
            status: "failed" as const,
            ms: 0,
            message: "killed",
          },
        ],
      },
    };
    expect(gateFailures(smokeFailed)).toEqual(["smoke.stop failed: killed"]);
  });
});
