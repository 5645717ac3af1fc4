// FC-REPORT-8: reading report files at the edge — JSON, validated against spec/schemas/report.v1.json, plus counterexamples.
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { MatrixDocument } from "../runner/matrix.ts";
import type { CertifyReport, MutantsReport } from "../runner/types.ts";

const addFormats = addFormatsModule.default;

export type AnyReport = CertifyReport | MutantsReport;
/** Anything `report` reads: a certification or mutation report, or a matrix document (FC-MATRIX-3). */
export type AnyDocument = AnyReport | MatrixDocument;

export type LoadCode = "IO" | "INVALID_REPORT";
export type Loaded<T> = { ok: true; value: T } | { ok: false; code: LoadCode; message: string };

/** Largest report file read (a full run with every check is a few MB). */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;
/** Largest counterexample file read for inlining into the HTML page. */
export const MAX_COUNTEREXAMPLE_BYTES = 1024 * 1024;

const schemaText = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../spec/schemas/${name}`, import.meta.url)), "utf8"));

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ReturnType<Ajv2020["compile"]>>();
/** The validator of spec/schemas/<name> (the report schema known to it, for the matrix's references). */
function validatorOf(name: string): ReturnType<Ajv2020["compile"]> {
  let v = validators.get(name);
  if (v === undefined) {
    if (ajv === undefined) {
      ajv = new Ajv2020({ strict: false, allErrors: false });
      addFormats(ajv);
      ajv.addSchema(schemaText("report.v1.json"));
    }
    const schema = schemaText(name);
    v = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    validators.set(name, v);
  }
  return v;
}

function validateReport(
  doc: unknown,
  schema = "report.v1.json",
): { ok: true } | { ok: false; where: string; what: string } {
  const validator = validatorOf(schema);
  if (validator(doc)) return { ok: true };
  // With oneOf at the root, the most useful error is the deepest one that is not the oneOf itself.
  const errors = (validator.errors ?? []).filter((x) => x.keyword !== "oneOf");
  const best =
    errors.sort((a, b) => b.instancePath.length - a.instancePath.length)[0] ?? validator.errors?.[0];
  return { ok: false, where: best?.instancePath || "/", what: best?.message ?? "does not match the schema" };
}

/**
 * Parses and validates one report document. Messages name the file and a JSON pointer, never a value from
 * the document (a report may carry an implementation's output).
 */
export function parseReport(text: string, name: string): Loaded<AnyReport> {
  if (text.trim() === "")
    return { ok: false, code: "INVALID_REPORT", message: `${name} is empty; expected a JSON report` };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, code: "INVALID_REPORT", message: `${name} is not valid JSON` };
  }
  if (typeof doc !== "object" || doc === null || (doc as { reportVersion?: unknown }).reportVersion !== 1) {
    return {
      ok: false,
      code: "INVALID_REPORT",
      message: `${name} is not a conformance report v1 (write one with 'feedback-compactor certify --reporter json --out FILE')`,
    };
  }
  const v = validateReport(doc);
  if (!v.ok) {
    return {
      ok: false,
      code: "INVALID_REPORT",
      message: `${name} does not match spec/schemas/report.v1.json: at '${v.where}' ${v.what}`,
    };
  }
  return { ok: true, value: doc as AnyReport };
}

/** Parses a report or a matrix document (`"matrixVersion": 1`, validated against spec/schemas/matrix.v1.json). */
export function parseDocument(text: string, name: string): Loaded<AnyDocument> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return parseReport(text, name);
  }
  if (typeof doc !== "object" || doc === null || (doc as { matrixVersion?: unknown }).matrixVersion !== 1)
    return parseReport(text, name);
  const v = validateReport(doc, "matrix.v1.json");
  if (!v.ok)
    return {
      ok: false,
      code: "INVALID_REPORT",
      message: `${name} does not match spec/schemas/matrix.v1.json: at '${v.where}' ${v.what}`,
    };
  return { ok: true, value: doc as MatrixDocument };
}

/** Reads a report file ("-" is standard input, read by the caller and passed as `stdinText`). */
export function readReport(file: string, cwd: string, stdinText?: string): Loaded<AnyReport> {
  const r = readDocument(file, cwd, stdinText);
  if (r.ok && r.value.kind === "matrix")
    return {
      ok: false,
      code: "INVALID_REPORT",
      message: `${file === "-" ? "standard input" : file} is a matrix document, not a conformance report (show it with 'feedback-compactor report')`,
    };
  return r as Loaded<AnyReport>;
}

/** Reads a report or matrix file ("-" is standard input, read by the caller and passed as `stdinText`). */
export function readDocument(file: string, cwd: string, stdinText?: string): Loaded<AnyDocument> {
  if (file === "-") return parseDocument(stdinText ?? "", "standard input");
  const path = resolve(cwd, file);
  let text: string;
  try {
    if (statSync(path).size > MAX_REPORT_BYTES) {
      return {
        ok: false,
        code: "INVALID_REPORT",
        message: `${file} is larger than ${MAX_REPORT_BYTES / 1024 / 1024} MiB`,
      };
    }
    text = readFileSync(path, "utf8");
  } catch (e) {
    return {
      ok: false,
      code: "IO",
      message: `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? "error"})`,
    };
  }
  return parseDocument(text, file);
}

/**
 * Reads the counterexample files a report names, for inlining into its HTML page. Relative paths are taken
 * from `baseDir` (the report's directory). Missing, unreadable or over-sized files are left out; the page
 * then shows the path only.
 */
export function readCounterexamples(report: AnyReport, baseDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (report.kind !== "certification") return out;
  for (const r of report.results) {
    if (r.counterexample === undefined || r.counterexample in out) continue;
    const path = isAbsolute(r.counterexample) ? r.counterexample : resolve(baseDir, r.counterexample);
    try {
      if (statSync(path).size > MAX_COUNTEREXAMPLE_BYTES) continue;
      out[r.counterexample] = readFileSync(path, "utf8");
    } catch {
      // shown by path only
    }
  }
  return out;
}

/** The directory relative counterexample paths of a report file are taken from. */
export function reportDir(file: string, cwd: string): string {
  return file === "-" ? cwd : dirname(resolve(cwd, file));
}
