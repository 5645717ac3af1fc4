// FC-REQ-1..12, FC-REDACT-MANDATORY-1: generators of valid CompactionRequests that reach the interesting cases.
import fc from "fast-check";

/**
 * The generators build a small *model* (cause templates, rounds, observations) and render it to a request. Shrinking
 * works on the model, so a counterexample stays a valid request. The mix is tuned so that the generator-coverage
 * test (generators.test.ts) sees every feature below in a fixed-seed sample:
 *   several rounds, a cause repeated across rounds, resolved / superseded statuses, keepForContext, overwritten
 *   ranges that hit a cause, notes, a trace shared by two causes, long messages and traces, budgets that force
 *   omission, computed and supplied ids, volatile tokens, repo-relative absolute paths, planted canary secrets
 *   (a GitHub token and an AWS key id of valid format) in every text field, and long texts: a message past 64 KiB
 *   whose canary sits at a trim cut or a chunk boundary an implementation might use, followed by more findings
 *   carrying canaries (a redactor that stops after its first 40,000 characters leaks them).
 */

import { createHash } from "node:crypto";
import { minimalFallbackDelta } from "../oracle/fallback.ts";
import { type CanaryContext, renderCanary } from "./canary-contexts.ts";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * `n` high-entropy characters from `alphabet`, derived from a number. Canaries are derived rather than built
 * character by character so that shrinking never turns them into low-entropy strings (`ghp_AAAA…`) that a
 * scanner with an entropy gate rightly ignores.
 */
function derived(seed: number, alphabet: string, n: number): string {
  let out = "";
  for (let block = 0; out.length < n; block++) {
    const bytes = createHash("sha256").update(`canary:${seed}:${block}`).digest();
    for (const b of bytes) if (out.length < n) out += alphabet[b % alphabet.length];
  }
  return out;
}

/** A GitHub personal access token of valid format (ghp_ + 36 alphanumerics). */
export const githubTokenArb = fc
  .integer({ min: 0, max: 1_000_000 })
  .map((n) => `ghp_${derived(n, ALNUM, 36)}`);
/** An AWS access key id of valid format (AKIA + 16 upper-case letters and digits). */
export const awsKeyArb = fc
  .integer({ min: 0, max: 1_000_000 })
  .map((n) => `AKIA${derived(n, UPPER_DIGITS, 16)}`);

export type TextField = "message" | "trace" | "notes" | "rule" | "path" | "workerOutput" | "taskSpec";
export const TEXT_FIELDS: readonly TextField[] = [
  "message",
  "trace",
  "notes",
  "rule",
  "path",
  "workerOutput",
  "taskSpec",
];

/** Where canaries are planted: one secret per field, or none. */
export type Plan = Partial<Record<TextField, string>>;

export interface CauseTemplate {
  /** Supplied id, or null for a computed one (FC-ID-1). */
  id: string | null;
  rule: string;
  path: string | null;
  /** Use the absolute form of the path under repoRoot. */
  absolute: boolean;
  startLine: number | null;
  span: number;
  /** Message; `{v}` is replaced per observation by a volatile token of kind `volatileKind` (FC-ID-2). */
  message: string;
  volatileKind: number;
}

export interface ObservationModel {
  template: number;
  status: "open" | "resolved" | "superseded";
  severity: "error" | "warning" | "info";
  keepForContext: boolean;
  /** Index into the trace pool, or null for no trace. */
  trace: number | null;
  lineShift: number;
  volatile: number;
  /** firstObservedIn goes back this many rounds (0 = the default). */
  firstBack: number;
}

export interface RoundModel {
  gap: number;
  status: "pass" | "fail" | "blocked";
  observations: ObservationModel[];
  notes: number | null;
  ts: number;
  /** Sort keys that permute the findings inside the round (all equal = input order). */
  order: number[];
  /**
   * A second finding of one of the round's observations, alike but for its lines (FC-ID-1's occurrences): the
   * observation at this index, when its template has a computed id, a path and a line, is repeated 4 + span lines
   * further down. Null or absent: none.
   */
  twin?: number | null;
}

export interface RangeModel {
  template: number;
  /** Lines the range reaches before and after the cause's start. */
  before: number;
  after: number;
  /** sinceRound = the index of round `sinceRound` of the request (clamped). */
  sinceRound: number;
}

