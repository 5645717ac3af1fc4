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
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CaseDoc,
  caseFiles,
  type Placed,
  placedAssertions,
  recordingRequest,
  slug,
} from "./stage1-recording-case.ts";

const ROOT = join(import.meta.dirname, "../..");
const FIXTURES = join(ROOT, "src/normalize/fixtures");
export const STAGE1_FIXTURE_DIR = join(ROOT, "conformance/cases/compact/stage1-fixtures");
const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-fixture-cases.ts)";
/** Folders of src/normalize/fixtures/ that hold no format fixtures of this kind. */
const OTHER = new Set(["breadth", "projects"]);

interface Expected {
  format: string | null;
  sniff: string | null;
  repoRoot: string;
  exitCode?: number;
  findings: {
    rule: string;
    location: { path: string; startLine?: number } | null;
    severity: string;
  }[];
}

/** `<format dir>/<recording file>` of every fixture, in a stable order. */
function fixtures(): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !OTHER.has(d.name))
    .flatMap((d) =>
      readdirSync(join(FIXTURES, d.name))
        .filter((n) => !n.endsWith(".expected.json") && !n.endsWith(".md"))
        .map((n) => `${d.name}/${n}`),
    )
    .sort();
}

function caseOf(subject: string, exp: Expected, named: boolean): CaseDoc {
  const content = readFileSync(join(FIXTURES, subject), "utf8");
  const wanted: Placed[] = exp.findings
    .filter((f) => !f.rule.startsWith("normalize:"))
    .map((f) => ({
      rule: f.rule,
      path: f.location?.path ?? null,
      line: f.location?.startLine ?? null,
      severity: f.severity,
      placeLeftOpen: /^(?:\/|[A-Za-z]:[\\/])/.test(f.location?.path ?? ""),
    }));
  const artifact: Record<string, unknown> =
    named && exp.format !== null ? { format: exp.format, content } : { content };
  if (exp.exitCode !== undefined) artifact.exitCode = exp.exitCode;
  const how =
    exp.format === null
      ? "with no format"
      : named
        ? `named as \`${exp.format}\``
        : "with no format (sniffed)";
  return {
    id: `compact.stage1-fixtures.${slug(subject)}-${named ? "named" : "sniffed"}`,
    description:
      `src/normalize/fixtures/${subject}, sent ${how}: each of the ${wanted.length} diagnostics its reviewed expected ` +
      `file lists is a finding of the log at its path and line with its severity${named ? " and rule" : ""}.`,
    requirements: ["FC-STAGE1-5", "FC-STAGE1-RAW-11", "FC-STAGE1-RAW-12"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest("tree-fixture", exp.repoRoot, artifact),
    expect: { assertions: placedAssertions(wanted, { rule: named, severity: true }) },
  };
}

/** The case documents: every fixture named, and sniffed too when sniffing names its format. */
export function stage1FixtureCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const subject of fixtures()) {
    const exp = JSON.parse(
      readFileSync(join(FIXTURES, `${subject.replace(/\.[^./]+$/, "")}.expected.json`), "utf8"),
    ) as Expected;
    if (exp.findings.every((f) => f.rule.startsWith("normalize:"))) continue;
    docs.push(caseOf(subject, exp, true));
    if (exp.format !== null && exp.sniff === exp.format) docs.push(caseOf(subject, exp, false));
  }
  return docs;
}

/** What `npm run regen` writes: every generated fixture case, file path → text. */
export function stage1FixtureCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_FIXTURE_DIR, stage1FixtureCaseDocs());
}
