// FC-CASE-3..7, FC-CASE-9..13: judging replies against a case — error codes, deep subsets, assertions and relations,
// exact bytes, and multi-step cases whose later requests use earlier replies.
import { canonicalJson } from "../oracle/canonical-json.ts";
import { o200kCount } from "../oracle/token-count.ts";
import type { Reply } from "../iut.ts";
import { firstDifference, preview, resolvePointer, subsetDifference } from "./json.ts";
import { describeLeak, leakWhere } from "./leak.ts";
import { payloadFor, type StepSubjects, stepsOf, substituteStepRefs } from "./steps.ts";
import { TextSearches } from "./text-index.ts";

export {
  isStepRef,
  payloadFor,
  type StepSubjects,
  stepRefsIn,
  stepsOf,
  substituteStepRefs,
} from "./steps.ts";
import type {
  Assertion,
  CaseCommand,
  CheckStatus,
  ConformanceCase,
  Expectation,
  LeakWhere,
  Mismatch,
  Profile,
  ValueRef,
} from "./types.ts";

export interface Verdict {
  status: CheckStatus;
  message?: string;
  mismatch?: Mismatch;
  /** A failed absentText: every pointer where the text appears (FC-CERT-15). */
  leak?: LeakWhere;
}

const pass: Verdict = { status: "passed" };
const fail = (message: string, mismatch?: Mismatch): Verdict =>
  mismatch ? { status: "failed", message, mismatch } : { status: "failed", message };

/** The reply as it was on the wire, minus `seq`: `{log}`, `{result}` or `{error}`. */
function replyBody(command: CaseCommand, reply: Reply): Record<string, unknown> {
  if (reply.kind === "error") return { error: reply.error };
  if (reply.kind === "result")
    return command === "compact" ? { log: reply.result } : { result: reply.result };
  return {};
}

/** Judges a one-step case's reply (for a multi-step case: its first step alone). */
export function evaluateCase(c: ConformanceCase, reply: Reply): Verdict {
  const first = stepsOf(c)[0]!;
  return evaluateReply(first.command, c.profile, first.expect, reply, []);
}

/** Judges one reply. An implementation that did not answer properly is errored; a wrong answer is failed. */
export function evaluateReply(
  command: CaseCommand,
  profile: Profile,
  exp: Expectation,
  reply: Reply,
  earlier: StepSubjects,
): Verdict {
  if (reply.kind === "errored") return { status: "errored", message: reply.reason };
  if (exp.anyOf !== undefined) return evaluateAlternatives(command, profile, exp, reply, earlier);
  const what = command === "compact" ? "a log" : "a result";
  if (exp.error !== undefined) {
    if (reply.kind !== "error") {
      return fail(`expected error ${exp.error.code}, got ${what}`, {
        pointer: "/error/code",
        expected: exp.error.code,
        actual: "(no error)",
      });
    }
    if (reply.error.code !== exp.error.code) {
      return fail(`expected error ${exp.error.code}, got error ${reply.error.code}`, {
        pointer: "/error/code",
        expected: exp.error.code,
        actual: reply.error.code,
      });
    }
    if (exp.error.field !== undefined && reply.error.field !== exp.error.field) {
      return fail(`expected error field ${exp.error.field}, got ${reply.error.field ?? "none"}`, {
        pointer: "/error/field",
        expected: exp.error.field,
        actual: reply.error.field ?? "(missing)",
      });
    }
  } else if (reply.kind === "error") {
    return fail(`expected ${what}, got error ${reply.error.code}: ${preview(reply.error.message, 200)}`, {
      pointer: "/error",
      expected: `(${what})`,
      actual: reply.error,
    });
  }
  const subject = reply.kind === "result" ? reply.result : undefined;
  if (exp.result !== undefined && reply.kind === "result") {
    const exact = profile === "byte-exact";
    const d = exact ? firstDifference(exp.result, subject) : subsetDifference(exp.result, subject);
    if (d)
      return fail(
        `${exact ? "result differs" : "result does not contain the expected value"} at '${d.pointer}'`,
        d,
      );
  }
  if (exp.bytes !== undefined && reply.kind === "result") {
    const delta = resolvePointer(subject, "/correctionDelta");
    const actual = delta.found ? canonicalJson(delta.value) : "(no correctionDelta)";
    if (actual !== exp.bytes) {
      const at = firstCharDiff(exp.bytes, actual);
      return fail(`canonical Correction Delta differs from byte ${at}`, {
        pointer: "/correctionDelta",
        expected: excerpt(exp.bytes, at),
        actual: excerpt(actual, at),
      });
    }
  }
  return failedAssertion(command, exp, subject, reply, earlier) ?? pass;
}

