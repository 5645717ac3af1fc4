// FC-STAGE1-RAW-10: the growth explorer teaches its options, refuses wrong ones with exit 2, and runs one target.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/explore-growth.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });

describe("npm run test:explore-growth", () => {
  it("prints its usage with --help", () => {
    const r = run("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--format F/);
  });

  it("refuses an unknown format or target with exit 2 and says what it takes", () => {
    const f = run("--format", "nope");
    expect(f.status).toBe(2);
    expect(f.stderr).toMatch(/--format takes sniffed or one of: .*junit/);
    expect(run("--only", "x").status).toBe(2);
    expect(run("--seed", "-1").status).toBe(2);
  });

  it("explores one format with a fixed seed and finds nothing superlinear in it", () => {
    const r = run("--quick", "--format", "tap", "--random", "5", "--seed", "3");
    expect(r.stdout).toMatch(/seed 3, 44 units, 1 targets/);
    expect(r.status, r.stdout).toBe(0);
  }, 120_000);
});
