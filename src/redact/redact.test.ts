// FC-REDACT-SENSITIVE-1..10, FC-PATH-1..4: golden cases per detector family, idempotence, placeholders, paths.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { providerCount } from "./detectors/providers.ts";
import { PLACEHOLDER, redactPath, redactText, trimRedacted } from "./index.ts";

const S = PLACEHOLDER.secret;
const P = PLACEHOLDER.pii;
const X = PLACEHOLDER.path;
const ctx = { repoRoot: "/home/dev/repo" };
const red = (t: string) => redactText(t, ctx).text;

// Fake, format-valid values (never real credentials).
const GHP = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";

const GOLDEN: [family: string, input: string, expected: string][] = [
  ["provider", `token ${GHP} leaked`, `token ${S} leaked`],
  ["provider", "AKIAZ7QW3ERT5YUI2OPA in env", `${S} in env`],
  ["provider", "key sk_live_4eC39HqLyjWDarjtT1zdp7dc", `key ${S}`],
  ["provider", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", S],
  ["provider", "npm_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2", S],
  ["provider", "use glpat-Xy12_ab34-CD56ef78GH and go", `use ${S} and go`],
  [
    "structural",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1x2y3z\nAbCdEf==\n-----END RSA PRIVATE KEY-----\ndone",
    `${S}\ndone`,
  ],
  [
    "structural",
    '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0B\\nAQEFAASC"',
    `"private_key": "${S}"`,
  ],
  ["structural", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ", S],
  [
    "structural",
    "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    `jwt ${S}`,
  ],
  // Glued after a word, a JWT whose header names alg/typ is masked from its eyJ; the leak scan finds those too.
  [
    "structural",
    "cookie x-eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk;",
    `cookie x-${S};`,
  ],
  [
    "structural",
    "tok_eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    `tok_${S}`,
  ],
  // eyJ inside a word whose "header" is no JSON with alg/typ stays.
  [
    "structural",
    "parse keyJSONabcdefgh.ijklmnopqr.stuv failed",
    "parse keyJSONabcdefgh.ijklmnopqr.stuv failed",
  ],
  [
    "structural",
    "postgres://admin:P4ssw0rd-x@db.internal:5432/app",
    `postgres://admin:${S}@db.internal:5432/app`,
  ],
  ["structural", "Authorization: Bearer abcDEF123456ghiJKL", `Authorization: Bearer ${S}`],
  ["structural", "Authorization: Basic dXNlcjpwYXNzd29yZA==", `Authorization: Basic ${S}`],
  ["structural", "Set-Cookie: sid=Zx81kQ0p3LmN; Path=/; HttpOnly", `Set-Cookie: sid=${S}; Path=/; HttpOnly`],
  // A pair without a name still holds a cookie value (FC-REDACT-SENSITIVE-4, -22).
  ["structural", "Cookie: =v", `Cookie: =${S}`],
  ["structural", "Cookie: a=1;=Zx81kQ0p3LmN7vB2qT5w", `Cookie: a=${S};=${S}`],
  ["structural", "Set-Cookie: =Zx81kQ0p3LmN; Path=/", `Set-Cookie: =${S}; Path=/`],
  ["assignment", "DB_PASSWORD=s3cr3t-Pa55 npm test", `DB_PASSWORD=${S} npm test`],
  ["assignment", '{"api_key": "Zx81kQ0p3LmN7vB2"}', `{"api_key": "${S}"}`],
  ["assignment", "client_secret: Zx81kQ0p3LmN7vB2", `client_secret: ${S}`],
  [
    "assignment",
    "docker run -e API_KEY=zz9YY8xx7WW6 -e NODE_ENV=production img",
    `docker run -e API_KEY=${S} -e NODE_ENV=production img`,
  ],
  ["assignment", "+ mysql -uroot -phunter2 -e 'select 1'", `+ mysql -uroot -p${S} -e 'select 1'`],
  ["assignment", "deploy --password hunter2x --yes", `deploy --password ${S} --yes`],
  ["assignment", "<password>hunter2x</password>", `<password>${S}</password>`],
  ["entropy", "the api key is Zq8XvB2nM4kL7pR1tY6w please rotate", `the api key is ${S} please rotate`],
  ["entropy", "token parse failed at column 12", "token parse failed at column 12"],
  ["pii", "mail john.doe@example.com now", `mail ${P} now`],
  ["pii", "call +1 (415) 555-0132 today", `call ${P} today`],
  ["pii", "card 4111 1111 1111 1111 declined", `card ${P} declined`],
  ["pii", "card 4111 1111 1111 1112 is not a card", "card 4111 1111 1111 1112 is not a card"],
  ["pii", "IBAN GB82WEST12345698765432 rejected", `IBAN ${P} rejected`],
  ["pii", "SSN 123-45-6789 on file", `SSN ${P} on file`],
  [
    "pii",
    "peer 8.8.8.8 refused; listening on 127.0.0.1:3000 and 10.0.0.5",
    `peer ${P} refused; listening on 127.0.0.1:3000 and 10.0.0.5`,
  ],
  ["encoding", "\x1b[31mghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5\x1b[0m", `\x1b[31m${S}`],
  ["encoding", '{\\"password\\":\\"hunter2!X\\"}', `{\\"password\\":\\"${S}\\"}`],
  [
    "encoding",
    "https://x.test/cb?access_token=abcdEFGH1234ijkl&state=1",
    `https://x.test/cb?access_token=${S}&state=1`,
  ],
  [
    "encoding",
    "echo Z2hwX2FCM2RFNWZHN2hKOWtMMW1OM3BRNXJTN3RVOXZXMXhZM3pBNQ== | base64 -d",
    `echo ${S} | base64 -d`,
  ],
  ["directive", `secretlint-disable ${GHP} gitleaks:allow`, `secretlint-disable ${S} gitleaks:allow`],
  ["path", "at f (/home/dev/repo/src/a.ts:12:5)", "at f (src/a.ts:12:5)"],
  ["path", "at g (/home/alice/.npm/x.js:1:1)", `at g (${X}:1:1)`],
  ["path", "C:\\Users\\alice\\proj\\x.ts:3:4 error", `${X}:3:4 error`],
  ["path", "open C:\\\\Users\\\\bob\\\\x.ts failed", `open ${X} failed`],
  ["path", "share \\\\fileserver\\builds\\out.log", `share ${X}`],
  ["path", "file:///Users/jane/code/a.ts:3:1", `${X}:3:1`],
  ["path", "see ~bob/.ssh/config", `see ${X}`],
  ["path", "at node:internal/process/task_queues:95:5", "at node:internal/process/task_queues:95:5"],
  ["path", "cwd /home/dev/repo; tmp /tmp/vitest-123/out.json", `cwd .; tmp ${X}`],
];

describe("golden redactions by detector family", () => {
  it.each(GOLDEN)("%s: %j", (_family, input, expected) => {
    expect(red(input)).toBe(expected);
  });

  it("covers every detector family with at least two golden cases", () => {
    const counts = new Map<string, number>();
    for (const [f] of GOLDEN) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const f of ["provider", "structural", "assignment", "entropy", "pii", "encoding", "path"]) {
      expect(counts.get(f) ?? 0).toBeGreaterThanOrEqual(2);
    }
  });

  it("knows at least 40 providers", () => {
    expect(providerCount()).toBeGreaterThanOrEqual(40);
  });

  it("names detectors in hits, never values", () => {
    const r = redactText(`token ${GHP} and mail a.b@example.com`, ctx);
    expect(r.hits).toEqual([
      { kind: "secret", detector: "github-token" },
      { kind: "pii", detector: "email" },
    ]);
    expect(JSON.stringify(r.hits)).not.toContain("aB3dE5");
  });
});

describe("benign look-alikes stay visible", () => {
  const BENIGN = [
    "commit 3f2a9c1d4e5b6a7980123456789abcdef0123456 (3f2a9c1)",
    "uuid 123e4567-e89b-12d3-a456-426614174000",
    "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
    "expected maxTokens: 512 but got 600; tokenizer: o200k",
    "Unexpected token: expected '}' at line 3",
    "error TS2304: Cannot find name 'passwordHash'.",
    "interface Login { password: string; token?: string }",
    "ghcr.io/acme/api@sha256:8435c02c02a286d5061c7a2dee7b82a0272aedb0e93a27b9cbd23518b0edd637",
    "v1.2.3-rc.1 @scope/pkg@4.0.1 http://localhost:3000/api",
    "returns the cached token when the session is still valid",
  ];
  it.each(BENIGN)("%s", (t) => {
    expect(red(t)).toBe(t);
  });
});

describe("paths (redactPath)", () => {
  const cases: [string, string | undefined, string][] = [
    ["/home/dev/repo/src/a.ts", "/home/dev/repo", "src/a.ts"],
    ["/home/dev/repo", "/home/dev/repo", "."],
    ["/home/other/x.ts", "/home/dev/repo", X],
    ["C:\\work\\repo\\src\\a.ts", "C:\\work\\repo", "src/a.ts"],
    ["c:/work/repo/src/b.ts", "C:\\work\\repo", "src/b.ts"],
    ["src\\lib\\c.ts", "C:\\work\\repo", "src/lib/c.ts"],
    ["./src/a.ts", "/home/dev/repo", "src/a.ts"],
    ["file:///home/dev/repo/src/a.ts", "/home/dev/repo", "src/a.ts"],
    ["\\\\server\\share\\a.ts", undefined, X],
    ["~/notes.md", undefined, X],
    [`src/${GHP}.ts`, undefined, `src/${S}.ts`],
    ["node:internal/modules/cjs/loader", undefined, "node:internal/modules/cjs/loader"],
  ];
  it.each(cases)("%s (root %s) -> %s", (path, root, expected) => {
    expect(redactPath(path, root === undefined ? {} : { repoRoot: root }).path).toBe(expected);
  });
});

describe("idempotence and whole placeholders", () => {
  const fragments = [
    GHP,
    "password=hunter2x",
    "/home/alice/x.ts:1:2",
    "a.b@example.com",
    "Authorization: Bearer abcDEF123456ghiJKL",
    "«redacted:secret»",
    "«redacted:",
    "redacted:path»",
    "C:\\Users\\bob\\a.ts",
    "4111 1111 1111 1111",
    "\x1b[31m",
    "\\n",
    "%2F",
    " ",
    "\n",
    "=",
    ":",
    "token",
    "eyJhbGciOiJIUzI1NiJ9",
    ".",
  ];
  const text = fc
    .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 12 })), { maxLength: 14 })
    .map((a) => a.join(""));

  it("redactText(redactText(x)) === redactText(x)", () => {
    fc.assert(
      fc.property(text, (t) => {
        const once = red(t);
        expect(red(once)).toBe(once);
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  it("never leaves a partial placeholder that was not in the input", () => {
    fc.assert(
      fc.property(text, (t) => {
        const out = red(t);
        const opens = (s: string) => (s.match(/«/g) ?? []).length;
        const whole = (s: string) => (s.match(/«redacted:(?:secret|pii|path)»/g) ?? []).length;
        expect(opens(out) - whole(out)).toBeLessThanOrEqual(opens(t) - whole(t));
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  it("trimRedacted never splits a placeholder", () => {
    fc.assert(
      fc.property(text, fc.nat(200), (t, n) => {
        const full = red(t);
        const out = trimRedacted(full, n);
        expect(out.length).toBeLessThanOrEqual(Math.max(n, 1));
        if (out === full) return;
        const kept = out.slice(0, -1);
        expect(full.startsWith(kept)).toBe(true);
        // No placeholder of the full text straddles the cut.
        for (const mark of Object.values(PLACEHOLDER)) {
          for (let i = full.indexOf(mark); i >= 0; i = full.indexOf(mark, i + 1)) {
            expect(i < kept.length && i + mark.length > kept.length).toBe(false);
          }
        }
      }),
      { numRuns: 300, seed: 13 },
    );
    expect(trimRedacted(`abc ${S} def`, 10)).toBe("abc …");
    expect(trimRedacted(`abc ${S} def`, 24)).toBe(`abc ${S} d…`);
    expect(trimRedacted(`abc ${S} def`, 15)).toBe("abc …");
  });

  it("is deterministic", () => {
    const t = `x ${GHP} /home/alice/a.ts a.b@example.com`;
    expect(redactText(t, ctx)).toEqual(redactText(t, ctx));
  });
});

describe("Kubernetes Secret manifests (FC-REDACT-SENSITIVE-15)", () => {
  // A YAML plain scalar runs to the end of its line: the first word of `correct horse battery` was all that was masked.
  it("masks a plain value with blanks whole, and keeps a comment after it", () => {
    const yaml =
      "kind: Secret\nstringData:\n  relay-login: correct horse battery # rotated\n  relay-host: smtp.example.test\n";
    expect(red(yaml)).toBe(`kind: Secret\nstringData:\n  relay-login: ${S} # rotated\n  relay-host: ${S}\n`);
  });

  it("reads the data block with LF and with CRLF line ends", () => {
    for (const nl of ["\n", "\r\n"]) {
      const yaml = ["kind: Secret", "data:", "  a: Zm9v", "  b: YmFy", ""].join(nl);
      expect(red(yaml)).toBe(["kind: Secret", "data:", `  a: ${S}`, `  b: ${S}`, ""].join(nl));
    }
  });
});

describe("name/value fields (FC-REDACT-SENSITIVE-5, FC-REDACT-SENSITIVE-15)", () => {
  // The tuple reading (`("api_token", "…")`) took the comma after the name: it masked the word `value` and left the
  // password visible.
  it("masks the value field after a secret name, whatever the value looks like", () => {
    expect(red('{"name": "DB_PASSWORD", "value": "tulip-orange-lantern"}')).toBe(
      `{"name": "DB_PASSWORD", "value": "${S}"}`,
    );
    expect(red('{\\"key\\": \\"api_secret\\", \\"value\\": \\"tulip-orange-lantern\\"}')).toBe(
      `{\\"key\\": \\"api_secret\\", \\"value\\": \\"${S}\\"}`,
    );
    expect(red('<add key="ClearTextPassword" value="tulip-orange-lantern" />')).toBe(
      `<add key="ClearTextPassword" value="${S}" />`,
    );
  });

  it("still reads a tuple after a quoted key", () => {
    expect(red('("api_token", "tulip-orange-lantern")')).toBe(`("api_token", "${S}")`);
  });

  // A secret word that is a JSON member's value (`"kind": "Secret"`, `"type": "password"`) read as a tuple key masked
  // the name of the member after it.
  it("leaves the next member's key visible after a secret word as a value", () => {
    for (const t of [
      '{"type": "password", "label": "Your password"}',
      '{\\"type\\":\\"password\\",\\"label\\":\\"Your password\\"}',
      '{"kind":"Secret","type":"Opaque"}',
    ])
      expect(red(t)).toBe(t);
    expect(red('{"kind":"Secret","data":{"user":"c2VjcmV0LXZhbHVl"}}')).toBe(
      `{"kind":"Secret","data":{"user":"${S}"}}`,
    );
  });
});

describe("a backslash inside a value does not split it (FC-REDACT-SENSITIVE-17)", () => {
  // A backslash that escapes no delimiter belongs to the value: nothing after it stays visible.
  const WHOLE: [input: string, expected: string][] = [
    ["password=Xk9Tq\\w7Zp2Lm4Rt8Vb", `password=${S}`],
    ["password: Xk9Tq\\w7Zp2Lm4Rt8Vb", `password: ${S}`],
    ["api_token=Xk9Tq\\\\w7Zp2Lm4Rt8Vb done", `api_token=${S} done`],
    ["DB_PASSWORD=Xk9Tq\\/w7Zp2Lm4Rt8Vb", `DB_PASSWORD=${S}`],
    ["xpasswordq9 = Xk9Tq\\w7Zp2Lm4Rt8Vb", `xpasswordq9 = ${S}`],
    ["Authorization: Bearer Xk9Tq\\w7Zp2Lm4Rt8Vb", `Authorization: Bearer ${S}`],
    ["Bearer Xk9Tq\\w7Zp2Lm4Rt8Vb", `Bearer ${S}`],
    ["Cookie: theme=Xk9Tq\\w7Zp2Lm4Rt8Vb", `Cookie: theme=${S}`],
    ["curl -b 'theme=Xk9Tq\\w7Zp2Lm4Rt8Vb' https://x.test", `curl -b 'theme=${S}' https://x.test`],
  ];
  it.each(WHOLE)("%j", (input, expected) => expect(red(input)).toBe(expected));

  it("masks a URL password with a backslash inside, from its first character", () => {
    const out = red("https://admin:Xk9Tq\\w7Zp2Lm4Rt8Vb@db.example.test/x");
    expect(out).toContain(`https://admin:${S}`);
    expect(out).not.toMatch(/Xk9Tq|w7Zp2Lm4Rt8Vb/);
  });

  // A backslash that escapes a delimiter still ends the value: the text after it is not the secret's.
  const ENDS: [input: string, expected: string][] = [
    ['{"cmd": "password=Xk9Tq7Zp2Lm\\" next"}', `{"cmd": "password=${S}\\" next"}`],
    ['"msg": "password=Xk9Tq7Zp2Lm\\nnext line"', `"msg": "password=${S}\\nnext line"`],
    ["?access_token=Xk9Tq7Zp2Lm\\u0026page=2", `?access_token=${S}\\u0026page=2`],
    ["export PASSWORD=Xk9Tq7Zp2Lm\\\n  next", `export PASSWORD=${S}\\\n  next`],
  ];
  it.each(ENDS)("%j", (input, expected) => expect(red(input)).toBe(expected));
});

describe("assignments after a secret word keep their names (FC-REDACT-SENSITIVE-5)", () => {
  it("masks a second assignment's value, not its name, and judges a plain name's value alone", () => {
    expect(red("env DB_PASSWORD=hunter2 API_TOKEN=abcdef123456 ./run.sh")).toBe(
      `env DB_PASSWORD=${S} API_TOKEN=${S} ./run.sh`,
    );
    // The value alone is short and plain: nothing after `NAME=` looks random.
    expect(red("DB_PASSWORD=hunter2 NAME=abcdef123456")).toBe(`DB_PASSWORD=${S} NAME=abcdef123456`);
    // A random value after a plain name is still masked, and the name stays.
    expect(red("the token is NAME=aB3xY9kLm2Qp7RtZ8wVv")).toBe(`the token is NAME=${S}`);
    // Base64 padding is no assignment.
    expect(red("secret: Zm9vYmFyYmF6cXV4cXV1eA==")).toBe(`secret: ${S}`);
  });
});
