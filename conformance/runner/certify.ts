// FC-CERT-1..10: one certification run — smoke check, cases, properties (and features), skips, bail, shards, jobs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { VERSION } from "../../src/version.ts";
import type { Capability, ImplementationUnderTest, PropertyCheck } from "../iut.ts";
import {
  areaOf,
  checkMatcher,
  DEFAULT_CASES_DIR,
  inShard,
  loadCaseFiles,
  loadCases,
  isExactSkip,
  parseSkipList,
  skipCovers,
  skipFor,
} from "./cases.ts";
import { checkDeltaSchema, checkLogSchema } from "../oracle/schemas.ts";
import { runCaseSteps, stepsOf } from "./evaluate.ts";
import { deltaView, envelopeNeed } from "./level.ts";
import { findCucumber, runFeatures } from "./features.ts";
import { inProcessIut } from "./in-process.ts";
import { groupProblems } from "./problems.ts";
import { emptySelectionMessage, selectionName } from "./selection.ts";
import {
  type Fault,
  type ProcessIut,
  type ProcessIutOptions,
  type StartOutcome,
  startProcessIut,
} from "../../src/protocol/client.ts";
import { diagnose } from "./diagnosis.ts";
import {
  type AreaSummary,
  type CertifyOptions,
  type CertifyReport,
  type CheckResult,
  COMMAND_CAPABILITY,
  type Diagnosis,
  type LoadedCase,
  type Profile,
  PROFILES,
  type ReportSummary,
  type SetAside,
  type SkipEntry,
  type SmokeCheck,
  type SmokeReport,
} from "./types.ts";

export const SUITE_NAME = "feedback-compactor-conformance";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RUNS = 50;

/** A start-up problem: the run could not begin (exit code 2 in the CLI). */
export interface StartupProblem {
  code: "USAGE" | "IO";
  message: string;
}

export type CertifyOutcome = { ok: true; report: CertifyReport } | { ok: false; error: StartupProblem };

/** Internal knobs used by mutation runs; not part of the public options. */
export interface InternalOptions {
  /** Stop dispatching new checks once this returns true for a result. */
  stopWhen?: (r: CheckResult) => boolean;
  /**
   * Requirement ids whose checks run first (cases, then properties), before the rest: a mutant's `violates`, so that
   * with `stopWhen` the checks most likely to kill it run before the others. Changes the order of the run only; the
   * report lists the checks in the plan's order, and a run that does not stop runs every check either way.
   */
  first?: readonly string[];
  /** Already-loaded properties (avoids re-importing per mutant). */
  properties?: PropertyCheck[];
  /** The already-loaded case library (a matrix loads it once for every implementation); ignored with `caseFiles`. */
  library?: ReturnType<typeof loadCases>;
  /** Label for the implementation's command in the report. */
  commandLabel?: string[];
  /** Finds cucumber for --features (tests stand in a missing one). */
  findCucumber?: typeof findCucumber;
  /**
   * The first implementation process, already being started with {@link processOptions} (a matrix starts it while
   * it loads the library). The run owns it once it uses it; a run that stops before starting processes does not,
   * and the caller closes it (closing twice is harmless).
   */
  started?: Promise<StartOutcome>;
}

