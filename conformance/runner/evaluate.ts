// FC-CASE-3..7: judging one reply against a case's expectation — error codes, deep subsets, assertions, exact bytes.
import { canonical } from "../../src/canonical.ts";
import type { Reply } from "../iut.ts";
import { firstDifference, preview, resolvePointer, subsetDifference } from "./json.ts";
import { describeLeak, leakWhere } from "./leak.ts";
import type { Assertion, CheckStatus, ConformanceCase, LeakWhere, Mismatch } from "./types.ts";

export interface Verdict {
  status: CheckStatus;
  message?: string;
  mismatch?: Mismatch;
  /** A failed absentText: every pointer where the text appears (FC-CERT-14). */
  leak?: LeakWhere;
}

const pass: Verdict = { status: "passed" };
const fail = (message: string, mismatch?: Mismatch): Verdict =>
  mismatch ? { status: "failed", message, mismatch } : { status: "failed", message };

/** The reply as it was on the wire, minus `seq`: `{log}`, `{result}` or `{error}`. */
function replyBody(c: ConformanceCase, reply: Reply): Record<string, unknown> {
  if (reply.kind === "error") return { error: reply.error };
  if (reply.kind === "result")
    return c.command === "compact" ? { log: reply.result } : { result: reply.result };
  return {};
}

/** Judges a reply. An implementation that did not answer properly is errored; a wrong answer is failed. */
export function evaluateCase(c: ConformanceCase, reply: Reply): Verdict {
  if (reply.kind === "errored") return { status: "errored", message: reply.reason };
  const what = c.command === "compact" ? "a log" : "a result";
  const exp = c.expect;
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
    const exact = c.profile === "byte-exact";
    const d = exact ? firstDifference(exp.result, subject) : subsetDifference(exp.result, subject);
    if (d)
      return fail(
        `${exact ? "result differs" : "result does not contain the expected value"} at '${d.pointer}'`,
        d,
      );
  }
  if (exp.bytes !== undefined && reply.kind === "result") {
    const delta = resolvePointer(subject, "/correctionDelta");
    const actual = delta.found ? canonical(delta.value) : "(no correctionDelta)";
    if (actual !== exp.bytes) {
      const at = firstCharDiff(exp.bytes, actual);
      return fail(`canonical Correction Delta differs from byte ${at}`, {
        pointer: "/correctionDelta",
        expected: excerpt(exp.bytes, at),
        actual: excerpt(actual, at),
      });
    }
  }
  for (const [i, a] of (exp.assertions ?? []).entries()) {
    const v = checkAssertion(a, subject, replyBody(c, reply));
    if (v !== null) {
      const f = fail(`assertion ${i + 1} (${a.check}): ${v.message}`, v.mismatch);
      return v.leak ? { ...f, leak: v.leak } : f;
    }
  }
  return pass;
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

/** Evaluates one assertion; null when it holds. `subject` is the log (compact) or result; `body` the whole reply. */
export function checkAssertion(
  a: Assertion,
  subject: unknown,
  body: Record<string, unknown>,
): AssertionFailure | null {
  if (a.check === "absentText" || a.check === "presentText") {
    const target =
      a.pointer === undefined ? { found: true as const, value: body } : resolvePointer(subject, a.pointer);
    if (!target.found) return { message: `nothing at '${a.pointer}'` };
    const text = JSON.stringify(target.value) ?? "";
    // The needle is matched against JSON text, so it is JSON-escaped the same way (quotes, backslashes, controls).
    const needle = JSON.stringify(a.text).slice(1, -1);
    const present = text.includes(needle) || text.includes(a.text);
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
    case "equals": {
      let actual = v;
      if (a.project !== undefined) {
        if (!Array.isArray(v))
          return { message: `'${a.pointer}' is not an array to project '${a.project}' from` };
        const key = a.project;
        actual = v.map((el) =>
          typeof el === "object" && el !== null && Object.hasOwn(el, key)
            ? (el as Record<string, unknown>)[key]
            : null,
        );
      }
      const d = firstDifference(a.value, actual, a.pointer);
      if (d === null) return null;
      const what = `'${a.pointer}'${a.project ? `[*].${a.project}` : ""}`;
      return {
        message: d.pointer === a.pointer ? `${what} differs` : `${what} differs at '${d.pointer}'`,
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
    case "lte":
    case "gte": {
      let bound: unknown = a.than;
      if (typeof a.than === "object") {
        const r = resolvePointer(subject, a.than.pointer);
        if (!r.found) return { message: `nothing at '${a.than.pointer}' to compare with` };
        bound = r.value;
      }
      if (typeof v !== "number" || typeof bound !== "number")
        return { message: `'${a.pointer}' or its bound is not a number` };
      const holds = a.check === "lte" ? v <= bound : v >= bound;
      return holds
        ? null
        : {
            message: `'${a.pointer}' = ${v} is not ${a.check === "lte" ? "≤" : "≥"} ${bound}`,
            mismatch: {
              pointer: a.pointer,
              expected: `${a.check === "lte" ? "≤" : "≥"} ${bound}`,
              actual: v,
            },
          };
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
  }
}

/** The wire message a case sends (without seq): see the interface in spec/protocol.md §Cases. */
export function casePayload(c: ConformanceCase): Record<string, unknown> {
  return c.command === "compact" ? { ...c.input } : { input: c.input };
}
