// FC-MATRIX-8: each implementation's results across matrix runs (runs or versions), what changed, regressions first.
import type { Badge } from "./badge.ts";
import { type Change, type Comparison, compareReports } from "./compare.ts";
import { escapeHtml as e, htmlText, revealInvisible } from "./escape.ts";
import { chip, requirementChips, STATUS_MARK, statusChip } from "./fragments.ts";
import type { Handshake, MatrixDocument } from "../runner/matrix.ts";
import type { AreaSummary } from "../runner/types.ts";

export interface HistoryInput {
  doc: MatrixDocument;
  /** Where it came from (a file name). */
  source: string;
}

/** One implementation in one matrix run. */
export interface HistoryRun {
  /** 1-based number of the matrix run (the order given, oldest first). */
  run: number;
  source: string;
  startedAt: string;
  suite: { version: string; commit: string | null };
  handshake: Handshake | null;
  verdict: "pass" | "fail" | "error";
  counts?: AreaSummary & { total: number };
  badge: Badge;
  error?: string;
}

export interface ImplementationHistory {
  /** The registry name it runs under. */
  name: string;
  runs: HistoryRun[];
  /**
   * The comparison of its reports, oldest first (FC-REPORT-9: regressed, changed, fixed, same); null when fewer than
   * two runs have a report.
   */
  comparison: Comparison | null;
  counts: Record<Change, number>;
}

export interface History {
  documents: { run: number; source: string; startedAt: string; version: string; commit: string | null }[];
  /** Implementations with regressions first (most first), then in the order they appear. */
  implementations: ImplementationHistory[];
  warnings: string[];
}

const NONE: Record<Change, number> = { regressed: 0, changed: 0, fixed: 0, same: 0 };

/** Each implementation's runs across the matrix documents (given oldest first) and what changed between them. */
export function matrixHistory(inputs: readonly HistoryInput[]): History {
  const names: string[] = [];
  // Newest first decides the order of names; older-only implementations follow.
  for (const { doc } of [...inputs].reverse())
    for (const i of doc.implementations) if (!names.includes(i.name)) names.push(i.name);
  const implementations = names.map((name): ImplementationHistory => {
    const runs: HistoryRun[] = [];
    const reports: {
      report: NonNullable<MatrixDocument["implementations"][number]["report"]>;
      source: string;
    }[] = [];
    inputs.forEach(({ doc, source }, k) => {
      const entry = doc.implementations.find((i) => i.name === name);
      if (entry === undefined) return;
      const s = entry.summary;
      runs.push({
        run: k + 1,
        source,
        startedAt: doc.startedAt,
        suite: { version: doc.suite.version, commit: doc.suite.commit },
        handshake: entry.handshake,
        verdict: entry.verdict,
        ...(s !== undefined
          ? {
              counts: {
                total: s.total,
                passed: s.passed,
                failed: s.failed,
                errored: s.errored,
                skipped: s.skipped,
              },
            }
          : {}),
        badge: entry.badge,
        ...(entry.error !== undefined ? { error: entry.error.message } : {}),
      });
      if (entry.report !== undefined) reports.push({ report: entry.report, source: `run ${k + 1}` });
    });
    const comparison = reports.length >= 2 ? compareReports(reports) : null;
    return { name, runs, comparison, counts: comparison?.counts ?? { ...NONE } };
  });
  const order = new Map(names.map((n, i) => [n, i]));
  implementations.sort(
    (a, b) => b.counts.regressed - a.counts.regressed || order.get(a.name)! - order.get(b.name)!,
  );
  const warnings: string[] = [];
  const starts = inputs.map((i) => i.doc.startedAt);
  if (starts.some((s, i) => i > 0 && s < starts[i - 1]!))
    warnings.push("the documents are not in the order they were made: give them oldest first");
  const selections = new Set(
    inputs.map(({ doc }) => JSON.stringify({ ...doc.selection, seed: null, timeoutMs: null })),
  );
  if (selections.size > 1)
    warnings.push(
      "the runs select different checks (filter, shard, profiles): checks missing from a run show as absent",
    );
  if (new Set(inputs.map(({ doc }) => doc.selection.seed)).size > 1)
    warnings.push("the property checks ran with different seeds: their outcomes can differ by chance");
  return {
    documents: inputs.map(({ doc, source }, k) => ({
      run: k + 1,
      source,
      startedAt: doc.startedAt,
      version: doc.suite.version,
      commit: doc.suite.commit,
    })),
    implementations,
    warnings,
  };
}

/** The total of every implementation's regressions. */
export function regressions(h: History): number {
  return h.implementations.reduce((n, i) => n + i.counts.regressed, 0);
}

const short = (commit: string | null) => (commit === null ? "no commit" : commit.slice(0, 12));

function runLabel(r: HistoryRun): string {
  const who = r.handshake ? `${r.handshake.name} ${r.handshake.version}` : "not run";
  const counts = r.counts
    ? `${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.errored} errored, ${r.counts.skipped} skipped`
    : (r.error ?? "");
  return `${who}  ${r.verdict.toUpperCase()}  ${counts}`;
}

