// FC-REPORT-1..7: `certify --reporter html` — one self-contained page for a certification or mutation report.
import { leakPlace } from "../runner/leak.ts";
import { groupsOf, rerunCommand } from "../runner/problems.ts";
import { headline, narrowings } from "./render.ts";
import type {
  CertifyReport,
  CheckResult,
  MutantOutcome,
  MutantsReport,
  ProblemGroup,
} from "../runner/types.ts";
import { clip, escapeHtml as e, htmlText, shellWord } from "./escape.ts";
import {
  bar,
  chip,
  commandBlock,
  diffHtml,
  emptyNote,
  filterBar,
  requirementChips,
  STATUS_ORDER,
  searchText,
  statusChip,
} from "./fragments.ts";
import { page } from "./page.ts";
import { CLIENT_SCRIPT } from "./script.ts";

export interface HtmlOptions {
  /** Text of saved counterexample files, keyed by the path the report names (read at the edge). */
  counterexamples?: Readonly<Record<string, string>>;
  /** Where the report came from (a file name), shown in the header. */
  source?: string;
}

/** Longest counterexample text shown inline. */
export const MAX_COUNTEREXAMPLE_CHARS = 20_000;

/** Renders a certification report, or a mutation report with its kill matrix, as one HTML document. */
export function renderHtmlReport(report: CertifyReport | MutantsReport, options: HtmlOptions = {}): string {
  return report.kind === "mutation" ? renderMutation(report, options) : renderCertification(report, options);
}

const LIST = "checks";