/** How a run starts an implementation's process from its options. */
export function processOptions(options: CertifyOptions, command: string[]): ProcessIutOptions {
  return {
    command,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
    ...(options.maxRestarts !== undefined ? { maxRestarts: options.maxRestarts } : {}),
    ...(options.maxReplyBytes !== undefined ? { maxReplyBytes: options.maxReplyBytes } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
  };
}

type Planned =
  | { kind: "case"; id: string; profile: Profile; loaded: LoadedCase }
  | { kind: "property"; id: string; profile: Profile; property: PropertyCheck };

/** Loads conformance/properties/index.ts if it exists; its absence means zero properties. */
export async function loadProperties(): Promise<PropertyCheck[]> {
  const url = new URL("../properties/index.ts", import.meta.url).href;
  try {
    const m = (await import(url)) as { properties?: unknown };
    return Array.isArray(m.properties) ? (m.properties as PropertyCheck[]) : [];
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return [];
    throw e;
  }
}

function profilesOf(options: CertifyOptions): { run: Profile[]; gate: Profile[] } {
  if (options.profile === undefined) return { run: [...PROFILES], gate: ["required"] };
  const list = Array.isArray(options.profile) ? options.profile : [options.profile];
  return { run: list, gate: list };
}

/** Runs the suite and returns the report; a start-up problem rejects with an Error carrying its message. */
export async function certify(options: CertifyOptions = {}): Promise<CertifyReport> {
  const r = await runCertify(options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.report;
}

/**
 * FC-CERT-10: the property seed when none is given. Fixed, so that certifying the same implementation twice gives
 * the same verdict (a CI gate never flips on a new draw); `seed: "random"` explores.
 */
export const DEFAULT_SEED = 20260624;

/** The same run with start-up problems as values (used by the CLI). */
export async function runCertify(
  options: CertifyOptions = {},
  internal: InternalOptions = {},
): Promise<CertifyOutcome> {
  const startedAt = new Date();
  const t0 = performance.now();
  const seed =
    options.seed === "random" ? Math.floor(Math.random() * 2 ** 31) : (options.seed ?? DEFAULT_SEED);
  const runs = options.runs ?? DEFAULT_RUNS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const jobs = Math.max(1, options.jobs ?? 1);
  const profiles = profilesOf(options);
  const skips: SkipEntry[] = [...(options.skip ?? [])];
  if (options.skipFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(options.skipFile), "utf8");
    } catch (e) {
      return fail("IO", `cannot read the skip file (${(e as NodeJS.ErrnoException).code ?? "error"})`);
    }
    const parsed = parseSkipList(text);
    if (!parsed.ok) return fail("USAGE", parsed.message);
    skips.push(...parsed.entries);
  }

  // FC-CERT-10: --features without cucumber fails before anything runs.
  if (options.includeFeatures) {
    const found = (internal.findCucumber ?? findCucumber)();
    if ("problem" in found) return fail("USAGE", found.problem);
  }
  const loadedLib =
    options.caseFiles !== undefined
      ? loadCaseFiles(options.caseFiles)
      : (internal.library ?? loadCases(options.casesDir ?? DEFAULT_CASES_DIR));
  // FC-CERT-26: checks made for this run (the caller's problem matcher) join the library.
  const lib =
    options.extra === undefined
      ? loadedLib
      : { ...loadedLib, cases: [...loadedLib.cases, ...options.extra.cases] };
  if (lib.problems.length > 0) {
    const first = lib.problems[0]!;
    return fail(
      "USAGE",
      options.caseFiles !== undefined
        ? `${lib.problems.length} problem(s) in the --case files, first: ${first.file}: ${first.message}`
        : `the case library has ${lib.problems.length} problem(s), first: ${first.file}: ${first.message}; run 'feedback-compactor check'`,
    );
  }
  let properties: PropertyCheck[] = [];
  // `--case` runs exactly the files given (FC-CERT-16).
  if (options.includeProperties !== false && options.caseFiles === undefined) {
    try {
      properties = internal.properties ?? (await loadProperties());
    } catch (e) {
      return fail(
        "USAGE",
        `conformance/properties could not be loaded (${e instanceof Error ? e.name : "error"})`,
      );
    }
  }

  const allChecks = [
    ...lib.cases.map((c) => ({ id: c.case.id, requirements: c.case.requirements })),
    ...properties.map((p) => ({ id: p.id, requirements: p.requirements })),
  ];
  const allIds = allChecks.map((c) => c.id);
  for (const s of skips) {
    const problem = skipEntryProblem(s, allChecks);
    if (problem !== null) return fail("USAGE", problem);
  }

  const globs = checkMatcher(options.filter);
  const exact = options.ids !== undefined ? new Set(options.ids) : null;
  if (exact !== null) {
    // Feature ids are known only once the scenarios are listed (--features); they are matched afterwards.
    const unknown = [...exact].filter((id) => !allIds.includes(id) && !id.startsWith("features."));
    if (unknown.length > 0)
      return fail(
        "USAGE",
        `the id list names ${unknown.length} check(s) the suite does not have, first '${unknown[0]}'`,
      );
  }
  const matches = (id: string, reqs: readonly string[]) =>
    globs(id, reqs) && (exact === null || exact.has(id));
  const candidates: Planned[] = [
    ...lib.cases.map(
      (loaded): Planned => ({ kind: "case", id: loaded.case.id, profile: loaded.case.profile, loaded }),
    ),
    ...properties.map(
      (property): Planned => ({ kind: "property", id: property.id, profile: "required", property }),
    ),
  ];
  let plan = candidates.filter((p) => matches(p.id, requirementsOf(p)) && profiles.run.includes(p.profile));
  plan = inShard(plan, options.shard);
  const steps = {
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.ids !== undefined ? { ids: options.ids } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    profiles: profiles.run,
    profileGiven: options.profile !== undefined,
    caseFiles: options.caseFiles !== undefined,
  };
  // FC-CERT-20: a run that selects nothing is a usage error, never a green run of 0 checks.
  if (plan.length === 0 && !options.includeFeatures)
    return fail(
      "USAGE",
      emptySelectionMessage(
        candidates.map((p) => ({ id: p.id, requirements: requirementsOf(p), profile: p.profile })),
        steps,
      ),
    );

  // Start the implementation(s).
  const owned: ImplementationUnderTest[] = [];
  let iuts: ImplementationUnderTest[];
  const smokeChecks: SmokeCheck[] = [];
  const handshakeStart = performance.now();
  if (options.iut) {
    iuts = [options.iut];
  } else if (options.command && options.command.length > 0) {
    const n = Math.min(jobs, Math.max(1, plan.length));
    const started = await Promise.all(
      Array.from({ length: n }, (_, k) =>
        k === 0 && internal.started !== undefined
          ? internal.started
          : startProcessIut(processOptions(options, options.command!)),
      ),
    );
    const bad = started.find((s) => !s.ok);
    if (bad && !bad.ok) {
      for (const s of started) if (s.ok) await s.iut.close();
      return fail(
        "IO",
        `the implementation did not start: ${bad.message}. Check the command after '--' runs by hand and answers {"cmd":"start","version":1} (spec/protocol.md)`,
      );
    }
    iuts = started.map((s) => (s as { ok: true; iut: ProcessIut }).iut);
    owned.push(...iuts);
  } else {
    iuts = [await inProcessIut(undefined, undefined, undefined, undefined, timeoutMs)];
    owned.push(...iuts);
  }
  smokeChecks.push({
    name: "handshake",
    requirements: ["FC-PROTO-2"],
    status: "passed",
    ms: Math.round(performance.now() - handshakeStart),
  });
  const first = iuts[0]!;
  // FC-CERT-20: nothing the implementation can be judged on (capabilities it does not announce, envelope checks
  // at the delta-only level) is a usage error too, before any check runs.
  if (!options.includeFeatures && !plan.some((p) => inapplicable(p, first) === null)) {
    for (const iut of owned) await iut.close();
    return fail("USAGE", nothingApplicable(plan, first, selectionName(steps)));
  }
  const progress = options.onProgress;
  progress?.({ phase: "smoke", done: 0, total: plan.length });
  const smoked = await smoke(first);
  smokeChecks.push(...smoked.checks);

  // FC-CERT-22: an implementation that gives no proper answer gets one diagnosis, and the run stops there.
  let diagnosis: Diagnosis | undefined;
  let stopped = false;
  const keepGoing = options.keepGoing === true;
  if (smoked.broken !== undefined) {
    const b = smoked.broken;
    diagnosis = diagnose(b.fault, b.reason, `the smoke check ${b.check}`, b.what, !keepGoing);
    if (!keepGoing) stopped = true;
  }
  const givenUp = (iut: ImplementationUnderTest): boolean => "gaveUp" in iut && (iut as ProcessIut).gaveUp;
  const noteGiveUp = (iut: ImplementationUnderTest, id: string) => {
    if (diagnosis !== undefined || !givenUp(iut)) return;
    const p = iut as ProcessIut;
    diagnosis = diagnose(
      { kind: "gave-up", restarts: p.restarts, ...(p.lastFault ? { cause: p.lastFault } : {}) },
      "",
      `check ${id}`,
      "requests",
      !keepGoing,
    );
    if (!keepGoing) stopped = true;
  };

  // Run cases (parallel across implementation processes), then properties on the first one.
  const results = new Map<string, CheckResult>();
  let done = 0;
  const gating = (p: Planned) => profiles.gate.includes(p.profile);
  const record = (p: Planned, r: CheckResult) => {
    results.set(p.id, r);
    done++;
    progress?.({ phase: p.kind === "case" ? "cases" : "properties", done, total: plan.length, result: r });
    if (
      (options.bail && r.gating && (r.status === "failed" || r.status === "errored")) ||
      internal.stopWhen?.(r)
    ) {
      stopped = true;
    }
  };
  const counterexampleDir = resolve(options.counterexampleDir ?? join(".tmp", "counterexamples"));
  // One phase, or two when `first` names requirements: the checks citing them, then the others.
  const early = new Set(internal.first ?? []);
  const isEarly = (p: Planned) => requirementsOf(p).some((r) => early.has(r));
  const phases = early.size === 0 ? [plan] : [plan.filter(isEarly), plan.filter((p) => !isEarly(p))];
  for (const phase of phases) {
    const caseQueue = phase.filter((p) => p.kind === "case");
    let next = 0;
    await Promise.all(
      iuts.map(async (iut) => {
        while (!stopped && next < caseQueue.length) {
          const p = caseQueue[next++]!;
          record(p, await runCase(p as Extract<Planned, { kind: "case" }>, iut, gating(p), skips));
          noteGiveUp(iut, p.id);
        }
      }),
    );
    for (const p of phase) {
      if (stopped || p.kind !== "property") continue;
      // No counterexample is saved from a dead implementation: every request fails alike (FC-CERT-22).
      const alive = diagnosis === undefined && !givenUp(first);
      record(
        p,
        await runProperty(p.property, first, gating(p), skips, { seed, runs }, counterexampleDir, alive),
      );
      noteGiveUp(first, p.id);
    }
  }
  const featureResults: CheckResult[] = [];
  if (options.includeFeatures && !stopped) {
    progress?.({ phase: "features", done, total: plan.length });
    featureResults.push(
      ...inShard(await runFeatures(options), options.shard).filter((r) => exact === null || exact.has(r.id)),
    );
  }

  const closeStart = performance.now();
  for (const iut of owned) await iut.close();
  const stopMs = Math.round(performance.now() - closeStart);
  const processes = owned.filter((i): i is ProcessIut => "restarts" in i);
  const restarts = processes.reduce((n, i) => n + i.restarts, 0);
  // FC-PROTO-8: judged only on processes that were sent stop (one that had died already was not).
  const sentStop = processes.filter((i) => i.stoppedPolitely !== null);
  if (sentStop.length > 0) {
    const polite = sentStop.every((i) => i.stoppedPolitely === true);
    smokeChecks.push({
      name: "stop",
      requirements: ["FC-PROTO-8"],
      status: polite ? "passed" : "failed",
      ms: stopMs,
      ...(polite
        ? {}
        : { message: 'the process did not exit within 1.5 s of {"cmd":"stop"}; it was killed' }),
    });
  }

  const notRun =
    diagnosis?.stopped === true
      ? "not run: the run stopped at the diagnosis (the implementation gives no proper answer); --keep-going runs every check"
      : "not run: the run stopped early (--bail)";
  const ordered: CheckResult[] = plan.map(
    (p) =>
      results.get(p.id) ?? {
        ...base(p, gating(p)),
        status: "skipped",
        ms: 0,
        message: notRun,
      },
  );
  ordered.push(...featureResults);
  const judged = judgeSkipGlobs(ordered, skips, allChecks);
  ordered.splice(0, ordered.length, ...judged);
  if (
    options.includeFeatures &&
    featureResults.length === 0 &&
    !plan.some((p) => inapplicable(p, first) === null)
  )
    return fail(
      "USAGE",
      plan.length === 0
        ? `no check selected: ${selectionName(steps)} selects no case, property or scenario`
        : nothingApplicable(plan, first, selectionName(steps)),
    );
  const smokeReport: SmokeReport = {
    ok: smokeChecks.every((c) => c.status === "passed"),
    checks: smokeChecks,
  };
  const summary = summarize(ordered);
  const level = first.level ?? "full";
  const implementation: CertifyReport["implementation"] = {
    ...first.info,
    capabilities: [...first.capabilities].sort() as Capability[],
    level,
  };
  const label = internal.commandLabel ?? options.command;
  if (label && !options.iut) implementation.command = label;
  const report: CertifyReport = {
    reportVersion: 1,
    kind: "certification",
    suite: {
      name: SUITE_NAME,
      version: VERSION,
      cases: lib.cases.length,
      properties: properties.length,
      features: featureResults.length,
    },
    protocol: { version: 1 },
    implementation,
    options: {
      profiles: profiles.run,
      filter: options.filter ?? null,
      shard: options.shard ?? null,
      seed,
      runs,
      timeoutMs,
      jobs: options.iut || !options.command ? 1 : jobs,
      bail: options.bail === true,
      ...(keepGoing ? { keepGoing } : {}),
      ...(options.caseFiles !== undefined ? { caseFiles: options.caseFiles } : {}),
    },
    ...(options.extra?.problemMatcher !== undefined ? { problemMatcher: options.extra.problemMatcher } : {}),
    smoke: smokeReport,
    ...(diagnosis !== undefined ? { diagnosis } : {}),
    results: ordered,
    summary,
    problems: groupProblems(ordered),
    restarts,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    ok: smokeReport.ok && diagnosis === undefined && summary.gatingProblems === 0,
    bailed: stopped && options.bail === true,
  };
  // FC-CERT-13: the level the implementation announced is reached when the run passes at it.
  report.level = {
    announced: level,
    reached: report.ok ? level : "none",
    notApplicable: ordered.filter((r) => r.notApplicable === true).length,
  };
  progress?.({ phase: "done", done, total: plan.length });
  return { ok: true, report };
}

