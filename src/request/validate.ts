// FC-REQ-1..12: request validation in document order, returning a typed error for the first violation.
import { fail } from "../errors.ts";
import type { CompactionRequest, CorrectionDelta, InputFinding, Round } from "../types.ts";
import { isValidDelta } from "../schemas.ts";
import { problemMatcherError } from "../normalize/formats/problem-matcher.ts";

export const MIN_BUDGET = 128;
export const MAX_BUDGET = 1_000_000;
export const DEFAULT_BUDGET = 512;
const MAX_INDEX = 2 ** 31 - 1;
const ID_PATTERN = /^[A-Za-z0-9._:#/-]{1,128}$/;
const SEVERITIES = new Set(["error", "warning", "info"]);
const STATUSES = new Set(["open", "resolved", "superseded"]);
const VERDICTS = new Set(["pass", "fail", "blocked"]);

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const isRoundInt = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_INDEX;

const invalid = (path: string, what: string): never =>
  fail("INVALID_REQUEST", `${path || "/"}: ${what}`, { path });

/** The keys an object may have; built once per shape (a request has tens of thousands of findings). */
interface Keys {
  set: ReadonlySet<string>;
  list: string;
}
const keys = (...names: string[]): Keys => ({ set: new Set(names), list: names.join(", ") });
const FINDING_KEYS = keys(
  "id",
  "rule",
  "location",
  "message",
  "severity",
  "firstObservedIn",
  "lastObservedIn",
  "status",
  "trace",
  "keepForContext",
);
const LOCATION_KEYS = keys("path", "startLine", "endLine");
const TOOL_OUTPUT_KEYS = keys("format", "content", "exitCode", "problemMatcher");
const ROUND_KEYS = keys("index", "workerTrace", "verifierVerdict", "ts");
const TRACE_KEYS = keys("tool", "output", "raw");
const VERDICT_KEYS = keys("status", "findings", "notes", "artifacts");
const REQUEST_KEYS = keys("taskSpec", "canonicalState", "rounds", "priorDelta");
const STATE_KEYS = keys("ref", "repoRoot", "overwritten");
const OVERWRITTEN_KEYS = keys("path", "startLine", "endLine", "sinceRound");

function onlyKeys(o: Obj, allowed: Keys, path: string): void {
  for (const k of Object.keys(o)) {
    // The key itself is input text and is never echoed (FC-ERR-3).
    if (!allowed.set.has(k)) invalid(path, `unknown key (allowed: ${allowed.list})`);
  }
}

interface StrRule {
  optional?: boolean;
  nonEmpty?: boolean;
  max?: number;
}
const ANY_STRING: StrRule = {};
const NON_EMPTY: StrRule = { nonEmpty: true };
const OPTIONAL: StrRule = { optional: true };
const FORMAT_NAME: StrRule = { optional: true, max: 64 };
const RULE_NAME: StrRule = { nonEmpty: true, max: 200 };

function str(o: Obj, key: string, path: string, opts: StrRule = ANY_STRING): void {
  const v = o[key];
  if (v === undefined && opts.optional) return;
  if (typeof v !== "string") invalid(`${path}/${key}`, "must be a string");
  const s = v as string;
  if (opts.nonEmpty && s.length === 0) invalid(`${path}/${key}`, "must not be empty");
  if (opts.max !== undefined && s.length > opts.max)
    invalid(`${path}/${key}`, `must be at most ${opts.max} characters`);
}

const isAbsolute = (p: string): boolean =>
  p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");

function validateLocation(v: unknown, path: string): void {
  if (v === null || v === undefined) return;
  if (!isObj(v)) invalid(path, "must be an object or null");
  const o = v as Obj;
  onlyKeys(o, LOCATION_KEYS, path);
  str(o, "path", path, NON_EMPTY);
  if (o.startLine !== undefined && !isRoundInt(o.startLine))
    invalid(`${path}/startLine`, "must be an integer ≥ 1");
  if (o.endLine !== undefined && !isRoundInt(o.endLine)) invalid(`${path}/endLine`, "must be an integer ≥ 1");
  if (
    o.startLine !== undefined &&
    o.endLine !== undefined &&
    (o.endLine as number) < (o.startLine as number)
  ) {
    invalid(`${path}/endLine`, "must not be below startLine");
  }
}

function validateToolOutput(v: unknown, path: string): void {
  if (!isObj(v)) invalid(path, "must be an object");
  const o = v as Obj;
  onlyKeys(o, TOOL_OUTPUT_KEYS, path);
  str(o, "format", path, FORMAT_NAME);
  if (o.exitCode !== undefined && !Number.isSafeInteger(o.exitCode))
    invalid(`${path}/exitCode`, "must be an integer");
  if (!("content" in o)) invalid(`${path}/content`, "is required");
  // FC-STAGE1-MATCHER-1: a GitHub Actions problem matcher, or an array of them.
  if (o.problemMatcher !== undefined) {
    const why = problemMatcherError(o.problemMatcher);
    if (why !== null) {
      const at = /^(\/[^:]*)?: ?(.*)$/.exec(why);
      invalid(`${path}/problemMatcher${at?.[1] ?? ""}`, at ? at[2]! : why);
    }
  }
}

function validateFinding(v: unknown, path: string, roundIndex: number): void {
  if (!isObj(v)) invalid(path, "must be an object");
  const f = v as Obj;
  onlyKeys(f, FINDING_KEYS, path);
  if (f.id !== undefined && (typeof f.id !== "string" || !ID_PATTERN.test(f.id))) {
    invalid(`${path}/id`, "must match ^[A-Za-z0-9._:#/-]{1,128}$");
  }
  str(f, "rule", path, RULE_NAME);
  str(f, "message", path);
  validateLocation(f.location, `${path}/location`);
  if (f.severity !== undefined && !SEVERITIES.has(f.severity as string))
    invalid(`${path}/severity`, "must be error, warning or info");
  if (f.status !== undefined && !STATUSES.has(f.status as string))
    invalid(`${path}/status`, "must be open, resolved or superseded");
  if (f.trace !== undefined && f.trace !== null && typeof f.trace !== "string")
    invalid(`${path}/trace`, "must be a string or null");
  if (f.keepForContext !== undefined && typeof f.keepForContext !== "boolean")
    invalid(`${path}/keepForContext`, "must be a boolean");
  if (f.firstObservedIn !== undefined && !isRoundInt(f.firstObservedIn))
    invalid(`${path}/firstObservedIn`, "must be an integer ≥ 1");
  if (f.lastObservedIn !== undefined && !isRoundInt(f.lastObservedIn))
    invalid(`${path}/lastObservedIn`, "must be an integer ≥ 1");
  const last = (f.lastObservedIn as number | undefined) ?? roundIndex;
  const first = (f.firstObservedIn as number | undefined) ?? last;
  if (last > roundIndex)
    invalid(`${path}/lastObservedIn`, `must not exceed the reporting round (${roundIndex})`);
  if (first > last) invalid(`${path}/firstObservedIn`, "must not exceed lastObservedIn");
}

/** FC-REQ-3, -5..8: one round at `path`, whose index must exceed `prevIndex`; returns its index. */
export function validateRound(v: unknown, path: string, prevIndex: number): number {
  if (!isObj(v)) invalid(path, "must be an object");
  const r = v as Obj;
  onlyKeys(r, ROUND_KEYS, path);
  if (!isRoundInt(r.index)) invalid(`${path}/index`, "must be an integer between 1 and 2^31-1");
  const index = r.index as number;
  if (index <= prevIndex) invalid(`${path}/index`, "round indices must be strictly increasing");
  str(r, "ts", path);
  if (!Array.isArray(r.workerTrace)) invalid(`${path}/workerTrace`, "must be an array");
  (r.workerTrace as unknown[]).forEach((t, i) => {
    const tp = `${path}/workerTrace/${i}`;
    if (!isObj(t)) invalid(tp, "must be an object");
    const to = t as Obj;
    onlyKeys(to, TRACE_KEYS, tp);
    str(to, "tool", tp);
    str(to, "output", tp);
    if (to.raw !== undefined) validateToolOutput(to.raw, `${tp}/raw`);
  });
  const vp = `${path}/verifierVerdict`;
  const verdict = r.verifierVerdict;
  if (!isObj(verdict)) {
    fail("VERIFIER_VERDICT_MISSING", `round ${index} has no verifier verdict`, { path: vp });
  }
  const vo = verdict as Obj;
  if (!VERDICTS.has(vo.status as string) || !Array.isArray(vo.findings)) {
    fail("VERIFIER_VERDICT_MISSING", `round ${index} has a malformed verifier verdict (status or findings)`, {
      path: vp,
    });
  }
  onlyKeys(vo, VERDICT_KEYS, vp);
  str(vo, "notes", vp, OPTIONAL);
  if (vo.artifacts !== undefined) {
    if (!Array.isArray(vo.artifacts)) invalid(`${vp}/artifacts`, "must be an array");
    (vo.artifacts as unknown[]).forEach((a, i) => {
      validateToolOutput(a, `${vp}/artifacts/${i}`);
    });
  }
  (vo.findings as unknown[]).forEach((f, i) => {
    validateFinding(f, `${vp}/findings/${i}`, index);
  });
  return index;
}

/** Checks a parsed request (FC-REQ-1..10) and returns it typed; throws FcFailure (caught at the API edge). */
export function validateRequest(input: unknown): CompactionRequest {
  validateHeader(input);
  const req = input as Obj;
  validateRoundsArray(req.rounds);
  let prev = 0;
  (req.rounds as unknown[]).forEach((r, i) => {
    prev = validateRound(r, `/rounds/${i}`, prev);
  });
  validatePriorDelta(req.priorDelta);
  return req as unknown as CompactionRequest;
}

/**
 * FC-REQ-1, -4, -9: the request's members other than `rounds` and `priorDelta`, in validateRequest's order. A
 * reader that streams the rounds checks these first, then each round with validateRound, then the rest.
 */
export function validateHeader(input: unknown): void {
  if (!isObj(input)) invalid("", "the request must be a JSON object");
  const req = input as Obj;
  onlyKeys(req, REQUEST_KEYS, "");
  if (!("taskSpec" in req)) invalid("/taskSpec", "is required");
  const cs = req.canonicalState;
  if (!isObj(cs)) invalid("/canonicalState", "must be an object");
  const c = cs as Obj;
  onlyKeys(c, STATE_KEYS, "/canonicalState");
  str(c, "ref", "/canonicalState", NON_EMPTY);
  if (c.repoRoot !== undefined && (typeof c.repoRoot !== "string" || !isAbsolute(c.repoRoot))) {
    invalid("/canonicalState/repoRoot", "must be an absolute path");
  }
  if (c.overwritten !== undefined) {
    if (!Array.isArray(c.overwritten)) invalid("/canonicalState/overwritten", "must be an array");
    (c.overwritten as unknown[]).forEach((o, i) => {
      const p = `/canonicalState/overwritten/${i}`;
      if (!isObj(o)) invalid(p, "must be an object");
      const ov = o as Obj;
      onlyKeys(ov, OVERWRITTEN_KEYS, p);
      str(ov, "path", p, NON_EMPTY);
      for (const k of ["startLine", "endLine", "sinceRound"])
        if (!isRoundInt(ov[k])) invalid(`${p}/${k}`, "must be an integer ≥ 1");
      if ((ov.endLine as number) < (ov.startLine as number))
        invalid(`${p}/endLine`, "must not be below startLine");
    });
  }
}

function validateRoundsArray(rounds: unknown): void {
  if (!Array.isArray(rounds)) invalid("/rounds", "must be an array");
  if ((rounds as unknown[]).length === 0) invalid("/rounds", "must contain at least one round");
}

/** FC-REQ-10: an optional prior Delta must be a Correction Delta. */
export function validatePriorDelta(priorDelta: unknown): void {
  if (priorDelta !== undefined && priorDelta !== null && !isValidDelta(priorDelta)) {
    invalid("/priorDelta", "must be a Correction Delta (log schema $defs/correctionDelta)");
  }
}

export function validateBudget(budget: unknown): number {
  if (budget === undefined) return DEFAULT_BUDGET;
  if (typeof budget !== "number" || !Number.isInteger(budget) || budget < MIN_BUDGET || budget > MAX_BUDGET) {
    invalid("/options/budgetTokens", `must be an integer between ${MIN_BUDGET} and ${MAX_BUDGET}`);
  }
  return budget as number;
}

export type { CorrectionDelta, InputFinding, Round };
