// FC-STAGE1-5, FC-STAGE1-RAW-20, FC-CASE-1: the breadth recordings as conformance cases (written by npm run regen).
//
// One case per real recording of src/normalize/fixtures/breadth/<producer>/ and per way of sending it (format named,
// format left to sniffing): the recording travels as a verdict artifact, and every diagnostic of its truth file
// (<recording>.expected.json, written from the tool's own structured output by scripts/regen-stage1-fixtures-truth.ts,
// never from the reference's parser) must be a finding of the log at its path and line, with its severity and, when
// the format is named, its rule. The cases read only those data files, so a new recording gets its cases from
// `npm run regen`, and `npm test` fails when they drift.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CaseDoc,
  caseFiles,
  placedAssertions,
  recordingRequest,
  slug,
} from "./stage1-recording-case.ts";

const ROOT = join(import.meta.dirname, "../..");
const BREADTH = join(ROOT, "src/normalize/fixtures/breadth");
export const STAGE1_BREADTH_DIR = join(ROOT, "conformance/cases/compact/stage1-breadth");
export const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-breadth-cases.ts)";

interface Truth {
  rule: string | null;
  path: string;
  line: number;
  severity: string;
  message: string;
}
interface Expected {
  format: string;
  repoRoot: string;
  ignore: string[];
  repoPaths?: string[];
  findings: Truth[];
}
/** `<producer>/<recording>` of every recording with a truth file, in a stable order. */
function recordings(): string[] {
  return readdirSync(BREADTH, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(BREADTH, d.name))
        .filter((n) => n.endsWith(".expected.json"))
        .map((n) => `${d.name}/${n.slice(0, -".expected.json".length)}`),
    )
    .sort();
}

function caseOf(subject: string, exp: Expected, named: boolean): CaseDoc {
  const [producer] = subject.split("/") as [string, string];
  const file = subject.slice(producer.length + 1);
  const content = readFileSync(join(BREADTH, subject), "utf8");
  const ruleKept = named && !exp.ignore.includes("rule") && !exp.ignore.includes("tool");
  const severityKept = !exp.ignore.includes("severity");
  const how = named ? `named as \`${exp.format}\`` : "with no format (sniffed)";
  return {
    id: `compact.stage1-breadth.${slug(file)}-${named ? "named" : "sniffed"}`,
    description:
      `Real output of ${producer} (src/normalize/fixtures/breadth/${subject}), sent ${how}: each of its ` +
      `${exp.findings.length} diagnostics, as the tool's own structured output lists them, is a finding of the log at ` +
      `its path and line${severityKept ? " with its severity" : ""}${ruleKept ? " and rule" : ""}.`,
    requirements: ["FC-STAGE1-5", "FC-STAGE1-RAW-12", "FC-STAGE1-RAW-20"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest(
      "tree-breadth",
      exp.repoRoot,
      named ? { format: exp.format, content } : { content },
    ),
    expect: {
      assertions: placedAssertions(exp.findings, { rule: ruleKept, severity: severityKept }),
    },
  };
}

/** The case documents. Recordings whose Go module roots come from go.mod paths (repoPaths) are left to the unit test. */
export function stage1BreadthCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const subject of recordings()) {
    const exp = JSON.parse(readFileSync(join(BREADTH, `${subject}.expected.json`), "utf8")) as Expected;
    if (exp.repoPaths !== undefined || exp.findings.length === 0) continue;
    for (const named of [true, false]) docs.push(caseOf(subject, exp, named));
  }
  return docs;
}

/** What `npm run regen` writes: every generated breadth case, file path → text. */
export function stage1BreadthCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_BREADTH_DIR, stage1BreadthCaseDocs());
}
