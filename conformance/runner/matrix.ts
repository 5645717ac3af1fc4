// FC-MATRIX-2..4: one run of the suite against many implementations — one selection and seed, bounded parallelism.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type StartOutcome, startProcessIut } from "../../src/protocol/client.ts";
import { VERSION } from "../../src/version.ts";
import { type Badge, certificationBadge } from "../report/badge.ts";
import { DEFAULT_CASES_DIR, loadCases } from "./cases.ts";
import {
  DEFAULT_RUNS,
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
  loadProperties,
  processOptions,
  runCertify,
  SUITE_NAME,
} from "./certify.ts";
import { shellWord } from "./problems.ts";
import { environmentOf, type Implementation } from "./registry.ts";
import {
  type CertifyOptions,
  type CertifyReport,
  type CheckKind,
  type CheckStatus,
  PROFILES,
  type Profile,
  type ReportSummary,
} from "./types.ts";
import type { Capability, CompactLevel, PropertyCheck } from "../iut.ts";

/** The package root (the checkout, or dist/lib/ of an installed package): case files are named from here. */
export const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Implementations certified at once unless `jobs` says otherwise (FC-MATRIX-2). */
export const DEFAULT_MATRIX_JOBS = 2;

/** A check's outcome for one implementation; `absent` when its report has no such check (or it has no report). */
export type MatrixStatus = CheckStatus | "absent";

/** What the implementation said of itself in the handshake (FC-PROTO-2, FC-PROTO-11). */
export interface Handshake {
  name: string;
  version: string;
  language: string;
  homepage?: string;
  capabilities: Capability[];
  level: CompactLevel;
}

export interface MatrixImplementation {
  /** The registry's name: the column, the badge's file name. */
  name: string;
  description?: string;
  command: string[];
  /** The working directory as the registry gives it (relative to the registry file). */
  cwd?: string;
  /** Null when the implementation could not be run (see `error`). */
  handshake: Handshake | null;
  /** pass: its run passed; fail: a deciding check failed or errored, or it is broken; error: it could not be run. */
  verdict: "pass" | "fail" | "error";
  level?: { announced: CompactLevel; reached: CompactLevel | "none"; notApplicable: number };
  summary?: ReportSummary;
  badge: Badge;
  /** Wall-clock time of its run, start-up included. */
  durationMs: number;
  error?: { code: string; message: string };
  /** Its certification report (spec/schemas/report.v1.json), as `certify --reporter json` would write it. */
  report?: CertifyReport;
}

export interface MatrixCheck {
  id: string;
  kind: CheckKind;
  area: string;
  requirements: string[];
  profile: Profile;
  /** Whether it decides a verdict (the same for every implementation: one selection). */
  gating: boolean;
  /** The file that defines it, relative to the package root (a case file, a property module), when known. */
  file?: string;
  /** Its status per implementation, in the order of `implementations`. */
  statuses: MatrixStatus[];
  /** FC-MATRIX-4: some implementation passed it and another failed or errored it. */
  disagreement: boolean;
}

export interface MatrixSelection {
  profiles: Profile[];
  /** Whether the profiles were named (then every one gates) or left to the default (only `required` gates). */
  profileGiven: boolean;
  filter: string | null;
  ids?: string[];
  shard: { index: number; count: number } | null;
  seed: number;
  runs: number;
  properties: boolean;
  features: boolean;
  timeoutMs: number;
}

/** The matrix document (spec/schemas/matrix.v1.json). */
export interface MatrixDocument {
  matrixVersion: 1;
  kind: "matrix";
  suite: {
    name: string;
    version: string;
    /** The suite's git commit, when it runs from a checkout; null otherwise. */
    commit: string | null;
    /** True when the checkout had uncommitted changes to tracked files. */
    dirty?: boolean;
    cases: number;
    properties: number;
  };
  protocol: { version: 1 };
  /** The registry file as it was named (absent: the kit's own conformance/implementations.json). */
  registry?: string;
  selection: MatrixSelection;
  /** Implementations certified at once. */
  jobs: number;
  startedAt: string;
  durationMs: number;
  implementations: MatrixImplementation[];
  checks: MatrixCheck[];
  /** Ids of the checks where implementations disagree, in the order the page lists them (FC-MATRIX-4). */
  disagreements: string[];
}

