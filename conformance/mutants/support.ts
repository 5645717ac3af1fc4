// FC-CERT-11: building blocks for deliberately broken implementations — rewrite a request or a log around the reference.
import type { CompactLevel, ProtocolHandler } from "../iut.ts";

export type Json = Record<string, unknown>;

/** The shape every mutant module exports as default (conformance/mutants/<id>.ts). */
export interface MutantModule {
  id: string;
  description: string;
  violates: string[];
  harmless?: boolean;
  wrap(reference: ProtocolHandler): ProtocolHandler;
  startDelayMs?: number;
  stderrNoise?: boolean;
  /** FC-PROTO-11: the level the wrapped implementation announces (default full). */
  level?: CompactLevel;
  /** A legal variant of conformance/variants (harmless by construction). */
  variant?: boolean;
}

export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Rewrites the request of every compact message before the reference sees it (other commands pass through). */
export function mapRequest(reference: ProtocolHandler, rewrite: (request: Json) => Json): ProtocolHandler {
  return async (cmd, message) => {
    if (cmd !== "compact" || !isObj(message.request)) return reference(cmd, message);
    return reference(cmd, { ...message, request: rewrite(clone(message.request)) });
  };
}

/** Rewrites every log the reference returns for compact (errors and other commands pass through). */
export function mapLog(
  reference: ProtocolHandler,
  rewrite: (log: Json, message: Json) => Json,
): ProtocolHandler {
  return async (cmd, message) => {
    const reply = await reference(cmd, message);
    if (cmd !== "compact" || !isObj(reply.log)) return reply;
    return { ...reply, log: rewrite(clone(reply.log), message) };
  };
}

/** Every verifier finding of a request, for rewriting in place. */
export function findingsOf(request: Json): Json[] {
  const rounds = Array.isArray(request.rounds) ? request.rounds : [];
  return rounds.flatMap((r) => {
    const v = isObj(r) && isObj(r.verifierVerdict) ? r.verifierVerdict : null;
    return v && Array.isArray(v.findings) ? (v.findings.filter(isObj) as Json[]) : [];
  });
}

/** Every verdict of a request, for rewriting in place. */
export function verdictsOf(request: Json): Json[] {
  const rounds = Array.isArray(request.rounds) ? request.rounds : [];
  return rounds.flatMap((r) => (isObj(r) && isObj(r.verifierVerdict) ? [r.verifierVerdict] : []));
}

/** The Delta's open causes and activeFailures kept equal after an edit. */
export function setOpenCauses(log: Json, causes: Json[]): void {
  (log.correctionDelta as Json).openRootCauses = causes;
  log.activeFailures = clone(causes);
}

/** Runs inside `feedback-compactor serve --mutant` (a real process) rather than in the test runner's process. */
export const inServeProcess = (): boolean => process.argv.includes("--mutant");

/**
 * FC-PROTO-11, FC-CERT-13: the same fault in an implementation that announces the delta-only level — compact answers
 * `{delta}` alone. A leak or a budget overrun is a failure at every level, so the delta-only run must kill it too.
 */
export function atDeltaLevel(m: MutantModule, description: string): MutantModule {
  return {
    id: `delta-only-${m.id}`,
    description: `${description} (delta-only level)`,
    violates: m.violates,
    level: "delta-only",
    wrap: (reference) => {
      const inner = m.wrap(reference);
      return async (cmd, message) => {
        const reply = await inner(cmd, message);
        if (cmd !== "compact" || !isObj(reply.log)) return reply;
        return { delta: reply.log.correctionDelta };
      };
    },
  };
}
