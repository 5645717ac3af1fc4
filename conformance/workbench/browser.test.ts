// FC-WB-1..8: the workbench in headless Chromium — spec view, playground, side by side with a mutant, save as case.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHROMIUM,
  chromiumAvailable,
  launchChromium,
  pageProblems,
  requireChromium,
} from "../testing/chromium.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CLI = join(ROOT, "conformance/cli/feedback-compactor.mjs");
/** Where the screenshots are kept for people to look at (gitignored). */
const SCREENSHOT_DIR = join(ROOT, ".tmp/screenshots");
const CASE = "golden.stage5.budget-overrun-emits-the-omitted-marker";

requireChromium("browser test of the workbench");

describe.skipIf(!chromiumAvailable)(`workbench in headless Chromium (${CHROMIUM})`, () => {
  let browser: Browser;
  let server: ChildProcess;
  let url = "";
  let dir: string;
  const shots: string[] = [];
  let staticBuild: Promise<{ status: number | null }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "fc-workbench-"));
    mkdirSync(join(dir, "cases"));
    // The workbench beside a mutant that ignores the budget; saved cases go to a temporary library.
    server = spawn(
      process.execPath,
      [
        CLI,
        "workbench",
        "--cases",
        join(dir, "cases"),
        "--",
        process.execPath,
        CLI,
        "serve",
        "--mutant",
        "ignored-budget",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    const launched = launchChromium();
    url = await new Promise<string>((done, fail) => {
      let out = "";
      let err = "";
      server.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /workbench: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) done(m[1]!);
      });
      server.stderr!.on("data", (c: Buffer) => {
        err += c.toString();
      });
      server.on("exit", (code) => fail(new Error(`workbench exited (${code}): ${err}`)));
    });
    // The static folder is built while the first test runs (not while the server starts: two cores).
    staticBuild = new Promise((done) =>
      spawn(process.execPath, [CLI, "workbench", "--out", join(dir, "site")], {
        cwd: ROOT,
        stdio: "ignore",
      }).on("exit", (status) => done({ status })),
    );
    browser = await launched;
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) server.kill("SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (shots.length > 0) console.log(`workbench screenshots:\n  ${shots.join("\n  ")}`);
  });

  async function open(address: string, hash = "") {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = pageProblems(page);
    page.on("request", (r) => {
      const u = r.url();
      if (
        !u.startsWith(address.replace(/index\.html$/, "")) &&
        !u.startsWith("blob:") &&
        !u.startsWith("data:")
      )
        problems.push(`request: ${u}`);
    });
    await page.goto(address + hash);
    await page.waitForSelector("body[data-ready='1']", { timeout: 15_000 });
    return { page, problems, close: () => context.close() };
  }

  async function shot(page: Page, name: string, fullPage = false) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, `workbench-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    shots.push(file);
  }

  const runs = async (page: Page) => Number(await page.locator("body").getAttribute("data-runs"));
  /** Waits until the page has run the reference (and the implementation) on the latest edit. */
  async function settled(page: Page, before: number) {
    await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, before, { timeout: 10_000 });
  }

  it("one session: the spec view, the playground beside a mutant, state in the URL, save as case, check", async () => {
    // Spec view: an anchor per requirement with class, citations and module; search by id.
    const { page, problems, close } = await open(url, "#FC-STAGE5-2");
    const req = page.locator("li.req#FC-STAGE5-2");
    await expect(req.locator(".cls").textContent()).resolves.toBe("reference");
    await expect(req.locator(".req-meta").textContent()).resolves.toContain(
      "src/pipeline/stage5-condense.ts",
    );
    expect(await req.locator("a.case").count()).toBeGreaterThan(0);
    await page.locator("#spec-search").fill("FC-STAGE5-3");
    await expect(page.locator("#FC-STAGE5-3").isVisible()).resolves.toBe(true);
    await expect(page.locator("#FC-LOG-1").isVisible()).resolves.toBe(false);
    await page.locator("#spec-search").fill("");
    // A link whose text is code ([`redaction.md`](redaction.md)) is a link to that file's section.
    const companion = page
      .locator('section[data-file="spec/SPEC.md"] a[href="#file=spec/redaction.md"]')
      .first();
    await expect(companion.innerHTML()).resolves.toBe("<code>redaction.md</code>");
    await expect(page.locator("#spec").textContent()).resolves.not.toContain("](redaction.md)");
    await page.locator("#FC-STAGE5-2").scrollIntoViewIfNeeded();
    await shot(page, "spec");

    // Playground: load a case, lower the budget: the Delta shrinks and an omitted marker appears.
    await page.locator('nav a[data-view="play"]').click();
    await expect(page.locator("#spec").isVisible()).resolves.toBe(false);
    let n = await runs(page);
    await page.locator("#case-select").selectOption(CASE);
    await settled(page, n);
    n = await runs(page);
    await page.locator("#budget").fill("20000");
    await settled(page, n);
    await expect(page.locator("#omitted").textContent()).resolves.toBe("nothing omitted");
    const wide = (await page.locator("#delta").textContent())!;
    await expect(page.locator("#verdict").textContent()).resolves.toContain("no contract check broken");
    n = await runs(page);
    await page.locator("#budget").fill("300");
    await settled(page, n);
    const narrow = (await page.locator("#delta").textContent())!;
    expect(narrow.length).toBeLessThan(wide.length);
    expect(JSON.parse(narrow).omitted.count).toBeGreaterThan(0);
    await expect(page.locator("#omitted").textContent()).resolves.toMatch(/^omitted: \d+$/);
    const tokens = (await page.locator("#tokens").textContent())!;
    expect(Number(/^(\d+) \/ 300 tokens$/.exec(tokens)?.[1])).toBeLessThanOrEqual(300);
    await expect(page.locator("#explain").textContent()).resolves.toContain("Stage 5 — condense: budget 300");
    // The mutant packs as if the budget were unlimited: the contract check of FC-STAGE5-3 is named as broken.
    await expect(page.locator("#verdict").textContent()).resolves.toMatch(/contract check\(s\) broken/);
    await expect(page.locator("#checks li.bad").first().textContent()).resolves.toContain("FC-STAGE5-3");
    expect(await page.locator("#diff tr.d-contract").count()).toBeGreaterThan(0);
    expect(page.url()).toContain("budget=300");
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "playground");
    await page.locator("#diff-panel").evaluate((e) => e.scrollIntoView({ block: "start" }));
    await shot(page, "side-by-side");

    // Save as case: a path that leaves the library is refused; a good one is written and passes check.
    await page.locator("#case-path").fill("../escape");
    await page.locator("#save").click();
    await expect(page.locator("#save-msg").textContent()).resolves.toContain("path:");
    await page.locator("#case-path").fill("compact/workbench/a-budget-of-300-omits-causes");
    await page.locator("#case-description").fill("At a budget of 300 tokens some causes are omitted.");
    await page.locator("#save").click();
    await page.waitForSelector("#save-msg[data-status]");
    await expect(page.locator("#save-msg").textContent()).resolves.toContain("check: ok");
    const file = join(dir, "cases/compact/workbench/a-budget-of-300-omits-causes.json");
    const saved = JSON.parse(readFileSync(file, "utf8")) as { id: string; input: { options: unknown } };
    expect(saved.id).toBe("compact.workbench.a-budget-of-300-omits-causes");
    expect(saved.input.options).toEqual({ budgetTokens: 300 });
    await page.locator("#save-panel details").evaluate((d) => {
      (d as HTMLDetailsElement).open = true;
    });
    await page.locator("#save-panel").scrollIntoViewIfNeeded();
    await shot(page, "save-as-case");
    const check = spawnSync(
      process.execPath,
      [CLI, "check", "--cases", join(dir, "cases"), "--no-coverage"],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    expect(check.stdout).toContain("ok: 1 cases in 1 files");
    expect(check.status).toBe(0);

    // A typed error is shown as an error.
    n = await runs(page);
    await page.locator("#budget").fill("5");
    await settled(page, n);
    await expect(page.locator("#ref-error").textContent()).resolves.toMatch(/^INVALID_REQUEST/);
    // No Delta, no token bar: the reference's does not keep the last run's count (the mutant ignores the budget).
    const width = (id: string) => page.locator(`${id} > div`).evaluate((d) => (d as HTMLElement).style.width);
    await expect(width("#meter")).resolves.toBe("0%");
    await expect(page.locator("#tokens").textContent()).resolves.toBe("");
    expect(await width("#iut-meter")).not.toBe("0%");
    // A request that is not JSON says where it breaks, by line and column.
    const good = await page.locator("#request").inputValue();
    n = await runs(page);
    await page.locator("#request").fill('{\n  "rounds": [\n    1,\n  ]\n}');
    await settled(page, n);
    await expect(page.locator("#ref-error").textContent()).resolves.toBe(
      "INVALID_REQUEST: the request is not valid JSON (line 4, column 3)",
    );
    // The implementation gets no request either: its bar goes too.
    await expect(page.locator("#iut-error").isVisible()).resolves.toBe(true);
    await expect(width("#iut-meter")).resolves.toBe("0%");
    n = await runs(page);
    await page.locator("#request").fill(good);
    await settled(page, n);
    // "(your own request)" keeps the request to edit but not the last case's description.
    await expect(page.locator("#case-desc").textContent()).resolves.not.toBe("");
    await page.locator("#case-select").selectOption("");
    await expect(page.locator("#case-desc").textContent()).resolves.toBe("");

    // State in the URL: an edited request reopens from the link.
    // One edit at a time, each waited for: two edits in a row may run as two computations on a slow machine, and
    // the first to finish (the budget alone, with the old request) would write the URL the check then reads.
    const edited = (await page.locator("#request").inputValue()).replace("symbol00", "renamedSymbol");
    n = await runs(page);
    await page.locator("#budget").fill("300");
    await settled(page, n);
    n = await runs(page);
    await page.locator("#request").fill(edited);
    await settled(page, n);
    await expect(page.locator("#delta").textContent()).resolves.toContain("renamedSymbol");
    await page.waitForFunction(() => location.hash.includes("req="), undefined, { timeout: 30_000 });
    expect(page.url()).toContain("req=");
    const link = page.url();
    expect(problems).toEqual([]);
    await close();
    const again = await open(link.replace(/#.*$/, ""), link.slice(link.indexOf("#")));
    await expect(again.page.locator("#delta").textContent()).resolves.toContain("renamedSymbol");
    await expect(again.page.locator("#budget").inputValue()).resolves.toBe("300");
    expect(again.problems).toEqual([]);
    await again.close();
  });

  it("static folder (--out): the same page from file://, saving downloads the case", async () => {
    expect((await staticBuild).status).toBe(0);
    const index = pathToFileURL(join(dir, "site/index.html")).href;
    const { page, problems, close } = await open(index, `#view=play&case=${CASE}`);
    await expect(page.locator("#save").count()).resolves.toBe(0);
    await page.locator("#case-path").fill("compact/workbench/downloaded");
    const download = page.waitForEvent("download");
    await page.locator("#download").click();
    expect((await download).suggestedFilename()).toBe("downloaded.json");
    expect(problems).toEqual([]);
    await close();
  });

  it("a spec author tries a problem matcher: the reference's findings, the kit's expectations, into the request", async () => {
    expect((await staticBuild).status).toBe(0);
    const index = pathToFileURL(join(dir, "site/index.html")).href;
    const { page, problems, close } = await open(index, "#view=play");
    const rows = page.locator("#matcher-findings tbody tr");
    const status = page.locator("#matcher-status");
    // GitHub's stylish example is there to start from: both findings read through it, as the kit expects.
    await expect(status.textContent()).resolves.toMatch(/the kit expects 2, 2 of them found/);
    await expect(rows.first().textContent()).resolves.toContain("eslint-stylish:no-unused-vars");
    // A matcher of one's own over one's own output.
    await page.locator("#matcher-json").fill(
      JSON.stringify({
        owner: "acme",
        severity: "warning",
        pattern: [
          { regexp: "^ACME (\\S+) line (\\d+): (.*) \\[(\\w+)\\]$", file: 1, line: 2, message: 3, code: 4 },
        ],
      }),
    );
    await page.locator("#matcher-output").fill("ACME lib/tax.ts line 40: rounding drifts [R12]\n");
    await page.waitForFunction(() =>
      /the kit expects 1, 1 of them found/.test(document.querySelector("#matcher-status")!.textContent ?? ""),
    );
    await expect(rows.first().textContent()).resolves.toBe(
      "acme:R12warninglib/tax.ts40rounding drifts✓ expected",
    );
    // A matcher FC-STAGE1-MATCHER-1 refuses is shown as the reference's error, with the kit's pointer.
    await page
      .locator("#matcher-json")
      .fill('{"owner": "acme", "pattern": [{"regexp": "(a+)+", "message": 1}]}');
    await page.waitForFunction(() => !document.querySelector("#matcher-error")!.classList.contains("hidden"));
    await expect(page.locator("#matcher-error").textContent()).resolves.toMatch(
      /^INVALID_REQUEST: .*\/pattern\/0\/regexp/,
    );
    // Back to a good matcher, then into the playground's request.
    await page
      .locator("#matcher-json")
      .fill(
        '{"owner": "acme", "pattern": [{"regexp": "^ACME (\\\\S+) line (\\\\d+): (.*)$", "file": 1, "line": 2, "message": 3}]}',
      );
    await page.waitForFunction(() =>
      /the kit expects 1, 1/.test(document.querySelector("#matcher-status")!.textContent ?? ""),
    );
    const before = await runs(page);
    await page.locator("#matcher-use").click();
    await settled(page, before);
    await expect(page.locator("#request").inputValue()).resolves.toContain('"problemMatcher"');
    await expect(page.locator("#ref-error").isVisible()).resolves.toBe(false);
    await expect(page.locator("#envelope").textContent()).resolves.toContain("acme:error");
    await page.locator("#matcher-panel").scrollIntoViewIfNeeded();
    await shot(page, "problem-matcher");
    expect(problems).toEqual([]);
    await close();
  });

  it("Ctrl-C stops the server", async () => {
    const exited = new Promise<number | null>((done) => server.on("exit", (code) => done(code)));
    server.kill("SIGINT");
    await expect(exited).resolves.toBe(0);
  });
});
