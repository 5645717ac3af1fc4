// FC-CERT-25: with CI=true, the pinned sample of the reference's mutants leaves no survivor nobody has triaged.
// The sample is pinned by key (conformance/mutation-sample.json), not drawn from today's mutants: an edit to src/
// must not change which mutants the gate runs. New draws belong to `npm run mutate`; what they find becomes a case.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const CI = process.env.CI === "true";

describe("npm run mutate (a sample; the whole on demand)", () => {
  it.runIf(CI)(
    "(CI=true only, ~2 min) kills every pinned mutant, or finds it in conformance/mutation-triage.json",
    () => {
      const r = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/mutate.ts", "--pinned", "conformance/mutation-sample.json", "--check"],
        { cwd: ROOT, encoding: "utf8", timeout: 1_200_000 },
      );
      expect(r.stdout).toMatch(/mutation score \d+ %/);
      expect(r.status, `${r.stdout.split("\n").slice(-15).join("\n")}\n${r.stderr}`).toBe(0);
    },
    1_200_000,
  );
});
