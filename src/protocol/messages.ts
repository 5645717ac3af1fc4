// FC-PROTO-1..4: protocol v1 constants and the wire shapes shared by the server and the runner.
import type { Capability, ImplementationInfo } from "../../conformance/iut.ts";

export const PROTOCOL_VERSION = 1;

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