export interface MatrixOptions
  extends Pick<
    CertifyOptions,
    | "filter"
    | "ids"
    | "profile"
    | "shard"
    | "runs"
    | "timeoutMs"
    | "startTimeoutMs"
    | "maxRestarts"
    | "includeProperties"
    | "includeFeatures"
    | "keepGoing"
    | "casesDir"
    | "extra"
  > {
  seed?: number | "random";
  /** Implementations certified at once (default 2). */
  jobs?: number;
  /** Counterexamples go to `<dir>/<name>/` (default .tmp/counterexamples/matrix). */
  counterexampleDir?: string;
  /** The registry file as the user named it, for the replay commands (absent: the kit's own). */
  registry?: string;
  onProgress?: (event: MatrixProgress) => void;
}

export interface MatrixProgress {
  implementation: string;
  phase: "started" | "done";
  /** With `done`. */
  entry?: MatrixImplementation;
  done: number;
  total: number;
}

export type MatrixOutcome =
  | { ok: true; document: MatrixDocument }
  | { ok: false; error: { code: "USAGE" | "IO"; message: string } };

/** The suite's commit and whether the checkout is dirty; null when the package root is not a git work tree. */
export function suiteCommit(root: string = PACKAGE_ROOT): { commit: string | null; dirty?: boolean } {
  const git = (args: string[]) =>
    spawnSync("git", ["-C", root, ...args], { encoding: "utf8", timeout: 10_000 });
  const top = git(["rev-parse", "--show-toplevel", "HEAD"]);
  if (top.status !== 0) return { commit: null };
  const [toplevel, head] = top.stdout.trim().split("\n");
  try {
    // An installed package inside someone's repository is not the suite's checkout.
    if (toplevel === undefined || realpathSync(toplevel) !== realpathSync(root)) return { commit: null };
  } catch {
    return { commit: null };
  }
  if (head === undefined || !/^[0-9a-f]{40}$/.test(head)) return { commit: null };
  const status = git(["status", "--porcelain", "--untracked-files=no"]);
  return { commit: head, ...(status.status === 0 ? { dirty: status.stdout.trim() !== "" } : {}) };
}

/** The file that defines a check, relative to the package root, when there is one. */
export function checkFile(id: string, kind: CheckKind, root: string = PACKAGE_ROOT): string | undefined {
  const rel =
    kind === "case"
      ? `conformance/cases/${id.split(".").join("/")}.json`
      : kind === "property" && id.startsWith("property.")
        ? `conformance/properties/${id.slice("property.".length)}.ts`
        : undefined;
  if (rel === undefined) return undefined;
  // An installed package ships compiled modules.
  if (existsSync(join(root, rel))) return rel;
  const js = rel.replace(/\.ts$/, ".js");
  return js !== rel && existsSync(join(root, js)) ? js : undefined;
}

/**
 * Certifies every implementation with one selection and one seed (FC-MATRIX-2): the case library and the properties
 * are loaded once, at most `jobs` implementations run at once, each as one process. An implementation that cannot
 * be run is recorded with its error and the others go on; when none can be run for the same usage reason (a
 * selection of nothing), the matrix is that usage error.
 */
