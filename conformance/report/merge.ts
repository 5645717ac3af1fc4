// FC-MATRIX-5: shard reports (certify --shard K/N, matrix --shard K/N) joined into one, refusing overlaps and gaps.
import { summarize } from "../runner/certify.ts";
import {
  assembleMatrix,
  byKindThenId,
  type MatrixDocument,
  type MatrixImplementation,
  type RunOutcome,
} from "../runner/matrix.ts";
import { groupProblems, rerunCommand } from "../runner/problems.ts";
import type { CertifyReport, SmokeCheck } from "../runner/types.ts";

export interface ShardInput<T> {
  value: T;
  /** Where it came from (a file name), for the messages. */
  source: string;
}

export type Merged<T> = { ok: true; value: T } | { ok: false; message: string };

type Shard = { index: number; count: number } | null;

/**
 * Checks that the inputs are the N shards of one run, each once: every one made with a shard K/N of one N, no K
 * twice, none missing. `same` lists what must agree between shards (name → value), compared as JSON.
 */
function checkShards<T>(
  inputs: readonly ShardInput<T>[],
  shardOf: (v: T) => Shard,
  same: (v: T) => [string, unknown][],
): string | null {
  if (inputs.length === 0) return "nothing to merge: give the shard reports";
  for (const i of inputs)
    if (shardOf(i.value) === null)
      return `${i.source} is not a shard: it was made without --shard K/N (merge joins the shards of one run)`;
  const first = inputs[0]!;
  const n = shardOf(first.value)!.count;
  for (const i of inputs.slice(1)) {
    if (shardOf(i.value)!.count !== n)
      return `${first.source} is a shard of ${n} and ${i.source} a shard of ${shardOf(i.value)!.count}: the shards come from different runs`;
    const a = same(first.value);
    const b = same(i.value);
    for (const [k, [name, v]] of a.entries())
      if (JSON.stringify(v) !== JSON.stringify(b[k]?.[1]))
        return `${first.source} and ${i.source} are not shards of one run: their ${name} differs`;
  }
  const seen = new Map<number, string>();
  for (const i of inputs) {
    const k = shardOf(i.value)!.index;
    const other = seen.get(k);
    if (other !== undefined)
      return `shard ${k}/${n} is given twice (${other} and ${i.source}): the shards overlap`;
    seen.set(k, i.source);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k));
  if (missing.length > 0)
    return `shard${missing.length === 1 ? "" : "s"} ${missing.map((k) => `${k}/${n}`).join(", ")} ${missing.length === 1 ? "is" : "are"} missing: a merged report must cover the whole selection`;
  return null;
}

/** What must agree between the shards of one certification run. */
function runIdentity(r: CertifyReport): [string, unknown][] {
  const { name, version, language, command, level, capabilities } = r.implementation;
  return [
    ["implementation", { name, version, language, command: command ?? null, level: level ?? "full" }],
    ["capabilities", [...capabilities].sort()],
    ["suite", [r.suite.name, r.suite.version, r.suite.cases, r.suite.properties]],
    ["filter", r.options.filter],
    ["profiles", r.options.profiles],
    ["seed", r.options.seed],
    ["runs per property", r.options.runs],
    ["case files", r.options.caseFiles ?? null],
  ];
}

/**
 * Joins the shard reports of one implementation's run into the report of the whole selection (FC-MATRIX-5): the
 * results of every shard (cases, then properties, then scenarios, each by id), summary, problem groups and level
 * recomputed; a smoke check fails when it failed in some shard; the first diagnosis; restarts summed; the earliest
 * start and the longest shard's duration (the shards run side by side). Refuses inputs that are not every shard
 * of one run exactly once, or that share a check.
 */