function fail(code: StartupProblem["code"], message: string): CertifyOutcome {
  return { ok: false, error: { code, message } };
}

function base(p: Planned, gating: boolean): Omit<CheckResult, "status" | "ms"> {
  if (p.kind === "case") {
    const c = p.loaded.case;
    return {
      id: c.id,
      kind: "case",
      area: areaOf(c.id),
      requirements: c.requirements,
      profile: c.profile,
      gating,
      command: c.command,
    };
  }
  return {
    id: p.id,
    kind: "property",
    area: "property",
    requirements: p.property.requirements,
    profile: "required",
    gating,
  };
}

/** FC-CERT-13: a check a delta-only implementation cannot be judged on; skipped, with the reason. */
function notApplicable(b: Omit<CheckResult, "status" | "ms">, reason: string): CheckResult {
  return {
    ...b,
    status: "skipped",
    ms: 0,
    notApplicable: true,
    message: `not applicable at the delta-only level: ${reason}`,
  };
}

/**
 * What is wrong with a skip entry, or null (FC-CERT-3): it must cover some check of the suite, and each of its
 * exclusions must take out some check its globs cover (else it is a typo).
 */
function skipEntryProblem(s: SkipEntry, checks: { id: string; requirements: string[] }[]): string | null {
  if (!checks.some((c) => skipCovers(s, c.id, c.requirements)))
    return `skip list entry '${s.id}' matches no case or property; remove it or fix the id`;
  const parts = s.id.split(",").map((p) => p.trim());
  const includes = parts.filter((p) => !p.startsWith("!")).join(",");
  // One matcher for the entry's globs, made once (a fresh entry per check compiled it anew for every check).
  const inside = checkMatcher(includes);
  const within = checks.filter((c) => inside(c.id, c.requirements));
  for (const ex of parts.filter((p) => p.startsWith("!"))) {
    const out = checkMatcher(ex.slice(1));
    if (!within.some((c) => out(c.id, c.requirements)))
      return `skip list entry '${s.id}': '${ex}' excludes none of the checks '${includes}' covers; fix or remove it`;
  }
  return null;
}

