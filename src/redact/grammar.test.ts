// FC-REQ-11, FC-REDACT-SENSITIVE-1..8, FC-PATH-1: texts drawn from a grammar of redaction triggers never make the redactor throw and never let a planted secret through; the randomness floor of FC-REDACT-SENSITIVE-6 is met.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactPath, redactText } from "./index.ts";

// A fixed seed, printed: the same texts on every run (random exploration belongs to its own script).
const SEED = 20261202;
const RUNS = 400;
console.log(`redaction trigger grammar: seed ${SEED}, ${RUNS} runs`);

/** Secret words and what follows a key, each able to end a text. */
const KEYS = [
  "password",
  "passwd",
  "token",
  "secret",
  "api_key",
  "apiKey",
  "auth",
  "Bearer",
  "Basic",
  "Cookie:",
  "Set-Cookie:",
  "Authorization:",
  "kind: Secret",
  "data:",
  "curl -b",
  "curl -u",
  "mysql -p",
  "sshpass -p",
  "--token",
  "<password>",
  "</password>",
  'name="DB_PASSWORD" value=',
  "?sig=",
  "DROPBOX:",
  "asana,",
  "login failed: empty password=",
];
const SEPARATORS = [
  "=",
  ":",
  ":=",
  "::=",
  "=>",
  "||",
  "?=",
  ".=",
  "`",
  '"',
  "'",
  '\\"',
  '\\\\"',
  ",",
  "(",
  ")",
  "{",
  "}",
];
const BLANKS = [" ", "  ", "\t", "\n", "\r\n", "\n  "];
const NOISE = [
  "%C3%A9",
  "%DB",
  "%2F",
  "%",
  "%E2%82",
  "\u001b[31m",
  "\\u001b[0m",
  "\\x1b",
  "^[[",
  "\u200b",
  "\\u0041",
  "\\n",
  "\\",
  "\ud800",
  "\udc00",
  "\ud83d\ude00",
];
const SHAPES = [
  "eyJ",
  "keyJSON",
  "keyJSONeyJhbGciOiJIUzI1NiJ9",
  "2345 6789 0123",
  "9999 9999 9999",
  "4111 1111 1111",
  "GB82 WEST",
  "+44 20",
  "(415) 555-",
  "SSN",
  "SIN 046",
  "/home/x/",
  "C:\\",
  "\\\\server\\share",
  "~/",
  "file:///",
  "127.0.0.1",
  "::1",
  "2001:db8::",
  "-----BEGIN RSA PRIVATE KEY-----",
  "-----BEGIN CERTIFICATE-----",
  "-----END",
  "Private-Lines: 2",
  "https://u:",
  "@",
  "://",
  "ghp_",
  "AKIA",
  "xoxb-",
  "sk-",
  "s.",
  "sha256~",
  '("", ',
  ', "',
  "$",
  "${{",
  "%TOKEN%",
];
/** Fake secrets, each of a format the spec names; planted between blanks so nothing glues to them. */
const SECRETS = [
  "ghp_Q7vLm2Xc9RtB4nKp8WzY3dHs6FgJ1aE5uVo0",
  "AKIAQ2M4N6P8R1T3V5X7",
  "sk_live_4eC39HqLyjWDarjtT1zdp7dcXy",
  "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
  "glpat-Xq9Lm2Vr7Pk4Tz8Wn3Ys",
  "npm_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3W",
  "pscale_tkn_Hs6FgJ1aE5uVo0Q7vLm2Xc9RtB4nKp8WzYqT",
  "dapi0f3e5c9a2b7d4e1f6a8c0b3d5e7f9a1c",
  "GB82WEST12345698765432",
  "jane.roe@example.org",
];
const ROOTS = [undefined, "/", "C:\\", "", "/home/dev/repo", "\\\\server\\share", "~", "file:///"];

