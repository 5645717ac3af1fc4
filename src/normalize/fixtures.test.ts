// FC-STAGE1-RAW-1..10, FC-FORMAT-*: every recorded or hand-made fixture parses to its reviewed expected findings.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ParsedFinding, parseToolOutput, sniffFormat } from "./index.ts";

const FIX = join(import.meta.dirname, "fixtures");

interface Expected {
  format: string | null;
  sniff: string | null;
  repoRoot: string;
  exitCode?: number;
  findings: ParsedFinding[];
}

interface Fixture {
  name: string;
  file: string;
  expected: Expected;
}

function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const dir of readdirSync(FIX, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === "projects" || dir.name === "breadth") continue;
    for (const name of readdirSync(join(FIX, dir.name)).sort()) {
      if (name.endsWith(".expected.json") || name.endsWith(".md")) continue;
      const file = join(FIX, dir.name, name);
      const expectedFile = `${file.replace(/\.[^.]+$/, "")}.expected.json`;
      out.push({
        name: `${dir.name}/${name}`,
        file,
        expected: JSON.parse(readFileSync(expectedFile, "utf8")) as Expected,
      });
    }
  }
  return out;
}

const fixtures = loadFixtures();

describe("Stage 1 fixtures", () => {
  it("has at least 60 fixtures, each with an expected file, and real output for every tier-1 format", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    const dirs = new Set(fixtures.map((f) => f.name.split("/")[0]));
    for (const d of ["tsc", "lsp", "eslint", "sarif", "junit", "compiler", "node-stack", "python-traceback"])
      expect(dirs.has(d), d).toBe(true);
    for (const d of ["tap", "jest-json", "go-test-json", "pytest", "cargo-json"])
      expect(dirs.has(d), d).toBe(true);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s parses to its expected findings", (_, f) => {
    const content = readFileSync(f.file, "utf8");
    const raw: Record<string, unknown> = { content };
    if (f.expected.format !== null) raw.format = f.expected.format;
    if (f.expected.exitCode !== undefined) raw.exitCode = f.expected.exitCode;
    const got = parseToolOutput(raw as { content: unknown }, { repoRoot: f.expected.repoRoot });
    expect(got).toEqual(f.expected.findings);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))("%s is sniffed as recorded", (_, f) => {
    expect(sniffFormat(readFileSync(f.file, "utf8"))).toBe(f.expected.sniff);
  });

  const jsonFixtures = fixtures.filter((f) => {
    if (!f.file.endsWith(".json")) return false;
    try {
      JSON.parse(readFileSync(f.file, "utf8"));
      return true;
    } catch {
      return false;
    }
  });
  it.each(jsonFixtures.map((f) => [f.name, f] as const))(
    "%s gives the same findings as parsed JSON",
    (_, f) => {
      const value = JSON.parse(readFileSync(f.file, "utf8")) as unknown;
      const raw =
        f.expected.format === null ? { content: value } : { format: f.expected.format, content: value };
      expect(parseToolOutput(raw, { repoRoot: f.expected.repoRoot })).toEqual(f.expected.findings);
    },
  );
});