/**
 * The expectation's assertions the reply does not meet, as one failed verdict; null when all hold. The verdict
 * is that of the first failed assertion that found a leak, else of the first failed one; its message names the
 * other failed assertions too, so that one run shows everything a reply gets wrong.
 */
function failedAssertion(
  command: CaseCommand,
  exp: Expectation,
  subject: unknown,
  reply: Exclude<Reply, { kind: "errored" }>,
  earlier: StepSubjects,
): Verdict | null {
  const ctx: AssertionContext = { earlier, current: subject };
  // One body for every assertion, so that its JSON text is made once (jsonText).
  const body = replyBody(command, reply);
  const failed: { n: number; check: string }[] = [];
  let first: { n: number; check: string; v: AssertionFailure } | null = null;
  for (const [i, a] of (exp.assertions ?? []).entries()) {
    // After the first failure, the others are only counted and named: where a leak sits is worked out
    // for the one the verdict reports (a case may hold thousands of text assertions).
    const quick = first !== null && (first.v.leak !== undefined || a.check !== "absentText");
    if (quick) {
      if (!holdsQuickly(a, subject, body, ctx)) failed.push({ n: i + 1, check: a.check });
      continue;
    }
    const v = checkAssertion(a, subject, body, ctx);
    if (v === null) continue;
    if (first === null || (v.leak !== undefined && first.v.leak === undefined)) {
      if (first !== null) failed.push({ n: first.n, check: first.check });
      first = { n: i + 1, check: a.check, v };
    } else failed.push({ n: i + 1, check: a.check });
  }
  if (first === null) return null;
  const others = failed.sort((x, y) => x.n - y.n);
  const shown = others.slice(0, MORE_NAMED).map((f) => `${f.n} (${f.check})`);
  const rest = others.length > MORE_NAMED ? ` and ${others.length - MORE_NAMED} more` : "";
  const more =
    others.length === 0
      ? ""
      : `; also failed: assertion${others.length > 1 ? "s" : ""} ${shown.join(", ")}${rest}`;
  const f = fail(`assertion ${first.n} (${first.check}): ${first.v.message}${more}`, first.v.mismatch);
  return first.v.leak ? { ...f, leak: first.v.leak } : f;
}

/** Whether an assertion holds, without the detail of a failure (text assertions: one search of the text). */
function holdsQuickly(
  a: Assertion,
  subject: unknown,
  body: Record<string, unknown>,
  ctx: AssertionContext,
): boolean {
  if (a.check !== "absentText" && a.check !== "presentText")
    return checkAssertion(a, subject, body, ctx) === null;
  const t = textPresence(a, subject, body);
  return t.found && (a.check === "absentText" ? !t.present : t.present);
}

/** Where a text assertion looks (the pointer's value, or the whole reply) and whether its text is there. */
function textPresence(
  a: Extract<Assertion, { check: "absentText" | "presentText" }>,
  subject: unknown,
  body: Record<string, unknown>,
): { found: false } | { found: true; value: unknown; present: boolean } {
  const target =
    a.pointer === undefined ? { found: true as const, value: body } : resolvePointer(subject, a.pointer);
  if (!target.found) return { found: false };
  const text = jsonText(target.value);
  // The needle is matched against JSON text, so it is JSON-escaped the same way (quotes, backslashes, controls).
  const needle = JSON.stringify(a.text).slice(1, -1);
  const present =
    SEARCHES.contains(target.value, text, needle) ||
    (needle !== a.text && SEARCHES.contains(target.value, text, a.text));
  return { found: true, value: target.value, present };
}

/** Every text assertion's search (a reply's text searched thousands of times gets one filter, text-index.ts). */
const SEARCHES = new TextSearches();

/** How many further failed assertions a verdict's message names by number. */
const MORE_NAMED = 8;

/** `v` with `message` in place of its own, keeping its status, mismatch and leak. */
function withMessage(v: Verdict, message: string): Verdict {
  const out: Verdict = { status: v.status, message };
  if (v.mismatch !== undefined) out.mismatch = v.mismatch;
  if (v.leak !== undefined) out.leak = v.leak;
  return out;
}

