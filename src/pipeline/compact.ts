// FC-PURE-1, FC-ERR-2, FC-SCAN-1: the five-stage pipeline, redaction between Stage 4 and Stage 5, and the leak scan.
import { canonical } from "../canonical.ts";
import { type FcError, FcFailure, type Result, err, ok } from "../errors.ts";
import { scanForLeaks } from "../redact/index.ts";
import {
  validateBudget,
  validateHeader,
  validatePriorDelta,
  validateRequest,
  validateRound,
} from "../request/validate.ts";
import { trimTo } from "../text.ts";
import type { Tokenizer } from "../tokens.ts";
import type { CompactedFeedbackLog, CompactionRequest, Redaction, Round } from "../types.ts";
import { type AuditRecord, auditRecords } from "./audit-records.ts";
import { LIMITS } from "./constants.ts";
import { envelope } from "./envelope.ts";
import { applyStaleAssumption } from "./redaction/stale-assumption.ts";
import { applyStaleState } from "./redaction/stale-state.ts";
import { sensitiveTombstones } from "./redaction/sensitive.ts";
import { applySupersededEdit } from "./redaction/superseded-edit.ts";
import { sortTombstones } from "./redaction/tombstone.ts";
import { truncation } from "./redaction/truncation.ts";
import { isStallCandidate } from "./stall.ts";
import { defaultRedactor, normalize, type Redactor, Stage1 } from "./stage1-normalize.ts";
import { group } from "./stage2-group.ts";
import { resolvedSummary, splitByStatus } from "./stage3-resolve.ts";
import { order } from "./stage4-order.ts";
import { condense } from "./stage5-condense.ts";
import type { Explain } from "./explain.ts";
import type { Observation } from "./model.ts";

export interface CompactOptions {
  budgetTokens?: number;
  tokenizer: Tokenizer;
  /** Replaceable for tests of the leak scan (a redactor that misses must be caught by FC-SCAN-1). */
  redactor?: Redactor;
  leakScan?: (text: string) => { detector: string }[];
  /** Also return Audit Log records (FC-AUDIT-1) and the stage-by-stage explanation. */
  audit?: boolean;
  explain?: boolean;
}

export interface CompactOutput {
  log: CompactedFeedbackLog;
  /** The canonical rendering of the Delta: the bytes the Worker receives (FC-RENDER-1). */
  deltaText: string;
  /** JSON text of the whole log (JSON.stringify), made on first read: the CLI prints the log piecewise instead. */
  readonly logText: string;
  audit?: AuditRecord[];
  explain?: Explain;
}

/** Compacts a parsed request. Pure: errors come back as values (FC-ERR-1). */
export function compact(input: unknown, options: CompactOptions): Result<CompactOutput> {
  try {
    return ok(run(input, options));
  } catch (e) {
    if (e instanceof FcFailure) return { ok: false, error: e.error };
    if (e instanceof RangeError)
      return err("INVALID_REQUEST", "the request is too deeply nested or too large to process");
    throw e;
  }
}

function run(input: unknown, options: CompactOptions): CompactOutput {
  const request: CompactionRequest = validateRequest(input);
  const budget = validateBudget(options.budgetTokens);
  // Stage 1 — normalize (sanitize, redact every string, compute ids).
  const observations = normalize(request, options.redactor ?? defaultRedactor);
  return afterStage1(request, observations, budget, options);
}

/**
 * FC-CLI-7: the same compaction with the rounds handed over one at a time, so a reader never holds every
 * round's findings at once. Each round is validated and normalized as it arrives and only what the later
 * stages read of it is kept (index, ts, status, notes, worker trace). `finish()` returns exactly what
 * compact() returns for the assembled request — or null when the request is not valid, in which case the
 * caller runs compact() on the whole document to get the same typed error compact() reports.
 */
export class RoundFeed {
  private failed = false;
  private readonly kept: Round[] = [];
  private stage: Stage1 | undefined;
  private prev = 0;

  constructor(
    private readonly header: Record<string, unknown>,
    private readonly options: CompactOptions,
  ) {
    this.guard(() => {
      validateHeader(header);
      this.stage = new Stage1(
        header.canonicalState as CompactionRequest["canonicalState"],
        options.redactor ?? defaultRedactor,
      );
    });
  }

  /** Validates and normalizes the next round; false once the request is known to be invalid. */
  add(round: unknown): boolean {
    if (this.failed) return false;
    this.guard(() => {
      this.prev = validateRound(round, `/rounds/${this.kept.length}`, this.prev);
      const r = round as Round;
      this.stage!.round(r);
      const v = r.verifierVerdict;
      this.kept.push({
        index: r.index,
        ts: r.ts,
        workerTrace: r.workerTrace.map((t) => ({ tool: t.tool, output: t.output })),
        verifierVerdict: { status: v.status, findings: [], notes: v.notes },
      });
    });
    return !this.failed;
  }

  /** A `priorDelta` member that came after the rounds (it is validated last either way, FC-REQ-9). */
  priorDelta(value: unknown): void {
    this.header.priorDelta = value;
  }