export interface RequestModel {
  templates: CauseTemplate[];
  rounds: RoundModel[];
  ranges: RangeModel[];
  budget: number | null;
  traces: string[];
  notes: string[];
  workerOutput: string;
  taskSpec: string;
  withRepoRoot: boolean;
  priorFallback: boolean;
  plan: Plan;
  /** A canary put into canonicalState.ref (copied verbatim, so the leak scan must refuse the log). */
  refCanary?: string;
  /**
   * A long text: the first cause template's message is `size` characters and its message canary sits at offset
   * `at` (a trim cut or a chunk boundary) instead of at its end; the other findings follow it. Null: none.
   */
  long: { size: number; at: number } | null;
  /**
   * The context each free-text field's canary sits in (canary-contexts.ts): the text before it, its spelling and
   * the text after it. A field without one gets its canary as a plain word.
   */
  contexts?: Partial<Record<TextField, CanaryContext>>;
}

/** Offsets a redactor or a trimmer might cut at: trim limits, and chunk boundaries up to and past 64 KiB. */
export const CUT_OFFSETS: readonly number[] = [
  190, 199, 255, 299, 395, 399, 400, 511, 796, 799, 1023, 4090, 8188, 16380, 32764, 39990, 40000, 65530,
  65536, 66000,
];

/** Long texts: past 40,000 characters, and past 64 KiB. */
const longArb = fc.record({
  size: fc.constantFrom(41_000, 70_000),
  at: fc.constantFrom(...CUT_OFFSETS),
});

/** Words without digits or secrets, `size` characters long. */
function filler(size: number): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const w = WORDS[(i * 7) % WORDS.length]!;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(" ").slice(0, size);
}

/** The long message: filler with the canary planted as a word at (or just after) `at`, when there is one. */
export function longText(long: { size: number; at: number }, canary: string | undefined): string {
  const base = filler(long.size);
  if (canary === undefined) return base;
  const at = Math.min(long.at, long.size - canary.length - 2);
  return `${base.slice(0, at)} ${canary} ${base.slice(at + canary.length + 2)}`;
}

/** Volatile tokens by kind (FC-ID-2); a template keeps one kind so a supplied id never changes its normMessage. */
const VOLATILE: readonly (readonly string[])[] = [
  ["12ms", "873ms", "1.5 s"],
  ["2026-11-30T10:01:02Z", "2026-12-01T08:00:59Z"],
  ["0x7ffd5e2a10c8", "0x55d0aa00ff11"],
  ["pid 4242", "pid 17"],
];
const RULES = [
  "tsc:TS2304",
  "tsc:TS2322",
  "eslint:no-unused-vars",
  "test:failed",
  "lint:style",
  "vitest:timeout",
];
const PATHS = [
  "src/cart.ts",
  "src/config.ts",
  "test/cart.test.ts",
  "lib/util/format.ts",
  "./src/index.ts",
  "src\\win\\path.ts",
];
const WORDS = [
  "expected",
  "received",
  "cart",
  "total",
  "after",
  "adding",
  "items",
  "config",
  "loader",
  "ignores",
  "the",
  "locale",
  "override",
  "when",
  "cache",
  "is",
  "warm",
  "and",
  "retry",
  "fails",
  "on",
  "second",
  "attempt",
];

