// FC-STAGE1-RAW-10, FC-STAGE1-RAW-12, FC-CASE-1: JSON recordings with odd elements in their arrays, as cases (npm run regen).
//
// FC-STAGE1-RAW-10 says odd shapes and wrong types never throw. Each recording of src/normalize/fixtures/ that is one
// JSON document (ESLint, SARIF, Jest, LSP, pylint, rubocop, … reports) is sent with one more element at the end of
// every array it holds, once `null` and once a string, which no tool writes there: an element that is no record is
// no diagnostic, and a parser that reads past it must still make every diagnostic the recording's expected file lists
// a finding at its path and line with its severity (and rule, unless the expected file leaves it open). Appending
// keeps every index (SARIF's `ruleIndex`, `artifacts`) and every first element (a result's first location) where it
// was. Stage 1's `normalize:` notices and places outside the repository are not asserted, as in the fixture cases.
import { join } from "node:path";
import {
  type CaseDoc,
  caseFiles,
  claims,
  isNotice,
  placedAssertions,
  type Recording,
  recordingRequest,
  recordings,
  slug,
} from "./stage1-recording-case.ts";

const ROOT = join(import.meta.dirname, "../..");
export const STAGE1_ODD_JSON_DIR = join(ROOT, "conformance/cases/compact/stage1-odd-json");
const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-odd-json-cases.ts)";
/** The odd elements: each case appends one of them to every array. */
const FILLERS: [string, unknown][] = [
  ["null", null],
  ["string", "not a record"],
];

/** `value` with `filler` appended to every array in it, at every depth. */
function withFiller(value: unknown, filler: unknown): unknown {
  if (Array.isArray(value)) return [...value.map((v) => withFiller(v, filler)), filler];
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFiller(v, filler)]));
  return value;
}

function documentOf(r: Recording): unknown {
  try {
    return JSON.parse(r.content);
  } catch {
    return undefined;
  }
}

function caseOf(r: Recording & { format: string }, doc: unknown, name: string, filler: unknown): CaseDoc {
  const wanted = r.diagnostics.filter((d) => !isNotice(d));
  const { rule: ruleKept, severity: severityKept } = claims(r);
  const artifact: Record<string, unknown> = {
    format: r.format,
    content: `${JSON.stringify(withFiller(doc, filler), null, 2)}\n`,
  };
  if (r.exitCode !== undefined) artifact.exitCode = r.exitCode;
  return {
    id: `compact.stage1-odd-json.${slug(r.subject.replace(/^breadth\//, ""))}-${name}`,
    description:
      `src/normalize/fixtures/${r.subject}, sent as \`${r.format}\` with ${JSON.stringify(filler)} appended to ` +
      `every array of the document: an element that is no record is no diagnostic and makes no parser fail, so ` +
      `each of the ${wanted.length} diagnostics of its expected file is still a finding at its path and line` +
      `${severityKept ? " with its severity" : ""}${ruleKept ? " and rule" : ""}.`,
    requirements: ["FC-STAGE1-RAW-10", "FC-STAGE1-RAW-12"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest("tree-odd", r.repoRoot, artifact),
    expect: { assertions: placedAssertions(wanted, { rule: ruleKept, severity: severityKept }) },
  };
}

/** The case documents: every JSON-document recording with diagnostics, once per filler. */
export function stage1OddJsonCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const r of recordings()) {
    if (r.format === null || r.repoPaths !== undefined) continue;
    if (r.diagnostics.every(isNotice)) continue;
    const doc = documentOf(r);
    if (doc === null || typeof doc !== "object") continue;
    for (const [name, filler] of FILLERS) docs.push(caseOf({ ...r, format: r.format }, doc, name, filler));
  }
  return docs;
}

/** What `npm run regen` writes: every generated odd-JSON case, file path → text. */
export function stage1OddJsonCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_ODD_JSON_DIR, stage1OddJsonCaseDocs());
}
