// FC-CLI-3, FC-CERT-10, FC-CERT-12: every command keeps "one JSON error line, exit 2"; --help and errors agree; signals.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCertify } from "../runner/certify.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { main } from "./main.ts";
import { alive } from "../testing/processes.ts";

const BIN = fileURLToPath(new URL("./feedback-compactor.mjs", import.meta.url));
const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-contract-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo("", process.env, { isTTY: false, cwd: dir });
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** Exit 2, nothing on stdout, exactly one JSON line on stderr; its error object. */
function oneError(r: { code: number; out: string; err: string }): { code: string; message: string } {
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  const lines = r.err.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0]!) as { error: { code: string; message: string } }).error;
}

describe("one JSON error line, exit 2", () => {
  it("no arguments at all", async () => {
    const e = oneError(await cli([]));
    expect(e.code).toBe("USAGE");
    expect(e.message).toMatch(
      /^no command given; the commands are compact, .*certify.*; run 'feedback-compactor --help'$/,
    );
  });

  it("check --cases <missing dir> (was 240 lint lines and exit 1)", async () => {
    const e = oneError(await cli(["check", "--cases", "no-such-dir"]));
    expect(e).toEqual({ code: "IO", message: "cannot read the --cases directory 'no-such-dir' (ENOENT)" });
    writeFileSync(join(dir, "a-file"), "");
    expect(oneError(await cli(["check", "--spec", "a-file"])).message).toMatch(/\(ENOTDIR\)$/);
  });

  it("report --html <unwritable>: the error alone, not the whole report before it", async () => {
    const run = await cli([
      "certify",
      "--filter",
      "policy.validate.*",
      "--no-properties",
      "--out",
      "run.json",
    ]);
    expect(run.code).toBe(0);
    const e = oneError(await cli(["report", "run.json", "--html", join(dir, "missing", "dir", "x.html")]));
    expect(e.code).toBe("IO");
    expect(e.message).toMatch(/^cannot write .*x\.html \(ENOENT\)$/);
  });

  it("demo --budget-tokens 5 is a usage error (it used to fall back every round and exit 0)", async () => {
    const e = oneError(await cli(["demo", "--budget-tokens", "5"]));
    expect(e).toEqual({
      code: "USAGE",
      message: "--budget-tokens takes a whole number from 128 to 1000000 (the compactor's budget range)",
    });
    expect(oneError(await cli(["demo", "--timeout-ms", "0"])).message).toMatch(/--timeout-ms/);
  });

  it("--profile bogus lists every profile --help names", async () => {
    const help = (await cli(["certify", "--help"])).out;
    const e = oneError(await cli(["certify", "--profile", "bogus"]));
    const named = /\(([a-z0-9-]+(?:, [a-z0-9-]+)+)\)/
      .exec(help.slice(help.indexOf("--profile P")))![1]!
      .split(", ");
    expect(named).toEqual(["required", "reference", "stage1-raw", "optional", "byte-exact"]);
    for (const p of named) expect(e.message).toContain(p);
  });
});

describe("certify --features without cucumber", () => {
  it("fails before starting anything, with the install command", async () => {
    const started = join(dir, "started.txt");
    const r = await runCertify(
      {
        command: [process.execPath, join(FAKES, "good.mjs")],
        includeFeatures: true,
        env: { ...process.env, FAKE_SELF_PID_FILE: started },
      },
      {
        findCucumber: () => ({
          problem: "--features needs @cucumber/cucumber 12 (npm install -D @cucumber/cucumber@12)",
        }),
      },
    );
    expect(r).toEqual({
      ok: false,
      error: {
        code: "USAGE",
        message: "--features needs @cucumber/cucumber 12 (npm install -D @cucumber/cucumber@12)",
      },
    });
    expect(existsSync(started)).toBe(false);
  });
});

describe("signals", () => {
  it("SIGHUP to certify kills a hanging implementation and exits 129", async () => {
    const pidFile = join(dir, "hang.pid");
    const child = spawn(
      process.execPath,
      [
        BIN,
        "certify",
        "--timeout-ms",
        "60000",
        "--no-properties",
        "--",
        process.execPath,
        join(FAKES, "hang-always.mjs"),
      ],
      { env: { ...process.env, FAKE_SELF_PID_FILE: pidFile }, stdio: "ignore" },
    );
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    let pid = 0;
    for (let i = 0; i < 600 && pid === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (existsSync(pidFile)) pid = Number(readFileSync(pidFile, "utf8").trim().split("\n")[0]);
    }
    expect(pid).toBeGreaterThan(0);
    // The implementation is up and hanging in the smoke check; the runner's terminal goes away.
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGHUP");
    expect(await exited).toBe(129);
    let gone = false;
    for (let i = 0; i < 40 && !gone; i++) {
      gone = !alive(pid);
      if (!gone) await new Promise((r) => setTimeout(r, 50));
    }
    expect(gone).toBe(true);
  }, 60_000);
});
