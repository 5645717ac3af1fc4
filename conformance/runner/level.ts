// FC-PROTO-11, FC-CERT-13: what a delta-only implementation is judged on — every expectation about what the Delta
// shows; the ones that read the envelope are set aside, each with why.
import { stepRefsIn, stepsOf } from "./steps.ts";
import type { Assertion, ConformanceCase, Expectation, SetAside } from "./types.ts";

const DELTA = "/correctionDelta";
const RENDERED = "/compaction/renderedTokens";
const BUDGET = "/compaction/budgetTokens";

const underDelta = (pointer: string) => pointer === DELTA || pointer.startsWith(`${DELTA}/`);

/** The pointers an assertion reads (the judged reply's and earlier replies'). */
function readPointers(a: Assertion): string[] {
  const out: string[] = [];
  if ("pointer" in a && typeof a.pointer === "string") out.push(a.pointer);
  if ("to" in a && typeof a.to === "object" && a.to !== null) out.push(a.to.pointer);
  if ("than" in a && typeof a.than === "object" && a.than !== null) out.push(a.than.pointer);
  if (a.check === "tokenCount") out.push(a.of);
  return out;
}

/** An assertion that says the Delta fits the budget (FC-STAGE5-3) through the envelope's two numbers. */
function isBudgetBound(a: Assertion): boolean {
  const ref = (v: unknown) =>
    typeof v === "object" && v !== null ? (v as { pointer?: string }).pointer : null;
  if (a.check === "lte" && a.pointer === RENDERED)
    return ref(a.than) === BUDGET || typeof a.than === "number";
  if (a.check === "tokenCount") return a.pointer === RENDERED && a.of === DELTA;
  if (a.check === "tokensAtMost") return a.pointer === DELTA && ref(a.than) === BUDGET;
  return false;
}

const label = (a: Assertion, i: number) =>
  `assertion ${i + 1} (${a.check}${"pointer" in a && typeof a.pointer === "string" ? ` '${a.pointer}'` : ""})`;

interface View {
  expect: Expectation;
  setAside: SetAside[];
  /** Expectations left to judge (an expected error, a result member, bytes, an assertion). */
  judged: number;
}

/**
 * One step's expectation as a delta-only implementation can meet it: `expect.result` keeps its `correctionDelta`
 * member; assertions that read only the Delta stay; `absentText` stays whatever its pointer (over the whole reply
 * when the pointer is in the envelope, which this level does not return); the budget bound through
 * `renderedTokens`/`budgetTokens` becomes the suite's own count of the Delta against the request's budget, when the
 * request names one; everything else that reads the envelope is set aside.
 */
function viewOf(exp: Expectation, where: string, budget: number | undefined): View {
  const setAside: SetAside[] = [];
  const out: Expectation = {};
  let judged = 0;
  if (exp.error !== undefined) {
    out.error = exp.error;
    judged++;
  }
  if (exp.bytes !== undefined) {
    out.bytes = exp.bytes;
    judged++;
  }
  if (exp.result !== undefined) {
    const r = exp.result;
    if (typeof r === "object" && r !== null && !Array.isArray(r)) {
      for (const k of Object.keys(r)) {
        if (k === "correctionDelta") continue;
        setAside.push({
          expectation: `${where}expect.result member '${k}'`,
          reason: "only the envelope has it",
        });
      }
      if (Object.hasOwn(r, "correctionDelta")) {
        out.result = { correctionDelta: (r as Record<string, unknown>).correctionDelta };
        judged++;
      }
    } else
      setAside.push({ expectation: `${where}expect.result`, reason: "it is not an object of log members" });
  }
  const assertions: Assertion[] = [];
  let bounded = false;
  for (const [i, a] of (exp.assertions ?? []).entries()) {
    if (a.check === "absentText") {
      // A leak is a failure at every level: whatever is returned must not carry the text.
      assertions.push(
        a.pointer === undefined || underDelta(a.pointer) ? a : { check: "absentText", text: a.text },
      );
      continue;
    }
    if (a.check === "presentText" && (a.pointer === undefined || !underDelta(a.pointer))) {
      setAside.push({
        expectation: `${where}${label(a, i)}`,
        reason:
          a.pointer === undefined
            ? "it looks for text anywhere in the log, which may be in the envelope only"
            : `it looks for text in '${a.pointer}', which only the envelope has`,
      });
      continue;
    }
    const outside = readPointers(a).find((p) => !underDelta(p));
    if (outside === undefined) {
      assertions.push(a);
      continue;
    }
    if (isBudgetBound(a) && budget !== undefined) {
      setAside.push({
        expectation: `${where}${label(a, i)}`,
        reason: `it reads '${outside}'; judged instead as the suite's own count of the Delta against the request's budget of ${budget}`,
      });
      if (!bounded) assertions.push({ check: "tokensAtMost", pointer: DELTA, than: budget });
      bounded = true;
      continue;
    }
    setAside.push({
      expectation: `${where}${label(a, i)}`,
      reason: `it reads '${outside === "" ? "(the whole log)" : outside}', which only the envelope has`,
    });
  }
  if (assertions.length > 0) out.assertions = assertions;
  judged += assertions.length;
  if (exp.anyOf !== undefined) {
    out.anyOf = exp.anyOf.map((alt, k) => {
      const v = viewOf(alt, `${where}answer ${k + 1}: `, budget);
      setAside.push(...v.setAside);
      judged += v.judged;
      return v.expect;
    });
  }
  return { expect: out, setAside, judged };
}

/**
 * FC-CERT-13: a case as a delta-only implementation is judged on it, with the expectations set aside; or why it is
 * not applicable at all (a later request is built from the envelope of an earlier reply, or nothing is left to judge).
 * Policy and summary steps are unchanged.
 */
export function deltaView(
  c: ConformanceCase,
):
  | { ok: true; case: ConformanceCase; setAside: SetAside[] }
  | { ok: false; reason: string; setAside: SetAside[] } {
  const steps = stepsOf(c);
  const multi = c.steps !== undefined;
  const setAside: SetAside[] = [];
  let judged = 0;
  const expects: Expectation[] = [];
  for (const [i, s] of steps.entries()) {
    const where = multi ? `step ${i}: ` : "";
    if (s.command !== "compact") {
      expects.push(s.expect);
      judged++;
      continue;
    }
    for (const ref of stepRefsIn(s.input)) {
      if (!underDelta(ref.pointer))
        return {
          ok: false,
          reason: `${where}its request sends '${ref.pointer}' of an earlier log, which only the envelope has`,
          setAside,
        };
    }
    const options = (s.input as { options?: { budgetTokens?: unknown } }).options;
    const budget = typeof options?.budgetTokens === "number" ? options.budgetTokens : undefined;
    const v = viewOf(s.expect, where, budget);
    setAside.push(...v.setAside);
    judged += v.judged;
    expects.push(v.expect);
  }
  if (judged === 0 && setAside.length > 0) {
    const first = setAside[0]!;
    return {
      ok: false,
      reason: `every expectation reads the envelope (${first.expectation}: ${first.reason})`,
      setAside,
    };
  }
  const view: ConformanceCase =
    c.steps !== undefined
      ? { ...c, steps: c.steps.map((s, i) => ({ ...s, expect: expects[i]! })) }
      : { ...c, expect: expects[0]! };
  return { ok: true, case: view, setAside };
}

/** Why a case is not applicable to a delta-only implementation at all, or null when part of it can be judged. */
export function envelopeNeed(c: ConformanceCase): string | null {
  const v = deltaView(c);
  return v.ok ? null : v.reason;
}
