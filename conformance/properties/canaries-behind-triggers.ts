// FC-REDACT-SENSITIVE-8, FC-REDACT-MANDATORY-1, FC-REQ-11: canaries behind redaction triggers and under every encoding the spec names are masked, and such requests get a log, never a crash.
import fc from "fast-check";
import type { PropertyCheck, Reply } from "../iut.ts";
import { type RequestModel, requestModelArb, type TextField, toRequest } from "./arbitraries.ts";
import { type CanaryContext, canaryPieces, ENCODINGS, LEADS, readings, TAILS } from "./canary-contexts.ts";
import { escapeToken, preview } from "../runner/json.ts";
import { describeLeak } from "../runner/leak.ts";
import type { LeakWhere } from "../runner/types.ts";
import { compactProperty, compactVia, logOf, NoAnswer, Violation } from "./support.ts";

const meta = {
  id: "property.canaries-behind-redaction-triggers",
  description:
    "Canary tokens placed after secret words, separators, quotes, headers and CLI flags, at the very end of a text, and spelt in every encoding FC-REDACT-SENSITIVE-8 names (percent-encoding once and twice, JSON and \\x escapes, ANSI sequences, zero-width characters, wraps at columns 64 and 76, base64) never reach the reply in any spelling; each request gets a log, never an internal error.",
  requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-MANDATORY-1", "FC-REQ-11", "FC-REQ-1"],
  delta: true,
};

/** The free-text fields a context can wrap (rule and path canaries are the other properties'). */
export const CONTEXT_FIELDS: readonly TextField[] = ["message", "trace", "notes", "workerOutput", "taskSpec"];

const contextArb: fc.Arbitrary<CanaryContext> = fc.record({
  lead: fc.nat(LEADS.length - 1),
  encoding: fc.nat(ENCODINGS.length - 1),
  tail: fc.nat(TAILS.length - 1),
});

/**
 * Requests whose canaries all sit in free-text fields, each in a context. The rule, path and state-ref canaries
 * are left out, so no request may be refused with SECRET_LEAK (every one is judged), and the long message keeps
 * its plain canary (property.no-secret-leakage's cut points).
 */
export const contextModelArb: fc.Arbitrary<RequestModel> = fc
  .tuple(
    requestModelArb({ maxRounds: 3 }).map((m) => ({ ...m, long: null })),
    fc.record(
      Object.fromEntries(CONTEXT_FIELDS.map((f) => [f, contextArb])) as Record<
        TextField,
        fc.Arbitrary<CanaryContext>
      >,
    ),
  )
  .filter(([m]) => CONTEXT_FIELDS.some((f) => m.plan[f] !== undefined))
  .map(([m, contexts]) => {
    const plan = Object.fromEntries(
      CONTEXT_FIELDS.filter((f) => m.plan[f] !== undefined).map((f) => [f, m.plan[f]]),
    );
    return {
      ...m,
      plan,
      contexts: Object.fromEntries(Object.keys(plan).map((f) => [f, contexts[f as TextField]])),
    };
  });

/** Every string below `at`, keys included, with its JSON pointer (a key's is its member's). */
export function stringsAt(v: unknown, at = "", out: [string, string][] = []): [string, string][] {
  if (typeof v === "string") out.push([at, v]);
  else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stringsAt(v[i], `${at}/${i}`, out);
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      const p = `${at}/${escapeToken(k)}`;
      out.push([p, k]);
      stringsAt(x, p, out);
    }
  return out;
}

/** Each string of the reply, read through every spelling, by pointer (`/log/…` or `/error/…`, as leak.ts names them). */
function replyReadings(reply: Reply): [string, string[]][] {
  if (reply.kind === "errored") throw new NoAnswer(reply.reason);
  const strings =
    reply.kind === "result" ? stringsAt(reply.result, "/log") : stringsAt(reply.error, "/error");
  return strings.map(([p, t]) => [p, readings(t)]);
}

const describe = (c: CanaryContext): string =>
  `after ${JSON.stringify(LEADS[c.lead])}, ${ENCODINGS[c.encoding]![0]}, before ${JSON.stringify(TAILS[c.tail])}`;

export const canariesBehindTriggers: PropertyCheck = compactProperty(
  meta,
  contextModelArb,
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const reply = await compactVia(iut, request, options);
    const read = replyReadings(reply);
    for (const field of CONTEXT_FIELDS) {
      const canary = m.plan[field];
      const ctx = m.contexts?.[field];
      if (canary === undefined || ctx === undefined) continue;
      for (const piece of canaryPieces(canary)) {
        const pointers = read.filter(([, ts]) => ts.some((t) => t.includes(piece))).map(([p]) => p);
        if (pointers.length === 0) continue;
        // Named as property.no-secret-leakage names a leak: every pointer, and whether it reaches the Delta.
        const where: LeakWhere = {
          text: preview(piece, 60),
          pointers,
          inCorrectionDelta: pointers.some((p) => p.startsWith("/log/correctionDelta")),
        };
        throw new Violation(
          `the canary planted in ${field} (${describe(ctx)}) appears${piece === canary ? "" : " in part"} ${describeLeak(where)}`,
          `canary from ${field}, ${ENCODINGS[ctx.encoding]![0]}`,
        );
      }
    }
    // The request is valid and its secrets are maskable: a log, not a refusal and never INTERNAL (FC-REQ-11).
    logOf(reply, "a valid request with secrets behind redaction triggers");
  },
  (m) => ({
    notes:
      "Each canary must be absent from the reply in every spelling (decoded, with line breaks removed, inside base64); the case asserts the plain pieces.",
    assertions: Object.values(m.plan).flatMap((c) =>
      canaryPieces(c!).map((p) => ({ check: "absentText", text: p })),
    ),
  }),
);