export function mergeShardReports(inputs: readonly ShardInput<CertifyReport>[]): Merged<CertifyReport> {
  for (const i of inputs)
    if (i.value.kind !== "certification")
      return {
        ok: false,
        message: `${i.source} is a mutation report; only certification reports are merged`,
      };
  const problem = checkShards(inputs, (r) => r.options.shard, runIdentity);
  if (problem !== null) return { ok: false, message: problem };
  const where = new Map<string, string>();
  for (const i of inputs)
    for (const r of i.value.results) {
      const other = where.get(r.id);
      if (other !== undefined)
        return {
          ok: false,
          message: `check ${r.id} is in both ${other} and ${i.source}: the shards overlap`,
        };
      where.set(r.id, i.source);
    }
  const ordered = [...inputs].sort((a, b) => a.value.options.shard!.index - b.value.options.shard!.index);
  const reports = ordered.map((i) => i.value);
  const first = reports[0]!;
  const results = reports.flatMap((r) => r.results).sort(byKindThenId);
  const smoke = mergeSmoke(reports.map((r) => r.smoke.checks));
  const diagnosis = reports.find((r) => r.diagnosis !== undefined)?.diagnosis;
  const summary = summarize(results);
  const ok =
    smoke.every((c) => c.status === "passed") && diagnosis === undefined && summary.gatingProblems === 0;
  const announced = first.level?.announced ?? first.implementation.level ?? "full";
  const merged: CertifyReport = {
    reportVersion: 1,
    kind: "certification",
    suite: { ...first.suite, features: reports.reduce((n, r) => n + r.suite.features, 0) },
    protocol: first.protocol,
    implementation: first.implementation,
    options: {
      ...first.options,
      shard: null,
      jobs: Math.max(...reports.map((r) => r.options.jobs)),
      bail: reports.some((r) => r.options.bail),
    },
    smoke: { ok: smoke.every((c) => c.status === "passed"), checks: smoke },
    ...(diagnosis !== undefined ? { diagnosis } : {}),
    results,
    summary,
    problems: groupProblems(results),
    restarts: reports.reduce((n, r) => n + r.restarts, 0),
    startedAt: reports.map((r) => r.startedAt).sort()[0]!,
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    ok,
    bailed: reports.some((r) => r.bailed),
    level: {
      announced,
      reached: ok ? announced : "none",
      notApplicable: results.filter((r) => r.notApplicable === true).length,
    },
  };
  if (results.some((r) => r.status === "failed" || r.status === "errored"))
    merged.rerun = { command: rerunCommand(merged) };
  return { ok: true, value: merged };
}

/** One entry per smoke check, in first-seen order: failed when it failed in some shard, with that message. */
function mergeSmoke(lists: readonly SmokeCheck[][]): SmokeCheck[] {
  const out = new Map<string, SmokeCheck>();
  for (const list of lists)
    for (const c of list) {
      const known = out.get(c.name);
      if (known === undefined) out.set(c.name, { ...c });
      else {
        known.ms = Math.max(known.ms, c.ms);
        if (c.status === "failed" && known.status === "passed") {
          known.status = "failed";
          if (c.message !== undefined) known.message = c.message;
        }
      }
    }
  return [...out.values()];
}

/** What must agree between the shards of one matrix run. */
function matrixIdentity(m: MatrixDocument): [string, unknown][] {
  const { shard: _s, ...selection } = m.selection;
  return [
    ["implementations", m.implementations.map((i) => [i.name, i.command, i.cwd ?? null])],
    ["suite", [m.suite.name, m.suite.version, m.suite.commit, m.suite.cases, m.suite.properties]],
    ["selection", selection],
    ["registry", m.registry ?? null],
  ];
}

/**
 * Joins the shards of one matrix run (FC-MATRIX-5): each implementation's shard reports are merged as
 * {@link mergeShardReports} does; an implementation that could not be run in some shard stays an error.
 */
export function mergeShardMatrices(inputs: readonly ShardInput<MatrixDocument>[]): Merged<MatrixDocument> {
  const problem = checkShards(inputs, (m) => m.selection.shard, matrixIdentity);
  if (problem !== null) return { ok: false, message: problem };
  const ordered = [...inputs].sort((a, b) => a.value.selection.shard!.index - b.value.selection.shard!.index);
  const first = ordered[0]!.value;
  const runs: RunOutcome[] = [];
  for (const [k, impl] of first.implementations.entries()) {
    const entries = ordered.map((i) => ({ source: i.source, entry: i.value.implementations[k]! }));
    const durationMs = Math.max(...entries.map((e) => e.entry.durationMs));
    const base = {
      name: impl.name,
      command: impl.command,
      ...(impl.description !== undefined ? { description: impl.description } : {}),
      ...(impl.cwd !== undefined ? { cwd: impl.cwd } : {}),
    };
    const failed = entries.find((e) => e.entry.report === undefined);
    if (failed !== undefined) {
      runs.push({ impl: base, durationMs, error: errorOf(failed.entry, failed.source) });
      continue;
    }
    const merged = mergeShardReports(entries.map((e) => ({ value: e.entry.report!, source: e.source })));
    if (!merged.ok) return { ok: false, message: `${impl.name}: ${merged.message}` };
    runs.push({ impl: base, durationMs, report: merged.value });
  }
  const value = assembleMatrix(runs, {
    suite: first.suite,
    ...(first.registry !== undefined ? { registry: first.registry } : {}),
    selection: { ...first.selection, shard: null },
    jobs: first.jobs,
    startedAt: ordered.map((i) => i.value.startedAt).sort()[0]!,
    durationMs: Math.max(...ordered.map((i) => i.value.durationMs)),
  });
  return { ok: true, value };
}

function errorOf(entry: MatrixImplementation, source: string): { code: string; message: string } {
  const e = entry.error ?? { code: "IO", message: "no report" };
  return { code: e.code, message: `in ${source}: ${e.message}` };
}
