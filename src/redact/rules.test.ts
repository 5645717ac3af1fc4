// FC-REDACT-SENSITIVE-3..7, -14..16, FC-PATH-2: every rule record of spec/rules/redaction-rules.json carries samples, and the reference masks each positive one (the row itself fires) and leaves each negative one whole.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { scanKeywords } from "./detectors/keywords.ts";
import { detectProviders } from "./detectors/providers.ts";
import type { Span } from "./detectors/types.ts";
import { redactText } from "./index.ts";
import { type PositiveSample, RULES, type RuleRecord } from "./rules.ts";
import { rng, rs } from "./testing/corpus.ts";
import { madeOfWords } from "./testing/words.ts";

const ROOT = join(import.meta.dirname, "../..");
const schema = JSON.parse(readFileSync(join(ROOT, "spec/schemas/redaction-rules.v1.json"), "utf8"));
const file = JSON.parse(readFileSync(join(ROOT, "spec/rules/redaction-rules.json"), "utf8"));

const textOf = (s: PositiveSample) => (typeof s === "string" ? s : s.text);
const secretsOf = (s: PositiveSample) =>
  typeof s === "string" ? [s] : typeof s.secret === "string" ? [s.secret] : s.secret;
/** The parts of a secret that must not survive: the whole, and every 16-character window (stepping by 8). */
function windows(secret: string): string[] {
  // And each part of 8 characters or more between backslashes: a backslash does not end a value.
  const parts = secret.includes("\\") ? secret.split(/\\+/).filter((p) => p.length >= 8) : [];
  if (secret.length <= 16) return [secret, ...parts];
  const out = [secret];
  for (let i = 0; i + 16 <= secret.length; i += 8) out.push(secret.slice(i, i + 16));
  out.push(secret.slice(-16));
  return [...out, ...parts];
}
/** The sample as it appears in a log line: between words, so boundary rules see a token on its own. */
const inLine = (t: string) => `upstream said ${t} twice`;

/**
 * A token sample whose body (what follows the record's longest prefix or needle it starts with) is made of words
 * (FC-REDACT-SENSITIVE-6's reading) and holds a lower-case letter: FC-REDACT-SENSITIVE-3 does not require it masked.
 */
function wordMadeToken(r: RuleRecord, secret: string): boolean {
  if (r.kind !== "token-format") return false;
  const prefix = [...(r.format?.prefixes ?? []), ...(r.keywords.providerNeedle ?? [])]
    .filter((p) => secret.startsWith(p))
    .reduce((a, p) => (p.length > a.length ? p : a), "");
  return madeOfWords(secret.slice(prefix.length));
}
/** The samples a record requires masked: a word-made token body is not required (FC-REDACT-SENSITIVE-3). */
const requiredSamples = (r: RuleRecord) =>
  r.samples.positive.filter((s) => !secretsOf(s).some((x) => wordMadeToken(r, x)));

function leaked(s: PositiveSample): string[] {
  const out = redactText(inLine(textOf(s)), {}).text;
  const bad = secretsOf(s)
    .flatMap(windows)
    .filter((w) => out.includes(w));
  for (const k of typeof s === "string" ? [] : (s.keep ?? [])) if (!out.includes(k)) bad.push(`kept: ${k}`);
  return bad;
}

