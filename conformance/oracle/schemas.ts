// FC-LOG-1, FC-ORCH-1: the suite's validators for the log and the Delta, compiled from spec/schemas/ with its own ajv.
import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";

const LOG_SCHEMA = JSON.parse(
  readFileSync(new URL("../../spec/schemas/compacted-feedback-log.v1.json", import.meta.url), "utf8"),
) as { $id: string };

const ajv = new Ajv2020({ strict: false, allErrors: false });
ajv.addSchema(LOG_SCHEMA);
const logValidator = ajv.getSchema(LOG_SCHEMA.$id)!;
const deltaValidator = ajv.getSchema(`${LOG_SCHEMA.$id}#/$defs/correctionDelta`)!;

export type SchemaCheck = { ok: true } | { ok: false; pointer: string; keyword: string };

function check(validate: typeof logValidator, value: unknown): SchemaCheck {
  if (validate(value)) return { ok: true };
  const e: ErrorObject | undefined = validate.errors?.[0];
  return { ok: false, pointer: e?.instancePath || "/", keyword: e?.keyword ?? "?" };
}

/** Does `value` satisfy compacted-feedback-log.v1.json? */
export const checkLogSchema = (value: unknown): SchemaCheck => check(logValidator, value);

/** Does `value` satisfy the schema's `correctionDelta` definition? */
export const checkDeltaSchema = (value: unknown): SchemaCheck => check(deltaValidator, value);
