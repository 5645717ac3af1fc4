// FC-REPORT-9..11: several certification reports as one check × implementation matrix, regressions first.
import type { CertifyReport, CheckResult, CheckStatus, ReportSummary } from "../runner/types.ts";
import { escapeHtml as e, htmlText, revealInvisible } from "./escape.ts";
import {
  chip,
  diffHtml,
  emptyNote,
  filterBar,
  requirementChips,
  STATUS_MARK,
  searchText,
  statusChip,
} from "./fragments.ts";
import { page } from "./page.ts";
import { CLIENT_SCRIPT } from "./script.ts";

export interface ReportInput {
  report: CertifyReport;
  /** Where it came from (a file name). */
  source?: string;
}

/** A check's outcome in one report; `absent` when that report has no such check. */
export type Outcome = CheckStatus | "absent";

/**
 * regressed: in some pair of neighbouring reports (in the order given, oldest first) the check passed in the
 *   first and failed or errored in the second;
 * changed: the outcomes differ in another way (skipped, absent, failed ↔ errored) and nothing regressed;
 * fixed: some neighbouring pair goes from failed or errored to passed, nothing regressed, and nothing else changed;
 * same: one outcome everywhere.
 */
export type Change = "regressed" | "changed" | "fixed" | "same";
export const CHANGE_ORDER: readonly Change[] = ["regressed", "changed", "fixed", "same"];

export interface Column {
  /** A, B, C, … */
  key: string;
  label: string;
  source?: string;
  implementation: CertifyReport["implementation"];
  suiteVersion: string;
  startedAt: string;
  seed: number;
  ok: boolean;
  summary: ReportSummary;
}

export interface ComparedCheck {
  id: string;
  area: string;
  requirements: string[];
  outcomes: Outcome[];
  change: Change;
  /** The result in each report (null when absent). */
  results: (CheckResult | null)[];
}

export interface Comparison {
  columns: Column[];
  /** Sorted by change (regressed, changed, fixed, same), then by id. */
  rows: ComparedCheck[];
  counts: Record<Change, number>;
  /** Things that make the reports hard to compare (different suites, seeds, selections). */
  warnings: string[];
}

const bad = (o: Outcome) => o === "failed" || o === "errored";

export function classify(outcomes: readonly Outcome[]): Change {
  let regressed = false;
  let fixed = false;
  let other = false;
  for (let i = 1; i < outcomes.length; i++) {
    const a = outcomes[i - 1]!;
    const b = outcomes[i]!;
    if (a === b) continue;
    if (a === "passed" && bad(b)) regressed = true;
    else if (bad(a) && b === "passed") fixed = true;
    else other = true;
  }
  if (regressed) return "regressed";
  if (other) return "changed";
  return fixed ? "fixed" : "same";
}

