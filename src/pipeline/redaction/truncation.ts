// FC-REDACT-TRUNCATION-1: tombstones for trimmed text, dropped traces, omitted causes and dropped constraints.
import type { Redaction } from "../../types.ts";
import { MAX_CONSTRAINTS } from "../constants.ts";
import { tombstone } from "./tombstone.ts";

export const truncation = {
  trimmed: (n: number, from: string, field: "message" | "trace", a: number, b: number): Redaction =>
    tombstone(n, from, "truncation", `${field} trimmed from ${a} to ${b} characters`),
  traceDropped: (n: number, from: string): Redaction =>
    tombstone(n, from, "truncation", "trace dropped to fit the token budget"),
  omitted: (n: number, from: string, rank: number, total: number): Redaction =>
    tombstone(n, from, "truncation", `omitted: rank ${rank} of ${total} over the token budget`),
  constraintDropped: (n: number, from: string): Redaction =>
    tombstone(n, from, "truncation", `constraint dropped: over the cap of ${MAX_CONSTRAINTS}`),
};
