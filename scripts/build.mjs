// FC-CLI-6, FC-CLI-9, FC-CLI-10: builds dist/, run by `npm ci` (prepare), `npm test` and `npm pack` (prepare).
//   dist/per-round.mjs (+ chunks, the tokenizer worker, manifest.json): the per-round commands (compact, validate,
//     policy) as one bundle; the development checkout uses it while every file it was built from still matches
//     the digest in dist/manifest.json (src/cli/bundle.mjs).
//   dist/kit/serve.mjs (+ chunks, manifest.json): the kit's `serve` with its mutants, used the same way by the
//     checkout's entry shim (conformance/cli/feedback-compactor.mjs); not part of the package.
//   dist/lib/: what the installed package runs — a mirror of the repository's runtime layout, so every path a
//     module computes from import.meta.url (spec/, conformance/cases/, features/, the demo's sample project)
//     resolves there as it does in the checkout. Each runtime module is compiled to ESM JavaScript on its own
//     (esbuild, `.ts` specifiers rewritten to `.js`); src/ and conformance/ get `.d.ts` declarations (tsc); the
//     data the code reads by path is copied. Runtime modules are found by rule, not by list (`classify`).
//
// Usage: node scripts/build.mjs [--quiet] [--per-round-only] [--prepack]    |    node scripts/build.mjs --postpack
//   --prepack (npm's prepack): build, then write the tarball's package.json (no scripts) over the checkout's, kept
//   in .tmp/prepack/ until --postpack (npm's postpack) puts it back.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const posix = (p) => p.split(sep).join("/");

/**
 * Bundles `entryPoints` (plus the tokenizer worker) into `outDir` with a manifest naming `entry` and the digest of
 * every project file the bundle was built from; returns the number of those files.
 */
async function bundleInto(outDir, entryPoints, entry) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    // The tokenizer worker is started by URL next to its importer (src/adapters/tokenizer-thread.ts), so it is
    // an entry of its own and lands beside the chunk that starts it.
    entryPoints: { ...entryPoints, "tiktoken-worker": "src/adapters/tiktoken-worker.mjs" },
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
    entry,
    files: Object.fromEntries(files.map((p) => [p, digest(p)])),
  };
  writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return files.length;
}

/** Builds the per-round bundle into `outDir` (default dist/); returns the number of project files it covers. */
export async function buildPerRound(outDir = join(ROOT, "dist")) {
  return bundleInto(outDir, { "per-round": "src/cli/per-round.ts" }, "per-round.mjs");
}

/**
 * Builds the kit's `serve` (the reference with its mutants and legal variants, conformance/cli/serve-main.ts) into
 * `outDir` (default dist/kit/, so after buildPerRound, which empties dist/). The checkout's entry shim starts
 * `serve` from it while it matches the sources: a matrix or a protocol test starts many implementations, and each
 * start through the TypeScript loader costs about 1.7 s of CPU.
 */
export async function buildKitServe(outDir = join(ROOT, "dist", "kit")) {
  return bundleInto(outDir, { serve: "conformance/cli/serve-main.ts" }, "serve.mjs");
}

/** The directories whose runtime modules and data make up the package (besides the top-level files below). */
export const TREES = ["src", "conformance", "features", "spec"];
/** Top-level files the runtime reads by path (cucumber's configuration, for `certify --features`). */
const TOP_FILES = ["cucumber.mjs"];
/** Directory names that hold test data and fake implementations for tests: nothing at run time reads them. */
const TEST_ONLY_DIRS = new Set(["fixtures", "fakes"]);
/**
 * Directory names that hold development tools and test helpers: a module there ships only when a shipped
 * module imports it (the Gherkin steps use some test helpers; the case writers stay out).
 */
const TOOL_DIRS = new Set(["tools", "testing"]);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);
const isDeclaration = (name) => /\.d\.[cm]?ts$/.test(name);
const isTsModule = (name) => /\.[cm]?ts$/.test(name) && !isDeclaration(name);
const isJsModule = (name) => /\.[cm]?js$/.test(name);

/**
 * Sorts every file under TREES (repository-relative posix paths) into
 *   modules  TypeScript runtime modules to compile (tools/ ones flagged `tool`),
 *   copies   files shipped as they are: JavaScript modules, hand-written declarations, data (JSON, Markdown,
 *            Gherkin, example sources), and whole data projects (a directory with its own package.json, such
 *            as the demo's sample project, is copied verbatim, its tests included: they are its data).
 * Tests (`*.test.*`) and test-only directories (TEST_ONLY_DIRS) are left out; so is data under TOOL_DIRS.
 */
