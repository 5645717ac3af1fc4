// FC-WB-1, FC-WB-3..7: the workbench page's script — the engine for the page and for tests, and the views:
// spec search, the playground (debounced runs of the reference), side by side, save as case, state in the URL.
/// <reference lib="dom" />
import { type CaseDraft, caseFileText, casePathProblem, proposeAssertions } from "./case-file.ts";
import { type IutReply, type JudgedCheck, compareReplies } from "./compare.ts";
import { type RunResult, ready, run } from "./engine.ts";
import { jsonErrorPosition } from "./json-position.ts";
import { matcherFindings, readMatcherFile } from "../../oracle/problem-matcher.ts";
import { matcherRequest } from "../../runner/matcher.ts";

export * from "./engine.ts";
export { compareReplies, diffJson, classify } from "./compare.ts";
export { caseFileText, casePathProblem, proposeAssertions } from "./case-file.ts";

interface PageCase {
  id: string;
  source: string;
  description: string;
  requirements: string[];
  profile?: string;
  request: unknown;
  options: { budgetTokens?: number };
}
interface PageData {
  version: string;
  requirements: { id: string; class: string | null; text: string }[];
  cases: PageCase[];
}
interface State {
  view: "spec" | "play";
  case?: string;
  budget?: string;
  req?: string;
}

const $ = <T extends HTMLElement = HTMLElement>(sel: string, root: ParentNode = document): T =>
  root.querySelector(sel) as T;
const h = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const short = (v: unknown) => {
  const t = v === undefined ? "(absent)" : JSON.stringify(v);
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
};