function renderCertification(report: CertifyReport, options: HtmlOptions): string {
  const impl = report.implementation;
  const s = report.summary;
  const ctx = { n: 0, report, options };
  const implCommand = impl.command ? ` -- ${impl.command.map(shellWord).join(" ")}` : "";
  const problems = report.results.filter((r) => r.status === "failed" || r.status === "errored");
  const verdict = report.ok ? "PASS" : "FAIL";

  const header = `<header>
<h1>Conformance of ${e(impl.name)} ${e(impl.version)} ${chip(verdict)}</h1>
<p class="muted">${e(impl.language)} · capabilities: ${e(impl.capabilities.join(", ") || "none")} · suite ${e(report.suite.name)} ${e(report.suite.version)} · protocol v${report.protocol.version}</p>
<p><strong>${s.total} checks:</strong> ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped${
    s.gatingProblems > 0
      ? ` · <strong>${s.gatingProblems} problem${s.gatingProblems === 1 ? "" : "s"} decide${s.gatingProblems === 1 ? "s" : ""} the verdict</strong>`
      : ""
  }${report.smoke.ok ? "" : " · <strong>the smoke check of the adapter failed</strong>"}</p>
${bar(s)}
<p class="legend muted"><span class="sw passed"></span>passed <span class="sw failed"></span>failed <span class="sw errored"></span>errored <span class="sw skipped"></span>skipped</p>
<dl class="meta wide">
${meta("started", report.startedAt)}${meta("duration", `${(report.durationMs / 1000).toFixed(1)} s`)}${meta("seed", String(report.options.seed))}${meta(
  "runs per property",
  String(report.options.runs),
)}${meta("profiles", `${report.options.profiles.join(", ")} (only gating checks decide the verdict; the others are advisory)`)}${
  report.options.filter !== null ? meta("filter", report.options.filter) : ""
}${report.options.shard ? meta("shard", `${report.options.shard.index} of ${report.options.shard.count}`) : ""}${meta(
  "timeout",
  `${report.options.timeoutMs} ms per request`,
)}${meta("jobs", String(report.options.jobs))}${meta("restarts", String(report.restarts))}${report.bailed ? meta("stopped early", "yes (--bail)") : ""}${
  impl.command
    ? meta("command", impl.command.map(shellWord).join(" "))
    : meta("implementation", "the built-in reference, in-process")
}${impl.homepage ? meta("homepage", impl.homepage) : ""}${options.source ? meta("report file", options.source) : ""}
</dl>
</header>`;

  // FC-CERT-22: a broken implementation's one diagnosis, right after the header.
  const d = report.diagnosis;
  const diagnosis = d
    ? `<section id="diagnosis"><h2>The implementation is broken ${chip("errored")}</h2><p><strong>${htmlText(d.summary)}.</strong></p><p class="muted">Found by ${htmlText(d.found)}; ${
        d.stopped
          ? "the run stopped there (<code>--keep-going</code> runs every check anyway)"
          : "the run went on"
      }.</p><dl class="meta wide">${d.stdoutLine !== undefined ? meta("stdout line starts", JSON.stringify(d.stdoutLine)) : ""}${d.exitCode !== undefined ? meta("exit code", String(d.exitCode)) : ""}${d.signal !== undefined ? meta("signal", d.signal) : ""}${d.timeoutMs !== undefined ? meta("timeout", `${d.timeoutMs} ms per request`) : ""}${d.restarts !== undefined ? meta("restarts", String(d.restarts)) : ""}</dl>${
        d.stderr
          ? `<p>Last lines on stderr:</p><pre class="stderr">${htmlText(d.stderr.join("\n"))}</pre>`
          : ""
      }<p>What to do: ${htmlText(d.hint)}</p></section>`
    : "";

  const smoke = `<section id="smoke"><h2>Smoke check of the adapter ${chip(report.smoke.ok ? "passed" : "failed", report.smoke.ok ? "ok" : "failed")}</h2>
<table><thead><tr><th>check</th><th>status</th><th>requirements</th><th class="num">ms</th><th>message</th></tr></thead><tbody>
${report.smoke.checks
  .map(
    (c) =>
      `<tr><td class="mono">${e(c.name)}</td><td>${statusChip(c.status)}</td><td>${requirementChips(c.requirements)}</td><td class="num">${c.ms}</td><td>${
        c.message ? htmlText(c.message) : ""
      }</td></tr>`,
  )
  .join("\n")}
</tbody></table></section>`;

  const areas = Object.keys(s.byArea).sort();
  const areaTable = `<section id="areas"><h2>By spec area</h2>
<table><thead><tr><th>area</th><th>share</th><th class="num">passed</th><th class="num">failed</th><th class="num">errored</th><th class="num">skipped</th><th class="num">total</th></tr></thead><tbody>
${areas
  .map((a) => {
    const c = s.byArea[a]!;
    const total = c.passed + c.failed + c.errored + c.skipped;
    return `<tr data-area-row="${e(a)}"><td><button type="button" class="link mono" data-for="${LIST}" data-set-area="${e(a)}" title="show this area's checks">${e(a)}</button></td><td>${bar(c)}</td><td class="num">${c.passed}</td><td class="num">${c.failed}</td><td class="num">${c.errored}</td><td class="num">${c.skipped}</td><td class="num">${total}</td></tr>`;
  })
  .join("\n")}
</tbody></table></section>`;

  const byReq = new Map<string, number>();
  for (const r of problems) for (const q of r.requirements) byReq.set(q, (byReq.get(q) ?? 0) + 1);
  const reqSection =
    byReq.size === 0
      ? ""
      : `<section id="requirements"><h2>Requirements with failing or erroring checks</h2><p>${[...byReq]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(
            ([q, n]) =>
              `<button type="button" class="link req" data-for="${LIST}" data-set-q="${e(q.toLowerCase())}">${e(q)} (${n})</button>`,
          )
          .join(" ")}</p></section>`;

  const rerun =
    problems.length === 0
      ? ""
      : `<section id="rerun"><h2>Re-run exactly the ${problems.length} failing check${problems.length === 1 ? "" : "s"}</h2>${commandBlock(
          report.rerun?.command ?? rerunCommand(report),
          ctx.n++,
        )}${
          report.rerun?.idFile
            ? `<p class="muted">The ids are in <code>${htmlText(report.rerun.idFile)}</code>, written next to the report; <code>--rerun FILE</code> runs exactly them.</p>`
            : ""
        }</section>`;
  const groups = groupSection(groupsOf(report));

  // FC-CERT-23: skip-list globs that also cover checks passing now, each with the narrower entry to write instead.
  const narrow = narrowings(report);
  const narrowSection =
    narrow.length === 0
      ? ""
      : `<section id="narrow"><h2>Skip list: narrow ${narrow.length === 1 ? "this glob" : `these ${narrow.length} globs`}</h2><p class="muted">Each still skips failing checks, but also covers checks that pass now.</p><ul>${narrow
          .map(
            (n) =>
              `<li><code>${e(n.entry)}</code> covers ${n.passing.length} passing check${n.passing.length === 1 ? "" : "s"} (${n.passing
                .map((id) => `<a class="mono" href="#c-${e(id)}">${e(id)}</a>`)
                .join(", ")}); write <code>${e(n.narrower)}</code></li>`,
          )
          .join("")}</ul></section>`;

  const sorted = [...report.results].sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const counts = { passed: s.passed, failed: s.failed, errored: s.errored, skipped: s.skipped };
  const anyProblem = s.failed + s.errored + s.skipped > 0;
  const checks = `<section id="checks-section"><h2>Checks</h2>
${filterBar({
  listId: LIST,
  statuses: STATUS_ORDER.map((st) => ({
    value: st,
    label: st,
    count: counts[st],
    checked: st !== "passed" || !anyProblem,
  })),
  areas,
  placeholder: "search ids, requirements, messages ( / )",
  expandable: true,
})}
<div id="${LIST}" data-list>
${sorted.map((r) => checkItem(r, ctx, implCommand)).join("\n")}
</div>
${emptyNote(LIST, "No check matches these filters.")}
</section>`;

  const body = [
    header,
    diagnosis,
    groups,
    narrowSection,
    smoke,
    areaTable,
    reqSection,
    rerun,
    checks,
    footer(),
  ].join("\n");
  return page({
    title: `${verdict}: ${impl.name} ${impl.version} — conformance report`,
    body,
    script: CLIENT_SCRIPT,
  });
}

