// FC-CERT-10: Gherkin scenarios run by cucumber against the same implementation, folded into the report as area "features".
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkMatcher } from "./cases.ts";
import type { CertifyOptions, CheckResult, CheckStatus } from "./types.ts";

const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));

interface Envelope {
  pickle?: { id: string; name: string; uri: string; tags: { name: string }[] };
  testCase?: { id: string; pickleId: string };
  testCaseStarted?: { id: string; testCaseId: string };
  testStepFinished?: {
    testCaseStartedId: string;
    testStepResult: { status: string; message?: string; duration?: { seconds: number; nanos: number } };
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

const RANK: Record<CheckStatus, number> = { passed: 0, skipped: 1, failed: 2, errored: 3 };

function stepStatus(s: string): CheckStatus {
  if (s === "PASSED") return "passed";
  if (s === "FAILED") return "failed";
  if (s === "SKIPPED") return "skipped";
  return "errored"; // UNDEFINED, AMBIGUOUS, PENDING, UNKNOWN: the scenario could not be judged.
}

/** Parses cucumber's message stream (NDJSON) into one result per scenario. */
export function featureResults(ndjson: string, filter?: string): CheckResult[] {
  const pickles = new Map<string, NonNullable<Envelope["pickle"]>>();
  const testCases = new Map<string, string>();
  const started = new Map<string, string>();
  const outcome = new Map<string, { status: CheckStatus; ms: number; message?: string }>();
  for (const line of ndjson.split("\n")) {
    if (line.trim() === "") continue;
    let env: Envelope;
    try {
      env = JSON.parse(line) as Envelope;
    } catch {
      continue;
    }
    if (env.pickle) pickles.set(env.pickle.id, env.pickle);
    if (env.testCase) testCases.set(env.testCase.id, env.testCase.pickleId);
    if (env.testCaseStarted) started.set(env.testCaseStarted.id, env.testCaseStarted.testCaseId);
    if (env.testStepFinished) {
      const pickleId = testCases.get(started.get(env.testStepFinished.testCaseStartedId) ?? "");
      if (pickleId === undefined) continue;
      const res = env.testStepFinished.testStepResult;
      const st = stepStatus(res.status);
      const ms = res.duration ? res.duration.seconds * 1000 + res.duration.nanos / 1e6 : 0;
      const prev = outcome.get(pickleId) ?? { status: "passed" as CheckStatus, ms: 0 };
      const worse = RANK[st] > RANK[prev.status];
      const next: { status: CheckStatus; ms: number; message?: string } = {
        status: worse ? st : prev.status,
        ms: prev.ms + ms,
      };
      const message = worse ? (res.message ?? `a step is ${res.status.toLowerCase()}`) : prev.message;
      if (message !== undefined) next.message = message.split("\n").slice(0, 3).join(" ").slice(0, 300);
      outcome.set(pickleId, next);
    }
  }
  const matches = checkMatcher(filter);
  const seen = new Map<string, number>();
  const out: CheckResult[] = [];
  for (const [id, p] of pickles) {
    const feature = slug(p.uri.replace(/^.*\//, "").replace(/\.feature$/, ""));
    let checkId = `features.${feature}.${slug(p.name)}`;
    const n = (seen.get(checkId) ?? 0) + 1;
    seen.set(checkId, n);
    if (n > 1) checkId += `-${n}`;
    const requirements = p.tags
      .map((t) => t.name.replace(/^@/, ""))
      .filter((t) => /^FC-[A-Z0-9-]+-\d+$/.test(t));
    if (!matches(checkId, requirements)) continue;
    const o = outcome.get(id) ?? {
      status: "errored" as CheckStatus,
      ms: 0,
      message: "the scenario did not run",
    };
    // A scenario tagged @reference checks a reference settlement (spec/SPEC.md §0): advisory, like the reference profile.
    const reference = p.tags.some((t) => t.name === "@reference");
    const r: CheckResult = {
      id: checkId,
      kind: "feature",
      area: "features",
      requirements,
      profile: reference ? "reference" : "required",
      gating: !reference,
      status: o.status,
      ms: Math.round(o.ms),
    };
    if (o.message !== undefined && o.status !== "passed") r.message = o.message;
    out.push(r);
  }
  return out;
}

/**
 * Where cucumber-js is, or why features cannot run here (FC-CERT-10): `certify --features` asks before it starts
 * anything, so a missing cucumber fails fast instead of after the whole run.
 */
export function findCucumber(root: string = PACKAGE_ROOT): { bin: string } | { problem: string } {
  let bin: string;
  try {
    const require = createRequire(join(root, "package.json"));
    bin = join(dirname(require.resolve("@cucumber/cucumber/package.json")), "bin", "cucumber-js");
  } catch {
    return {
      problem:
        "--features needs @cucumber/cucumber 12, which is not installed (an optional peer dependency: npm install -D @cucumber/cucumber@12)",
    };
  }
  if (!existsSync(join(root, "cucumber.mjs")))
    return { problem: "no cucumber.mjs configuration in the package" };
  return { bin };
}

/**
 * Runs cucumber in a child process with FC_IUT_COMMAND naming the implementation (absent = in-process
 * reference), and turns its message stream into results. Needs @cucumber/cucumber (a dev dependency here, an
 * optional peer dependency of the installed package).
 */
export async function runFeatures(options: CertifyOptions): Promise<CheckResult[]> {
  const problem = (message: string): CheckResult[] => [
    {
      id: "features.run",
      kind: "feature",
      area: "features",
      requirements: [],
      profile: "required",
      gating: true,
      status: "errored",
      ms: 0,
      message,
    },
  ];
  const found = findCucumber();
  if ("problem" in found) return problem(found.problem);
  const bin = found.bin;
  const dir = mkdtempSync(join(tmpdir(), "fc-features-"));
  const messages = join(dir, "messages.ndjson");
  const env: Record<string, string | undefined> = { ...process.env, ...(options.env ?? {}) };
  if (options.command && options.command.length > 0) env.FC_IUT_COMMAND = JSON.stringify(options.command);
  else delete env.FC_IUT_COMMAND;
  // The step definitions are TypeScript in the checkout (tsx, a dev dependency, loads them) and compiled
  // JavaScript in the installed package, where this module is JavaScript too (FC-CLI-9).
  if (import.meta.url.endsWith(".ts")) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import tsx`.trim();
  try {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [bin, "--format", `message:${messages}`], {
        cwd: PACKAGE_ROOT,
        env: env as NodeJS.ProcessEnv,
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr?.resume();
      child.once("error", () => resolve(null));
      child.once("close", (c) => resolve(c));
    });
    if (!existsSync(messages)) return problem(`cucumber did not run (exit ${code ?? "error"})`);
    const results = featureResults(readFileSync(messages, "utf8"), options.filter);
    return results.length === 0 && code !== 0
      ? problem(`cucumber exited with ${code} and ran no scenario`)
      : results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
