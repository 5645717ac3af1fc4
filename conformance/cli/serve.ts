// FC-PROTO-1..8, FC-CERT-11: `feedback-compactor serve` with the kit's mutants (--mutant, --list-mutants).
import type { ServedVariant } from "../../src/cli/serve.ts";
import { serveCommand } from "../../src/cli/serve.ts";
import type { Command } from "../../src/cli/dispatch.ts";
import { loadMutants } from "../runner/mutants.ts";

/** This module's extension: `.ts` in the checkout, `.js` in the built package (modules are found by path below). */
const EXT = new URL(import.meta.url).pathname.endsWith(".js") ? ".js" : ".ts";

/**
 * The one mutant or variant `serve --mutant ID` asks for, from its own module (`conformance/mutants/<ID>` or
 * `conformance/variants/<ID>`), so a served mutant does not load the other fifty; null when no module of that name
 * exports it (the mutants made from others, e.g. the delta-only ones, are found in the whole list).
 */
async function loadOne(id: string): Promise<ServedVariant[] | null> {
  if (!/^[a-z0-9-]+$/.test(id)) return null;
  for (const dir of ["../mutants/", "../variants/"]) {
    try {
      const m = (await import(new URL(`${dir}${id}${EXT}`, import.meta.url).href)) as {
        default?: ServedVariant;
      };
      if (m.default?.id === id) return [m.default];
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw e;
    }
  }
  return null;
}

/** The `--mutant` value of an argv (`--mutant ID` or `--mutant=ID`), if any. */
function wantedMutant(argv: readonly string[]): string | undefined {
  for (const [i, a] of argv.entries()) {
    if (a === "--") break;
    if (a === "--mutant") return argv[i + 1];
    if (a.startsWith("--mutant=")) return a.slice("--mutant=".length);
  }
  return undefined;
}

const all = serveCommand(loadMutants);

export const command: Command = {
  summary: all.summary,
  run: (argv, io) => {
    const id = wantedMutant(argv);
    if (id === undefined || argv.includes("--list-mutants")) return all.run(argv, io);
    return serveCommand(async () => (await loadOne(id)) ?? loadMutants()).run(argv, io);
  },
};