const words = (min: number, max: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((w) => w.join(" "));

/** Mostly short messages, sometimes long ones (over the 400-unit limit) and sometimes with a volatile slot. */
const messageArb = fc.oneof(
  { weight: 6, arbitrary: words(2, 12) },
  { weight: 2, arbitrary: words(2, 8).map((w) => `${w} took {v}`) },
  { weight: 2, arbitrary: words(90, 160) },
);

const traceArb = fc.oneof(
  { weight: 4, arbitrary: words(3, 10).map((w) => `at ${w}`) },
  { weight: 1, arbitrary: words(150, 220) },
);

const templateArb = fc.record({
  supplied: fc.boolean(),
  rule: fc.constantFrom(...RULES),
  path: fc.option(fc.constantFrom(...PATHS), { freq: 4, nil: null }),
  absolute: fc.boolean(),
  startLine: fc.option(fc.integer({ min: 1, max: 60 }), { freq: 5, nil: null }),
  span: fc.integer({ min: 0, max: 4 }),
  message: messageArb,
  volatileKind: fc.integer({ min: 0, max: VOLATILE.length - 1 }),
});

const observationArb = (templates: number, traces: number) =>
  fc.record({
    template: fc.integer({ min: 0, max: templates - 1 }),
    status: fc.constantFrom<ObservationModel["status"]>(
      "open",
      "open",
      "open",
      "open",
      "resolved",
      "resolved",
      "superseded",
    ),
    severity: fc.constantFrom<ObservationModel["severity"]>("error", "error", "warning", "info"),
    keepForContext: fc.constantFrom(false, false, false, true),
    trace: fc.option(fc.integer({ min: 0, max: traces - 1 }), { freq: 2, nil: null }),
    lineShift: fc.integer({ min: 0, max: 3 }),
    volatile: fc.nat(5),
    firstBack: fc.constantFrom(0, 0, 0, 1, 2),
  });

const roundArb = (templates: number, traces: number, notes: number) =>
  fc.record({
    gap: fc.constantFrom(1, 1, 1, 2, 3),
    status: fc.constantFrom<RoundModel["status"]>("fail", "fail", "fail", "blocked", "pass"),
    observations: fc.uniqueArray(observationArb(templates, traces), {
      minLength: 0,
      maxLength: Math.min(templates, 6),
      selector: (o) => o.template,
    }),
    notes: fc.option(fc.integer({ min: 0, max: notes - 1 }), { freq: 2, nil: null }),
    ts: fc.nat(1000),
    order: fc.array(fc.nat(5), { minLength: 6, maxLength: 6 }),
    twin: fc.option(fc.nat(5), { freq: 3, nil: null }),
  });

/** Canary placement: each text field independently gets a token, an AWS key id, or nothing. */
export const planArb: fc.Arbitrary<Plan> = fc
  .record(
    Object.fromEntries(
      TEXT_FIELDS.map((k) => [
        k,
        fc.option(fc.oneof(githubTokenArb, awsKeyArb), { freq: 2, nil: undefined }),
      ]),
    ) as Record<TextField, fc.Arbitrary<string | undefined>>,
  )
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Plan);

export interface ModelOptions {
  /** Plant canaries (default true). */
  canaries?: boolean;
  maxRounds?: number;
}

export function requestModelArb(options: ModelOptions = {}): fc.Arbitrary<RequestModel> {
  const maxRounds = options.maxRounds ?? 5;
  return fc
    .record({
      templates: fc.array(templateArb, { minLength: 1, maxLength: 7 }),
      traces: fc.array(traceArb, { minLength: 1, maxLength: 3 }),
      notes: fc.array(words(3, 12), { minLength: 1, maxLength: 3 }),
      roundCount: fc.integer({ min: 1, max: maxRounds }),
      budget: fc.option(fc.constantFrom(128, 140, 160, 200, 256, 400, 512, 1024, 4096), {
        freq: 6,
        nil: null,
      }),
      workerOutput: words(1, 6),
      taskSpec: words(1, 6),
      withRepoRoot: fc.boolean(),
      priorFallback: fc.boolean(),
      plan: options.canaries === false ? fc.constant<Plan>({}) : planArb,
      long: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: longArb }),
    })
    .chain((base) =>
      fc
        .record({
          rounds: fc.array(roundArb(base.templates.length, base.traces.length, base.notes.length), {
            minLength: base.roundCount,
            maxLength: base.roundCount,
          }),
          ranges: fc.array(
            fc.record({
              template: fc.integer({ min: 0, max: base.templates.length - 1 }),
              before: fc.integer({ min: 0, max: 3 }),
              after: fc.integer({ min: 0, max: 6 }),
              sinceRound: fc.integer({ min: 0, max: base.roundCount - 1 }),
            }),
            { maxLength: 2 },
          ),
        })
        .map(({ rounds, ranges }) => {
          const templates: CauseTemplate[] = base.templates.map((t, i) => ({
            id: t.supplied ? `c${i}` : null,
            rule: t.rule,
            path: t.path,
            absolute: t.absolute,
            startLine: t.startLine,
            span: t.span,
            message: t.message,
            volatileKind: t.volatileKind,
          }));
          return {
            templates,
            rounds,
            ranges,
            budget: base.budget,
            traces: base.traces,
            notes: base.notes,
            workerOutput: base.workerOutput,
            taskSpec: base.taskSpec,
            withRepoRoot: base.withRepoRoot,
            priorFallback: base.priorFallback,
            plan: base.plan,
            long: base.long,
          };
        }),
    );
}

export const REPO_ROOT = "/home/dev/repo";

