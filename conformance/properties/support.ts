// FC-CERT-10, FC-CERT-18, FC-CERT-19: a property through the protocol — fixed seed, same-kind shrinking, refusals apart, a counterexample that asserts it.
import fc from "fast-check";
import {
  compactPayload,
  type ImplementationUnderTest,
  type PropertyCheck,
  type PropertyOutcome,
  type Reply,
} from "../iut.ts";
import { firstDifference } from "../runner/json.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { type RequestModel, requestModelArb, toRequest } from "./arbitraries.ts";

/**
 * A property failed for this reason; the string names structure and values of the log, never secrets. `kind` says
 * which way it failed (default: the message with numbers taken out): the shrinker keeps only smaller inputs that
 * fail the same way (FC-CERT-18).
 */
export class Violation extends Error {
  readonly kind: string;
  constructor(message: string, kind?: string) {
    super(message);
    this.kind = kind ?? message.replace(/\d+/g, "#");
  }
}

/** A generated valid request was refused with INVALID_REQUEST: not judged here, reported once apart (FC-CERT-19). */
export class Refused extends Error {
  constructor(readonly code: string) {
    super(`a valid generated request was refused with ${code}`);
  }
}

/**
 * A generated request was answered SECRET_LEAK. That is a safe answer (FC-REDACT-MANDATORY-1, FC-SCAN-1) when a
 * canary sits in a rule, a location path or canonicalState.ref — the implementation failed closed — and the request
 * is then left unjudged like a refusal; otherwise it is a violation (a valid request must be compacted).
 */
export class FailedClosed extends Error {
  constructor() {
    super("a valid request was refused with SECRET_LEAK");
  }
}

/** May an implementation answer this request with SECRET_LEAK (a secret where masking is not the only safe answer)? */
export const mayFailClosed = (m: RequestModel): boolean =>
  m.plan.rule !== undefined || m.plan.path !== undefined || m.refCanary !== undefined;

/** The failure kind the shrinker compares (FC-CERT-18). */
export function failureKind(e: unknown): string | null {
  if (e instanceof Violation) return `violation: ${e.kind}`;
  if (e instanceof NoAnswer) return "no answer";
  return null;
}

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
  if (reply.kind === "error") {
    // A refusal of a generated valid request is its own problem (property.valid-requests-accepted), judged once.
    if (reply.error.code === "INVALID_REQUEST") throw new Refused(reply.error.code);
    if (reply.error.code === "SECRET_LEAK") throw new FailedClosed();
    throw new Violation(`${what} was refused with ${reply.error.code}`);
  }
  throw new NoAnswer(reply.reason);
}

/** The implementation did not answer (crash, timeout, malformed reply): stop calling it, report the input. */
export class NoAnswer extends Error {}

export const canonical = canonicalJson;

