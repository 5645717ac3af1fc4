// FC-CERT-11: suite strength — run the suite against every mutant, find survivors, false alarms and the kill matrix.
import { fileURLToPath } from "node:url";
import { referenceHandler } from "../../src/protocol/reference.ts";
import type { MutantModule } from "../mutants/support.ts";
import { DEFAULT_CASES_DIR, loadCases } from "./cases.ts";
import { DEFAULT_SEED, DEFAULT_TIMEOUT_MS, loadProperties, runCertify } from "./certify.ts";
import { inProcessIut } from "./in-process.ts";
import { replayCache } from "./replay-cache.ts";
import type { CertifyReport, CheckResult, MutantOutcome, MutantsOptions, MutantsReport } from "./types.ts";

/** A deliberately broken implementation: the shape conformance/mutants/support.ts defines. */
export type Mutant = MutantModule;

const BIN = fileURLToPath(new URL("../cli/feedback-compactor.mjs", import.meta.url));

async function loadList(path: string, member: string): Promise<Mutant[] | null> {
  const url = new URL(path, import.meta.url).href;
  try {
    const m = (await import(url)) as Record<string, unknown>;
    return Array.isArray(m[member]) ? (m[member] as Mutant[]) : null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return null;
    throw e;
  }
}

/**
 * Loads conformance/mutants/index.ts and conformance/variants/index.ts (by URL: a build may leave them out): the
 * broken implementations, then the legal variants; null when this build has no mutants.
 */
export async function loadMutants(): Promise<Mutant[] | null> {
  const mutants = await loadList("../mutants/index.ts", "mutants");
  if (mutants === null) return null;
  return [...mutants, ...((await loadList("../variants/index.ts", "variants")) ?? [])];
}

/** The command that serves one mutant over the protocol. */
export function mutantCommand(id: string): string[] {
  return [process.execPath, BIN, "serve", "--mutant", id];
}

const bad = (r: CheckResult) => r.status === "failed" || r.status === "errored";

/** Ids of the checks and smoke checks that did not pass in a report. */
function problems(report: CertifyReport): Set<string> {
  const out = new Set<string>();
  for (const c of report.smoke.checks) if (c.status !== "passed") out.add(`smoke.${c.name}`);
  for (const r of report.results) if (bad(r)) out.add(r.id);
  return out;
}

/**
 * Runs the suite against the in-process reference (the baseline), then against every mutant. A check kills a
 * mutant when it passes against the reference and fails or errors against the mutant. Without `killMatrix` a
 * mutant stops at its first kill; harmless variants always run in full (any kill is a false alarm).
 */
