// FC-CASE-1: which spec requirement ids the case library covers; exit 1 when one is uncovered.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { specRequirements } from "../runner/lint.ts";

const ROOT = join(import.meta.dirname, "../..");

/**
 * Requirements no protocol case can observe, with where they are checked instead. Keep this list short and
 * honest: an entry here is a gap in what `certify` can say about a third-party implementation.
 */
export const NOT_OBSERVABLE_THROUGH_THE_PROTOCOL: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      "FC-AUDIT-3",
      "FC-AUDIT-4",
      "FC-AUDIT-5",
      "FC-AUDIT-6",
      "FC-AUDIT-7",
      "FC-AUDIT-8",
      "FC-AUDIT-9",
      "FC-AUDIT-10",
    ].map((id) => [
      id,
      "the Audit Log file (fsync, hash chain, torn tails, locking, `audit verify`) belongs to the reference's store, " +
        "not to the compact reply; checked by the unit tests of src/audit",
    ]),
  ),
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => `FC-CLI-${i + 1}`).map((id) => [
      id,
      "the reference's command line, not the protocol; checked by the CLI tests under src/cli",
    ]),
  ),
};

function caseFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? caseFiles(p) : n.endsWith(".json") ? [p] : [];
  });
}

/** Requirement ids defined in one spec file (the one parser: conformance/runner/lint.ts). */
export function definedIds(specFile: string): string[] {
  const all = specRequirements(dirname(specFile)).requirements;
  return [...all.values()]
    .filter((r) => r.file === join(dirname(specFile), basename(specFile)))
    .map((r) => r.id);
}

export interface CoverageReport {
  /** requirement id → ids of the cases citing it */
  citedBy: Record<string, string[]>;
  uncovered: string[];
  exempt: string[];
}

export function coverage(
  specFile = join(ROOT, "spec/SPEC.md"),
  casesDir = join(ROOT, "conformance/cases"),
): CoverageReport {
  const citedBy: Record<string, string[]> = {};
  for (const id of definedIds(specFile)) citedBy[id] = [];
  for (const file of caseFiles(casesDir)) {
    const doc = JSON.parse(readFileSync(file, "utf8")) as { id?: string; requirements?: string[] };
    for (const r of doc.requirements ?? []) citedBy[r]?.push(doc.id ?? file);
  }
  const ids = Object.keys(citedBy);
  const exempt = ids.filter((id) => citedBy[id]!.length === 0 && id in NOT_OBSERVABLE_THROUGH_THE_PROTOCOL);
  const uncovered = ids.filter(
    (id) => citedBy[id]!.length === 0 && !(id in NOT_OBSERVABLE_THROUGH_THE_PROTOCOL),
  );
  return { citedBy, uncovered, exempt };
}

function main(argv: string[]): number {
  const spec = argv[0] ?? join(ROOT, "spec/SPEC.md");
  const r = coverage(spec);
  const ids = Object.keys(r.citedBy);
  for (const id of ids) {
    const n = r.citedBy[id]!.length;
    const mark =
      n > 0
        ? `${String(n).padStart(3)} case(s)`
        : id in NOT_OBSERVABLE_THROUGH_THE_PROTOCOL
          ? "  exempt"
          : "  UNCOVERED";
    process.stdout.write(`${id.padEnd(26)} ${mark}\n`);
  }
  for (const id of r.exempt) process.stdout.write(`\n${id}: ${NOT_OBSERVABLE_THROUGH_THE_PROTOCOL[id]}\n`);
  process.stdout.write(
    `\n${ids.length - r.uncovered.length - r.exempt.length}/${ids.length} covered, ${r.exempt.length} exempt, ${r.uncovered.length} uncovered\n`,
  );
  return r.uncovered.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
