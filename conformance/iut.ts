// FC-PROTO-1: the one interface through which the conformance suite talks to any implementation under test.

import type { Capability, CompactLevel, ImplementationInfo } from "../src/protocol/messages.ts";

// The handshake and message types live in one module shared with the reference (FC-PROTO-2, FC-PROTO-11).
export {
  type Capability,
  type CompactLevel,
  compactPayload,
  type ImplementationInfo,
  type ProtocolHandler,
} from "../src/protocol/messages.ts";

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
  /**
   * FC-PROTO-11: `delta-only` implementations answer compact with the Delta alone; their replies arrive here as
   * `{correctionDelta: <Delta>}` so every check that reads only the Delta runs unchanged. Absent = `full`.
   */
  readonly level?: CompactLevel;
  /** Sends one command (`compact`, `policy.validate`, `policy.decide`, `summary.accept`, or any other). */
  call(cmd: string, payload: Record<string, unknown>): Promise<Reply>;
  /** Stops the implementation; idempotent. */
  close(): Promise<void>;
}

/** A property-based check run through the interface (conformance/properties). */
export interface PropertyCheck {
  /** Stable id, e.g. "property.determinism". */
  id: string;
  description: string;
  requirements: string[];
  capability: Capability;
  /**
   * FC-CERT-13: true when the property reads only the Correction Delta (or compares whole replies), so it also
   * runs against a delta-only implementation; otherwise it is not applicable there.
   */
  delta?: boolean;
  /** Runs the property; a failure carries the shrunk counterexample as a replayable case. */
  run(iut: ImplementationUnderTest, opts: { seed: number; runs: number }): Promise<PropertyOutcome>;
}

export type PropertyOutcome =
  /** `refused`: generated valid requests refused with INVALID_REQUEST, left unjudged (FC-CERT-19). */
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
