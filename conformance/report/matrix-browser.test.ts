// FC-MATRIX-9: a real matrix — the reference, the Python examples, two legal variants, two mutants — and its page in Chromium.
//
// Its cost against the slowest single run is measured by `npm run bench:matrix` (scripts/bench-matrix.ts), never here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MatrixDocument, PACKAGE_ROOT, replayCommand, runMatrix } from "../runner/matrix.ts";
import { loadMutants } from "../runner/mutants.ts";
import { readRegistry } from "../runner/registry.ts";
import { chromiumAvailable, launchChromium, pageProblems, requireChromium } from "../testing/chromium.ts";
import { parseDocument } from "./load.ts";
import { cellState, renderMatrixHtml } from "./matrix-page.ts";
import { specRequirementTexts } from "./spec-texts.ts";

requireChromium("browser test of the matrix page");
const REGISTRY = "conformance/testing/matrix-seven.json";
/** Where the screenshots are kept for people to look at (gitignored), as the other browser tests. */
const SCREENSHOT_DIR = join(PACKAGE_ROOT, ".tmp", "screenshots");
/** A few areas: the mutants' requirements are among them, and each variant departs in one. */
const FILTER = "compact.ranking.*,compact.stall.*,compact.ids.*";
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python)
  console.warn("SKIPPED in the matrix: python3 is not available, so the two Python examples are left out");

let doc: MatrixDocument;
let dir: string;
let mutants: { id: string; violates: string[] }[];
const column = (name: string) => doc.implementations.findIndex((i) => i.name === name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fc-matrix-seven-"));
  const reg = readRegistry(join(PACKAGE_ROOT, REGISTRY));
  if (!reg.ok) throw new Error(reg.message);
  const impls = reg.registry.implementations.filter((i) => python || i.command[0] !== "python3");
  const out = await runMatrix(impls, {
    filter: FILTER,
    registry: REGISTRY,
    counterexampleDir: join(dir, "counterexamples"),
  });
  if (!out.ok) throw new Error(out.error.message);
  doc = out.document;
  const all = (await loadMutants()) ?? [];
  mutants = all.filter((m) => !m.harmless && impls.some((i) => i.name === m.id));
}, 170_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a matrix over the reference, the Python examples, two legal variants and two mutants", () => {
  it("runs each with one selection and seed; the reference and the variants pass, the mutants fail", () => {
    const verdicts = Object.fromEntries(doc.implementations.map((i) => [i.name, i.verdict]));
    expect(verdicts).toMatchObject({
      reference: "pass",
      "other-id-hash": "pass",
      "other-weights": "pass",
      "reversed-ranking": "fail",
      "stall-never-detected": "fail",
    });
    if (python) expect(verdicts).toMatchObject({ "python-full": "fail", "python-delta-only": "fail" });
    expect(new Set(doc.implementations.map((i) => i.report?.options.seed))).toEqual(
      new Set([doc.selection.seed]),
    );
    expect(doc.checks.length).toBeGreaterThan(30);
    expect(doc.checks.every((c) => c.statuses.every((s) => s !== "absent"))).toBe(true);
    expect(doc.checks.every((c) => c.file !== undefined && existsSync(join(PACKAGE_ROOT, c.file)))).toBe(
      true,
    );
    const parsed = parseDocument(JSON.stringify(doc), "matrix.json");
    expect(parsed.ok ? parsed.value.kind : parsed.message).toBe("matrix");
    if (python)
      expect(doc.implementations[column("python-delta-only")]!.handshake).toMatchObject({
        language: "python",
        level: "delta-only",
      });
  });

  it("each mutant fails a deciding check citing each requirement it breaks, which the reference and variants pass", () => {
    expect(mutants.map((m) => m.id).sort()).toEqual(["reversed-ranking", "stall-never-detected"]);
    for (const m of mutants) {
      const i = column(m.id);
      expect(m.violates.length, m.id).toBeGreaterThan(0);
      for (const req of m.violates) {
        const citing = doc.checks.filter((c) => c.requirements.includes(req));
        const killers = citing.filter(
          (c) => c.gating && (c.statuses[i] === "failed" || c.statuses[i] === "errored"),
        );
        expect(killers.length, `${m.id} on ${req}`).toBeGreaterThan(0);
        for (const name of ["reference", "other-id-hash", "other-weights"])
          for (const c of killers) expect(c.statuses[column(name)], `${name} on ${c.id}`).toBe("passed");
        for (const c of killers) expect(doc.disagreements).toContain(c.id);
        const cell = (k: number) =>
          cellState(citing.map((c) => ({ status: c.statuses[k]!, gating: c.gating })));
        expect(cell(i)).toBe("failed");
        expect(cell(column("reference"))).toBe("passed");
      }
    }
    // A variant departs only where the design leaves the choice open: no deciding check fails.
    for (const name of ["other-id-hash", "other-weights"]) {
      const k = column(name);
      expect(doc.checks.filter((c) => c.gating && c.statuses[k] !== "passed").map((c) => c.id)).toEqual([]);
    }
  });
});

