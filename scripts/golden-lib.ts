// Golden cases: loading inputs and computing the reference's output (shared by the regen script and the test).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { sharedTokenizer } from "../src/adapters/tiktoken.ts";
import { compact } from "../src/pipeline/compact.ts";

export const GOLDEN_DIR = new URL("../golden/", import.meta.url).pathname;
export const CASES_DIR = join(GOLDEN_DIR, "cases");
export const EXPECTED_DIR = join(GOLDEN_DIR, "expected");

export interface GoldenCase {
  path: string;
  id: string;
  description: string;
  requirements: string[];
  options?: { budgetTokens?: number };
  request: unknown;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
    )
    .sort();
}

export function loadGoldenCases(): GoldenCase[] {
  return walk(CASES_DIR).map((file) => ({
    ...(JSON.parse(readFileSync(file, "utf8")) as Omit<GoldenCase, "path">),
    path: relative(CASES_DIR, file),
  }));
}

/** The reference's output for a case, as the pretty JSON text stored in golden/expected. */
export function goldenOutput(c: GoldenCase): string {
  const r = compact(c.request, { tokenizer: sharedTokenizer(), ...(c.options ?? {}) });
  const generatedBy = "npm run regen (the reference's output for golden/cases; never hand-edit)";
  const doc = r.ok
    ? { id: c.id, generatedBy, log: r.value.log, delta: r.value.deltaText }
    : { id: c.id, generatedBy, error: r.error };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
