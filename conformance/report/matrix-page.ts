// FC-MATRIX-6, FC-MATRIX-7: the matrix as one self-contained page — requirements by area × implementations, disagreements.
import { pathToFileURL } from "node:url";
import {
  type MatrixCheck,
  type MatrixDocument,
  type MatrixStatus,
  PACKAGE_ROOT,
  replayCommand,
} from "../runner/matrix.ts";
import type { CheckResult } from "../runner/types.ts";
import type { Badge } from "./badge.ts";
import { columnKey } from "./compare.ts";
import { clip, escapeHtml as e, htmlText, shellWord } from "./escape.ts";
import {
  bar,
  chip,
  commandBlock,
  diffHtml,
  emptyNote,
  filterBar,
  STATUS_MARK,
  searchText,
  statusChip,
} from "./fragments.ts";
import { type History, historySection } from "./history.ts";
import { page } from "./page.ts";
import { CLIENT_SCRIPT } from "./script.ts";

/** A requirement as the spec defines it (read at the edge from spec/*.md). */
export interface RequirementText {
  class: "contract" | "reference" | null;
  /** The spec file, relative to the package root. */
  file: string;
  line: number;
  text: string;
}

export interface MatrixPageOptions {
  /** The spec's requirements by id: each requirement row opens to its text and links to where it is defined. */
  requirements?: ReadonlyMap<string, RequirementText>;
  /**
   * Where links to spec and case files point: this URL followed by the file's path relative to the package root
   * (e.g. `https://github.com/OWNER/REPO/blob/COMMIT/`). Default: the package's own files (file://).
   */
  linkBase?: string;
  /** Where the document came from (a file name). */
  source?: string;
  /** Earlier runs (FC-MATRIX-8): a history section. */
  history?: History;
}

/** A requirement's state for one implementation, from the checks citing it. */
export type CellState = "failed" | "advisory" | "passed" | "skipped";

const MARK: Record<CellState, string> = { failed: "✗", advisory: "✗", passed: "✓", skipped: "–" };

const STYLE = `
.badge { display: inline-flex; border-radius: 3px; overflow: hidden; font: 11px/18px Verdana, "DejaVu Sans", sans-serif; white-space: nowrap; }
.badge span { padding: 0 6px; color: #fff; } .badge .bl { background: #555; }
.badge .brightgreen { background: #4c1; } .badge .green { background: #97ca00; } .badge .yellowgreen { background: #a4a61d; }
.badge .yellow { background: #dfb317; } .badge .orange { background: #fe7d37; } .badge .red { background: #e05d44; }
.badge .lightgrey { background: #9f9f9f; }
table.grid td.cell { white-space: nowrap; min-width: 64px; } table.grid th.key { text-align: center; }
td.cell.failed { background: var(--del); } td.cell.advisory { background: var(--panel); } td.cell.passed { color: var(--pass); }
td.cell.skipped { color: var(--muted); } td.cell details ul { white-space: normal; min-width: 260px; }
td.cell summary { cursor: pointer; font-weight: 600; }
td.cell.failed summary { color: var(--fail); } td.cell.advisory summary { color: var(--err); }
tr.disagree td:first-child { border-left: 4px solid var(--fail); }
.reqtext { max-width: 560px; }
.who { margin: 4px 0; } .who li { margin: 2px 0; }
details.history { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
`;

/** The state of a requirement for one implementation from the statuses of the checks citing it. */
export function cellState(checks: readonly { status: MatrixStatus; gating: boolean }[]): CellState {
  const bad = checks.filter((c) => c.status === "failed" || c.status === "errored");
  if (bad.some((c) => c.gating)) return "failed";
  if (bad.length > 0) return "advisory";
  return checks.some((c) => c.status === "passed") ? "passed" : "skipped";
}

/** The spec area of a requirement id: all but its number (FC-REDACT-SENSITIVE-3 → FC-REDACT-SENSITIVE). */
export function requirementArea(id: string): string {
  return id.replace(/-\d+$/, "");
}

/** Orders requirement ids by area, then number. */
function byRequirement(a: string, b: string): number {
  const aa = requirementArea(a);
  const ba = requirementArea(b);
  if (aa !== ba) return aa < ba ? -1 : 1;
  return Number(a.slice(aa.length + 1)) - Number(b.slice(ba.length + 1));
}