export function classify(root = ROOT) {
  const modules = [];
  const copies = [];
  const walk = (rel, inTool) => {
    const abs = join(root, rel);
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (TEST_ONLY_DIRS.has(entry.name) || entry.name === "node_modules") continue;
        if (existsSync(join(abs, entry.name, "package.json"))) copies.push({ path: p, dir: true });
        else walk(p, inTool || TOOL_DIRS.has(entry.name));
      } else if (entry.isFile()) {
        if (isTest(entry.name)) continue;
        if (isTsModule(entry.name)) modules.push({ path: p, tool: inTool });
        else if (isJsModule(entry.name) || !inTool) copies.push({ path: p, dir: false });
      }
    }
  };
  for (const tree of TREES) if (existsSync(join(root, tree))) walk(tree, false);
  return { modules, copies };
}

const RELATIVE = /^\.\.?\//;
/**
 * A relative `.ts` path in a string literal that is not an import specifier: a module found by path at run time,
 * e.g. `new URL("../properties/index.ts", import.meta.url)` or `loadList("../variants/index.ts")` (loaded by
 * path so that a build may leave it out). Rewritten to `.js` when it names a runtime module.
 */
const MODULE_PATH_LITERAL = /(?<!\b(?:from|import)\s*\(?\s*)(["'`])(\.\.?\/[^"'`$\n]*?)\.ts\1/g;

/**
 * Compiles the runtime modules into `outDir` one file per module (imports stay imports; `.ts` specifiers, in
 * imports and in module paths such as `new URL("….ts", import.meta.url)`, become `.js`), copies the rest, emits
 * declarations, and checks that every relative reference of a shipped module lands on a shipped file.
 */
export async function buildLib(outDir = join(ROOT, "dist", "lib"), root = ROOT) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const { modules, copies } = classify(root);
  const byPath = new Map(modules.map((m) => [m.path, m]));
  /** source module (repo-relative) → repo-relative targets of its relative references */
  const refs = new Map();
  const addRef = (importer, target) => {
    const from = posix(relative(root, importer));
    const to = posix(relative(root, resolve(dirname(importer), target)));
    if (!refs.has(from)) refs.set(from, new Set());
    refs.get(from).add(to);
  };
  const perFile = {
    name: "per-file",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        if (!RELATIVE.test(args.path)) return { path: args.path, external: true };
        addRef(args.importer, args.path);
        return { path: args.path.replace(/\.ts$/, ".js"), external: true };
      });
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        // The one-line header citing requirement ids (`// FC-…: …`) survives compilation as a legal comment
        // (`//!`), in place: the workbench's spec view reads it to name the module that implements a requirement.
        const text = readFileSync(args.path, "utf8").replace(/^(#![^\n]*\n)?\/\/ (?=[^\n]*FC-)/, "$1//! ");
        const contents = text.replace(MODULE_PATH_LITERAL, (literal, q, base) => {
          const target = posix(relative(root, resolve(dirname(args.path), `${base}.ts`)));
          if (!byPath.has(target)) return literal; // data that looks like a path, e.g. "./src/index.ts" in a case
          addRef(args.path, `${base}.ts`);
          return `${q}${base}.js${q}`;
        });
        return { contents, loader: "ts" };
      });
    },
  };
  // Compile everything outside tools/ plus the tools/ modules reachable from it (dev scripts stay out).
  const shipped = new Set(modules.filter((m) => !m.tool).map((m) => m.path));
  const queue = [...shipped];
  const compile = async (paths) => {
    await build({
      absWorkingDir: root,
      entryPoints: paths,
      outbase: root,
      outdir: outDir,
      outExtension: { ".js": ".js" },
      bundle: true,
      format: "esm",
      platform: "node",
      // engines.node is >=20.19: import attributes (`with { type: "json" }`) stay (plain "node20" drops them).
      target: "node20.19",
      plugins: [perFile],
      legalComments: "inline",
      logLevel: "warning",
    });
  };
  while (queue.length > 0) {
    const batch = queue.splice(0);
    await compile(batch);
    for (const p of batch)
      for (const t of refs.get(p) ?? [])
        if (byPath.get(t)?.tool && !shipped.has(t)) {
          shipped.add(t);
          queue.push(t);
        }
  }
  for (const c of copies) cpSync(join(root, c.path), join(outDir, c.path), { recursive: c.dir });
  for (const f of TOP_FILES) if (existsSync(join(root, f))) cpSync(join(root, f), join(outDir, f));

  // Every relative reference of a shipped module must land on a shipped file (a module under a test-only
  // directory, a test, or a dev tool that only tools import would be missing from the package).
  const missing = [];
  for (const p of shipped)
    for (const t of refs.get(p) ?? []) {
      const out = t.replace(/\.ts$/, ".js");
      if (!existsSync(join(outDir, out))) missing.push(`${p} -> ${t}`);
    }
  if (missing.length > 0)
    throw new Error(`runtime modules refer to files the package leaves out:\n  ${missing.join("\n  ")}`);

  // The workbench's browser script, prebuilt: an installed package has neither its TypeScript entry nor esbuild.
  const workbench = join(root, "conformance", "workbench", "bundle.mjs");
  if (existsSync(workbench)) {
    const { writeWorkbenchAssets } = await import(pathToFileURL(workbench).href);
    await writeWorkbenchAssets(join(outDir, "conformance", "workbench", "app.bundle.js"));
  }

  const declared = emitDeclarations(declarationRoots(root), outDir, root);
  writeSchemaDeclarations(join(outDir, "spec", "schemas"));
  return { modules: shipped.size, copies: copies.length, declarations: declared };
}

