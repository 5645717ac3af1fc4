// FC-REPORT-2..6: HTML pieces shared by the single-report and comparison pages (chips, bars, diffs, filters).
import type { AreaSummary, Mismatch } from "../runner/types.ts";
import { diffValues, type Segment } from "./diff.ts";
import { escapeHtml as e, htmlText } from "./escape.ts";

export const STATUS_ORDER = ["failed", "errored", "skipped", "passed"] as const;
export const STATUS_MARK: Record<string, string> = {
  passed: "✓",
  failed: "✗",
  errored: "!",
  skipped: "–",
  absent: "·",
};

export function chip(kind: string, label = kind): string {
  return `<span class="chip ${e(kind)}">${e(label)}</span>`;
}

export function statusChip(status: string): string {
  return chip(status, `${STATUS_MARK[status] ?? ""} ${status}`.trim());
}

/** A stacked pass / fail / error / skip bar; each part's width is its share of the total. */
export function bar(c: AreaSummary): string {
  const total = c.passed + c.failed + c.errored + c.skipped;
  const parts = STATUS_ORDER.slice()
    .reverse()
    .filter((s) => c[s] > 0)
    .map(
      (s) =>
        `<span class="${s}" style="width:${((c[s] / total) * 100).toFixed(3)}%" title="${c[s]} ${s}"></span>`,
    );
  const label = `${c.passed} passed, ${c.failed} failed, ${c.errored} errored, ${c.skipped} skipped`;
  return `<div class="bar" role="img" aria-label="${e(label)}" title="${e(label)}">${parts.join("")}</div>`;
}

export function requirementChips(ids: readonly string[], listId?: string): string {
  if (ids.length === 0) return `<span class="muted">none</span>`;
  return ids
    .map((r) =>
      listId
        ? `<button type="button" class="link req" data-for="${e(listId)}" data-set-q="${e(r.toLowerCase())}" title="show every check citing ${e(r)}">${e(r)}</button>`
        : `<span class="req">${e(r)}</span>`,
    )
    .join("");
}

/** The expected-vs-actual difference as a unified diff; changed parts of paired lines are marked. */
export function diffHtml(m: Mismatch): string {
  const d = diffValues(m.expected, m.actual);
  const changed = d.lines.some((l) => l.op === "del" || l.op === "add");
  const lines = d.lines.map((l) => {
    if (l.op === "skip")
      return `<span class="l skip">  … ${l.count} unchanged line${l.count === 1 ? "" : "s"}</span>`;
    const sign = l.op === "del" ? "-" : l.op === "add" ? "+" : " ";
    const text = (l.op === "same" ? l.segments : centred(l.segments))
      .map((s) => (s.changed ? `<mark>${htmlText(s.text)}</mark>` : htmlText(s.text)))
      .join("");
    return `<span class="l ${l.op}">${sign} ${text}</span>`;
  });
  const where = m.pointer === "" ? "the whole value" : `<code>${htmlText(m.pointer)}</code>`;
  return (
    `<p>First difference at ${where} — <span class="del">- expected</span> / <span class="add">+ actual</span>:</p>` +
    `<pre class="diff">${lines.join("")}</pre>` +
    (changed
      ? ""
      : `<p class="muted">Both sides print the same as JSON; the difference is in a value JSON cannot show.</p>`) +
    (d.truncated ? `<p class="muted">Only the first lines of a long value were compared.</p>` : "")
  );
}

/** Unchanged text kept before and after the change on a long changed line (FC-REPORT-14). */
export const LINE_CONTEXT = 40;

/**
 * A changed line cut around its change: long unchanged heads and tails keep `LINE_CONTEXT` characters next to
 * the change, so the first differing character of a long string is on screen, at the same column on both sides.
 */
export function centred(segments: readonly Segment[]): Segment[] {
  return segments.map((seg, i) => {
    if (seg.changed || seg.text.length <= LINE_CONTEXT + 20) return seg;
    if (i === 0 && segments.length > 1) return { ...seg, text: `…${seg.text.slice(-LINE_CONTEXT)}` };
    if (i === segments.length - 1 && i > 0) return { ...seg, text: `${seg.text.slice(0, LINE_CONTEXT)}…` };
    return seg;
  });
}

/** A command with a copy button; `n` makes the element id unique within the page. */
export function commandBlock(command: string, n: number): string {
  const id = `cmd-${n}`;
  return `<div class="cmd"><pre id="${id}">${htmlText(command)}</pre><button type="button" data-copy="${id}" title="copy to the clipboard">copy</button></div>`;
}

export interface StatusOption {
  value: string;
  label: string;
  count: number;
  checked: boolean;
}

/** The filter bar of a list: hidden until the script shows it (without the script it could do nothing). */
export function filterBar(opts: {
  listId: string;
  statuses: StatusOption[];
  areas?: string[];
  placeholder: string;
  expandable?: boolean;
}): string {
  const f = e(opts.listId);
  const boxes = opts.statuses
    .map(
      (s) =>
        `<label><input type="checkbox" data-for="${f}" data-filter="status" value="${e(s.value)}"${s.checked ? " checked" : ""}> ${e(s.label)} (${s.count})</label>`,
    )
    .join("");
  const areas =
    opts.areas && opts.areas.length > 1
      ? `<label>area <select data-for="${f}" data-filter="area"><option value="">all areas</option>${opts.areas
          .map((a) => `<option value="${e(a)}">${e(a)}</option>`)
          .join("")}</select></label>`
      : "";
  const expand = opts.expandable
    ? `<button type="button" data-for="${f}" data-expand="open">expand shown</button><button type="button" data-for="${f}" data-expand="close">collapse</button>`
    : "";
  return (
    `<div class="filters" data-controls hidden role="search" aria-label="filters">${boxes}${areas}` +
    `<input type="search" data-for="${f}" data-filter="q" placeholder="${e(opts.placeholder)}" aria-label="search">` +
    `${expand}<span class="muted" data-for="${f}" data-count></span></div>`
  );
}

export function emptyNote(listId: string, text: string): string {
  return `<p class="empty" data-for="${e(listId)}" data-empty hidden>${e(text)}</p>`;
}

/** Text a search box matches: lower-case, one space between parts. */
export function searchText(parts: (string | undefined)[]): string {
  return parts
    .filter((p): p is string => p !== undefined && p !== "")
    .join(" ")
    .toLowerCase();
}
