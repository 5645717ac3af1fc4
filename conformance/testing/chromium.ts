// Test support for the browser tests (FC-REPORT-*, FC-WB-*): where Chromium is, whether a missing one skips or fails, how it starts.
//
// Policy: Debian's chromium at /usr/bin/chromium (or FC_CHROMIUM). When it is missing a browser test is skipped with
// a message, except in CI (CI=true), where a missing browser fails the run: .ci/run installs it.
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

export const CHROMIUM = process.env.FC_CHROMIUM ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
export const inCi =
  process.env.CI !== undefined &&
  process.env.CI !== "" &&
  process.env.CI !== "false" &&
  process.env.CI !== "0";

/**
 * Says, once per test file, that `what` is skipped (or failing in CI) for want of Chromium, and in CI registers the
 * failing test that says so. Call at the top level of a browser test file.
 */
export function requireChromium(what: string): void {
  if (chromiumAvailable) return;
  console.warn(
    `\n*** ${what} ${inCi ? "FAILING (CI=true)" : "SKIPPED"}: no Chromium at ${CHROMIUM}. Install it with ` +
      "'apt-get install -y chromium' (Debian) or point FC_CHROMIUM at a Chromium binary. ***\n",
  );
  describe.runIf(inCi)(`${what} in CI`, () => {
    it("needs Chromium: CI must run the browser tests (.ci/run installs it)", () => {
      expect.fail(`no Chromium at ${CHROMIUM}; run 'apt-get install -y chromium' or set FC_CHROMIUM`);
    });
  });
}

/** Headless Chromium without network chatter of its own (no updates, sync, QUIC or first-run pages). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The page's console errors and warnings and its uncaught errors, as lines a test asserts to be none. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return problems;
}
