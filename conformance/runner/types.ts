// FC-CERT-1..12, FC-CASE-1: the runner's public types — options, per-check results, the report and mutation runs.
import type { Capability, CompactLevel, ImplementationInfo, ImplementationUnderTest } from "../iut.ts";

export type Profile = "required" | "reference" | "stage1-raw" | "optional" | "byte-exact";
export const PROFILES: readonly Profile[] = ["required", "reference", "stage1-raw", "optional", "byte-exact"];

export type CaseCommand = "compact" | "policy.validate" | "policy.decide" | "summary.accept";

/** Where each command's capability comes from (FC-PROTO-3). */
export const COMMAND_CAPABILITY: Readonly<Record<CaseCommand, Capability>> = {
  compact: "compact",
  "policy.validate": "policy",
  "policy.decide": "policy",
  "summary.accept": "summary",
};

/**
 * FC-CASE-9..12: a value in a reply — the value at `pointer` in step `step`'s log or result (without `step`: in the
 * reply being judged), optionally mapped to each element's `project` member.
 */
export interface ValueRef {
  step?: number;
  pointer: string;
  project?: string;
}

/** One assertion of conformance/case.schema.json. */
export type Assertion =
  | { check: "equals" | "notEquals"; pointer: string; project?: string; value?: unknown; to?: ValueRef }
  | { check: "length"; pointer: string; value: number }
  | { check: "contains" | "notContains"; pointer: string; value: unknown }
  | { check: "absentText" | "presentText"; text: string; pointer?: string }
  | { check: "matches"; pointer: string; pattern: string }
  | { check: "anyMatches" | "noneMatches"; pointer: string; pattern: string; project?: string }
  | { check: "lte" | "gte" | "lt" | "gt"; pointer: string; than: number | ValueRef }
  | { check: "isNull" | "notNull"; pointer: string }
  | { check: "distinct"; pointer: string; project?: string }
  | {
      check: "ordered";
      pointer: string;
      project?: string;
      order: "ascending" | "descending";
      strict?: boolean;
    }
  | { check: "in"; pointer: string; to: ValueRef }
  | { check: "allIn"; pointer: string; project?: string; to: ValueRef }
  | { check: "tokenCount"; pointer: string; of: string }
  | { check: "tokensAtMost"; pointer: string; than: number | ValueRef };

/**
 * What a reply must be (one step of a case, or the whole of a one-step case). With `anyOf` (FC-CASE-14) the reply
 * must meet one of the acceptable alternatives, each an expectation of its own, and `assertions` beside it apply to
 * every reply whichever alternative it meets.
 */
export interface Expectation {
  error?: { code: string; field?: string };
  result?: unknown;
  assertions?: Assertion[];
  bytes?: string;
  anyOf?: Expectation[];
}

/** FC-CASE-9: one request of a multi-step case; `input` may hold `{"$fromStep": K, "pointer": P}` references. */
export interface CaseStep {
  command?: CaseCommand;
  input: Record<string, unknown>;
  expect: Expectation;
}

/** A conformance case document (conformance/case.schema.json): one step (`input` + `expect`) or `steps`. */
export interface ConformanceCase {
  id: string;
  /** A generated case: the command that regenerates its file (FC-CASE-13). */
  generatedBy?: string;
  description: string;
  requirements: string[];
  profile: Profile;
  command: CaseCommand;
  input?: Record<string, unknown>;
  expect?: Expectation;
  steps?: CaseStep[];
  notes?: string;
}

/** A case together with where it came from. */
export interface LoadedCase {
  case: ConformanceCase;
  /** Path relative to the case root, with forward slashes. */
  file: string;
}

/**
 * passed / failed: the implementation answered and the answer does / does not conform.
 * errored: the implementation did not answer properly (timeout, crash, malformed reply, wrong seq, over-sized
 * reply), or a skipped check unexpectedly passed (the skip list is stale).
 * skipped: not judged (skip list, missing capability, or not run after --bail).
 */
export type CheckStatus = "passed" | "failed" | "errored" | "skipped";

