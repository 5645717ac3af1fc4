// FC-REPORT-13: the HTML pages in a real browser (headless Chromium) — no console errors, filters, details, links.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarize } from "../runner/certify.ts";
import { rerunCommand } from "../runner/problems.ts";
import type { CertifyReport, CheckResult, MutantsReport } from "../runner/types.ts";
import { compareReports, renderComparisonHtml } from "./compare.ts";
import { renderHtmlReport } from "./html.ts";
import { readCounterexamples } from "./load.ts";
import {
  CHROMIUM,
  chromiumAvailable,
  launchChromium,
  pageProblems,
  requireChromium,
} from "../testing/chromium.ts";

requireChromium("browser test of the HTML report");
const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "fixtures");
/** Where the screenshots are kept for people to look at (gitignored). */
export const SCREENSHOT_DIR = resolve(here, "../../.tmp/screenshots");

const load = <T>(name: string) => JSON.parse(readFileSync(join(fixtures, name), "utf8")) as T;

/**
 * The 1.4.0 fixture plus what a broken redactor produces: four leaks of one cause into the Delta (one group), one
 * leak into the envelope only, and an advisory byte-exact failure on a long string; with the re-run id file.
 */
function withGroups(base: CertifyReport): CertifyReport {
  const template = base.results.find((r) => r.status === "passed")!;
  const leak = (id: string, inDelta: boolean): CheckResult => ({
    ...template,
    id,
    area: "redaction.sensitive",
    requirements: ["FC-REDACT-SENSITIVE-1", "FC-REDACT-SENSITIVE-3"],
    status: "failed",
    message: "assertion 1 (absentText): the text is present",
    leak: inDelta
      ? {
          text: '"ghp_planted"',
          pointers: ["/log/findings/0/message", "/log/correctionDelta/openRootCauses/0/message"],
          inCorrectionDelta: true,
        }
      : { text: '"ghp_planted"', pointers: ["/log/findings/0/trace"], inCorrectionDelta: false },
  });
  const long = "y".repeat(300);
  const extra: CheckResult[] = [
    ...["a", "b", "c", "d"].map((x) => leak(`redaction.sensitive.leak-${x}`, true)),
    leak("redaction.sensitive.leak-envelope", false),
    {
      ...template,
      id: "compact.byte-exact.long-string",
      area: "compact.byte-exact",
      requirements: ["FC-RENDER-1"],
      profile: "byte-exact",
      gating: false,
      status: "failed",
      message: "canonical Correction Delta differs from byte 301",
      mismatch: { pointer: "/correctionDelta", expected: `${long}OLD${long}`, actual: `${long}NEW${long}` },
    },
  ];
  const results = [...base.results, ...extra];
  const report = { ...base, results, summary: summarize(results), ok: false };
  return {
    ...report,
    rerun: { idFile: "out/failing-checks.txt", command: rerunCommand(report, "out/failing-checks.txt") },
  };
}

