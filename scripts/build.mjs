// FC-CLI-6: prebuilds the per-round commands (compact, validate, policy) into dist/ so they start without the
// TypeScript loader. Writes dist/per-round.mjs (+ chunks and the tokenizer worker) and dist/manifest.json, which
// records a digest of every project file the bundle was built from; the CLI uses the bundle only while all of
// them still match (src/cli/bundle.mjs). Run by `npm ci` (prepare), `npm test` and `npm pack`.
//
// Usage: node scripts/build.mjs [--quiet]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Builds the per-round bundle into `outDir` (default dist/); returns the number of project files it covers. */
export async function buildPerRound(outDir = join(ROOT, "dist")) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    // The tokenizer worker is started by URL next to its importer (src/adapters/tokenizer-thread.ts), so it is
    // an entry of its own and lands beside the chunk that starts it.
    entryPoints: {
      "per-round": "src/cli/per-round.ts",
      "tiktoken-worker": "src/adapters/tiktoken-worker.mjs",
    },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // tiktoken loads its WebAssembly and encoder tables by path: it stays a package import.
    external: ["tiktoken", "tiktoken/*"],
    // Bundled CommonJS dependencies (ajv) call require(); give the ESM chunks one.
    banner: {
      js: 'import { createRequire as __fcRequire } from "node:module"; const require = __fcRequire(import.meta.url);',
    },
    metafile: true,
    legalComments: "linked",
    logLevel: "warning",
  });
  // Dependencies are pinned to exact versions in package.json, so its digest stands for them.
  const own = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith("node_modules/"));
  const files = [...new Set([...own, "package.json"])].sort();
  const digest = (p) =>
    createHash("sha256")
      .update(readFileSync(join(ROOT, p)))
      .digest("hex");
  const manifest = {
    note: "Built by scripts/build.mjs. The CLI uses this bundle only while every file below matches its digest.",
    entry: "per-round.mjs",
    files: Object.fromEntries(files.map((p) => [p, digest(p)])),
  };
  writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return files.length;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const n = await buildPerRound();
  if (!process.argv.includes("--quiet")) {
    const ms = (performance.now() - t0).toFixed(0);
    process.stdout.write(
      `built dist/per-round.mjs from ${n} project files (+ bundled dependencies) in ${ms} ms\n`,
    );
  }
}
