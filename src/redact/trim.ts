// FC-REDACT-SENSITIVE-2, FC-TRIM-1: trimming that never splits a placeholder — the pipeline's own `trimTo`.
export { trimTo as trimRedacted } from "../text.ts";
