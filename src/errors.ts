// FC-ERR-1..4: typed error codes; errors are values, never thrown across the public API.

/** Every error code the spec names (spec/SPEC.md §Errors, spec/policy.md, spec/protocol.md). */
export type ErrorCode =
  | "INVALID_REQUEST"
  | "VERIFIER_VERDICT_MISSING"
  | "ID_COLLISION"
  | "SECRET_LEAK"
  | "INVALID_LOG"
  | "INVALID_REPORT"
  | "INVALID_POLICY"
  | "INVALID_STATE"
  | "SUMMARY_REJECTED"
  | "UNSUPPORTED"
  | "USAGE"
  | "IO"
  | "INTERNAL";

export interface FcError {
  readonly code: ErrorCode;
  /** Human-readable; never contains input text from sensitive spans or model output (FC-ERR-3). */
  readonly message: string;
  /** Optional machine-readable detail (e.g. the offending field name for INVALID_POLICY). */
  readonly field?: string;
  /** Optional JSON pointer into the input that caused the error (structure only, never values). */
  readonly path?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: FcError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = (
  code: ErrorCode,
  message: string,
  extra: { field?: string; path?: string } = {},
): { ok: false; error: FcError } => ({
  ok: false,
  error: { code, message, ...extra },
});

/** Internal control-flow carrier so deep pipeline code can bail out; caught at the stage boundary and turned into a value. */
export class FcFailure extends Error {
  constructor(readonly error: FcError) {
    super(error.message);
  }
}

export const fail = (
  code: ErrorCode,
  message: string,
  extra: { field?: string; path?: string } = {},
): never => {
  throw new FcFailure({ code, message, ...extra });
};
