// FC-PROTO-1: the one interface through which the conformance suite talks to any implementation under test.

import type { ImplementationUnderTest } from "../src/protocol/client.ts";
import type { Capability } from "../src/protocol/messages.ts";

// The protocol's types live in src/protocol, shared with the reference and its loop (FC-PROTO-2, FC-PROTO-11):
// the handshake and messages (messages.ts) and the client's view of an implementation (client.ts).
export type { ImplementationUnderTest, Reply } from "../src/protocol/client.ts";
export {
  type Capability,
  type CompactLevel,
  compactPayload,
  type ImplementationInfo,
  type ProtocolHandler,
} from "../src/protocol/messages.ts";

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
  /**
   * Not judged: the property could not run, or the implementation gave no proper answer (FC-CERT-2). For a
   * request that got no answer, `noAnswer` carries that request as a replayable case; the runner saves it only
   * while the implementation is otherwise alive (a dead one fails every request alike, FC-CERT-22).
   */
  | {
      status: "errored";
      reason: string;
      noAnswer?: { seed: number; path: string; counterexample: Record<string, unknown> };
    };
