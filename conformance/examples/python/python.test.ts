// FC-PROTO-1..10, FC-CERT-2, FC-CERT-21: the Python example adapter is certified over the protocol; the README's recipe runs against it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { certify } from "../../runner/certify.ts";
import { gateFailures, skipListText } from "../../runner/problems.ts";
import type { CertifyReport } from "../../runner/types.ts";

const ADAPTER = fileURLToPath(new URL("./adapter.py", import.meta.url));
const DELTA_ONLY = fileURLToPath(new URL("./delta_only_adapter.py", import.meta.url));
const python = ["python3", "/usr/bin/python3"].find((p) => spawnSync(p, ["--version"]).status === 0);
if (python === undefined)
  console.warn("SKIPPED: python3 is not available, so the Python example is not certified");

let full: ReturnType<typeof certify> | undefined;
/** The full adapter's report (every profile, the properties with 3 runs), made once and shared by the tests below. */
const fullReport = () => {
  full ??= certify({ command: [python!, ADAPTER], includeProperties: true, runs: 3, seed: 3 });
  return full;
};

describe.skipIf(python === undefined)("the Python example adapter", () => {
  it("completes the smoke check and gets a status for every case; unannounced capabilities are skipped", async () => {
    const report = await fullReport();
    expect(report.implementation).toMatchObject({
      name: "toy-compactor-python",
      language: "python",
      capabilities: ["compact"],
    });
    expect(report.smoke.ok).toBe(true);
    expect(report.restarts).toBe(0);
    const cases = report.results.filter((r) => r.kind === "case");
    const compact = cases.filter((r) => r.command === "compact");
    const others = cases.filter((r) => r.command !== "compact");
    expect(others.length).toBeGreaterThan(0);
    expect(
      others.every(
        (r) =>
          r.status === "skipped" && /does not offer the '(policy|summary)' capability/.test(r.message ?? ""),
      ),
    ).toBe(true);
    // The toy answers every compact request in protocol: nothing is errored, some cases pass, many fail.
    expect(compact.filter((r) => r.status === "errored")).toEqual([]);
    expect(compact.filter((r) => r.status === "passed").length).toBeGreaterThan(10);
    expect(compact.filter((r) => r.status === "failed").length).toBeGreaterThan(10);
    expect(report.ok).toBe(false);
  });

  it("at the delta-only level: envelope checks are not applicable, the rest is judged on the Delta, the level is stated", async () => {
    // The full adapter's report over every profile: each check of the delta-only run below is in it.
    const full = await fullReport();
    const report = await certify({
      command: [python!, DELTA_ONLY],
      includeProperties: true,
      runs: 3,
      seed: 3,
      profile: "required",
    });
    expect(report.implementation).toMatchObject({
      name: "toy-compactor-python-delta-only",
      level: "delta-only",
    });
    expect(report.smoke.ok).toBe(true);
    const na = report.results.filter((r) => r.notApplicable === true);
    // FC-CERT-13: only checks with nothing left to judge are not applicable; the rest run on the Delta part.
    expect(na.length).toBeGreaterThan(20);
    expect(report.results.filter((r) => (r.setAside ?? []).length > 0).length).toBeGreaterThan(40);
    expect(
      na.every(
        (r) => r.status === "skipped" && /^not applicable at the delta-only level: /.test(r.message ?? ""),
      ),
    ).toBe(true);
    expect(report.level).toEqual({
      announced: "delta-only",
      reached: report.ok ? "delta-only" : "none",
      notApplicable: na.length,
    });
    // What is applicable in whole is judged exactly as for the full adapter: the same checks pass on the same Delta;
    // a check judged on its Delta part may pass where the full one fails on the envelope, never the reverse.
    const byId = new Map(full.results.map((r) => [r.id, r.status]));
    const applicable = report.results.filter((r) => r.notApplicable !== true && r.command === "compact");
    expect(applicable.length).toBeGreaterThan(60);
    expect(applicable.filter((r) => r.status === "errored")).toEqual([]);
    for (const r of applicable)
      if (r.status === "passed" && r.setAside === undefined) expect(byId.get(r.id), r.id).toBe("passed");
    for (const r of applicable) if (byId.get(r.id) === "passed") expect(r.status, r.id).toBe("passed");
    expect(full.level).toEqual({ announced: "full", reached: "none", notApplicable: 0 });
    expect(
      na
        .filter((r) => r.kind === "case")
        .every((r) => /every expectation reads the envelope|its request sends/.test(r.message ?? "")),
    ).toBe(true);
    const count = (s: string) => report.results.filter((r) => r.status === s).length;
    console.log(
      `delta-only Python example (required profile): ${count("passed")} passed, ${count("failed")} failed, ${count("errored")} errored, ${na.length} not applicable, level reached: ${report.level?.reached}`,
    );
  }, 120_000);

  it("answers a hand-written session: handshake, UNSUPPORTED with the seq, then exits on stop", () => {
    const session = [
      '{"cmd":"start","version":1}',
      '{"cmd":"nope","seq":4}',
      '{"cmd":"stop"}',
      '{"cmd":"nope","seq":5}',
    ];
    const r = spawnSync(python!, [ADAPTER], {
      input: `${session.join("\n")}\n`,
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ version: 1, capabilities: ["compact"] });
    expect(lines[1]).toMatchObject({ seq: 4, error: { code: "UNSUPPORTED" } });
  });
});