/**
 * FC-CASE-14: acceptable alternatives. The assertions beside `anyOf` hold for every reply; then the reply passes
 * when it meets one alternative. When it meets none, the first alternative of the reply's kind (an error, or a
 * log/result) explains why; when no alternative is of that kind, the message lists what would have been accepted.
 */
function evaluateAlternatives(
  command: CaseCommand,
  profile: Profile,
  exp: Expectation,
  reply: Exclude<Reply, { kind: "errored" }>,
  earlier: StepSubjects,
): Verdict {
  const alternatives = exp.anyOf ?? [];
  const subject = reply.kind === "result" ? reply.result : undefined;
  const failed = failedAssertion(command, exp, subject, reply, earlier);
  if (failed !== null) return failed;
  const verdicts = alternatives.map((alt) => evaluateReply(command, profile, alt, reply, earlier));
  if (verdicts.some((v) => v.status === "passed")) return pass;
  const what = command === "compact" ? "a log" : "a result";
  const describe = (alt: Expectation) => (alt.error !== undefined ? `error ${alt.error.code}` : what);
  const sameKind = alternatives.findIndex((alt) => (alt.error !== undefined) === (reply.kind === "error"));
  if (sameKind >= 0) {
    const v = verdicts[sameKind]!;
    return withMessage(
      v,
      `none of the ${alternatives.length} acceptable answers; answer ${sameKind + 1} (${describe(alternatives[sameKind]!)}): ${v.message ?? ""}`,
    );
  }
  const accepted = [...new Set(alternatives.map(describe))].join(" or ");
  const got = reply.kind === "error" ? `error ${reply.error.code}` : what;
  return fail(`expected ${accepted}, got ${got}`, {
    pointer: reply.kind === "error" ? "/error/code" : "/error",
    expected: accepted,
    actual: reply.kind === "error" ? reply.error.code : "(no error)",
  });
}

/** How a run sends one request: the implementation's `call`. */
export type Caller = (cmd: string, payload: Record<string, unknown>) => Promise<Reply>;

/**
 * Runs every step of a case in order and judges each reply; the first step that does not pass decides (its
 * message names the step in a multi-step case). `ms` is the sum of the replies' times.
 */
export async function runCaseSteps(
  c: ConformanceCase,
  call: Caller,
): Promise<{ verdict: Verdict; ms: number }> {
  const steps = stepsOf(c);
  const subjects: unknown[] = [];
  let ms = 0;
  const multi = steps.length > 1 || c.steps !== undefined;
  for (const [i, s] of steps.entries()) {
    const input = substituteStepRefs(s.input, subjects);
    const label = multi ? `step ${i}: ` : "";
    if (!input.ok) return { verdict: fail(`${label}${input.message}`), ms };
    let reply: Reply;
    try {
      reply = await call(s.command, payloadFor(s.command, input.value as Record<string, unknown>));
    } catch (e) {
      reply = {
        kind: "errored",
        reason: `the adapter threw ${e instanceof Error ? e.name : "a value"}`,
        ms: 0,
      };
    }
    ms += reply.ms;
    const v = evaluateReply(s.command, c.profile, s.expect, reply, subjects);
    if (v.status !== "passed") return { verdict: withMessage(v, `${label}${v.message ?? ""}`), ms };
    subjects.push(reply.kind === "result" ? reply.result : undefined);
  }
  return { verdict: pass, ms };
}

