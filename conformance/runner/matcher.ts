// FC-CERT-26, FC-STAGE1-MATCHER-1..4: the checks `certify --problem-matcher` adds — the caller's matcher over its samples.
import { type KitMatcher, matcherFindings } from "../oracle/problem-matcher.ts";
import type { Assertion, LoadedCase } from "./types.ts";

/** The repository root the generated requests name when the caller gives none. */
export const MATCHER_REPO_ROOT = "/home/ci/work/repo";

/**
 * A GitHub token of valid form (ghp_ + 36 letters and digits) planted in every request the matcher checks
 * send: whatever the matcher captures, it must never come back (FC-REDACT-MANDATORY-1).
 */
export const MATCHER_CANARY = "ghp_Q7mZ2vK9xR4tL8nB3cW6yH1pD5fJ0sGkEa2u";

export interface MatcherSample {
  /** The file as given on the command line (shown in the report). */
  file: string;
  text: string;
}

/** What the report says about the caller's matcher (FC-CERT-26). */
export interface MatcherSection {
  file: string;
  owners: string[];
  repoRoot: string;
  samples: { file: string; expected: number; checks: string[] }[];
}

const slug = (file: string): string =>
  (file.split(/[\\/]/).pop() ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "sample";

/** A one-round request whose only ToolOutput is `content` read through `matchers` (the workbench's too). */
export function matcherRequest(
  matchers: unknown,
  content: string,
  repoRoot: string = MATCHER_REPO_ROOT,
): Record<string, unknown> {
  return {
    taskSpec: { goal: "make the checks pass" },
    canonicalState: { ref: "matcher-check", repoRoot },
    rounds: [
      {
        index: 1,
        ts: "2026-01-01T00:00:00Z",
        workerTrace: [{ tool: "edit", output: "applied patch 1" }],
        verifierVerdict: {
          status: "fail",
          findings: [],
          notes: "",
          artifacts: [{ problemMatcher: matchers, exitCode: 1, content }],
        },
      },
    ],
  };
}

/**
 * The checks for a matcher file and its samples. Per sample: `matcher.accepted.<sample>` (required:
 * FC-STAGE1-MATCHER-1 — a valid matcher is accepted, and a secret planted under it never comes back), and,
 * when the kit's own reading of the matcher finds something in the sample, `matcher.findings.<sample>`
 * (profile stage1-raw, like every other check of how raw output is read: each finding the kit expects is in
 * the log with its rule, severity, repo-relative path and line). Without samples, one accepted check over
 * the planted line alone.
 */
export function matcherChecks(
  file: string,
  matchers: readonly KitMatcher[],
  samples: readonly MatcherSample[],
  repoRoot: string = MATCHER_REPO_ROOT,
): { cases: LoadedCase[]; section: MatcherSection } {
  const cases: LoadedCase[] = [];
  const section: MatcherSection = { file, owners: matchers.map((m) => m.owner), repoRoot, samples: [] };
  const used = new Set<string>();
  const named = samples.length > 0 ? samples : [{ file: "", text: "" }];
  for (const sample of named) {
    let name = sample.file === "" ? "matcher-only" : slug(sample.file);
    for (let k = 2; used.has(name); k++) name = `${slug(sample.file)}-${k}`;
    used.add(name);
    const ids: string[] = [];
    const from = sample.file === "" ? "" : ` on ${sample.file}`;
    const planted = `${sample.text}${sample.text === "" || sample.text.endsWith("\n") ? "" : "\n"}deploy token ${MATCHER_CANARY}\n`;
    cases.push({
      file: `(--problem-matcher ${file}${from})`,
      case: {
        id: `matcher.accepted.${name}`,
        description: `Your problem matcher (${section.owners.join(", ")})${from} is accepted as FC-STAGE1-MATCHER-1 requires: a log, not an error, and the GitHub token planted in the output does not come back.`,
        requirements: ["FC-STAGE1-MATCHER-1", "FC-REDACT-MANDATORY-1"],
        profile: "required",
        command: "compact",
        input: { request: matcherRequest(matchers, planted, repoRoot), options: {} },
        expect: { assertions: [{ check: "absentText", text: MATCHER_CANARY }] },
      },
    });
    ids.push(`matcher.accepted.${name}`);
    const expected = sample.file === "" ? [] : matcherFindings(matchers, sample.text, repoRoot);
    if (expected.length > 0) {
      const assertions: Assertion[] = expected.map((f) => {
        const value: Record<string, unknown> = { rule: f.rule, severity: f.severity };
        // An absolute path outside the repository is the redactor's (FC-PATH-1): its form is not settled.
        if (f.path !== null && !f.outside)
          value.location = f.line === null ? { path: f.path } : { path: f.path, startLine: f.line };
        return { check: "contains", pointer: "/findings", value };
      });
      cases.push({
        file: `(--problem-matcher ${file}${from})`,
        case: {
          id: `matcher.findings.${name}`,
          description: `Stage 1 reads ${sample.file} through your problem matcher: each of the ${expected.length} finding(s) the kit's own reading of spec/stage1.md §3.3 expects is in the log with its rule, severity, path and line.`,
          requirements: ["FC-STAGE1-MATCHER-2", "FC-STAGE1-MATCHER-3", "FC-STAGE1-MATCHER-4"],
          profile: "stage1-raw",
          command: "compact",
          input: { request: matcherRequest(matchers, sample.text, repoRoot), options: {} },
          expect: { assertions },
        },
      });
      ids.push(`matcher.findings.${name}`);
    }
    if (sample.file !== "")
      section.samples.push({ file: sample.file, expected: expected.length, checks: ids });
  }
  return { cases, section };
}