const README = fileURLToPath(new URL("../../../README.md", import.meta.url));

/** The TypeScript block under "Certify from a test runner" in the README, as written there. */
function readmeRecipe(): string {
  const text = readFileSync(README, "utf8");
  const at = text.indexOf("**Certify from a test runner**");
  const m = /```ts\n([\s\S]*?)```/.exec(text.slice(at));
  if (at < 0 || m === null) throw new Error("the README has no 'Certify from a test runner' recipe");
  return m[1]!;
}

/**
 * Runs the README's recipe as a test runner would: its `it` body with vitest's `expect`, the kit for
 * "feedback-compactor/conformance", and the recipe's command and skip file replaced by the Python example and
 * `skipFile`. Returns the assertion error (if the recipe's test failed) and the report it got.
 */
async function runRecipe(skipFile: string): Promise<{ error?: Error; report: CertifyReport }> {
  const recipe = readmeRecipe();
  const command = '["python3", "my_compactor.py"]';
  const skips = '"conformance-skips.txt"';
  expect(recipe).toContain(command);
  expect(recipe).toContain(skips);
  const code = transformSync(
    recipe.replace(command, JSON.stringify([python, ADAPTER])).replace(skips, JSON.stringify(skipFile)),
    { loader: "ts", format: "cjs" },
  ).code;
  let body: (() => Promise<void>) | undefined;
  let report: CertifyReport | undefined;
  const kit = {
    certify: async (o: Parameters<typeof certify>[0]) => {
      report = await certify(o);
      return report;
    },
    gateFailures,
  };
  const require = (name: string) => {
    if (name !== "feedback-compactor/conformance") throw new Error(`the recipe imports ${name}`);
    return kit;
  };
  const module = { exports: {} };
  new Function("require", "module", "exports", "it", "expect", code)(
    require,
    module,
    module.exports,
    (_name: string, fn: () => Promise<void>) => {
      body = fn;
    },
    expect,
  );
  if (body === undefined) throw new Error("the recipe declares no test");
  try {
    await body();
  } catch (e) {
    return { error: e as Error, report: report! };
  }
  return { report: report! };
}

describe.skipIf(python === undefined)("the README's 'Certify from a test runner' recipe", () => {
  it("is red with one readable line per failure, none for capability skips; green once today's failures are skipped", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-recipe-"));
    try {
      const skips = join(dir, "conformance-skips.txt");
      writeFileSync(skips, "# no known gaps yet\n");
      const red = await runRecipe(skips);
      expect(red.error).toBeDefined();
      const lines = gateFailures(red.report);
      // 124 checks are skipped for capabilities the toy does not announce (policy, summary): none is a failure.
      expect(
        red.report.results.filter((r) => /does not offer the '(policy|summary)'/.test(r.message ?? ""))
          .length,
      ).toBeGreaterThan(100);
      expect(lines.length).toBe(red.report.summary.gatingProblems);
      expect(lines.every((l) => /^\S+ (failed|errored) \[FC-[^\]]*\]: /.test(l))).toBe(true);
      expect(lines.some((l) => /capability/.test(l))).toBe(false);
      // The runner's diff shows exactly these lines.
      expect((red.error as unknown as { actual: unknown }).actual).toEqual(lines);
      // What `certify --write-skip` writes: today's failures, each with a placeholder reason.
      writeFileSync(skips, skipListText(red.report));
      const green = await runRecipe(skips);
      expect(green.error).toBeUndefined();
      expect(green.report.ok).toBe(true);
      expect(gateFailures(green.report)).toEqual([]);
      expect(green.report.summary.passed).toBe(red.report.summary.passed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
