// FC-PROTO-1..5, FC-PROTO-11: protocol v1 — the one module of handshake and message types, imported by the
// reference's server (src/protocol) and by the conformance kit (conformance/iut.ts re-exports it).

export const PROTOCOL_VERSION = 1;

export type Capability = "compact" | "policy" | "summary";

export interface ImplementationInfo {
  name: string;
  version: string;
  language: string;
  homepage?: string;
}

/**
 * FC-PROTO-11: what a compact reply carries. `full` (the default): `{"seq","log"}`, the Compacted Feedback Log;
 * `delta-only`: `{"seq","delta"}`, only the Correction Delta.
 */
export type CompactLevel = "full" | "delta-only";
export const COMPACT_LEVELS: readonly CompactLevel[] = ["full", "delta-only"];

/**
 * FC-PROTO-2: the server side of the protocol as a function. `src/protocol/server.ts` turns a handler into a
 * process speaking protocol v1 on stdin/stdout; the reference handler and every mutant are handlers.
 * The handler returns the reply body without `seq` (the server adds it): `{log}` / `{delta}` / `{result}` / `{error}`.
 */
export type ProtocolHandler = (
  cmd: string,
  message: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** Convenience: the compact command's payload shape (FC-PROTO-6). */
export function compactPayload(request: unknown, budgetTokens?: number): Record<string, unknown> {
  return { request, options: budgetTokens === undefined ? {} : { budgetTokens } };
}

/** Every capability protocol v1 knows, and the commands each one adds (FC-PROTO-3). */
export const CAPABILITY_COMMANDS: Readonly<Record<Capability, readonly string[]>> = {
  compact: ["compact"],
  policy: ["policy.validate", "policy.decide"],
  summary: ["summary.accept"],
};

export const ALL_CAPABILITIES: readonly Capability[] = ["compact", "policy", "summary"];

export interface StartReply {
  version: number;
  implementation: ImplementationInfo;
  capabilities: Capability[];
  /** FC-PROTO-11: absent means `full`. */
  level?: CompactLevel;
}

export interface WireError {
  code: string;
  message: string;
  field?: string;
}

/** The error body of a reply; only code, message and (when present) field travel (FC-PROTO-5). */
export function wireError(e: { code: string; message: string; field?: string | undefined }): {
  error: WireError;
} {
  const body: WireError = { code: e.code, message: e.message };
  if (typeof e.field === "string") body.field = e.field;
  return { error: body };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
