// FC-REDACT-SENSITIVE-2, FC-REDACT-SENSITIVE-11: the whole-token masks and the hit/context types shared by every redact module.

export const PLACEHOLDER = {
  secret: "«redacted:secret»",
  pii: "«redacted:pii»",
  path: "«redacted:path»",
} as const;

export type HitKind = keyof typeof PLACEHOLDER;

export interface RedactHit {
  kind: HitKind;
  /** Detector name, e.g. "github-token", "email", "abs-path". */
  detector: string;
}

export interface RedactContext {
  /** Absolute repo root; paths under it become repo-relative (FC-PATH-1). */
  repoRoot?: string;
}

export interface RedactResult {
  text: string;
  hits: RedactHit[];
}

export interface LeakHit {
  /** Rule name only; never the matched text. */
  detector: string;
}
