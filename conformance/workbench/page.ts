// FC-WB-1, FC-WB-2: the workbench's page — the spec view rendered here, the playground built by the page's script.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, type WorkbenchData } from "./model.ts";
import { esc, renderSpecFile } from "./spec-html.ts";

export type PageMode = "server" | "static";

const CSS = `
:root{--fg:#1d2330;--mut:#5d6778;--bd:#d8dde6;--bg:#f6f7fa;--acc:#2857c5;--con:#0d6e4f;--ref:#8a5a00;--bad:#b3261e;--okbg:#e6f4ea;--badbg:#fdecea}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:#fff}
header{display:flex;gap:16px;align-items:center;padding:8px 16px;border-bottom:1px solid var(--bd);background:var(--bg);position:sticky;top:0;z-index:5}
header h1{font-size:16px;margin:0}header nav a{margin-right:4px;padding:5px 12px;border-radius:6px;text-decoration:none;color:var(--fg)}
header nav a.on{background:var(--acc);color:#fff}header .grow{flex:1}header .mode{color:var(--mut);font-size:12px}
code,pre,textarea{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.view:not(.on){display:none!important}
#spec{display:grid;grid-template-columns:260px 1fr;min-height:calc(100vh - 50px)}
#spec aside{border-right:1px solid var(--bd);padding:12px;position:sticky;top:50px;height:calc(100vh - 50px);overflow:auto;background:var(--bg)}
#spec aside input{width:100%;padding:6px 8px;border:1px solid var(--bd);border-radius:6px}
#spec .content{padding:8px 28px;max-width:1100px}
.summary td{padding:1px 6px}.summary{margin:10px 0;font-size:13px}
.spec-file .path{color:var(--mut);font-size:12px;border-top:2px solid var(--bd);padding-top:8px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid var(--bd);padding:3px 6px;vertical-align:top;font-size:13px}
li.req,tr.req{list-style:none;margin:10px 0 10px -18px;padding:8px 10px;border:1px solid var(--bd);border-left:4px solid var(--con);border-radius:6px}
li.req.reference,tr.req.reference{border-left-color:var(--ref)}li.req.unclassified{border-left-color:var(--bad)}
li.req:target,tr.req:target{outline:3px solid #ffd54a}
.anchor{font-weight:600;font-family:ui-monospace,monospace;text-decoration:none}
.req-meta{margin-top:4px;font-size:12px;color:var(--mut)}.req-meta .cite{margin-top:2px}.req-meta .cite code{font-size:11px}
.cls{display:inline-block;padding:0 6px;border-radius:10px;font-size:11px;font-weight:600;color:#fff;background:var(--con)}
.cls.reference{background:var(--ref)}.cls.unclassified{background:var(--bad)}
.cov{font-size:11px;padding:0 5px;border-radius:10px}.cov.ok{background:var(--okbg);color:var(--con)}.cov.none{background:var(--badbg);color:var(--bad)}.cov.exempt{background:#eee}
a.case{font-family:ui-monospace,monospace;font-size:11px;margin-right:4px}
.hidden{display:none!important}
#play{padding:12px 16px}
.cols{display:grid;grid-template-columns:minmax(320px,1fr) minmax(380px,1.3fr);gap:16px}
.cols.three{grid-template-columns:minmax(300px,.9fr) minmax(340px,1fr) minmax(340px,1fr)}
.panel{border:1px solid var(--bd);border-radius:8px;padding:10px;margin-bottom:12px;background:#fff}
.panel h3{margin:0 0 8px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--mut)}
.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
select{max-width:100%}#case-select{width:100%;margin-top:2px}.row>label:has(#case-select){flex:1;min-width:0}
#iut-delta,#delta{max-height:200px}#explain{max-height:150px}
select,input[type=text],input[type=number]{padding:5px 7px;border:1px solid var(--bd);border-radius:6px;font:inherit}
textarea{width:100%;min-height:300px;height:340px;border:1px solid var(--bd);border-radius:6px;padding:8px}
pre.out{white-space:pre-wrap;word-break:break-all;background:var(--bg);padding:8px;border-radius:6px;max-height:360px;overflow:auto;margin:0}
.meter{height:10px;background:#e8ebf1;border-radius:5px;overflow:hidden;flex:1;min-width:120px}.meter>div{height:100%;background:var(--con)}
.meter.over>div{background:var(--bad)}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600}
.badge.omitted{background:#fff3cd;color:#7a5600}.badge.ok{background:var(--okbg);color:var(--con)}.badge.bad{background:var(--badbg);color:var(--bad)}
.error{border:1px solid var(--bad);background:var(--badbg);color:var(--bad);padding:8px;border-radius:6px;font-weight:600}
details>summary{cursor:pointer;font-weight:600;margin:4px 0}
table.diff{width:100%}table.diff td{font-family:ui-monospace,monospace;font-size:12px;max-width:420px;word-break:break-all}table.diff td.what{font-family:inherit;word-break:normal;min-width:280px}
tr.d-contract td{background:var(--badbg)}tr.d-reference-choice td{background:#fff8e1}
.checks li.bad{color:var(--bad);font-weight:600}.checks li.ok{color:var(--con)}
.reqs{max-height:180px;overflow:auto;border:1px solid var(--bd);border-radius:6px;padding:4px 6px;font-size:12px}
.reqs label{display:block}.props label{display:block;font-size:12px;margin:2px 0}.props code{font-size:11px}
button{padding:6px 12px;border:1px solid var(--acc);background:var(--acc);color:#fff;border-radius:6px;font:inherit;cursor:pointer}
button.secondary{background:#fff;color:var(--acc)}
.msg{font-size:12px;margin-top:6px;white-space:pre-wrap}
`;