export function columnKey(i: number): string {
  let s = "";
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** Combines reports (oldest first when they are versions of one implementation) into one matrix. */
export function compareReports(inputs: readonly ReportInput[]): Comparison {
  const labels = inputs.map(({ report }) => `${report.implementation.name} ${report.implementation.version}`);
  const columns: Column[] = inputs.map(({ report, source }, i) => {
    const clash = labels.filter((l) => l === labels[i]).length > 1;
    return {
      key: columnKey(i),
      label:
        clash && source !== undefined
          ? `${labels[i]} (${source})`
          : clash
            ? `${labels[i]} #${i + 1}`
            : labels[i]!,
      ...(source !== undefined ? { source } : {}),
      implementation: report.implementation,
      suiteVersion: report.suite.version,
      startedAt: report.startedAt,
      seed: report.options.seed,
      ok: report.ok,
      summary: report.summary,
    };
  });
  const byId = new Map<string, (CheckResult | null)[]>();
  inputs.forEach(({ report }, i) => {
    for (const r of report.results) {
      let row = byId.get(r.id);
      if (row === undefined) {
        row = inputs.map(() => null);
        byId.set(r.id, row);
      }
      row[i] = r;
    }
  });
  const rows: ComparedCheck[] = [...byId].map(([id, results]) => {
    const outcomes = results.map((r) => r?.status ?? "absent");
    const known = results.filter((r): r is CheckResult => r !== null);
    const last = known[known.length - 1]!;
    return {
      id,
      area: last.area,
      requirements: [...new Set(known.flatMap((r) => r.requirements))].sort(),
      outcomes,
      change: classify(outcomes),
      results,
    };
  });
  rows.sort(
    (a, b) =>
      CHANGE_ORDER.indexOf(a.change) - CHANGE_ORDER.indexOf(b.change) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const counts: Record<Change, number> = { regressed: 0, changed: 0, fixed: 0, same: 0 };
  for (const r of rows) counts[r.change]++;
  return { columns, rows, counts, warnings: warningsFor(inputs) };
}

function warningsFor(inputs: readonly ReportInput[]): string[] {
  const out: string[] = [];
  const distinct = <T>(f: (r: CertifyReport) => T) =>
    new Set(inputs.map(({ report }) => JSON.stringify(f(report)))).size > 1;
  if (distinct((r) => r.suite.version))
    out.push("the reports come from different suite versions: some checks may exist in only one");
  if (distinct((r) => [r.options.filter, r.options.shard, r.options.profiles]))
    out.push(
      "the reports select different checks (filter, shard or profiles): checks missing from a report show as absent",
    );
  if (distinct((r) => r.options.seed))
    out.push("the property checks ran with different seeds: their outcomes can differ by chance");
  inputs.forEach(({ report, source }, i) => {
    if (report.bailed)
      out.push(
        `report ${columnKey(i)}${source ? ` (${source})` : ""} stopped early (--bail): its later checks are skipped`,
      );
  });
  return out;
}

// ---------- text ----------

interface Paint {
  red: (s: string) => string;
  green: (s: string) => string;
  yellow: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

function paint(color: boolean): Paint {
  const w = (o: number, c: number) => (s: string) => (color ? `\u001b[${o}m${s}\u001b[${c}m` : s);
  return { red: w(31, 39), green: w(32, 39), yellow: w(33, 39), dim: w(2, 22), bold: w(1, 22) };
}

const HEADINGS: Record<Change, [string, string]> = {
  regressed: ["Regressed", "passed in one report, failed or errored in the next"],
  changed: ["Changed", "skipped, absent from a report, or failed <-> errored"],
  fixed: ["Fixed", "failed or errored in one report, passed in the next"],
  same: ["Same", "one outcome in every report"],
};

/** The terminal form: who is who, then each group of differing checks with one mark per report. */
export function renderComparisonText(
  c: Comparison,
  opts: { color?: boolean; maxRows?: number; showSame?: boolean } = {},
): string {
  const p = paint(opts.color === true);
  const max = opts.maxRows ?? 100;
  const mark = (o: Outcome) => {
    const m = STATUS_MARK[o]!;
    return o === "passed" ? p.green(m) : o === "failed" ? p.red(m) : o === "errored" ? p.yellow(m) : p.dim(m);
  };
  const out: string[] = [p.bold(`Comparing ${c.columns.length} conformance reports`), ""];
  const labelWidth = Math.max(...c.columns.map((col) => col.label.length));
  for (const col of c.columns) {
    const s = col.summary;
    out.push(
      `  ${p.bold(col.key)}  ${revealInvisible(col.label).padEnd(labelWidth)}  ${col.ok ? p.green("PASS") : p.red("FAIL")}  ` +
        `${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped` +
        (col.source ? p.dim(`  ${col.source}`) : ""),
    );
  }
  for (const w of c.warnings) out.push(p.yellow(`  note: ${w}`));
  out.push(p.dim(`  marks: ✓ passed  ✗ failed  ! errored  – skipped  · absent`));
  const keys = c.columns.map((col) => col.key).join(" ");
  for (const change of CHANGE_ORDER) {
    if (change === "same" && opts.showSame !== true) continue;
    const rows = c.rows.filter((r) => r.change === change);
    if (rows.length === 0) continue;
    const colour =
      change === "regressed" ? p.red : change === "changed" ? p.yellow : change === "fixed" ? p.green : p.dim;
    const [name, meaning] = HEADINGS[change];
    out.push(
      "",
      `${colour(p.bold(`${name} (${rows.length})`))} ${p.dim(`— ${meaning}`)}`,
      `  ${p.dim(keys)}`,
    );
    for (const r of rows.slice(0, max)) {
      const marks = r.outcomes.map((o, i) => mark(o) + " ".repeat(c.columns[i]!.key.length - 1)).join(" ");
      out.push(`  ${marks}  ${revealInvisible(r.id)}  ${p.dim(r.requirements.join(", "))}`);
    }
    if (rows.length > max)
      out.push(p.dim(`  … and ${rows.length - max} more (use --json or --html for all)`));
  }
  out.push(
    "",
    `Result: ${c.counts.regressed > 0 ? p.red(`${c.counts.regressed} regressed`) : "0 regressed"}, ${c.counts.changed} changed, ` +
      `${c.counts.fixed} fixed, ${c.counts.same} same (${c.rows.length} checks)`,
  );
  return `${out.join("\n")}\n`;
}

// ---------- html ----------

const LIST = "matrix";

/** The comparison as one self-contained page: who is who, then a filterable check × report matrix. */
export function renderComparisonHtml(c: Comparison): string {
  const header = `<header><h1>Comparing ${c.columns.length} conformance reports</h1>
<table><thead><tr><th></th><th>implementation</th><th>verdict</th><th class="num">passed</th><th class="num">failed</th><th class="num">errored</th><th class="num">skipped</th><th>suite</th><th>started</th><th>file</th></tr></thead><tbody>
${c.columns
  .map(
    (col) =>
      `<tr><td><strong>${e(col.key)}</strong></td><td>${htmlText(col.label)} <span class="muted">${e(col.implementation.language)}</span></td><td>${chip(col.ok ? "PASS" : "FAIL")}</td><td class="num">${col.summary.passed}</td><td class="num">${col.summary.failed}</td><td class="num">${col.summary.errored}</td><td class="num">${col.summary.skipped}</td><td>${e(col.suiteVersion)}</td><td>${e(col.startedAt)}</td><td class="mono">${col.source ? htmlText(col.source) : ""}</td></tr>`,
  )
  .join("\n")}
</tbody></table>
<p><strong>${c.counts.regressed} regressed</strong>, ${c.counts.changed} changed, ${c.counts.fixed} fixed, ${c.counts.same} same — ${c.rows.length} checks.</p>
${c.warnings.map((w) => `<p class="muted">Note: ${e(w)}.</p>`).join("\n")}
</header>`;
  const areas = [...new Set(c.rows.map((r) => r.area))].sort();
  const anyDiff = c.counts.regressed + c.counts.changed + c.counts.fixed > 0;
  const body = c.rows.map((r) => {
    const cells = r.outcomes
      .map((o, i) => {
        const res = r.results[i];
        const title = res?.message ? ` title="${e(res.message)}"` : "";
        return `<td${title}>${o === "absent" ? chip("absent", "· absent") : statusChip(o)}</td>`;
      })
      .join("");
    const why = r.results
      .map((res, i) => {
        const key = `<strong>${e(c.columns[i]!.key)}</strong>`;
        if (res === null) return `<p>${key} ${chip("absent", "· absent")} this report has no such check</p>`;
        if (res.status === "passed") return "";
        const text = res.message ?? res.skipReason;
        return `<p>${key} ${statusChip(res.status)} ${text ? htmlText(text) : ""}</p>${res.mismatch ? diffHtml(res.mismatch) : ""}`;
      })
      .join("");
    const details =
      r.change === "same" || why === ""
        ? ""
        : `<details><summary class="muted">why</summary>${why}</details>`;
    return `<tr data-item id="r-${e(r.id)}" class="${r.change}" data-status="${r.change}" data-area="${e(r.area)}" data-text="${e(searchText([r.id, r.area, ...r.requirements]))}"><td>${chip(r.change)}</td><td><span class="mono">${e(r.id)}</span>${details}</td><td>${requirementChips(r.requirements)}</td>${cells}</tr>`;
  });
  const table = `<section id="matrix-section"><h2>Checks × reports</h2>
${filterBar({
  listId: LIST,
  statuses: CHANGE_ORDER.map((ch) => ({
    value: ch,
    label: ch,
    count: c.counts[ch],
    checked: ch !== "same" || !anyDiff,
  })),
  areas,
  placeholder: "search ids or requirements ( / )",
})}
<table id="${LIST}" data-list><thead><tr><th>change</th><th>check</th><th>requirements</th>${c.columns
    .map((col) => `<th title="${e(col.label)}">${e(col.key)}</th>`)
    .join("")}</tr></thead><tbody>
${body.join("\n")}
</tbody></table>
${emptyNote(LIST, "No check matches these filters.")}
</section>`;
  return page({
    title: `${c.counts.regressed} regressed — comparison of ${c.columns.length} conformance reports`,
    body: [
      header,
      table,
      `<footer><p class="muted">Made by <code>feedback-compactor report</code>. Self-contained: loads nothing from the network.</p></footer>`,
    ].join("\n"),
    script: CLIENT_SCRIPT,
  });
}