/** Groups listed open in "Fix these first"; the rest are folded. */
export const SHOWN_GROUPS = 10;

/** "Fix these first": the problem groups, most urgent first, each with up to three example checks (FC-REPORT-14). */
function groupSection(groups: ProblemGroup[]): string {
  if (groups.length === 0) return "";
  const total = groups.reduce((n, g) => n + g.checks.length, 0);
  const gating = groups.filter((g) => g.gating).length;
  const items = groups.map((g, i) => {
    const link = (id: string) => `<a class="mono" href="#c-${e(id)}">${e(id)}</a>`;
    const rest = g.checks.slice(g.examples.length);
    const reqButton = (q: string) =>
      `<button type="button" class="link req" data-for="${LIST}" data-set-q="${e(q.toLowerCase())}" title="show every check citing ${e(q)}">${e(q)}</button>`;
    return `<li class="group ${g.gating ? "gating" : "advisory"}" data-group="${i + 1}"><div class="ghead">${chip(g.status)} <strong>${g.checks.length} check${g.checks.length === 1 ? "" : "s"}</strong> ${
      g.gating ? chip("failed", "gating") : chip("skipped", "advisory")
    }</div><p class="headline">${htmlText(headline(g))}</p><p class="muted cause">citing ${g.requirements.map(reqButton).join(" ")}</p><p class="examples">e.g. ${g.examples.map(link).join(", ")}</p>${
      rest.length > 0
        ? `<details class="more"><summary>${rest.length} more in this group</summary><p>${rest.map(link).join(", ")}</p></details>`
        : ""
    }</li>`;
  });
  return `<section id="problems"><h2>Fix these first</h2><p>${total} failing or erroring check${total === 1 ? "" : "s"} in ${groups.length} group${
    groups.length === 1 ? "" : "s"
  } by what to fix (${gating} gating, ${groups.length - gating} advisory), gating first, biggest first.</p><ol class="groups">${items
    .slice(0, SHOWN_GROUPS)
    .join("\n")}</ol>${
    items.length > SHOWN_GROUPS
      ? `<details class="more-groups"><summary>${items.length - SHOWN_GROUPS} more group${items.length - SHOWN_GROUPS === 1 ? "" : "s"}</summary><ol class="groups" start="${SHOWN_GROUPS + 1}">${items
          .slice(SHOWN_GROUPS)
          .join("\n")}</ol></details>`
      : ""
  }</section>`;
}

