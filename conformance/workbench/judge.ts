// FC-WB-5, FC-CERT-13: the side by side judged by the runner's own evaluation — the loaded case's expectation when it
// is a required case, the contract checks any one reply can be held to, and a leak check; each failure with the JSON
// pointers it concerns, so the page marks a difference as contract exactly when a required check fails on it.
import type { Reply } from "../iut.ts";
import { checkLogSchema } from "../oracle/schemas.ts";
import { checkAssertion, evaluateReply } from "../runner/evaluate.ts";
import type { Assertion, ConformanceCase } from "../runner/types.ts";

/** One required check run on the implementation's reply. */
export interface JudgedCheck {
  name: string;
  requirements: string[];
  ok: boolean;
  message: string;
  /** Pointers into the log (or `/error/…`) the failure concerns; "" = the whole reply. */
  pointers: string[];
}

export interface Judgement {
  checks: JudgedCheck[];
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** The assertions any single reply to this request is held to (the relations the required cases and properties assert). */
function replyAssertions(request: unknown, budget: number | undefined): [string, string[], Assertion][] {
  const out: [string, string[], Assertion][] = [
    [
      "renderedTokens is the suite's own o200k_base count of the canonical Delta",
      ["FC-RENDER-2", "FC-CASE-12"],
      { check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" },
    ],
    [
      "activeFailures equals correctionDelta.openRootCauses",
      ["FC-DELTA-1", "FC-ORCH-7"],
      { check: "equals", pointer: "/activeFailures", to: { pointer: "/correctionDelta/openRootCauses" } },
    ],
  ];
  if (budget !== undefined) {
    out.push(
      [
        "the Delta fits the budget asked for",
        ["FC-STAGE5-3"],
        { check: "tokensAtMost", pointer: "/correctionDelta", than: budget },
      ],
      [
        "budgetTokens is the budget asked for",
        ["FC-ORCH-4"],
        { check: "equals", pointer: "/compaction/budgetTokens", value: budget },
      ],
    );
  } else
    out.push([
      "the Delta fits its budget",
      ["FC-STAGE5-3"],
      { check: "tokensAtMost", pointer: "/correctionDelta", than: { pointer: "/compaction/budgetTokens" } },
    ]);
  const rounds = isObj(request) && Array.isArray(request.rounds) ? request.rounds : [];
  const last = rounds[rounds.length - 1];
  if (isObj(last) && typeof last.index === "number") {
    out.push([
      "attempt is the last round plus one",
      ["FC-STAGE5-1"],
      { check: "equals", pointer: "/correctionDelta/attempt", value: last.index + 1 },
    ]);
    if (isObj(last.verifierVerdict) && typeof last.verifierVerdict.status === "string")
      out.push([
        "lastVerdict is the last round's status",
        ["FC-STAGE5-1"],
        { check: "equals", pointer: "/correctionDelta/lastVerdict", value: last.verifierVerdict.status },
      ]);
  }
  return out;
}

const inLog = (p: string) => (p.startsWith("/log") ? p.slice(4) : p);

/**
 * Judges the implementation's reply with the runner's evaluation. `planted` are the request's sensitive texts (what a
 * case author would assert absent; the server finds them, `sensitiveTexts`); `kase` is the conformance case the
 * request was loaded from, unedited (its expectation is judged when it is a required one-step compact case).
 */
export function judgeReply(
  request: unknown,
  options: { budgetTokens?: number },
  reply: Reply,
  planted: readonly string[],
  kase?: ConformanceCase,
): Judgement {
  const checks: JudgedCheck[] = [];
  if (reply.kind === "errored") {
    checks.push({
      name: "answers in protocol",
      requirements: ["FC-PROTO-3", "FC-PROTO-5"],
      ok: false,
      message: reply.reason,
      pointers: [""],
    });
    return { checks };
  }
  const body = reply.kind === "error" ? { error: reply.error } : { log: reply.result };
  if (
    kase !== undefined &&
    kase.profile === "required" &&
    kase.steps === undefined &&
    kase.expect !== undefined
  ) {
    const v = evaluateReply("compact", "required", kase.expect, reply, []);
    checks.push({
      name: `case ${kase.id}`,
      requirements: kase.requirements,
      ok: v.status === "passed",
      message: v.message ?? "passes",
      pointers:
        v.status === "passed" ? [] : v.leak ? v.leak.pointers.map(inLog) : [v.mismatch?.pointer ?? ""],
    });
  }
  // A leak is a failure at every level: every planted sensitive text, absent from whatever came back.
  for (const text of planted) {
    const f = checkAssertion(
      { check: "absentText", text },
      reply.kind === "result" ? reply.result : undefined,
      body,
    );
    if (f !== null)
      checks.push({
        name: "no sensitive text of the request in the reply",
        requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
        ok: false,
        message: f.message,
        pointers: (f.leak?.pointers ?? [""]).map(inLog),
      });
  }
  if (reply.kind !== "result") return { checks };
  const schema = checkLogSchema(reply.result);
  checks.push({
    name: "the log satisfies the schema",
    requirements: ["FC-LOG-1", "FC-ORCH-1"],
    ok: schema.ok,
    message: schema.ok ? "valid" : `${schema.keyword} at ${schema.pointer}`,
    pointers: schema.ok ? [] : [schema.pointer === "/" ? "" : schema.pointer],
  });
  for (const [name, requirements, a] of replyAssertions(request, options.budgetTokens)) {
    const f = checkAssertion(a, reply.result, body);
    checks.push({
      name,
      requirements,
      ok: f === null,
      message: f === null ? "holds" : f.message,
      pointers: f === null ? [] : [f.mismatch?.pointer ?? ("pointer" in a ? (a.pointer ?? "") : "")],
    });
  }
  return { checks };
}
