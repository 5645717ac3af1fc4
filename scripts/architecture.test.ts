// FC-ARCH-1, FC-ARCH-2: the import graph keeps its direction (src/ never sees the kit) and the judge its own oracle.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", ".git", "dist", ".tmp", "coverage", "fixtures", "projects"]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = posix.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(p);
    return /\.(?:ts|mts|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

interface Edge {
  target: string;
  /** `import type …` / `export type … from`: erased at run time, so it cannot decide anything. */
  typeOnly: boolean;
}

/**
 * Every module a file reaches by a relative specifier: static `import`/`export … from`, `import "x"`, dynamic
 * `import("x")` and `new URL("x", import.meta.url)` (how this project loads modules and data by URL).
 */
function edges(file: string, text: string): Edge[] {
  const out: Edge[] = [];
  const re =
    /\b(import|export)(\s+type\b)?[^;"'`]*?\bfrom\s*["'](\.{1,2}\/[^"']*)["']|\bimport\s*\(\s*["'](\.{1,2}\/[^"']*)["']|\bimport\s+["'](\.{1,2}\/[^"']*)["']|new URL\(\s*["'](\.{1,2}\/[^"']*)["']\s*,\s*import\.meta\.url/g;
  for (const m of text.matchAll(re)) {
    const spec = m[3] ?? m[4] ?? m[5] ?? m[6];
    if (spec === undefined) continue;
    out.push({
      target: posix.normalize(posix.join(posix.dirname(file), spec)),
      typeOnly: m[2] !== undefined,
    });
  }
  return out;
}

const graph = (dir: string) =>
  sources(dir).map((file) => ({ file, targets: edges(file, readFileSync(join(ROOT, file), "utf8")) }));

/** Modules of src/ the judge may import: the protocol's messages and types, and the protocol client. */
const PROTOCOL = new Set(["src/protocol/messages.ts", "src/protocol/client.ts"]);

/**
 * The judge: every module that decides pass or fail. It reads a reply with the kit's own oracle
 * (conformance/oracle/) and imports from src/ nothing but the protocol.
 */
const JUDGE = [
  "conformance/oracle/",
  "conformance/properties/",
  "conformance/runner/evaluate.ts",
  "conformance/runner/leak.ts",
  "conformance/runner/level.ts",
  "conformance/workbench/judge.ts",
  "features/step_definitions/",
  "features/support/",
];

/**
 * Where a judge module drives the reference itself as the system under test rather than as an oracle: the loop
 * features run the reference's orchestrator (src/loop) with the implementation under test plugged in, so the loop
 * library, its audit sink and its fallback are what those scenarios examine; the compactor features' fallback steps
 * examine the reference's fallbackDelta (FC-FALLBACK-1) and judge it against the suite's own literal.
 */
const SUBJECT_UNDER_TEST: Record<string, RegExp> = {
  "features/step_definitions/loop.steps.ts": /^src\/(?:loop\/[a-z-]+\.ts|fallback\.ts|audit\/store\.ts)$/,
  "features/step_definitions/compactor.steps.ts": /^src\/fallback\.ts$/,
};

describe("the import graph", () => {
  it("finds the edges this test relies on (static, dynamic, by URL)", () => {
    const text = [
      'import { a } from "../x/a.ts";',
      'export type { B } from "./b.ts";',
      'const m = await import("../../conformance/c.ts");',
      'import "./side-effect.mjs";',
      'const u = new URL("../d/", import.meta.url);',
      'const s = "from ./not-a-specifier";',
      "import {\n  type C,\n  d,\n} from './c.ts';",
    ].join("\n");
    expect(edges("src/cli/f.ts", text)).toEqual([
      { target: "src/x/a.ts", typeOnly: false },
      { target: "src/cli/b.ts", typeOnly: true },
      { target: "conformance/c.ts", typeOnly: false },
      { target: "src/cli/side-effect.mjs", typeOnly: false },
      { target: "src/d/", typeOnly: false },
      { target: "src/cli/c.ts", typeOnly: false },
    ]);
  });

  it("src/ never reaches conformance/ or features/ (tests included)", () => {
    const wrong = graph("src").flatMap(({ file, targets }) =>
      targets
        .filter(({ target }) => /^(?:conformance|features)(?:\/|$)/.test(target))
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it("only tests import src/redact/testing/words.ts (the tests' reading of words, never a detector's)", () => {
    const importers = [...graph("src"), ...graph("scripts"), ...graph("conformance")]
      .filter(({ targets }) => targets.some(({ target }) => target === "src/redact/testing/words.ts"))
      .map(({ file }) => file);
    expect(importers.length).toBeGreaterThanOrEqual(2);
    expect(importers.filter((file) => !file.endsWith(".test.ts"))).toEqual([]);
  });

  it("the judge imports from src/ only the protocol (and types, which are erased)", () => {
    const judged = [...graph("conformance"), ...graph("features")].filter(
      ({ file }) => JUDGE.some((j) => file.startsWith(j)) && !file.endsWith(".test.ts"),
    );
    expect(judged.length).toBeGreaterThanOrEqual(20);
    const wrong = judged.flatMap(({ file, targets }) =>
      targets
        .filter(
          ({ target, typeOnly }) =>
            target.startsWith("src/") &&
            !typeOnly &&
            !PROTOCOL.has(target) &&
            !SUBJECT_UNDER_TEST[file]?.test(target),
        )
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it("every subject-under-test exception is still used", () => {
    const files = new Map([...graph("features")].map((g) => [g.file, g.targets]));
    for (const [file, allowed] of Object.entries(SUBJECT_UNDER_TEST)) {
      expect(
        files.get(file)?.some(({ target }) => allowed.test(target)),
        file,
      ).toBe(true);
    }
  });
});
