// FC-CERT-25: the survivor reader teaches its options and refuses a wrong call with one JSON error line and exit 2.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/mutant-diff.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });

describe("scripts/mutant-diff.ts", () => {
  it("prints its usage with --help", () => {
    const r = run("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--sandbox DIR --mutant ID/);
    expect(r.stdout).toMatch(/--twice/);
  });

  it("refuses a missing sandbox, a bad id, an unknown option and a tree that is not instrumented", () => {
    for (const args of [
      ["--mutant", "12"],
      ["--sandbox", ROOT, "--mutant", "x1"],
      ["--sandbox", ROOT, "--mutant", "12", "--nope"],
      // The project's own tree holds src/ but not instrumented: no mutant to switch on.
      ["--sandbox", ROOT, "--mutant", "12"],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(" ")).toBe(2);
      const lines = r.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!).error.code).toBe("USAGE");
    }
  });
});
