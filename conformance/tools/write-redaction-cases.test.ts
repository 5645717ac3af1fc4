// FC-CASE-1, FC-REDACT-SENSITIVE-3, -7, -14, -16: every rule record has its generated case, and every planted sample is what the spec says it is — checked with the suite's own checksums, not the reference's.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { caseIdOf, loadRules, type RuleDoc, wordMadeToken } from "./redaction-cases/rules.ts";
import { fileOf, GENERATED_BY, redactionCaseDocs } from "./write-redaction-cases.ts";
import { luhn } from "../oracle/checksums.ts";

const docs = redactionCaseDocs();
const byId = new Map(docs.map((d) => [d.id, d]));
const rules = loadRules();
const rule = (id: string) => rules.find((r) => r.id === id)!;
const secretsOf = (r: RuleDoc) =>
  r.samples.positive.flatMap((s) =>
    typeof s === "string" ? [s] : typeof s.secret === "string" ? [s.secret] : s.secret,
  );

describe("generated redaction cases", () => {
  it("say what generated them", () => {
    for (const d of docs) {
      expect(d.generatedBy, d.id).toBe(GENERATED_BY);
      expect(JSON.parse(readFileSync(fileOf(d), "utf8")).generatedBy, d.id).toBe(GENERATED_BY);
    }
  });

  it("give every rule record its case, planting every sample (a record cannot land without one)", () => {
    for (const r of rules) {
      const id = caseIdOf(r);
      const d = byId.get(id);
      expect(d, `${r.id} has no case ${id}`).toBeDefined();
      expect(d!.profile, id).toBe(r.class === "contract" ? "required" : "reference");
      const input = JSON.stringify(d!.input);
      // A stays-visible list plants its negative samples too; a masking record's negatives are the reference's own
      // test (src/redact/rules.test.ts), since what else stays visible is mostly its settlement.
      for (const s of [...r.samples.positive, ...(r.kind === "visible" ? r.samples.negative : [])]) {
        const text = typeof s === "string" ? s : s.text;
        expect(input.includes(JSON.stringify(text).slice(1, -1)), `${id} plants ${text.slice(0, 40)}`).toBe(
          true,
        );
      }
    }
  });

  it("require no word-made token body masked (FC-REDACT-SENSITIVE-3), and know the samples that have one", () => {
    const wordMade = rules.flatMap((r) => secretsOf(r).filter((x) => wordMadeToken(r, x)));
    // Positive samples of records whose body chunks into words: kept, planted, not asserted absent.
    expect(wordMade).toEqual([
      "sq0csp-Tkn_kqzxwvplmnbrstgfdh",
      "sq0idp-ogkdi4ZD8DDXMPikjLutmp",
      "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",
    ]);
    const all = docs.flatMap(
      (d) => (d.expect as { assertions?: { check: string; text?: string }[] }).assertions ?? [],
    );
    for (const w of wordMade)
      expect(
        all.some((a) => a.check === "absentText" && a.text === w),
        w,
      ).toBe(false);
    expect(wordMadeToken(rule("openai-api-key"), "sk-ReleaseNotesForTuesdayBuildAndFridayDeploy")).toBe(true);
    expect(wordMadeToken(rule("aws-access-key-id"), "AKIAIOSFODNNSEXAMPLE")).toBe(false);
  });

  it("check a masking record by the absence of every sample's secret, never by the reference's output", () => {
    for (const r of rules.filter((x) => x.kind !== "visible")) {
      const d = byId.get(caseIdOf(r))!;
      const assertions = (d.expect as { assertions: { check: string; text?: string }[] }).assertions;
      // A token whose body is made of words is planted but not required masked (FC-REDACT-SENSITIVE-3).
      for (const secret of secretsOf(r).filter((x) => !wordMadeToken(r, x)))
        expect(
          assertions.some((a) => a.check === "absentText" && a.text === secret),
          `${r.id}: ${secret.slice(0, 30)}`,
        ).toBe(true);
      // Only absence and the texts a sample keeps: no placeholder, count or detector name the reference chose.
      const keeps = new Set(
        rules
          .filter((x) => caseIdOf(x) === caseIdOf(r))
          .flatMap((x) => x.samples.positive.flatMap((s) => (typeof s === "string" ? [] : (s.keep ?? [])))),
      );
      for (const a of assertions)
        if (a.check !== "absentText") expect(keeps.has(a.text ?? ""), r.id).toBe(true);
    }
  });
});