/**
 * Applies the skip list to one result (FC-CERT-3, FC-CERT-23): a skipped check still runs. One that would fail
 * or error is skipped (`wouldBe` says how); one that passes is an error under an exact entry (remove it) and
 * passes under a glob, with a note to narrow the glob — whether the glob as a whole rotted is decided once every
 * check ran (`judgeSkipGlobs`).
 */
function applySkip(r: CheckResult, skips: SkipEntry[]): CheckResult {
  const s = skipFor(skips, r.id, r.requirements);
  if (s === undefined || r.status === "skipped") return r;
  if (r.status === "passed") {
    if (isExactSkip(s))
      return {
        ...r,
        status: "errored",
        skipReason: s.reason,
        skipEntry: s.id,
        message: `listed in the skip file ('${s.reason}') but it passes now: remove it from the skip list`,
      };
    return {
      ...r,
      skipReason: s.reason,
      skipEntry: s.id,
      message: `passes, though the skip entry '${s.id}' covers it: narrow the glob ('${s.id},!${r.id}')`,
    };
  }
  const { mismatch: _m, leak: _l, ...rest } = r;
  return {
    ...rest,
    status: "skipped",
    skipReason: s.reason,
    skipEntry: s.id,
    wouldBe: r.status,
    message: `skipped (${s.reason}); it would be ${r.status}`,
  };
}

