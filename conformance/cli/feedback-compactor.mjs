#!/usr/bin/env node
// Entry shim (FC-CLI-6, FC-CLI-9), plain JavaScript: the package's one `feedback-compactor` command, for the
// reference's commands (src/cli) and the kit's (conformance/cli). It lives in the kit because only the kit may see
// both. Two homes:
// - the development checkout (conformance/cli/, beside main.ts): the per-round commands run from the prebuilt
//   bundle, and `serve` from the kit's (dist/kit/), while it matches the sources; everything else registers the
//   TypeScript loader (tsx, a dev dependency) and runs the sources;
// - dist/lib/ inside a development checkout (`npx feedback-compactor` there): hands over to the checkout's entry,
//   so an edit is never hidden behind an older build;
// - the installed package (dist/lib/conformance/cli/, beside the compiled main.js; package.json's bin): every
//   command runs compiled JavaScript, the per-round ones from the bundle shipped in dist/, built in the same run as
//   dist/lib/ (FEEDBACK_COMPACTOR_NO_BUNDLE=1 runs them from dist/lib/ too).
import { existsSync } from "node:fs";
import { freshBundle, PER_ROUND, perRoundBundle } from "../../src/cli/bundle.mjs";

const command = process.argv[2];
if (existsSync(new URL("./main.ts", import.meta.url))) {
  const bundle = perRoundBundle(command);
  const kit = command === "serve" ? freshBundle("dist/kit/") : null;
  if (bundle !== null) {
    const { runPerRound } = await import(bundle);
    runPerRound();
  } else if (kit !== null) {
    const { runServe } = await import(kit);
    runServe();
  } else {
    const { register } = await import("tsx/esm/api");
    register();
    const { runCli } = await import("./main.ts");
    runCli();
  }
} else if (existsSync(new URL("../../../../conformance/cli/main.ts", import.meta.url))) {
  // dist/lib/ of a development checkout (package.json's bin, so `npx feedback-compactor` there): run the checkout's
  // own entry, which follows the sources, instead of a build that may predate the last edit.
  await import(new URL("../../../../conformance/cli/feedback-compactor.mjs", import.meta.url).href);
} else {
  const bundle = new URL("../../../per-round.mjs", import.meta.url);
  if (PER_ROUND.has(command) && process.env.FEEDBACK_COMPACTOR_NO_BUNDLE !== "1" && existsSync(bundle)) {
    const { runPerRound } = await import(bundle.href);
    runPerRound();
  } else {
    const { runCli } = await import("./main.js");
    runCli();
  }
}
