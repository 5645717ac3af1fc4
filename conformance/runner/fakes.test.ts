// FC-CERT-2, FC-CERT-4..8, FC-PROTO-8: the runner against fake broken implementations (conformance/fakes).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCertify } from "./certify.ts";
import { startProcessIut } from "../../src/protocol/client.ts";
import type { CertifyOptions, CertifyReport } from "./types.ts";
import { writeFakeCases } from "../testing/fake-cases.ts";
import { alive } from "../testing/processes.ts";

const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
let dir: string;
let casesDir: string;
const CASES = 6;

beforeAll(() => {
  ({ dir, casesDir } = writeFakeCases("fc-fakes-", CASES));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fake(name: string): string[] {
  return [process.execPath, join(FAKES, `${name}.mjs`)];
}

async function run(name: string, extra: Partial<CertifyOptions> = {}, env: Record<string, string> = {}) {
  return runCertify({
    command: fake(name),
    casesDir,
    includeProperties: false,
    timeoutMs: 2000,
    startTimeoutMs: 10_000,
    env: { ...process.env, ...env },
    ...extra,
  });
}

async function report(name: string, extra: Partial<CertifyOptions> = {}, env: Record<string, string> = {}) {
  const r = await run(name, extra, env);
  if (!r.ok) throw new Error(`unexpected start-up problem: ${r.error.message}`);
  return r.report;
}

const statuses = (r: CertifyReport) => r.results.map((x) => x.status);

async function eventuallyDead(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("runner against fake implementations", () => {
  it("a well-behaved implementation passes every check and the smoke check", async () => {
    const r = await report("good");
    expect(statuses(r)).toEqual(Array(CASES).fill("passed"));
    expect(r.smoke.checks.map((c) => [c.name, c.status])).toEqual([
      ["handshake", "passed"],
      ["unknown-command", "passed"],
      ["seq-echo", "passed"],
      ["stop", "passed"],
    ]);
    expect(r.restarts).toBe(0);
    expect(r.ok).toBe(true);
    expect(r.implementation).toMatchObject({
      name: "fake",
      language: "javascript",
      capabilities: ["policy"],
    });
  });

  it("a wrong answer is failed, not errored, with the first difference", async () => {
    const r = await report("wrong-answer");
    expect(statuses(r)).toEqual(Array(CASES).fill("failed"));
    expect(r.results[0]!.mismatch).toEqual({ pointer: "/ok", expected: true, actual: false });
    expect(r.ok).toBe(false);
    expect(r.restarts).toBe(0);
  });

  it("a crash errors that one request; the process is restarted and the run continues", async () => {
    // Requests per process: 1 unknown-command, 2 seq-echo, 3 = first case → crash; each new process crashes on its 3rd.
    const r = await report("crash-on-nth", {}, { FAKE_CRASH_AT: "3" });
    expect(statuses(r)).toEqual(["errored", "passed", "passed", "errored", "passed", "passed"]);
    expect(r.results[0]!.message).toMatch(/exited \(code 3\)/);
    expect(r.restarts).toBe(2);
  });

  it("restarts are bounded: after the limit the remaining checks are errored without starting anything", async () => {
    // --keep-going: without it the run stops at the smoke check's diagnosis (see below).
    const r = await report("crash-on-nth", { maxRestarts: 2, keepGoing: true }, { FAKE_CRASH_AT: "1" });
    expect(r.restarts).toBe(2);
    expect(statuses(r)).toEqual(Array(CASES).fill("errored"));
    expect(r.results.at(-1)!.message).toMatch(/restarted 2 times/);
    expect(r.smoke.ok).toBe(false);
  });

  it("a hanging implementation times out per request", async () => {
    const r = await report("hang", {
      timeoutMs: 300,
      filter: "fake.validate-1,fake.validate-2",
      keepGoing: true,
    });
    expect(statuses(r)).toEqual(["errored", "errored"]);
    expect(r.results[0]!.message).toMatch(/no reply within 300 ms/);
    expect(r.results[0]!.ms).toBeGreaterThanOrEqual(290);
    // seq-echo (policy.validate) timed out too, and each timeout replaced the process.
    expect(r.smoke.checks.find((c) => c.name === "seq-echo")!.status).toBe("failed");
    expect(r.restarts).toBe(2);
  });

  it("a reply split across several writes is reassembled", async () => {
    const r = await report("split-reply");
    expect(statuses(r)).toEqual(Array(CASES).fill("passed"));
  });

  it("a wrong seq is errored", async () => {
    const r = await report("wrong-seq", { filter: "fake.validate-1", keepGoing: true });
    expect(statuses(r)).toEqual(["errored"]);
    expect(r.results[0]!.message).toMatch(/seq \d+, expected \d+/);
  });

  it("non-JSON output is errored without echoing it, saying that stdout is for replies", async () => {
    const r = await report("non-json", { filter: "fake.validate-1", keepGoing: true });
    expect(statuses(r)).toEqual(["errored"]);
    expect(r.results[0]!.message).toMatch(
      /not valid JSON \(\d+ bytes\); stdout is for protocol replies only, log to stderr/,
    );
    expect(r.results[0]!.message).not.toMatch(/debug/);
  });

  it("an over-sized reply is errored", async () => {
    const r = await report("oversized", {
      filter: "fake.validate-1",
      maxReplyBytes: 1024 * 1024,
      keepGoing: true,
    });
    expect(statuses(r)).toEqual(["errored"]);
    expect(r.results[0]!.message).toMatch(/larger than 1048576 bytes/);
  });

  it("a process that exits during the handshake is a start-up problem naming the exit", async () => {
    const r = await run("exit-in-handshake");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("IO");
      expect(r.error.message).toMatch(/exited \(code 7\)/);
      expect(r.error.message).toMatch(/giving up during the handshake/);
    }
  });

  it("a bad handshake reply is a start-up problem that says what is wrong", async () => {
    const r = await run("bad-handshake");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/version 2; expected 1/);
  });

  it("slow start-up with a flood of stderr is tolerated", async () => {
    const r = await report("slow-start", { timeoutMs: 500 }, { FAKE_START_DELAY_MS: "1200" });
    expect(statuses(r)).toEqual(Array(CASES).fill("passed"));
    expect(r.smoke.checks[0]!.ms).toBeGreaterThanOrEqual(1100);
  });

  it("no process survives: children left behind are killed with the implementation", async () => {
    const pidFile = join(dir, "children.txt");
    writeFileSync(pidFile, "");
    const started = await startProcessIut({
      command: fake("leave-child"),
      env: { ...process.env, FAKE_PID_FILE: pidFile },
      timeoutMs: 2000,
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const r = await runCertify({ iut: started.iut, casesDir, includeProperties: false });
    expect(r.ok && statuses(r.report)).toEqual(Array(CASES).fill("passed"));
    await started.iut.close();
    const children = readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
    expect(children.length).toBe(1);
    for (const pid of [...started.iut.pids, ...children]) expect(await eventuallyDead(pid)).toBe(true);
  });

  it("every process of a crashing run is gone at the end", async () => {
    const started = await startProcessIut({
      command: fake("crash-on-nth"),
      env: { ...process.env, FAKE_CRASH_AT: "2" },
    });
    if (!started.ok) throw new Error(started.message);
    await runCertify({ iut: started.iut, casesDir, includeProperties: false, keepGoing: true });
    await started.iut.close();
    expect(started.iut.pids.length).toBeGreaterThan(2);
    for (const pid of started.iut.pids) expect(await eventuallyDead(pid)).toBe(true);
  });

  it("an implementation that ignores stop is killed and the stop smoke check fails", async () => {
    const r = await report("ignore-stop", { filter: "fake.validate-1" });
    expect(statuses(r)).toEqual(["passed"]);
    const stop = r.smoke.checks.find((c) => c.name === "stop")!;
    expect(stop.status).toBe("failed");
    expect(r.ok).toBe(false);
  });

  it("--jobs 2 spreads the cases over two processes with the same statuses", async () => {
    const r = await report("good", { jobs: 2 });
    expect(statuses(r)).toEqual(Array(CASES).fill("passed"));
    expect(r.options.jobs).toBe(2);
  });

  it("--bail stops at the first gating failure and marks the rest not run", async () => {
    const r = await report("wrong-answer", { bail: true });
    expect(statuses(r)).toEqual(["failed", "skipped", "skipped", "skipped", "skipped", "skipped"]);
    expect(r.results[1]!.message).toMatch(/--bail/);
    expect(r.bailed).toBe(true);
  });

  it("a skipped check that passes is errored, one that fails is skipped with its reason", async () => {
    const good = await report("good", { skip: [{ id: "fake.validate-2", reason: "known bug #12" }] });
    expect(good.results[1]).toMatchObject({ status: "errored", skipReason: "known bug #12" });
    expect(good.results[1]!.message).toMatch(/remove it from the skip list/);
    const bad = await report("wrong-answer", { skip: [{ id: "fake.validate-*", reason: "not done yet" }] });
    expect(statuses(bad)).toEqual(Array(CASES).fill("skipped"));
    expect(bad.ok).toBe(true);
    const stale = await run("good", { skip: [{ id: "fake.no-such-case", reason: "x" }] });
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.error.message).toMatch(/matches no case/);
  });

  it("shards are disjoint and together cover the selection", async () => {
    const ids: string[] = [];
    for (const index of [1, 2, 3]) {
      const r = await report("good", { shard: { index, count: 3 } });
      expect(r.results.length).toBe(2);
      ids.push(...r.results.map((x) => x.id));
    }
    expect(ids.sort()).toEqual(Array.from({ length: CASES }, (_, i) => `fake.validate-${i + 1}`));
  });
});