/** Where a text that must be absent appears: every pointer, and whether it reaches the Delta (FC-REPORT-14). */
function leakHtml(r: CheckResult): string {
  const l = r.leak!;
  return `<div class="leak ${l.inCorrectionDelta ? "in-delta" : "envelope"}"><p><strong>${
    l.inCorrectionDelta
      ? "The text reaches the Correction Delta (the Worker's prompt)."
      : htmlText(`The text ${leakPlace(l).replace(/^it /, "").replace(/^only/, "appears only")}.`)
  }</strong> It appears at:</p><ul class="pointers">${l.pointers
    .map(
      (p) =>
        `<li><code>${htmlText(p === "" ? "(the whole reply)" : p)}</code>${
          p === "/log/correctionDelta" || p.startsWith("/log/correctionDelta/")
            ? ` ${chip("failed", "Delta")}`
            : ""
        }</li>`,
    )
    .join("")}</ul></div>`;
}

function meta(k: string, v: string): string {
  return `<dt>${e(k)}</dt><dd>${htmlText(v)}</dd>`;
}

function footer(): string {
  return `<footer><p class="muted">Made by <code>feedback-compactor</code> from a conformance report v1 (spec/schemas/report.v1.json). This file is self-contained: it loads nothing from the network.</p></footer>`;
}

interface Ctx {
  n: number;
  report: CertifyReport;
  options: HtmlOptions;
}

function checkItem(r: CheckResult, ctx: Ctx, implCommand: string): string {
  const profile = `${r.profile}${r.gating ? "" : " · advisory"}`;
  const summary = `<summary>${statusChip(r.status)} <span class="id mono">${e(r.id)}</span> <span class="muted">${e(r.kind)} · ${e(profile)}</span> <span>${requirementChips(r.requirements)}</span> <span class="muted">${r.ms} ms</span></summary>`;
  const body: string[] = [];
  if (r.message) body.push(`<p>${htmlText(r.message)}</p>`);
  if (r.skipReason !== undefined) body.push(`<p>Skip list: ${htmlText(r.skipReason)}</p>`);
  body.push(
    `<dl class="meta">${meta("requirements", r.requirements.join(", ") || "none")}${meta(
      "profile",
      r.gating
        ? `${r.profile} (decides the verdict)`
        : `${r.profile} (advisory: does not decide the verdict)`,
    )}${meta("area", r.area)}${r.command ? meta("command", r.command) : ""}${meta("time", `${r.ms} ms`)}</dl>`,
  );
  if (r.leak) body.push(leakHtml(r));
  if (r.mismatch) body.push(diffHtml(r.mismatch));
  if (r.kind === "property" && r.status !== "passed" && r.status !== "skipped")
    body.push(propertyDetails(r, ctx));
  if (r.status !== "passed") {
    const seed =
      r.kind === "property"
        ? ` --seed ${r.seed ?? ctx.report.options.seed} --runs ${ctx.report.options.runs}`
        : "";
    body.push(
      `<p>Replay this check:</p>${commandBlock(`feedback-compactor certify --filter ${shellWord(r.id)}${seed}${implCommand}`, ctx.n++)}`,
    );
    if (r.counterexample !== undefined)
      body.push(
        `<p>Replay its saved counterexample (against this or any implementation):</p>${commandBlock(
          `feedback-compactor certify --case ${shellWord(r.counterexample)}${implCommand}`,
          ctx.n++,
        )}`,
      );
  }
  const text = searchText([r.id, r.area, r.kind, r.profile, ...r.requirements, r.message, r.skipReason]);
  return `<details class="check ${e(r.status)}" data-item id="c-${e(r.id)}" data-status="${e(r.status)}" data-area="${e(r.area)}" data-text="${e(text)}">${summary}<div class="body">${body.join("\n")}</div></details>`;
}

