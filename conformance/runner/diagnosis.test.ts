// FC-CERT-22: a broken implementation gets one diagnosis, early — against fakes that crash, hang or print on stdout.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../properties/index.ts";
import { renderJunit, renderPretty } from "../report/render.ts";
import { referenceHandler } from "../../src/protocol/reference.ts";
import { runCertify } from "./certify.ts";
import { inProcessIut } from "./in-process.ts";
import type { CertifyOptions, CertifyReport } from "./types.ts";
import { writeFakeCases } from "../testing/fake-cases.ts";

const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
let dir: string;
let casesDir: string;
const CASES = 6;

beforeAll(() => {
  ({ dir, casesDir } = writeFakeCases("fc-diagnosis-", CASES));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function report(
  name: string,
  extra: Partial<CertifyOptions> = {},
  env: Record<string, string> = {},
): Promise<CertifyReport> {
  const r = await runCertify({
    command: [process.execPath, join(FAKES, `${name}.mjs`)],
    casesDir,
    includeProperties: false,
    timeoutMs: 2000,
    startTimeoutMs: 10_000,
    counterexampleDir: join(dir, `cx-${name}`),
    env: { ...process.env, ...env },
    ...extra,
  });
  if (!r.ok) throw new Error(`unexpected start-up problem: ${r.error.message}`);
  return r.report;
}

const statuses = (r: CertifyReport) => r.results.map((x) => x.status);
const NOT_RUN = /^not run: the run stopped at the diagnosis .*--keep-going runs every check$/;

describe("an implementation that crashes on every request", () => {
  it("stops at the smoke check with the exit code and the last stderr lines; the report opens with them", async () => {
    const r = await report("crash-always");
    expect(r.diagnosis).toMatchObject({
      summary: "it exits instead of answering a request for an unknown command (exit code 1)",
      found: "the smoke check unknown-command",
      stopped: true,
      exitCode: 1,
    });
    expect(r.diagnosis!.stderr!.at(-1)).toBe("RuntimeError: boom");
    expect(r.diagnosis!.stderr![0]).toBe("Traceback (most recent call last):");
    expect(statuses(r)).toEqual(Array(CASES).fill("skipped"));
    expect(r.results.every((x) => NOT_RUN.test(x.message ?? ""))).toBe(true);
    expect(r.ok).toBe(false);
    // stop was never sent to a process that had died: no stop check, and no "did not exit within 1.5 s".
    expect(r.smoke.checks.map((c) => c.name)).toEqual(["handshake", "unknown-command", "seq-echo"]);
    const text = renderPretty(r);
    const lines = text.split("\n");
    expect(lines[5]).toBe(
      "The implementation is broken: it exits instead of answering a request for an unknown command (exit code 1).",
    );
    expect(text.indexOf("RuntimeError: boom")).toBeLessThan(text.indexOf("Smoke check of the adapter"));
    expect(text).not.toContain("Fix these first");
    expect(text).not.toContain("1.5 s");
    expect(renderJunit(r)).toMatch(
      /<testcase classname="smoke" name="smoke.diagnosis"[^>]*>\s*<error message="it exits/,
    );
  });

  it("--keep-going runs every check; restarts are bounded and the diagnosis says the run went on", async () => {
    const r = await report("crash-always", { keepGoing: true, maxRestarts: 2 });
    expect(statuses(r)).toEqual(Array(CASES).fill("errored"));
    expect(r.diagnosis).toMatchObject({ stopped: false, found: "the smoke check unknown-command" });
    expect(r.restarts).toBe(2);
    expect(r.options.keepGoing).toBe(true);
  });
});

describe("an implementation that hangs", () => {
  it("costs one timeout: the run stops at the first smoke request and says which timeout ran out", async () => {
    const r = await report("hang-always", { timeoutMs: 300 });
    expect(r.diagnosis).toMatchObject({
      summary: "it does not answer a request for an unknown command within 300 ms (--timeout-ms)",
      timeoutMs: 300,
      stopped: true,
    });
    expect(r.diagnosis!.hint).toMatch(/flush/);
    // seq-echo is not sent after a timeout; every check is not run; no stop was sent to the killed process.
    expect(r.smoke.checks.map((c) => c.name)).toEqual(["handshake", "unknown-command"]);
    expect(statuses(r)).toEqual(Array(CASES).fill("skipped"));
    expect(r.restarts).toBe(0);
  });
});

describe("an implementation that prints debugging text on stdout", () => {
  it("shows the start of the offending line and says stdout is for protocol replies", async () => {
    const r = await report("debug-stdout");
    expect(r.diagnosis!.summary).toBe(
      "it writes a line on stdout that is not a protocol reply when it gets a request for an unknown command",
    );
    expect(r.diagnosis!.stdoutLine).toBe('DEBUG: got request {"cmd":"fc.smoke.no-such-command","seq":1}');
    expect(r.diagnosis!.hint).toMatch(
      /^stdout is for protocol replies only, one JSON object per line: log to stderr/,
    );
    const text = renderPretty(r);
    expect(text).toContain(
      '  the line on stdout starts: "DEBUG: got request {\\"cmd\\":\\"fc.smoke.no-such-command\\"',
    );
  });
});

describe("an implementation given up after its restarts", () => {
  it("stops when the restarts run out during the cases, naming the check and the cause of the last crash", async () => {
    const r = await report("crash-on-cases", { maxRestarts: 2 });
    expect(r.smoke.ok).toBe(true);
    // Three processes crash on cases 1-3 (the first and two restarts); case 4 finds the limit reached.
    expect(statuses(r)).toEqual(["errored", "errored", "errored", "errored", "skipped", "skipped"]);
    expect(r.diagnosis).toMatchObject({
      summary:
        "the implementation was given up after 2 restarts (--max-restarts): it exits instead of answering requests (exit code 1)",
      found: "check fake.validate-4",
      stopped: true,
      restarts: 2,
      stderr: ["fatal: cannot handle this policy"],
    });
    expect(r.results.slice(4).every((x) => NOT_RUN.test(x.message ?? ""))).toBe(true);
    // Three exits are one group, the given-up check another.
    expect(r.problems?.map((g) => [g.cause, g.checks.length])).toEqual([
      ["the process exited instead of answering", 3],
      ["not run: the implementation was given up after its restarts", 1],
    ]);
  });
});

describe("properties against an implementation that does not answer", () => {
  it("are errored, not failed, and a dead implementation leaves no counterexample", async () => {
    const cx = join(dir, "cx-dead");
    // The real library, filtered to the properties; the fake announces compact.
    const out = await runCertify({
      command: [process.execPath, join(FAKES, "crash-always.mjs")],
      keepGoing: true,
      maxRestarts: 1,
      runs: 3,
      filter: "property.*",
      counterexampleDir: cx,
      env: { ...process.env, FAKE_CAPABILITIES: "compact" },
    });
    if (!out.ok) throw new Error(out.error.message);
    const run = out.report;
    const props = run.results.filter((x) => x.kind === "property");
    expect(props.length).toBe(properties.length);
    expect(props.filter((x) => x.status === "failed")).toEqual([]);
    expect(props.some((x) => x.status === "errored")).toBe(true);
    expect(props.every((x) => x.counterexample === undefined)).toBe(true);
    expect(existsSync(cx) ? readdirSync(cx) : []).toEqual([]);
  });

  it("a live implementation that crashes on one request keeps that request as a replayable case", async () => {
    const crashOnRounds = await inProcessIut(async (cmd, msg) => {
      const req = msg.request as { rounds?: unknown[] } | undefined;
      if (cmd === "compact" && Array.isArray(req?.rounds) && req.rounds.length > 0) throw new Error("boom");
      return referenceHandler(cmd, msg);
    });
    const cx = join(dir, "cx-live");
    const r = await runCertify({
      iut: crashOnRounds,
      filter: "property.determinism",
      runs: 3,
      counterexampleDir: cx,
    });
    if (!r.ok) throw new Error(r.error.message);
    const p = r.report.results[0]!;
    expect(p.status).toBe("errored");
    expect(p.message).toMatch(/^the implementation did not answer: the handler threw Error/);
    expect(p.counterexample).toBe(join(cx, `property.determinism.seed-${p.seed}.json`));
    expect(existsSync(p.counterexample!)).toBe(true);
    expect(r.report.diagnosis).toBeUndefined();
  });
});