/**
 * The sources behind package.json's `exports` that name `types` under dist/lib/ (`./dist/lib/src/index.d.ts` is
 * src/index.ts): tsc declares them and every module their types reach, and nothing else.
 */
function declarationRoots(root) {
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const out = [];
  for (const target of Object.values(exports ?? {})) {
    const types = typeof target === "object" && target !== null ? target.types : undefined;
    const m = typeof types === "string" ? /^\.\/dist\/lib\/(.+)\.d\.ts$/.exec(types) : null;
    if (m && existsSync(join(root, `${m[1]}.ts`))) out.push(`${m[1]}.ts`);
  }
  if (out.length === 0) throw new Error("package.json exports name no types under ./dist/lib/");
  return out;
}

/** Declarations from tsc (emitDeclarationOnly), with `.ts` specifiers rewritten to the `.js` files shipped. */
function emitDeclarations(files, outDir, root) {
  const tmp = join(root, ".tmp", `declarations-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const config = join(root, ".tmp", `tsconfig.declarations-${process.pid}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: "../tsconfig.json",
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: "..",
        outDir: relative(join(root, ".tmp"), tmp),
      },
      include: [],
      files: files.map((f) => `../${f}`),
    }),
  );
  try {
    const tsc = dirname(createRequire(join(ROOT, "package.json")).resolve("typescript/package.json"));
    execFileSync(process.execPath, [join(tsc, "bin", "tsc"), "-p", config, "--pretty", "false"], {
      cwd: root,
      stdio: "pipe",
    });
  } catch (e) {
    // A type error still emits declarations; like the bundle, the build does not gate on types (`npm run
    // typecheck` does, in `npm test`), so `npm ci` works on a checkout with a type error. No output is fatal.
    const out = `${e.stdout ?? ""}${e.stderr ?? ""}`.trim();
    if (!existsSync(tmp) || readdirSync(tmp).length === 0) {
      rmSync(tmp, { recursive: true, force: true });
      throw new Error(`tsc could not emit the declarations:\n${out || e.message}`);
    }
    process.stderr.write(`warning: the declarations were emitted despite type errors:\n${out}\n`);
  } finally {
    rmSync(config, { force: true });
  }
  let n = 0;
  const copy = (rel) => {
    for (const entry of readdirSync(join(tmp, rel), { withFileTypes: true })) {
      const p = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) copy(p);
      else if (isDeclaration(entry.name) && existsSync(join(outDir, p.replace(/\.d\.ts$/, ".js")))) {
        // tsc keeps the sources' `.ts` specifiers and drops JSON imports' `with { type: "json" }`: put both right.
        const text = readFileSync(join(tmp, p), "utf8")
          .replace(/((?:from|import)\s*\(?\s*["'])(\.\.?\/[^"']*?)\.ts(["'])/g, "$1$2.js$3")
          .replace(/(from\s*["']\.\.?\/[^"']*?\.json["'])\s*;/g, '$1 with { type: "json" };');
        mkdirSync(dirname(join(outDir, p)), { recursive: true });
        writeFileSync(join(outDir, p), text);
        n++;
      }
    }
  };
  copy("");
  rmSync(tmp, { recursive: true, force: true });
  return n;
}

