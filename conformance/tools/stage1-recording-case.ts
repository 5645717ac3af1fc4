// FC-CASE-1: what the generated Stage 1 recording cases share: one artifact in a failed round, findings asserted by place.
//
// Used by write-stage1-breadth-cases.ts, write-stage1-fixture-cases.ts and write-stage1-cut-cases.ts. A case sends one
// recording (or part of one) as the single artifact of a failed verdict and asserts that each expected diagnostic is a
// finding of the log at its path and line (location null for one the tool printed without a place), with its
// severity and rule where the generator keeps them. Nothing here reads the reference's parser.

export type CaseDoc = Record<string, unknown> & { id: string };

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
