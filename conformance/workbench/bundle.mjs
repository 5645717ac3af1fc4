// FC-WB-3, FC-WB-9: bundles the workbench's browser code (the reference pipeline, tiktoken's WebAssembly and the
// o200k_base tables, the page's script) into one classic script with esbuild. Plain JavaScript: the packaging step
// can call writeWorkbenchAssets() without the TypeScript loader.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");

const ENTRY = join(HERE, "browser/app.ts");
/**
 * Where a packaging step puts the prebuilt script, next to this module (dist/lib/conformance/workbench/ in the package):
 * used when the TypeScript entry or esbuild is not there.
 */
export const PREBUILT = join(HERE, "app.bundle.js");

/** The esbuild options of the browser bundle (shared by the workbench server and the tests). */
export function bundleOptions() {
  const require = createRequire(join(ROOT, "package.json"));
  const shim = (name) => join(HERE, "browser/shims", name);
  return {
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
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
 * The script: built now when the TypeScript sources and esbuild are there (a development checkout), else the
 * prebuilt app.bundle.js beside this module. Returns {js, source} or throws an Error saying what is missing.
 */
export async function workbenchScript() {
  let esbuild = existsSync(ENTRY);
  if (esbuild) {
    try {
      await import("esbuild");
    } catch {
      esbuild = false;
    }
  }
  if (esbuild) return { js: await bundleWorkbench(), source: "built" };
  if (existsSync(PREBUILT)) return { js: readFileSync(PREBUILT, "utf8"), source: "prebuilt" };
  throw new Error("the workbench's browser script is not built (no esbuild and no app.bundle.js)");
}

/**
 * Writes the prebuilt script (for a package installed without esbuild or without the TypeScript sources) to
 * `outFile`, by default app.bundle.js beside this module; returns its size in bytes.
 */
export async function writeWorkbenchAssets(outFile = PREBUILT) {
  const js = await bundleWorkbench();
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, js);
  return Buffer.byteLength(js);
}
