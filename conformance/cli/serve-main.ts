// FC-PROTO-1..8, FC-CERT-11: the entry scripts/build.mjs bundles into dist/kit/serve.mjs — the kit's `serve` alone.
import { serveCommand } from "../../src/cli/serve.ts";
import { runCommands } from "../../src/cli/dispatch.ts";
import { mutants } from "../mutants/index.ts";
import { variants } from "../variants/index.ts";

/**
 * Runs `serve` on this process's argv, with the kit's mutants and legal variants imported statically (the
 * checkout's conformance/cli/serve.ts finds them by path, which a bundle cannot follow).
 */
export function runServe(): void {
  const command = serveCommand(async () => [...mutants, ...variants]);
  runCommands({ serve: async () => command });
}
