// FC-REPORT-12: `npm start` — certify the reference over the real process protocol; text, JSON and HTML side by side.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runCertify } from "../runner/certify.ts";
import type { CertifyOptions } from "../runner/types.ts";
import { progressLine, renderJson, renderPretty } from "./render.ts";
import { renderHtmlReport } from "./html.ts";
import { readCounterexamples } from "./load.ts";

const BIN = fileURLToPath(new URL("../cli/feedback-compactor.mjs", import.meta.url));

export interface StartOptions {
  /** Extra runner options (tests narrow the run with a filter). */
  certify?: Omit<CertifyOptions, "command" | "iut" | "onProgress" | "counterexampleDir">;
  /** Where the summary and the paths are printed (default standard output). */
  print?: (text: string) => void;
  /** Where progress goes (default standard error) and whether it is a terminal (a redrawn bar) or not (lines). */
  progress?: { write: (text: string) => void; tty: boolean; everyMs?: number };
  color?: boolean;
}

/** What to do after `npm start`: open the page, certify your own implementation (FC-REPORT-12). */
export function nextSteps(htmlPath: string): string {
  return [
    "",
    "Next:",
    `  open the HTML report:             ${pathToFileURL(htmlPath).href}`,
    "  certify your own implementation:  npx feedback-compactor certify -- python3 my_compactor.py",
    "    (any language speaking spec/protocol.md; conformance/examples/python/adapter.py is a starting point)",
    "  gate CI on it:                    npx feedback-compactor certify --reporter github -- ./my-compactor",
    "",
  ].join("\n");
}

/** Runs the suite against `feedback-compactor serve`, writes summary.txt, report.json and report.html to `dir`. */
export async function start(dir: string, opts: StartOptions = {}): Promise<number> {
  const print = opts.print ?? ((t: string) => process.stdout.write(t));
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const progress = opts.progress ?? {
    write: (t: string) => process.stderr.write(t),
    tty: Boolean(process.stderr.isTTY),
  };
  const every = progress.everyMs ?? 5000;
  const counts = { failed: 0, errored: 0 };
  let last = 0;
  const outcome = await runCertify({
    ...opts.certify,
    command: [process.execPath, BIN, "serve"],
    counterexampleDir: join(out, "counterexamples"),
    onProgress: (e) => {
      if (e.result?.status === "failed") counts.failed++;
      if (e.result?.status === "errored") counts.errored++;
      if (progress.tty) {
        progress.write(
          e.phase === "done" ? "\r\u001b[2K" : `\r${progressLine(e.done, e.total, counts)} ${e.phase}`,
        );
        return;
      }
      // On a pipe: a first line at once, then one every few seconds, so the run never looks stuck.
      if (e.phase === "smoke") {
        progress.write(
          `npm start: certifying the reference over the process protocol (feedback-compactor serve), ${e.total} checks\n`,
        );
        last = Date.now();
      } else if (e.phase !== "done" && Date.now() - last >= every) {
        last = Date.now();
        progress.write(
          `npm start: ${e.done}/${e.total} checks, ${counts.failed} failed, ${counts.errored} errored (${e.phase})\n`,
        );
      }
    },
  });
  if (!outcome.ok) {
    process.stderr.write(`${JSON.stringify({ error: outcome.error })}\n`);
    return 2;
  }
  const report = outcome.report;
  const paths = {
    text: join(out, "summary.txt"),
    json: join(out, "report.json"),
    html: join(out, "report.html"),
  };
  writeFileSync(paths.text, renderPretty(report));
  writeFileSync(paths.json, renderJson(report));
  writeFileSync(
    paths.html,
    renderHtmlReport(report, { counterexamples: readCounterexamples(report, out), source: paths.json }),
  );
  print(renderPretty(report, { color: opts.color ?? Boolean(process.stdout.isTTY) }));
  print(`\nText summary: ${paths.text}\nJSON report:  ${paths.json}\nHTML report:  ${paths.html}\n`);
  print(nextSteps(paths.html));
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await start(process.argv[2] ?? join(".tmp", "report"));
}
