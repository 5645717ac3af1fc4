// FC-REPORT-2: the self-contained HTML document around a report: one file, inline style and script, no network.
import { createHash } from "node:crypto";
import { escapeHtml } from "./escape.ts";

const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
  --pass: #1a7f37; --fail: #cf222e; --err: #bc4c00; --skip: #8c959f; --absent: #d1d9e0; --mark: #ffd8b5;
  --add: #dafbe1; --del: #ffebe9; --focus: #0969da; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d;
  --panel: #151b23; --pass: #3fb950; --fail: #f85149; --err: #db6d28; --skip: #6e7681; --absent: #30363d;
  --mark: #7d4e00; --add: #12261e; --del: #25171c; --focus: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 16px 20px 48px; }
h1 { font-size: 22px; margin: 8px 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.muted { color: var(--muted); }
.chip { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
.chip.passed, .chip.PASS, .chip.killed, .chip.accepted { background: var(--pass); }
.chip.failed, .chip.FAIL, .chip.survived, .chip.false-alarm, .chip.regressed { background: var(--fail); }
.chip.errored, .chip.error, .chip.changed { background: var(--err); }
.chip.skipped, .chip.same { background: var(--skip); } .chip.fixed { background: var(--pass); }
.chip.absent { background: var(--absent); color: var(--fg); }
.verdict { font-size: 15px; padding: 2px 10px; vertical-align: middle; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--muted); font-size: 12px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 10px 0; } dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; }
.bar { display: flex; height: 14px; min-width: 160px; border-radius: 3px; overflow: hidden; background: var(--panel); border: 1px solid var(--line); }
.bar span { display: block; height: 100%; } .bar .passed { background: var(--pass); } .bar .failed { background: var(--fail); }
.bar .errored { background: var(--err); } .bar .skipped { background: var(--skip); }
button.link { background: none; border: 0; padding: 0; color: var(--focus); cursor: pointer; font: inherit; text-align: left; }
button.link:hover { text-decoration: underline; }
.filters { position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line); padding: 8px 0; display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; }
.filters label { white-space: nowrap; } .filters input[type=search] { min-width: 240px; padding: 3px 6px; }
.filters select, .filters input, .filters button { font: inherit; }
.check { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--bg); }
.check > summary, .check > .row { padding: 6px 10px; cursor: pointer; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.check > .row { cursor: default; }
.check[open] > summary { border-bottom: 1px solid var(--line); background: var(--panel); }
.check .id { font-weight: 600; word-break: break-all; } .check .body { padding: 8px 12px 12px; }
.check.failed { border-left: 4px solid var(--fail); } .check.errored { border-left: 4px solid var(--err); }
.check.skipped { border-left: 4px solid var(--skip); } .check.passed { border-left: 4px solid var(--pass); }
.req { display: inline-block; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; margin: 0 3px 2px 0; font-size: 12px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 8px; overflow: auto; max-height: 480px; margin: 6px 0; white-space: pre-wrap; word-break: break-word; }
pre.diff .l { display: block; } pre.diff .del { background: var(--del); } pre.diff .add { background: var(--add); }
pre.diff .skip { color: var(--muted); font-style: italic; } pre.diff mark { background: var(--mark); color: inherit; border-radius: 2px; }
.inv { background: var(--mark); border-radius: 2px; outline: 1px dotted var(--fail); }
.cmd { display: flex; gap: 6px; align-items: flex-start; } .cmd pre { flex: 1; margin: 2px 0; }
.matrix { overflow: auto; max-height: 80vh; border: 1px solid var(--line); }
.matrix table { width: auto; } .matrix th.mut { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; padding: 6px 2px; font-family: ui-monospace, monospace; }
.matrix thead th { position: sticky; top: 0; background: var(--bg); } .matrix td.k { text-align: center; width: 22px; padding: 2px; }
.matrix td.k.hit { color: var(--pass); font-weight: 700; } .matrix th.surv, .matrix td.surv { background: var(--del); }
.matrix tr.nothing td.cid { color: var(--err); }
tr.regressed td:first-child { border-left: 4px solid var(--fail); } tr.changed td:first-child { border-left: 4px solid var(--err); }
tr.fixed td:first-child { border-left: 4px solid var(--pass); }
.empty { padding: 16px; color: var(--muted); border: 1px dashed var(--line); border-radius: 6px; text-align: center; }
dl.meta.wide { grid-template-columns: max-content 1fr max-content 1fr; }
.legend .sw { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 4px 0 10px; vertical-align: middle; }
.legend .sw.passed { background: var(--pass); } .legend .sw.failed { background: var(--fail); }
.legend .sw.errored { background: var(--err); } .legend .sw.skipped { background: var(--skip); }
ol.groups { padding-left: 28px; } ol.groups li.group { margin: 8px 0; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; }
ol.groups li.gating { border-left: 4px solid var(--fail); } ol.groups li.advisory { border-left: 4px solid var(--skip); }
ol.groups p { margin: 3px 0; } .leak.in-delta { border-left: 4px solid var(--fail); padding-left: 8px; } .leak.envelope { border-left: 4px solid var(--err); padding-left: 8px; }
span.del { background: var(--del); } span.add { background: var(--add); } .nowrap { white-space: nowrap; }
td ul { margin: 4px 0; padding-left: 18px; }
[hidden] { display: none !important; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
@media print { .filters { display: none; } .check { break-inside: avoid; } pre { max-height: none; } }
`;

export interface PageParts {
  title: string;
  body: string;
  /** Inline script (no external source); runs after the body. */
  script?: string;
  /** More inline style for this page's own elements, after the shared style. */
  style?: string;
}

/** The SHA-256 CSP source for an inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/**
 * One HTML document. The Content-Security-Policy allows no network access at all, and only the one inline
 * script whose hash it names: text from a report that somehow became markup could still not run.
 */
export function page(parts: PageParts): string {
  const script = parts.script ?? "";
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src ${script === "" ? "'none'" : scriptHash(script)}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="generator" content="feedback-compactor report">
<title>${escapeHtml(parts.title)}</title>
<style>${STYLE}${parts.style ?? ""}</style>
</head>
<body>
<main>
${parts.body}
</main>
${script === "" ? "" : `<script>${script}</script>`}
</body>
</html>
`;
}