/** A shields.io-style badge drawn in the page, its endpoint JSON in the title. */
export function badgeHtml(b: Badge): string {
  return `<span class="badge" title="${e(JSON.stringify(b))}"><span class="bl">${e(b.label)}</span><span class="${e(b.color)}">${e(b.message)}</span></span>`;
}

/** The matrix document as one self-contained page (FC-MATRIX-6). */
export function renderMatrixHtml(doc: MatrixDocument, options: MatrixPageOptions = {}): string {
  const base = options.linkBase ?? pathToFileURL(PACKAGE_ROOT).href;
  const linkBase = base.endsWith("/") ? base : `${base}/`;
  const keys = doc.implementations.map((_, i) => columnKey(i));
  const byImpl = doc.implementations.map((i) => new Map((i.report?.results ?? []).map((r) => [r.id, r])));
  const byId = new Map(doc.checks.map((c) => [c.id, c]));
  let n = 0;
  const fileLink = (c: MatrixCheck, label = "case file") =>
    c.file === undefined
      ? ""
      : `<a class="file" href="${e(linkBase + c.file)}" title="${e(c.file)}">${e(label)}</a>`;
  const headKeys = doc.implementations
    .map((impl, i) => `<th class="key" title="${e(impl.name)}">${e(keys[i]!)}</th>`)
    .join("");

  // ---- header ----
  const sel = doc.selection;
  const selection = [
    sel.filter !== null ? `filter ${sel.filter}` : "every check",
    sel.ids ? `${sel.ids.length} listed ids` : "",
    sel.profileGiven
      ? `profiles ${sel.profiles.join(", ")} (each decides)`
      : "all profiles (only required decides the verdict)",
    sel.shard ? `shard ${sel.shard.index}/${sel.shard.count}` : "",
    sel.properties ? `seed ${sel.seed}, ${sel.runs} runs per property` : "no properties",
    sel.features ? "with scenarios" : "",
  ].filter((s) => s !== "");
  const gatingDis = doc.disagreements.filter((id) => byId.get(id)?.gating).length;
  const header = `<header><h1>Conformance matrix: ${doc.implementations.length} implementations × ${doc.checks.length} checks</h1>
<p class="muted">suite ${e(doc.suite.name)} ${e(doc.suite.version)}${doc.suite.commit ? ` · commit <span class="mono">${e(doc.suite.commit.slice(0, 12))}</span>${doc.suite.dirty ? " (with uncommitted changes)" : ""}` : ""} · protocol v${doc.protocol.version} · ${e(selection.join(" · "))}</p>
<p class="muted">started ${e(doc.startedAt)} · ${(doc.durationMs / 1000).toFixed(1)} s · ${doc.jobs} implementation${doc.jobs === 1 ? "" : "s"} at once${options.source ? ` · <span class="mono">${htmlText(options.source)}</span>` : ""}</p>
<p><a href="#disagreements"><strong>${doc.disagreements.length} disagreement${doc.disagreements.length === 1 ? "" : "s"}</strong></a> (${gatingDis} on checks that decide the verdict): checks some implementation passes and another fails.</p>
</header>`;

  // ---- implementations ----
  const implRows = doc.implementations.map((impl, i) => {
    const h = impl.handshake;
    const level = impl.level
      ? `${e(impl.level.announced)} → ${impl.level.reached === "none" ? "none" : e(impl.level.reached)}`
      : h
        ? e(h.level)
        : "";
    const verdict = impl.verdict === "pass" ? "PASS" : impl.verdict === "fail" ? "FAIL" : "error";
    const s = impl.summary;
    return `<tr id="i-${e(impl.name)}"><td><strong>${e(keys[i]!)}</strong></td><td><strong>${e(impl.name)}</strong>${impl.description ? `<br><span class="muted">${htmlText(impl.description)}</span>` : ""}</td><td>${
      h
        ? `${htmlText(h.name)} ${htmlText(h.version)}<br><span class="muted">${htmlText(h.language)} · ${e(h.capabilities.join(", ") || "no capabilities")}</span>`
        : `<span class="muted">${htmlText(impl.error?.message ?? "not run")}</span>`
    }</td><td>${level}</td><td>${chip(verdict, impl.verdict.toUpperCase())}</td><td>${s ? bar(s) : ""}</td><td class="num">${s ? `${s.passed}/${s.total}` : ""}</td><td>${badgeHtml(impl.badge)}</td><td class="num">${(impl.durationMs / 1000).toFixed(1)} s</td><td class="mono">${htmlText(impl.command.map(shellWord).join(" "))}${impl.cwd ? `<br><span class="muted">in ${htmlText(impl.cwd)}</span>` : ""}</td></tr>`;
  });
  const implementations = `<section id="implementations"><h2>Implementations</h2>
<table><thead><tr><th></th><th>registry name</th><th>handshake</th><th>level</th><th>verdict</th><th>share</th><th class="num">passed</th><th>badge</th><th class="num">time</th><th>command</th></tr></thead><tbody>
${implRows.join("\n")}
</tbody></table>
<p class="muted">The level announced in the handshake → the level reached (the announced one when the run passed). Each badge is a shields.io endpoint document (hover for its JSON); <code>feedback-compactor matrix --badges DIR</code> writes one file per implementation.</p></section>`;

  // ---- requirements by area × implementations ----
  const reqChecks = new Map<string, MatrixCheck[]>();
  for (const c of doc.checks)
    for (const q of c.requirements) {
      const list = reqChecks.get(q) ?? [];
      list.push(c);
      reqChecks.set(q, list);
    }
  const reqIds = [...reqChecks.keys()].sort(byRequirement);
  const states = new Map(
    reqIds.map((q) => {
      const checks = reqChecks.get(q)!;
      return [
        q,
        doc.implementations.map((_, i) =>
          cellState(checks.map((c) => ({ status: c.statuses[i]!, gating: c.gating }))),
        ),
      ] as const;
    }),
  );
  const rowStatus = (cells: readonly CellState[]) =>
    cells.includes("passed") && cells.some((s) => s === "failed" || s === "advisory")
      ? "disagree"
      : cells.some((s) => s === "failed" || s === "advisory")
        ? "all-fail"
        : cells.includes("passed")
          ? "all-pass"
          : "not-judged";
  const areas = [...new Set(reqIds.map(requirementArea))];
  const areaRows = areas.map((area) => {
    const ids = reqIds.filter((q) => requirementArea(q) === area);
    const cells = doc.implementations.map((_, i) => {
      const cs = ids.map((q) => states.get(q)![i]!);
      const judged = cs.filter((s) => s !== "skipped").length;
      const passed = cs.filter((s) => s === "passed").length;
      const state = cellState(
        cs.map((s) => ({
          status: s === "passed" ? "passed" : s === "skipped" ? "skipped" : "failed",
          gating: s === "failed",
        })),
      );
      return `<td class="cell ${state}">${MARK[state]} ${passed}/${judged}</td>`;
    });
    const file = options.requirements?.get(ids[0]!)?.file;
    return `<tr><td><button type="button" class="link mono" data-for="reqs" data-set-area="${e(area)}" title="show this area's requirements">${e(area)}</button>${file ? ` <span class="muted">${e(file)}</span>` : ""}</td><td class="num">${ids.length}</td>${cells.join("")}</tr>`;
  });
  const reqRows = reqIds.map((q) => {
    const checks = reqChecks.get(q)!;
    const spec = options.requirements?.get(q);
    const cells = states.get(q)!;
    const cellHtml = cells.map((state, i) => {
      const mine = checks.map((c) => ({ c, status: c.statuses[i]! }));
      const judged = mine.filter((m) => m.status !== "skipped" && m.status !== "absent");
      const passed = judged.filter((m) => m.status === "passed").length;
      const list = mine
        .map(
          ({ c, status }) =>
            `<li>${status === "absent" ? chip("absent", "· absent") : statusChip(status)} <a class="mono" href="#c-${e(c.id)}">${e(c.id)}</a>${c.gating ? "" : ` <span class="muted">advisory</span>`}${messageOf(byImpl[i]!.get(c.id))}</li>`,
        )
        .join("");
      const label = `${MARK[state]} ${passed}/${judged.length}${state === "advisory" ? " advisory" : ""}`;
      return `<td class="cell ${state}"><details><summary title="${e(doc.implementations[i]!.name)}: ${e(q)}">${e(label)}</summary><ul>${list}</ul></details></td>`;
    });
    const text = spec
      ? `<details class="reqtext"><summary class="mono">${e(q)}</summary><p>${htmlText(spec.text)}</p><p class="muted"><a href="${e(`${linkBase}${spec.file}#L${spec.line}`)}">${e(spec.file)}, line ${spec.line}</a></p></details>`
      : `<span class="mono">${e(q)}</span>`;
    const status = rowStatus(cells);
    return `<tr data-item id="q-${e(q)}" class="${status}" data-status="${status}" data-area="${e(requirementArea(q))}" data-text="${e(searchText([q, spec?.text, ...checks.map((c) => c.id)]))}"><td>${text}</td><td>${spec?.class ? chip(spec.class === "contract" ? "passed" : "skipped", spec.class) : ""}</td><td class="num">${checks.length}</td>${cellHtml.join("")}</tr>`;
  });
  const reqCounts = (s: string) => reqIds.filter((q) => rowStatus(states.get(q)!) === s).length;
  const requirements = `<section id="requirements"><h2>Requirements by area × implementations</h2>
<p class="muted">A cell sums the checks citing the requirement for that implementation: ✓ every judged check passed, ✗ one that decides the verdict failed or errored, ✗ advisory only advisory checks did, – none was judged (skipped: a capability not announced, not applicable at its level). Open a cell for its checks, a requirement for its text.</p>
<table class="grid"><thead><tr><th>area</th><th class="num">requirements</th>${headKeys}</tr></thead><tbody>
${areaRows.join("\n")}
</tbody></table>
${filterBar({
  listId: "reqs",
  statuses: [
    { value: "disagree", label: "disagree", count: reqCounts("disagree"), checked: true },
    { value: "all-fail", label: "fail everywhere", count: reqCounts("all-fail"), checked: true },
    { value: "all-pass", label: "pass everywhere", count: reqCounts("all-pass"), checked: true },
    { value: "not-judged", label: "not judged", count: reqCounts("not-judged"), checked: true },
  ],
  areas,
  placeholder: "search requirements, their text or checks ( / )",
})}
<table id="reqs" class="grid" data-list><thead><tr><th>requirement</th><th>class</th><th class="num">checks</th>${headKeys}</tr></thead><tbody>
${reqRows.join("\n")}
</tbody></table>
${emptyNote("reqs", "No requirement matches these filters.")}
</section>`;

  // ---- disagreements ----
  const disItems = doc.disagreements.map((id) => {
    const c = byId.get(id)!;
    const marks = c.statuses
      .map(
        (s, i) =>
          `<span title="${e(doc.implementations[i]!.name)}: ${e(s)}">${e(keys[i]!)} ${STATUS_MARK[s]}</span>`,
      )
      .join(" ");
    const count = (f: (s: MatrixStatus) => boolean) => c.statuses.filter(f).length;
    const who = c.statuses
      .map((s, i) => {
        const r = byImpl[i]!.get(id);
        const impl = doc.implementations[i]!;
        const head = `<strong>${e(keys[i]!)}</strong> ${e(impl.name)} ${s === "absent" ? chip("absent", "· absent") : statusChip(s)}`;
        if (s === "passed" || r === undefined) return `<li>${head}</li>`;
        return `<li>${head}${r.message ? ` ${htmlText(r.message)}` : ""}${r.mismatch ? diffHtml(r.mismatch) : ""}</li>`;
      })
      .join("");
    const reqs = c.requirements
      .map((q) => `<a class="req" href="#q-${e(q)}" title="the requirement's row">${e(q)}</a>`)
      .join("");
    return `<details class="check ${c.gating ? "failed" : "skipped"}" data-item id="d-${e(id)}" data-status="${c.gating ? "gating" : "advisory"}" data-area="${e(c.area)}" data-text="${e(searchText([id, c.area, ...c.requirements]))}"><summary>${c.gating ? chip("failed", "gating") : chip("skipped", "advisory")} <span class="id mono">${e(id)}</span> <span class="muted">${count((s) => s === "passed")} pass · ${count((s) => s === "failed" || s === "errored")} fail</span> <span class="mono">${marks}</span></summary><div class="body"><p>${reqs} ${fileLink(c)} <a href="#c-${e(id)}">in the matrix</a></p><ul class="who">${who}</ul><p>Replay it against every implementation:</p>${commandBlock(replayCommand(doc, c), n++)}</div></details>`;
  });
  const disagreements = `<section id="disagreements"><h2>Disagreements (${doc.disagreements.length})</h2>
<p class="muted">Checks some implementation passed and another failed or errored (skipped and absent take no part), gating ones first. Where one implementation departs from all others it is likely its bug; where they split, the spec may be unclear.</p>
${
  doc.disagreements.length === 0
    ? `<p class="empty">Every implementation that was judged on a check got the same verdict.</p>`
    : `${filterBar({
        listId: "dis",
        statuses: [
          { value: "gating", label: "gating", count: gatingDis, checked: true },
          {
            value: "advisory",
            label: "advisory",
            count: doc.disagreements.length - gatingDis,
            checked: true,
          },
        ],
        areas: [...new Set(doc.disagreements.map((id) => byId.get(id)!.area))].sort(),
        placeholder: "search checks or requirements ( / )",
        expandable: true,
      })}
<div id="dis" data-list>
${disItems.join("\n")}
</div>
${emptyNote("dis", "No disagreement matches these filters.")}`
}
</section>`;

  // ---- every check ----
  const checkStatus = (c: MatrixCheck) =>
    c.disagreement ? "disagree" : new Set(c.statuses).size === 1 ? "same" : "differ";
  const checkRows = doc.checks.map((c) => {
    const st = checkStatus(c);
    const cells = c.statuses
      .map((s, i) => {
        const r = byImpl[i]!.get(c.id);
        return `<td${r?.message ? ` title="${e(r.message)}"` : ""}>${s === "absent" ? chip("absent", "· absent") : statusChip(s)}</td>`;
      })
      .join("");
    const reqs = c.requirements.map((q) => `<a class="req" href="#q-${e(q)}">${e(q)}</a>`).join("");
    return `<tr data-item id="c-${e(c.id)}" class="${st}" data-status="${st}" data-area="${e(c.area)}" data-text="${e(searchText([c.id, c.area, c.kind, c.profile, ...c.requirements]))}"><td><span class="mono">${e(c.id)}</span> ${fileLink(c)}${c.disagreement ? ` <a href="#d-${e(c.id)}">disagreement</a>` : ""}<br><span class="muted">${e(c.kind)} · ${e(c.profile)}${c.gating ? "" : " · advisory"}</span></td><td>${reqs}</td>${cells}</tr>`;
  });
  const count = (s: string) => doc.checks.filter((c) => checkStatus(c) === s).length;
  const checks = `<section id="checks"><h2>Every check × implementations</h2>
${filterBar({
  listId: "all",
  statuses: [
    { value: "disagree", label: "disagree", count: count("disagree"), checked: true },
    {
      value: "differ",
      label: "differ otherwise (skipped, absent, failed ↔ errored)",
      count: count("differ"),
      checked: true,
    },
    { value: "same", label: "same everywhere", count: count("same"), checked: true },
  ],
  areas: [...new Set(doc.checks.map((c) => c.area))].sort(),
  placeholder: "search checks or requirements ( / )",
})}
<table id="all" class="grid" data-list><thead><tr><th>check</th><th>requirements</th>${headKeys}</tr></thead><tbody>
${checkRows.join("\n")}
</tbody></table>
${emptyNote("all", "No check matches these filters.")}
</section>`;

  const history =
    options.history !== undefined
      ? historySection(options.history, new Set(doc.checks.map((c) => c.id)))
      : "";
  const footer = `<footer><p class="muted">Made by <code>feedback-compactor matrix</code> from a conformance matrix v1 (spec/schemas/matrix.v1.json). Self-contained: it loads nothing from the network; links to spec and case files point to ${e(linkBase)}.</p></footer>`;
  return page({
    title: `${doc.disagreements.length} disagreements — conformance matrix of ${doc.implementations.length} implementations`,
    body: [header, implementations, requirements, disagreements, checks, history, footer].join("\n"),
    script: CLIENT_SCRIPT,
    style: STYLE,
  });
}

function messageOf(r: CheckResult | undefined): string {
  if (r === undefined || r.status === "passed" || r.message === undefined) return "";
  const m = clip(r.message, 240);
  return `<br><span class="muted">${htmlText(m.text)}${m.omitted > 0 ? "…" : ""}</span>`;
}
