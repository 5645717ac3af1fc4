// FC-REPORT-12: `npm start` — certify the reference over the real process protocol; text, JSON and HTML side by side.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
  color?: boolean;
}

/** Runs the suite against `feedback-compactor serve`, writes summary.txt, report.json and report.html to `dir`. */
export async function start(dir: string, opts: StartOptions = {}): Promise<number> {
  const print = opts.print ?? ((t: string) => process.stdout.write(t));
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const tty = opts.print === undefined && Boolean(process.stderr.isTTY);
  const counts = { failed: 0, errored: 0 };
  const outcome = await runCertify({
    ...opts.certify,
    command: [process.execPath, BIN, "serve"],
    counterexampleDir: join(out, "counterexamples"),
    onProgress: (e) => {
      if (e.result?.status === "failed") counts.failed++;
      if (e.result?.status === "errored") counts.errored++;
      if (!tty) return;
      process.stderr.write(
        e.phase === "done" ? "\r\u001b[2K" : `\r${progressLine(e.done, e.total, counts)} ${e.phase}`,
      );
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
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await start(process.argv[2] ?? join(".tmp", "report"));
}
