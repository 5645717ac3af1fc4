// Test support for FC-CERT-1..4: a case library of n trivially valid policy cases, for the fake implementations.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Writes `fake.validate-1` … `fake.validate-<n>` (each expects `policy.validate` to answer `{ok: true}`) under a new
 * temporary directory; returns it (the caller removes it) and the cases directory inside it.
 */
export function writeFakeCases(prefix: string, n: number): { dir: string; casesDir: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const casesDir = join(dir, "cases");
  mkdirSync(join(casesDir, "fake"), { recursive: true });
  for (let i = 1; i <= n; i++) {
    const doc = {
      id: `fake.validate-${i}`,
      description: `Case ${i}: a policy is valid.`,
      requirements: ["FC-POLICY-VALIDATE-1"],
      profile: "required",
      command: "policy.validate",
      input: { n: i },
      expect: { result: { ok: true } },
    };
    writeFileSync(join(casesDir, "fake", `validate-${i}.json`), JSON.stringify(doc));
  }
  return { dir, casesDir };
}
