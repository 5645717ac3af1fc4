// FC-CERT-5: running a property through the protocol — fixed seed, shrinking, and a replayable counterexample case.
import fc from "fast-check";
import {
  compactPayload,
  type ImplementationUnderTest,
  type PropertyCheck,
  type PropertyOutcome,
  type Reply,
} from "../iut.ts";
import { canonicalJson } from "../tools/canonical-json.ts";
import { type RequestModel, toRequest } from "./arbitraries.ts";

/** A property failed for this reason; the string names structure and values of the log, never secrets. */
export class Violation extends Error {}

/** Sends one compaction through the interface. */
export async function compactVia(
  iut: ImplementationUnderTest,
  request: unknown,
  options: Record<string, unknown>,
): Promise<Reply> {
  const budget = options.budgetTokens as number | undefined;
  return iut.call("compact", compactPayload(request, budget));
}

/** The reply's log, or a Violation: a valid generated request must be compacted. */
export function logOf(reply: Reply, what = "a valid request"): Record<string, unknown> {
  if (reply.kind === "result") {
    if (typeof reply.result !== "object" || reply.result === null)
      throw new Violation("the log is not an object");
    return reply.result as Record<string, unknown>;
  }
  if (reply.kind === "error") throw new Violation(`${what} was refused with ${reply.error.code}`);
  throw new NoAnswer(reply.reason);
}

/** The implementation did not answer (crash, timeout, malformed reply): stop calling it, report the input. */
export class NoAnswer extends Error {}

export const canonical = canonicalJson;

export interface CounterexampleCase {
  /** Assertions that fail on the counterexample (the case's expectation). */
  assertions?: Record<string, unknown>[];
  error?: string;
  notes?: string;
}

/**
 * A property of the `compact` capability over generated request models: `check` sends what it needs through
 * the implementation and throws a Violation when the reply breaks the property; `expectation` words the
 * counterexample case saved when it does.
 */
export function compactProperty(
  meta: { id: string; description: string; requirements: string[]; delta?: boolean },
  arb: fc.Arbitrary<RequestModel>,
  check: (iut: ImplementationUnderTest, m: RequestModel) => Promise<void>,
  expectation: (m: RequestModel, message: string) => CounterexampleCase,
): PropertyCheck {
  return {
    ...meta,
    capability: "compact",
    run: (iut, opts) => runModelProperty(opts, meta, arb, (m) => check(iut, m), expectation),
  };
}

/**
 * Runs `check` over `arb` with fast-check (fixed seed, `runs` runs, shrinking). A Violation fails the run; the first
 * non-answer stops all further calls and is reported with its (unshrunk) input, so a hanging implementation costs
 * one timeout, not one per shrink step.
 */
async function runModelProperty(
  opts: { seed: number; runs: number },
  meta: { id: string; description: string; requirements: string[] },
  arb: fc.Arbitrary<RequestModel>,
  check: (m: RequestModel) => Promise<void>,
  expectation: (m: RequestModel, message: string) => CounterexampleCase,
): Promise<PropertyOutcome> {
  let noAnswer: { model: RequestModel; reason: string } | null = null;
  const prop = fc.asyncProperty(arb, async (m) => {
    if (noAnswer !== null) throw new NoAnswer(noAnswer.reason);
    try {
      await check(m);
    } catch (e) {
      if (e instanceof NoAnswer && noAnswer === null) noAnswer = { model: m, reason: e.message };
      throw e;
    }
  });
  let details: fc.RunDetails<[RequestModel]>;
  try {
    details = await fc.check(prop, { seed: opts.seed, numRuns: opts.runs, endOnFailure: false });
  } catch (e) {
    return {
      status: "errored",
      reason: `the property could not run (${e instanceof Error ? e.name : "error"})`,
    };
  }
  const stuck = noAnswer as { model: RequestModel; reason: string } | null;
  if (stuck !== null) {
    const message = `the implementation did not answer: ${stuck.reason}`;
    return {
      status: "failed",
      seed: details.seed,
      path: details.counterexamplePath ?? "",
      message,
      counterexample: counterexampleCase(meta, stuck.model, details.seed, message, {
        notes: "The implementation did not answer this request (crash, timeout or malformed reply).",
      }),
    };
  }
  if (!details.failed) return { status: "passed", runs: details.numRuns };
  const model = details.counterexample?.[0];
  const err = details.errorInstance;
  const message = err instanceof Error ? err.message : "the property failed";
  if (model === undefined || !(err instanceof Violation || err instanceof NoAnswer)) {
    return {
      status: "errored",
      reason: `the property itself failed (${err instanceof Error ? err.name : "error"})`,
    };
  }
  return {
    status: "failed",
    seed: details.seed,
    path: details.counterexamplePath ?? "",
    message,
    counterexample: counterexampleCase(meta, model, details.seed, message, expectation(model, message)),
  };
}

/** The minimal request as a conformance case document (conformance/case.schema.json). */
export function counterexampleCase(
  meta: { id: string; description: string; requirements: string[] },
  model: RequestModel,
  seed: number,
  message: string,
  exp: CounterexampleCase,
): Record<string, unknown> {
  const { request, options } = toRequest(model);
  const name = meta.id.replace(/^property\./, "");
  const expect: Record<string, unknown> = {};
  if (exp.error !== undefined) expect.error = { code: exp.error };
  if (exp.assertions !== undefined && exp.assertions.length > 0) expect.assertions = exp.assertions;
  if (Object.keys(expect).length === 0)
    expect.assertions = [{ check: "notNull", pointer: "/correctionDelta" }];
  return {
    id: `counterexample.${name}.seed-${seed >>> 0}`,
    description: `Shrunk counterexample of ${meta.id}: ${meta.description}`,
    requirements: meta.requirements,
    profile: "required",
    command: "compact",
    input: { request, options },
    expect,
    notes: [`Failure: ${message}`, exp.notes].filter((x) => x !== undefined).join(" "),
  };
}