describe.skipIf(!chromiumAvailable)(`HTML report in headless Chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let dir: string;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fc-report-browser-"));
    const v14 = load<CertifyReport>("acme-1.4.0.json");
    const v15 = load<CertifyReport>("acme-1.5.0.json");
    const pages: Record<string, string> = {
      report: renderHtmlReport(v14, {
        counterexamples: readCounterexamples(v14, fixtures),
        source: "acme-1.4.0.json",
      }),
      compare: renderComparisonHtml(
        compareReports([
          { report: v14, source: "acme-1.4.0.json" },
          { report: v15, source: "acme-1.5.0.json" },
        ]),
      ),
      mutation: renderHtmlReport(load<MutantsReport>("mutation.json")),
      groups: renderHtmlReport(withGroups(v14)),
    };
    for (const [name, html] of Object.entries(pages)) {
      writeFileSync(join(dir, `${name}.html`), html);
      urls[name] = pathToFileURL(join(dir, `${name}.html`)).href;
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a page and records console errors, uncaught exceptions and any request that leaves the file. */
  async function open(name: string, opts: { hash?: string; javaScript?: boolean } = {}) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: opts.javaScript ?? true,
    });
    const page = await context.newPage();
    const problems = pageProblems(page);
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) problems.push(`request: ${r.url()}`);
    });
    await page.goto(urls[name]! + (opts.hash ?? ""));
    return { page, problems, close: () => context.close() };
  }

  const shown = (page: Page, list: string) => page.locator(`#${list} [data-item]:not([hidden])`).count();
  const counter = (page: Page, list: string) =>
    page.locator(`[data-for="${list}"][data-count]`).textContent();

  it("renders the report with no console errors, problems shown first, and takes a screenshot", async () => {
    const { page, problems, close } = await open("report");
    await expect(page.title()).resolves.toBe("FAIL: acme-compactor 1.4.0 — conformance report");
    expect(await shown(page, "checks")).toBe(5);
    expect(await counter(page, "checks")).toBe("Showing 5 of 68");
    await expect(page.locator(".filters").first().isVisible()).resolves.toBe(true);
    await page.locator("#c-policy\\.validate\\.basis-points-above-full-scale-are-invalid > summary").click();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const shot = join(SCREENSHOT_DIR, "report.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(20_000);
    expect(problems).toEqual([]);
    await close();
  });

  it("filters by status, area and text, and says when nothing matches", async () => {
    const { page, problems, close } = await open("report");
    await page.locator('input[data-filter="status"][value="passed"]').check();
    expect(await shown(page, "checks")).toBe(68);
    await page.locator('input[data-filter="status"][value="failed"]').uncheck();
    expect(await shown(page, "checks")).toBe(65);
    await page.locator('select[data-filter="area"]').selectOption("summary.accept");
    expect(await shown(page, "checks")).toBe(26);
    // Eight summary.accept checks cite FC-POLICY-ACCEPT-6; a second term narrows to one (terms are ANDed).
    await page.locator('input[data-filter="q"]').fill("FC-POLICY-ACCEPT-6");
    expect(await shown(page, "checks")).toBe(8);
    await page.locator('input[data-filter="q"]').fill("FC-POLICY-ACCEPT-6 ASSISTANT");
    expect(await shown(page, "checks")).toBe(1);
    await expect(page.locator("#c-summary\\.accept\\.assistant-role-is-rejected").isVisible()).resolves.toBe(
      true,
    );
    await page.locator('input[data-filter="q"]').fill("no-such-check-anywhere");
    expect(await shown(page, "checks")).toBe(0);
    await expect(page.locator('[data-for="checks"][data-empty]').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it("an area in the summary table and a requirement chip set the filters", async () => {
    const { page, close } = await open("report");
    await page.locator('#areas button[data-set-area="property"]').click();
    await expect(page.locator('select[data-filter="area"]').inputValue()).resolves.toBe("property");
    expect(await shown(page, "checks")).toBe(1);
    await page.locator('#requirements button[data-set-q="fc-policy-validate-7"]').click();
    await expect(page.locator('input[data-filter="q"]').inputValue()).resolves.toBe("fc-policy-validate-7");
    await page.locator('select[data-filter="area"]').selectOption("");
    const ids = await page
      .locator("#checks [data-item]:not([hidden])")
      .evaluateAll((els) => els.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) {
      const text = await page.locator(`[id="${id}"]`).getAttribute("data-text");
      expect(text).toContain("fc-policy-validate-7");
    }
    await close();
  });

  it("a failure's details open: requirement ids, the diff with the hidden character, the replay command", async () => {
    const { page, problems, close } = await open("report");
    const item = page.locator("#c-policy\\.validate\\.basis-points-above-full-scale-are-invalid");
    await expect(item.locator("pre.diff").isVisible()).resolves.toBe(false);
    await item.locator("summary").click();
    await expect(item.evaluate((d) => d.hasAttribute("open"))).resolves.toBe(true);
    await expect(item.locator("pre.diff").isVisible()).resolves.toBe(true);
    await expect(item.locator("pre.diff .del").textContent()).resolves.toBe('- "basis mismatch"');
    await expect(item.locator("pre.diff .add .inv").textContent()).resolves.toBe("\\u007f");
    await expect(item.locator(".body").textContent()).resolves.toContain("FC-POLICY-VALIDATE-1");
    await expect(item.locator(".cmd pre").textContent()).resolves.toContain(
      "certify --filter policy.validate.basis-points",
    );
    const prop = page.locator("#c-property\\.determinism");
    await prop.locator("summary").click();
    await expect(prop.locator("pre.counterexample").textContent()).resolves.toContain(
      '"property.determinism.counterexample"',
    );
    await page.locator('[data-for="checks"][data-expand="open"]').click();
    await expect(page.locator("#checks details[open]:not([hidden])").count()).resolves.toBe(5);
    expect(problems).toEqual([]);
    await close();
  });

  it("puts the problem groups first, links their examples, shows leak pointers and the one re-run command", async () => {
    const { page, problems, close } = await open("groups");
    const groups = page.locator("#problems li.group");
    // The four Delta leaks are one group and come first; the advisory byte-exact failure comes last.
    await expect(groups.first().locator(".cause").textContent()).resolves.toContain("FC-REDACT-SENSITIVE-1");
    await expect(groups.first().locator(".headline").textContent()).resolves.toBe(
      "a text that must be absent reaches the Correction Delta (the Worker's prompt)",
    );
    await expect(groups.first().locator(".ghead").textContent()).resolves.toContain("4 checks");
    await expect(groups.first().locator(".examples a").count()).resolves.toBe(3);
    await expect(groups.last().getAttribute("class")).resolves.toBe("group advisory");
    const box = await page.locator("#problems").boundingBox();
    const smoke = await page.locator("#smoke").boundingBox();
    expect(box!.y).toBeLessThan(smoke!.y);
    await page.screenshot({ path: join(SCREENSHOT_DIR, "groups.png"), fullPage: false });
    // An example link opens its check, which names every pointer and says the text reaches the Delta.
    await groups.first().locator(".examples a").first().click();
    const item = page.locator('[id="c-redaction.sensitive.leak-a"]');
    await expect(item.evaluate((d) => d.hasAttribute("open"))).resolves.toBe(true);
    await expect(item.locator(".leak.in-delta").textContent()).resolves.toContain(
      "/log/correctionDelta/openRootCauses/0/message",
    );
    await page.goto(`${urls.groups}#c-redaction.sensitive.leak-envelope`);
    await expect(
      page.locator('[id="c-redaction.sensitive.leak-envelope"] .leak.envelope').textContent(),
    ).resolves.toContain("only in the envelope");
    // The long string's diff is cut around its first difference, on screen.
    await page.goto(`${urls.groups}#c-compact.byte-exact.long-string`);
    const mark = page.locator('[id="c-compact.byte-exact.long-string"] pre.diff mark').first();
    await expect(mark.textContent()).resolves.toBe("OLD");
    await expect(mark.isVisible()).resolves.toBe(true);
    await expect(page.locator("#rerun .cmd pre").textContent()).resolves.toMatch(
      /^feedback-compactor certify --rerun out\/failing-checks\.txt --seed 42 --runs \d+ -- /,
    );
    expect(problems).toEqual([]);
    await close();
  });

  it("a link to a check opens it even when the default filters hide it", async () => {
    const id = "c-policy.validate.count-timeout-must-be-positive";
    const { page, close } = await open("report", { hash: `#${id}` });
    const item = page.locator(`[id="${id}"]`);
    await expect(item.isVisible()).resolves.toBe(true);
    await expect(item.evaluate((d) => d.hasAttribute("open"))).resolves.toBe(true);
    await close();
  });

  it("without JavaScript every check is listed and the inert filters are hidden", async () => {
    const { page, close } = await open("report", { javaScript: false });
    expect(await page.locator("#checks [data-item]").count()).toBe(68);
    expect(await page.locator("#checks [data-item]:visible").count()).toBe(68);
    await expect(page.locator(".filters").first().isVisible()).resolves.toBe(false);
    await close();
  });

  it("the comparison shows differing checks, regressions first, and filters by change", async () => {
    const { page, problems, close } = await open("compare");
    expect(await shown(page, "matrix")).toBe(7);
    const first = await page.locator("#matrix [data-item]:not([hidden])").first().getAttribute("id");
    expect(first).toBe("r-policy.validate.compact-at-must-be-below-full-scale");
    await page.locator('input[data-filter="status"][value="same"]').check();
    expect(await shown(page, "matrix")).toBe(69);
    await page.locator('input[data-filter="status"][value="same"]').uncheck();
    await page.locator('input[data-filter="status"][value="fixed"]').uncheck();
    expect(await shown(page, "matrix")).toBe(4);
    const row = page.locator('[id="r-policy.validate.compact-at-must-be-below-full-scale"]');
    await row.locator("summary").click();
    await expect(row.locator("pre.diff").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, "compare.png"), fullPage: true });
    expect(problems).toEqual([]);
    await close();
  });

  it("the mutation page draws the kill matrix and filters the checks that kill nothing", async () => {
    const { page, problems, close } = await open("mutation");
    expect(await shown(page, "kill-matrix")).toBe(39);
    await page.locator('input[data-filter="status"][value="kills"]').uncheck();
    expect(await shown(page, "kill-matrix")).toBe(13);
    await page.locator('input[data-filter="q"]').fill("smoke.");
    expect(await shown(page, "kill-matrix")).toBe(3);
    await page.screenshot({ path: join(SCREENSHOT_DIR, "mutation.png"), fullPage: true });
    expect(problems).toEqual([]);
    await close();
  });
});
