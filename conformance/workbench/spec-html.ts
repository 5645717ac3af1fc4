// FC-WB-2: spec/*.md as HTML for the workbench — an anchor per requirement id, its class, citations and modules.
import type { RequirementEntry } from "./model.ts";

export const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const DEF = /^\*\*(FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)\*\*(?:\s*\((contract|reference)\))?/;

/** A link, its label possibly holding code spans: [`redaction.md`](redaction.md). */
const LINK = /\[((?:[^\]`]|`[^`]*`)+)\]\(([^)\s]+)\)/;

/**
 * Where a link of a spec file points in the workbench: another spec file (`redaction.md`, `./policy.md#x`) becomes
 * that file's section of the page (`#file=spec/redaction.md`); other safe targets stay; anything else is `#`.
 */
export function linkTarget(href: string, from = "spec/SPEC.md"): string {
  const md = /^(?:\.\/)?([\w.-]+\.md)(?:#[\w-]*)?$/.exec(href);
  if (md) return `#file=${from.replace(/[^/]*$/, "")}${md[1]}`;
  return /^(https?:|#|\.{0,2}\/|[\w.-]+(\.json)?(#[\w-]*)?$)/.test(href) ? href : "#";
}

/**
 * Inline markdown: links (whose labels may hold code), code, bold, emphasis; a requirement id becomes a link to
 * its anchor. `from` is the spec file the text is in (links to other spec files resolve against it).
 */
export function inline(text: string, known: ReadonlySet<string>, from?: string): string {
  const link = LINK.exec(text);
  if (link) {
    const before = text.slice(0, link.index);
    const after = text.slice(link.index + link[0].length);
    return `${inline(before, known, from)}<a href="${esc(linkTarget(link[2]!, from))}">${inline(link[1]!, known, from)}</a>${inline(after, known, from)}`;
  }
  const parts = text.split(/(`[^`]*`)/);
  return parts
    .map((p) => {
      if (p.startsWith("`") && p.endsWith("`") && p.length >= 2) return `<code>${esc(p.slice(1, -1))}</code>`;
      let h = esc(p);
      h = h.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
      h = h.replace(/(^|[\s(])[_*]([^_*\s][^_*]*?)[_*](?=[\s).,;:]|$)/g, "$1<em>$2</em>");
      h = h.replace(/\bFC-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+\b/g, (id) =>
        known.has(id) ? `<a class="rq" href="#${id}">${id}</a>` : id,
      );
      return h;
    })
    .join("");
}

function list(label: string, items: string[], link?: (s: string) => string): string {
  if (items.length === 0) return "";
  const shown = items.slice(0, 12).map((s) => (link ? link(s) : `<code>${esc(s)}</code>`));
  const more = items.length > 12 ? ` <span class="more">+${items.length - 12} more</span>` : "";
  return `<div class="cite"><b>${label}</b> ${shown.join(" ")}${more}</div>`;
}

/** The box beside a requirement: class, coverage, citing cases (open in the playground), properties, scenarios, modules. */
export function requirementMeta(r: RequirementEntry): string {
  const cited = r.cases.length + r.properties.length + r.scenarios.length;
  const cov =
    cited > 0
      ? `<span class="cov ok" title="cited by ${cited}">✔ ${cited}</span>`
      : r.exempt !== undefined
        ? `<span class="cov exempt" title="${esc(r.exempt)}">exempt</span>`
        : `<span class="cov none">uncovered</span>`;
  const klass = r.class ?? "unclassified";
  return (
    `<div class="req-meta"><span class="cls ${klass}">${klass}</span> ${cov}` +
    list("cases", r.cases, (id) => `<a class="case" href="#view=play&amp;case=${esc(id)}">${esc(id)}</a>`) +
    list("properties", r.properties) +
    list("scenarios", r.scenarios) +
    list("implemented in", r.modules) +
    "</div>"
  );
}

/** Renders one spec file: headings, paragraphs, lists, tables, code blocks; requirement bullets get anchors. */
export function renderSpecFile(
  file: string,
  markdown: string,
  byId: ReadonlyMap<string, RequirementEntry>,
): string {
  const known = new Set(byId.keys());
  const lines = markdown.split("\n");
  const out: string[] = [
    `<section class="spec-file" data-file="${esc(file)}"><p class="path">${esc(file)}</p>`,
  ];
  let i = 0;
  const anchored = new Set<string>();
  const slug = (t: string) =>
    `${file.replace(/[^\w]+/g, "-")}--${t
      .toLowerCase()
      .replace(/[^\w]+/g, "-")
      .replace(/^-|-$/g, "")}`;
  while (i < lines.length) {
    const line = lines[i]!;
    if (/^\s*$/.test(line) || /^<!--.*-->\s*$/.test(line)) {
      i++;
      continue;
    }
    const fence = /^```/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      out.push(`<pre><code>${esc(body.join("\n"))}</code></pre>`);
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      const level = Math.min(h[1]!.length + 1, 6);
      out.push(`<h${level} id="${slug(h[2]!)}">${inline(h[2]!, known, file)}</h${level}>`);
      i++;
      continue;
    }
    if (/^\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\|/.test(lines[i]!)) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, "")
          .split("|");
        if (!cells.every((c) => /^\s*:?-+:?\s*$/.test(c))) rows.push(cells.map((c) => c.trim()));
        i++;
      }
      const [head, ...body] = rows;
      const row = (cells: string[]) => {
        const id = /^(?:\*\*)?(FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+)(?:\*\*)?/.exec(cells[0] ?? "")?.[1];
        const r = id !== undefined && !anchored.has(id) ? byId.get(id) : undefined;
        if (r === undefined || r.file !== file)
          return `<tr>${cells.map((c) => `<td>${inline(c, known, file)}</td>`).join("")}</tr>`;
        anchored.add(r.id);
        return (
          `<tr class="req ${r.class ?? "unclassified"}" id="${r.id}" data-search="${esc(`${r.id} ${r.text}`.toLowerCase())}">` +
          `${cells.map((c) => `<td>${inline(c, known, file)}</td>`).join("")}<td>${requirementMeta(r)}</td></tr>`
        );
      };
      out.push(
        `<table><thead><tr>${(head ?? []).map((c) => `<th>${inline(c, known, file)}</th>`).join("")}</tr></thead><tbody>` +
          body.map(row).join("") +
          "</tbody></table>",
      );
      continue;
    }
    const item = /^(\s*)(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      out.push("<ul>");
      while (i < lines.length) {
        const m = /^(\s*)(?:[-*]|\d+\.)\s+(.*)$/.exec(lines[i]!);
        if (!m) break;
        const text = [m[2]!];
        i++;
        while (i < lines.length && /^\s+\S/.test(lines[i]!) && !/^\s*(?:[-*]|\d+\.)\s/.test(lines[i]!))
          text.push(lines[i++]!.trim());
        const body = text.join(" ");
        const d = DEF.exec(body);
        const r = d ? byId.get(d[1]!) : undefined;
        if (d && r && r.file === file && !anchored.has(r.id)) {
          anchored.add(r.id);
          const rest = body.slice(d[0].length);
          out.push(
            `<li class="req ${r.class ?? "unclassified"}" id="${r.id}" data-search="${esc(`${r.id} ${r.text}`.toLowerCase())}">` +
              `<a class="anchor" href="#${r.id}">${r.id}</a> <span class="req-text">${inline(rest, known, file)}</span>` +
              `${requirementMeta(r)}</li>`,
          );
        } else out.push(`<li>${inline(body, known, file)}</li>`);
      }
      out.push("</ul>");
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !/^\s*$/.test(lines[i]!) && !/^(#|```|\||\s*(?:[-*]|\d+\.)\s)/.test(lines[i]!))
      para.push(lines[i++]!.trim());
    out.push(`<p>${inline(para.join(" "), known, file)}</p>`);
  }
  // A requirement defined by a heading (or a range) gets its anchor here, so every id has one.
  const rest = [...byId.values()].filter((r) => r.file === file && !anchored.has(r.id));
  if (rest.length > 0) {
    out.push('<ul class="defined-elsewhere">');
    for (const r of rest)
      out.push(
        `<li class="req ${r.class ?? "unclassified"}" id="${r.id}" data-search="${esc(`${r.id} ${r.text}`.toLowerCase())}">` +
          `<a class="anchor" href="#${r.id}">${r.id}</a> <span class="req-text">${inline(r.text, known, file)}</span>` +
          `${requirementMeta(r)}</li>`,
      );
    out.push("</ul>");
  }
  out.push("</section>");
  return out.join("\n");
}