/** base64url of the deflated text, and back: a request rides in the URL (FC-WB-7). */
async function pack(text: string): Promise<string> {
  const s = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(s).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
async function unpack(b64: string): Promise<string> {
  const bin = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(s).text();
}

function readState(): State {
  const raw = location.hash.replace(/^#/, "");
  if (/^FC-/.test(raw)) return { view: "spec" };
  const p = new URLSearchParams(raw);
  const st: State = { view: p.get("view") === "play" ? "play" : "spec" };
  for (const k of ["case", "budget", "req"] as const) {
    const v = p.get(k);
    if (v !== null) st[k] = v;
  }
  if (raw.startsWith("file=")) st.view = "spec";
  return st;
}
function writeState(st: State): void {
  const p = new URLSearchParams();
  p.set("view", st.view);
  for (const k of ["case", "budget", "req"] as const) if (st[k] !== undefined) p.set(k, st[k]!);
  history.replaceState(null, "", `#${p.toString()}`);
}

function showView(view: State["view"]): void {
  for (const v of ["spec", "play"]) {
    document.getElementById(v)?.classList.toggle("on", v === view);
    document.querySelector(`nav a[data-view="${v}"]`)?.classList.toggle("on", v === view);
  }
}

function specSearch(): void {
  const input = $<HTMLInputElement>("#spec-search");
  const count = $("#search-count");
  const apply = () => {
    const q = input.value.trim().toLowerCase();
    let shown = 0;
    for (const el of document.querySelectorAll<HTMLElement>("#spec .req")) {
      const hit = q === "" || (el.dataset.search ?? "").includes(q);
      el.classList.toggle("hidden", !hit);
      if (hit) shown++;
    }
    for (const el of document.querySelectorAll<HTMLElement>("#spec .content > section > :not(ul):not(table)"))
      el.classList.toggle("hidden", q !== "");
    for (const el of document.querySelectorAll<HTMLElement>("#spec .content ul, #spec .content table")) {
      const any = el.querySelector(".req:not(.hidden)") !== null;
      el.classList.toggle("hidden", q !== "" && !any);
    }
    count.textContent = q === "" ? "" : `${shown} requirement(s) match`;
  };
  input.addEventListener("input", apply);
}

function playgroundHtml(data: PageData, iut: { name: string; version: string } | null, mode: string): string {
  const groups = ["golden", "conformance"]
    .map(
      (src) =>
        `<optgroup label="${src === "golden" ? "golden cases" : "conformance cases"}">` +
        data.cases
          .filter((c) => c.source === src)
          .map((c) => `<option value="${h(c.id)}">${h(c.id)}</option>`)
          .join("") +
        "</optgroup>",
    )
    .join("");
  const iutCol = iut
    ? `<div id="iut-col"><div class="panel"><h3>Implementation: ${h(iut.name)} ${h(iut.version)}</h3>
<div class="row"><div class="meter" id="iut-meter"><div></div></div><span id="iut-tokens"></span><span id="iut-omitted"></span></div>
<div id="iut-error" class="error hidden"></div><details open><summary>Its Delta</summary><pre class="out" id="iut-delta"></pre></details></div>
</div>`
    : "";
  return `<div class="cols${iut ? " three" : ""}">
<div><div class="panel"><h3>Request</h3>
<div class="row"><label>start from <select id="case-select"><option value="">(your own request)</option>${groups}</select></label></div>
<div class="row"><label>budget tokens <input id="budget" type="number" min="1" step="1" placeholder="512" style="width:90px"></label>
<input id="budget-range" type="range" min="128" max="2048" step="1" aria-label="budget slider" style="flex:1"></div>
<p id="case-desc" class="msg"></p>
<textarea id="request" spellcheck="false" aria-label="CompactionRequest JSON"></textarea></div></div>
<div><div class="panel"><h3>Reference (${h(data.version)}, in this page)</h3>
<div class="row"><div class="meter" id="meter"><div></div></div><span id="tokens"></span><span id="omitted"></span></div>
<div id="ref-error" class="error hidden"></div>
<details open><summary>Correction Delta: the bytes the Worker receives</summary><pre class="out" id="delta"></pre></details>
<details><summary>Envelope (the Compacted Feedback Log)</summary><pre class="out" id="envelope"></pre></details>
<details open><summary>Stages (compact --explain)</summary><pre class="out" id="explain"></pre></details></div></div>
${iutCol}</div>
${
  iut
    ? `<div class="panel" id="diff-panel"><h3>Differences from the reference</h3><div id="verdict"></div><ul class="checks" id="checks"></ul>
<table class="diff" id="diff"><thead><tr><th>member</th><th>reference</th><th>implementation</th><th>what it is</th></tr></thead><tbody></tbody></table></div>`
    : ""
}
<div class="panel" id="matcher-panel"><h3>Problem matcher (spec/stage1.md §3.3)</h3>
<p class="msg">A GitHub Actions problem matcher and your tool's output: the reference reads the output through the matcher, and the
kit's own reading of §3.3 (what <code>certify --problem-matcher</code> expects) marks each finding it expects.</p>
<div class="cols"><div><b>matcher JSON</b><textarea id="matcher-json" spellcheck="false" aria-label="problem matcher JSON" style="min-height:0;height:170px"></textarea></div>
<div><b>tool output</b><textarea id="matcher-output" spellcheck="false" aria-label="tool output" style="min-height:0;height:170px"></textarea></div></div>
<div class="row"><button id="matcher-use" class="secondary">Use as the request</button><span id="matcher-status" class="msg"></span></div>
<div id="matcher-error" class="error hidden"></div>
<table class="diff" id="matcher-findings"><thead><tr><th>rule</th><th>severity</th><th>path</th><th>line</th><th>message</th><th>the kit</th></tr></thead><tbody></tbody></table></div>
<div class="panel" id="save-panel"><h3>Save as case</h3>
<div class="row"><label>path conformance/cases/<input id="case-path" type="text" size="44" placeholder="compact/packing/the-claim"></label>.json
<label>profile <select id="case-profile"><option value="auto">auto</option><option value="required">required</option><option value="reference">reference</option></select></label></div>
<div class="row"><label style="flex:1">description <input id="case-description" type="text" style="width:100%" placeholder="A claim stated as a fact."></label></div>
<div class="cols"><div><b>requirements</b> <input id="req-filter" type="text" placeholder="filter" size="18"><div class="reqs" id="reqs"></div></div>
<div><b>assertions proposed from the current output</b><div class="props" id="props"></div></div></div>
<div class="row" style="margin-top:8px">${mode === "server" ? '<button id="save">Save into conformance/cases</button>' : ""}<button id="download" class="${mode === "server" ? "secondary" : ""}">Download</button></div>
<div id="save-msg" class="msg"></div><details><summary>case file</summary><pre class="out" id="case-preview"></pre></details></div>`;
}

// GitHub's documented eslint-stylish matcher and output it reads, to start from.
const EXAMPLE_MATCHER = {
  problemMatcher: [
    {
      owner: "eslint-stylish",
      pattern: [
        { regexp: "^([^\\s].*)$", file: 1 },
        {
          regexp: "^\\s+(\\d+):(\\d+)\\s+(error|warning|info)\\s+(.*)\\s\\s+(.*)$",
          line: 1,
          column: 2,
          severity: 3,
          message: 4,
          code: 5,
          loop: true,
        },
      ],
    },
  ],
};
const EXAMPLE_OUTPUT = `src/cart.ts
  3:5   error    'total' is assigned a value but never used  no-unused-vars
  9:1   warning  Unexpected console statement                no-console

✖ 2 problems (1 error, 1 warning)
`;

interface ShownFinding {
  rule: string;
  severity: string;
  location: { path: string; startLine?: number } | null;
  message: string;
}

/**
 * The problem-matcher panel: the reference's findings for the pasted output read through the pasted matcher, each
 * marked when the kit's own reading expects it, and the expected ones the reference lacks; "Use as the request"
 * puts the request into the playground (to save it as a case).
 */
function matcherPanel(use: (requestText: string) => void): void {
  const mj = $<HTMLTextAreaElement>("#matcher-json");
  const mo = $<HTMLTextAreaElement>("#matcher-output");
  mj.value = JSON.stringify(EXAMPLE_MATCHER, null, 2);
  mo.value = EXAMPLE_OUTPUT;
  const err = $("#matcher-error");
  const body = $("#matcher-findings tbody");
  let request: Record<string, unknown> | null = null;
  const fail = (text: string) => {
    err.textContent = text;
    err.classList.remove("hidden");
    body.innerHTML = "";
    $("#matcher-status").textContent = "";
  };
  const draw = () => {
    request = null;
    let doc: unknown;
    try {
      doc = JSON.parse(mj.value);
    } catch {
      const at = jsonErrorPosition(mj.value);
      return fail(`the matcher is not valid JSON${at ? ` (line ${at.line}, column ${at.column})` : ""}`);
    }
    const kit = readMatcherFile(doc);
    const inFile = typeof doc === "object" && doc !== null && "problemMatcher" in doc;
    const matchers = kit.ok
      ? kit.matchers
      : inFile
        ? (doc as { problemMatcher: unknown }).problemMatcher
        : doc;
    request = matcherRequest(matchers, mo.value);
    const out = run(request);
    const refused = kit.ok ? "" : ` The kit refuses it too: ${kit.where} ${kit.why}.`;
    if (!out.ok) return fail(`${out.error.code}: ${out.error.message}.${refused}`);
    err.classList.toggle("hidden", refused === "");
    err.textContent = refused === "" ? "" : `The reference accepts a matcher the kit refuses:${refused}`;
    const found = (out.log.findings ?? []) as ShownFinding[];
    const root = ((request.canonicalState as { repoRoot: string }) ?? { repoRoot: "" }).repoRoot;
    const expected = kit.ok ? matcherFindings(kit.matchers, mo.value, root) : [];
    const met = new Set<number>();
    const fits = (e: (typeof expected)[number], f: ShownFinding) =>
      e.rule === f.rule &&
      e.severity === f.severity &&
      (e.path === null || e.outside || f.location?.path === e.path) &&
      (e.line === null || f.location?.startLine === e.line);
    const cell = (v: unknown) => `<td>${h(v === null || v === undefined ? "" : String(v))}</td>`;
    const rows = found.map((f) => {
      const k = expected.findIndex((e, i) => !met.has(i) && fits(e, f));
      if (k >= 0) met.add(k);
      const mark =
        k >= 0 ? "✓ expected" : f.rule.startsWith("normalize:") ? "Stage 1's own note" : "not the matcher's";
      return `<tr>${cell(f.rule)}${cell(f.severity)}${cell(f.location?.path)}${cell(f.location?.startLine)}${cell(f.message)}${cell(mark)}</tr>`;
    });
    const missing = expected.filter((_, i) => !met.has(i));
    for (const e of missing)
      rows.push(
        `<tr class="d-contract">${cell(e.rule)}${cell(e.severity)}${cell(e.path)}${cell(e.line)}${cell(e.message.trim())}${cell("✗ expected, missing")}</tr>`,
      );
    body.innerHTML = rows.join("");
    $("#matcher-status").textContent =
      `${found.length} finding(s) in the log; the kit expects ${expected.length}, ${expected.length - missing.length} of them found`;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(draw, 200);
  };
  mj.addEventListener("input", later);
  mo.addEventListener("input", later);
  $("#matcher-use").addEventListener("click", () => {
    if (request !== null) use(JSON.stringify(request, null, 2));
  });
  draw();
}

async function boot(): Promise<void> {
  const data = (window as unknown as { FC_DATA: PageData }).FC_DATA;
  const mode = document.querySelector<HTMLMetaElement>('meta[name="fc-mode"]')?.content ?? "static";
  let iut: { name: string; version: string } | null = null;
  if (mode === "server") {
    const info = await fetch("api/info")
      .then((r) => r.json())
      .catch(() => null);
    iut = info?.implementation ?? null;
  }
  const state = readState();
  showView(state.view);
  specSearch();
  for (const a of document.querySelectorAll<HTMLAnchorElement>("nav a")) {
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      const st = readState();
      st.view = a.dataset.view as State["view"];
      writeState(st);
      showView(st.view);
    });
  }
  window.addEventListener("hashchange", () => {
    const raw = location.hash.replace(/^#/, "");
    if (/^FC-/.test(raw)) {
      showView("spec");
      document.getElementById(raw)?.scrollIntoView({ block: "center" });
    } else if (raw.startsWith("file=")) {
      showView("spec");
      document
        .querySelector(`section[data-file="${CSS.escape(decodeURIComponent(raw.slice(5)))}"]`)
        ?.scrollIntoView();
    } else {
      const st = readState();
      showView(st.view);
      if (st.case !== undefined && st.case !== $<HTMLSelectElement>("#case-select").value) loadCase(st.case);
    }
  });
  const play = $("#play");
  play.innerHTML = playgroundHtml(data, iut, mode);
  await ready();
  const byCase = new Map(data.cases.map((c) => [c.id, c]));
  const ta = $<HTMLTextAreaElement>("#request");
  const budget = $<HTMLInputElement>("#budget");
  const range = $<HTMLInputElement>("#budget-range");
  const select = $<HTMLSelectElement>("#case-select");
  let current: { request: unknown; options: { budgetTokens?: number }; out: RunResult } | null = null;
  let loaded: PageCase | undefined;
  let seq = 0;

  const reqList = $("#reqs");
  const ticked = new Set<string>();
  const drawReqs = () => {
    const q = $<HTMLInputElement>("#req-filter").value.trim().toLowerCase();
    const rows = data.requirements
      .filter((r) => ticked.has(r.id) || q === "" || `${r.id} ${r.text}`.toLowerCase().includes(q))
      .sort((a, b) => Number(ticked.has(b.id)) - Number(ticked.has(a.id)))
      .slice(0, 80);
    reqList.innerHTML = rows
      .map(
        (r) =>
          `<label title="${h(r.text)}"><input type="checkbox" value="${h(r.id)}"${ticked.has(r.id) ? " checked" : ""}> ${h(r.id)} <span class="cls ${r.class ?? "unclassified"}">${r.class ?? "?"}</span></label>`,
      )
      .join("");
  };
  reqList.addEventListener("change", (ev) => {
    const box = ev.target as HTMLInputElement;
    if (box.checked) ticked.add(box.value);
    else ticked.delete(box.value);
    drawCase();
  });
  $("#req-filter").addEventListener("input", drawReqs);

  const propsEl = $("#props");
  let proposals: ReturnType<typeof proposeAssertions> = [];
  const drawProps = () => {
    proposals = current ? proposeAssertions(current.out) : [];
    propsEl.innerHTML =
      current && !current.out.ok
        ? `<p class="msg">The reference refuses this request: the case expects the error <code>${h(current.out.error.code)}</code>.</p>`
        : proposals
            .map(
              (p, i) =>
                `<label><input type="checkbox" data-i="${i}" checked> <code>${h(JSON.stringify(p.assertion))}</code> <span class="cls ${p.class}">${p.class}</span> <small>${h(p.why)}</small></label>`,
            )
            .join("");
  };
  propsEl.addEventListener("change", () => drawCase());

  const draft = (): CaseDraft | null => {
    if (!current) return null;
    const kept = proposals.filter((_p, i) => $<HTMLInputElement>(`input[data-i="${i}"]`, propsEl)?.checked);
    const reqs = [...ticked].sort();
    const klass = new Map(data.requirements.map((r) => [r.id, r.class]));
    const chosen = $<HTMLSelectElement>("#case-profile").value;
    const auto =
      reqs.every((id) => klass.get(id) === "contract") && kept.every((p) => p.class === "contract")
        ? "required"
        : "reference";
    const d: CaseDraft = {
      path: $<HTMLInputElement>("#case-path").value.trim(),
      description: $<HTMLInputElement>("#case-description").value.trim(),
      requirements: reqs,
      profile: (chosen === "auto" ? auto : chosen) as CaseDraft["profile"],
      request: current.request,
      options: current.options,
      assertions: kept.map((p) => p.assertion),
    };
    if (!current.out.ok)
      d.error =
        current.out.error.field !== undefined
          ? { code: current.out.error.code, field: current.out.error.field }
          : { code: current.out.error.code };
    return d;
  };
  const drawCase = () => {
    const d = draft();
    $("#case-preview").textContent = d ? caseFileText(d) : "";
  };
  for (const id of ["#case-path", "#case-description", "#case-profile"])
    $(id).addEventListener("input", drawCase);

  const saveMsg = $("#save-msg");
  const checkDraft = (): CaseDraft | null => {
    const d = draft();
    if (!d) return null;
    const problem = casePathProblem(d.path);
    if (problem !== null) {
      saveMsg.textContent = `path: ${problem}`;
      return null;
    }
    return d;
  };
  $("#download").addEventListener("click", () => {
    const d = checkDraft();
    if (!d) return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([caseFileText(d)], { type: "application/json" }));
    a.download = `${d.path
      .split("/")
      .pop()!
      .replace(/\.json$/, "")}.json`;
    a.click();
    saveMsg.textContent = `downloaded ${a.download}: put it at conformance/cases/${d.path.replace(/\.json$/, "")}.json and run 'feedback-compactor check'`;
  });
  document.getElementById("save")?.addEventListener("click", async () => {
    const d = checkDraft();
    if (!d) return;
    const r = await fetch("api/save", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: d.path, text: caseFileText(d) }),
    }).then((x) => x.json());
    saveMsg.textContent = r.ok
      ? `saved ${r.file}; check: ${r.problems.length === 0 ? "ok" : r.problems.join("\n")}`
      : `not saved: ${r.error?.message ?? "error"}`;
    saveMsg.dataset.status = r.ok && r.problems.length === 0 ? "ok" : "bad";
  });

  const meter = (id: string, rendered: number, budgetTokens: number) => {
    const m = $(id);
    m.classList.toggle("over", rendered > budgetTokens);
    (m.firstElementChild as HTMLElement).style.width = `${Math.min(100, (100 * rendered) / budgetTokens)}%`;
  };
  /** No Delta, no bar: an error must not leave the last run's token count standing. */
  const clearMeter = (id: string) => {
    const m = $(id);
    m.classList.remove("over");
    (m.firstElementChild as HTMLElement).style.width = "0%";
  };
  const omittedBadge = (log: Record<string, unknown>) => {
    const o = (log.correctionDelta as { omitted: { count: number } | null } | undefined)?.omitted;
    return o
      ? `<span class="badge omitted">omitted: ${o.count}</span>`
      : '<span class="badge ok">nothing omitted</span>';
  };

  const compareWithIut = async (
    request: unknown,
    options: { budgetTokens?: number },
    out: RunResult,
    n: number,
    caseId: string | undefined,
  ) => {
    const answer = (await fetch("api/compact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request, options, ...(caseId === undefined ? {} : { caseId }) }),
    })
      .then((r) => r.json())
      .catch(() => ({ kind: "errored", reason: "the workbench server did not answer" }))) as IutReply & {
      judged?: JudgedCheck[];
    };
    if (n !== seq) return;
    const { judged = [], ...reply } = answer;
    const budgetTokens = options.budgetTokens ?? 512;
    const ref = out.ok ? { ok: true as const, log: out.log } : { ok: false as const, error: out.error };
    // FC-WB-5: one judge — the server ran the runner's evaluation on the reply.
    const cmp = compareReplies(ref, reply as IutReply, judged);
    const err = $("#iut-error");
    err.classList.toggle("hidden", reply.kind === "result");
    if (reply.kind === "result") {
      const log = reply.result as { correctionDelta?: unknown; compaction?: { renderedTokens?: number } };
      const rendered = log.compaction?.renderedTokens ?? 0;
      $("#iut-delta").textContent = JSON.stringify(log.correctionDelta ?? null);
      $("#iut-tokens").textContent = `${rendered} / ${budgetTokens} tokens`;
      $("#iut-omitted").innerHTML = omittedBadge(reply.result as Record<string, unknown>);
      meter("#iut-meter", rendered, budgetTokens);
    } else {
      err.textContent =
        reply.kind === "error"
          ? `${reply.error.code}: ${reply.error.message}`
          : `no proper answer: ${reply.reason}`;
      $("#iut-delta").textContent = "";
      $("#iut-tokens").textContent = "";
      $("#iut-omitted").innerHTML = "";
      clearMeter("#iut-meter");
    }
    $("#verdict").innerHTML =
      cmp.broken.length === 0
        ? `<span class="badge ok">no contract check broken</span> ${cmp.differences.length} differing member(s)`
        : `<span class="badge bad">${cmp.broken.length} contract check(s) broken</span> ${cmp.differences.length} differing member(s)`;
    $("#checks").innerHTML = cmp.checks
      .map(
        (c) =>
          `<li class="${c.ok ? "ok" : "bad"}">${c.ok ? "✔" : "✘"} ${h(c.name)} <small>(${c.requirements.join(", ")}) — ${h(c.message)}</small></li>`,
      )
      .join("");
    // Members that differ alike (the elements of one array, say) are one row: the first one and how many.
    const groups = new Map<string, { d: (typeof cmp.differences)[number]; n: number }>();
    for (const d of cmp.differences) {
      const key = `${d.pointer.replace(/\/\d+/g, "/*")}|${d.kind}|${d.note}`;
      const g = groups.get(key);
      if (g) g.n++;
      else groups.set(key, { d, n: 1 });
    }
    $("#diff tbody").innerHTML = [...groups.values()]
      .slice(0, 60)
      .map(
        ({ d, n }) =>
          `<tr class="d-${d.kind}"><td>${h(d.pointer || "(reply)")}${n > 1 ? `<br><small>and ${n - 1} more like it</small>` : ""}</td><td>${h(short(d.reference))}</td><td>${h(short(d.implementation))}</td>` +
          `<td class="what"><b>${d.kind === "reference-choice" ? "reference-only choice" : "contract"}</b>: ${h(d.note)} <small>(${d.requirements.join(", ")})</small></td></tr>`,
      )
      .join("");
  };

  const compute = async () => {
    const n = ++seq;
    const st = readState();
    const b = budget.value.trim();
    const options: { budgetTokens?: number } = b === "" ? {} : { budgetTokens: Number(b) };
    if (b !== "" && /^\d+$/.test(b)) range.value = b;
    let request: unknown;
    let out: RunResult;
    try {
      request = JSON.parse(ta.value);
      out = run(request, options);
    } catch (e) {
      // Where the JSON breaks, by line and column (never the text itself).
      const at = e instanceof SyntaxError ? jsonErrorPosition(ta.value) : null;
      out = {
        ok: false,
        error: {
          code: "INVALID_REQUEST",
          message:
            e instanceof SyntaxError
              ? `the request is not valid JSON${at ? ` (line ${at.line}, column ${at.column})` : ""}`
              : "the request could not be compacted",
        },
      };
    }
    current = { request, options, out };
    const refErr = $("#ref-error");
    refErr.classList.toggle("hidden", out.ok);
    if (out.ok) {
      $("#delta").textContent = out.deltaText;
      $("#envelope").textContent = JSON.stringify(out.log, null, 2);
      $("#explain").textContent = out.explainText;
      $("#tokens").textContent = `${out.renderedTokens} / ${out.budgetTokens} tokens`;
      $("#omitted").innerHTML = omittedBadge(out.log);
      meter("#meter", out.renderedTokens, out.budgetTokens);
    } else {
      refErr.textContent = `${out.error.code}${out.error.field ? ` (${out.error.field})` : ""}: ${out.error.message}`;
      for (const id of ["#delta", "#envelope", "#explain", "#tokens"]) $(id).textContent = "";
      $("#omitted").innerHTML = "";
      clearMeter("#meter");
    }
    drawProps();
    drawCase();
    // State in the URL: the case as named, or the edited request itself.
    st.view = "play";
    if (b === "") delete st.budget;
    else st.budget = b;
    const same = loaded !== undefined && JSON.stringify(loaded.request, null, 2) === ta.value;
    if (same) {
      st.case = loaded!.id;
      delete st.req;
    } else {
      delete st.case;
      st.req = await pack(ta.value);
    }
    if (n === seq) writeState(st);
    if (iut && n === seq) await compareWithIut(request, options, out, n, same ? loaded!.id : undefined);
    // Only the latest edit reports a finished run: a slower, stale one must not look like the answer to it.
    if (n === seq) document.body.dataset.runs = String(n);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void compute(), 200);
  };
  ta.addEventListener("input", later);
  budget.addEventListener("input", later);
  range.addEventListener("input", () => {
    budget.value = range.value;
    later();
  });

  const loadCase = (id: string) => {
    const c = byCase.get(id);
    loaded = c;
    select.value = c ? c.id : "";
    if (!c) {
      // "(your own request)": the request stays to be edited; the last case's description does not.
      $("#case-desc").textContent = "";
      return;
    }
    ta.value = JSON.stringify(c.request, null, 2);
    budget.value = c.options.budgetTokens !== undefined ? String(c.options.budgetTokens) : "";
    $("#case-desc").textContent = `${c.description} [${c.requirements.join(", ")}]`;
    ticked.clear();
    for (const r of c.requirements) ticked.add(r);
    drawReqs();
    void compute();
  };
  select.addEventListener("change", () => loadCase(select.value));
  matcherPanel((text) => {
    loadCase("");
    ta.value = text;
    budget.value = "";
    ta.scrollIntoView({ block: "center" });
    void compute();
  });

  drawReqs();
  if (state.req !== undefined) {
    ta.value = await unpack(state.req).catch(() => "");
    if (state.budget !== undefined) budget.value = state.budget;
    await compute();
  } else {
    loadCase(state.case ?? data.cases[0]?.id ?? "");
    if (state.budget !== undefined) {
      budget.value = state.budget;
      await compute();
    }
  }
  const target = location.hash.replace(/^#/, "");
  if (/^FC-/.test(target)) document.getElementById(target)?.scrollIntoView({ block: "center" });
  document.body.dataset.ready = "1";
}

if (typeof document !== "undefined") {
  boot().catch((e: unknown) => {
    const p = document.getElementById("play");
    if (p) p.innerHTML = `<p class="error">The playground could not start: ${h(String(e))}</p>`;
  });
}
