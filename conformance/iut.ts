// FC-PROTO-1: the one interface through which the conformance suite talks to any implementation under test.

export type Capability = "compact" | "policy" | "summary";

export interface ImplementationInfo {
  name: string;
  version: string;
  language: string;
  homepage?: string;
}

/** What one request to the implementation came back as. */
export type Reply =
  /** A well-formed answer carrying a result (for `compact`: the log). */
  | { kind: "result"; result: unknown; ms: number }
  /** A well-formed typed error answer (`{"seq":S,"error":{...}}`). */
  | { kind: "error"; error: { code: string; message: string; field?: string }; ms: number }
  /** The implementation failed to answer properly: timeout, crash, malformed JSON, wrong seq, over-sized reply. */
  | { kind: "errored"; reason: string; ms: number };

export interface ImplementationUnderTest {
  readonly info: ImplementationInfo;
  readonly capabilities: ReadonlySet<Capability>;
  /** Sends one command (`compact`, `policy.validate`, `policy.decide`, `summary.accept`, or any other). */
  call(cmd: string, payload: Record<string, unknown>): Promise<Reply>;
  /** Stops the implementation; idempotent. */
  close(): Promise<void>;
}

/** Convenience: the compact command's payload shape (protocol.md). */
export function compactPayload(request: unknown, budgetTokens?: number): Record<string, unknown> {
  return { request, options: budgetTokens === undefined ? {} : { budgetTokens } };
}

/**
 * FC-PROTO-2: the server side of the protocol as a function. `src/protocol/server.ts` turns a handler into a
 * process speaking protocol v1 on stdin/stdout; the reference handler and every mutant are handlers.
 * The handler returns the reply body without `seq` (the server adds it): `{log}` / `{result}` / `{error}`.
 */
export type ProtocolHandler = (
  cmd: string,
  message: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** A property-based check run through the interface (conformance/properties). */
export interface PropertyCheck {
  /** Stable id, e.g. "property.determinism". */
  id: string;
  description: string;
  requirements: string[];
  capability: Capability;
  /** Runs the property; a failure carries the shrunk counterexample as a replayable case. */
  run(iut: ImplementationUnderTest, opts: { seed: number; runs: number }): Promise<PropertyOutcome>;
}

export type PropertyOutcome =
  /** `refused`: generated valid requests refused with INVALID_REQUEST, left unjudged (FC-CERT-18). */
  | { status: "passed"; runs: number; refused?: number }
  /** Not judged: every generated request was refused. */
  | { status: "skipped"; reason: string }
  | {
      status: "failed";
      seed: number;
      /** fast-check's replay path. */
      path: string;
      message: string;
      /** The minimal counterexample as a conformance case document (case.schema.json), ready to save. */
      counterexample: Record<string, unknown>;
    }
  | { status: "errored"; reason: string };
