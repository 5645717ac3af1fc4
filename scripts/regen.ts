// FC-CASE-13: one command rewrites every generated file; `--check` (run by `npm test`) reports drift and the fix.
//
// Usage: npm run regen [-- --check] [-- --only NAME[,NAME…]] [-- --repin] [-- --list]
//
// Each generator computes the files it owns in memory (path → text), so writing and checking are the same
// computation: `regen` writes what differs and removes what is no longer generated, `regen --check` writes nothing
// and exits 1 naming each file that differs and the command that fixes it. Every generated file says what
// generated it (a `generatedBy` member, or a README.md in a folder whose files cannot carry one).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import { GENERATORS, type GeneratedFiles, type Generator, RECORDERS } from "./regen-generators.ts";

const ROOT = join(import.meta.dirname, "..");
const COMMAND = "npm run regen";

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, keep) : keep(e.name) ? [p] : [];
  });
}

interface Outcome {
  name: string;
  files: number;
  /** check: "differs: …" lines; write: "updated: …" lines. */
  lines: string[];
  skipped?: string;
}

async function runOne(g: Generator, check: boolean, repin: boolean): Promise<Outcome> {
  const unavailable = g.unavailable?.();
  if (unavailable) return { name: g.name, files: 0, lines: [], skipped: unavailable };
  const wanted: GeneratedFiles = await g.generate({ repin });
  const lines: string[] = [];
  const rel = (p: string) => relative(ROOT, p);
  for (const [file, text] of wanted) {
    const onDisk = existsSync(file) ? readFileSync(file, "utf8") : null;
    if (onDisk === text) continue;
    if (check) lines.push(`${onDisk === null ? "missing" : "differs"}: ${rel(file)}`);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      lines.push(`${onDisk === null ? "created" : "updated"}: ${rel(file)}`);
    }
  }
  for (const { dir, keep } of g.owns) {
    for (const file of filesUnder(dir, keep)) {
      if (wanted.has(file)) continue;
      if (check) lines.push(`not generated any more: ${rel(file)}`);
      else {
        rmSync(file);
        lines.push(`removed: ${rel(file)}`);
      }
    }
  }
  return { name: g.name, files: wanted.size, lines };
}

const HELP = `Usage: ${COMMAND} [-- --check] [-- --only NAME[,NAME…]] [-- --repin] [-- --list]

Rewrites every generated file of the repository from its source (case authoring modules, the reference's
golden outputs, report fixtures, …). Review the diff afterwards; never hand-edit a generated file.

  --check        write nothing; exit 1 and name each file that differs (npm test runs this)
  --only NAMES   only these generators (see --list)
  --with-tools   first re-record the real-tool outputs (Stage 1); installs the tools into .tmp/ with
                 apt-get and npm, takes minutes; without it the recordings stay as committed
  --repin        re-take the byte-exact cases' bytes from the reference (only after a deliberate rendering
                 change; otherwise the bytes pinned in the files are kept)
  --list         print the generators and what each one writes, then exit
`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(HELP);
    return 0;
  }
  if (argv.includes("--list")) {
    for (const g of GENERATORS) process.stdout.write(`${g.name.padEnd(18)} ${g.describes}\n`);
    for (const r of RECORDERS) process.stdout.write(`${r.name.padEnd(18)} ${r.describes} (--with-tools)\n`);
    return 0;
  }
  const check = argv.includes("--check");
  const repin = argv.includes("--repin");
  const onlyAt = argv.indexOf("--only");
  const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? "").split(",").filter(Boolean)) : null;
  const names = [...GENERATORS, ...RECORDERS].map((g) => g.name);
  const unknown = only ? [...only].filter((n) => !names.includes(n)) : [];
  if (unknown.length > 0 || (only !== null && only.size === 0)) {
    const message = `unknown generator '${unknown.join(",")}'; run '${COMMAND} -- --list'`;
    process.stderr.write(`${JSON.stringify({ error: { code: "USAGE", message } })}\n`);
    return 2;
  }
  if (argv.includes("--with-tools") && !check) {
    for (const r of RECORDERS) {
      if (only && !only.has(r.name)) continue;
      process.stdout.write(`${r.name}: ${r.command.join(" ")}\n`);
      const run = spawnSync(r.command[0]!, r.command.slice(1), { cwd: ROOT, stdio: "inherit" });
      if (run.status !== 0) {
        process.stderr.write(`${r.name} failed (exit ${run.status}); nothing else was regenerated\n`);
        return 1;
      }
    }
  } else if (only === null || RECORDERS.some((r) => only.has(r.name))) {
    process.stdout.write(
      `${RECORDERS.map((r) => r.name).join(", ")}: kept as committed (real tools: --with-tools)\n`,
    );
  }
  let drift = 0;
  for (const g of GENERATORS) {
    if (only && !only.has(g.name)) continue;
    const out = await runOne(g, check, repin);
    if (out.skipped) {
      process.stdout.write(`${g.name}: skipped (${out.skipped})\n`);
      continue;
    }
    for (const line of out.lines) process.stdout.write(`  ${line}\n`);
    if (check) drift += out.lines.length;
    const verb = check
      ? out.lines.length === 0
        ? "up to date"
        : `${out.lines.length} out of date`
      : "written";
    process.stdout.write(
      `${g.name}: ${out.files} files ${verb}${!check && out.lines.length === 0 ? " (no change)" : ""}\n`,
    );
  }
  if (check && drift > 0) {
    process.stderr.write(
      `${drift} generated file(s) differ from their sources. Run '${COMMAND}' and review the diff` +
        ` (or '${COMMAND} -- --only NAME' for one generator).\n`,
    );
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
