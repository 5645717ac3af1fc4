// FC-REPORT-1..7: the HTML page — self-contained, escaped, one item per check, failure details, the kill matrix.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCertify, summarize } from "../runner/certify.ts";
import type { CertifyReport, CheckResult, MutantsReport } from "../runner/types.ts";
import { renderHtmlReport } from "./html.ts";
import { parseReport, readCounterexamples } from "./load.ts";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
function fixture<T>(name: string): T {
  const r = parseReport(readFileSync(join(fixtures, name), "utf8"), name);
  if (!r.ok) throw new Error(r.message);
  return r.value as T;
}
const v14 = () => fixture<CertifyReport>("acme-1.4.0.json");
const mutation = () => fixture<MutantsReport>("mutation.json");

/** Undoes the escaping of attribute values and text (the five entities escapeHtml writes). */
function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The items of the checks list: id → data-status, in page order. */
function items(html: string): [string, string][] {
  return [
    ...html.matchAll(/<details class="check [a-z]+" data-item id="c-([^"]+)" data-status="([a-z]+)"/g),
  ].map((m) => [m[1]!, m[2]!]);
}

describe("a certification page", () => {
  const report = v14();
  const html = renderHtmlReport(report, {
    counterexamples: readCounterexamples(report, fixtures),
    source: "acme-1.4.0.json",
  });

  it("is one document that loads nothing: no external URL, stylesheet link or script source", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<link\b|<img\b|<iframe\b|\bsrc=|@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it("allows by CSP only the inline script whose hash it names, and no network at all", () => {
    const csp = decode(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "");
    expect(csp).toContain("default-src 'none'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const hash = createHash("sha256").update(script).digest("base64");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
  });

  it("has one item per check with its status, problems first", () => {
    const got = items(html);
    expect(got).toHaveLength(report.results.length);
    expect(new Map(got)).toEqual(new Map(report.results.map((r) => [r.id, r.status])));
    const firstPassed = got.findIndex(([, s]) => s === "passed");
    expect(got.slice(0, firstPassed).map(([, s]) => s)).toEqual([
      "failed",
      "failed",
      "failed",
      "errored",
      "skipped",
    ]);
  });

  it("summarises by area with one bar per area and the counts of the report", () => {
    expect(html.match(/<tr data-area-row=/g)).toHaveLength(3);
    expect(html).toContain(
      '<tr data-area-row="policy.validate"><td><button type="button" class="link mono" data-for="checks" data-set-area="policy.validate"',
    );
    expect(html).toContain('aria-label="39 passed, 2 failed, 0 errored, 0 skipped"');
    expect(html).toContain('aria-label="24 passed, 0 failed, 1 errored, 1 skipped"');
  });

  it("shows a failure's requirement ids and its expected-vs-actual diff with the hidden character revealed", () => {
    const item = html.slice(html.indexOf('id="c-policy.validate.basis-points-above-full-scale-are-invalid"'));
    const body = item.slice(0, item.indexOf("</details>"));
    expect(body).toContain("FC-POLICY-VALIDATE-1");
    expect(body).toContain("First difference at <code>/reason</code>");
    expect(body).toContain('<span class="l del">- &quot;basis mismatch&quot;</span>');
    expect(body).toContain(
      '<mark><span class="inv" title="invisible character U+007F">\\u007f</span></mark>',
    );
    expect(body).toContain(
      "feedback-compactor certify --filter policy.validate.basis-points-above-full-scale-are-invalid -- ./target/release/acme --serve",
    );
  });

  it("shows a failing property's minimal counterexample and the command that replays it", () => {
    const item = html.slice(html.indexOf('id="c-property.determinism"'));
    const body = item.slice(0, item.indexOf("</details>"));
    expect(body).toContain("Minimal counterexample");
    expect(body).toContain("&quot;id&quot;: &quot;property.determinism.counterexample&quot;");
    expect(body).toContain("x\\u0000y");
    expect(body).toContain(
      "feedback-compactor certify --filter property.determinism --seed 42 --runs 50 -- ./target/release/acme --serve",
    );
    expect(body).toContain("3:1:0");
  });

  it("says where the counterexample is when its file cannot be read", () => {
    const page = renderHtmlReport(report);
    expect(page).toContain("The counterexample file was not available");
    expect(page).toContain("counterexamples/property.determinism.seed-42.json");
  });

  it("lists the requirements with problems and a command re-running exactly the problems", () => {
    expect(html).toMatch(/data-set-q="fc-policy-validate-7">FC-POLICY-VALIDATE-7 \(1\)/);
    expect(decode(html)).toMatch(
      /--filter 'policy\.validate\.allow-conservative-rejects-heuristic-counter,policy\.validate\.basis-points-above-full-scale-are-invalid,summary\.accept\.assistant-role-is-rejected,property\.determinism' --seed 42 --runs \d+ -- \.\/target\/release\/acme --serve/,
    );
  });

  it("puts the problem groups first: gating before advisory, each with up to three linked examples", () => {
    const at = (s: string) => html.indexOf(s);
    expect(at('id="problems"')).toBeGreaterThan(0);
    expect(at('id="problems"')).toBeLessThan(at('id="smoke"'));
    const groups = [...html.matchAll(/<li class="group (gating|advisory)" data-group="(\d+)">/g)].map(
      (m) => m[1],
    );
    expect(groups.length).toBeGreaterThan(0);
    const firstAdvisory = groups.indexOf("advisory");
    if (firstAdvisory >= 0) expect(groups.slice(firstAdvisory)).not.toContain("gating");
    for (const m of html.matchAll(/<p class="examples">e\.g\. (.*?)<\/p>/g))
      expect((m[1]!.match(/href="#c-/g) ?? []).length).toBeLessThanOrEqual(3);
  });

  it("a failing property's saved counterexample gets its own replay command", () => {
    const prop = report.results.find((r) => r.id === "property.determinism")!;
    expect(prop.counterexample).toBeDefined();
    expect(decode(html)).toContain(
      `feedback-compactor certify --case ${prop.counterexample} -- ./target/release/acme --serve`,
    );
  });

  it("folds the groups after the first ten", () => {
    const first = report.results[0]!;
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...first,
      id: `compact.x.c${i}`,
      requirements: [`FC-X-${i + 1}`],
      status: "failed" as const,
      // Twelve different failures: twelve groups (one failure shape over several requirements is one group).
      message: `boom in ${"abcdefghijkl"[i]}`,
    }));
    const page = renderHtmlReport({ ...report, results: many, summary: summarize(many) });
    expect(page).toContain(
      '<details class="more-groups"><summary>2 more groups</summary><ol class="groups" start="11">',
    );
    expect((page.match(/<li class="group /g) ?? []).length).toBe(12);
  });

  it("names every pointer of a leak and whether it is inside the Correction Delta", () => {
    const first = report.results[0]!;
    const leaky: CertifyReport = {
      ...report,
      results: [
        {
          ...first,
          id: "compact.redaction.leaky",
          status: "failed",
          message: "assertion 1 (absentText): the text is present",
          leak: {
            text: '"ghp_x"',
            pointers: ["/log/findings/0/message", "/log/correctionDelta/openRootCauses/0/message"],
            inCorrectionDelta: true,
          },
        },
      ],
    };
    const page = renderHtmlReport({ ...leaky, summary: summarize(leaky.results) });
    expect(page).toContain("The text reaches the Correction Delta (the Worker's prompt).");
    expect(page).toContain("<code>/log/findings/0/message</code></li>");
    expect(page).toMatch(
      /<code>\/log\/correctionDelta\/openRootCauses\/0\/message<\/code> <span class="chip failed">Delta<\/span>/,
    );
    expect(page).toContain("a text that must be absent reaches the Correction Delta");
  });

  it("cuts a long changed string around its first differing character, on both sides alike", () => {
    const first = report.results[0]!;
    const long = "x".repeat(500);
    const r: CheckResult = {
      ...first,
      status: "failed",
      mismatch: { pointer: "/a", expected: `${long}AAA${long}`, actual: `${long}BBB${long}` },
    };
    const page = renderHtmlReport({ ...report, results: [r], summary: summarize([r]) });
    const diff = /<pre class="diff">(.*?)<\/pre>/s.exec(page)![1]!;
    expect(diff).toContain(`…${"x".repeat(40)}<mark>AAA</mark>${"x".repeat(40)}…`);
    expect(diff).toContain(`…${"x".repeat(40)}<mark>BBB</mark>${"x".repeat(40)}…`);
    expect(diff).not.toContain("x".repeat(41));
  });

  it("hides passed checks by default when there are problems, and shows everything when there are none", () => {
    expect(html).toContain('value="passed"> passed (63)');
    expect(html).toContain('value="failed" checked> failed (3)');
    const clean = { ...report, results: report.results.filter((r) => r.status === "passed") };
    const cleanHtml = renderHtmlReport({ ...clean, summary: summarize(clean.results), ok: true });
    expect(cleanHtml).toContain('value="passed" checked>');
    expect(cleanHtml).not.toContain('id="rerun"');
  });

  it("escapes hostile text from an implementation: ids, messages, metadata and diff values stay text", () => {
    const evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)>";
    const first = report.results[0]!;
    const hostile: CertifyReport = {
      ...report,
      implementation: { ...report.implementation, name: evil, homepage: `javascript:${evil}` },
      results: [
        {
          ...first,
          id: `x"${evil}`,
          status: "failed",
          message: evil,
          mismatch: { pointer: `/${evil}`, expected: evil, actual: { [evil]: evil } },
        },
      ],
    };
    const page = renderHtmlReport({ ...hostile, summary: summarize(hostile.results) });
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(page).not.toMatch(/<img\b/);
    expect(page).not.toContain("onerror=alert(2)>");
    expect(page).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("renders a real in-process run of the reference with one item per check", async () => {
    const run = await runCertify({ filter: "summary.accept.*", seed: 3, includeProperties: false });
    if (!run.ok) throw new Error(run.error.message);
    const got = items(renderHtmlReport(run.report));
    expect(got.length).toBe(run.report.results.length);
    expect(got.length).toBeGreaterThan(5);
  });
});

describe("a mutation page", () => {
  const report = mutation();
  const html = renderHtmlReport(report);

  it("lists every mutant with its outcome and the mutation score", () => {
    expect(html).toContain("mutation score 66%");
    for (const [id, state] of [
      ["policy-accepts-everything", "killed"],
      ["policy-drops-field", "killed"],
      ["compact-only-change", "survived"],
      ["harmless-identity", "accepted"],
    ]) {
      expect(html).toContain(`<tr id="m-${id}" class="mutant ${state}">`);
    }
  });

  it("draws the kill matrix: a row per check, a column per non-harmless mutant, a dot per kill", () => {
    const matrix = report.killMatrix!;
    const rows = html.match(/<tr data-item id="k-/g) ?? [];
    expect(rows).toHaveLength(Object.keys(matrix).length);
    const dots = html.match(/<td class="k hit"/g) ?? [];
    expect(dots).toHaveLength(Object.values(matrix).reduce((n, ms) => n + ms.length, 0));
    expect(html.match(/<th class="mut/g)).toHaveLength(3);
    expect(html).toContain(
      '<th class="mut surv" title="changes compact replies, which this filtered run never sends">compact-only-change ✗</th>',
    );
    expect(html).toContain("kills nothing (13)");
  });

  it("without --kill-matrix explains how to get one", () => {
    const { killMatrix: _k, killsNothing: _n, ...rest } = report;
    const page = renderHtmlReport(rest as MutantsReport);
    expect(page).toContain("--kill-matrix");
    expect(page).not.toContain('<tr data-item id="k-');
  });
});

describe("a skip list that covers passing checks (FC-CERT-23)", () => {
  it("lists each glob to narrow, links its passing checks and gives the narrower entry", () => {
    const report = v14();
    const [a, b] = report.results.filter((r) => r.status === "passed");
    const results = report.results.map((r) =>
      r === a || r === b ? { ...r, skipEntry: "compact.*", skipReason: "pending" } : r,
    );
    const html = renderHtmlReport({ ...report, results });
    const section = html.match(/<section id="narrow">([\s\S]*?)<\/section>/)?.[1];
    expect(section).toBeDefined();
    expect(section).toContain("<code>compact.*</code> covers 2 passing checks");
    expect(section).toContain(`href="#c-${a!.id}"`);
    expect(decode(section!)).toContain(`compact.*,!${a!.id},!${b!.id}`);
    expect(renderHtmlReport(report)).not.toContain('id="narrow"');
  });
});
