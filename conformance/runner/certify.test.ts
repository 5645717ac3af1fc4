// FC-CERT-1, FC-CERT-3, FC-CERT-9..12: in-process and process certification agree; the CLI's options, outputs and exit codes.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import type { PropertyCheck, ProtocolHandler } from "../iut.ts";
import { certify, runCertify } from "./certify.ts";
import { certifyMutants, type Mutant } from "./mutants.ts";
import type { CertifyReport } from "./types.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";

const BIN = fileURLToPath(new URL("../cli/feedback-compactor.mjs", import.meta.url));
const SERVE = [process.execPath, BIN, "serve"];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-certify-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[], tty = false): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo("", process.env, { isTTY: tty, cwd: dir });
  const code = await main(["certify", ...args], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

const byId = (r: CertifyReport) => Object.fromEntries(r.results.map((x) => [x.id, x.status]));

/** `npm test` compares a fixed half of the library (every second check by id, all areas); CI=true the whole. */
const WHOLE = process.env.CI === "true";

describe("in-process and process certification", () => {
  it(`give the same per-check statuses on ${WHOLE ? "the whole library" : "half the library (shard 1/2)"} (with --jobs 2 over the protocol)`, async () => {
    // A generous timeout: this machine is shared, and a timeout would be an errored status, not a disagreement.
    const opts = {
      seed: 42,
      runs: 5,
      timeoutMs: 60_000,
      ...(WHOLE ? {} : { shard: { index: 1, count: 2 } }),
    };
    const inProcess = await certify(opts);
    const overProtocol = await certify({ ...opts, command: SERVE, jobs: 2 });
    expect(inProcess.results.length).toBeGreaterThan(50);
    expect(byId(overProtocol)).toEqual(byId(inProcess));
    expect(overProtocol.smoke.ok).toBe(true);
    expect(overProtocol.restarts).toBe(0);
    expect(overProtocol.implementation).toMatchObject({ name: "feedback-compactor", language: "typescript" });
    expect(overProtocol.implementation.capabilities).toEqual(["compact", "policy", "summary"]);
  });
});

describe("certify CLI", () => {
  it("prints JSON when piped and exits 0 when every deciding check passes", async () => {
    const r = await cli(["--filter", "policy.validate.*", "--no-properties"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as CertifyReport;
    expect(report.ok).toBe(true);
    expect(report.results.every((x) => x.id.startsWith("policy.validate."))).toBe(true);
  });

  it("prints the pretty report on a terminal", async () => {
    const r = await cli(["--filter", "summary.accept.*", "--no-properties", "--no-color"], true);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Certifying feedback-compactor/);
    expect(r.out).toMatch(/Result: PASS/);
  });

  it("--out writes the report (junit from .xml) and a one-line verdict on stderr", async () => {
    const r = await cli(["--filter", "policy.decide.guard-*", "--no-properties", "--out", "report.xml"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(readFileSync(join(dir, "report.xml"), "utf8")).toMatch(/^<\?xml/);
    expect(r.err).toMatch(
      /^PASS: \d+ passed, 0 failed, 0 errored, 0 skipped; junit report written to report.xml\n$/,
    );
  });

  it("exits 1 when a deciding check fails: a skip list entry that passes is an error", async () => {
    writeFileSync(
      join(dir, "skips.txt"),
      "# known problems\npolicy.validate.count-timeout-must-be-positive  tracked in #1\n",
    );
    const r = await cli(["--filter", "policy.validate.*", "--no-properties", "--skip", "skips.txt"]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as CertifyReport;
    expect(
      report.results.find((x) => x.id === "policy.validate.count-timeout-must-be-positive"),
    ).toMatchObject({
      status: "errored",
      skipReason: "tracked in #1",
    });
  });

  const usage: [string, string[], RegExp][] = [
    ["unknown option", ["--frobnicate"], /unknown option --frobnicate/],
    [
      "bad reporter",
      ["--reporter", "xml"],
      /--reporter is pretty, json, junit, html \(a web page\) or github/,
    ],
    ["bad shard", ["--shard", "3/2"], /--shard takes K\/N/],
    [
      "bad profile",
      ["--profile", "strict"],
      /--profile takes required, reference, stage1-raw, optional, byte-exact/,
    ],
    ["bad number", ["--jobs", "0"], /--jobs takes a whole number ≥ 1/],
    ["empty command", ["--"], /'--' must be followed by the implementation's command/],
    ["stray argument", ["python3"], /put the implementation's command after '--'/],
    ["missing skip file", ["--skip", "nope.txt"], /cannot read the skip file \(ENOENT\)/],
    ["skip without reason", ["--skip", "reasonless.txt"], /a reason is required/],
  ];
  it.each(usage)("usage problem: %s → exit 2 and one JSON line", async (_name, args, message) => {
    writeFileSync(join(dir, "reasonless.txt"), "policy.validate.x\n");
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    const lines = r.err.trim().split("\n");
    expect(lines.length).toBe(1);
    const e = JSON.parse(lines[0]!) as { error: { code: string; message: string } };
    expect(e.error.message).toMatch(message);
  });

  it("a command that does not exist is a start-up problem (exit 2) that says what to fix", async () => {
    const r = await cli(["--", "/nonexistent/compactor"]);
    expect(r.code).toBe(2);
    const e = JSON.parse(r.err) as { error: { code: string; message: string } };
    expect(e.error.code).toBe("IO");
    expect(e.error.message).toMatch(/did not start: .*ENOENT.*runs by hand/);
  });

  it("--help teaches the options and exit codes", async () => {
    const r = await cli(["--help"]);
    expect(r.code).toBe(0);
    for (const word of ["--reporter", "--shard K/N", "--skip FILE", "--mutants", "Exit codes"])
      expect(r.out).toContain(word);
  });
});

describe("mutation runs (in-process, injected mutants)", () => {
  const breakValidate =
    (ref: ProtocolHandler): ProtocolHandler =>
    async (cmd, msg) =>
      cmd === "policy.validate" ? { result: { ok: true } } : ref(cmd, msg);
  const mutants: Mutant[] = [
    {
      id: "accept-every-policy",
      description: "validate says ok to anything",
      violates: ["FC-POLICY-VALIDATE-1"],
      wrap: breakValidate,
    },
    { id: "identity", description: "the reference itself", violates: [], harmless: true, wrap: (ref) => ref },
    {
      id: "break-decide",
      description: "decide is broken, but the filter runs only validate cases",
      violates: ["FC-POLICY-TRIGGER-2"],
      wrap: (ref) => async (cmd, msg) => (cmd === "policy.decide" ? { result: {} } : ref(cmd, msg)),
    },
  ];

  it("kills, survivors, harmless variants and the kill matrix", async () => {
    const r = await certifyMutants(
      { filter: "policy.validate.*", killMatrix: true, includeProperties: false, seed: 1 },
      { mutants },
    );
    const m = Object.fromEntries(r.mutants.map((o) => [o.id, o]));
    expect(m["accept-every-policy"]!.survived).toBe(false);
    expect(m["accept-every-policy"]!.killedBy.length).toBeGreaterThan(5);
    expect(m.identity).toMatchObject({ harmless: true, killedBy: [], falseAlarm: false, survived: false });
    expect(m["break-decide"]!.survived).toBe(true);
    expect(r.survivors).toEqual(["break-decide"]);
    expect(r.ok).toBe(false);
    // A case expecting {ok:true} cannot kill "accept everything": it is in killsNothing.
    expect(r.killsNothing).toContain("policy.validate.complete-automatic-policy-is-valid");
    expect(r.killMatrix!["policy.validate.compact-at-must-be-below-full-scale"]).toEqual([
      "accept-every-policy",
    ]);
  });

  it("fails a case whose log passes every assertion but not the log schema (FC-LOG-1)", async () => {
    // A top-level member the schema does not define: no assertion of the case reads it.
    const extraMember: Mutant = {
      id: "log-member-outside-the-schema",
      description: "the log carries a top-level member the log schema does not define",
      violates: ["FC-LOG-1"],
      wrap: (ref) => async (cmd, msg) => {
        const reply = await ref(cmd, msg);
        return cmd === "compact" && reply.log !== undefined
          ? { ...reply, log: { ...(reply.log as object), debugTrace: [] } }
          : reply;
      },
    };
    const r = await certifyMutants(
      { filter: "compact.packing.rendered-tokens-stay-within-the-budget", includeProperties: false, seed: 1 },
      { mutants: [extraMember] },
    );
    expect(r.baselineProblems).toEqual([]);
    expect(r.mutants[0]).toMatchObject({ survived: false });
    expect(r.mutants[0]!.killedBy).toEqual(["compact.packing.rendered-tokens-stay-within-the-budget"]);
  });

  it("without the kill matrix a mutant stops at its first kill", async () => {
    const r = await certifyMutants(
      { filter: "policy.validate.*", includeProperties: false, seed: 1, mutants: ["accept-every-policy"] },
      { mutants },
    );
    expect(r.mutants[0]!.killedBy.length).toBe(1);
    expect(r.killMatrix).toBeUndefined();
    expect(existsSync(dir)).toBe(true);
  });
});

describe("properties in a run", () => {
  const counterexample = {
    id: "found.by-property",
    description: "A counterexample.",
    requirements: ["FC-PURE-1"],
  };
  const props: PropertyCheck[] = [
    {
      id: "property.always-passes",
      description: "passes",
      requirements: ["FC-PURE-1"],
      capability: "compact",
      run: async (_iut, o) => ({ status: "passed", runs: o.runs }),
    },
    {
      id: "property.always-fails",
      description: "fails",
      requirements: ["FC-PURE-1"],
      capability: "compact",
      run: async (_iut, o) => ({
        status: "failed",
        seed: o.seed,
        path: "3:1",
        message: "differs",
        counterexample,
      }),
    },
    {
      id: "property.throws",
      description: "throws",
      requirements: ["FC-PURE-1"],
      capability: "compact",
      run: async () => {
        throw new RangeError("boom");
      },
    },
  ];

  it("run after the cases with the seed and runs given; a failure saves its counterexample as a case file", async () => {
    const out = join(dir, "cx");
    const r = await runCertify(
      { filter: "policy.validate.c*,property.*", seed: 99, runs: 7, counterexampleDir: out },
      { properties: props },
    );
    if (!r.ok) throw new Error(r.error.message);
    const ps = r.report.results.filter((x) => x.kind === "property");
    expect(r.report.results.at(-ps.length - 1)!.kind).toBe("case");
    expect(ps.map((x) => [x.id, x.status])).toEqual([
      ["property.always-passes", "passed"],
      ["property.always-fails", "failed"],
      ["property.throws", "errored"],
    ]);
    expect(ps[0]!.message).toBe("7 runs");
    const failed = ps[1]!;
    expect(failed).toMatchObject({
      seed: 99,
      replayPath: "3:1",
      counterexample: join(out, "property.always-fails.seed-99.json"),
    });
    expect(JSON.parse(readFileSync(failed.counterexample!, "utf8"))).toEqual(counterexample);
    expect(ps[2]!.message).toBe("the property threw RangeError");
  });

  it("obey --filter and --skip", async () => {
    const r = await runCertify(
      {
        filter: "property.always-*",
        skip: [{ id: "property.always-fails", reason: "known" }],
        counterexampleDir: join(dir, "cx2"),
      },
      { properties: props },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.report.results.map((x) => [x.id, x.status])).toEqual([
      ["property.always-passes", "passed"],
      ["property.always-fails", "skipped"],
    ]);
    expect(r.report.ok).toBe(true);
  });
});