/**
 * FC-CERT-23: a glob entry rots when none of its checks fails any more. When every check the entry covers in
 * the suite ran and passed (none would fail or error), each of them is errored: remove the entry. Otherwise its
 * passing checks stay passed with their "narrow the glob" note.
 */
function judgeSkipGlobs(
  results: CheckResult[],
  skips: SkipEntry[],
  suite: { id: string; requirements: string[] }[],
): CheckResult[] {
  const rotten = new Set<string>();
  for (const s of skips) {
    if (isExactSkip(s)) continue;
    const covered = suite.filter((c) => skipCovers(s, c.id, c.requirements));
    const mine = results.filter((r) => r.skipEntry === s.id);
    const ranAll = covered.every((c) => mine.some((r) => r.id === c.id));
    const failing = mine.some((r) => r.wouldBe !== undefined);
    if (ranAll && !failing && mine.some((r) => r.status === "passed")) rotten.add(s.id);
  }
  if (rotten.size === 0) return results;
  return results.map((r) =>
    r.skipEntry !== undefined && rotten.has(r.skipEntry) && r.status === "passed"
      ? {
          ...r,
          status: "errored",
          message: `the skip entry '${r.skipEntry}' ('${r.skipReason}') no longer covers a failing check — all of its checks pass: remove it from the skip list`,
        }
      : r,
  );
}

