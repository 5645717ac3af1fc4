// FC-LOG-1, FC-ORCH-1, FC-REQ-10: compiled JSON Schema validators (draft 2020-12, ajv).
import { Ajv2020 } from "ajv/dist/2020.js";
import logSchema from "../spec/schemas/compacted-feedback-log.v1.json" with { type: "json" };
import requestSchema from "../spec/schemas/compaction-request.v1.json" with { type: "json" };

const ajv = new Ajv2020({ allErrors: false, strict: false });
ajv.addSchema(logSchema);

export const LOG_SCHEMA_ID = logSchema.$id;
const validateLogSchema = ajv.compile(logSchema);
const validateDeltaSchema = ajv.compile({ $ref: `${logSchema.$id}#/$defs/correctionDelta` });
let validateRequestSchema: ReturnType<typeof ajv.compile> | undefined;

export function isValidLog(v: unknown): boolean {
  return validateLogSchema(v) as boolean;
}

export function isValidDelta(v: unknown): boolean {
  return validateDeltaSchema(v) as boolean;
}

/** The request schema as data; the hand-written validator (src/request/validate.ts) is the normative check. */
export function isValidRequestBySchema(v: unknown): boolean {
  validateRequestSchema ??= ajv.compile(requestSchema); // only tests and tools need it: compiled on first use
  return validateRequestSchema(v) as boolean;
}

/** First schema error of the last log validation, as a JSON pointer and keyword (never values). */
export function lastLogSchemaError(): string {
  const e = validateLogSchema.errors?.[0];
  return e ? `${e.instancePath || "/"} ${e.keyword}` : "unknown";
}

export { logSchema, requestSchema };