/** TypeScript's type of a JSON value, exact (string literals, readonly tuples and members). */
function jsonType(v, indent = "") {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v))
    return v.length === 0
      ? "readonly []"
      : `readonly [\n${v.map((x) => `${inner}${jsonType(x, inner)}`).join(",\n")}\n${indent}]`;
  const keys = Object.keys(v);
  if (keys.length === 0) return "{}";
  return `{\n${keys.map((k) => `${inner}readonly ${JSON.stringify(k)}: ${jsonType(v[k], inner)};`).join("\n")}\n${indent}}`;
}

const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with let static yield await implements interface package private protected public".split(
    " ",
  ),
);

/**
 * `x.d.json.ts` beside each JSON Schema `x.json`: the `types` of `feedback-compactor/schemas/x.json`, exact. The
 * schema is the default export (bundler resolution) and each top-level keyword a named one (under nodenext,
 * `import s from "…json" with { type: "json" }` gives the module's namespace).
 */
function writeSchemaDeclarations(dir) {
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".json")) {
        const schema = JSON.parse(readFileSync(p, "utf8"));
        const lines = [
          `// The JSON Schema ${entry.name} of the Feedback Compactor, as TypeScript sees it (written by scripts/build.mjs).`,
          `declare const schema: ${jsonType(schema)};`,
          "export default schema;",
        ];
        Object.keys(schema).forEach((k, i) => {
          if (/^[A-Za-z_$][\w$]*$/.test(k) && !RESERVED.has(k))
            lines.push(`export declare const ${k}: (typeof schema)[${JSON.stringify(k)}];`);
          else
            lines.push(
              `declare const _${i}: (typeof schema)[${JSON.stringify(k)}];`,
              `export { _${i} as ${JSON.stringify(k)} };`,
            );
        });
        writeFileSync(p.replace(/\.json$/, ".d.json.ts"), `${lines.join("\n")}\n`);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
}

/**
 * The package.json a tarball carries (FC-CLI-10): the checkout's, without its scripts (they build and test the
 * checkout and name files the tarball leaves out; an installed `prepare` would fail) and without the checkout's
 * npm settings (`allowScripts`). Everything a consumer's npm reads stays.
 */
export function tarballPackageJson(text) {
  const { scripts: _scripts, allowScripts: _allow, ...rest } = JSON.parse(text);
  return `${JSON.stringify(rest, null, 2)}\n`;
}

/** Where `--prepack` keeps the checkout's package.json until `--postpack` puts it back. */
const KEPT = (root) => join(root, ".tmp", "prepack", "package.json");

/** `npm pack`'s prepack: the package.json on disk becomes the tarball's (npm packs the file on disk). */
export function prepackPackageJson(root = ROOT) {
  const file = join(root, "package.json");
  const kept = KEPT(root);
  mkdirSync(dirname(kept), { recursive: true });
  // A pack that died before postpack left the stripped file: keep the first original, never the stripped one.
  if (!existsSync(kept)) cpSync(file, kept);
  writeFileSync(file, tarballPackageJson(readFileSync(kept, "utf8")));
}

/** `npm pack`'s postpack: the checkout's package.json back. */
export function postpackPackageJson(root = ROOT) {
  const kept = KEPT(root);
  if (!existsSync(kept)) return false;
  cpSync(kept, join(root, "package.json"));
  rmSync(kept);
  return true;
}

if (
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv.includes("--postpack")
) {
  postpackPackageJson();
} else if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const n = await buildPerRound();
  const kit = await buildKitServe();
  const lib = process.argv.includes("--per-round-only") ? null : await buildLib();
  if (!process.argv.includes("--quiet")) {
    const ms = (performance.now() - t0).toFixed(0);
    process.stdout.write(`built dist/per-round.mjs from ${n} project files (+ bundled dependencies)\n`);
    process.stdout.write(`built dist/kit/serve.mjs from ${kit} project files\n`);
    if (lib)
      process.stdout.write(
        `built dist/lib/: ${lib.modules} modules, ${lib.declarations} declarations, ${lib.copies} files copied\n`,
      );
    process.stdout.write(`in ${ms} ms\n`);
  }
  // npm pack runs prepack, not prepare, once prepack has taken the scripts out: build first, then strip.
  if (process.argv.includes("--prepack")) prepackPackageJson();
}