export type CheckKind = "case" | "property" | "feature";

/** A minimal expected-vs-actual difference. */
export interface Mismatch {
  /** JSON pointer into the reply body where the first difference is ("" = the log or result). */
  pointer: string;
  expected: unknown;
  actual: unknown;
}

export interface CheckResult {
  id: string;
  kind: CheckKind;
  /** Spec area: the case id without its last segment (e.g. "policy.decide"), "property" or "features". */
  area: string;
  requirements: string[];
  profile: Profile;
  /** True when this check decides the exit code (required profile, or a profile named with --profile). */
  gating: boolean;
  command?: string;
  status: CheckStatus;
  ms: number;
  /** Why it failed / errored / was skipped; never contains the implementation's stderr beyond a short tail. */
  message?: string;
  mismatch?: Mismatch;
  /** For a skip-list entry: the reason the skip list gives. */
  skipReason?: string;
  /** For a check a skip-list entry covers: that entry's id (a check id, or globs with exclusions). */
  skipEntry?: string;
  /** For a check skipped by the skip list: what it would have been (FC-CERT-23). */
  wouldBe?: "failed" | "errored";
  /** FC-CERT-13: skipped because a delta-only implementation has no envelope to judge (the message says why). */
  notApplicable?: true;
  /**
   * FC-CERT-13: the expectations not judged at the implementation's level (they read the envelope a delta-only
   * implementation does not return), each with why; the check was judged on the rest.
   */
  setAside?: SetAside[];
  /** A property's counterexample, saved as a replayable case file (path). */
  counterexample?: string;
  /** A property's seed and replay path. */
  seed?: number;
  replayPath?: string;
  /** A leak (a failed `absentText`): where the planted text appears in the reply (FC-CERT-15). */
  leak?: LeakWhere;
}

/** One expectation a check did not judge, and why (FC-CERT-13). */
export interface SetAside {
  /** Which expectation: `step 1: assertion 2 (tokenCount)`, `expect.result member 'rootCauses'`, … */
  expectation: string;
  reason: string;
}

/** Every JSON pointer (into the reply body `{log}`, `{result}` or `{error}`) at which a planted text appears. */
export interface LeakWhere {
  /** The planted text, shortened for display. */
  text: string;
  pointers: string[];
  /** True when some pointer is inside `/log/correctionDelta`: the text reaches the Worker's prompt. */
  inCorrectionDelta: boolean;
}

/** Failing checks that share what to fix: the shape of their first failing assertion (FC-CERT-14). */
export interface ProblemGroup {
  /** The requirement its checks cite most ("(no requirement)" when they cite none). */
  requirement: string;
  /** Every requirement the group's checks cite, most cited first. */
  requirements: string[];
  /** What to fix in plain words: the recognised shape, else the first check's own message (never a template). */
  cause: string;
  gating: boolean;
  /** "errored" when every check of the group errored, else "failed". */
  status: "failed" | "errored";
  kinds: CheckKind[];
  /** The first check's message, as it was. */
  message: string;
  /** Ids of the group's checks, in id order. */
  checks: string[];
  /** Up to three of them to look at first. */
  examples: string[];
}

/**
 * FC-CERT-22: why the implementation as a whole gives no proper answer — found by a smoke check, or by running out
 * of restarts — with what a person needs to fix it.
 */
export interface Diagnosis {
  /** One sentence: what the implementation does wrong (exits, hangs, writes non-replies on stdout, …). */
  summary: string;
  /** Where it showed: a smoke check ("the smoke check unknown-command") or a check id. */
  found: string;
  /** True when the run stopped there (the default); false with --keep-going. */
  stopped: boolean;
  /** What to do about it. */
  hint: string;
  exitCode?: number;
  signal?: string;
  /** The per-request timeout that ran out. */
  timeoutMs?: number;
  /** The last lines the process wrote on standard error. */
  stderr?: string[];
  /** The start of the stdout line that is not a protocol reply. */
  stdoutLine?: string;
  /** Restarts made before the implementation was given up. */
  restarts?: number;
}

