// FC-STAGE1-5, FC-STAGE1-RAW-20, FC-CASE-1: the breadth recordings as conformance cases (written by npm run regen).
//
// One case per real recording of src/normalize/fixtures/breadth/<producer>/ and per way of sending it (format named,
// format left to sniffing): the recording travels as a verdict artifact, and every diagnostic of its truth file
// (<recording>.expected.json, written from the tool's own structured output by scripts/regen-stage1-fixtures-truth.ts,
// never from the reference's parser) must be a finding of the log at its path and line, with its severity and, when
// the format is named, its rule. The cases read only those data files, so a new recording gets its cases from
// `npm run regen`, and `npm test` fails when they drift.
import { join } from "node:path";
import {
  type CaseDoc,
  caseFiles,
  claims,
  placedAssertions,
  type Recording,
  recordingRequest,
  recordings,
  slug,
} from "./stage1-recording-case.ts";

const ROOT = join(import.meta.dirname, "../..");
export const STAGE1_BREADTH_DIR = join(ROOT, "conformance/cases/compact/stage1-breadth");
export const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-breadth-cases.ts)";

function caseOf(r: Recording & { format: string }, named: boolean): CaseDoc {
  const subject = r.subject.slice("breadth/".length);
  const [producer] = subject.split("/") as [string, string];
  const file = subject.slice(producer.length + 1);
  const claim = claims(r);
  const ruleKept = named && claim.rule;
  const severityKept = claim.severity;
  const how = named ? `named as \`${r.format}\`` : "with no format (sniffed)";
  return {
    id: `compact.stage1-breadth.${slug(file)}-${named ? "named" : "sniffed"}`,
    description:
      `Real output of ${producer} (src/normalize/fixtures/breadth/${subject}), sent ${how}: each of its ` +
      `${r.diagnostics.length} diagnostics, as the tool's own structured output lists them, is a finding of the log at ` +
      `its path and line${severityKept ? " with its severity" : ""}${ruleKept ? " and rule" : ""}.`,
    requirements: ["FC-STAGE1-5", "FC-STAGE1-RAW-12", "FC-STAGE1-RAW-20"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest(
      "tree-breadth",
      r.repoRoot,
      named ? { format: r.format, content: r.content } : { content: r.content },
    ),
    expect: {
      assertions: placedAssertions(r.diagnostics, { rule: ruleKept, severity: severityKept }),
    },
  };
}

/** The case documents. Recordings whose Go module roots come from go.mod paths (repoPaths) are left to the unit test. */
export function stage1BreadthCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const r of recordings()) {
    if (!r.subject.startsWith("breadth/") || r.format === null) continue;
    if (r.repoPaths !== undefined || r.diagnostics.length === 0) continue;
    for (const named of [true, false]) docs.push(caseOf({ ...r, format: r.format }, named));
  }
  return docs;
}

/** What `npm run regen` writes: every generated breadth case, file path → text. */
export function stage1BreadthCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_BREADTH_DIR, stage1BreadthCaseDocs());
}
