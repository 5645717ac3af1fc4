// FC-STAGE1-5, FC-STAGE1-RAW-12, FC-STAGE1-RAW-11, FC-CASE-1: the format fixtures as conformance cases (npm run regen).
//
// One case per recording of src/normalize/fixtures/<format>/ (real tool output, or hand-made for shapes no tool here
// prints) with its `<name>.expected.json`, written by hand from the tool's own structured output or documentation and
// reviewed, never from the parser. The recording travels as a verdict artifact under the format the expected file
// names (and its exit code), and every expected diagnostic must be a finding of the log at its path and line (none
// for one printed without a place), with its severity and rule; Stage 1's own `normalize:` notices are not asserted
// (their wording and number are the reference's, FC-STAGE1-RAW-7), nor the place of one outside the repository
// (an absolute path, which the log masks: FC-PATH-2). A second case sends the recording with no format
// when the expected file records that sniffing names the same format; it asserts places and severities only, as the
// tool's name may then be unknown. Until these existed the fixtures were checked by the reference's unit tests alone,
// so an implementation certified with `--profile stage1-raw` was never sent them.
import { join } from "node:path";
import {
  type CaseDoc,
  caseFiles,
  isNotice,
  placedAssertions,
  type Recording,
  recordingRequest,
  recordings,
  slug,
} from "./stage1-recording-case.ts";

const ROOT = join(import.meta.dirname, "../..");
export const STAGE1_FIXTURE_DIR = join(ROOT, "conformance/cases/compact/stage1-fixtures");
const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-fixture-cases.ts)";
function caseOf(r: Recording, named: boolean): CaseDoc {
  const wanted = r.diagnostics.filter((d) => !isNotice(d));
  const artifact: Record<string, unknown> =
    named && r.format !== null ? { format: r.format, content: r.content } : { content: r.content };
  if (r.exitCode !== undefined) artifact.exitCode = r.exitCode;
  const how =
    r.format === null ? "with no format" : named ? `named as \`${r.format}\`` : "with no format (sniffed)";
  return {
    id: `compact.stage1-fixtures.${slug(r.subject)}-${named ? "named" : "sniffed"}`,
    description:
      `src/normalize/fixtures/${r.subject}, sent ${how}: each of the ${wanted.length} diagnostics its reviewed ` +
      `expected file lists is a finding of the log at its path and line with its severity${named ? " and rule" : ""}.`,
    requirements: ["FC-STAGE1-5", "FC-STAGE1-RAW-11", "FC-STAGE1-RAW-12"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest("tree-fixture", r.repoRoot, artifact),
    expect: { assertions: placedAssertions(wanted, { rule: named, severity: true }) },
  };
}

/** The case documents: every format fixture named, and sniffed too when sniffing names its format. */
export function stage1FixtureCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const r of recordings()) {
    if (r.subject.startsWith("breadth/")) continue;
    if (r.diagnostics.every(isNotice)) continue;
    docs.push(caseOf(r, true));
    if (r.format !== null && r.sniff === r.format) docs.push(caseOf(r, false));
  }
  return docs;
}

/** What `npm run regen` writes: every generated fixture case, file path → text. */
export function stage1FixtureCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_FIXTURE_DIR, stage1FixtureCaseDocs());
}