async function runCase(
  p: Extract<Planned, { kind: "case" }>,
  iut: ImplementationUnderTest,
  gating: boolean,
  skips: SkipEntry[],
): Promise<CheckResult> {
  const c = p.loaded.case;
  const b = base(p, gating);
  const capability = stepsOf(c)
    .map((s) => COMMAND_CAPABILITY[s.command])
    .find((cap) => !iut.capabilities.has(cap));
  if (capability !== undefined) {
    return {
      ...b,
      status: "skipped",
      ms: 0,
      message: `the implementation does not offer the '${capability}' capability`,
    };
  }
  // FC-CERT-13: a delta-only implementation is judged on what the Delta shows; the rest is set aside, with why.
  let judged = c;
  let setAside: SetAside[] = [];
  if (iut.level === "delta-only") {
    const view = deltaView(c);
    if (!view.ok) return { ...notApplicable(b, view.reason), setAside: view.setAside };
    judged = view.case;
    setAside = view.setAside;
  }
  // FC-LOG-1: every log a full-level implementation returns satisfies the log schema, and every Delta a delta-only one
  // returns the schema's correctionDelta, whatever the case asserts of it (a tombstone rule outside the schema's enum
  // passes every member assertion). The first reply that does not fails the check.
  const deltaOnly = iut.level === "delta-only";
  let schemaProblem: string | undefined;
  const { verdict: v, ms } = await runCaseSteps(judged, async (cmd, payload) => {
    const reply = await iut.call(cmd, payload);
    if (schemaProblem === undefined && cmd === "compact" && reply.kind === "result") {
      const schema = deltaOnly
        ? checkDeltaSchema((reply.result as { correctionDelta?: unknown } | null)?.correctionDelta)
        : checkLogSchema(reply.result);
      if (!schema.ok)
        schemaProblem = `the ${deltaOnly ? "Delta" : "log"} does not satisfy the log schema at '${schema.pointer}' (${schema.keyword}; FC-LOG-1)`;
    }
    return reply;
  });
  const r: CheckResult = { ...b, status: v.status, ms };
  if (v.status === "passed" && schemaProblem !== undefined) {
    r.status = "failed";
    r.message = schemaProblem;
  }
  if (setAside.length > 0) r.setAside = setAside;
  if (v.message !== undefined) r.message = v.message;
  if (v.mismatch !== undefined) r.mismatch = v.mismatch;
  if (v.leak !== undefined) r.leak = v.leak;
  return applySkip(r, skips);
}