export async function runMatrix(
  implementations: readonly Implementation[],
  options: MatrixOptions = {},
): Promise<MatrixOutcome> {
  const startedAt = new Date();
  const t0 = performance.now();
  if (implementations.length === 0)
    return { ok: false, error: { code: "USAGE", message: "the registry names no implementation" } };
  const seed =
    options.seed === "random" ? Math.floor(Math.random() * 2 ** 31) : (options.seed ?? DEFAULT_SEED);
  const jobs = Math.max(1, options.jobs ?? DEFAULT_MATRIX_JOBS);
  const common: CertifyOptions = {
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    ...(options.ids !== undefined ? { ids: options.ids } : {}),
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    ...(options.runs !== undefined ? { runs: options.runs } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
    ...(options.maxRestarts !== undefined ? { maxRestarts: options.maxRestarts } : {}),
    ...(options.includeProperties !== undefined ? { includeProperties: options.includeProperties } : {}),
    ...(options.includeFeatures !== undefined ? { includeFeatures: options.includeFeatures } : {}),
    ...(options.keepGoing !== undefined ? { keepGoing: options.keepGoing } : {}),
    ...(options.casesDir !== undefined ? { casesDir: options.casesDir } : {}),
    ...(options.extra !== undefined ? { extra: options.extra } : {}),
    seed,
    jobs: 1,
  };
  const base = options.counterexampleDir ?? join(process.cwd(), ".tmp", "counterexamples", "matrix");
  const optionsFor = (impl: Implementation): CertifyOptions => ({
    ...common,
    command: impl.command,
    cwd: impl.dir,
    env: environmentOf(impl),
    counterexampleDir: join(base, impl.name),
  });
  // The first implementations start while the library and the properties load: their start-up is most of a
  // small run, and loading would leave a core idle.
  const t0Of: number[] = [];
  const early = new Map<number, Promise<StartOutcome>>();
  for (let i = 0; i < Math.min(jobs, implementations.length); i++) {
    t0Of[i] = performance.now();
    const impl = implementations[i]!;
    early.set(i, startProcessIut(processOptions(optionsFor(impl), impl.command)));
  }
  const closeEarly = async () => {
    for (const p of early.values()) {
      const s = await p;
      if (s.ok) await s.iut.close();
    }
  };

  const library = loadCases(options.casesDir ?? DEFAULT_CASES_DIR);
  let properties: PropertyCheck[] = [];
  if (options.includeProperties !== false) {
    try {
      properties = await loadProperties();
    } catch (e) {
      await closeEarly();
      return {
        ok: false,
        error: {
          code: "USAGE",
          message: `conformance/properties could not be loaded (${e instanceof Error ? e.name : "error"})`,
        },
      };
    }
  }

  const runs: RunOutcome[] = new Array(implementations.length);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, implementations.length) }, async () => {
      while (next < implementations.length) {
        const i = next++;
        const impl = implementations[i]!;
        options.onProgress?.({
          implementation: impl.name,
          phase: "started",
          done,
          total: implementations.length,
        });
        const start = t0Of[i] ?? performance.now();
        const started = early.get(i);
        const outcome = await runCertify(optionsFor(impl), {
          properties,
          library,
          ...(started !== undefined ? { started } : {}),
        });
        // A run that stopped before using its early process leaves it to us (closing twice is harmless).
        if (started !== undefined) {
          const s = await started;
          if (s.ok) await s.iut.close();
        }
        runs[i] = {
          impl,
          durationMs: Math.round(performance.now() - start),
          ...(outcome.ok ? { report: outcome.report } : { error: outcome.error }),
        };
        done++;
        options.onProgress?.({
          implementation: impl.name,
          phase: "done",
          done,
          total: implementations.length,
          entry: implementationEntry(runs[i]),
        });
      }
    }),
  );
  // One usage problem for all (a filter that selects nothing) is the matrix's own.
  const first = runs[0]!.error;
  if (
    first?.code === "USAGE" &&
    runs.every((r) => r.error?.code === "USAGE" && r.error.message === first.message)
  )
    return { ok: false, error: { code: "USAGE", message: first.message } };

  const profileGiven = options.profile !== undefined;
  const profiles: Profile[] = profileGiven
    ? Array.isArray(options.profile)
      ? [...options.profile]
      : [options.profile as Profile]
    : [...PROFILES];
  const document = assembleMatrix(runs, {
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    jobs,
    ...(options.registry !== undefined ? { registry: options.registry } : {}),
    suite: {
      name: SUITE_NAME,
      version: VERSION,
      ...suiteCommit(),
      cases: library.cases.length,
      properties: properties.length,
    },
    selection: {
      profiles,
      profileGiven,
      filter: options.filter ?? null,
      ...(options.ids !== undefined ? { ids: options.ids } : {}),
      shard: options.shard ?? null,
      seed,
      runs: options.runs ?? DEFAULT_RUNS,
      properties: options.includeProperties !== false,
      features: options.includeFeatures === true,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    },
  });
  return { ok: true, document };
}

/** One implementation's run: its report, or why it has none. */
export interface RunOutcome {
  impl: Pick<Implementation, "name" | "command"> & Partial<Pick<Implementation, "description" | "cwd">>;
  durationMs: number;
  report?: CertifyReport;
  error?: { code: string; message: string };
}