function propertyDetails(r: CheckResult, ctx: Ctx): string {
  const out: string[] = [];
  const facts = [
    r.seed !== undefined ? meta("seed", String(r.seed)) : "",
    r.replayPath !== undefined ? meta("fast-check path", r.replayPath) : "",
    r.counterexample !== undefined ? meta("counterexample file", r.counterexample) : "",
  ].join("");
  if (facts !== "") out.push(`<dl class="meta">${facts}</dl>`);
  if (r.counterexample !== undefined) {
    const text = ctx.options.counterexamples?.[r.counterexample];
    if (text === undefined) {
      out.push(
        `<p class="muted">The counterexample file was not available when this page was made; open it at the path above.</p>`,
      );
    } else {
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // shown as it is
      }
      const c = clip(pretty, MAX_COUNTEREXAMPLE_CHARS);
      out.push(
        `<p>Minimal counterexample (a replayable case):</p><pre class="counterexample">${htmlText(c.text)}</pre>` +
          (c.omitted > 0 ? `<p class="muted">… ${c.omitted} more characters in the file.</p>` : ""),
      );
    }
  }
  return out.join("\n");
}

// ---------- mutation runs ----------

type MutantState = "killed" | "survived" | "accepted" | "false-alarm" | "error";

function mutantState(m: MutantOutcome): MutantState {
  if (m.error !== undefined) return "error";
  if (m.harmless) return m.falseAlarm ? "false-alarm" : "accepted";
  return m.survived ? "survived" : "killed";
}

const STATE_LABEL: Record<MutantState, string> = {
  killed: "killed",
  survived: "survived",
  accepted: "harmless, accepted",
  "false-alarm": "false alarm",
  error: "error",
};

/** Killed non-harmless mutants over all non-harmless mutants that ran without error, in percent (floored). */
export function mutationScore(report: MutantsReport): number | null {
  const judged = report.mutants.filter((m) => !m.harmless && m.error === undefined);
  if (judged.length === 0) return null;
  return Math.floor((judged.filter((m) => !m.survived).length * 100) / judged.length);
}

const MATRIX = "kill-matrix";

function renderMutation(report: MutantsReport, options: HtmlOptions): string {
  const states = report.mutants.map(mutantState);
  const count = (st: MutantState) => states.filter((x) => x === st).length;
  const score = mutationScore(report);
  const verdict = report.ok ? "PASS" : "FAIL";
  const header = `<header><h1>Suite strength: mutation run ${chip(verdict)}</h1>
<p><strong>${report.mutants.length} mutants</strong> (${e(report.mode)}): ${count("killed")} killed, ${count("survived")} survived, ${count("accepted")} harmless accepted, ${count("false-alarm")} false alarms, ${count("error")} errors${
    score === null ? "" : ` · <strong>mutation score ${score}%</strong>`
  }</p>${
    report.legalVariants && report.mutantsKilled
      ? `\n<p class="strength"><strong>legal variants accepted ${report.legalVariants.accepted}/${report.legalVariants.total}, mutants killed ${report.mutantsKilled.killed}/${report.mutantsKilled.total}</strong></p>`
      : ""
  }
<dl class="meta">${meta("duration", `${(report.durationMs / 1000).toFixed(1)} s`)}${options.source ? meta("report file", options.source) : ""}</dl>
<p class="muted">A check kills a mutant when it passes against the reference and fails or errors against the mutant. A mutant nobody kills survives (the suite misses the fault it plants); a harmless variant some check rejects is a false alarm. Either fails the run.</p></header>`;

  const mutants = `<section id="mutants"><h2>Mutants</h2><table><thead><tr><th>mutant</th><th>outcome</th><th>what it breaks</th><th>violates</th><th>killed by</th><th class="num">ms</th></tr></thead><tbody>
${report.mutants
  .map((m, i) => {
    const st = states[i]!;
    const killers =
      m.killedBy.length === 0
        ? ""
        : `<details><summary>${m.killedBy.length} check${m.killedBy.length === 1 ? "" : "s"}</summary><ul class="mono">${m.killedBy
            .map((id) => `<li>${e(id)}</li>`)
            .join("")}</ul></details>`;
    return `<tr id="m-${e(m.id)}" class="mutant ${st}"><td class="mono nowrap">${e(m.id)}</td><td>${chip(st, STATE_LABEL[st])}</td><td>${htmlText(m.description)}${
      m.error ? `<br><span class="muted">${htmlText(m.error)}</span>` : ""
    }</td><td>${requirementChips(m.violates)}</td><td>${killers}</td><td class="num">${m.ms}</td></tr>`;
  })
  .join("\n")}
</tbody></table></section>`;

  const matrix = report.killMatrix
    ? killMatrix(report, report.killMatrix)
    : `<section id="kill-matrix-section"><h2>Kill matrix</h2><p class="muted">This run stopped each mutant at its first kill. Run <code>feedback-compactor certify --mutants --kill-matrix --reporter html --out FILE</code> for the full check × mutant matrix.</p></section>`;

  const baseline =
    report.baselineProblems.length === 0
      ? ""
      : `<section id="baseline"><h2>Checks that do not pass against the reference (${report.baselineProblems.length})</h2><p class="muted">They cannot kill anything and were left out.</p><ul>${report.baselineProblems
          .map(
            (b) =>
              `<li><span class="mono">${e(b.id)}</span> ${statusChip(b.status)} ${b.message ? htmlText(b.message) : ""}</li>`,
          )
          .join("")}</ul></section>`;

  return page({
    title: `${verdict}: mutation run — conformance suite strength`,
    body: [header, mutants, matrix, baseline, footer()].join("\n"),
    script: CLIENT_SCRIPT,
  });
}

