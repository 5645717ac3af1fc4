// FC-CERT-16, FC-CERT-17, FC-CERT-19: `certify --case FILE… [-- COMMAND]` replays saved counterexamples and library
// cases against any implementation; a run writes the failing ids next to its report and `--rerun` runs exactly them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import unstableOrder from "../mutants/unstable-order.ts";
import { reorderInvariance } from "../properties/reorder-invariance.ts";
import { inProcessIut } from "../runner/in-process.ts";
import type { CertifyReport } from "../runner/types.ts";
import { referenceHandler } from "../../src/protocol/reference.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { command } from "./certify.ts";

const CLI = fileURLToPath(new URL("./feedback-compactor.mjs", import.meta.url));
const CASES = fileURLToPath(new URL("../cases/", import.meta.url));
const WRONG = fileURLToPath(new URL("../fakes/wrong-answer.mjs", import.meta.url));
const serve = (...extra: string[]) => ["--", process.execPath, CLI, "serve", ...extra];

let dir: string;
let counterexample: string;

async function certify(args: string[]): Promise<{ code: number; report: CertifyReport; err: string }> {
  const io = fakeIo("", {}, { cwd: dir });
  const code = await command.run(["--reporter", "json", "--no-color", ...args], io);
  const text = io.out.join("");
  return { code, report: text === "" ? (null as never) : JSON.parse(text), err: io.err.join("") };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fc-replay-"));
  // A real counterexample: reorder invariance, shrunk against a compactor whose output order depends on input order.
  const out = await reorderInvariance.run(await inProcessIut(unstableOrder.wrap(referenceHandler)), {
    // A seed whose failure shrinks in few steps (~800 compactions): shrinking cost is set by the seed.
    seed: 6,
    runs: 20,
  });
  if (out.status !== "failed") throw new Error(`expected a counterexample, got ${out.status}`);
  counterexample = join(dir, "reorder.json");
  writeFileSync(counterexample, `${JSON.stringify(out.counterexample, null, 2)}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("certify --case", () => {
  it("replays a two-request counterexample: passes on the reference, fails on the implementation it came from", async () => {
    const doc = JSON.parse(readFileSync(counterexample, "utf8"));
    expect(doc.steps).toHaveLength(2);
    // The reference in-process (no command), then the broken one over the protocol.
    const good = await certify(["--case", counterexample]);
    expect(good.code, good.err).toBe(0);
    expect(good.report.results.map((r) => [r.id, r.status])).toEqual([[doc.id, "passed"]]);
    expect(good.report.suite).toMatchObject({ cases: 1, properties: 0 });

    const bad = await certify(["--case", counterexample, ...serve("--mutant", "unstable-order")]);
    expect(bad.code).toBe(1);
    expect(bad.report.results).toHaveLength(1);
    expect(bad.report.results[0]!.status).toBe("failed");
    expect(bad.report.results[0]!.message).toMatch(/^step 1: /);
    expect(bad.report.rerun?.command).toContain(`--case ${counterexample}`);
  });

  it("runs library case files in-process without a command, several at once, and rejects a bad file", async () => {
    const a = join(CASES, "policy/validate/basis-points-above-full-scale-are-invalid.json");
    const b = join(CASES, "compact/redaction/secret-in-a-message-is-masked.json");
    const r = await certify(["--case", a, b]);
    expect(r.code, r.err).toBe(0);
    expect(r.report.results.map((x) => x.id).sort()).toEqual([
      "compact.redaction.secret-in-a-message-is-masked",
      "policy.validate.basis-points-above-full-scale-are-invalid",
    ]);
    writeFileSync(join(dir, "bad.json"), '{"id": "x"}');
    const bad = await certify(["--case", join(dir, "bad.json")]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/"code":"USAGE".*--case files/);
  });
});

describe("--rerun", () => {
  it("the failing ids are written next to the report, and --rerun runs exactly them", async () => {
    const out = join(dir, "run", "report.json");
    const io = fakeIo("", {}, { cwd: dir });
    // A fake that answers every check wrongly (plain node: it starts fast).
    const args = ["--filter", "policy.validate.*", "--out", out, "--", process.execPath, WRONG];
    expect(await command.run(args, io)).toBe(1);
    const report = JSON.parse(readFileSync(out, "utf8")) as CertifyReport;
    const failing = report.results.filter((r) => r.status === "failed").map((r) => r.id);
    expect(failing.length).toBeGreaterThan(2);
    const idFile = join(dir, "run", "failing-checks.txt");
    expect(
      readFileSync(idFile, "utf8")
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#")),
    ).toEqual(failing);
    expect(report.rerun).toEqual({
      idFile: join("run", "failing-checks.txt"),
      command: `feedback-compactor certify --rerun ${join("run", "failing-checks.txt")} -- ${process.execPath} ${WRONG}`,
    });
    expect(report.problems?.[0]?.checks.length).toBeGreaterThan(0);

    // Re-run exactly those against the fixed implementation (the in-process reference): all of them, only them.
    const again = await certify(["--rerun", idFile]);
    expect(again.code, again.err).toBe(0);
    expect(again.report.results.map((r) => r.id)).toEqual(failing);
    expect(again.report.results.every((r) => r.status === "passed")).toBe(true);
    writeFileSync(join(dir, "unknown.txt"), "no.such.check\n");
    const unknown = await certify(["--rerun", join(dir, "unknown.txt")]);
    expect(unknown.code).toBe(2);
  });
});