describe.skipIf(!chromiumAvailable)("the matrix page in headless Chromium", () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    const file = join(dir, "matrix.html");
    writeFileSync(
      file,
      renderMatrixHtml(doc, { requirements: specRequirementTexts(), source: "matrix.json" }),
    );
    url = pathToFileURL(file).href;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const problems = pageProblems(page);
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) problems.push(`request: ${r.url()}`);
    });
    await page.goto(url);
    return { page, problems };
  }

  it("shows each implementation with its badge, and requirements by area × implementations", async () => {
    const { page, problems } = await open();
    expect(await page.locator("#implementations tbody tr").count()).toBe(doc.implementations.length);
    expect(await page.locator("#implementations .badge").count()).toBe(doc.implementations.length);
    const ref = column("reference");
    for (const m of mutants) {
      const i = column(m.id);
      for (const req of m.violates) {
        const row = page.locator(`[id="q-${req}"]`);
        const cells = row.locator("td.cell");
        expect(await cells.nth(i).getAttribute("class")).toBe("cell failed");
        expect(await cells.nth(ref).getAttribute("class")).toBe("cell passed");
        // The cell opens to its checks; a check's link reveals it in the list of every check.
        await cells.nth(i).locator("summary").click();
        const link = cells.nth(i).locator("a").first();
        await expect.poll(() => link.isVisible()).toBe(true);
        const target = (await link.getAttribute("href"))!;
        await link.click();
        await expect.poll(() => page.locator(`[id="${target.slice(1)}"]`).isVisible()).toBe(true);
      }
    }
    // Read from the page as drawn: the reference and the variants have no failed requirement cell; each mutant's
    // failed cells include exactly the requirements it breaks.
    const failedRows = (k: number) =>
      page.evaluate(
        (k) =>
          [...document.querySelectorAll("tr[id^='q-']")]
            .filter((r) => r.querySelectorAll("td.cell")[k]?.classList.contains("failed"))
            .map((r) => r.id.slice(2)),
        k,
      );
    expect(await page.locator("tr[id^='q-']").count()).toBeGreaterThan(10);
    for (const name of ["reference", "other-id-hash", "other-weights"])
      expect(await failedRows(column(name)), name).toEqual([]);
    for (const m of mutants)
      expect(await failedRows(column(m.id)), m.id).toEqual(expect.arrayContaining(m.violates));
    // A requirement opens to its text from the spec and links to the file and line.
    const req = page.locator('[id="q-FC-STALL-1"] details.reqtext');
    await req.locator("summary").click();
    const spec = specRequirementTexts().get("FC-STALL-1")!;
    expect(await req.locator("p").first().textContent()).toBe(spec.text);
    const href = (await req.locator("a").getAttribute("href"))!;
    expect(href).toBe(`${pathToFileURL(PACKAGE_ROOT).href}${spec.file}#L${spec.line}`);
    expect(existsSync(fileURLToPath(href.replace(/#.*/, "")))).toBe(true);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.locator("#requirements").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, "matrix-requirements.png") });
    expect(problems).toEqual([]);
  });

  it("lists the disagreements with the command that replays each against every implementation", async () => {
    const { page, problems } = await open();
    const items = page.locator("#dis details[data-item]");
    expect(await items.count()).toBe(doc.disagreements.length);
    const killer = doc.checks.find(
      (c) =>
        c.gating &&
        c.statuses[column("reversed-ranking")] === "failed" &&
        c.requirements.includes("FC-STAGE4-4"),
    )!;
    const item = page.locator(`[id="d-${killer.id}"]`);
    await item.locator("summary").click();
    expect(await item.locator(".cmd pre").textContent()).toBe(replayCommand(doc, killer));
    expect(replayCommand(doc, killer)).toBe(`feedback-compactor matrix ${REGISTRY} --filter ${killer.id}`);
    const caseLink = (await item.locator("a.file").getAttribute("href"))!;
    expect(existsSync(fileURLToPath(caseLink))).toBe(true);
    // Filters: only the gating ones.
    const gating = doc.disagreements.filter((id) => doc.checks.find((c) => c.id === id)!.gating).length;
    await page.locator('input[data-for="dis"][value="advisory"]').uncheck();
    expect(await page.locator("#dis details[data-item]:not([hidden])").count()).toBe(gating);
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, "matrix-disagreements.png") });
    expect(problems).toEqual([]);
  });
});
