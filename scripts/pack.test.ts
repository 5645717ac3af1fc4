// FC-CLI-9, FC-CLI-10, FC-CERT-1: the package as another project gets it. The tarball is built like `npm pack`
// builds it (scripts/build.mjs, into a staging copy so the checkout's dist/ is left alone while other tests run),
// installed into a new project from the registry with an empty npm cache of its own, then used from plain Node,
// from strict TypeScript, from a vitest test and through npx. The consumer installs only the tarball and its
// runtime dependencies; TypeScript and vitest come from this checkout's node_modules.
// CI=true adds a full certification over the protocol and the Gherkin features (cucumber linked from here).
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLib, buildPerRound, tarballPackageJson } from "./build.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const NPX = process.platform === "win32" ? "npx.cmd" : "npx";
const FULL = process.env.CI === "true";
let dir: string;
let consumer: string;
let packed: { files: { path: string }[]; entryCount: number; size: number; unpackedSize: number };
let bin: string;
let installLog: string;

/** How this machine reaches the registry: the only npm settings the consumer inherits from `npm test`. */
const REACH =
  /^npm_config_(registry|userconfig|globalconfig|.*proxy|cafile|ca|strict_ssl|replace_registry_host)$/i;

/**
 * The environment of every process the consumer runs: a fresh npm (its own empty cache, none of the settings
 * `npm test` passes down, such as --offline) that reaches the registry as this machine does, and nothing from
 * this test run's loaders or coverage.
 */
function consumerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env))
    if (
      (k.toLowerCase().startsWith("npm_config_") && !REACH.test(k)) ||
      k === "NODE_OPTIONS" ||
      k === "NODE_V8_COVERAGE" ||
      k.startsWith("VITEST") ||
      k === "TSX_TSCONFIG_PATH"
    )
      delete env[k];
  env.npm_config_cache = join(dir, "npm-cache");
  env.npm_config_update_notifier = "false";
  return env;
}