export interface SmokeCheck {
  name: "handshake" | "seq-echo" | "unknown-command" | "stop";
  requirements: string[];
  status: "passed" | "failed";
  ms: number;
  message?: string;
}

export interface SmokeReport {
  ok: boolean;
  checks: SmokeCheck[];
}

export interface AreaSummary {
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
}

export interface ReportSummary extends AreaSummary {
  total: number;
  /** Gating checks that failed or errored. */
  gatingProblems: number;
  byArea: Record<string, AreaSummary>;
}

export interface CertifyReport {
  reportVersion: 1;
  kind: "certification";
  suite: { name: string; version: string; cases: number; properties: number; features: number };
  protocol: { version: 1 };
  implementation: ImplementationInfo & {
    capabilities: Capability[];
    command?: string[];
    level?: CompactLevel;
  };
  options: {
    profiles: Profile[];
    filter: string | null;
    shard: { index: number; count: number } | null;
    seed: number;
    runs: number;
    timeoutMs: number;
    jobs: number;
    bail: boolean;
    /** --keep-going: run every check even after the implementation was diagnosed broken (FC-CERT-22). */
    keepGoing?: boolean;
    /** With `--case`: the case files run, as given. */
    caseFiles?: string[];
  };
  /**
   * FC-CERT-26: with `--problem-matcher`, the caller's matcher file, its owners, the repository root the requests
   * name, and per `--matcher-sample` the findings the kit expects and the ids of its checks.
   */
  problemMatcher?: {
    file: string;
    owners: string[];
    repoRoot: string;
    samples: { file: string; expected: number; checks: string[] }[];
  };
  smoke: SmokeReport;
  /** FC-CERT-22: the implementation gives no proper answer at all; the report opens with this. */
  diagnosis?: Diagnosis;
  results: CheckResult[];
  summary: ReportSummary;
  /** The failing and erroring checks grouped by cause, most urgent first (FC-CERT-14). */
  problems?: ProblemGroup[];
  /** How to re-run exactly the failing checks (FC-CERT-17): the id file the CLI wrote and the command. */
  rerun?: { idFile?: string; command: string };
  /** Implementation processes restarted after a crash, timeout or protocol violation. */
  restarts: number;
  /** Wall-clock ISO time the run started (the only clock reading in the report besides durations). */
  startedAt: string;
  durationMs: number;
  /** True iff the smoke check passed, there is no diagnosis and no gating check failed or errored (exit code 0). */
  ok: boolean;
  bailed: boolean;
  /**
   * FC-CERT-13: the level announced in the handshake, the level reached (the announced one when the run passed,
   * else "none") and how many checks were not applicable at it.
   */
  level?: { announced: CompactLevel; reached: CompactLevel | "none"; notApplicable: number };
}

export interface SkipEntry {
  /**
   * A check id, or comma-separated globs over check ids (`*` any run, `?` one character; `FC-…` globs over
   * requirement ids) where a leading `!` excludes: `redaction.*,!redaction.sensitive.aws-key`.
   */
  id: string;
  reason: string;
}

export interface ProgressEvent {
  done: number;
  total: number;
  result?: CheckResult;
  phase: "smoke" | "cases" | "properties" | "features" | "done";
}

