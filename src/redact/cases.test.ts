// FC-REDACT-SENSITIVE-1..8, FC-PATH-1..4, FC-LEAK-3: the sensitive-redaction data cases are well-formed and cite defined ids.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { redactPath, redactText } from "./index.ts";
import { sanitize } from "../text.ts";

const ROOT = join(import.meta.dirname, "../..");
const DIR = join(ROOT, "conformance/cases/redaction/sensitive");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const spec = readFileSync(join(ROOT, "spec/redaction.md"), "utf8");
const defined = new Set(spec.match(/\*\*(FC-[A-Z0-9-]+-\d+)\*\*/g)?.map((s) => s.slice(2, -2)) ?? []);

interface Assertion {
  check: string;
  text?: string;
}
interface Case {
  id: string;
  description: string;
  requirements: string[];
  profile: string;
  command: string;
  input: {
    request: {
      canonicalState: { repoRoot?: string };
      rounds: { verifierVerdict: { notes: string; findings: Record<string, unknown>[] } }[];
    };
  };
  expect: { assertions: Assertion[] };
}
const cases = files.map((f) => ({ file: f, c: JSON.parse(readFileSync(join(DIR, f), "utf8")) as Case }));

describe("conformance/cases/redaction/sensitive", () => {
  it("has, with the other redaction areas, at least two required cases per detector family", () => {
    const root = join(ROOT, "conformance/cases/redaction");
    const all = readdirSync(root).flatMap((area) =>
      readdirSync(join(root, area))
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(join(root, area, f), "utf8")) as Case),
    );
    const fam = (prefix: string) =>
      all.filter((c) => c.profile === "required" && c.requirements.some((r) => r.startsWith(prefix))).length;
    for (const n of [3, 4, 5, 6, 7, 8])
      expect(fam(`FC-REDACT-SENSITIVE-${n}`), `FC-REDACT-SENSITIVE-${n}`).toBeGreaterThanOrEqual(2);
    expect(fam("FC-PATH-")).toBeGreaterThanOrEqual(2);
  });

  it.each(cases.map(({ file, c }) => [file, c] as const))("%s is well-formed", (file, c) => {
    expect(c.id).toBe(`redaction.sensitive.${file.replace(/\.json$/, "")}`);
    expect(c.id).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/);
    expect(/\bshould\b/i.test(c.description)).toBe(false);
    expect(c.command).toBe("compact");
    // Required, or reference where only the reference settles what stays visible (spec/redaction.md).
    expect(["required", "reference"]).toContain(c.profile);
    for (const r of c.requirements) {
      expect(r).toMatch(/^FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+$/);
      expect(defined.has(r), `${r} is defined in spec/redaction.md`).toBe(true);
    }
    expect(c.expect.assertions.some((a) => a.check === "absentText" || a.check === "presentText")).toBe(true);
  });

  it.each(cases.map(({ file, c }) => [file, c] as const))(
    "%s: the reference redactor hides every absent text",
    (_f, c) => {
      // Redactor-level check (the pipeline-level run belongs to the conformance runner): each text is sanitized first,
      // as Stage 1 does before it redacts (FC-STAGE1-3: `ESC D` before a token is gone by then).
      const ctx = { repoRoot: c.input.request.canonicalState.repoRoot };
      const round = c.input.request.rounds[0]!;
      const f = round.verifierVerdict.findings[0]!;
      const texts = [
        redactText(sanitize(String(f.message)), ctx).text,
        redactText(sanitize(String(f.trace ?? "")), ctx).text,
        redactText(sanitize(round.verifierVerdict.notes), ctx).text,
        redactPath(sanitize(String((f.location as { path: string }).path)), ctx).path,
      ].join("\n");
      for (const a of c.expect.assertions)
        if (a.check === "absentText") expect(texts.includes(a.text!)).toBe(false);
    },
  );
});