function volatileToken(kind: number, pick: number): string {
  const values = VOLATILE[kind % VOLATILE.length]!;
  return values[pick % values.length]!;
}

const normPath = (p: string) => p.replace(/\\/g, "/").replace(/^\.\//, "");

/** Round indices of a model: strictly increasing, starting at the first gap. */
export function roundIndices(m: RequestModel): number[] {
  let index = 0;
  return m.rounds.map((r) => {
    index += r.gap;
    return index;
  });
}

/** Inserts `canary` into `text` as a separate word, so detectors see word boundaries around it. */
const plant = (text: string, canary: string | undefined) =>
  canary === undefined ? text : `${text} ${canary} end`;

/** Renders the model as a CompactionRequest (plain JSON) and the options to send with it. */
export function toRequest(m: RequestModel): {
  request: Record<string, unknown>;
  options: Record<string, unknown>;
} {
  const indices = roundIndices(m);
  // Free-text canaries in their contexts (rule and path canaries are always plain).
  const plan: Plan = { ...m.plan };
  for (const [field, ctx] of Object.entries(m.contexts ?? {}) as [TextField, CanaryContext][])
    if (plan[field] !== undefined && field !== "rule" && field !== "path")
      plan[field] = renderCanary(ctx, plan[field]!);
  // A plain canary is a word between words; one in a context ends its text (a trigger at the very end).
  const plantIn = (field: TextField, text: string): string =>
    m.contexts?.[field] !== undefined && plan[field] !== undefined
      ? `${text} ${plan[field]}`
      : plant(text, plan[field]);
  const templatePath = (t: CauseTemplate): string | null => {
    if (t.path === null) return null;
    const p = plan.path !== undefined ? `deploy/${plan.path}/${normPath(t.path)}` : t.path;
    return t.absolute && m.withRepoRoot ? `${REPO_ROOT}/${normPath(p)}` : p;
  };
  const rounds = m.rounds.map((r, ri) => {
    const index = indices[ri]!;
    const findings = r.observations.map((o) => {
      const t = m.templates[o.template]!;
      const finding: Record<string, unknown> = {
        rule: plan.rule !== undefined ? `${t.rule}:${plan.rule}` : t.rule,
        message:
          o.template === 0 && m.long !== null
            ? longText(m.long, plan.message)
            : plantIn("message", t.message.replace("{v}", volatileToken(t.volatileKind, o.volatile))),
      };
      if (t.id !== null) finding.id = t.id;
      const path = templatePath(t);
      if (path !== null) {
        const loc: Record<string, unknown> = { path };
        if (t.startLine !== null) {
          loc.startLine = t.startLine + o.lineShift;
          if (t.span > 0) loc.endLine = t.startLine + o.lineShift + t.span;
        }
        finding.location = loc;
      }
      if (o.status !== "open") finding.status = o.status;
      if (o.severity !== "error") finding.severity = o.severity;
      if (o.keepForContext) finding.keepForContext = true;
      if (o.trace !== null) finding.trace = plantIn("trace", m.traces[o.trace]!);
      if (o.firstBack > 0) finding.firstObservedIn = Math.max(1, index - o.firstBack);
      return finding;
    });
    // The twin: the same rule, path and message a few lines further down, so the round holds two findings whose
    // computed ids differ only by occurrence (FC-ID-1), which the finding order must not decide (FC-PURE-1).
    if (r.twin !== undefined && r.twin !== null && r.observations.length > 0) {
      const k = r.twin % r.observations.length;
      const t = m.templates[r.observations[k]!.template]!;
      const loc = findings[k]!.location as { startLine?: number; endLine?: number } | undefined;
      if (t.id === null && loc?.startLine !== undefined) {
        const down = 4 + t.span;
        const twinLoc: Record<string, unknown> = { ...loc, startLine: loc.startLine + down };
        if (loc.endLine !== undefined) twinLoc.endLine = loc.endLine + down;
        findings.push({ ...findings[k]!, location: twinLoc });
      }
    }
    const keyed = findings.map((fd, i) => ({ fd, k: r.order[i % r.order.length]! }));
    keyed.sort((x, y) => x.k - y.k);
    const verdict: Record<string, unknown> = { status: r.status, findings: keyed.map((x) => x.fd) };
    if (r.notes !== null) verdict.notes = plantIn("notes", m.notes[r.notes]!);
    return {
      index,
      ts: `2026-11-30T10:${String(r.ts % 60).padStart(2, "0")}:00Z`,
      workerTrace: [{ tool: "shell", output: plantIn("workerOutput", m.workerOutput) }],
      verifierVerdict: verdict,
    };
  });
  // Ranges are left out when paths carry a canary: whether a range path is compared before or after redaction
  // is not what these properties probe.
  const overwritten = m.ranges.flatMap((rg) => {
    const t = m.templates[rg.template]!;
    if (t.path === null || t.startLine === null || plan.path !== undefined) return [];
    // A range names a path in normal form; a cause spelt './x' or 'a\\b' may or may not be normalised
    // (FC-STAGE1-8 is the reference's), so whether they match is not what these properties probe.
    if (normPath(t.path) !== t.path) return [];
    const path = normPath(plan.path !== undefined ? `deploy/${plan.path}/${normPath(t.path)}` : t.path);
    return [
      {
        path,
        startLine: Math.max(1, t.startLine - rg.before),
        endLine: t.startLine + rg.after,
        sinceRound: indices[Math.min(rg.sinceRound, indices.length - 1)]!,
      },
    ];
  });
  const canonicalState: Record<string, unknown> = {
    ref: m.refCanary === undefined ? "tree-5e1d" : `deploy-${m.refCanary}`,
  };
  if (m.withRepoRoot) canonicalState.repoRoot = REPO_ROOT;
  if (overwritten.length > 0) canonicalState.overwritten = overwritten;
  const request: Record<string, unknown> = {
    taskSpec: { goal: plantIn("taskSpec", m.taskSpec) },
    canonicalState,
    rounds,
  };
  if (m.priorFallback && indices.length > 1) {
    const prev = indices[indices.length - 2]!;
    request.priorDelta = minimalFallbackDelta(prev, "fail");
  }
  return { request, options: m.budget === null ? {} : { budgetTokens: m.budget } };
}

/** Every canary planted in the model. */
export function canariesOf(m: RequestModel): string[] {
  const all = Object.values(m.plan);
  if (m.refCanary !== undefined) all.push(m.refCanary);
  return [...new Set(all)];
}

/** The state ref the request carries. */
export function stateRefOf(m: RequestModel): string {
  return m.refCanary === undefined ? "tree-5e1d" : `deploy-${m.refCanary}`;
}

interface RangeJson {
  path: string;
  startLine: number;
  endLine: number;
  sinceRound: number;
}

/** The latest observation of each template: [template index, round index, observation]. */
function latestObservations(m: RequestModel): Map<number, { index: number; o: ObservationModel }> {
  const indices = roundIndices(m);
  const out = new Map<number, { index: number; o: ObservationModel }>();
  m.rounds.forEach((r, ri) => {
    for (const o of r.observations) out.set(o.template, { index: indices[ri]!, o });
  });
  return out;
}

/** Templates (by index) that an overwritten range supersedes (FC-REDACT-SUPERSEDED-1), computed from the model. */
export function supersededByRange(m: RequestModel): Set<number> {
  const ranges = ((toRequest(m).request.canonicalState as { overwritten?: RangeJson[] }).overwritten ??
    []) as RangeJson[];
  const out = new Set<number>();
  for (const [ti, { index, o }] of latestObservations(m)) {
    const t = m.templates[ti]!;
    if (t.path === null || t.startLine === null) continue;
    const start = t.startLine + o.lineShift;
    const end = start + t.span;
    const path = normPath(t.path);
    if (
      ranges.some(
        (rg) => rg.path === path && rg.startLine <= end && start <= rg.endLine && rg.sinceRound >= index,
      )
    )
      out.add(ti);
  }
  return out;
}

/**
 * The spec's verdict on each supplied-id cause, computed from the model alone (FC-STAGE2-3, FC-REDACT-SUPERSEDED-1):
 * the status of its observation in the highest round reporting it, turned into `superseded` when an overwritten range
 * on its path intersects its latest lines and was overwritten at or after that round.
 */
export function expectedStatuses(m: RequestModel): Map<string, "open" | "resolved" | "superseded"> {
  const byRange = supersededByRange(m);
  const out = new Map<string, "open" | "resolved" | "superseded">();
  for (const [ti, { o }] of latestObservations(m)) {
    const t = m.templates[ti]!;
    if (t.id === null) continue;
    out.set(t.id, byRange.has(ti) ? "superseded" : o.status);
  }
  return out;
}
