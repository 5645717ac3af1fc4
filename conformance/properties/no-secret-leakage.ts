// FC-REDACT-MANDATORY-1, FC-SCAN-1, FC-ERR-3: planted canary secrets never reach the reply, log or error.
import fc from "fast-check";
import type { PropertyCheck, Reply } from "../iut.ts";
import {
  canariesOf,
  githubTokenArb,
  type RequestModel,
  requestModelArb,
  TEXT_FIELDS,
  toRequest,
} from "./arbitraries.ts";
import { describeLeak, leakWhere } from "../runner/leak.ts";
import { compactProperty, compactVia, logOf, NoAnswer, Refused, Violation } from "./support.ts";

const meta = {
  id: "property.no-secret-leakage",
  description:
    "Canary secrets planted in every text field never appear in the reply; one planted in the verbatim-copied state ref is refused with SECRET_LEAK or stays in sourceWindow.canonicalStateRef alone.",
  requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1", "FC-ERR-3", "FC-TRIM-2", "FC-ORCH-5", "FC-CASE-14"],
  delta: true,
};

/** Requests with at least one canary, and one in five with a canary in canonicalState.ref as well. */
export const leakModelArb: fc.Arbitrary<RequestModel> = fc
  .tuple(
    requestModelArb().filter((m) => Object.keys(m.plan).length > 0),
    fc.option(githubTokenArb, { freq: 4, nil: undefined }),
  )
  .map(([m, ref]) => (ref === undefined ? m : { ...m, refCanary: ref }));

/** The pieces of a canary that must not leak: the whole value and its first 12 characters (a cut-off prefix). */
const needles = (canary: string) => [canary, canary.slice(0, 12)];
/** Where a log copies canonicalState.ref verbatim (FC-LOG-4). */
const REF_COPY = "/log/sourceWindow/canonicalStateRef";

function bodyText(reply: Reply): string {
  if (reply.kind === "result") return JSON.stringify({ log: reply.result });
  if (reply.kind === "error") return JSON.stringify({ error: reply.error });
  throw new NoAnswer(reply.reason);
}

export const noSecretLeakage: PropertyCheck = compactProperty(
  meta,
  leakModelArb,
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const reply = await compactVia(iut, request, options);
    const text = bodyText(reply);
    let body: unknown;
    const where = (n: string) => {
      if (body === undefined) body = JSON.parse(text);
      return leakWhere(body, n, "");
    };
    // A needle that the ref's own canary holds too (two tokens of one provider share their first 12 characters) may
    // stand in sourceWindow.canonicalStateRef, the ref's verbatim copy: there it is the ref's, not a text field's.
    const refCopyOnly = (n: string) =>
      reply.kind === "result" &&
      m.refCanary?.includes(n) === true &&
      where(n).pointers.every((p) => p === REF_COPY);
    for (const field of TEXT_FIELDS) {
      const canary = m.plan[field];
      const hit =
        canary === undefined ? undefined : needles(canary).find((n) => text.includes(n) && !refCopyOnly(n));
      if (hit !== undefined) {
        // Name every pointer where it appears and whether it reaches the Delta (FC-CERT-15).
        const at = where(hit);
        throw new Violation(
          `the canary planted in ${field} appears ${describeLeak(at)}`,
          `canary from ${field} in the ${reply.kind === "error" ? "error" : at.inCorrectionDelta ? "Delta" : "envelope"}`,
        );
      }
    }
    if (m.refCanary !== undefined) {
      // canonicalState.ref is copied verbatim into the envelope (FC-LOG-4, FC-REDACT-UNTOUCHED-1), never into the
      // Delta. Two answers are safe (FC-SCAN-1, FC-SCAN-2): refuse with SECRET_LEAK, or a log whose only copy of the
      // ref is sourceWindow.canonicalStateRef. An error never repeats it.
      for (const n of needles(m.refCanary)) {
        if (!text.includes(n)) continue;
        const at = where(n);
        const elsewhere = at.pointers.filter((p) => p !== REF_COPY);
        if (reply.kind === "error" || elsewhere.length > 0)
          throw new Violation(
            `the canary in canonicalState.ref appears ${describeLeak(at)}`,
            `canary from canonicalState.ref in the ${reply.kind === "error" ? "error" : at.inCorrectionDelta ? "Delta" : "envelope"}`,
          );
      }
      if (reply.kind === "error" && reply.error.code === "INVALID_REQUEST")
        throw new Refused(reply.error.code);
      if (reply.kind === "error" && reply.error.code !== "SECRET_LEAK")
        throw new Violation(
          `a request with a secret in canonicalState.ref was refused with ${reply.error.code}, neither compacted nor SECRET_LEAK`,
        );
      if (reply.kind === "result") logOf(reply, "a valid request with secrets to mask");
      return;
    }
    logOf(reply, "a valid request with secrets to mask");
  },
  (m) => {
    const assertions = canariesOf(m).flatMap((c) =>
      needles(c).map((n) => ({ check: "absentText", text: n })),
    );
    if (m.refCanary === undefined) return { assertions };
    const ref = needles(m.refCanary);
    return {
      assertions,
      anyOf: [
        { error: { code: "SECRET_LEAK" }, assertions: ref.map((n) => ({ check: "absentText", text: n })) },
        {
          assertions: ref.flatMap((n) => [
            { check: "absentText", text: n, pointer: "/correctionDelta" },
            { check: "equals", pointer: "/sourceWindow/canonicalStateRef", value: m.refCanary },
          ]),
        },
      ],
    };
  },
);
