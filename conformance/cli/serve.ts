// FC-PROTO-1..8, FC-CERT-11: `feedback-compactor serve` with the kit's mutants (--mutant, --list-mutants).
import { serveCommand } from "../../src/cli/serve.ts";
import { loadMutants } from "../runner/mutants.ts";

export const command = serveCommand(loadMutants);
