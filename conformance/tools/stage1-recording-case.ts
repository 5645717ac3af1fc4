// FC-CASE-1: what the generated Stage 1 recording cases share: one artifact in a failed round, findings asserted by place.
//
// Used by write-stage1-breadth-cases.ts, write-stage1-fixture-cases.ts, write-stage1-cut-cases.ts and
// write-stage1-odd-json-cases.ts. A case sends one
// recording (or part of one) as the single artifact of a failed verdict and asserts that each expected diagnostic is a
// finding of the log at its path and line (location null for one the tool printed without a place), with its
// severity and rule where the generator keeps them. Nothing here reads the reference's parser.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export type CaseDoc = Record<string, unknown> & { id: string };

export const FIXTURES = join(import.meta.dirname, "../../src/normalize/fixtures");

/** One expected diagnostic, as an expected file states it. */
export interface Placed {
  rule: string | null;
  path: string | null;
  line: number | null;
  severity: string;
  /** The place is not asserted: an absolute path outside the repository, which the log masks (FC-PATH-2). */
  placeLeftOpen?: boolean;
}

export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A compact request whose one failed round carries `artifact`. */
export function recordingRequest(ref: string, repoRoot: string, artifact: Record<string, unknown>) {
  return {
    request: {
      taskSpec: { goal: "make the checks pass" },
      canonicalState: { ref, repoRoot },
      rounds: [
        {
          index: 1,
          ts: "2026-12-01T10:00:00Z",
          workerTrace: [{ tool: "edit", output: "applied patch 1" }],
          verifierVerdict: { status: "fail", findings: [], notes: "", artifacts: [artifact] },
        },
      ],
    },
    options: {},
  };
}

/** One `contains` assertion per distinct expected finding (path and line; severity and rule when kept). */
export function placedAssertions(
  wanted: readonly Placed[],
  keep: { rule: boolean; severity: boolean },
): Record<string, unknown>[] {
  const values = new Map<string, Record<string, unknown>>();
  for (const t of wanted) {
    const value: Record<string, unknown> = {};
    if (t.placeLeftOpen !== true)
      value.location =
        t.path === null ? null : t.line === null ? { path: t.path } : { path: t.path, startLine: t.line };
    if (keep.rule && t.rule !== null) value.rule = t.rule;
    if (keep.severity) value.severity = t.severity;
    values.set(JSON.stringify(value), value);
  }
  return [...values.values()].map((value) => ({ check: "contains", pointer: "/findings", value }));
}

/** What `npm run regen` writes for a set of cases: `<dir>/<last id part>.json` → text; two cases of one id are a bug. */
export function caseFiles(dir: string, docs: readonly CaseDoc[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const d of docs) {
    const file = `${dir}/${d.id.split(".")[2]}.json`;
    if (files.has(file)) throw new Error(`two generated cases have the id ${d.id}`);
    files.set(file, `${JSON.stringify(d, null, 2)}\n`);
  }
  return files;
}

/** A recording of src/normalize/fixtures/ with its expected file, as data. */
export interface Recording {
  /** Path under src/normalize/fixtures/. */
  subject: string;
  format: string | null;
  /** The format sniffing names for the content, as the expected file records it (format fixtures only). */
  sniff?: string | null;
  repoRoot: string;
  exitCode?: number;
  /** Set when the expected file needs `repoPaths` (Go module roots), which a request cannot hand Stage 1 this way. */
  repoPaths?: string[];
  /** What the expected file does not claim (breadth truth files: `rule`, `tool`, `severity`). */
  ignore: string[];
  content: string;
  diagnostics: (Placed & { message: string })[];
}

/** Whether a diagnostic is one of Stage 1's own notices (`normalize:…`), whose wording and number are the reference's. */
export const isNotice = (d: Placed): boolean => (d.rule ?? "").startsWith("normalize:");

/** What an expected file claims of its diagnostics beyond their place: the rule unless it leaves the rule or the tool open, the severity unless it leaves that open. */
export function claims(r: Recording): { rule: boolean; severity: boolean } {
  return {
    rule: !r.ignore.includes("rule") && !r.ignore.includes("tool"),
    severity: !r.ignore.includes("severity"),
  };
}

function expectedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? expectedFiles(join(dir, e.name))
        : e.name.endsWith(".expected.json")
          ? [join(dir, e.name)]
          : [],
    )
    .sort();
}

/** The recording an expected file describes: `<rec>.expected.json` (breadth) or `<stem>.expected.json` beside `<stem>.<ext>`. */
function recordingOf(expected: string): string | null {
  const base = expected.slice(0, -".expected.json".length);
  if (expected.includes("/breadth/")) return existsSync(base) ? base : null;
  const dir = base.slice(0, base.lastIndexOf("/"));
  const stem = base.slice(base.lastIndexOf("/") + 1);
  const found = readdirSync(dir).filter(
    (n) => n.startsWith(`${stem}.`) && !n.endsWith(".expected.json") && !n.includes(".truth."),
  );
  return found.length === 1 ? join(dir, found[0] as string) : null;
}

const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/])/;

/** Every recording with an expected file (breadth truth files and hand-written ones alike), in a stable order. */
export function recordings(): Recording[] {
  const out: Recording[] = [];
  for (const expected of expectedFiles(FIXTURES)) {
    const file = recordingOf(expected);
    if (file === null) continue;
    const exp = JSON.parse(readFileSync(expected, "utf8")) as Record<string, unknown>;
    const diagnostics = ((exp.findings ?? []) as Record<string, unknown>[]).map((f) => {
      const loc = f.location as { path?: unknown; startLine?: unknown } | null | undefined;
      const path = f.path ?? loc?.path;
      const line = f.line ?? loc?.startLine;
      return {
        rule: typeof f.rule === "string" ? f.rule : null,
        path: typeof path === "string" ? path : null,
        line: typeof line === "number" ? line : null,
        severity: String(f.severity),
        message: String(f.message ?? ""),
        placeLeftOpen: typeof path === "string" && ABSOLUTE.test(path),
      };
    });
    out.push({
      subject: relative(FIXTURES, file),
      format: typeof exp.format === "string" ? exp.format : null,
      ...("sniff" in exp ? { sniff: typeof exp.sniff === "string" ? exp.sniff : null } : {}),
      repoRoot: String(exp.repoRoot),
      ...(typeof exp.exitCode === "number" ? { exitCode: exp.exitCode } : {}),
      ...(Array.isArray(exp.repoPaths) ? { repoPaths: exp.repoPaths as string[] } : {}),
      ignore: (exp.ignore ?? []) as string[],
      content: readFileSync(file, "utf8"),
      diagnostics,
    });
  }
  return out;
}
