// FC-LOOP-1..12: the Worker–Verifier retry loop around a compactor; effects only through the injected roles.
import { canonical } from "../canonical.ts";
import { fallbackDelta } from "../fallback.ts";
import type { CorrectionDelta, Round, TraceEntry, VerifierVerdict } from "../types.ts";
import { validateLog } from "../validate-log.ts";
import { carryResolved } from "./carry.ts";
import { type FallbackReason, judge, SUPPORTED_VERSIONS, type VersionRange } from "./judge.ts";
import { type DecisionAction, decisionRecord, logRecords, roundRecords } from "./records.ts";
import { buildPrompt } from "./splice.ts";
import {
  afterEscalation,
  DEFAULT_STALL,
  INITIAL_STALL,
  observeStall,
  type StallConfig,
  type StallState,
  type StallVerdict,
} from "./stall.ts";
import type {
  AuditSink,
  Compactor,
  LoopAuditRecord,
  Severity,
  Verifier,
  Worker,
  Workspace,
} from "./types.ts";

export interface Escalation {
  round: number;
  severity: Severity;
  run: number;
  threshold: number;
  strong: boolean;
  delta: CorrectionDelta;
  budgetTokens: number;
}

/** What an escalation handler may answer: stop the loop, or go on (optionally with a larger budget). */
export type EscalationAnswer =
  | { action: "stop" }
  | { action: "continue"; budgetTokens?: number; note?: string };

export type LoopEvent =
  | { type: "attempt"; attempt: number }
  | {
      type: "verdict";
      round: number;
      stateRef: string;
      status: VerifierVerdict["status"];
      findings: number;
      carried: number;
    }
  | {
      type: "delta";
      round: number;
      source: "compactor" | "fallback";
      delta: CorrectionDelta;
      reason?: FallbackReason;
      code?: string | null;
      warnings: string[];
      stall: StallVerdict;
      severity: Severity | null;
    }
  | { type: "recompact"; round: number; field: string }
  | { type: "reverify"; round: number }
  | { type: "escalate"; escalation: Escalation; answer: EscalationAnswer };

export interface LoopConfig {
  taskSpec: unknown;
  worker: Worker;
  workspace: Workspace;
  verifier: Verifier;
  compactor: Compactor;
  audit: AuditSink;
  /** The per-turn plan placed after the Delta (FC-SPLICE-2). */
  plan?: (attempt: number) => string;
  budgetTokens?: number;
  /** Attempts before the loop gives up (default 8). */
  maxAttempts?: number;
  stall?: Partial<StallConfig>;
  versions?: VersionRange;
  /** Re-compactions allowed per round after a stale source window (default 1). */
  maxRecompactions?: number;
  /** Extra Verifier runs allowed per round for a malformed verdict (default 1). */
  maxReverifications?: number;
  /** Default: stop at the first escalation. */
  onEscalate?: (e: Escalation) => Promise<EscalationAnswer>;
  onEvent?: (e: LoopEvent) => void;
  /** Round timestamps (`Round.ts`); the compactor does not depend on them (FC-STALL-2). */
  now?: () => string;
}

export type LoopStatus = "pass" | "stalled" | "exhausted" | "verifier-failed" | "audit-failed";

export interface RoundSummary {
  round: number;
  stateRef: string;
  verdict: VerifierVerdict["status"];
  findings: number;
  carried: number;
  deltaSource: "compactor" | "fallback" | null;
  fallbackReason?: FallbackReason;
  delta: CorrectionDelta | null;
  stall: StallVerdict | null;
  severity: Severity | null;
  warnings: string[];
}

export interface LoopOutcome {
  status: LoopStatus;
  attempts: number;
  rounds: RoundSummary[];
  escalations: number;
  compactorFailures: number;
  /** The Delta the next Worker would have received (null when the loop passed at once). */
  lastDelta: CorrectionDelta | null;
}

class AuditWriteFailed extends Error {}

/** FC-LOOP-3: a verdict the loop can compact: a known status and a findings array of rule/message objects. */
export function verdictWellFormed(v: unknown): v is VerifierVerdict {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  if (o.status !== "pass" && o.status !== "fail" && o.status !== "blocked") return false;
  if (!Array.isArray(o.findings)) return false;
  return o.findings.every(
    (f) =>
      typeof f === "object" &&
      f !== null &&
      typeof (f as Record<string, unknown>).rule === "string" &&
      typeof (f as Record<string, unknown>).message === "string",
  );
}

