// FC-LOG-1, FC-ORCH-1, FC-REQ-10: compiled JSON Schema validators (draft 2020-12, ajv).
import { Ajv2020 } from "ajv/dist/2020.js";
import logSchema from "../spec/schemas/compacted-feedback-log.v1.json" with { type: "json" };
import requestSchema from "../spec/schemas/compaction-request.v1.json" with { type: "json" };

type Validator = ReturnType<Ajv2020["compile"]>;

export const LOG_SCHEMA_ID = logSchema.$id;

// Each validator is compiled on first use: most runs need none of them (a compact without priorDelta), and
// compiling all three costs more than the rest of the CLI's start.
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, Validator>();
function validator(key: "log" | "delta" | "request"): Validator {
  let v = compiled.get(key);
  if (v === undefined) {
    if (ajv === undefined) {
      ajv = new Ajv2020({ allErrors: false, strict: false });
      ajv.addSchema(logSchema);
    }
    v =
      key === "log"
        ? ajv.getSchema(logSchema.$id)!
        : key === "delta"
          ? ajv.compile({ $ref: `${logSchema.$id}#/$defs/correctionDelta` })
          : ajv.compile(requestSchema);
    compiled.set(key, v);
  }
  return v;
}

export function isValidLog(v: unknown): boolean {
  return validator("log")(v) as boolean;
}

export function isValidDelta(v: unknown): boolean {
  return validator("delta")(v) as boolean;
}

/** The request schema as data; the hand-written validator (src/request/validate.ts) is the normative check. */
export function isValidRequestBySchema(v: unknown): boolean {
  return validator("request")(v) as boolean;
}

/** First schema error of the last log validation, as a JSON pointer and keyword (never values). */
export function lastLogSchemaError(): string {
  const e = validator("log").errors?.[0];
  return e ? `${e.instancePath || "/"} ${e.keyword}` : "unknown";
}

export { logSchema, requestSchema };