function run(cmd: string, args: string[], timeout = 60_000) {
  // A JSON report of the whole suite is over a MiB, spawnSync's default buffer: past it the child is killed (status null).
  const r = spawnSync(cmd, args, {
    cwd: consumer,
    encoding: "utf8",
    env: consumerEnv(),
    timeout,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fc-pack-"));
  const stage = join(dir, "stage");
  await buildPerRound(join(stage, "dist"));
  await buildLib(join(stage, "dist", "lib"));
  for (const f of ["README.md", "LICENSE"]) cpSync(join(ROOT, f), join(stage, f));
  // What npm's prepack writes (scripts/build.mjs --prepack): the tarball's package.json has no scripts.
  writeFileSync(
    join(stage, "package.json"),
    tarballPackageJson(readFileSync(join(ROOT, "package.json"), "utf8")),
  );
  const out = execFileSync(NPM, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
    cwd: stage,
    encoding: "utf8",
    env: consumerEnv(),
  });
  packed = JSON.parse(out)[0];
  consumer = join(dir, "consumer");
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  // A new machine: an empty cache of its own, dependencies from the registry this machine reaches.
  const install = spawnSync(
    NPM,
    [
      "install",
      "--prefer-online",
      "--no-audit",
      "--no-fund",
      join(dir, (packed as { filename?: string }).filename!),
    ],
    { cwd: consumer, env: consumerEnv(), encoding: "utf8" },
  );
  if (install.status !== 0) throw new Error(`npm install failed: ${install.stderr}`);
  installLog = `${install.stdout}${install.stderr}`;
  bin = join(
    consumer,
    "node_modules",
    "feedback-compactor",
    "dist",
    "lib",
    "conformance",
    "cli",
    "feedback-compactor.mjs",
  );
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the tarball", () => {
  it("holds compiled JavaScript, declarations and run-time data, no tests, fixtures, sources or dev scripts", () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain("dist/lib/src/index.js");
    expect(paths).toContain("dist/lib/src/index.d.ts");
    expect(paths).toContain("dist/lib/conformance/index.d.ts");
    expect(paths).toContain("dist/per-round.mjs");
    expect(paths).toContain("dist/lib/spec/schemas/compacted-feedback-log.v1.json");
    expect(paths).toContain("dist/lib/src/loop/demo/sample/package.json");
    expect(paths.filter((p) => p.startsWith("dist/lib/conformance/cases/")).length).toBeGreaterThan(400);
    const stray = paths.filter(
      (p) =>
        !/^(package\.json|README\.md|LICENSE|dist\/.+)$/.test(p) ||
        (/\.test\.[cm]?[jt]s$/.test(p) && !p.startsWith("dist/lib/src/loop/demo/sample/")) ||
        /\/(fixtures|fakes)\//.test(p) ||
        (/\.[cm]?ts$/.test(p) && !/\.d\.(json\.)?[cm]?ts$/.test(p)) ||
        p.startsWith("dist/lib/scripts/") ||
        p === "dist/manifest.json",
    );
    expect(stray).toEqual([]);
    // Development tools stay out unless a shipped module needs them.
    expect(paths).not.toContain("dist/lib/conformance/tools/write-compact-cases.js");
  });

  it("carries a package.json without the checkout's scripts, so installing it mentions none", () => {
    const installed = JSON.parse(
      readFileSync(join(consumer, "node_modules", "feedback-compactor", "package.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(installed.scripts).toBeUndefined();
    expect(installed.allowScripts).toBeUndefined();
    expect(installed.bin).toEqual({
      "feedback-compactor": "dist/lib/conformance/cli/feedback-compactor.mjs",
    });
    expect(installLog).not.toMatch(/prepare|scripts\/build\.mjs/);
  });

  it("installs without the TypeScript loader or the bundler", () => {
    expect(existsSync(join(consumer, "node_modules", "tsx"))).toBe(false);
    expect(existsSync(join(consumer, "node_modules", "esbuild"))).toBe(false);
    expect(existsSync(join(consumer, "node_modules", "vitest"))).toBe(false);
  });
});

describe("from plain Node", () => {
  it("imports the compactor, the checks, the fallback, the policy engine, certify and the schemas", () => {
    const golden = "stage1/absolute-paths-become-repo-relative.json";
    const request = JSON.parse(readFileSync(join(ROOT, "golden/cases", golden), "utf8")).request;
    const expected = JSON.parse(readFileSync(join(ROOT, "golden/expected", golden), "utf8")).log;
    writeFileSync(join(consumer, "request.json"), JSON.stringify(request));
    writeFileSync(
      join(consumer, "use.mjs"),
      `import { readFileSync } from "node:fs";
import { compactRequest, decideDocument, fallbackDelta, validateLog, validatePolicy } from "feedback-compactor";
import { certify } from "feedback-compactor/conformance";
import logSchema from "feedback-compactor/schemas/compacted-feedback-log.v1.json" with { type: "json" };
const request = JSON.parse(readFileSync("request.json", "utf8"));
const compacted = compactRequest(request);
const policy = {
  policy: { automatic: true, counterPolicy: "allow-conservative", compactAt: 8500, rearmBelow: 6000,
    reservedOutput: 512, safetyMargin: 256, maxSummaryTokens: 256, countTimeoutMs: 2000, hustle: "context.compact" },
  capability: "conservative",
  hustles: { "context.compact": { maxOutputTokens: 1024, timeoutMs: 30000 } },
};
const decision = decideDocument({ ...policy, config: { window: 200000, waterLevel: 8000 },
  state: { armed: true, boundary: { kind: "turn" }, usage: { counted: 171000 }, turnsSinceCompaction: 7 } });
const report = await certify({ filter: "policy.validate.*", includeProperties: false });
console.log(JSON.stringify({
  log: compacted.ok ? compacted.value : compacted.error,
  invalid: compactRequest({}),
  validated: compacted.ok ? validateLog(compacted.value, { currentRound: request.rounds.at(-1).index }) : null,
  notALog: validateLog({}),
  fallback: fallbackDelta({ lastRound: 3, lastVerdict: "fail" }),
  policy: validatePolicy(policy),
  badPolicy: validatePolicy({ ...policy, policy: { ...policy.policy, rearmBelow: 9000 } }),
  decision,
  certify: { kind: report.kind, ok: report.ok, results: report.results.length },
  schemaId: logSchema.$id,
}));
`,
    );
    const r = run(process.execPath, ["use.mjs"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    // The compiled package computes the reference's bytes.
    expect(out.log).toEqual(expected);
    expect(out.invalid).toMatchObject({ ok: false, error: { code: "INVALID_REQUEST" } });
    expect(out.validated).toMatchObject({ ok: true, value: { ok: true } });
    expect(out.notALog).toMatchObject({ ok: false, error: { code: "INVALID_LOG" } });
    expect(out.fallback).toMatchObject({ attempt: 4 });
    expect(out.policy.ok).toBe(true);
    expect(out.badPolicy).toMatchObject({
      ok: false,
      error: { code: "INVALID_POLICY", field: "rearmBelow" },
    });
    expect(out.decision).toMatchObject({ ok: true, value: { action: "compact", trigger: "automatic" } });
    expect(out.certify.kind).toBe("certification");
    expect(out.certify.ok).toBe(true);
    expect(out.certify.results).toBeGreaterThan(20);
    expect(out.schemaId).toMatch(/compacted-feedback-log\.v1\.json$/);
  });

  it("can be required from CommonJS (Node's require of ES modules, Node >= 20.19)", () => {
    writeFileSync(
      join(consumer, "use.cjs"),
      `const fc = require("feedback-compactor");
const kit = require("feedback-compactor/conformance");
const schema = require("feedback-compactor/schemas/decision.v1.json");
console.log(JSON.stringify({ compact: typeof fc.compactRequest, certify: typeof kit.certify, id: schema.$id,
  code: fc.compactRequest({}).error.code }));
`,
    );
    const r = run(process.execPath, ["use.cjs"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({
      compact: "function",
      certify: "function",
      id: expect.stringMatching(/decision\.v1\.json$/),
      code: "INVALID_REQUEST",
    });
  });
});

describe("from strict TypeScript", () => {
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  const config = (moduleResolution: string, file: string) => ({
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: false,
      target: "ES2022",
      module: moduleResolution === "bundler" ? "esnext" : "nodenext",
      moduleResolution,
      types: [],
      lib: ["ES2023"],
    },
    files: [file],
  });
  const typed = `import {
  type CompactedFeedbackLog,
  type CorrectionDelta,
  type Decision,
  type FcError,
  type Result,
  compactRequest,
  decideDocument,
  fallbackDelta,
  validateLog,
} from "feedback-compactor";
import { type CertifyReport, certify } from "feedback-compactor/conformance";
import schema from "feedback-compactor/schemas/compacted-feedback-log.v1.json" with { type: "json" };

export const log: Result<CompactedFeedbackLog> = compactRequest({}, { budgetTokens: 512 });
export const error: FcError | null = log.ok ? null : log.error;
export const checked = log.ok ? validateLog(log.value, { currentRound: 3 }) : null;
export const warnings: string[] = checked?.ok ? checked.value.warnings : [];
export const delta: CorrectionDelta = fallbackDelta({ lastRound: 3, lastVerdict: "fail" });
const decided = decideDocument({});
export const action: "compact" | "keep" | null = decided.ok && "action" in decided.value ? decided.value.action : null;
export const decision: Decision | null = decided.ok && "action" in decided.value ? decided.value : null;
export const report: Promise<CertifyReport> = certify({ filter: "policy.*", includeProperties: false });
export const id: string = schema.$id;
`;

  for (const resolution of ["nodenext", "bundler"]) {
    it(`type-checks a consumer against the shipped declarations (moduleResolution ${resolution})`, () => {
      writeFileSync(join(consumer, "typed.ts"), typed);
      writeFileSync(
        join(consumer, `tsconfig.${resolution}.json`),
        JSON.stringify(config(resolution, "typed.ts")),
      );
      const r = run(process.execPath, [tsc, "-p", `tsconfig.${resolution}.json`, "--pretty", "false"]);
      expect(r.stdout + r.stderr).toBe("");
      expect(r.code).toBe(0);
    });
  }

  it("rejects a consumer that misuses them (the declarations carry real types)", () => {
    writeFileSync(
      join(consumer, "wrong.ts"),
      `import { compactRequest, fallbackDelta } from "feedback-compactor";
import { certify } from "feedback-compactor/conformance";
export const a: string = compactRequest({});
export const b = fallbackDelta({ lastRound: "3", lastVerdict: "fail" });
export const c = certify({ filtre: "x" });
`,
    );
    writeFileSync(join(consumer, "tsconfig.wrong.json"), JSON.stringify(config("nodenext", "wrong.ts")));
    const r = run(process.execPath, [tsc, "-p", "tsconfig.wrong.json", "--pretty", "false"]);
    expect(r.code).not.toBe(0);
    const lines = r.stdout.split("\n").filter((l) => l.startsWith("wrong.ts("));
    expect(lines.map((l) => /^wrong\.ts\((\d+),/.exec(l)?.[1])).toEqual(["3", "4", "5"]);
  });
});

describe("from a vitest test in the consumer", () => {
  it("certifies the reference in-process and a protocol command through certify", () => {
    mkdirSync(join(consumer, "test"), { recursive: true });
    writeFileSync(
      join(consumer, "test", "conformance.test.ts"),
      `import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { certify } from "feedback-compactor/conformance";

const pkg = createRequire(import.meta.url).resolve("feedback-compactor/package.json");
const serve = [process.execPath, join(dirname(pkg), "dist/lib/conformance/cli/feedback-compactor.mjs"), "serve"];

describe("feedback-compactor conformance", () => {
  it("certifies the reference in-process", async () => {
    const report = await certify({ filter: "summary.accept.*", includeProperties: false });
    expect(report.ok).toBe(true);
    expect(report.results.length).toBeGreaterThan(5);
    expect(report.implementation.name).toBe("feedback-compactor");
  }, 120_000);
  it("certifies an implementation over the protocol", async () => {
    const report = await certify({ command: serve, filter: "policy.validate.*", includeProperties: false });
    expect(report.smoke.ok).toBe(true);
    expect(report.ok).toBe(true);
    expect(report.implementation.command).toEqual(serve);
  }, 120_000);
});
`,
    );
    const vitest = join(ROOT, "node_modules", "vitest", "vitest.mjs");
    const r = run(
      process.execPath,
      [vitest, "run", "--root", consumer, "--globals", "--reporter", "json"],
      90_000,
    );
    const out = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
    const failures = JSON.stringify(
      out.testResults?.flatMap((f: { assertionResults: { failureMessages: string[] }[] }) =>
        f.assertionResults.flatMap((a) => a.failureMessages.map((m) => m.split("\n")[0]!.slice(0, 300))),
      ),
    );
    expect(out.numPassedTests, `${r.stderr}\n${failures}`).toBe(2);
    expect(out.numFailedTests).toBe(0);
    expect(r.code).toBe(0);
  });
});

describe("through npx", () => {
  it("compacts with the shipped per-round bundle and with dist/lib/, to the reference's bytes", () => {
    const golden = "stage3/repeated-trace-becomes-a-back-reference.json";
    const request = JSON.parse(readFileSync(join(ROOT, "golden/cases", golden), "utf8")).request;
    const expected = JSON.parse(readFileSync(join(ROOT, "golden/expected", golden), "utf8"));
    writeFileSync(join(consumer, "round.json"), JSON.stringify(request));
    const viaBundle = run(NPX, ["--no-install", "feedback-compactor", "compact", "round.json", "--delta"]);
    expect(viaBundle.code, viaBundle.stderr).toBe(0);
    expect(viaBundle.stdout).toBe(`${expected.delta}\n`);
    const r = spawnSync(process.execPath, [bin, "compact", "round.json"], {
      cwd: consumer,
      encoding: "utf8",
      env: { ...consumerEnv(), FEEDBACK_COMPACTOR_NO_BUNDLE: "1" },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expected.log);
  });

  // Two certifications of up to 120 s each (the whole suite over the protocol with CI=true): the test's own bound holds
  // both, so a loaded machine slows it without failing it (it once took 65 s against vitest's 60 s default).
  it("certifies the installed reference in-process and over the protocol", () => {
    const certify = (args: string[]) => {
      const r = run(
        NPX,
        ["--no-install", "feedback-compactor", "certify", "--reporter", "json", ...args],
        120_000,
      );
      return { code: r.code, report: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
    };
    const local = certify(["--no-properties", "--filter", "policy.validate.*,compact.request.*"]);
    expect(local.code, local.stderr).toBe(0);
    expect(local.report.results.length).toBeGreaterThan(20);
    expect(local.report.results.every((x: { status: string }) => x.status === "passed")).toBe(true);
    const serve = [process.execPath, bin, "serve"];
    const remote = certify([
      ...(FULL ? [] : ["--no-properties", "--filter", "policy.decide.*"]),
      "--",
      ...serve,
    ]);
    expect(remote.code, remote.stderr).toBe(0);
    expect(remote.report.implementation).toMatchObject({ name: "feedback-compactor", command: serve });
    expect(remote.report.smoke.checks.map((c: { status: string }) => c.status)).toEqual([
      "passed",
      "passed",
      "passed",
      "passed",
    ]);
    if (FULL) expect(remote.report.suite.properties).toBeGreaterThan(0);
  }, 300_000);

  it("runs the demo (the retry loop with the real tsc, from the optional typescript dependency)", () => {
    const r = run(NPX, [
      "--no-install",
      "feedback-compactor",
      "demo",
      "--json",
      "--audit-log",
      "demo.audit.jsonl",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const outcome = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    expect(outcome).toMatchObject({ event: "outcome", status: "pass", escalations: 1 });
    const verified = run(NPX, ["--no-install", "feedback-compactor", "audit", "verify", "demo.audit.jsonl"]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
  });

  it("writes the workbench as a static folder from the prebuilt browser script (FC-WB-1)", () => {
    const r = run(NPX, ["--no-install", "feedback-compactor", "workbench", "--out", "wb"]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(join(consumer, "wb", "index.html"), "utf8");
    // The spec view names the compiled module that implements a requirement (its header survives compilation).
    expect(page).toContain("stage5-condense.js");
    expect(readFileSync(join(consumer, "wb", "app.js"), "utf8").length).toBeGreaterThan(1_000_000);
  });

  it.runIf(FULL)(
    "runs the Gherkin features from compiled step definitions (cucumber linked from here)",
    () => {
      const at = join(consumer, "node_modules", "@cucumber");
      mkdirSync(at, { recursive: true });
      if (!existsSync(join(at, "cucumber")))
        symlinkSync(join(ROOT, "node_modules", "@cucumber", "cucumber"), join(at, "cucumber"), "dir");
      const r = run(
        NPX,
        [
          "--no-install",
          "feedback-compactor",
          "certify",
          "--features",
          "--no-properties",
          "--filter",
          "features.*",
        ],
        300_000,
      );
      expect(r.code, r.stdout.slice(-2000) + r.stderr).toBe(0);
    },
  );
});
