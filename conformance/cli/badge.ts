// FC-BADGE-1..4: `feedback-compactor badge` — a shields.io endpoint JSON ("N% passing") from a saved report.
import { type BadgeScope, badgeFor } from "../report/badge.ts";
import { readReport } from "../report/load.ts";
import { type CliIo, EXIT_OK, commandArgs } from "../../src/cli/io.ts";
import type { Command } from "../../src/cli/dispatch.ts";
import { failWith, writePage } from "./report.ts";

const HELP = `Usage: feedback-compactor badge REPORT.json [--label TEXT] [--scope all|gating] [--out FILE]

Prints a shields.io endpoint document for a report saved by 'certify --reporter json --out FILE':

  {"schemaVersion":1,"label":"conformance","message":"96% passing","color":"green"}

Publish that JSON where a browser can fetch it (a CI artefact, GitHub Pages) and show the badge with
  https://img.shields.io/endpoint?url=<URL-encoded address of the JSON>

The share is passed checks over all checks in the report, rounded down, so 100% means every check passed;
skipped checks count as not passing (a skip is no evidence). Colour by level: 100% brightgreen, from 95%
green, from 90% yellowgreen, from 75% yellow, from 50% orange, below that red; a failed smoke check (the
adapter itself is broken) is red whatever the share. A mutation report (certify --mutants) gives the
mutation score instead: "N% killed", the share of non-harmless mutants some check kills.

Options:
  --label TEXT     left-hand text (default "conformance", or "mutation score")
  --scope S        all (default): every check; gating: only checks that decide the verdict
  --out FILE       write the JSON to FILE instead of standard output

'-' reads the report from standard input. Exit codes: 0 printed; 2 a usage problem, an unreadable file or
one that is not a v1 report, with one JSON line {"error":{"code","message"}} on stderr.
`;

const VALUED = new Set(["label", "scope", "out"]);

async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = (m: string) => failWith(io, "USAGE", `${m}; see 'feedback-compactor badge --help'`);
  const args = commandArgs(argv, io, { name: "feedback-compactor badge", help: HELP, valued: VALUED });
  if (typeof args === "number") return args;
  const files = [...args.positionals, ...args.rest];
  if (files.length !== 1) return usage("expected exactly one REPORT.json");
  const scope = args.flags.get("scope") ?? "all";
  if (scope !== "all" && scope !== "gating") return usage("--scope is all or gating");
  const label = args.flags.get("label") as string | undefined;
  if (label !== undefined && label.trim() === "") return usage("--label needs some text");
  const file = files[0]!;
  const r = readReport(file, io.cwd, file === "-" ? await io.readStdin() : undefined);
  if (!r.ok) return failWith(io, r.code, r.message);
  const badge = badgeFor(r.value, { scope: scope as BadgeScope, ...(label !== undefined ? { label } : {}) });
  const json = `${JSON.stringify(badge)}\n`;
  const out = args.flags.get("out") as string | undefined;
  if (out === undefined) {
    io.stdout(json);
    return EXIT_OK;
  }
  return writePage(io, out, json, `badge (${badge.message})`) ?? EXIT_OK;
}

export const command: Command = {
  summary: 'shields.io endpoint JSON ("N% passing") from a saved conformance report',
  run,
};
