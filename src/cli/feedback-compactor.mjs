#!/usr/bin/env node
// Entry shim (FC-CLI-6): the per-round commands run from the prebuilt bundle when it matches the sources;
// everything else registers the TypeScript loader and runs the sources.
import { perRoundBundle } from "./bundle.mjs";

const bundle = perRoundBundle(process.argv[2]);
if (bundle !== null) {
  const { runPerRound } = await import(bundle);
  runPerRound();
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { runCli } = await import("./main.ts");
  runCli();
}
