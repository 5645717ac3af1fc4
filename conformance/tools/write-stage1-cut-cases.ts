// FC-STAGE1-RAW-27, FC-STAGE1-RAW-12, FC-STAGE1-RAW-11, FC-CASE-1: recordings cut short, as conformance cases (npm run regen).
//
// A CI log is often cut: a tail limit, a killed job, a step that timed out. Each recording of src/normalize/fixtures/
// whose expected findings all carry a path and a line, and whose text is not one JSON or XML document, is cut just
// before a record in which a diagnostic starts (the record's first unindented line: a TAP test point, a file's
// section), at the line end and for text formats also in the middle of that line, and every diagnostic that started
// before the cut must still be a finding at its path and line, with its severity and rule where the expected file
// keeps them. Where a diagnostic starts is read from the data alone: the first line holding the start of its expected
// message with its line number printed as a location (`:12`, `(12`, `line 12`) on
// that line or within three lines of it; a recording with a diagnostic that cannot be placed that way gets no case.
// Nothing here reads the reference's parser, so the expectations come from the expected files, never from the code
// under test.
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
export const STAGE1_CUT_DIR = join(ROOT, "conformance/cases/compact/stage1-cut");
const GENERATED_BY = "npm run regen (conformance/tools/write-stage1-cut-cases.ts)";
/** How near the message's line the location's line number must be printed (lines either side). */
const NEAR = 3;
/** The shortest message start that places a diagnostic. */
const MIN_NEEDLE = 8;
const NEEDLE = 24;

/** One JSON or XML document (pretty-printed JSON, XML, a JSON value on one line): cut short, it is not well-formed. */
function isDocument(content: string): boolean {
  const t = content.trimStart();
  if (t.startsWith("<") || /^\s*[[{]\s*$/m.test(content)) return true;
  if (!t.startsWith("{") && !t.startsWith("[")) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

type Diagnostic = Recording["diagnostics"][number] & { path: string; line: number };
type Placeable = Recording & { format: string; diagnostics: Diagnostic[] };

/** A recording the cut cases can use: a named format, no exit code or module roots, every diagnostic placed. */
function placeable(r: Recording): r is Placeable {
  return (
    r.format !== null &&
    r.exitCode === undefined &&
    r.repoPaths === undefined &&
    r.diagnostics.every((d) => d.path !== null && d.line !== null)
  );
}

const squeeze = (s: string): string => s.replace(/\s+/g, " ").trim();

/** The line each diagnostic starts on, or null when one cannot be placed. */
function starts(lines: string[], diagnostics: Diagnostic[]): number[] | null {
  const used = new Set<number>();
  const squeezed = lines.map(squeeze);
  const at: number[] = [];
  for (const d of diagnostics) {
    const head = squeeze(d.message.split("\n")[0] ?? "").slice(0, NEEDLE);
    if (head.length < MIN_NEEDLE) return null;
    const needles = [head, JSON.stringify(head).slice(1, -1)];
    const printed = new RegExp(`(?:[:(,]\\s*|line\\s+)${d.line}\\b`);
    let found = -1;
    for (let i = 0; i < lines.length && found < 0; i++) {
      if (used.has(i) || !needles.some((n) => (squeezed[i] as string).includes(n))) continue;
      if (printed.test(lines.slice(Math.max(0, i - NEAR), i + NEAR + 1).join("\n"))) found = i;
    }
    if (found < 0) return null;
    used.add(found);
    at.push(found);
  }
  return at;
}

function caseOf(r: Placeable, at: number[], cut: number, half: boolean): CaseDoc {
  const lines = r.content.split("\n");
  const kept = `${lines.slice(0, cut).join("\n")}\n`;
  const cutLine = lines[cut] as string;
  const content = half ? kept + cutLine.slice(0, Math.ceil(cutLine.length / 2)) : kept;
  const { rule: ruleKept, severity: severityKept } = claims(r);
  const wanted = r.diagnostics.filter((_, k) => (at[k] as number) < cut);
  const assertions = placedAssertions(wanted, { rule: ruleKept, severity: severityKept });
  const name = r.subject.replace(/^breadth\//, "");
  return {
    id: `compact.stage1-cut.${slug(name)}-at-${cut + 1}${half ? "-mid" : ""}`,
    description:
      `src/normalize/fixtures/${r.subject}, sent as \`${r.format}\` and cut ${half ? "in the middle of" : "just before"} ` +
      `its line ${cut + 1} of ${lines.length}, where a diagnostic's record starts: each of the ${assertions.length} diagnostics ` +
      `printed before the cut is still a finding at its path and line${severityKept ? " with its severity" : ""}` +
      `${ruleKept ? " and rule" : ""}; a cut output is read as far as it goes.`,
    requirements: ["FC-STAGE1-RAW-11", "FC-STAGE1-RAW-12", "FC-STAGE1-RAW-27"],
    profile: "stage1-raw",
    command: "compact",
    generatedBy: GENERATED_BY,
    input: recordingRequest("tree-cut", r.repoRoot, { format: r.format, content }),
    expect: { assertions },
  };
}

/** The case documents: per recording, cuts before its first, middle and last record that follows a diagnostic. */
export function stage1CutCaseDocs(): CaseDoc[] {
  const docs: CaseDoc[] = [];
  for (const r of recordings()) {
    if (!placeable(r) || r.diagnostics.length < 2 || isDocument(r.content)) continue;
    const lines = r.content.split("\n");
    const at = starts(lines, r.diagnostics);
    if (at === null) continue;
    // A diagnostic on an indented line belongs to the record above it (a TAP test point's YAML block, a stylish
    // file section): the cut goes before that record's unindented head, so no record is cut inside.
    const head = (i: number): number => {
      let h = i;
      while (h > 0 && /^\s/.test(lines[h] as string)) h--;
      return h;
    };
    const cuts = [...new Set(at.map(head))].filter((c) => at.some((a) => a < c)).sort((a, b) => a - b);
    if (cuts.length < 2) continue;
    // A JSON-lines record cut in half is no record: those formats are cut at line ends only.
    const jsonLines = /^\s*[[{]/.test(r.content);
    const picks: [number, boolean][] = [
      [0, false],
      [Math.floor(cuts.length / 2), !jsonLines],
      [cuts.length - 1, false],
    ];
    const seen = new Set<string>();
    for (const [j, half] of picks) {
      const key = `${j}/${half}`;
      if (seen.has(key)) continue;
      seen.add(key);
      docs.push(caseOf(r, at, cuts[j] as number, half));
    }
  }
  return docs;
}

/** What `npm run regen` writes: every generated cut case, file path → text. */
export function stage1CutCaseFiles(): Map<string, string> {
  return caseFiles(STAGE1_CUT_DIR, stage1CutCaseDocs());
}