async function runProperty(
  property: PropertyCheck,
  iut: ImplementationUnderTest,
  gating: boolean,
  skips: SkipEntry[],
  opts: { seed: number; runs: number },
  counterexampleDir: string,
  alive: boolean,
): Promise<CheckResult> {
  const b = base({ kind: "property", id: property.id, profile: "required", property }, gating);
  if (!iut.capabilities.has(property.capability)) {
    return {
      ...b,
      status: "skipped",
      ms: 0,
      message: `the implementation does not offer the '${property.capability}' capability`,
    };
  }
  if (iut.level === "delta-only" && property.delta !== true)
    return notApplicable(b, "the property reads the envelope (the log's members beside correctionDelta)");
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  let r: CheckResult;
  try {
    const out = await property.run(iut, opts);
    if (out.status === "passed")
      r = {
        ...b,
        status: "passed",
        ms: ms(),
        message: out.refused
          ? `${out.runs} runs; ${out.refused} refused (INVALID_REQUEST, or SECRET_LEAK where failing closed is safe) were not judged (see property.valid-requests-accepted)`
          : `${out.runs} runs`,
      };
    else if (out.status === "errored") {
      r = { ...b, status: "errored", ms: ms(), message: out.reason };
      // A request one live implementation did not answer is worth replaying; one a dead implementation did not
      // answer is not (every request fails alike).
      if (out.noAnswer !== undefined && alive && givenUpAfter(iut) === false) {
        const file = join(counterexampleDir, `${property.id}.seed-${out.noAnswer.seed}.json`);
        r.seed = out.noAnswer.seed;
        r.replayPath = out.noAnswer.path;
        const saved = save(file, out.noAnswer.counterexample);
        if (saved === null) r.counterexample = file;
      }
    } else if (out.status === "skipped") r = { ...b, status: "skipped", ms: ms(), message: out.reason };
    else {
      const file = join(counterexampleDir, `${property.id}.seed-${out.seed}.json`);
      r = { ...b, status: "failed", ms: ms(), message: out.message, seed: out.seed, replayPath: out.path };
      const saved = save(file, out.counterexample);
      if (saved === null) r.counterexample = file;
      else r.message = `${out.message} (the counterexample could not be saved: ${saved})`;
    }
  } catch (e) {
    r = {
      ...b,
      status: "errored",
      ms: ms(),
      message: `the property threw ${e instanceof Error ? e.name : "a value"}`,
    };
  }
  return applySkip(r, skips);
}

function requirementsOf(p: Planned): readonly string[] {
  return p.kind === "case" ? p.loaded.case.requirements : p.property.requirements;
}

/** Why a planned check cannot be judged on this implementation (FC-CERT-13), or null when it can. */
function inapplicable(p: Planned, iut: ImplementationUnderTest): string | null {
  if (p.kind === "case") {
    const missing = stepsOf(p.loaded.case)
      .map((s) => COMMAND_CAPABILITY[s.command])
      .find((cap) => !iut.capabilities.has(cap));
    if (missing !== undefined) return `the '${missing}' capability`;
    if (iut.level === "delta-only" && envelopeNeed(p.loaded.case) !== null) return "the envelope";
    return null;
  }
  if (!iut.capabilities.has(p.property.capability)) return `the '${p.property.capability}' capability`;
  if (iut.level === "delta-only" && p.property.delta !== true) return "the envelope";
  return null;
}

