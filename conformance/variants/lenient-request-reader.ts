// FC-REQ-13..16 and FC-POLICY-ACCEPT-10 settled otherwise (FC-REQ-1, FC-POLICY-ACCEPT-1 leniency): a request the
// reference refuses for its own strictness is read leniently — unknown members ignored, ill-typed optional members
// dropped, untrusted annotations defaulted.
import { scanForLeaks } from "../../src/redact/index.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { checkDeltaSchema } from "../oracle/schemas.ts";
import type { ProtocolHandler } from "../iut.ts";
import { clone, isObj, type Json, mapStrings, recount, type VariantModule } from "./support.ts";

const KEYS = {
  request: ["taskSpec", "canonicalState", "rounds", "priorDelta"],
  state: ["ref", "repoRoot", "overwritten"],
  range: ["path", "startLine", "endLine", "sinceRound"],
  round: ["index", "ts", "workerTrace", "verifierVerdict"],
  trace: ["tool", "output", "raw"],
  verdict: ["status", "findings", "notes", "artifacts"],
  finding: [
    "id",
    "rule",
    "message",
    "location",
    "severity",
    "firstObservedIn",
    "lastObservedIn",
    "status",
    "trace",
    "keepForContext",
  ],
  location: ["path", "startLine", "endLine"],
} as const;

/** Only the members the schema defines (so `__proto__` and typos are data that is dropped, never read). */
function known(o: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
}

const ID = /^[A-Za-z0-9._:#/-]{1,128}$/;
const ABSOLUTE = /^(?:\/|[A-Za-z]:\\)/;
const pos = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 1;

/**
 * The request as a lenient reader understands it, and the placeholders it used for values the reference cannot
 * carry (they are put back into the log): an empty ref, an id outside the reference's pattern, an empty rule.
 */
function lenient(request: Json): { request: Json; back: Map<string, string> } {
  const back = new Map<string, string>();
  const stand = (value: string, kind: string) => {
    const p = `lenient.${kind}.${back.size}.end`;
    back.set(p, value);
    return p;
  };
  const out = known(request, KEYS.request);
  if (!Object.hasOwn(out, "taskSpec")) out.taskSpec = null;
  // A prior Delta that is not one cannot be a stall (FC-REQ-10): it is ignored.
  if (out.priorDelta !== undefined && out.priorDelta !== null && !checkDeltaSchema(out.priorDelta).ok)
    delete out.priorDelta;
  if (isObj(out.canonicalState)) {
    const st = known(out.canonicalState, KEYS.state);
    if (st.ref === "") st.ref = stand("", "ref");
    if (typeof st.repoRoot !== "string" || !ABSOLUTE.test(st.repoRoot)) delete st.repoRoot;
    if (Array.isArray(st.overwritten))
      st.overwritten = st.overwritten
        .filter((r) => isObj(r) && typeof r.path === "string" && pos(r.startLine) && pos(r.endLine))
        .map((r) => known(r as Json, KEYS.range));
    else delete st.overwritten;
    out.canonicalState = st;
  }
  if (Array.isArray(out.rounds)) {
    out.rounds = out.rounds.map((r) => {
      if (!isObj(r)) return r;
      const round = known(r, KEYS.round);
      if (typeof round.ts !== "string") round.ts = "";
      round.workerTrace = Array.isArray(round.workerTrace)
        ? round.workerTrace
            .filter((t) => isObj(t) && typeof t.tool === "string" && typeof t.output === "string")
            .map((t) => known(t as Json, KEYS.trace))
        : [];
      if (isObj(round.verifierVerdict)) {
        const v = known(round.verifierVerdict, KEYS.verdict);
        if (typeof v.notes !== "string") delete v.notes;
        if (Array.isArray(v.findings))
          v.findings = v.findings.map((f) => (isObj(f) ? finding(f, round.index, stand) : f));
        round.verifierVerdict = v;
      }
      return round;
    });
  }
  return { request: out, back };
}

function finding(f: Json, index: unknown, stand: (v: string, kind: string) => string): Json {
  const out = known(f, KEYS.finding);
  if (typeof out.id === "string" && !ID.test(out.id)) out.id = stand(out.id, "id");
  if (out.rule === "") out.rule = stand("", "rule");
  if (isObj(out.location)) out.location = known(out.location, KEYS.location);
  if (!["error", "warning", "info"].includes(out.severity as string)) delete out.severity;
  if (!["open", "resolved", "superseded"].includes(out.status as string)) delete out.status;
  if (out.trace !== null && typeof out.trace !== "string") delete out.trace;
  if (typeof out.keepForContext !== "boolean") delete out.keepForContext;
  // The Verifier's annotations are trusted when they can be; ones the log schema cannot carry take the defaults.
  const first = out.firstObservedIn;
  const last = out.lastObservedIn;
  const consistent =
    (first === undefined || pos(first)) &&
    (last === undefined || pos(last)) &&
    (first === undefined || last === undefined || (first as number) <= (last as number)) &&
    (typeof index !== "number" || last === undefined || (last as number) <= index) &&
    (typeof index !== "number" || first === undefined || (first as number) <= index);
  if (!consistent) {
    delete out.firstObservedIn;
    delete out.lastObservedIn;
  }
  return out;
}

const variant: VariantModule = {
  id: "lenient-request-reader",
  description:
    "reads leniently what the reference refuses for its own strictness: unknown members (of a request, of a summary.accept document and of its result), a missing taskSpec, ill-typed optional members, an unknown option, inconsistent annotations",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-REQ-13", "FC-REQ-15", "FC-REQ-16", "FC-POLICY-ACCEPT-10"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const reply = await reference(cmd, message);
      // FC-POLICY-ACCEPT-2: a result's members besides its five are ignored.
      if (
        cmd === "summary.accept" &&
        isObj(reply.error) &&
        reply.error.code === "SUMMARY_REJECTED" &&
        reply.error.field === "shape_mismatch" &&
        isObj(message.input) &&
        isObj(message.input.result)
      ) {
        const result = known(message.input.result, ["basis", "model", "fingerprint", "shape", "messages"]);
        return reference(cmd, { ...message, input: { ...message.input, result } });
      }
      if (!isObj(reply.error) || reply.error.code !== "INVALID_REQUEST") return reply;
      // FC-POLICY-ACCEPT-1: a summary.accept document's members besides request and result are ignored.
      if (cmd === "summary.accept" && reply.error.field === "document" && isObj(message.input))
        return reference(cmd, { ...message, input: known(message.input, ["request", "result"]) });
      if (cmd !== "compact") return reply;
      if (!isObj(message.request)) return reply;
      const { request, back } = lenient(clone(message.request));
      const options = isObj(message.options) ? known(message.options, ["budgetTokens"]) : {};
      const again = await reference(cmd, { ...message, request, options });
      if (!isObj(again.log)) return reply;
      const log = mapStrings(again.log, (s) => {
        let t = s;
        for (const [p, v] of back) t = t.replaceAll(p, v);
        return t;
      }) as Json;
      // A value put back may be text the reference never scanned (an id): the last line of defence runs again.
      if (scanForLeaks(canonicalJson(log.correctionDelta)).length > 0)
        return { error: { code: "SECRET_LEAK", message: "the post-render scan matched; output blocked" } };
      return recount(log) ? { ...again, log } : reply;
    },
};
export default variant;
