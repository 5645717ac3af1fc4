// FC-CASE-1, FC-CASE-13: conformance/cases/compact as the authoring modules make it (written by `npm run regen`).
//
// The JSON files are the product: data any language can load. This script is how they are authored. Expectations
// are written by hand in compact-cases/*.ts from spec/SPEC.md; ids come from the spec formulas in finding-id.ts.
// The one exception is the byte-exact profile: a case whose `bytes` is left empty is pinned to the reference's
// canonical Delta when the file is first written, and never re-pinned silently afterwards (`npm run regen -- --repin`).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { specRequirements } from "../runner/lint.ts";
import { type CaseDoc, compactCases, SAME_BYTES_AS } from "./compact-cases/index.ts";

export const ROOT = join(import.meta.dirname, "../..");
export const CASES_DIR = join(ROOT, "conformance/cases");
export const COMPACT_DIR = join(CASES_DIR, "compact");

const ID_PATTERN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;

/** Requirement ids defined in spec/*.md (the one parser: conformance/runner/lint.ts). */
export function specRequirementIds(dir = join(ROOT, "spec")): Set<string> {
  return new Set(specRequirements(dir).defined.keys());
}

export function fileOf(doc: CaseDoc): string {
  const [, area, claim] = doc.id.split(".") as [string, string, string];
  return join(COMPACT_DIR, area, `${claim}.json`);
}

/** Pretty JSON that keeps short or deep values on one line (a 2000-level nest stays small). */
export function formatJson(value: unknown, indent = "", depth = 0): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== "object" || flat.length + indent.length <= 100 || depth >= 12)
    return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => inner + formatJson(v, inner, depth + 1)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner, depth + 1)}`).join(",\n")}\n${indent}}`;
}

function problems(docs: CaseDoc[]): string[] {
  const out: string[] = [];
  const known = specRequirementIds();
  const seen = new Set<string>();
  for (const d of docs) {
    if (!ID_PATTERN.test(d.id) || d.id.split(".").length !== 3)
      out.push(`${d.id}: id must be compact.<area>.<claim>`);
    if (seen.has(d.id)) out.push(`${d.id}: duplicate id`);
    seen.add(d.id);
    for (const r of d.requirements) if (!known.has(r)) out.push(`${d.id}: ${r} is not defined in spec/*.md`);
    if (d.profile === "byte-exact" && d.expect!.bytes === undefined)
      out.push(`${d.id}: byte-exact case without bytes`);
  }
  return out;
}

async function referenceBytes(doc: CaseDoc): Promise<string> {
  const { compact, sharedTokenizer } = await import("../../src/index.ts");
  const input = JSON.parse(JSON.stringify(doc.input ?? {})) as {
    request: unknown;
    options: { budgetTokens?: number };
  };
  const r = compact(input.request, { tokenizer: sharedTokenizer(), ...input.options });
  if (!r.ok) throw new Error(`${doc.id}: the reference refused a byte-exact case (${r.error.code})`);
  return r.value.deltaText;
}

/** The documents as they are to be on disk; pinned bytes are taken from the existing files unless `repin`. */
export async function buildDocs(opts: { repin?: boolean } = {}): Promise<CaseDoc[]> {
  const docs: CaseDoc[] = JSON.parse(JSON.stringify(compactCases));
  const byId = new Map(docs.map((d) => [d.id, d]));
  for (const d of docs) {
    if (d.profile !== "byte-exact" || d.expect!.bytes !== "" || SAME_BYTES_AS[d.id]) continue;
    const file = fileOf(d);
    const pinned =
      !opts.repin && existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as CaseDoc).expect?.bytes
        : undefined;
    d.expect!.bytes = pinned ?? (await referenceBytes(d));
  }
  for (const [id, source] of Object.entries(SAME_BYTES_AS)) {
    const d = byId.get(id);
    const s = byId.get(source);
    if (!d || !s) throw new Error(`SAME_BYTES_AS names an unknown case: ${id} -> ${source}`);
    d.expect!.bytes = s.expect!.bytes!;
  }
  const bad = problems(docs);
  if (bad.length > 0) throw new Error(`case authoring problems:\n  ${bad.join("\n  ")}`);
  return docs.map(({ id, ...rest }) => ({
    id,
    generatedBy: "npm run regen (authored in conformance/tools/compact-cases/)",
    ...rest,
  }));
}

/**
 * The area directories this script owns (conformance/cases/compact/<area>). Other areas under compact/ (for
 * example stage1-raw) belong to other authors and are never touched.
 */
export function authoredAreas(docs: CaseDoc[] = compactCases): string[] {
  return [...new Set(docs.map((d) => d.id.split(".")[1]!))];
}