/** The usage error of a selection none of whose checks applies, naming what they need. */
function nothingApplicable(plan: Planned[], iut: ImplementationUnderTest, selection: string): string {
  const needs = new Map<string, number>();
  for (const p of plan) {
    const need = inapplicable(p, iut) ?? "";
    needs.set(need, (needs.get(need) ?? 0) + 1);
  }
  const what = [...needs]
    .map(([need, n]) =>
      need === "the envelope"
        ? `${n} read the envelope, which a delta-only implementation does not return`
        : `${n} need ${need}, which the implementation does not announce`,
    )
    .join("; ");
  return `nothing applicable to check: ${selection} selects ${plan.length} check(s) and none applies to ${iut.info.name} (capabilities: ${[...iut.capabilities].sort().join(", ") || "none"}, level ${iut.level ?? "full"}): ${what}. Select checks it can be judged on`;
}

/** Whether a process implementation was given up during a property (in-process ones never are). */
function givenUpAfter(iut: ImplementationUnderTest): boolean {
  return "gaveUp" in iut && (iut as ProcessIut).gaveUp;
}

/** Writes a counterexample case file; null when written, else the error code. */
function save(file: string, doc: Record<string, unknown>): string | null {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? "error";
  }
}

/** A smoke request that got no proper answer: the implementation is broken (FC-CERT-22). */
interface Broken {
  check: SmokeCheck["name"];
  what: string;
  reason: string;
  fault?: Fault;
}

/** Smoke check of the adapter itself, reported apart from conformance (FC-CERT-8). */
async function smoke(iut: ImplementationUnderTest): Promise<{ checks: SmokeCheck[]; broken?: Broken }> {
  const out: SmokeCheck[] = [];
  let broken: Broken | undefined;
  const unknown = await iut.call("fc.smoke.no-such-command", {});
  if (unknown.kind === "errored")
    broken = {
      check: "unknown-command",
      what: "a request for an unknown command",
      reason: unknown.reason,
      ...(unknown.fault ? { fault: unknown.fault } : {}),
    };
  if (unknown.kind === "error" && unknown.error.code === "UNSUPPORTED") {
    out.push({ name: "unknown-command", requirements: ["FC-PROTO-4"], status: "passed", ms: unknown.ms });
  } else {
    const got =
      unknown.kind === "errored"
        ? unknown.reason
        : unknown.kind === "error"
          ? `error ${unknown.error.code}`
          : "a result";
    out.push({
      name: "unknown-command",
      requirements: ["FC-PROTO-4"],
      status: "failed",
      ms: unknown.ms,
      message: `an unknown command must get {"seq":S,"error":{"code":"UNSUPPORTED",...}}; got ${got}`,
    });
  }
  // A hang is a hang: a second timeout would only double the wait for the same diagnosis.
  if (broken?.fault?.kind === "timeout") return { checks: out, broken };
  // Any well-formed answer with the right seq passes: whether the answer is correct is the cases' business.
  const cmd = iut.capabilities.has("compact")
    ? "compact"
    : iut.capabilities.has("policy")
      ? "policy.validate"
      : "summary.accept";
  const payload = cmd === "compact" ? { request: {}, options: {} } : { input: {} };
  const echo = await iut.call(cmd, payload);
  if (echo.kind === "errored" && broken === undefined)
    broken = {
      check: "seq-echo",
      what: `a ${cmd} request (${cmd === "compact" ? '{"request":{}}' : '{"input":{}}'})`,
      reason: echo.reason,
      ...(echo.fault ? { fault: echo.fault } : {}),
    };
  out.push(
    echo.kind === "errored"
      ? {
          name: "seq-echo",
          requirements: ["FC-PROTO-3", "FC-PROTO-5"],
          status: "failed",
          ms: echo.ms,
          message: `a ${cmd} request was not answered properly: ${echo.reason}`,
        }
      : { name: "seq-echo", requirements: ["FC-PROTO-3", "FC-PROTO-5"], status: "passed", ms: echo.ms },
  );
  return broken !== undefined ? { checks: out, broken } : { checks: out };
}

export function summarize(results: CheckResult[]): ReportSummary {
  const empty = (): AreaSummary => ({ passed: 0, failed: 0, errored: 0, skipped: 0 });
  const total = empty();
  const byArea: Record<string, AreaSummary> = {};
  let gatingProblems = 0;
  for (const r of results) {
    total[r.status]++;
    byArea[r.area] ??= empty();
    byArea[r.area]![r.status]++;
    if (r.gating && (r.status === "failed" || r.status === "errored")) gatingProblems++;
  }
  return { total: results.length, ...total, gatingProblems, byArea };
}
