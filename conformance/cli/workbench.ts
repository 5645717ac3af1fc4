// FC-WB-1, FC-WB-8, FC-WB-9: `feedback-compactor workbench` — the spec, its cases and a live reference in one local page.
import { resolve } from "node:path";
import { startProcessIut } from "../../src/protocol/client.ts";
import type { ImplementationUnderTest } from "../iut.ts";
import { DEFAULT_DIRS } from "../workbench/model.ts";
import { buildAssets, startServer, writeStatic } from "../workbench/server.ts";
import type { Command } from "../../src/cli/dispatch.ts";
import { type CliIo, EXIT_OK, commandArgs, reportError } from "../../src/cli/io.ts";

const HELP = `Usage: feedback-compactor workbench [--port N] [--cases DIR] [-- COMMAND [ARGS...]]
       feedback-compactor workbench --out DIR

A workbench for spec authors, in one local web page (no network access; every asset ships in the package):
  Spec        spec/*.md with an anchor per requirement id, its class (contract / reference), the cases,
              properties and scenarios that cite it, the module that implements it; search by id or text
  Playground  edit a CompactionRequest (or start from any golden or conformance case) and the budget; the
              reference pipeline runs in the page on every edit: the Delta as the Worker receives it, its
              token count against the budget, the envelope, the --explain stages, typed errors
  Side by side  with '-- COMMAND', every edit also goes through protocol v1 to COMMAND; its reply is shown
              beside the reference's, each differing member marked as a contract difference (with the
              contract checks it breaks) or a reference-only choice
  Save as case  the current request as a conformance case file ('feedback-compactor check' accepts it);
              written into conformance/cases/ by the server, downloaded in a static folder
The state (case or request, budget) lives in the URL, so a link reopens the same request.

  feedback-compactor workbench
  feedback-compactor workbench -- python3 my_adapter.py
  feedback-compactor workbench -- feedback-compactor serve --mutant ignored-budget
  feedback-compactor workbench --out site/

Options:
  --port N      port on 127.0.0.1 (default 0: a free port the system picks); the URL is printed
  --cases DIR   where "save as case" writes (default: this package's conformance/cases)
  --out DIR     write the pages (index.html, data.js, app.js) to DIR instead of serving them
  -h, --help    this text

Ctrl-C stops the server (and the implementation). Exit codes: 0 stopped or written; 2 a usage problem,
a port in use, an implementation that does not start, or an unwritable DIR, with one JSON line
{"error":{"code","message"}} on stderr (codes USAGE, IO).
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = (m: string) => reportError(io, { code: "USAGE", message: `${m}; see 'workbench --help'` });
  const args = commandArgs(argv, io, {
    name: "feedback-compactor workbench",
    help: HELP,
    valued: new Set(["port", "out", "cases"]),
  });
  if (typeof args === "number") return args;
  if (args.positionals.length > 0) return usage("workbench takes no arguments before '--'");
  const out = args.flags.get("out") as string | undefined;
  const t0 = performance.now();
  if (out !== undefined) {
    if (args.rest.length > 0 || args.flags.has("port"))
      return usage("--out writes a static folder; it takes no --port and no implementation");
    try {
      const files = await writeStatic(resolve(io.cwd, out));
      io.stderr(
        `workbench written to ${resolve(io.cwd, out)} (${files.length} files, ${Math.round(performance.now() - t0)} ms); open index.html\n`,
      );
      return EXIT_OK;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return reportError(io, {
        code: "IO",
        message: code
          ? `cannot write ${out} (${code})`
          : `cannot build the workbench (${(e as Error).message})`,
      });
    }
  }
  const portFlag = (args.flags.get("port") as string | undefined) ?? "0";
  if (!/^\d+$/.test(portFlag) || Number(portFlag) > 65535) return usage("--port takes a number 0..65535");
  const casesFlag = args.flags.get("cases") as string | undefined;
  const casesDir = casesFlag !== undefined ? resolve(io.cwd, casesFlag) : DEFAULT_DIRS.cases;
  let iut: ImplementationUnderTest | null = null;
  const [assets, started] = await Promise.all([
    buildAssets("server").catch((e: Error) => e),
    args.rest.length > 0 ? startProcessIut({ command: args.rest, cwd: io.cwd }) : Promise.resolve(null),
  ]);
  if (started !== null) {
    if (!started.ok) {
      return reportError(io, { code: "IO", message: `the implementation did not start: ${started.message}` });
    }
    iut = started.iut;
  }
  if (assets instanceof Error) {
    await iut?.close();
    return reportError(io, { code: "IO", message: `cannot build the workbench (${assets.message})` });
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ port: Number(portFlag), casesDir, specDir: DEFAULT_DIRS.spec, iut, assets });
  } catch (e) {
    await iut?.close();
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    return reportError(io, { code: "IO", message: `cannot listen on 127.0.0.1:${portFlag} (${code})` });
  }
  const with_ = iut ? ` beside ${iut.info.name} ${iut.info.version}` : "";
  io.stdout(
    `workbench: ${server.url}${with_} (ready in ${Math.round(performance.now() - t0)} ms; Ctrl-C stops it)\n`,
  );
  await new Promise<void>((stop) => {
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    process.once("SIGHUP", stop);
  });
  await server.close();
  await iut?.close();
  return EXIT_OK;
}

export const command: Command = {
  summary: "a local web page for spec authors: the spec, its cases, the reference live, side by side",
  run,
};
