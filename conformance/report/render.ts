// FC-CERT-9: the three reporters — pretty (people), json (report.v1.json, machines), junit (CI gating).
import { stableJson } from "./escape.ts";
import { diagnosisLines } from "../runner/diagnosis.ts";
import { preview } from "../runner/json.ts";
import {
  centredPair,
  DEFAULT_MAX_PROBLEMS,
  detailed,
  failingIds,
  groupsOf,
  rerunCommand,
  shellWord,
} from "../runner/problems.ts";
import type { CertifyReport, CheckResult, Mismatch, MutantsReport, ProblemGroup } from "../runner/types.ts";

export function renderJson(report: CertifyReport | MutantsReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

// ---------- pretty ----------

interface Paint {
  green: (s: string) => string;
  red: (s: string) => string;
  yellow: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

function paint(color: boolean): Paint {
  const wrap = (open: number, close: number) => (s: string) =>
    color ? `\u001b[${open}m${s}\u001b[${close}m` : s;
  return {
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}

const MARK = { passed: "✓", failed: "✗", errored: "!", skipped: "-" } as const;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export interface PrettyOptions {
  color?: boolean;
  /** Most failing checks described in detail (`--max-problems`; default 50, Infinity = all). */
  maxProblems?: number;
  /** Where the ids of the failing checks were written (named by the re-run command). */
  idFile?: string;
}

export function renderPretty(report: CertifyReport, opts: PrettyOptions = {}): string {
  const p = paint(opts.color === true);
  const out: string[] = [];
  const impl = report.implementation;
  out.push(
    p.bold(`Certifying ${impl.name} ${impl.version} (${impl.language})`) +
      ` — capabilities: ${impl.capabilities.join(", ") || "none"}`,
  );
  if (impl.command) out.push(p.dim(`command: ${impl.command.map(shellWord).join(" ")}`));
  if (report.level !== undefined) {
    // FC-CERT-13: the level announced, and whether this run reached it.
    const l = report.level;
    out.push(
      `level: ${l.announced} announced, ${l.reached === "none" ? "not reached" : `${l.reached} reached`}` +
        (l.notApplicable > 0 ? ` (${l.notApplicable} checks not applicable at this level)` : ""),
    );
  }
  out.push(
    p.dim(
      `suite ${report.suite.version}, protocol v${report.protocol.version}, profiles ${report.options.profiles.join(",")}` +
        (report.options.filter ? `, filter ${report.options.filter}` : "") +
        (report.options.shard ? `, shard ${report.options.shard.index}/${report.options.shard.count}` : "") +
        (report.options.caseFiles ? `, ${report.options.caseFiles.length} --case file(s)` : ""),
    ),
  );
  out.push(...fixFirstLines(report, p));
  const groups = groupsOf(report);
  const byId = new Map(report.results.map((r) => [r.id, r]));
  out.push("");
  out.push(`Smoke check of the adapter: ${report.smoke.ok ? p.green("ok") : p.red("FAILED")}`);
  for (const c of report.smoke.checks) {
    const line = `  ${c.status === "passed" ? p.green("✓") : p.red("✗")} ${c.name}`;
    out.push(c.message ? `${line} — ${c.message}` : line);
  }
  out.push("");
  const areas = Object.keys(report.summary.byArea).sort();
  const width = Math.max(24, ...areas.map((a) => a.length + 2));
  out.push(
    `${"By area".padEnd(width)} ${["passed", "failed", "errored", "skipped"].map((h) => h.padStart(8)).join("")}`,
  );
  for (const a of areas) {
    const s = report.summary.byArea[a]!;
    const cells = [
      String(s.passed).padStart(8),
      (s.failed ? p.red : (x: string) => x)(String(s.failed).padStart(8)),
      (s.errored ? p.yellow : (x: string) => x)(String(s.errored).padStart(8)),
      p.dim(String(s.skipped).padStart(8)),
    ];
    out.push(`  ${a.padEnd(width - 2)} ${cells.join("")}`);
  }
  out.push(...matcherLines(report, p));
  if (groups.length > 0) {
    const max = opts.maxProblems ?? DEFAULT_MAX_PROBLEMS;
    const shown = detailed(groups, max);
    const total = groups.reduce((n, g) => n + g.checks.length, 0);
    out.push("");
    out.push(p.bold(`Problems by cause (${count(total, "check")} in ${count(groups.length, "group")})`));
    let advisoryHeading = false;
    for (const [i, g] of groups.entries()) {
      if (!g.gating && !advisoryHeading) {
        advisoryHeading = true;
        out.push(p.dim("  Advisory — these profiles do not decide the exit code:"));
      }
      out.push(groupLine(i, g, p, false));
      if (g.requirements.length > REQUIREMENTS_SHOWN)
        out.push(p.dim(`        all requirements cited: ${g.requirements.join(", ")}`));
      for (const id of shown[i]!) {
        const r = byId.get(id);
        if (r) out.push(...describe(r, p));
      }
      const rest = g.checks.length - shown[i]!.length;
      if (rest > 0) {
        const ids = g.checks.slice(shown[i]!.length);
        out.push(
          p.dim(
            `      … and ${rest} more: ${ids.slice(0, 6).join(", ")}${ids.length > 6 ? ", …" : ""} (--max-problems all shows every one)`,
          ),
        );
      }
    }
    const hidden = total - shown.reduce((n, ids) => n + ids.length, 0);
    if (hidden > 0)
      out.push(
        p.dim(`  ${count(hidden, "check")} not described; raise --max-problems N (or all) to see more.`),
      );
  }
  const narrow = narrowings(report);
  if (narrow.length > 0) {
    // FC-CERT-23: a glob that still skips failures but also covers checks that pass now.
    out.push("");
    out.push(
      `Skip list: ${count(narrow.length, "glob")} also cover${narrow.length === 1 ? "s" : ""} checks that pass now; narrow them:`,
    );
    for (const n of narrow)
      out.push(
        `  ${n.entry}  (${count(n.passing.length, "check")} pass${n.passing.length === 1 ? "es" : ""}) → ${n.narrower}`,
      );
  }
  const counterexamples = report.results.filter((r) => r.counterexample);
  if (counterexamples.length > 0) {
    out.push("");
    out.push(
      "Counterexamples saved as replayable cases (each asserts its property; replay one against any implementation):",
    );
    const cmd = impl.command ? ` -- ${impl.command.map(shellWord).join(" ")}` : "";
    for (const r of counterexamples) {
      out.push(`  ${r.id}: ${r.counterexample}`);
      out.push(p.dim(`    feedback-compactor certify --case ${shellWord(r.counterexample!)}${cmd}`));
    }
  }
  const s = report.summary;
  out.push("");
  const verdict = report.ok ? p.green(p.bold("PASS")) : p.red(p.bold("FAIL"));
  out.push(
    `Result: ${verdict} — ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped of ${s.total} checks` +
      ` in ${seconds(report.durationMs)} (seed ${report.options.seed}, restarts ${report.restarts}${report.bailed ? ", stopped by --bail" : ""})`,
  );
  if (report.diagnosis !== undefined)
    out.push(
      report.diagnosis.stopped
        ? "The implementation gives no proper answer (see the diagnosis at the top); the run stopped there."
        : "The implementation gives no proper answer (see the diagnosis at the top).",
    );
  else if (!report.ok && s.gatingProblems === 0 && !report.smoke.ok)
    out.push("The checks pass, but the smoke check failed.");
  const advisory = report.results.filter(
    (r) => !r.gating && (r.status === "failed" || r.status === "errored"),
  ).length;
  if (advisory > 0)
    out.push(p.dim(`${advisory} problem(s) are in profiles that do not decide the exit code.`));
  if (failingIds(report).length > 0) {
    // The last line: one command that re-runs exactly the failing checks (FC-CERT-17).
    out.push(
      `Re-run exactly the ${count(failingIds(report).length, "failing check")}: ${report.rerun?.command ?? rerunCommand(report, opts.idFile)}`,
    );
  }
  return `${out.join("\n")}\n`;
}

/**
 * FC-CERT-26: the checks of the caller's problem matcher under their own heading — per sample, how many findings
 * the kit expects and each check's verdict, gating or advisory, with the first thing it missed.
 */
function matcherLines(report: CertifyReport, p: Paint): string[] {
  const pm = report.problemMatcher;
  if (pm === undefined) return [];
  const byId = new Map(report.results.map((r) => [r.id, r]));
  const out = ["", p.bold(`Your problem matcher: ${pm.file} (owner ${pm.owners.join(", ")})`)];
  const line = (id: string) => {
    const r = byId.get(id);
    if (r === undefined) return p.dim(`    - ${id}: not selected`);
    const mark =
      r.status === "passed"
        ? p.green("✓")
        : r.status === "skipped"
          ? p.dim("-")
          : r.gating
            ? p.red("✗")
            : p.yellow("✗");
    const how = r.gating ? "gating" : `advisory, profile ${r.profile}`;
    const why = r.status === "passed" ? "" : ` — ${printable((r.message ?? r.status).split("\n")[0]!)}`;
    return `    ${mark} ${r.id} (${how})${why}`;
  };
  const accepted = report.results.filter((r) => r.id === "matcher.accepted.matcher-only");
  if (accepted.length > 0) out.push(line("matcher.accepted.matcher-only"));
  for (const s of pm.samples) {
    out.push(`  ${s.file}: ${count(s.expected, "finding")} expected by the kit's reading of the matcher`);
    for (const id of s.checks) out.push(line(id));
  }
  return out;
}

/** Groups listed at the top of the pretty report. */
const TOP_GROUPS = 5;

/**
 * The top of a report, what a person reads first (FC-CERT-14, FC-CERT-22): the diagnosis of a broken
 * implementation, then "Fix these first" with the first five problem groups. Each block starts with a blank line.
 */
function fixFirstLines(report: CertifyReport, p: Paint): string[] {
  const out: string[] = [];
  if (report.diagnosis !== undefined) {
    const [head, ...rest] = diagnosisLines(report.diagnosis);
    out.push("", p.red(p.bold(printable(head!))));
    for (const l of rest) out.push(printable(l));
  }
  const groups = groupsOf(report);
  if (groups.length > 0) {
    // What to fix first, before anything else: one entry per group, most urgent first (FC-CERT-14).
    out.push("");
    const gating = groups.filter((g) => g.gating);
    out.push(
      p.bold(
        `Fix these first: ${count(
          groups.reduce((n, g) => n + g.checks.length, 0),
          "problem",
        )} in ${count(groups.length, "group")}` +
          ` (${gating.length} gating, ${groups.length - gating.length} advisory)`,
      ),
    );
    for (const [i, g] of groups.slice(0, TOP_GROUPS).entries()) out.push(groupLine(i, g, p, true));
    if (groups.length > TOP_GROUPS)
      out.push(p.dim(`  … ${groups.length - TOP_GROUPS} more group(s) under "Problems by cause" below`));
  }
  return out;
}

/**
 * What a CI log needs when the report itself went to a file (`--out`): the diagnosis, "Fix these first" and the
 * verdict line naming the file (FC-CERT-9).
 */
export function renderLogSummary(
  report: CertifyReport,
  written: string,
  opts: { color?: boolean; format?: string } = {},
): string {
  const p = paint(opts.color === true);
  const lines = fixFirstLines(report, p).map((l) =>
    l.replace('under "Problems by cause" below', `in ${written}`),
  );
  const s = report.summary;
  if (lines.length > 0) lines.push("");
  lines.push(
    `${report.ok ? "PASS" : "FAIL"}: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped; ${opts.format ? `${opts.format} ` : ""}report written to ${written}`,
  );
  if (!report.ok && report.rerun) lines.push(`Re-run exactly the failing checks: ${report.rerun.command}`);
  return `${lines.join("\n")}\n`;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** Requirements of a group for one line: the most cited first, at most `max`. */
const REQUIREMENTS_SHOWN = 4;

function requirementList(g: ProblemGroup, max = REQUIREMENTS_SHOWN): string {
  if (g.requirements.length === 0) return "no requirement";
  const shown = g.requirements.slice(0, max).join(", ");
  return g.requirements.length > max ? `${shown}, +${g.requirements.length - max} more` : shown;
}

function groupLine(i: number, g: ProblemGroup, p: Paint, examples: boolean): string {
  const mark = g.status === "errored" ? p.yellow(MARK.errored) : p.red(MARK.failed);
  const kind = g.kinds.length === 1 && g.kinds[0] !== "case" ? ` ${g.kinds[0]}` : "";
  const head =
    `  ${String(i + 1).padStart(2)}. ${mark} ${printable(cut(headline(g), 110))}\n` +
    `        ${count(g.checks.length, `${g.status}${kind} check`)}${g.gating ? "" : " (advisory)"} citing ${p.bold(requirementList(g))}`;
  return examples ? `${head}\n${p.dim(`        e.g. ${g.examples.join(", ")}`)}` : head;
}

/** What a group's line says: the shape of the failure in plain words, or its first check's own message. */
export function headline(g: ProblemGroup): string {
  return g.cause;
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Control characters from an implementation's messages must not drive the terminal. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "\uFFFD");
}

/** Longest value shown whole on one line; longer ones are cut around their first difference. */
const INLINE = 120;

function describe(r: CheckResult, p: Paint): string[] {
  const mark = r.status === "failed" ? p.red(MARK.failed) : p.yellow(MARK.errored);
  const lines = [
    `    ${mark} ${r.id} ${p.dim(`[${r.requirements.join(", ")}] ${r.profile}${r.gating ? "" : " (advisory)"}, ${r.status}`)}`,
  ];
  if (r.message) lines.push(`        ${printable(r.message)}`);
  if (r.mismatch) lines.push(...mismatchLines(r.mismatch, p));
  if (r.seed !== undefined) lines.push(p.dim(`        seed ${r.seed}, path ${r.replayPath ?? "-"}`));
  if (r.counterexample) lines.push(p.dim(`        counterexample: ${r.counterexample}`));
  return lines;
}

/** Expected vs actual at a pointer; long values cut to the same window around the first differing character. */
export function mismatchLines(m: Mismatch, p: Paint = paint(false)): string[] {
  const lines = [p.dim(`        at '${m.pointer}'`)];
  const e = oneLine(m.expected);
  const a = oneLine(m.actual);
  const sameKind =
    Array.isArray(m.expected) === Array.isArray(m.actual) &&
    typeof m.expected === typeof m.actual &&
    (m.expected === null) === (m.actual === null);
  // Values of different kinds (an element against its array) differ from the first character: show their heads.
  if ((e.length <= INLINE && a.length <= INLINE) || !sameKind) {
    lines.push(`        ${p.green("- expected:")} ${printable(cut(e, INLINE))}`);
    lines.push(`        ${p.red("+ actual:  ")} ${printable(cut(a, INLINE))}`);
    return lines;
  }
  const c = centredPair(e, a);
  lines.push(p.dim(`        first difference at character ${c.at} of ${e.length} / ${a.length}:`));
  lines.push(`        ${p.green("- expected:")} ${printable(c.expected)}`);
  lines.push(`        ${p.red("+ actual:  ")} ${printable(c.actual)}`);
  lines.push(`        ${" ".repeat(11)} ${" ".repeat(c.column)}^`);
  return lines;
}

/** A value as one line of JSON, keys sorted, invisible characters escaped (strings without their quotes' noise). */
function oneLine(v: unknown): string {
  return preview(v === undefined ? "(absent)" : JSON.parse(stableJson(v, 0)), Number.POSITIVE_INFINITY);
}

/** A one-line progress bar for a TTY (written with \r on stderr by the CLI). */
export function progressLine(
  done: number,
  total: number,
  counts: { failed: number; errored: number },
  width = 30,
): string {
  const frac = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(frac * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${counts.failed} failed ${counts.errored} errored`;
}

export function renderMutantsPretty(report: MutantsReport, opts: { color?: boolean } = {}): string {
  const p = paint(opts.color === true);
  const harmless = report.mutants.filter((m) => m.harmless).length;
  const out = [
    p.bold(
      `Mutation run (${report.mode}): ${report.mutants.length - harmless} mutants, ${harmless} harmless variants`,
    ),
  ];
  if (report.legalVariants && report.mutantsKilled) {
    const v = report.legalVariants;
    const k = report.mutantsKilled;
    out.push(`legal variants accepted ${v.accepted}/${v.total}, mutants killed ${k.killed}/${k.total}`);
  }
  out.push("");
  for (const m of report.mutants) {
    const status = m.error
      ? p.yellow(`error: ${m.error}`)
      : m.harmless
        ? m.falseAlarm
          ? p.red(`harmless but rejected by ${m.killedBy.slice(0, 3).join(", ")}`)
          : p.green("harmless, accepted")
        : m.survived
          ? p.red("SURVIVED")
          : p.green(
              `killed by ${m.killedBy.slice(0, 3).join(", ")}${m.killedBy.length > 3 ? ` (+${m.killedBy.length - 3})` : ""}`,
            );
    out.push(`  ${m.id.padEnd(40)} ${status}`);
  }
  if (report.baselineProblems.length > 0) {
    out.push(
      "",
      p.yellow(
        `${report.baselineProblems.length} check(s) do not pass against the reference and were not counted:`,
      ),
    );
    for (const b of report.baselineProblems.slice(0, 20)) out.push(`  ${b.id} (${b.status})`);
  }
  if (report.killsNothing && report.killsNothing.length > 0) {
    out.push("", `Checks that kill no mutant (${report.killsNothing.length}):`);
    for (const id of report.killsNothing) out.push(`  ${id}`);
  }
  out.push(
    "",
    `Result: ${report.ok ? p.green("PASS") : p.red("FAIL")} — ${report.survivors.length} survivor(s), ${report.falseAlarms.length} false alarm(s) in ${seconds(report.durationMs)}`,
  );
  return `${out.join("\n")}\n`;
}

// ---------- junit ----------

/** Escapes text for XML and drops characters XML 1.0 cannot carry. */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function attrs(a: Record<string, string | number>): string {
  return Object.entries(a)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join("");
}

function junitCase(r: CheckResult): string {
  const head = `    <testcase${attrs({ classname: r.area, name: r.id, time: (r.ms / 1000).toFixed(3) })}`;
  const detail = [
    `requirements: ${r.requirements.join(", ")}`,
    `profile: ${r.profile}${r.gating ? "" : " (advisory)"}`,
    ...(r.leak
      ? [
          `${r.leak.inCorrectionDelta ? "in the Correction Delta" : "only in the envelope"}: ${r.leak.pointers.join(", ")}`,
        ]
      : []),
    ...(r.mismatch ? mismatchLines(r.mismatch).map((l) => l.replace(/^ {8}/, "")) : []),
    ...(r.counterexample ? [`counterexample: ${r.counterexample}`] : []),
  ].join("\n");
  const message = r.message ?? r.status;
  if (r.status === "passed") return `${head}/>`;
  if (r.status === "skipped") return `${head}>\n      <skipped${attrs({ message })}/>\n    </testcase>`;
  // Advisory problems are reported, but as passed test cases that say so (a property and the details in
  // system-out), so they neither fail a CI gate reading the XML nor hide among the capability skips.
  if (!r.gating)
    return `${head}>\n      <properties>\n        <property${attrs({ name: "advisory", value: r.status })}/>\n        <property${attrs({ name: "profile", value: r.profile })}/>\n      </properties>\n      <system-out>${xmlEscape(`advisory ${r.status} (profile ${r.profile} does not decide the exit code): ${message}\n${detail}`)}</system-out>\n    </testcase>`;
  const tag = r.status === "failed" ? "failure" : "error";
  return `${head}>\n      <${tag}${attrs({ message, type: r.status })}>${xmlEscape(detail)}</${tag}>\n    </testcase>`;
}

export function renderJunit(report: CertifyReport): string {
  const groups = new Map<string, CheckResult[]>();
  for (const r of report.results) groups.set(r.area, [...(groups.get(r.area) ?? []), r]);
  const suites: string[] = [];
  const smokeFailures = report.smoke.checks.filter((c) => c.status === "failed").length;
  const d = report.diagnosis;
  suites.push(
    `  <testsuite${attrs({ name: "smoke", tests: report.smoke.checks.length + (d ? 1 : 0), failures: smokeFailures, errors: d ? 1 : 0, skipped: 0, time: (report.smoke.checks.reduce((n, c) => n + c.ms, 0) / 1000).toFixed(3) })}>`,
  );
  if (d) {
    // FC-CERT-22: the broken implementation's diagnosis is the first thing a CI log shows.
    suites.push(
      `    <testcase${attrs({ classname: "smoke", name: "smoke.diagnosis", time: "0.000" })}>\n      <error${attrs({ message: d.summary, type: "broken" })}>${xmlEscape(diagnosisLines(d).join("\n"))}</error>\n    </testcase>`,
    );
  }
  for (const c of report.smoke.checks) {
    const head = `    <testcase${attrs({ classname: "smoke", name: `smoke.${c.name}`, time: (c.ms / 1000).toFixed(3) })}`;
    suites.push(
      c.status === "passed"
        ? `${head}/>`
        : `${head}>\n      <failure${attrs({ message: c.message ?? "failed", type: "failed" })}/>\n    </testcase>`,
    );
  }
  suites.push("  </testsuite>");
  let failures = smokeFailures;
  let errors = d ? 1 : 0;
  let skipped = 0;
  for (const [area, rs] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const f = rs.filter((r) => r.gating && r.status === "failed").length;
    const e = rs.filter((r) => r.gating && r.status === "errored").length;
    const s = rs.filter((r) => r.status === "skipped").length;
    failures += f;
    errors += e;
    skipped += s;
    const time = rs.reduce((n, r) => n + r.ms, 0) / 1000;
    suites.push(
      `  <testsuite${attrs({ name: area, tests: rs.length, failures: f, errors: e, skipped: s, time: time.toFixed(3) })}>`,
    );
    for (const r of rs) suites.push(junitCase(r));
    suites.push("  </testsuite>");
  }
  const tests = report.results.length + report.smoke.checks.length + (d ? 1 : 0);
  const root = attrs({
    name: `${report.suite.name} ${report.suite.version} — ${report.implementation.name} ${report.implementation.version}`,
    tests,
    failures,
    errors,
    skipped,
    time: (report.durationMs / 1000).toFixed(3),
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${root}>\n${suites.join("\n")}\n</testsuites>\n`;
}

/** Skip-list globs that cover passing checks while still skipping failures (FC-CERT-23), with those checks. */
export function narrowings(report: CertifyReport): { entry: string; passing: string[]; narrower: string }[] {
  const byEntry = new Map<string, string[]>();
  for (const r of report.results)
    if (r.status === "passed" && r.skipEntry !== undefined)
      byEntry.set(r.skipEntry, [...(byEntry.get(r.skipEntry) ?? []), r.id]);
  return [...byEntry].map(([entry, passing]) => ({
    entry,
    passing,
    narrower: `${entry}${passing.map((id) => `,!${id}`).join("")}`,
  }));
}