/** The terminal form: the runs, then per implementation (regressions first) its changed checks, one mark per run. */
export function renderHistoryText(h: History, opts: { maxRows?: number; showSame?: boolean } = {}): string {
  const max = opts.maxRows ?? 50;
  const out = [`History of ${h.documents.length} matrix runs (oldest first)`];
  for (const d of h.documents)
    out.push(
      `  ${d.run}  ${d.startedAt}  suite ${d.version} @ ${short(d.commit)}  ${revealInvisible(d.source)}`,
    );
  for (const w of h.warnings) out.push(`  note: ${w}`);
  for (const impl of h.implementations) {
    const c = impl.counts;
    out.push(
      "",
      `${impl.name} — ${c.regressed} regressed, ${c.changed} changed, ${c.fixed} fixed, ${c.same} same`,
    );
    for (const r of impl.runs) out.push(`  run ${r.run}: ${revealInvisible(runLabel(r))}`);
    const rows = (impl.comparison?.rows ?? []).filter((r) => opts.showSame === true || r.change !== "same");
    if (rows.length === 0) continue;
    const keys = impl.comparison!.columns.map((col) => col.source!.replace("run ", "")).join(" ");
    out.push(`  ${keys}`);
    for (const r of rows.slice(0, max))
      out.push(
        `  ${r.outcomes.map((o) => STATUS_MARK[o]).join(" ")}  ${r.change.padEnd(9)} ${revealInvisible(r.id)}  ${r.requirements.join(", ")}`,
      );
    if (rows.length > max) out.push(`  … and ${rows.length - max} more (use --json or --html for all)`);
  }
  out.push("", `Result: ${regressions(h)} regressed across ${h.implementations.length} implementations`);
  return `${out.join("\n")}\n`;
}

/** The history section of the matrix page: the runs, then each implementation's changes, regressions first. */
export function historySection(h: History, checkAnchors: ReadonlySet<string>): string {
  const docs = `<table><thead><tr><th>run</th><th>started</th><th>suite</th><th>commit</th><th>file</th></tr></thead><tbody>${h.documents
    .map(
      (d) =>
        `<tr><td class="num">${d.run}</td><td>${e(d.startedAt)}</td><td>${e(d.version)}</td><td class="mono">${e(short(d.commit))}</td><td class="mono">${htmlText(d.source)}</td></tr>`,
    )
    .join("")}</tbody></table>`;
  const impls = h.implementations.map((impl) => {
    const c = impl.counts;
    const runs = `<table><thead><tr><th>run</th><th>implementation</th><th>verdict</th><th class="num">passed</th><th class="num">failed</th><th class="num">errored</th><th class="num">skipped</th><th>badge</th></tr></thead><tbody>${impl.runs
      .map(
        (r) =>
          `<tr><td class="num">${r.run}</td><td>${r.handshake ? `${htmlText(r.handshake.name)} ${htmlText(r.handshake.version)}` : `<span class="muted">not run${r.error ? `: ${htmlText(r.error)}` : ""}</span>`}</td><td>${chip(r.verdict === "pass" ? "PASS" : r.verdict === "fail" ? "FAIL" : "error", r.verdict.toUpperCase())}</td>${
            r.counts
              ? `<td class="num">${r.counts.passed}</td><td class="num">${r.counts.failed}</td><td class="num">${r.counts.errored}</td><td class="num">${r.counts.skipped}</td>`
              : `<td></td><td></td><td></td><td></td>`
          }<td>${e(r.badge.message)}</td></tr>`,
      )
      .join("")}</tbody></table>`;
    const rows = (impl.comparison?.rows ?? []).filter((r) => r.change !== "same");
    const table =
      impl.comparison === null
        ? `<p class="muted">Fewer than two runs with a report: nothing to compare.</p>`
        : rows.length === 0
          ? `<p class="muted">No check changed.</p>`
          : `<table class="history-rows"><thead><tr><th>change</th><th>check</th><th>requirements</th>${impl.comparison.columns
              .map((col) => `<th title="${e(col.label)}">${e(col.source!.replace("run ", ""))}</th>`)
              .join("")}</tr></thead><tbody>${rows
              .map(
                (r) =>
                  `<tr class="${r.change}"><td>${chip(r.change)}</td><td>${checkAnchors.has(r.id) ? `<a class="mono" href="#c-${e(r.id)}">${e(r.id)}</a>` : `<span class="mono">${e(r.id)}</span>`}</td><td>${requirementChips(r.requirements)}</td>${r.outcomes
                    .map((o, i) => {
                      const res = r.results[i];
                      return `<td${res?.message ? ` title="${e(res.message)}"` : ""}>${o === "absent" ? chip("absent", "· absent") : statusChip(o)}</td>`;
                    })
                    .join("")}</tr>`,
              )
              .join("")}</tbody></table>`;
    return `<details class="history" id="h-${e(impl.name)}"${c.regressed > 0 ? " open" : ""}><summary><strong>${e(impl.name)}</strong> ${
      c.regressed > 0 ? chip("regressed", `${c.regressed} regressed`) : ""
    } <span class="muted">${c.changed} changed, ${c.fixed} fixed, ${c.same} same · ${impl.runs.length} run${impl.runs.length === 1 ? "" : "s"}</span></summary>${runs}${table}</details>`;
  });
  return `<section id="history"><h2>History (${h.documents.length} runs, ${regressions(h)} regressed)</h2>
<p class="muted">Each implementation across the matrix runs, oldest first; a check that passed in one run and failed or errored in the next is a regression (implementations with regressions first, then their regressed checks first).</p>
${docs}
${h.warnings.map((w) => `<p class="muted">Note: ${e(w)}.</p>`).join("\n")}
${impls.join("\n")}
</section>`;
}
