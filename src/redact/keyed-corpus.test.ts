// FC-REDACT-SENSITIVE-14..18: provider-keyed values, every assignment syntax, the added token formats and prefix-only exposure leak nowhere; look-alikes stay visible.
import { describe, expect, it } from "vitest";
import { PROVIDER_WORDS } from "./detectors/provider-keys.ts";
import { redactText } from "./index.ts";
import { EMBEDDINGS, FIELDS, leaks, outputViews, rng } from "./testing/corpus.ts";
import {
  BENIGN_KEYED,
  FORMATS,
  KEY_FORMS,
  PARTIAL_FORMATS,
  PROVIDER_VALUES,
  providerGrid,
  SPECIAL,
  SYNTAXES,
  syntaxGrid,
} from "./testing/keyed.ts";
import { measureKeyed, redactField } from "./testing/measure.ts";

const red = (t: string) => redactText(t, { repoRoot: "/home/dev/repo" }).text;

describe("the keyed grid", () => {
  it("covers every provider, key form and syntax the issue names", () => {
    expect(PROVIDER_VALUES.length).toBeGreaterThanOrEqual(60);
    for (const [p] of PROVIDER_VALUES) expect(PROVIDER_WORDS.some((w) => p.startsWith(w))).toBe(true);
    const syntaxes = SYNTAXES.map(([s]) => s);
    for (const s of [
      "xml-element",
      "xml-element-multiline",
      "xml-attribute",
      "nuget-add",
      "php-concat",
      "php-array",
      "make-simple",
      "make-shell",
      "make-evaluated",
      "make-conditional",
      "go-var",
      "java-set-property",
      "logstash",
      "tuple",
      "aligned",
    ])
      expect(syntaxes).toContain(s);
    const forms = KEY_FORMS.map(([f]) => f);
    for (const f of [
      "bare",
      "camelKey",
      "camelToken",
      "kebab-secret",
      "PascalClientId",
      "SNAKE_PASS",
      "camelAuth",
    ])
      expect(forms).toContain(f);
  });

  it("lets no provider-keyed value through (every 13th of provider × key form × syntax, raw and JSON-escaped once and twice)", () => {
    // The whole grid (30,000 cases × 6 runs) is measured by `npx tsx scripts/redact-corpus.ts --keyed`.
    const m = measureKeyed(providerGrid(rng(11)), [], {
      every: 13,
      embeddings: ["json-escaped", "double-json-escaped"],
    });
    expect(m.cases).toBeGreaterThan(6000);
    expect(m.leaks.slice(0, 5)).toEqual([]);
  });

  it("lets no secret-named value through in any syntax", () => {
    const m = measureKeyed(syntaxGrid(rng(12)), []);
    expect(Object.keys(m.byKind).length).toBe(SYNTAXES.length);
    expect(m.leaks.slice(0, 5)).toEqual([]);
  });

  it("masks the nested escaped assignment, Kubernetes Secret data, curl credentials and quoted cookies", () => {
    const r = rng(13);
    const cases = SPECIAL.flatMap((s) => [1, 2, 3, 4].map(() => s.make(r)));
    const m = measureKeyed(cases, [], { embeddings: EMBEDDINGS.map((e) => e.name) });
    expect(m.leaks.slice(0, 5)).toEqual([]);
  });
});

describe("added token formats", () => {
  it.each(FORMATS.map((f) => [f.kind, f] as const))("%s is masked in every embedding and field", (_k, f) => {
    const r = rng(21);
    for (const e of EMBEDDINGS) {
      for (const field of FIELDS) {
        const v = f.make(r);
        const out = redactField(field, e.embed(`upstream said ${v} twice`, r));
        for (const view of outputViews(out)) expect(leaks(v, view), `${e.name}/${field}`).toBe(false);
      }
    }
  });

  it.each(PARTIAL_FORMATS.map((f) => [f.kind, f] as const))(
    "%s: the whole credential pair is masked",
    (_k, f) => {
      const c = f.make(rng(22));
      expect(leaks(c.secret, red(c.planted))).toBe(false);
    },
  );
});

describe("look-alikes stay visible", () => {
  it("masks at most 5% of the keyed benign set (and none of most kinds)", () => {
    const m = measureKeyed([], BENIGN_KEYED, { benignPerKind: 40 });
    expect(m.benign.tokens).toBe(BENIGN_KEYED.length * 40);
    expect(m.benign.rate).toBeLessThanOrEqual(0.05);
  });

  it.each([
    "test_missing_key: KeyError: 'zz'",
    "test_token_refresh: TokenExpiredError: jwt expired",
    "TokenExpiredError: jwt expired",
    "KeyError: 'AWS_SECRET_ACCESS_KEY'",
    "const asanaClient = new Asana.Client(opts);",
    '"@sentry/node": "^7.119.0"',
    "run 123e4567-e89b-12d3-a456-426614174000 done",
    "requestId=123e4567-e89b-12d3-a456-426614174000",
    "slack_channel: #builds",
    "HEROKU_STACK=heroku-22",
    "STRIPE_API_VERSION=2023-10-16",
    "GITHUB_SHA=3f2a9c1d4e5b6a7980123456789abcdef0123456",
    "Okta: connection refused",
    "token == null",
  ])("%s", (t) => {
    expect(red(t)).toBe(t);
  });

  it("keeps a bare UUID visible but masks it under a provider key", () => {
    const u = "123e4567-e89b-12d3-a456-426614174000";
    expect(red(`trace ${u}`)).toBe(`trace ${u}`);
    expect(red(`HEROKU_API_KEY=${u}`)).toBe("HEROKU_API_KEY=«redacted:secret»");
    expect(red(`hubspot: ${u.toUpperCase()}`)).toBe("hubspot: «redacted:secret»");
  });
});