// ---- the samples are what they claim to be (the suite's own checks) ----

function mod97(s: string): number {
  let m = 0;
  for (const ch of s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) m = (m * 10 + Number(ch)) % 97;
  return m;
}
/** Verhoeff: the dihedral group D5 multiplication, the position permutation, the check over the reversed digits. */
function verhoeff(digits: string): boolean {
  const mul = (a: number, b: number) => {
    // D5 as rotations 0..4 and reflections 5..9.
    if (a < 5 && b < 5) return (a + b) % 5;
    if (a < 5) return 5 + ((a + b - 5) % 5);
    if (b < 5) return 5 + ((a - 5 - b + 5) % 5);
    return (a - b + 5) % 5;
  };
  const p = (i: number, d: number): number => {
    const step = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
    let v = d;
    for (let k = 0; k < i % 8; k++) v = step[v]!;
    return v;
  };
  let c = 0;
  [...digits].reverse().forEach((ch, i) => {
    c = mul(c, p(i, Number(ch)));
  });
  return c === 0;
}
function cnIdOk(s: string): boolean {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * w[i]!;
  return "10X98765432"[sum % 11] === s[17];
}
function cpfOk(s: string): boolean {
  const d = s.replace(/\D/g, "");
  const digit = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return !/^(\d)\1+$/.test(d) && digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}
function dniOk(s: string): boolean {
  const body = s.slice(0, -1).replace(/^X/, "0").replace(/^Y/, "1").replace(/^Z/, "2");
  return "TRWAGMYFPDXBNJZSQVHLCKE"[Number(body) % 23] === s.slice(-1);
}

describe("rule samples, by the suite's own checks", () => {
  it("every IBAN sample passes mod-97 and has its country's length", () => {
    const lengths = new Map(
      (rule("iban") as { countries?: { code: string; length: number }[] }).countries!.map((c) => [
        c.code,
        c.length,
      ]),
    );
    for (const s of secretsOf(rule("iban")).map((x) => x.replace(/ /g, ""))) {
      expect(lengths.get(s.slice(0, 2)), s).toBe(s.length);
      expect(mod97(s.slice(4) + s.slice(0, 4)), s).toBe(1);
    }
  });

  it("every card sample passes Luhn; every Aadhaar sample passes Verhoeff (first digit 2-9)", () => {
    for (const s of secretsOf(rule("payment-card")).map((x) => x.replace(/[ -]/g, "")))
      expect(luhn(s), s).toBe(true);
    const aadhaar = secretsOf(rule("in-aadhaar")).map((x) => x.replace(/ /g, ""));
    expect(aadhaar.length).toBeGreaterThanOrEqual(10);
    for (const s of aadhaar) expect(/^[2-9]\d{11}$/.test(s) && verhoeff(s), s).toBe(true);
    // The Verhoeff check above is the suite's own: it rejects a changed digit.
    expect(verhoeff(`${aadhaar[0]!.slice(0, 11)}${(Number(aadhaar[0]!.slice(11)) + 1) % 10}`)).toBe(false);
  });

  it("every national-id sample is valid by its own rule", () => {
    for (const s of secretsOf(rule("cn-resident-id"))) expect(cnIdOk(s), s).toBe(true);
    for (const s of secretsOf(rule("br-cpf"))) expect(cpfOk(s), s).toBe(true);
    for (const s of secretsOf(rule("es-dni"))) expect(dniOk(s), s).toBe(true);
    for (const s of secretsOf(rule("ca-sin"))) expect(luhn(s.replace(/\D/g, "")), s).toBe(true);
  });

  it("every token sample of a record with a format holds a prefix and at least minBody alphabet characters", () => {
    for (const r of rules.filter((x) => x.kind === "token-format")) {
      const f = (r as { format?: { prefixes: string[]; alphabet: string; minBody: number } }).format;
      if (!f) continue;
      const body = new RegExp(`[${f.alphabet.replace(/\\/g, "\\\\").replace(/]/g, "\\]")}]{${f.minBody},}`);
      for (const s of secretsOf(r)) {
        const p = f.prefixes.find((x) => s.includes(x));
        expect(p, `${r.id}: ${s.slice(0, 20)}`).toBeDefined();
        expect(body.test(s.slice(s.indexOf(p!) + p!.length)), `${r.id}: ${s.slice(0, 20)}`).toBe(true);
      }
    }
  });
});
