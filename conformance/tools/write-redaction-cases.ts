// FC-CASE-1: writes (or, with --check, verifies) the generated redaction cases under conformance/cases/redaction.
//
// The areas it owns: sensitive and keyed (curated, conformance/tools/redaction-cases/curated.ts), rules and visible
// (one case per record of spec/rules/redaction-rules.json, redaction-cases/rules.ts), triggers, leak-scan, paths and
// tombstone (redaction-cases/extra.ts). Every file it writes names this command in `generatedBy`.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { keyedCaseSpecs, sensitiveCaseSpecs, toCase } from "./redaction-cases/curated.ts";
import { extraCases } from "./redaction-cases/extra.ts";
import { loadRules, ruleCases, visibleCases } from "./redaction-cases/rules.ts";

const ROOT = join(import.meta.dirname, "../..");
export const REDACTION_DIR = join(ROOT, "conformance/cases/redaction");
/** The command that regenerates these files (the value of their `generatedBy`). */
export const GENERATED_BY = "npx tsx conformance/tools/write-redaction-cases.ts";
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

function ownedFiles(): string[] {
  return OWNED_AREAS.flatMap((area) => {
    const dir = join(REDACTION_DIR, area);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .map((f) => join(dir, f))
      : [];
  });
}

/**
 * With `check`, writes nothing and returns one line per file that is missing, differs or is not generated (naming the
 * command that fixes it); otherwise rewrites every owned file and returns one summary line.
 */
export function writeRedactionCases(check: boolean): string[] {
  const docs = redactionCaseDocs();
  const wanted = new Map(docs.map((d) => [fileOf(d), render(d)]));
  if (check) {
    const out: string[] = [];
    const fix = `(run: ${GENERATED_BY})`;
    for (const [file, text] of wanted) {
      if (!existsSync(file)) out.push(`missing: ${relative(ROOT, file)} ${fix}`);
      else if (readFileSync(file, "utf8") !== text) out.push(`differs: ${relative(ROOT, file)} ${fix}`);
    }
    for (const f of ownedFiles()) if (!wanted.has(f)) out.push(`not generated: ${relative(ROOT, f)} ${fix}`);
    return out;
  }
  for (const f of ownedFiles()) if (!wanted.has(f)) rmSync(f);
  for (const [file, text] of wanted) {
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
  }
  const byArea = new Map<string, number>();
  for (const d of docs) byArea.set(d.id.split(".")[1]!, (byArea.get(d.id.split(".")[1]!) ?? 0) + 1);
  return [`wrote ${docs.length} redaction cases: ${[...byArea].map(([a, n]) => `${a} ${n}`).join(", ")}`];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes("--check");
  const lines = writeRedactionCases(check);
  for (const l of lines) (check ? process.stderr : process.stdout).write(`${l}\n`);
  if (check && lines.length === 0) process.stdout.write("redaction cases up to date\n");
  process.exitCode = check && lines.length > 0 ? 1 : 0;
}
