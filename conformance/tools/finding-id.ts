// FC-ID-1, FC-STAGE5-4: the spec's id formulas, computed independently of src/ so case expectations are reproducible.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { canonicalJson } from "../oracle/canonical-json.ts";

const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * FC-ID-1: `"f-" + hex(SHA-256(canonical([rule, path, normMessage, occurrence])))[0..16]`.
 * `normMessage` is written by the case author from FC-ID-2 (volatile tokens masked, white space collapsed);
 * this function does not normalise anything itself.
 */
export function computedFindingId(
  rule: string,
  path: string | null,
  normMessage: string,
  occurrence = 0,
): string {
  return `f-${sha256Hex(canonicalJson([rule, path, normMessage, occurrence])).slice(0, 16)}`;
}

/**
 * FC-STAGE5-4: `omitted.<h>.<K>`, h = the first 12 hex digits of SHA-256 of the canonical rendering of the
 * ascending ids of all open causes, K = the number of rendered causes.
 */
export function omittedAuditLogId(openFindingIds: string[], rendered: number): string {
  const sorted = [...openFindingIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `omitted.${sha256Hex(canonicalJson(sorted)).slice(0, 12)}.${rendered}`;
}

const USAGE = `Usage:
  tsx conformance/tools/finding-id.ts id RULE PATH|null NORM-MESSAGE [OCCURRENCE]
  tsx conformance/tools/finding-id.ts omitted K OPEN-ID...

  id       prints the FC-ID-1 computed finding id (write NORM-MESSAGE already normalised per FC-ID-2)
  omitted  prints the FC-STAGE5-4 omitted-marker auditLogId for K rendered causes out of the given open ids
`;

function main(argv: string[]): number {
  const [mode, ...rest] = argv;
  if (mode === "id" && (rest.length === 3 || rest.length === 4)) {
    const [rule, path, norm, occ] = rest as [string, string, string, string?];
    const occurrence = occ === undefined ? 0 : Number(occ);
    if (!Number.isInteger(occurrence) || occurrence < 0) {
      process.stderr.write("OCCURRENCE must be a whole number\n");
      return 2;
    }
    process.stdout.write(`${computedFindingId(rule, path === "null" ? null : path, norm, occurrence)}\n`);
    return 0;
  }
  if (mode === "omitted" && rest.length > 1 && /^\d+$/.test(rest[0]!)) {
    process.stdout.write(`${omittedAuditLogId(rest.slice(1), Number(rest[0]))}\n`);
    return 0;
  }
  process.stderr.write(USAGE);
  return mode === "--help" || mode === "-h" ? 0 : 2;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