export interface CounterexampleCase {
  /** Assertions that fail on the counterexample (the case's expectation). */
  assertions?: Record<string, unknown>[];
  error?: string;
  /** FC-CASE-14: acceptable answers (beside them, `assertions` hold for every answer). */
  anyOf?: Record<string, unknown>[];
  /**
   * A property that compares two requests is saved as a multi-step case (FC-CERT-19): each step sends its own
   * input and its expectation may compare with an earlier step's reply (`"to": {"step", "pointer"}`).
   */
  steps?: { input: Record<string, unknown>; expect: Record<string, unknown> }[];
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
  // The first failure's kind; while shrinking, a candidate that fails another way counts as passing (FC-CERT-18).
  let target: string | null = null;
  let refused = 0;
  let judged = 0;
  const prop = fc.asyncProperty(arb, async (m) => {
    if (noAnswer !== null) throw new NoAnswer(noAnswer.reason);
    try {
      try {
        await check(m);
      } catch (e) {
        if (!(e instanceof FailedClosed)) throw e;
        if (!mayFailClosed(m)) throw new Violation(e.message);
        throw new Refused("SECRET_LEAK");
      }
      judged++;
    } catch (e) {
      if (e instanceof Refused) {
        // Not this property's verdict: the refusal is reported once, by property.valid-requests-accepted.
        refused++;
        return;
      }
      judged++;
      if (e instanceof NoAnswer && noAnswer === null) noAnswer = { model: m, reason: e.message };
      const kind = failureKind(e);
      if (kind !== null && noAnswer === null) {
        if (target === null) target = kind;
        else if (kind !== target) return;
      }
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
    // No proper answer is errored, not failed (FC-CERT-2): the property could not be judged.
    const message = `the implementation did not answer: ${stuck.reason}`;
    return {
      status: "errored",
      reason: message,
      noAnswer: {
        seed: details.seed,
        path: details.counterexamplePath ?? "",
        counterexample: counterexampleCase(meta, stuck.model, details.seed, message, {
          notes: "The implementation did not answer this request (crash, timeout or malformed reply).",
        }),
      },
    };
  }
  if (!details.failed) {
    if (judged === 0)
      return {
        status: "skipped",
        reason: `every generated request was refused with INVALID_REQUEST (${refused}); see property.valid-requests-accepted`,
      };
    return refused > 0
      ? { status: "passed", runs: details.numRuns, refused }
      : { status: "passed", runs: details.numRuns };
  }
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

/** The first step of a two-request counterexample: the request itself, which must be compacted. */
export function firstStep(m: RequestModel): {
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
} {
  const { request, options } = toRequest(m);
  return {
    input: { request, options },
    expect: { assertions: [{ check: "notNull", pointer: "/correctionDelta" }] },
  };
}

/** A later step: `request` must give a reply equal, at `pointer`, to step 0's reply at the same pointer. */
export function sameAsFirst(
  m: RequestModel,
  request: unknown,
  pointer: string,
): { input: Record<string, unknown>; expect: Record<string, unknown> } {
  return {
    input: { request, options: toRequest(m).options },
    expect: { assertions: [{ check: "equals", pointer, to: { step: 0, pointer } }] },
  };
}

/**
 * A property that compacts a generated request and `variant(request)` and requires the same log at `pointer` (`""`:
 * the whole log), in canonical rendering; its counterexample is the two-step case that says so. `differs` words the
 * violation from the first differing pointer below `pointer`; `kind` is the failure kind the shrinker keeps to.
 */
export function sameReplyProperty(
  meta: { id: string; description: string; requirements: string[]; delta?: boolean },
  o: {
    variant: (request: Record<string, unknown>) => unknown;
    pointer: "" | "/correctionDelta";
    differs: (at: string) => string;
    kind?: string;
    notes: string;
  },
): PropertyCheck {
  const at = (log: Record<string, unknown>) => (o.pointer === "" ? log : log.correctionDelta);
  return compactProperty(
    meta,
    requestModelArb(),
    async (iut, m) => {
      const { request, options } = toRequest(m);
      const a = at(logOf(await compactVia(iut, request, options)));
      const b = at(logOf(await compactVia(iut, o.variant(request), options)));
      if (canonical(a) !== canonical(b))
        throw new Violation(o.differs(firstDifference(a, b)?.pointer ?? "?"), o.kind);
    },
    (m) => ({
      steps: [firstStep(m), sameAsFirst(m, o.variant(toRequest(m).request), o.pointer)],
      notes: o.notes,
    }),
  );
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
  const head = {
    id: `counterexample.${name}.seed-${seed >>> 0}`,
    description: `Shrunk counterexample of ${meta.id}: ${meta.description}`,
    requirements: meta.requirements,
    profile: "required",
    command: "compact",
  };
  const notes = [`Failure: ${message}`, exp.notes].filter((x) => x !== undefined).join(" ");
  if (exp.steps !== undefined) return { ...head, steps: exp.steps, notes };
  const expect: Record<string, unknown> = {};
  if (exp.error !== undefined) expect.error = { code: exp.error };
  if (exp.assertions !== undefined && exp.assertions.length > 0) expect.assertions = exp.assertions;
  if (exp.anyOf !== undefined) expect.anyOf = exp.anyOf;
  // Expecting a log is itself an assertion: an error reply fails the case.
  if (Object.keys(expect).length === 0)
    expect.assertions = [{ check: "notNull", pointer: "/correctionDelta" }];
  return { ...head, input: { request, options }, expect, notes };
}
