// FC-STAGE1-RAW-1: drafts <fixture>.expected.json for Stage 1 fixtures that have none (a draft, to be read and corrected).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseToolOutput, sniffFormat } from "../src/normalize/index.ts";

const FIX = join(import.meta.dirname, "..", "src", "normalize", "fixtures");
/** Fixtures recorded with the producer's own name as the hint; text fixtures are sniffed (no hint). */
const HINTS: Record<string, string> = {
  "compiler/gcc12.txt": "gcc",
  "compiler/gcc12-color.txt": "gcc",
  "compiler/hand-windows-gcc.txt": "gcc",
  "compiler/clang14.txt": "clang",
  "compiler/clang14-color.txt": "clang",
  "compiler/go119-vet.txt": "go-vet",
  "compiler/hand-mypy.txt": "mypy",
  "jest-json/vitest4-json.json": "vitest-json",
  "junit/pytest9-xunit1.xml": "junit",
  "go-test-json/go119-test.json": "go-test-json",
  "compiler/gcc12-spaces.txt": "gcc",
  "compiler/gxx12-required-from.txt": "g++",
  "compiler/javac17.txt": "javac",
  "compiler/javac17-xlint.txt": "javac",
  "gcc-json/gcc12-json.json": "gcc",
  "gcc-json/gxx12-json.json": "g++",
  "jest-json/jest30-json-spaces.json": "jest",
  "jest-json/vitest4-json-spaces.json": "vitest",
  "rustc-text/cargo-build-text.txt": "cargo",
  "rustc-text/cargo-build-text-warnings.txt": "cargo",
  "rustc-text/rustc-text.txt": "rustc",
  "rustc-text/cargo-test-text.txt": "cargo",
};
let drafted = 0;
for (const dir of readdirSync(FIX, { withFileTypes: true })) {
  if (!dir.isDirectory() || dir.name === "projects" || dir.name === "breadth") continue;
  for (const name of readdirSync(join(FIX, dir.name))) {
    if (name.endsWith(".expected.json") || name.endsWith(".md")) continue;
    const file = join(FIX, dir.name, name);
    const target = `${file.replace(/\.[^.]+$/, "")}.expected.json`;
    if (existsSync(target)) continue;
    const content = readFileSync(file, "latin1").includes("\u0000")
      ? readFileSync(file, "latin1")
      : readFileSync(file, "utf8");
    const project = /\/home\/dev\/sample\/([\w-]+)/.exec(content);
    const repoRoot = /C:\\+work\\+app/.test(content)
      ? "C:\\work\\app"
      : project
        ? `/home/dev/sample/${project[1]}`
        : "/home/dev/sample/app";
    const format = HINTS[`${dir.name}/${name}`] ?? (dir.name === "text" ? null : dir.name);
    const raw = format === null ? { content } : { format, content };
    const doc = {
      format,
      sniff: sniffFormat(content),
      repoRoot,
      findings: parseToolOutput(raw, { repoRoot }),
    };
    writeFileSync(target, `${JSON.stringify(doc, null, 2)}\n`);
    drafted++;
    process.stdout.write(`drafted ${dir.name}/${name}\n`);
  }
}
process.stdout.write(`${drafted} drafts written; read each against its fixture before committing\n`);
