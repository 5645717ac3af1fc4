// FC-POLICY-ACCEPT-1..9: accepting a compaction result: identity, shape, one-message summary (seed 002).
import { err, ok, type Result } from "../errors.ts";
import { type RequestFingerprintInput, requestFingerprint } from "./fingerprint.ts";
import { has, isObject, type JsonObject, unknownMember } from "./shape.ts";
import { COUNTER_CAPABILITIES, type CounterCapability } from "./validate.ts";

export type RejectionReason =
  | "shape_mismatch"
  | "basis_mismatch"
  | "model_mismatch"
  | "fingerprint_mismatch"
  | "empty_summary"
  | "multiple_messages"
  | "not_user_role"
  | "not_text";

/** FC-POLICY-ACCEPT-8: fixed texts; a rejection never carries a byte of the result. */
export const REJECTION_MESSAGES: Readonly<Record<RejectionReason, string>> = {
  shape_mismatch: "the compaction result does not have the requested output shape",
  basis_mismatch: "the compaction result was produced for a different context basis",
  model_mismatch: "the compaction result was produced by a different model",
  fingerprint_mismatch: "the compaction result carries a different request fingerprint",
  empty_summary: "the summary is empty",
  multiple_messages: "the summary must be exactly one message",
  not_user_role: "the summary message must have the user role",
  not_text: "the summary message must contain text only",
};

export interface CompactionRequestIdentity extends RequestFingerprintInput {
  outputShape: string;
}

export interface AcceptedSummary {
  accepted: true;
  fingerprint: string;
  summary: { role: "user"; text: string };
}

export type AcceptStep = (request: CompactionRequestIdentity, result: JsonObject) => RejectionReason | null;

const reject = (reason: RejectionReason) =>
  err("SUMMARY_REJECTED", REJECTION_MESSAGES[reason], { field: reason });

const REQUEST_STRINGS = [
  "systemRevision",
  "toolRevision",
  "runtimeRevision",
  "model",
  "basis",
  "outputShape",
] as const;
const REQUEST_MEMBERS = [...REQUEST_STRINGS, "requestCounter", "summaryCounter"];
const RESULT_MEMBERS = ["basis", "model", "fingerprint", "shape", "messages"];

/** FC-POLICY-ACCEPT-1: the harness's side of the document; a malformed request is INVALID_REQUEST. */
export function parseRequest(doc: unknown): Result<CompactionRequestIdentity> {
  const bad = (field: string, message: string) => err("INVALID_REQUEST", message, { field });
  if (!isObject(doc))
    return bad("document", "the summary.accept document must be a JSON object {request, result}");
  // FC-POLICY-ACCEPT-10 (reference): the envelope is closed; ACCEPT-1 would let an extra member be ignored.
  if (unknownMember(doc, ["request", "result"]) !== undefined) {
    return bad("document", "the summary.accept document has an unknown member; allowed: request, result");
  }
  const r = doc.request;
  if (!isObject(r)) return bad("request", "'request' must be a JSON object");
  if (unknownMember(r, REQUEST_MEMBERS) !== undefined) {
    return bad("request", `'request' has an unknown member; allowed: ${REQUEST_MEMBERS.join(", ")}`);
  }
  for (const f of REQUEST_STRINGS) {
    if (typeof r[f] !== "string" || r[f] === "") return bad(f, `'request.${f}' must be a nonempty string`);
  }
  for (const f of ["requestCounter", "summaryCounter"]) {
    if (!COUNTER_CAPABILITIES.includes(r[f] as CounterCapability)) {
      return bad(f, `'request.${f}' must be "exact", "conservative" or "heuristic"`);
    }
  }
  if (!has(doc, "result")) return bad("result", "the member 'result' is missing");
  return ok(r as unknown as CompactionRequestIdentity);
}

const isPart = (p: unknown) => isObject(p) && typeof p.type === "string";
const isMessage = (m: unknown) =>
  isObject(m) &&
  typeof m.role === "string" &&
  (typeof m.content === "string" || (Array.isArray(m.content) && m.content.every(isPart)));

/** FC-POLICY-ACCEPT-2: the result's structure and declared shape. */
export const checkShape: AcceptStep = (request, result) => {
  const wellFormed =
    unknownMember(result, RESULT_MEMBERS) === undefined &&
    ["basis", "model", "fingerprint", "shape"].every((f) => typeof result[f] === "string") &&
    Array.isArray(result.messages) &&
    result.messages.every(isMessage);
  return wellFormed && result.shape === request.outputShape ? null : "shape_mismatch";
};

/** FC-POLICY-ACCEPT-3..5: identity, in the order basis, model, fingerprint. */
export const checkBasis: AcceptStep = (q, r) => (r.basis === q.basis ? null : "basis_mismatch");
export const checkModel: AcceptStep = (q, r) => (r.model === q.model ? null : "model_mismatch");
export const checkFingerprint: AcceptStep = (q, r) =>
  r.fingerprint === requestFingerprint(q) ? null : "fingerprint_mismatch";

type Message = { role: string; content: string | JsonObject[] };

const messagesOf = (r: JsonObject) => r.messages as Message[];
const textOf = (m: Message) =>
  typeof m.content === "string"
    ? m.content
    : m.content.map((p) => (typeof p.text === "string" ? p.text : "")).join("");

/** FC-POLICY-ACCEPT-6: exactly one nonempty user text message. */
export const checkCount: AcceptStep = (_q, r) =>
  messagesOf(r).length === 0 ? "empty_summary" : messagesOf(r).length > 1 ? "multiple_messages" : null;
export const checkRole: AcceptStep = (_q, r) => (messagesOf(r)[0]?.role === "user" ? null : "not_user_role");
export const checkText: AcceptStep = (_q, r) => {
  const c = messagesOf(r)[0]?.content;
  const textOnly =
    typeof c === "string" ||
    (Array.isArray(c) && c.every((p) => p.type === "text" && typeof p.text === "string"));
  return textOnly ? null : "not_text";
};
export const checkNonempty: AcceptStep = (_q, r) => {
  const m = messagesOf(r)[0];
  return m !== undefined && textOf(m).trim().length > 0 ? null : "empty_summary";
};

/** FC-POLICY-ACCEPT-7: the checks in order; the first that fails is the one reported. */
export const ACCEPT_STEPS: readonly AcceptStep[] = [
  checkShape,
  checkBasis,
  checkModel,
  checkFingerprint,
  checkCount,
  checkRole,
  checkText,
  checkNonempty,
];

/** The whole summary.accept document → the accepted summary, or one typed rejection. */
export function acceptDocument(
  doc: unknown,
  steps: readonly AcceptStep[] = ACCEPT_STEPS,
): Result<AcceptedSummary> {
  const request = parseRequest(doc);
  if (!request.ok) return request;
  const result = (doc as JsonObject).result;
  if (!isObject(result)) return reject("shape_mismatch");
  for (const step of steps) {
    const reason = step(request.value, result);
    if (reason !== null) return reject(reason);
  }
  const message = messagesOf(result)[0]!;
  return ok({
    accepted: true,
    fingerprint: requestFingerprint(request.value),
    summary: { role: "user", text: textOf(message) },
  });
}