function firstCharDiff(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

function excerpt(s: string, at: number): string {
  const start = Math.max(0, at - 30);
  return `${start > 0 ? "…" : ""}${s.slice(start, at + 50)}${at + 50 < s.length ? "…" : ""}`;
}

interface AssertionFailure {
  message: string;
  mismatch?: Mismatch;
  leak?: LeakWhere;
}

/** Where `to` / `than` references resolve: earlier steps' subjects and the reply being judged. */
export interface AssertionContext {
  earlier: StepSubjects;
  current: unknown;
}

type Resolved = { ok: true; value: unknown } | { ok: false; failure: AssertionFailure };

function project(v: unknown, key: string | undefined, pointer: string): Resolved {
  if (key === undefined) return { ok: true, value: v };
  if (!Array.isArray(v))
    return { ok: false, failure: { message: `'${pointer}' is not an array to project '${key}' from` } };
  return {
    ok: true,
    value: v.map((el) =>
      typeof el === "object" && el !== null && !Array.isArray(el) && Object.hasOwn(el, key)
        ? (el as Record<string, unknown>)[key]
        : null,
    ),
  };
}

/** FC-CASE-11: the value a `{step?, pointer, project?}` reference names. */
function resolveRef(ref: ValueRef, ctx: AssertionContext): Resolved {
  const where = ref.step === undefined ? "this reply" : `step ${ref.step}'s reply`;
  let doc: unknown;
  if (ref.step === undefined) doc = ctx.current;
  else if (Number.isInteger(ref.step) && ref.step >= 0 && ref.step < ctx.earlier.length)
    doc = ctx.earlier[ref.step];
  else
    return { ok: false, failure: { message: `the reference names step ${ref.step}, not an earlier step` } };
  const r = resolvePointer(doc, ref.pointer);
  if (!r.found)
    return { ok: false, failure: { message: `nothing at '${ref.pointer}' in ${where} to compare with` } };
  return project(r.value, ref.project, ref.pointer);
}

function refLabel(ref: ValueRef): string {
  return `${ref.step === undefined ? "" : `step ${ref.step} `}'${ref.pointer}'${ref.project ? `[*].${ref.project}` : ""}`;
}

/** UTF-16 code-unit order for strings, numeric order for numbers; null when the two are not comparable. */
function order(a: unknown, b: unknown): number | null {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/**
 * The JSON text of a reply's value, made once per object: a case may hold thousands of text assertions over the
 * same reply (a rule's samples, each in 16-character windows), and a reply is never changed once received.
 */
const JSON_TEXT = new WeakMap<object, string>();
function jsonText(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "";
  let text = JSON_TEXT.get(value);
  if (text === undefined) {
    text = JSON.stringify(value) ?? "";
    JSON_TEXT.set(value, text);
  }
  return text;
}

/** Evaluates one assertion; null when it holds. `subject` is the log (compact) or result; `body` the whole reply. */
export function checkAssertion(
  a: Assertion,
  subject: unknown,
  body: Record<string, unknown>,
  ctx: AssertionContext = { earlier: [], current: subject },
): AssertionFailure | null {
  if (a.check === "absentText" || a.check === "presentText") {
    const target = textPresence(a, subject, body);
    if (!target.found) return { message: `nothing at '${a.pointer}'` };
    const { present } = target;
    if (a.check === "absentText" && present) {
      // Name every pointer (into the reply body) where it appears, and whether that is the Delta.
      const base = a.pointer === undefined ? "" : `${"log" in body ? "/log" : "/result"}${a.pointer}`;
      const leak = leakWhere(target.value, a.text, base);
      return {
        message: `the text ${preview(a.text, 60)} is present ${describeLeak(leak)}`,
        leak,
      };
    }
    if (a.check === "presentText" && !present) {
      return { message: `the text ${preview(a.text, 60)} is absent from '${a.pointer ?? "(reply)"}'` };
    }
    return null;
  }
  if (subject === undefined) return { message: "the reply carries no log or result to check" };
  const at = (a as { pointer: string }).pointer;
  const target = resolvePointer(subject, at);
  if (!target.found) {
    return {
      message: `nothing at '${at}'`,
      mismatch: { pointer: at, expected: "(a value)", actual: "(missing)" },
    };
  }
  const v = target.value;
  switch (a.check) {
    case "equals":
    case "notEquals": {
      const mine = project(v, a.project, a.pointer);
      if (!mine.ok) return mine.failure;
      let other: unknown = a.value;
      if (a.to !== undefined) {
        const r = resolveRef(a.to, ctx);
        if (!r.ok) return r.failure;
        other = r.value;
      }
      const what = `'${a.pointer}'${a.project ? `[*].${a.project}` : ""}`;
      const d = firstDifference(other, mine.value, a.pointer);
      if (a.check === "notEquals") {
        return d !== null
          ? null
          : {
              message: `${what} equals ${a.to ? refLabel(a.to) : preview(other, 80)}`,
              mismatch: { pointer: a.pointer, expected: "(a different value)", actual: mine.value },
            };
      }
      if (d === null) return null;
      const against = a.to ? ` from ${refLabel(a.to)}` : "";
      return {
        message:
          d.pointer === a.pointer
            ? `${what} differs${against}`
            : `${what} differs${against} at '${d.pointer}'`,
        mismatch: d,
      };
    }
    case "length": {
      if (!Array.isArray(v) && typeof v !== "string")
        return { message: `'${a.pointer}' is neither an array nor a string` };
      return v.length === a.value
        ? null
        : {
            message: `length of '${a.pointer}'`,
            mismatch: { pointer: a.pointer, expected: a.value, actual: v.length },
          };
    }
    case "contains":
    case "notContains": {
      if (!Array.isArray(v)) return { message: `'${a.pointer}' is not an array` };
      const hit = v.findIndex((el) => subsetDifference(a.value, el) === null);
      if (a.check === "contains" && hit < 0) {
        return {
          message: `no element of '${a.pointer}' contains ${preview(a.value, 80)}`,
          mismatch: {
            pointer: a.pointer,
            expected: a.value,
            actual: v.length > 5 ? `(${v.length} elements)` : v,
          },
        };
      }
      if (a.check === "notContains" && hit >= 0) {
        return {
          message: `element ${hit} of '${a.pointer}' contains ${preview(a.value, 80)}`,
          mismatch: { pointer: `${a.pointer}/${hit}`, expected: "(no such element)", actual: v[hit] },
        };
      }
      return null;
    }
    case "matches": {
      if (typeof v !== "string") return { message: `'${a.pointer}' is not a string` };
      let re: RegExp;
      try {
        re = new RegExp(a.pattern, "u");
      } catch {
        return { message: "the case's pattern is not a valid regular expression" };
      }
      return re.test(v)
        ? null
        : {
            message: `'${a.pointer}' does not match /${a.pattern}/`,
            mismatch: { pointer: a.pointer, expected: `/${a.pattern}/`, actual: v },
          };
    }
    case "anyMatches":
    case "noneMatches": {
      const mine = project(v, a.project, a.pointer);
      if (!mine.ok) return mine.failure;
      if (!Array.isArray(mine.value)) return { message: `'${a.pointer}' is not an array` };
      let re: RegExp;
      try {
        re = new RegExp(a.pattern, "u");
      } catch {
        return { message: "the case's pattern is not a valid regular expression" };
      }
      const els = mine.value;
      const hit = els.findIndex((el) => typeof el === "string" && re.test(el));
      const what = `'${a.pointer}'${a.project ? `[*].${a.project}` : ""}`;
      if (a.check === "anyMatches" && hit < 0)
        return {
          message: `no element of ${what} matches /${a.pattern}/`,
          mismatch: {
            pointer: a.pointer,
            expected: `(an element matching /${a.pattern}/)`,
            actual: els.length > 5 ? `(${els.length} elements)` : els,
          },
        };
      if (a.check === "noneMatches" && hit >= 0)
        return {
          message: `element ${hit} of ${what} matches /${a.pattern}/`,
          mismatch: {
            pointer: `${a.pointer}/${hit}`,
            expected: `(no element matching /${a.pattern}/)`,
            actual: els[hit],
          },
        };
      return null;
    }
    case "lte":
    case "gte":
    case "lt":
    case "gt": {
      let bound: unknown = a.than;
      if (typeof a.than === "object") {
        const r = resolveRef(a.than, ctx);
        if (!r.ok) return r.failure;
        bound = r.value;
      }
      if (typeof v !== "number" || typeof bound !== "number")
        return { message: `'${a.pointer}' or its bound is not a number` };
      return numberRelation(a.check, a.pointer, v, bound);
    }
    case "isNull":
      return v === null
        ? null
        : {
            message: `'${a.pointer}' is not null`,
            mismatch: { pointer: a.pointer, expected: null, actual: v },
          };
    case "notNull":
      return v !== null
        ? null
        : {
            message: `'${a.pointer}' is null`,
            mismatch: { pointer: a.pointer, expected: "(not null)", actual: null },
          };
    case "distinct": {
      const mine = project(v, a.project, a.pointer);
      if (!mine.ok) return mine.failure;
      if (!Array.isArray(mine.value)) return { message: `'${a.pointer}' is not an array` };
      const seen = new Map<string, number>();
      for (const [i, el] of mine.value.entries()) {
        const key = canonicalJson(el);
        const j = seen.get(key);
        if (j !== undefined) {
          return {
            message: `elements ${j} and ${i} of '${a.pointer}'${a.project ? `[*].${a.project}` : ""} are equal`,
            mismatch: {
              pointer: `${a.pointer}/${i}`,
              expected: "(distinct from every other element)",
              actual: el,
            },
          };
        }
        seen.set(key, i);
      }
      return null;
    }
    case "ordered": {
      const mine = project(v, a.project, a.pointer);
      if (!mine.ok) return mine.failure;
      if (!Array.isArray(mine.value)) return { message: `'${a.pointer}' is not an array` };
      const els = mine.value;
      for (let i = 1; i < els.length; i++) {
        const o = order(els[i - 1], els[i]);
        if (o === null)
          return {
            message: `elements ${i - 1} and ${i} of '${a.pointer}' are not both numbers or both strings`,
          };
        const wrong =
          a.order === "ascending"
            ? o > 0 || (a.strict === true && o === 0)
            : o < 0 || (a.strict === true && o === 0);
        if (wrong) {
          return {
            message: `'${a.pointer}'${a.project ? `[*].${a.project}` : ""} is not ${a.strict ? "strictly " : ""}${a.order} at element ${i}`,
            mismatch: {
              pointer: `${a.pointer}/${i}`,
              expected: `${a.order === "ascending" ? "≥" : "≤"} ${preview(els[i - 1], 60)}`,
              actual: els[i],
            },
          };
        }
      }
      return null;
    }
    case "in":
    case "allIn": {
      const pool = resolveRef(a.to, ctx);
      if (!pool.ok) return pool.failure;
      if (!Array.isArray(pool.value)) return { message: `${refLabel(a.to)} is not an array` };
      const keys = new Set(pool.value.map((el) => canonicalJson(el)));
      let items: unknown[];
      if (a.check === "in") items = [v];
      else {
        const mine = project(v, a.project, a.pointer);
        if (!mine.ok) return mine.failure;
        if (!Array.isArray(mine.value)) return { message: `'${a.pointer}' is not an array` };
        items = mine.value;
      }
      for (const [i, el] of items.entries()) {
        if (!keys.has(canonicalJson(el))) {
          const where = a.check === "in" ? a.pointer : `${a.pointer}/${i}`;
          return {
            message: `${preview(el, 60)} at '${where}' is not an element of ${refLabel(a.to)}`,
            mismatch: { pointer: where, expected: `(an element of ${refLabel(a.to)})`, actual: el },
          };
        }
      }
      return null;
    }
    case "tokenCount":
    case "tokensAtMost": {
      // FC-CASE-12: the suite's own o200k_base count of the canonical rendering (FC-RENDER-1, FC-RENDER-2).
      let counted = v;
      if (a.check === "tokenCount") {
        const r = resolvePointer(subject, a.of);
        if (!r.found) return { message: `nothing at '${a.of}' to count` };
        counted = r.value;
      }
      let text: string;
      try {
        text = canonicalJson(counted);
      } catch {
        return { message: "the value to count has no canonical rendering" };
      }
      const count = o200kCount(text);
      if (a.check === "tokenCount") {
        return v === count
          ? null
          : {
              message: `'${a.pointer}' = ${preview(v, 20)}, but the canonical rendering of '${a.of}' counts ${count} o200k_base tokens`,
              mismatch: { pointer: a.pointer, expected: count, actual: v },
            };
      }
      let bound: unknown = a.than;
      if (typeof a.than === "object") {
        const r = resolveRef(a.than, ctx);
        if (!r.ok) return r.failure;
        bound = r.value;
      }
      if (typeof bound !== "number") return { message: "the token bound is not a number" };
      return count <= bound
        ? null
        : {
            message: `the canonical rendering of '${a.pointer}' counts ${count} o200k_base tokens, over ${bound}`,
            mismatch: { pointer: a.pointer, expected: `≤ ${bound} tokens`, actual: `${count} tokens` },
          };
    }
  }
}

function numberRelation(
  check: "lte" | "gte" | "lt" | "gt",
  pointer: string,
  v: number,
  bound: number,
): AssertionFailure | null {
  const sign = { lte: "≤", gte: "≥", lt: "<", gt: ">" }[check];
  const holds =
    check === "lte" ? v <= bound : check === "gte" ? v >= bound : check === "lt" ? v < bound : v > bound;
  return holds
    ? null
    : {
        message: `'${pointer}' = ${v} is not ${sign} ${bound}`,
        mismatch: { pointer, expected: `${sign} ${bound}`, actual: v },
      };
}

/** The wire message a one-step case sends (for a multi-step case: its first step's, unsubstituted). */
export function casePayload(c: ConformanceCase): Record<string, unknown> {
  const first = stepsOf(c)[0]!;
  return payloadFor(first.command, first.input);
}