  finish(): Result<CompactOutput> | null {
    this.guard(() => validatePriorDelta(this.header.priorDelta));
    if (this.failed || this.kept.length === 0) return null;
    const request = { ...this.header, rounds: this.kept } as unknown as CompactionRequest;
    const budget = this.options.budgetTokens;
    try {
      return ok(afterStage1(request, this.stage!.observations, validateBudget(budget), this.options));
    } catch (e) {
      // A typed error of the later stages is compact()'s too; anything else is left to compact() to report.
      if (e instanceof FcFailure) return { ok: false, error: e.error };
      return null;
    }
  }

  private guard(step: () => void): void {
    if (this.failed) return;
    try {
      step();
    } catch {
      this.failed = true;
    }
  }
}

/** Stages 2–5, redaction, the envelope and the leak scan, over a validated request and its observations. */
function afterStage1(
  request: CompactionRequest,
  observations: Observation[],
  budget: number,
  options: CompactOptions,
): CompactOutput {
  const rounds = request.rounds;
  const lastRound = rounds[rounds.length - 1]!.index;
  const lastVerdict = rounds[rounds.length - 1]!.verifierVerdict.status;
  // Stage 2 — group by root cause.
  const causes = group(observations);
  // Stage 3 — resolve: status per cause (open survive).
  const { open: openBefore } = splitByStatus(causes);
  // Stage 4 — order by current relevance.
  const orderedBefore = order(openBefore, lastRound, lastVerdict);

  // Redaction (between Stage 4 and Stage 5).
  const superseded = applySupersededEdit(causes, request.canonicalState.overwritten ?? [], lastRound);
  const assumption = applyStaleAssumption(causes, lastRound);
  const handled = new Set([...superseded.handled, ...assumption.handled]);
  const stale = applyStaleState(causes, handled, lastRound);
  const tombstones: Redaction[] = [
    ...superseded.tombstones,
    ...assumption.tombstones,
    ...stale.tombstones,
    ...sensitiveTombstones(causes, lastRound),
  ];
  for (const c of causes) {
    if (c.message.length > LIMITS.message) {
      tombstones.push(
        truncation.trimmed(
          lastRound,
          c.id,
          "message",
          c.message.length,
          trimTo(c.message, LIMITS.message).length,
        ),
      );
    }
    if (c.trace && c.trace.text.length > LIMITS.trace) {
      tombstones.push(
        truncation.trimmed(
          lastRound,
          c.id,
          "trace",
          c.trace.text.length,
          trimTo(c.trace.text, LIMITS.trace).length,
        ),
      );
    }
  }
  const { open, resolved } = splitByStatus(causes);
  const ordered = orderedBefore.filter((c) => c.effectiveStatus === "open");

  // Stage 5 — condense.
  const condensed = condense({
    ordered,
    allCauses: causes,
    constraints: [...superseded.constraints, ...stale.constraints],
    lastRound,
    lastVerdict,
    resolvedSummary: resolvedSummary(resolved),
    budget,
    tokenizer: options.tokenizer,
  });
  tombstones.push(...condensed.tombstones);

  const log = envelope({
    request,
    findings: observations.map((o) => o.finding),
    causes,
    resolved,
    open,
    condensed,
    redactions: sortTombstones(tombstones),
    budget,
    stallCandidate: isStallCandidate(condensed.delta, request.priorDelta),
  });

  // FC-SCAN-1: the independent scan over the Delta and the whole log.
  const deltaText = canonical(log.correctionDelta);
  const scan = options.leakScan ?? scanForLeaks;
  const hits = [...scan(deltaText), ...scan(distinctStrings(log))];
  // A supplied finding id is rendered verbatim (FC-REQ-7) and the redactor never reads it: an id that holds a
  // credential the redactor would mask is refused as a leak too (FC-SCAN-1), whatever the scan's prefix table knows.
  const redactor = options.redactor ?? defaultRedactor;
  for (const r of request.rounds)
    for (const f of r.verifierVerdict.findings)
      if (f.id !== undefined && redactor.text(f.id, {}).hits.some((h) => h.kind === "secret"))
        hits.push({ detector: "supplied-id" });
  if (hits.length > 0) {
    const detectors = [...new Set(hits.map((h) => h.detector))].sort().join(", ");
    throw new FcFailure(leakError(detectors));
  }

  let logText: string | undefined;
  const out: CompactOutput = {
    log,
    deltaText,
    get logText() {
      logText ??= JSON.stringify(log);
      return logText;
    },
  };
  if (options.audit)
    out.audit = auditRecords(request, observations, log, options.redactor ?? defaultRedactor);
  if (options.explain)
    out.explain = { observations, causes, ordered, condensed, tombstones: log.redactions, budget };
  return out;
}

/**
 * FC-SCAN-1: every distinct string value of the log, one per paragraph. The log repeats each message once
 * per round it was observed in; scanning each distinct value once sees the same text at a fraction of the cost.
 */
export function distinctStrings(value: unknown): string {
  const seen = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") seen.add(v);
    else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
    else if (v !== null && typeof v === "object") {
      // for…in sees every own enumerable key JSON.stringify writes (and inherited ones, which only widens the
      // scan), without allocating an array per object: the log holds one object per observation.
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === "string") seen.add(x);
        else if (x !== null && typeof x === "object") stack.push(x);
      }
    }
  }
  return [...seen].join("\n\n");
}

function leakError(detectors: string): FcError {
  return { code: "SECRET_LEAK", message: `the post-render scan matched (${detectors}); output blocked` };
}