const fragment = fc.oneof(
  fc.constantFrom(...KEYS),
  fc.constantFrom(...SEPARATORS),
  fc.constantFrom(...BLANKS),
  fc.constantFrom(...NOISE),
  fc.constantFrom(...SHAPES),
  fc.string({ maxLength: 6 }),
);
const planted = fc.record({
  before: fc.array(fragment, { maxLength: 12 }),
  secret: fc.option(fc.constantFrom(...SECRETS), { nil: undefined }),
  after: fc.array(fragment, { maxLength: 12 }),
  repoRoot: fc.constantFrom(...ROOTS),
});

function windows(secret: string): string[] {
  const out = [secret];
  for (let i = 0; i + 16 <= secret.length; i += 8) out.push(secret.slice(i, i + 16));
  return secret.length > 16 ? [...out, secret.slice(-16)] : out;
}

describe("the redaction trigger grammar", () => {
  it("never makes redactText or redactPath throw, and never lets a planted secret through", () => {
    fc.assert(
      fc.property(planted, ({ before, secret, after, repoRoot }) => {
        const text = `${before.join("")}${secret === undefined ? "" : ` ${secret} `}${after.join("")}`;
        const ctx = repoRoot === undefined ? {} : { repoRoot };
        const out = redactText(text, ctx).text;
        redactPath(text, ctx);
        for (const w of secret === undefined ? [] : windows(secret)) if (out.includes(w)) return false;
        // Idempotent, too (FC-REDACT-SENSITIVE-9).
        return redactText(out, ctx).text === out;
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

// ---- FC-REDACT-SENSITIVE-6: the contract's randomness floor, by the spec's own definition ----

function shannon(s: string): number {
  const n = new Map<string, number>();
  for (const c of s) n.set(c, (n.get(c) ?? 0) + 1);
  let h = 0;
  for (const k of n.values()) h -= (k / s.length) * Math.log2(k / s.length);
  return h;
}
/** "Made of words", as spec/redaction.md words it. */
function madeOfWords(s: string): boolean {
  const parts = s.split(/[_+-]+/).filter((p) => p.length > 0);
  const chunks = parts.flatMap((p) => p.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []);
  if (chunks.join("").length !== parts.join("").length) return false;
  const letters = chunks.filter((c) => !/^\d/.test(c));
  if (letters.length === 0 || letters.some((c) => c.length < 2)) return false;
  const avg = letters.reduce((n, c) => n + c.length, 0) / letters.length;
  return avg >= 3.5 && chunks.length - letters.length <= 2;
}
function random(s: string): boolean {
  return (
    s.length >= 20 &&
    /[A-Z]/.test(s) &&
    /[a-z]/.test(s) &&
    /\d/.test(s) &&
    shannon(s) >= 4 &&
    !/^[0-9a-f-]+$/i.test(s) &&
    !madeOfWords(s)
  );
}

describe("FC-REDACT-SENSITIVE-6 floor", () => {
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+_-";
  const run = fc
    .array(fc.constantFrom(...ALPHABET), { minLength: 20, maxLength: 48 })
    .map((cs) => cs.join(""))
    .filter((s) => s[0] !== "-" && random(s));
  const word = fc.constantFrom(
    "secret",
    "token",
    "password",
    "api key",
    "credential",
    "bearer",
    "auth",
    "key",
  );

  it("masks every string random by the floor after a secret word, standing alone", () => {
    fc.assert(
      fc.property(word, run, fc.constantFrom(" is ", ": ", " rotated, new value ", " "), (w, v, mid) => {
        const out = redactText(`the ${w}${mid}${v} (rotate it)`, {}).text;
        return windows(v).every((x) => !out.includes(x));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("reads 'made of words' as the spec does", () => {
    expect(madeOfWords("GetUserAccountById2024")).toBe(true);
    expect(random("GetUserAccountById2024Prod")).toBe(false);
    expect(madeOfWords("q8ZkP2mW7vLx4Rt9Yb3N")).toBe(false);
  });
});
