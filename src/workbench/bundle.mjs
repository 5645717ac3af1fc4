// FC-WB-3, FC-WB-9: bundles the workbench's browser code (the reference pipeline, tiktoken's WebAssembly and the
// o200k_base tables, the page's script) into one classic script with esbuild. Plain JavaScript: the packaging step
// can call writeWorkbenchAssets() without the TypeScript loader.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
/** Where a packaging step puts the prebuilt script (used when esbuild is not installed). */
export const PREBUILT = join(ROOT, "dist/workbench/app.js");

/** The esbuild options of the browser bundle (shared by the workbench server and the tests). */
export function bundleOptions() {
  const require = createRequire(join(ROOT, "package.json"));
  const shim = (name) => join(HERE, "browser/shims", name);
  return {
    absWorkingDir: ROOT,
    entryPoints: [join(HERE, "browser/app.ts")],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "fcWorkbench",
    platform: "browser",
    target: "es2022",
    // The core's few Node built-ins get browser equivalents with the same results (shims/*.test.ts compare them).
    alias: {
      "node:crypto": shim("crypto.ts"),
      "node:net": shim("net.ts"),
      events: dirname(require.resolve("events/package.json")),
    },
    inject: [shim("buffer.ts")],
    // Only the deep leak scan (never called by compact) imports secretlint: it stays out.
    external: ["@secretlint/core", "@secretlint/secretlint-rule-preset-recommend"],
    loader: { ".wasm": "binary" },
    define: { "process.env.NODE_DEBUG": "undefined" },
    legalComments: "none",
    minify: true,
    logLevel: "silent",
  };
}

/** The page's script as text; throws when esbuild is unavailable or the build fails. */
export async function bundleWorkbench() {
  const { build } = await import("esbuild");
  const result = await build(bundleOptions());
  return result.outputFiles[0].text;
}

/**
 * The script: built now when esbuild is installed (a development checkout), else the prebuilt dist/workbench/app.js.
 * Returns {js, source} or throws an Error whose message says what is missing.
 */
export async function workbenchScript() {
  let esbuild = true;
  try {
    await import("esbuild");
  } catch {
    esbuild = false;
  }
  if (esbuild) return { js: await bundleWorkbench(), source: "built" };
  if (existsSync(PREBUILT)) return { js: readFileSync(PREBUILT, "utf8"), source: "prebuilt" };
  throw new Error("the workbench's browser script is not built (no esbuild and no dist/workbench/app.js)");
}

/** Writes dist/workbench/app.js (for a package installed without esbuild); returns its size in bytes. */
export async function writeWorkbenchAssets(outFile = PREBUILT) {
  const js = await bundleWorkbench();
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, js);
  return Buffer.byteLength(js);
}
