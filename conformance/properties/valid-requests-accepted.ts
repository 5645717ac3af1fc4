// FC-CERT-19, FC-REQ-1, FC-PROTO-6: a generated valid request is compacted, not refused — the refusal reported once.
import type { PropertyCheck } from "../iut.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { compactProperty, compactVia, mayFailClosed, NoAnswer, Violation } from "./support.ts";

const meta = {
  id: "property.valid-requests-accepted",
  description:
    "Every generated request is valid, so each is compacted into a log; the other properties judge only the requests an implementation accepts.",
  requirements: ["FC-REQ-1", "FC-PROTO-6"],
  // Whether a request is answered or refused needs no envelope: it runs against delta-only implementations too.
  delta: true,
};

export const validRequestsAccepted: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const reply = await compactVia(iut, request, options);
    if (reply.kind === "errored") throw new NoAnswer(reply.reason);
    // Failing closed on a secret in a rule, a path or the state ref is a safe answer (FC-REDACT-MANDATORY-1).
    if (reply.kind === "error" && reply.error.code === "SECRET_LEAK" && mayFailClosed(m)) return;
    if (reply.kind === "error")
      throw new Violation(
        `a valid request was refused with ${reply.error.code}`,
        `refused ${reply.error.code}`,
      );
  },
  () => ({ notes: "The request is valid (spec/SPEC.md §2): the reply must be a log, not an error." }),
);