export async function certifyMutants(
  options: MutantsOptions = {},
  injected?: { mutants: Mutant[] },
): Promise<MutantsReport> {
  const t0 = performance.now();
  const mode = options.mode ?? "in-process";
  if (injected && mode === "process") throw new Error("USAGE: injected mutants run in-process only");
  const all = injected?.mutants ?? (await loadMutants());
  if (all === null) throw new Error("USAGE: no mutants in this build (conformance/mutants/index.ts)");
  const wanted = options.mutants;
  if (wanted) {
    const unknown = wanted.filter((id) => !all.some((m) => m.id === id));
    if (unknown.length > 0) throw new Error(`USAGE: unknown mutant id(s): ${unknown.join(", ")}`);
  }
  const selected = wanted ? all.filter((m) => wanted.includes(m.id)) : all;
  const seed =
    options.seed === "random" ? Math.floor(Math.random() * 2 ** 31) : (options.seed ?? DEFAULT_SEED);
  const properties = options.includeProperties === false ? [] : await loadProperties();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The library is read and validated once for the baseline and every mutant, as matrix does (FC-MATRIX-2).
  const library =
    options.caseFiles === undefined ? loadCases(options.casesDir ?? DEFAULT_CASES_DIR) : undefined;
  // FC-CERT-11: a mutant counts as killed only by a required (gating) check unless other profiles are named.
  // keepGoing: a mutant that breaks the process is still run check by check, so each check's kill counts.
  const common = {
    ...options,
    seed,
    includeFeatures: false,
    keepGoing: true,
    profile: options.profile ?? ["required"],
  };
  delete (common as { mutants?: unknown }).mutants;

  // In-process, every wrapper wraps one reference whose replies are remembered (replay-cache.ts): a message that
  // passes through a wrapper unchanged is computed once for the baseline and every mutant, not once per mutant.
  const reference = mode === "in-process" ? replayCache(referenceHandler).handler : referenceHandler;
  const baseline = await runCertify(
    {
      ...common,
      bail: false,
      ...(mode === "in-process"
        ? { iut: await inProcessIut(reference, undefined, undefined, undefined, timeoutMs) }
        : {}),
    },
    { properties, ...(library ? { library } : {}) },
  );
  if (!baseline.ok) throw new Error(`${baseline.error.code}: ${baseline.error.message}`);
  const baseProblems = problems(baseline.report);
  const baselineProblems = baseline.report.results
    .filter(bad)
    .map((r) => ({ id: r.id, status: r.status, ...(r.message ? { message: r.message } : {}) }));
  const kills = (r: CheckResult) => bad(r) && !baseProblems.has(r.id);

  const runOne = async (m: Mutant): Promise<MutantOutcome> => {
    const start = performance.now();
    const full = options.killMatrix === true || m.harmless === true;
    // A broken mutant stops at its first kill; the checks of the requirements it violates run first.
    const internal = {
      properties,
      ...(library ? { library } : {}),
      ...(full ? {} : { stopWhen: kills, first: m.violates }),
    };
    const outcome = (killedBy: string[], error?: string): MutantOutcome => ({
      id: m.id,
      description: m.description,
      violates: m.violates,
      harmless: m.harmless === true,
      ...(m.variant === true ? { variant: true } : {}),
      killedBy,
      survived: m.harmless !== true && killedBy.length === 0 && error === undefined,
      falseAlarm: m.harmless === true && killedBy.length > 0,
      ...(error !== undefined ? { error } : {}),
      ms: Math.round(performance.now() - start),
    });
    let run: Awaited<ReturnType<typeof runCertify>>;
    try {
      if (mode === "process") {
        run = await runCertify(
          { ...common, bail: false, command: mutantCommand(m.id), jobs: 1 },
          { ...internal, commandLabel: ["feedback-compactor", "serve", "--mutant", m.id] },
        );
      } else {
        const iut = await inProcessIut(
          m.wrap(reference),
          {
            name: `feedback-compactor (${m.variant ? "variant" : "mutant"} ${m.id})`,
            version: baseline.report.implementation.version,
            language: "typescript",
          },
          undefined,
          m.level ?? "full",
          timeoutMs,
        );
        run = await runCertify({ ...common, bail: false, iut }, internal);
      }
    } catch (e) {
      return outcome([], `the run threw ${e instanceof Error ? e.name : "a value"}`);
    }
    if (!run.ok) return outcome([], run.error.message);
    const killedBy = [...problems(run.report)].filter((id) => !baseProblems.has(id));
    return outcome(killedBy);
  };

  const outcomes: MutantOutcome[] = new Array(selected.length);
  const jobs = mode === "process" ? Math.max(1, options.jobs ?? 1) : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, selected.length) }, async () => {
      while (next < selected.length) {
        const i = next++;
        outcomes[i] = await runOne(selected[i]!);
      }
    }),
  );

  const report: MutantsReport = {
    reportVersion: 1,
    kind: "mutation",
    mode,
    mutants: outcomes,
    survivors: outcomes.filter((o) => o.survived).map((o) => o.id),
    falseAlarms: outcomes.filter((o) => o.falseAlarm).map((o) => o.id),
    baselineProblems,
    legalVariants: {
      accepted: outcomes.filter((o) => o.harmless && !o.falseAlarm && o.error === undefined).length,
      total: outcomes.filter((o) => o.harmless).length,
    },
    mutantsKilled: {
      killed: outcomes.filter((o) => !o.harmless && o.killedBy.length > 0).length,
      total: outcomes.filter((o) => !o.harmless).length,
    },
    ok: outcomes.every((o) => !o.survived && !o.falseAlarm && o.error === undefined),
    durationMs: 0,
  };
  if (options.killMatrix) {
    const matrix: Record<string, string[]> = {};
    const checkIds = [
      ...baseline.report.smoke.checks.map((c) => `smoke.${c.name}`),
      ...baseline.report.results.map((r) => r.id),
    ];
    for (const id of checkIds) if (!baseProblems.has(id)) matrix[id] = [];
    for (const o of outcomes) {
      if (o.harmless) continue;
      for (const id of o.killedBy) {
        matrix[id] ??= [];
        matrix[id].push(o.id);
      }
    }
    report.killMatrix = matrix;
    report.killsNothing = Object.entries(matrix)
      .filter(([id, ms]) => ms.length === 0 && !id.startsWith("smoke."))
      .map(([id]) => id);
  }
  report.durationMs = Math.round(performance.now() - t0);
  return report;
}