/** The page: the spec view in full, a placeholder the script turns into the playground. */
export function renderPage(data: WorkbenchData, mode: PageMode): string {
  const byId = new Map(data.requirements.map((r) => [r.id, r]));
  const files = data.specFiles.map((f) => renderSpecFile(f, readFileSync(join(ROOT, f), "utf8"), byId));
  const n = data.requirements.length;
  const contract = data.requirements.filter((r) => r.class === "contract").length;
  const covered = data.requirements.filter(
    (r) => r.cases.length + r.properties.length + r.scenarios.length > 0,
  ).length;
  const exempt = data.requirements.filter(
    (r) => r.exempt !== undefined && r.cases.length + r.properties.length + r.scenarios.length === 0,
  ).length;
  const uncovered = n - covered - exempt;
  const toc = data.specFiles
    .map((f) => {
      const reqs = data.requirements.filter((r) => r.file === f);
      const cited = (r: (typeof reqs)[number]) =>
        r.cases.length + r.properties.length + r.scenarios.length > 0;
      const cov = reqs.filter(cited).length;
      const ex = reqs.filter((r) => !cited(r) && r.exempt !== undefined).length;
      const note = `${cov}/${reqs.length} cited${ex > 0 ? `, ${ex} exempt` : ""}`;
      return `<li><a href="#file=${esc(f)}" data-file="${esc(f)}">${esc(f.replace(/^spec\//, ""))}</a> <small>${note}</small></li>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="fc-mode" content="${mode}"><link rel="icon" href="data:,">
<title>feedback-compactor workbench</title><style>${CSS}</style></head>
<body>
<header><h1>feedback-compactor workbench</h1><nav><a href="#view=spec" data-view="spec">Spec</a><a href="#view=play" data-view="play">Playground</a></nav>
<span class="grow"></span><span class="mode">v${esc(data.version)} · ${mode === "server" ? "local server" : "static folder (downloads only)"}</span></header>
<main id="spec" class="view">
<aside><input id="spec-search" type="search" placeholder="Search id or text (e.g. FC-STAGE5-2, budget)" aria-label="search requirements">
<table class="summary"><tr><td>requirements</td><td><b>${n}</b></td></tr><tr><td><span class="cls">contract</span></td><td>${contract}</td></tr>
<tr><td><span class="cls reference">reference</span></td><td>${n - contract}</td></tr><tr><td><span class="cov ok">covered</span></td><td>${covered}</td></tr>
<tr><td><span class="cov exempt">exempt</span></td><td>${exempt}</td></tr><tr><td><span class="cov none">uncovered</span></td><td id="uncovered-count">${uncovered}</td></tr></table>
<p id="search-count" class="msg"></p><ul class="toc">${toc}</ul></aside>
<div class="content">${files.join("\n")}</div></main>
<main id="play" class="view"><p>Loading the reference pipeline…</p></main>
<script src="data.js"></script><script src="app.js"></script>
</body></html>
`;
}

/** data.js: the cases and requirements the playground needs, as one global (file:// pages cannot fetch). */
export function renderData(data: WorkbenchData): string {
  const slim = {
    version: data.version,
    requirements: data.requirements.map((r) => ({ id: r.id, class: r.class, text: r.text.slice(0, 160) })),
    cases: data.cases,
  };
  return `window.FC_DATA=${JSON.stringify(slim).replace(/</g, "\\u003c")};\n`;
}