describe("spec/rules/redaction-rules.json", () => {
  it("matches its schema, with unique ids", () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(file), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it("gives every rule at least one sample", () => {
    const none = RULES.filter((r) => r.samples.positive.length + r.samples.negative.length === 0);
    expect(none.map((r) => r.id)).toEqual([]);
    // Masking rules need positive samples; a stays-visible list needs negative ones or texts a sample keeps.
    const keeps = (r: RuleRecord) => r.samples.positive.some((s) => typeof s !== "string" && s.keep?.length);
    for (const r of RULES)
      if (r.kind === "visible") expect(r.samples.negative.length > 0 || keeps(r), r.id).toBe(true);
      else expect(r.samples.positive.length, r.id).toBeGreaterThan(0);
  });

  it.each(RULES.filter((r) => r.samples.positive.length > 0).map((r) => [r.id, r] as const))(
    "%s: every positive sample is masked (whole and by 16-character windows)",
    (_id, r) => {
      const bad = requiredSamples(r).flatMap((s) => leaked(s).map((w) => `${textOf(s)} -> ${w}`));
      expect(bad).toEqual([]);
    },
  );

  it.each(RULES.filter((r) => r.samples.negative.length > 0).map((r) => [r.id, r] as const))(
    "%s: every negative sample stays visible, whole",
    (_id, r) => {
      for (const t of r.samples.negative) expect(redactText(inLine(t), {}).text).toBe(inLine(t));
    },
  );
});

describe("token formats", () => {
  const formats = RULES.filter((r) => r.kind === "token-format");

  it.each(formats.map((r) => [r.id, r] as const))("%s: the row itself fires on each sample", (_id, r) => {
    for (const s of requiredSamples(r)) {
      const text = inLine(textOf(s));
      const spans: Span[] = [];
      detectProviders(text, spans, scanKeywords(text));
      for (const secret of secretsOf(s)) {
        const at = text.indexOf(secret);
        const fired = spans.some((x) => x.detector === r.id && x.start <= at && x.end >= at + secret.length);
        expect(fired, `${r.id} on ${secret}`).toBe(true);
      }
    }
  });

  it.each(formats.map((r) => [r.id, r] as const))(
    "%s: every keyword occurs in a positive sample",
    (_id, r) => {
      const texts = r.samples.positive.map(textOf);
      for (const w of r.keywords.providerNeedle ?? [])
        expect(
          texts.some((t) => t.includes(w)),
          w,
        ).toBe(true);
      for (const p of r.format?.prefixes ?? [])
        expect(
          texts.some((t) => t.includes(p)),
          p,
        ).toBe(true);
    },
  );

  it.each(formats.filter((r) => r.format).map((r) => [r.id, r] as const))(
    "%s: a prefix and a body of exactly minBody alphabet characters is masked whole",
    (_id, r) => {
      const f = r.format!;
      const alphabet = expandClass(f.alphabet);
      const rand = rng(20261201);
      for (const p of f.prefixes) {
        const token = p + rs(rand, alphabet, f.minBody);
        if (wordMadeToken(r, token)) continue; // not required (FC-REDACT-SENSITIVE-3)
        const out = redactText(inLine(token), {}).text;
        expect(out, token).toBe(inLine("«redacted:secret»"));
      }
    },
  );
});

/** The characters of a class written as ranges (`A-Za-z0-9_-`; a '-' first or last is itself). */
function expandClass(spec: string): string {
  let out = "";
  for (let i = 0; i < spec.length; i++) {
    if (spec[i + 1] === "-" && i + 2 < spec.length) {
      for (let c = spec.charCodeAt(i); c <= spec.charCodeAt(i + 2); c++) out += String.fromCharCode(c);
      i += 2;
    } else out += spec[i];
  }
  return out;
}

describe("tables", () => {
  const byId = (id: string) => RULES.find((r) => r.id === id)!;

  it("has a valid-length IBAN sample for every country of the table", () => {
    const r = byId("iban");
    const texts = r.samples.positive.flatMap(secretsOf).map((s) => s.replace(/ /g, ""));
    for (const c of r.countries ?? [])
      expect(
        texts.some((t) => t.startsWith(c.code) && t.length === c.length),
        c.code,
      ).toBe(true);
  });

  it("has a card sample for every network prefix, of one of its lengths", () => {
    const r = byId("payment-card");
    const numbers = r.samples.positive.flatMap(secretsOf).map((s) => s.replace(/[ -]/g, ""));
    for (const n of r.networks ?? []) {
      const [lo, hi = lo] = n.prefix.split("-") as [string, string?];
      const ok = numbers.some((d) => {
        const p = Number(d.slice(0, lo.length));
        return p >= Number(lo) && p <= Number(hi) && n.lengths.includes(d.length);
      });
      expect(ok, `${n.name} ${n.prefix}`).toBe(true);
    }
  });

  it("has about ten Aadhaar samples", () => {
    expect(byId("in-aadhaar").samples.positive.length).toBeGreaterThanOrEqual(10);
  });

  it("masks a credential-shaped value under every provider name and spelling (FC-REDACT-SENSITIVE-14)", () => {
    const r = byId("provider-keyed");
    const rand = rng(14);
    const bad: string[] = [];
    for (const name of [...(r.names ?? []), ...(r.spellings ?? [])])
      for (const t of r.sampleTemplates ?? []) {
        const value = rs(rand, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 28);
        const text = t
          .replace("{name}", name)
          .replace("{NAME}", name.toUpperCase())
          .replace("{Name}", name.charAt(0).toUpperCase() + name.slice(1))
          .replace("{value}", value);
        if (redactText(inLine(text), {}).text.includes(value.slice(0, 16))) bad.push(text);
      }
    expect(bad).toEqual([]);
  });
});

describe("src/redact/detectors imports", () => {
  const dir = join(ROOT, "src/redact/detectors");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const edges = new Map(
    files.map((f) => [
      f,
      [...readFileSync(join(dir, f), "utf8").matchAll(/^import [^;]*? from "\.\/([a-z-]+\.ts)";/gm)].map(
        (m) => m[1]!,
      ),
    ]),
  );

  it("keywords.ts imports no detector (its index is built from the rule records)", () => {
    expect(edges.get("keywords.ts")).toEqual([]);
  });

  it("form no cycle", () => {
    const state = new Map<string, "open" | "done">();
    const cycle: string[] = [];
    const visit = (f: string, path: string[]): void => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycle.push([...path, f].join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const g of edges.get(f) ?? []) visit(g, [...path, f]);
      state.set(f, "done");
    };
    for (const f of files) visit(f, []);
    expect(cycle).toEqual([]);
  });
});