/** Runs the loop of FC-LOOP-1 until pass, escalation stop, exhaustion, an unusable Verifier or a lost audit write. */
export async function runLoop(config: LoopConfig): Promise<LoopOutcome> {
  const maxAttempts = config.maxAttempts ?? 8;
  const stallConfig: StallConfig = { ...DEFAULT_STALL, ...config.stall };
  const now = config.now ?? (() => new Date().toISOString());
  const emit = config.onEvent ?? (() => {});
  let budgetTokens = config.budgetTokens ?? 512;
  const rounds: Round[] = [];
  const summaries: RoundSummary[] = [];
  let delta: CorrectionDelta | null = null;
  /** The last Delta a compactor produced (not a fallback): the compactor's priorDelta (FC-STALL-1). */
  let lastCompacted: CorrectionDelta | null = null;
  let stall: StallState = INITIAL_STALL;
  let escalations = 0;
  let compactorFailures = 0;
  let decisionNo = 0;
  let attempt = 0;

  const append = async (records: LoopAuditRecord[]) => {
    try {
      await config.audit.append(records);
    } catch {
      throw new AuditWriteFailed();
    }
  };
  const decide = (round: number, action: DecisionAction, fields: Record<string, unknown>) =>
    append([decisionRecord(round, ++decisionNo, action, { compactor: config.compactor.name, ...fields })]);
  const finish = (status: LoopStatus): LoopOutcome => ({
    status,
    attempts: attempt,
    rounds: summaries,
    escalations,
    compactorFailures,
    lastDelta: delta,
  });

  try {
    for (attempt = 1; attempt <= maxAttempts; attempt++) {
      decisionNo = 0;
      emit({ type: "attempt", attempt });
      // 1. Worker: task spec + at most one Delta + plan (FC-SPLICE-*).
      const prompt = buildPrompt({ taskSpec: config.taskSpec, delta, plan: config.plan?.(attempt) ?? "" });
      const work = await config.worker.attempt({ attempt, prompt, delta });
      // 2. Apply the edits.
      const applied: TraceEntry[] = await config.workspace.apply(work.edits);
      const stateRef = await config.workspace.stateRef();
      // 3. Verifier, re-dispatched while its verdict is malformed (FC-LOOP-3).
      let verdict: unknown;
      let reverifications = 0;
      for (;;) {
        try {
          verdict = await config.verifier.verify({ attempt, stateRef });
        } catch {
          verdict = undefined;
        }
        if (verdictWellFormed(verdict)) break;
        if (reverifications >= (config.maxReverifications ?? 1)) {
          await decide(attempt, "stop", { reason: "verifier-failed", stateRef });
          return finish("verifier-failed");
        }
        reverifications++;
        emit({ type: "reverify", round: attempt });
        await decide(attempt, "reverify", { reason: "verdict-missing", stateRef });
      }
      const raw = { ...(verdict as VerifierVerdict), notes: (verdict as VerifierVerdict).notes ?? "" };
      const prev = rounds.at(-1);
      const { verdict: full, carried } = carryResolved(
        prev ? { index: prev.index, verdict: prev.verifierVerdict } : null,
        raw,
        attempt,
      );
      const round: Round = {
        index: attempt,
        ts: now(),
        workerTrace: [...work.trace, ...applied],
        verifierVerdict: full,
      };
      emit({
        type: "verdict",
        round: attempt,
        stateRef,
        status: full.status,
        findings: raw.findings.length,
        carried,
      });
      // 4. Pass: exit. 5. Otherwise the round goes to the Audit Log before anything can fail.
      rounds.push(round);
      await append(roundRecords(round, config.workspace.repoRoot, carried));
      const summary: RoundSummary = {
        round: attempt,
        stateRef,
        verdict: full.status,
        findings: raw.findings.length,
        carried,
        deltaSource: null,
        delta: null,
        stall: null,
        severity: null,
        warnings: [],
      };
      summaries.push(summary);
      if (full.status === "pass") {
        await decide(attempt, "pass", { stateRef });
        return finish("pass");
      }
      // 6. Compactor, judged before splice (FC-LOOP-6..8).
      const overwritten = config.workspace.overwritten ? await config.workspace.overwritten() : [];
      const request: Record<string, unknown> = {
        taskSpec: config.taskSpec,
        canonicalState: {
          ref: stateRef,
          ...(config.workspace.repoRoot ? { repoRoot: config.workspace.repoRoot } : {}),
          ...(overwritten.length > 0 ? { overwritten } : {}),
        },
        rounds,
        priorDelta: lastCompacted,
      };
      let recompactions = 0;
      let next: CorrectionDelta;
      let verdictOfStall: StallVerdict;
      for (;;) {
        let outcome: Awaited<ReturnType<Compactor["compact"]>>;
        try {
          outcome = await config.compactor.compact(JSON.parse(JSON.stringify(request)), { budgetTokens });
        } catch {
          outcome = { kind: "crash", reason: "the compactor threw" };
        }
        const d = judge(outcome, {
          currentRound: attempt,
          stateRef,
          recompactionsLeft: (config.maxRecompactions ?? 1) - recompactions,
          versions: config.versions ?? SUPPORTED_VERSIONS,
          validate: validateLog,
        });
        if (d.action === "recompact") {
          recompactions++;
          emit({ type: "recompact", round: attempt, field: d.field });
          await decide(attempt, "recompact", { reason: d.reason, field: d.field, stateRef });
          continue;
        }
        if (d.action === "splice") {
          next = d.log.correctionDelta;
          lastCompacted = next;
          const own = outcome.kind === "log" ? outcome.auditRecords : undefined;
          await append(own ?? logRecords(d.log));
          const severity = d.log.severity.level;
          const s = observeStall(stall, { kind: "delta", delta: next, stateRef, severity }, stallConfig);
          stall = s.state;
          verdictOfStall = s.verdict;
          Object.assign(summary, { deltaSource: "compactor", delta: next, stall: s.verdict, severity });
          summary.warnings = d.warnings;
          await decide(attempt, "splice", {
            stateRef,
            delta: next,
            warnings: d.warnings,
            severity,
            stall: { run: s.verdict.run, threshold: s.verdict.threshold, reason: s.verdict.reason },
          });
          emit({
            type: "delta",
            round: attempt,
            source: "compactor",
            delta: next,
            warnings: d.warnings,
            stall: s.verdict,
            severity,
          });
          break;
        }
        // FC-LOOP-8: log it, fall back, go on; never a blank failure section.
        compactorFailures++;
        next = fallbackDelta({ lastRound: attempt, lastVerdict: full.status, priorDelta: delta });
        const s = observeStall(stall, { kind: "fallback" }, stallConfig);
        stall = s.state;
        verdictOfStall = s.verdict;
        Object.assign(summary, {
          deltaSource: "fallback",
          delta: next,
          stall: s.verdict,
          fallbackReason: d.reason,
        });
        await decide(attempt, "fallback", {
          reason: d.reason,
          code: d.code,
          detail: d.detail,
          stateRef,
          delta: next,
          from: delta === null ? "minimal" : "previous-delta",
        });
        emit({
          type: "delta",
          round: attempt,
          source: "fallback",
          delta: next,
          reason: d.reason,
          code: d.code,
          warnings: [],
          stall: s.verdict,
          severity: null,
        });
        break;
      }
      delta = next;
      // 7. Stall: escalate (FC-STALLDET-*).
      if (verdictOfStall.stalled) {
        escalations++;
        const escalation: Escalation = {
          round: attempt,
          severity: summary.severity ?? "error",
          run: verdictOfStall.run,
          threshold: verdictOfStall.threshold,
          strong: verdictOfStall.strong,
          delta: next,
          budgetTokens,
        };
        const answer: EscalationAnswer = config.onEscalate
          ? await config.onEscalate(escalation)
          : { action: "stop" };
        emit({ type: "escalate", escalation, answer });
        await decide(attempt, "escalate", {
          severity: escalation.severity,
          run: escalation.run,
          threshold: escalation.threshold,
          strong: escalation.strong,
          answer: answer.action,
          ...(answer.action === "continue" && answer.budgetTokens !== undefined
            ? { budgetTokens: answer.budgetTokens }
            : {}),
        });
        if (answer.action === "stop") return finish("stalled");
        if (answer.budgetTokens !== undefined) budgetTokens = answer.budgetTokens;
        stall = afterEscalation(stall);
      }
      // 8. Next attempt with this Delta.
    }
    attempt = maxAttempts;
    await decide(maxAttempts, "stop", { reason: "max-attempts" });
    return finish("exhausted");
  } catch (e) {
    if (e instanceof AuditWriteFailed) return finish("audit-failed");
    throw e;
  }
}

/** The Delta text a Worker receives for a summary row (tests and the demo print it). */
export function deltaText(d: CorrectionDelta | null): string {
  return d === null ? "" : canonical(d);
}
