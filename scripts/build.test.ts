// FC-CLI-9, FC-CLI-10: the package build finds run-time modules by rule, rewrites module paths, keeps JSON import
// attributes, declares what `exports` reaches, and refuses a shipped module that refers to a file left out.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLib, postpackPackageJson, prepackPackageJson, tarballPackageJson } from "./build.mjs";

let root: string;
let out: string;

function tree(files: Record<string, string>): void {
  rmSync(root, { recursive: true, force: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

const BASE: Record<string, string> = {
  "package.json": JSON.stringify({
    type: "module",
    exports: { ".": { types: "./dist/lib/src/index.d.ts", import: "./dist/lib/src/index.js" } },
  }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "nodenext",
      strict: true,
      resolveJsonModule: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      types: [],
    },
  }),
  "src/index.ts": `import { helper } from "./testing/helper.ts";
export type { Thing } from "./types.ts";
import data from "../spec/schemas/thing.json" with { type: "json" };
export const id: string = data.$id;
export { data as schema };
export const h = helper;
export async function plugins(): Promise<unknown> {
  const byUrl = new URL("./plugins/index.ts", import.meta.url).href;
  return [await import(byUrl), await load("./plugins/extra.ts"), "./src/not-a-module.ts"];
}
async function load(path: string): Promise<unknown> {
  return import(new URL(path, import.meta.url).href);
}
`,
  "src/types.ts": "export interface Thing {\n  id: string;\n}\n",
  "src/plugins/index.ts": "export const name = 'index';\n",
  "src/plugins/extra.ts": "export const name = 'extra';\n",
  "src/testing/helper.ts": "export const helper = 1;\n",
  "src/testing/unused.ts": "export const unused = 1;\n",
  "src/index.test.ts": "export {};\n",
  "src/fixtures/sample.txt": "fixture\n",
  "src/tools/dev-script.ts": "export const dev = 1;\n",
  "src/demo/sample/package.json": "{}\n",
  "src/demo/sample/test/app.test.mjs": "// the sample project's own test: its data\n",
  "spec/schemas/thing.json": JSON.stringify({ $id: "https://example.test/thing.json", type: "object" }),
  "spec/README.md": "# spec\n",
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "fc-build-"));
  out = join(root, "dist", "lib");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("buildLib", () => {
  it("compiles run-time modules one per file, copies data, and leaves tests, fixtures and dev tools out", async () => {
    tree(BASE);
    await buildLib(out, root);
    const has = (p: string) => existsSync(join(out, p));
    for (const p of [
      "src/index.js",
      "src/plugins/index.js",
      "src/plugins/extra.js",
      "src/testing/helper.js",
      "spec/schemas/thing.json",
      "spec/README.md",
      "src/demo/sample/package.json",
      "src/demo/sample/test/app.test.mjs",
    ])
      expect(has(p), p).toBe(true);
    for (const p of [
      "src/testing/unused.js",
      "src/index.test.js",
      "src/fixtures/sample.txt",
      "src/tools/dev-script.js",
      "src/index.ts",
    ])
      expect(has(p), p).toBe(false);

    const js = readFileSync(join(out, "src/index.js"), "utf8");
    expect(js).toContain('from "./testing/helper.js"');
    expect(js).toContain('from "../spec/schemas/thing.json" with { type: "json" }');
    expect(js).toContain('new URL("./plugins/index.js", import.meta.url)');
    expect(js).toContain('load("./plugins/extra.js")');
    expect(js).toContain('"./src/not-a-module.ts"'); // data, not a module of the tree
    const { plugins } = (await import(join(out, "src/index.js"))) as { plugins: () => Promise<unknown[]> };
    expect(((await plugins()) as { name?: string }[]).map((m) => m.name ?? m)).toEqual([
      "index",
      "extra",
      "./src/not-a-module.ts",
    ]);
  });

  it("declares what exports reaches, with .js specifiers, JSON attributes and a typed JSON Schema", () => {
    const dts = readFileSync(join(out, "src/index.d.ts"), "utf8");
    expect(dts).toContain("export declare const id: string;");
    expect(dts).toContain('export type { Thing } from "./types.js";');
    expect(dts).not.toMatch(/\.ts["']/);
    expect(dts).toContain('from "../spec/schemas/thing.json" with { type: "json" };');
    expect(readFileSync(join(out, "src/types.d.ts"), "utf8")).toContain("id: string;");
    expect(existsSync(join(out, "src/plugins/index.d.ts"))).toBe(false); // reached only by path at run time
    expect(readFileSync(join(out, "spec/schemas/thing.d.json.ts"), "utf8")).toContain(
      'readonly "$id": "https://example.test/thing.json";',
    );
  });

  it("fails when a shipped module refers to a file the package leaves out", async () => {
    tree({ ...BASE, "src/broken.ts": 'import { x } from "./fixtures/data.ts";\nexport const y = x;\n' });
    writeFileSync(join(root, "src/fixtures/data.ts"), "export const x = 1;\n");
    await expect(buildLib(out, root)).rejects.toThrow(/src\/broken\.ts -> src\/fixtures\/data\.ts/);
  });
});

describe("the tarball's package.json (npm's prepack and postpack)", () => {
  it("has no scripts; prepack swaps it in, keeping the first original, and postpack puts the original back", () => {
    const root = mkdtempSync(join(tmpdir(), "fc-prepack-"));
    try {
      const original = `${JSON.stringify(
        {
          name: "p",
          version: "1.0.0",
          bin: { p: "x.mjs" },
          scripts: { prepare: "node scripts/build.mjs --quiet", test: "vitest" },
          allowScripts: { esbuild: false },
          dependencies: { a: "1.0.0" },
        },
        null,
        2,
      )}\n`;
      writeFileSync(join(root, "package.json"), original);
      expect(JSON.parse(tarballPackageJson(original))).toEqual({
        name: "p",
        version: "1.0.0",
        bin: { p: "x.mjs" },
        dependencies: { a: "1.0.0" },
      });
      prepackPackageJson(root);
      expect(readFileSync(join(root, "package.json"), "utf8")).toBe(tarballPackageJson(original));
      // A pack that died before postpack: the next prepack must not keep the stripped file as "the original".
      prepackPackageJson(root);
      expect(postpackPackageJson(root)).toBe(true);
      expect(readFileSync(join(root, "package.json"), "utf8")).toBe(original);
      expect(postpackPackageJson(root)).toBe(false);
      expect(readFileSync(join(root, "package.json"), "utf8")).toBe(original);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