/** The public entry of one implementation (its report included). */
export function implementationEntry(run: RunOutcome): MatrixImplementation {
  const { impl, report } = run;
  const common = {
    name: impl.name,
    ...(impl.description !== undefined ? { description: impl.description } : {}),
    command: [...impl.command],
    ...(impl.cwd !== undefined ? { cwd: impl.cwd } : {}),
    durationMs: run.durationMs,
  };
  if (report === undefined) {
    return {
      ...common,
      handshake: null,
      verdict: "error",
      badge: { schemaVersion: 1, label: "conformance", message: "not run", color: "lightgrey" },
      error: run.error ?? { code: "IO", message: "no report" },
    };
  }
  const info = report.implementation;
  return {
    ...common,
    handshake: {
      name: info.name,
      version: info.version,
      language: info.language,
      ...(info.homepage !== undefined ? { homepage: info.homepage } : {}),
      capabilities: [...info.capabilities],
      level: info.level ?? "full",
    },
    verdict: report.ok ? "pass" : "fail",
    ...(report.level !== undefined ? { level: report.level } : {}),
    summary: report.summary,
    badge: certificationBadge(report),
    report,
  };
}

const bad = (s: MatrixStatus) => s === "failed" || s === "errored";

/** FC-MATRIX-4: some implementation passed the check and another failed or errored it. */
export function disagrees(statuses: readonly MatrixStatus[]): boolean {
  return statuses.includes("passed") && statuses.some(bad);
}

/** Builds the document from the implementations' runs (in registry order) and what is common to them. */
export function assembleMatrix(
  runs: readonly RunOutcome[],
  meta: Omit<
    MatrixDocument,
    "matrixVersion" | "kind" | "protocol" | "implementations" | "checks" | "disagreements"
  >,
  root: string = PACKAGE_ROOT,
): MatrixDocument {
  const implementations = runs.map(implementationEntry);
  const rows = new Map<string, MatrixCheck>();
  runs.forEach((run, i) => {
    for (const r of run.report?.results ?? []) {
      let row = rows.get(r.id);
      if (row === undefined) {
        const file = run.report?.options.caseFiles === undefined ? checkFile(r.id, r.kind, root) : undefined;
        row = {
          id: r.id,
          kind: r.kind,
          area: r.area,
          requirements: [...r.requirements],
          profile: r.profile,
          gating: r.gating,
          ...(file !== undefined ? { file } : {}),
          statuses: runs.map(() => "absent"),
          disagreement: false,
        };
        rows.set(r.id, row);
      }
      row.statuses[i] = r.status;
    }
  });
  const checks = [...rows.values()].sort(byKindThenId);
  for (const c of checks) c.disagreement = disagrees(c.statuses);
  const disagreements = checks
    .filter((c) => c.disagreement)
    .sort((a, b) => Number(b.gating) - Number(a.gating) || byKindThenId(a, b))
    .map((c) => c.id);
  return {
    matrixVersion: 1,
    kind: "matrix",
    ...meta,
    protocol: { version: 1 },
    implementations,
    checks,
    disagreements,
  } as MatrixDocument;
}

const KIND_ORDER: readonly CheckKind[] = ["case", "property", "feature"];

/** Cases, then properties, then scenarios; each by id. */
export function byKindThenId(a: { kind: CheckKind; id: string }, b: { kind: CheckKind; id: string }): number {
  return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * FC-MATRIX-4: the one command that replays a check against every implementation of the matrix: the same registry,
 * the check's id as the filter, the profiles when they were named, the seed and runs for a property, `--features`
 * for a scenario.
 */
export function replayCommand(doc: MatrixDocument, check: Pick<MatrixCheck, "id" | "kind">): string {
  const parts = ["feedback-compactor", "matrix"];
  if (doc.registry !== undefined) parts.push(shellWord(doc.registry));
  parts.push("--filter", shellWord(check.id));
  if (doc.selection.profileGiven) parts.push("--profile", doc.selection.profiles.join(","));
  if (check.kind === "property")
    parts.push("--seed", String(doc.selection.seed), "--runs", String(doc.selection.runs));
  if (check.kind === "feature") parts.push("--features");
  return parts.join(" ");
}