export interface CertifyOptions {
  /** argv of the implementation's command; absent (and no `iut`) = the in-process reference. */
  command?: string[];
  /** An implementation object; used instead of `command`. The runner does not close it. */
  iut?: ImplementationUnderTest;
  /** Comma-separated globs over check ids; a leading `!` excludes. */
  filter?: string;
  /** Exact check ids to run (`--rerun FILE`); combines with `filter`. */
  ids?: string[];
  /** Case files to run instead of the library (`--case`); no properties run unless `ids` names them. */
  caseFiles?: string[];
  /** Profiles to run and gate on; default: all profiles run, only `required` gates. */
  profile?: Profile | Profile[];
  shard?: { index: number; count: number };
  bail?: boolean;
  /**
   * FC-CERT-22: when the smoke check gets no proper answer or the implementation is given up after its restarts,
   * the run stops with a diagnosis; `keepGoing` runs every check anyway.
   */
  keepGoing?: boolean;
  /** Property seed: a number, "random" for a new draw (printed in the report), absent = DEFAULT_SEED. */
  seed?: number | "random";
  runs?: number;
  /** Per-request timeout (default 10000 ms). */
  timeoutMs?: number;
  /** Time allowed for the handshake (default 60000 ms). */
  startTimeoutMs?: number;
  /** Implementation processes in parallel (command mode only; default 1). */
  jobs?: number;
  /** Most restarts per process before the remaining checks are errored (default 10). */
  maxRestarts?: number;
  /** Largest accepted reply line in bytes (default 16 MiB). */
  maxReplyBytes?: number;
  skip?: SkipEntry[];
  /**
   * A skip file to read (the format of `certify --skip`, resolved against the current directory); its entries
   * join `skip`. An unreadable file is an IO start-up problem, a malformed one USAGE.
   */
  skipFile?: string;
  includeProperties?: boolean;
  includeFeatures?: boolean;
  /**
   * FC-CERT-26: checks made for this run (`certify --problem-matcher`), run beside the library or the `--case`
   * files, and what the report says about them.
   */
  extra?: { cases: LoadedCase[]; problemMatcher?: NonNullable<CertifyReport["problemMatcher"]> };
  /** Directory of the case library (default: the package's conformance/cases). */
  casesDir?: string;
  /** Where property counterexamples are written (default .tmp/counterexamples under cwd). */
  counterexampleDir?: string;
  /** Working directory for the implementation's process. */
  cwd?: string;
  /** Environment for the implementation's process (default: this process's). */
  env?: Record<string, string | undefined>;
  onProgress?: (event: ProgressEvent) => void;
}

/** One mutant's outcome in a mutation run (FC-CERT-11). */
export interface MutantOutcome {
  id: string;
  description: string;
  violates: string[];
  harmless: boolean;
  /** Ids of checks that pass against the reference and fail or error against this mutant. */
  killedBy: string[];
  /** Non-harmless: no check killed it. Harmless: never "survived" (see falseAlarm). */
  survived: boolean;
  /** A harmless variant that some check rejected. */
  falseAlarm: boolean;
  /** A problem running the mutant itself (e.g. it would not start). */
  error?: string;
  /** A legal variant of conformance/variants (harmless by construction). */
  variant?: boolean;
  ms: number;
}

export interface MutantsOptions extends Omit<CertifyOptions, "command" | "iut" | "includeFeatures"> {
  /** Ids of mutants to run (default: all in conformance/mutants). */
  mutants?: string[];
  /** "process": each mutant runs as `feedback-compactor serve --mutant <id>`; "in-process": wraps the handler. */
  mode?: "process" | "in-process";
  /** Run every check against every mutant (no per-mutant bail) and return the full kill matrix. */
  killMatrix?: boolean;
}

export interface MutantsReport {
  reportVersion: 1;
  kind: "mutation";
  mode: "process" | "in-process";
  mutants: MutantOutcome[];
  /** Non-harmless mutants no check killed. */
  survivors: string[];
  /** Harmless variants some check rejected. */
  falseAlarms: string[];
  /** Present with killMatrix: check id → ids of mutants it kills. */
  killMatrix?: Record<string, string[]>;
  /** Present with killMatrix: checks that pass against the reference and kill no mutant. */
  killsNothing?: string[];
  /** Checks that do not pass against the reference (they cannot kill anything). */
  baselineProblems: { id: string; status: CheckStatus; message?: string }[];
  /** Harmless variants (legal variants and harmless mutants) that every deciding check accepted, of all of them. */
  legalVariants?: { accepted: number; total: number };
  /** Broken mutants some deciding check killed, of all of them. */
  mutantsKilled?: { killed: number; total: number };
  ok: boolean;
  durationMs: number;
}
