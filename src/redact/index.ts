// FC-REDACT-SENSITIVE-1..13, FC-PATH-1..4, FC-LEAK-1..6: the sensitive-data redactor and the independent leak scan every text field passes through.
//
// Contract used by the pipeline (do not change the signatures without updating src/pipeline):
//   redactText(text, ctx)  -> { text, hits }   masks secrets / PII / foreign absolute paths in free text
//   redactPath(path, ctx)  -> { path, hits }   relativises a location path, or masks it
//   PLACEHOLDER            the whole-token masks; never split by later trimming (see trimRedacted)
//   scanForLeaks(text)     -> { detector }[]  independent synchronous second engine; any hit = SECRET_LEAK
//   scanForLeaksDeep(text) -> Promise<{ detector }[]>  secretlint-based scan an edge MAY await before emitting (FC-LEAK-4; the CLI does not)
//   keyedDigest(key, v)    -> hex HMAC-SHA256 of a masked value, for audit-log recovery records
// Hits name the detector only, never the matched value.

export {
  type HitKind,
  type LeakHit,
  PLACEHOLDER,
  type RedactContext,
  type RedactHit,
  type RedactResult,
} from "./placeholders.ts";
export { keyedDigest } from "./digest.ts";
export { scanForLeaks } from "./leak-scan.ts";
export { scanForLeaksDeep } from "./leak-scan-deep.ts";
export { redactPath, redactText } from "./redactor.ts";
export { trimRedacted } from "./trim.ts";
