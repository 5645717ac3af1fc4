// FC-CERT-3, FC-CERT-23: skip lists for real life — exclusions from a glob, glob rot, "narrow the glob", --write-skip.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { renderPretty } from "../report/render.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import type { ProtocolHandler } from "../iut.ts";
import { parseSkipList } from "./cases.ts";
import { runCertify } from "./certify.ts";
import { inProcessIut } from "./in-process.ts";
import { parseIdFile, SKIP_REASON_PLACEHOLDER, skipListText } from "./problems.ts";
import type { CertifyOptions, CertifyReport, SkipEntry } from "./types.ts";
import { writeFakeCases } from "../testing/fake-cases.ts";

const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
let dir: string;
let casesDir: string;
const INFO = { name: "fake", version: "0", language: "javascript" };

beforeAll(() => {
  ({ dir, casesDir } = writeFakeCases("fc-skips-", 6));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** policy.validate answers ok for the inputs `passes` accepts: those cases pass, the others fail. */
const handler =
  (passes: (n: number) => boolean): ProtocolHandler =>
  async (cmd, msg) =>
    cmd === "policy.validate"
      ? { result: { ok: passes((msg.input as { n: number }).n) } }
      : { error: { code: "UNSUPPORTED", message: "no" } };

async function run(
  passes: (n: number) => boolean,
  skip: SkipEntry[],
  extra: Partial<CertifyOptions> = {},
): Promise<CertifyReport> {
  const iut = await inProcessIut(handler(passes), INFO, ["policy"]);
  const r = await runCertify({ iut, casesDir, includeProperties: false, skip, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.report;
}

const byId = (r: CertifyReport) => Object.fromEntries(r.results.map((x) => [x.id.slice(5), x.status]));

describe("an entry can exclude ids from its glob", () => {
  it("'fake.*,!fake.validate-1': the excluded check is judged, the rest skipped", async () => {
    const r = await run(() => false, [{ id: "fake.*,!fake.validate-1", reason: "not done" }]);
    expect(byId(r)).toEqual({
      "validate-1": "failed",
      "validate-2": "skipped",
      "validate-3": "skipped",
      "validate-4": "skipped",
      "validate-5": "skipped",
      "validate-6": "skipped",
    });
    expect(r.results[1]).toMatchObject({ skipEntry: "fake.*,!fake.validate-1", wouldBe: "failed" });
    expect(r.ok).toBe(false);
  });

  it("an exclusion that takes out nothing, or an entry that only excludes, is a usage error", async () => {
    const iut = await inProcessIut(
      handler(() => true),
      INFO,
      ["policy"],
    );
    const r = await runCertify({
      iut,
      casesDir,
      includeProperties: false,
      skip: [{ id: "fake.validate-*,!fake.other", reason: "x" }],
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toMatch(
        /'!fake\.other' excludes none of the checks 'fake\.validate-\*' covers/,
      );
    expect(parseSkipList("!fake.validate-1  why\n")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/line 1: skip entry '!fake.validate-1' only excludes/),
    });
    expect(parseSkipList('[{"id":"fake.*,!fake.validate-2","reason":"r"}]')).toEqual({
      ok: true,
      entries: [{ id: "fake.*,!fake.validate-2", reason: "r" }],
    });
  });
});

describe("what counts as rot", () => {
  it("a glob none of whose checks fails any more is an error on each of them: remove it", async () => {
    const r = await run(() => true, [{ id: "fake.*", reason: "redaction not implemented yet" }]);
    expect(Object.values(byId(r))).toEqual(Array(6).fill("errored"));
    expect(r.results[0]!.message).toMatch(
      /the skip entry 'fake\.\*' \('redaction not implemented yet'\) no longer covers a failing check — all of its checks pass: remove it/,
    );
    expect(r.ok).toBe(false);
  });

  it("a check under a glob that still skips failures passes, with 'narrow the glob'", async () => {
    const r = await run((n) => n % 2 === 0, [{ id: "fake.*", reason: "half done" }]);
    expect(byId(r)).toEqual({
      "validate-1": "skipped",
      "validate-2": "passed",
      "validate-3": "skipped",
      "validate-4": "passed",
      "validate-5": "skipped",
      "validate-6": "passed",
    });
    expect(r.results[1]!.message).toBe(
      "passes, though the skip entry 'fake.*' covers it: narrow the glob ('fake.*,!fake.validate-2')",
    );
    expect(r.ok).toBe(true);
    expect(renderPretty(r)).toContain(
      "Skip list: 1 glob also covers checks that pass now; narrow them:\n" +
        "  fake.*  (3 checks pass) → fake.*,!fake.validate-2,!fake.validate-4,!fake.validate-6\n",
    );
  });

  it("a glob is not judged rotten on a selection that leaves some of its checks out", async () => {
    const r = await run((n) => n % 2 === 0, [{ id: "fake.*", reason: "half done" }], {
      filter: "fake.validate-2,fake.validate-4",
    });
    expect(Object.values(byId(r))).toEqual(["passed", "passed"]);
    expect(r.ok).toBe(true);
  });

  it("an exact id that passes is still an error", async () => {
    const r = await run(() => true, [{ id: "fake.validate-3", reason: "bug #12" }]);
    expect(byId(r)["validate-3"]).toBe("errored");
    expect(r.results[2]!.message).toMatch(/remove it from the skip list/);
  });
});

describe("certify --write-skip FILE", () => {
  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    const io = fakeIo("", process.env, { isTTY: false, cwd: dir });
    const code = await main(["certify", ...args], io);
    return { code, out: io.out.join(""), err: io.err.join("") };
  }
  const impl = ["--", process.execPath, join(FAKES, "good.mjs")];
  const select = ["--filter", "policy.validate.*", "--no-properties"];

  it("writes today's failures with a reason placeholder; given back with --skip, the run passes", async () => {
    // good.mjs answers every policy {ok: true}: the cases expecting a rejection fail.
    const first = await cli([...select, "--write-skip", "skips.txt", ...impl]);
    expect(first.code).toBe(1);
    const report = JSON.parse(first.out) as CertifyReport;
    const failing = report.results.filter((r) => r.status === "failed").map((r) => r.id);
    expect(failing.length).toBeGreaterThan(5);
    expect(first.err).toContain(`skip list of ${failing.length} check(s) written to skips.txt`);
    const text = readFileSync(join(dir, "skips.txt"), "utf8");
    expect(text).toMatch(
      /^# Skip list for fake 0\.0\.0, written by 'feedback-compactor certify --write-skip'/,
    );
    expect(text).toContain(`${failing[0]}  ${SKIP_REASON_PLACEHOLDER}\n`);
    expect(text).toMatch(
      /\n# returns a result where error INVALID_POLICY is expected — \d+ gating checks \(FC-POLICY-/,
    );
    expect(
      parseIdFile(text)
        .map((l) => l.split(/\s+/)[0])
        .sort(),
    ).toEqual([...failing].sort());
    const second = await cli([...select, "--skip", "skips.txt", ...impl]);
    expect(second.code).toBe(0);
    // Written again from the skipped run, the file keeps its checks and their reasons.
    const again = skipListText(JSON.parse(second.out) as CertifyReport);
    expect(parseIdFile(again).sort()).toEqual(parseIdFile(text).sort());
  });

  it("an unwritable file is one JSON error line, exit 2, and no report", async () => {
    const r = await cli([...select, "--write-skip", join(dir, "no", "such", "dir", "s.txt"), ...impl]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(JSON.parse(r.err.trim())).toEqual({
      error: { code: "IO", message: "cannot write the skip file (ENOENT)" },
    });
  });
});
