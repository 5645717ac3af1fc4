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

/**
 * The first schema error of the last log validation as a field and a sentence (FC-ORCH-1): the field is the
 * dotted path of the member at fault (`correctionDelta.attempt`, `rootCauses[2].severity`; `log` for the whole
 * document), a missing member included. Values, and member names the schema does not know, are never quoted.
 */
export function lastLogSchemaProblem(): { field: string; message: string } {
  const e = validator("log").errors?.[0];
  if (!e) return { field: "log", message: "the log does not satisfy the schema" };
  const segments = e.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const dotted = (segs: string[]) =>
    segs.reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out === "" ? s : `${out}.${s}`), "");
  const at = dotted(segments);
  const p = e.params as Record<string, unknown>;
  if (e.keyword === "required" && typeof p.missingProperty === "string") {
    const field = dotted([...segments, p.missingProperty]);
    return { field, message: `the log does not satisfy the schema: '${field}' is missing` };
  }
  const field = at === "" ? "log" : at;
  const what =
    e.keyword === "type"
      ? `must be ${String(p.type)}`
      : e.keyword === "additionalProperties"
        ? "has a member the schema does not allow"
        : e.keyword === "enum" || e.keyword === "const"
          ? "is not one of the values the schema allows"
          : `breaks the schema's '${e.keyword}' rule`;
  return { field, message: `the log does not satisfy the schema: '${field}' ${what}` };
}

export { logSchema, requestSchema };
