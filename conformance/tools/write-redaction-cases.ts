// FC-CASE-1, FC-CASE-13: the generated redaction cases under conformance/cases/redaction (written by npm run regen).
//
// The areas it owns: sensitive and keyed (curated, conformance/tools/redaction-cases/curated.ts), rules and visible
// (one case per record of spec/rules/redaction-rules.json, redaction-cases/rules.ts), triggers, leak-scan, paths and
// tombstone (redaction-cases/extra.ts). Every file names the command in `generatedBy`.
import { join } from "node:path";
import { edgeCaseSpecs, keyedCaseSpecs, sensitiveCaseSpecs, toCase } from "./redaction-cases/curated.ts";
import { extraCases } from "./redaction-cases/extra.ts";
import { loadRules, ruleCases, visibleCases } from "./redaction-cases/rules.ts";

const ROOT = join(import.meta.dirname, "../..");
export const REDACTION_DIR = join(ROOT, "conformance/cases/redaction");
/** The command that regenerates these files (the value of their `generatedBy`). */
export const GENERATED_BY = "npm run regen (conformance/tools/write-redaction-cases.ts)";
/** The areas under conformance/cases/redaction this script owns; others (idempotence) are written by hand. */
export const OWNED_AREAS = [
  "sensitive",
  "keyed",
  "rules",
  "visible",
  "triggers",
  "leak-scan",
  "paths",
  "tombstone",
];

type Doc = Record<string, unknown> & { id: string };

/** The case documents, each with `generatedBy` after its command. */
export function redactionCaseDocs(): Doc[] {
  const rules = loadRules();
  const docs = [
    ...sensitiveCaseSpecs().map((s) => toCase(s, "sensitive")),
    ...keyedCaseSpecs().map((s) => toCase(s, "keyed")),
    ...edgeCaseSpecs().map((s) => toCase(s, "sensitive")),
    ...ruleCases(rules),
    ...visibleCases(rules),
    ...extraCases(),
  ] as Doc[];
  const ids = new Set<string>();
  return docs.map((d) => {
    if (ids.has(d.id)) throw new Error(`duplicate redaction case id ${d.id}`);
    ids.add(d.id);
    const { id, description, requirements, profile, command, ...rest } = d;
    return { id, description, requirements, profile, command, generatedBy: GENERATED_BY, ...rest } as Doc;
  });
}

export function fileOf(doc: Doc): string {
  const [, area, claim] = doc.id.split(".") as [string, string, string];
  return join(REDACTION_DIR, area, `${claim}.json`);
}

const render = (doc: Doc) => `${JSON.stringify(doc, null, 2)}\n`;

/** What `npm run regen` writes here: every generated redaction case, file path → text. */
export function redactionCaseFiles(): Map<string, string> {
  return new Map(redactionCaseDocs().map((d) => [fileOf(d), render(d)]));
}
