// FC-CERT-24: the GitHub Actions reporter — workflow-command annotations at the case files, a log, a step-summary page.
import { diagnosisLines } from "../runner/diagnosis.ts";
import { groupsOf, rerunCommand } from "../runner/problems.ts";
import type { CertifyReport, CheckResult, ProblemGroup } from "../runner/types.ts";
import { renderPretty } from "./render.ts";

/** GitHub shows at most 10 error and 10 warning annotations of a step: one per problem group, most urgent first. */
export const ANNOTATIONS_PER_LEVEL = 10;

/** Escapes the message of a workflow command (`%`, CR, LF). */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a property of a workflow command (also `:` and `,`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function command(
  level: "error" | "warning",
  props: Record<string, string | undefined>,
  message: string,
): string {
  const p = Object.entries(props)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(",");
  return `::${level}${p ? ` ${p}` : ""}::${escapeData(message)}`;
}

export interface GithubOptions {
  /** Where a check's case file is, relative to the working directory (the annotation's `file`), if it has one. */
  fileOf?: (r: CheckResult) => string | undefined;
}

/** One annotation per problem group: at its first example's case file, titled by the cause. */
function groupAnnotation(g: ProblemGroup, byId: Map<string, CheckResult>, o: GithubOptions): string {
  const first = byId.get(g.checks[0]!);
  const file = first ? o.fileOf?.(first) : undefined;
  const more =
    g.checks.length > 1
      ? ` and ${g.checks.length - 1} more (${g.checks.slice(1, 4).join(", ")}${g.checks.length > 4 ? ", …" : ""})`
      : "";
  const message = [
    `${g.checks.length} ${g.status} check${g.checks.length === 1 ? "" : "s"}${g.gating ? "" : " (advisory)"} citing ${g.requirements.join(", ")}`,
    `e.g. ${g.checks[0]}${more}`,
    ...(first?.message !== undefined && first.message !== g.cause ? [first.message] : []),
  ].join("\n");
  return command(
    g.gating ? "error" : "warning",
    { file, title: `conformance: ${g.cause}`.slice(0, 200) },
    message,
  );
}

/**
 * What `--reporter github` prints (FC-CERT-24): the diagnosis and one annotation per problem group (gating groups
 * as errors, advisory ones as warnings, at most ten each), the pretty report folded into a log group, and the
 * verdict line last.
 */
export function renderGithub(report: CertifyReport, o: GithubOptions = {}): string {
  const out: string[] = [];
  const d = report.diagnosis;
  if (d !== undefined)
    out.push(
      command("error", { title: "conformance: the implementation is broken" }, diagnosisLines(d).join("\n")),
    );
  for (const c of report.smoke.checks)
    if (c.status === "failed" && d === undefined)
      out.push(command("error", { title: `conformance: smoke check ${c.name}` }, c.message ?? "failed"));
  const groups = groupsOf(report);
  const byId = new Map(report.results.map((r) => [r.id, r]));
  for (const gating of [true, false]) {
    const gs = groups.filter((g) => g.gating === gating);
    for (const g of gs.slice(0, ANNOTATIONS_PER_LEVEL)) out.push(groupAnnotation(g, byId, o));
    if (gs.length > ANNOTATIONS_PER_LEVEL)
      out.push(
        command(
          gating ? "error" : "warning",
          {
            title: `conformance: ${gs.length - ANNOTATIONS_PER_LEVEL} more ${gating ? "gating" : "advisory"} group(s)`,
          },
          "see the step summary or the log",
        ),
      );
  }
  out.push("::group::Conformance report");
  out.push(renderPretty(report, { color: false }).trimEnd());
  out.push("::endgroup::");
  const s = report.summary;
  out.push(
    `${report.ok ? "PASS" : "FAIL"}: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped of ${s.total} checks`,
  );
  return `${out.join("\n")}\n`;
}

/** Markdown table cell text: no line breaks, no pipes. */
function cell(s: string, max = 140): string {
  const one = s.replace(/\s+/g, " ").replace(/\|/g, "\\|");
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * The Markdown page for `$GITHUB_STEP_SUMMARY` (FC-CERT-24): the verdict, the diagnosis, "Fix these first" (every
 * group: cause, checks, requirements, examples), the summary by area and the re-run command.
 */
export function renderGithubSummary(report: CertifyReport): string {
  const impl = report.implementation;
  const s = report.summary;
  const out = [
    `## Conformance ${report.ok ? "✅ PASS" : "❌ FAIL"}: ${impl.name} ${impl.version} (${impl.language})`,
    "",
    `**${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped** of ${s.total} checks · profiles ${report.options.profiles.join(", ")} · seed ${report.options.seed}` +
      (report.level
        ? ` · level ${report.level.announced} announced, ${report.level.reached === "none" ? "not reached" : "reached"}`
        : ""),
  ];
  if (report.diagnosis !== undefined) {
    out.push("", "### The implementation is broken", "", "```", ...diagnosisLines(report.diagnosis), "```");
  }
  const failedSmoke = report.smoke.checks.filter((c) => c.status === "failed");
  if (failedSmoke.length > 0)
    out.push(
      "",
      "### Smoke check",
      "",
      ...failedSmoke.map((c) => `- ❌ \`${c.name}\`: ${cell(c.message ?? "failed", 300)}`),
    );
  const groups = groupsOf(report);
  if (groups.length > 0) {
    out.push(
      "",
      "### Fix these first",
      "",
      "| # | what to fix | checks | requirements | e.g. |",
      "|---:|---|---:|---|---|",
      ...groups.map(
        (g, i) =>
          `| ${i + 1} | ${cell(g.cause)} | ${g.checks.length}${g.gating ? "" : " (advisory)"} | ${cell(g.requirements.join(", "), 80)} | ${g.examples.map((e) => `\`${e}\``).join(", ")} |`,
      ),
    );
  }
  out.push(
    "",
    "<details><summary>By area</summary>",
    "",
    "| area | passed | failed | errored | skipped |",
    "|---|---:|---:|---:|---:|",
  );
  for (const a of Object.keys(s.byArea).sort()) {
    const c = s.byArea[a]!;
    out.push(`| \`${a}\` | ${c.passed} | ${c.failed} | ${c.errored} | ${c.skipped} |`);
  }
  out.push("", "</details>");
  if (groups.length > 0)
    out.push(
      "",
      "Re-run exactly the failing checks:",
      "",
      "```",
      report.rerun?.command ?? rerunCommand(report),
      "```",
    );
  return `${out.join("\n")}\n`;
}
