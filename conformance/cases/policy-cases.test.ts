// FC-POLICY-PROTOCOL-2..3: the policy and summary conformance cases pass against the reference handler.
import { specRequirements } from "../runner/lint.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { handlePolicyCommand } from "../../src/policy/index.ts";

const root = join(import.meta.dirname, "../..");
const casesDir = join(root, "conformance/cases");

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
  );
}

const files = ["policy", "summary"].flatMap((area) => jsonFiles(join(casesDir, area)));
const load = (p: string) => JSON.parse(readFileSync(p, "utf8"));

const ajv = new Ajv2020({ strict: false, allErrors: true });
for (const name of ["policy-input", "policy-decide-input", "summary-accept-input", "decision"]) {
  ajv.addSchema(load(join(root, `spec/schemas/${name}.v1.json`)));
}
const caseSchema = ajv.compile(load(join(root, "conformance/case.schema.json")));
const schemaOf = (id: string) => ajv.getSchema(`https://feedback-compactor.dev/schemas/${id}.v1.json`)!;

/** The case schema's matching rule: objects key by key, arrays element by element and in full length. */
function subsetMismatch(actual: unknown, expected: unknown, at = ""): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${at}: array length differs`;
    for (const [i, e] of expected.entries()) {
      const m = subsetMismatch(actual[i], e, `${at}/${i}`);
      if (m) return m;
    }
    return null;
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return `${at}: not an object`;
    for (const [k, e] of Object.entries(expected)) {
      const m = subsetMismatch((actual as Record<string, unknown>)[k], e, `${at}/${k}`);
      if (m) return m;
    }
    return null;
  }
  return Object.is(actual, expected)
    ? null
    : `${at}: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`;
}

describe("subsetMismatch (the matcher itself)", () => {
  it("rejects a missing key, a wrong scalar and a shorter array", () => {
    expect(subsetMismatch({ a: 1 }, { a: 1, b: 2 })).not.toBeNull();
    expect(subsetMismatch({ a: 1 }, { a: 2 })).not.toBeNull();
    expect(subsetMismatch([1, 2], [1])).not.toBeNull();
    expect(subsetMismatch({ a: [{ x: 1, y: 2 }] }, { a: [{ x: 1 }] })).toBeNull();
  });
});

describe("policy and summary conformance cases", () => {
  it("are numerous enough and have unique ids matching their paths", () => {
    expect(files.length).toBeGreaterThanOrEqual(45);
    const ids = files.map((f) => load(f).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of files) {
      const expectedId = relative(casesDir, f)
        .replace(/\.json$/, "")
        .replaceAll("/", ".");
      expect(load(f).id, f).toBe(expectedId);
    }
  });

  it("every requirement they cite is defined in spec/policy.md", () => {
    // The one requirement parser (FC-CASE-2), so the class syntax `| FC-… (contract) |` is understood.
    const defined = specRequirements(join(root, "spec")).defined;
    for (const f of files) {
      for (const req of load(f).requirements as string[]) {
        expect(defined.get(req)?.endsWith("policy.md"), `${f}: ${req}`).toBe(true);
      }
    }
  });

  for (const file of files) {
    const c = load(file);
    it(c.id, () => {
      expect(caseSchema(c), JSON.stringify(caseSchema.errors)).toBe(true);
      const inputSchema = schemaOf(
        c.command === "policy.validate"
          ? "policy-input"
          : c.command === "policy.decide"
            ? "policy-decide-input"
            : "summary-accept-input",
      );
      const reply = handlePolicyCommand(c.command, c.input);
      if (c.expect.anyOf) {
        // FC-CASE-14: the reference meets one of the acceptable answers (here error code/field or a result subset).
        const meets = (alt: { error?: { code: string; field?: string }; result?: unknown }) =>
          alt.error
            ? !reply.ok &&
              reply.error.code === alt.error.code &&
              (alt.error.field ?? reply.error.field) === reply.error.field
            : reply.ok && subsetMismatch(reply.value, alt.result ?? {}) === null;
        expect(c.expect.anyOf.some(meets), JSON.stringify(reply)).toBe(true);
        return;
      }
      if (c.expect.error) {
        expect(reply.ok).toBe(false);
        if (!reply.ok)
          expect({ code: reply.error.code, field: reply.error.field }).toMatchObject(c.expect.error);
      } else {
        // A valid input must also satisfy its published schema; the decision must satisfy decision.v1.json.
        expect(inputSchema(c.input), JSON.stringify(inputSchema.errors)).toBe(true);
        expect(reply.ok, JSON.stringify(reply)).toBe(true);
        if (reply.ok) {
          expect(subsetMismatch(reply.value, c.expect.result)).toBeNull();
          if (c.command === "policy.decide") expect(schemaOf("decision")(reply.value)).toBe(true);
        }
      }
    });
  }
});