function killMatrix(report: MutantsReport, matrix: Record<string, string[]>): string {
  const columns = report.mutants.filter((m) => !m.harmless);
  const survived = new Set(report.survivors);
  const ids = Object.keys(matrix).sort((a, b) => {
    const sa = a.startsWith("smoke.") ? 0 : 1;
    const sb = b.startsWith("smoke.") ? 0 : 1;
    return sa - sb || (a < b ? -1 : a > b ? 1 : 0);
  });
  const nothing = new Set(
    report.killsNothing ?? ids.filter((id) => matrix[id]!.length === 0 && !id.startsWith("smoke.")),
  );
  const killing = ids.filter((id) => matrix[id]!.length > 0).length;
  const head = `<tr><th>check</th><th class="num">kills</th>${columns
    .map(
      (m) =>
        `<th class="mut${survived.has(m.id) ? " surv" : ""}" title="${e(m.description)}">${e(m.id)}${survived.has(m.id) ? " ✗" : ""}</th>`,
    )
    .join("")}</tr>`;
  const rows = ids.map((id) => {
    const kills = new Set(matrix[id]);
    const state = kills.size > 0 ? "kills" : "nothing";
    const cells = columns
      .map((m) =>
        kills.has(m.id)
          ? `<td class="k hit" title="${e(id)} kills ${e(m.id)}">●</td>`
          : `<td class="k${survived.has(m.id) ? " surv" : ""}"></td>`,
      )
      .join("");
    return `<tr data-item id="k-${e(id)}" data-status="${state}" data-text="${e(searchText([id, ...kills]))}" class="${nothing.has(id) ? "nothing" : ""}"><td class="mono cid">${e(id)}</td><td class="num">${kills.size}</td>${cells}</tr>`;
  });
  return `<section id="kill-matrix-section"><h2>Kill matrix (${ids.length} checks × ${columns.length} mutants)</h2>
<p class="muted">● = the check kills the mutant. Columns marked ✗ are survivors: no check kills them. Checks that kill nothing add no strength to the suite.</p>
${filterBar({
  listId: MATRIX,
  statuses: [
    { value: "kills", label: "kills a mutant", count: killing, checked: true },
    { value: "nothing", label: "kills nothing", count: ids.length - killing, checked: true },
  ],
  placeholder: "search checks or mutants ( / )",
})}
<div class="matrix"><table id="${MATRIX}" data-list><thead>${head}</thead><tbody>
${rows.join("\n")}
</tbody></table></div>
${emptyNote(MATRIX, "No check matches these filters.")}
</section>`;
}
