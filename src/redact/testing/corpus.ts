// FC-REDACT-SENSITIVE-10, FC-REDACT-SENSITIVE-13: seeded corpus of fake, format-valid secrets, embeddings, fields and benign look-alikes.
import { luhn } from "../detectors/pii.ts";

/** mulberry32: a tiny deterministic PRNG (tests and generators only; the redactor itself uses no randomness). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
const UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LO = "abcdefghijklmnopqrstuvwxyz";
const DI = "0123456789";
const AN = UP + LO + DI;
const HX = "0123456789abcdef";
const B64 = `${AN}+/`;
const B64U = `${AN}-_`;
const PW = `${AN}!#%^*_-`;
/** Characters a URL password may hold without percent-encoding (unreserved and some sub-delimiters). */
const URL_PW = `${AN}-._~!*`;

export function pick<T>(r: Rand, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}
/** A random string over `alphabet` that always mixes upper case, lower case and digits when the alphabet has them. */
export function rs(r: Rand, alphabet: string, n: number): string {
  for (;;) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
    const needU = /[A-Z]/.test(alphabet) && n >= 12 ? /[A-Z]/.test(s) : true;
    const needL = /[a-z]/.test(alphabet) && n >= 12 ? /[a-z]/.test(s) : true;
    const needD = /[0-9]/.test(alphabet) && n >= 12 ? /[0-9]/.test(s) : true;
    if (needU && needL && needD) return s;
  }
}
const digits = (r: Rand, n: number) => rs(r, DI, n);
const b64 = (s: string) => Buffer.from(s, "latin1").toString("base64");
const b64u = (s: string) => b64(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function pemBody(r: Rand, lines: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(rs(r, B64, 64));
  return out;
}
function cardNumber(r: Rand): string {
  const prefix = pick(r, ["4", "51", "55", "2221", "37", "6011"]);
  const len = prefix === "37" ? 15 : 16;
  for (;;) {
    const s = prefix + digits(r, len - prefix.length);
    if (luhn(s)) return s;
  }
}
function iban(r: Rand): string {
  const [cc, len] = pick(r, [
    ["DE", 22],
    ["GB", 22],
    ["FR", 27],
    ["NL", 18],
  ] as const);
  const bban =
    cc === "GB"
      ? rs(r, UP, 4) + digits(r, len - 8)
      : cc === "NL"
        ? rs(r, UP, 4) + digits(r, len - 8)
        : digits(r, len - 4);
  const num = (bban + cc + "00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let mod = 0;
  for (const ch of num) mod = (mod * 10 + Number(ch)) % 97;
  const check = String(98 - mod).padStart(2, "0");
  return cc + check + bban;
}

export interface Planted {
  /** The text planted into a log field. */
  planted: string;
  /** The part that must never reach an output (checked by 16-character windows). */
  secret: string;
}

export interface SecretKind {
  kind: string;
  family: "provider" | "structural" | "assignment" | "entropy" | "pii";
  make: (r: Rand) => Planted;
}

const same = (s: string): Planted => ({ planted: s, secret: s });
const keyed = (prefix: string, secret: string, suffix = ""): Planted => ({
  planted: prefix + secret + suffix,
  secret,
});

export const KINDS: SecretKind[] = [
  {
    kind: "aws-access-key-id",
    family: "provider",
    make: (r) => same(`AKIA${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)}`),
  },
  {
    kind: "aws-secret-access-key",
    family: "assignment",
    make: (r) => keyed("aws_secret_access_key = ", rs(r, B64, 40)),
  },
  { kind: "aws-session-token", family: "provider", make: (r) => same(`IQoJb3JpZ2luX2VjE${rs(r, B64, 180)}`) },
  { kind: "github-pat", family: "provider", make: (r) => same(`ghp_${rs(r, AN, 36)}`) },
  { kind: "github-oauth", family: "provider", make: (r) => same(`gho_${rs(r, AN, 36)}`) },
  { kind: "github-app-token", family: "provider", make: (r) => same(`ghs_${rs(r, AN, 36)}`) },
  {
    kind: "github-fine-grained",
    family: "provider",
    make: (r) => same(`github_pat_${rs(r, AN, 22)}_${rs(r, AN, 59)}`),
  },
  { kind: "gitlab-pat", family: "provider", make: (r) => same(`glpat-${rs(r, `${AN}_-`, 20)}`) },
  {
    kind: "slack-bot-token",
    family: "provider",
    make: (r) => same(`xoxb-${digits(r, 12)}-${digits(r, 13)}-${rs(r, AN, 24)}`),
  },
  {
    kind: "slack-webhook",
    family: "provider",
    make: (r) =>
      keyed(
        "https://hooks.slack.com/services/",
        `T${rs(r, UP + DI, 10)}/B${rs(r, UP + DI, 10)}/${rs(r, AN, 24)}`,
      ),
  },
  { kind: "stripe-live-key", family: "provider", make: (r) => same(`sk_live_${rs(r, AN, 24)}`) },
  { kind: "stripe-restricted-key", family: "provider", make: (r) => same(`rk_live_${rs(r, AN, 24)}`) },
  { kind: "openai-project-key", family: "provider", make: (r) => same(`sk-proj-${rs(r, B64U, 64)}`) },
  {
    kind: "openai-legacy-key",
    family: "provider",
    make: (r) => same(`sk-${rs(r, AN, 20)}T3BlbkFJ${rs(r, AN, 20)}`),
  },
  { kind: "anthropic-key", family: "provider", make: (r) => same(`sk-ant-api03-${rs(r, B64U, 93)}AA`) },
  { kind: "huggingface-token", family: "provider", make: (r) => same(`hf_${rs(r, UP + LO, 34)}`) },
  { kind: "npm-token", family: "provider", make: (r) => same(`npm_${rs(r, AN, 36)}`) },
  { kind: "pypi-token", family: "provider", make: (r) => same(`pypi-AgEIcHlwaS5vcmc${rs(r, B64U, 70)}`) },
  { kind: "google-api-key", family: "provider", make: (r) => same(`AIza${rs(r, B64U, 35)}`) },
  { kind: "gcp-oauth-client-secret", family: "provider", make: (r) => same(`GOCSPX-${rs(r, B64U, 28)}`) },
  { kind: "sendgrid-key", family: "provider", make: (r) => same(`SG.${rs(r, B64U, 22)}.${rs(r, B64U, 43)}`) },
  { kind: "digitalocean-token", family: "provider", make: (r) => same(`dop_v1_${rs(r, HX, 64)}`) },
  { kind: "shopify-token", family: "provider", make: (r) => same(`shpat_${rs(r, HX, 32)}`) },
  { kind: "twilio-api-key", family: "provider", make: (r) => same(`SK${rs(r, HX, 32)}`) },
  { kind: "mailgun-key", family: "provider", make: (r) => same(`key-${rs(r, HX, 32)}`) },
  {
    kind: "mailchimp-key",
    family: "provider",
    make: (r) => same(`${rs(r, HX, 32)}-us${1 + Math.floor(r() * 20)}`),
  },
  {
    kind: "discord-bot-token",
    family: "provider",
    make: (r) => same(`M${rs(r, AN, 23)}.${rs(r, B64U, 6)}.${rs(r, B64U, 27)}`),
  },
  {
    kind: "telegram-bot-token",
    family: "provider",
    make: (r) => same(`${digits(r, 9)}:AA${rs(r, B64U, 33)}`),
  },
  { kind: "vault-token", family: "provider", make: (r) => same(`hvs.${rs(r, B64U, 90)}`) },
  { kind: "databricks-token", family: "provider", make: (r) => same(`dapi${rs(r, HX, 32)}`) },
  { kind: "newrelic-key", family: "provider", make: (r) => same(`NRAK-${rs(r, UP + DI, 27)}`) },
  {
    kind: "grafana-sa-token",
    family: "provider",
    make: (r) => same(`glsa_${rs(r, AN, 32)}_${rs(r, HX, 8)}`),
  },
  { kind: "doppler-token", family: "provider", make: (r) => same(`dp.pt.${rs(r, AN, 43)}`) },
  { kind: "linear-key", family: "provider", make: (r) => same(`lin_api_${rs(r, AN, 40)}`) },
  { kind: "atlassian-token", family: "provider", make: (r) => same(`ATATT3xFfGF0${rs(r, B64U, 180)}`) },
  { kind: "postman-key", family: "provider", make: (r) => same(`PMAK-${rs(r, HX, 24)}-${rs(r, HX, 34)}`) },
  { kind: "dockerhub-pat", family: "provider", make: (r) => same(`dckr_pat_${rs(r, B64U, 27)}`) },
  {
    kind: "age-secret-key",
    family: "provider",
    make: (r) => same(`AGE-SECRET-KEY-1${rs(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}`),
  },
  { kind: "groq-key", family: "provider", make: (r) => same(`gsk_${rs(r, AN, 52)}`) },
  { kind: "square-token", family: "provider", make: (r) => same(`EAAA${rs(r, B64U, 60)}`) },
  {
    kind: "terraform-token",
    family: "provider",
    make: (r) => same(`${rs(r, AN, 14)}.atlasv1.${rs(r, B64U, 67)}`),
  },
  {
    kind: "jwt",
    family: "structural",
    make: (r) =>
      same(
        `${b64u(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64u(JSON.stringify({ sub: digits(r, 8), name: rs(r, LO, 8), iat: 1700000000 }))}.${rs(r, B64U, 43)}`,
      ),
  },
  {
    kind: "pem-private-key",
    family: "structural",
    make: (r) => {
      const body = pemBody(r, 6);
      return {
        planted: `-----BEGIN RSA PRIVATE KEY-----\n${body.join("\n")}\n-----END RSA PRIVATE KEY-----`,
        secret: body.join("\n"),
      };
    },
  },
  {
    kind: "pem-truncated",
    family: "structural",
    make: (r) => {
      const body = pemBody(r, 3);
      return { planted: `-----BEGIN OPENSSH PRIVATE KEY-----\n${body.join("\n")}`, secret: body.join("\n") };
    },
  },
  {
    kind: "pem-json-escaped",
    family: "structural",
    make: (r) => {
      const body = pemBody(r, 4);
      return {
        planted: `"private_key": "-----BEGIN PRIVATE KEY-----\\n${body.join("\\n")}\\n-----END PRIVATE KEY-----\\n"`,
        secret: body.join("\\n"),
      };
    },
  },
  {
    kind: "url-userinfo",
    family: "structural",
    make: (r) => keyed("https://deploy:", rs(r, URL_PW, 20), "@git.example.test/org/repo.git"),
  },
  {
    kind: "postgres-url",
    family: "structural",
    make: (r) => keyed("postgresql://app:", rs(r, URL_PW, 22), "@db.example.test:5432/prod"),
  },
  {
    kind: "mongodb-url",
    family: "structural",
    make: (r) => keyed("mongodb+srv://svc:", rs(r, AN, 24), "@cluster0.ab1cd.mongodb.net/db"),
  },
  {
    kind: "sentry-dsn",
    family: "structural",
    make: (r) => keyed("https://", rs(r, HX, 32), "@o123456.ingest.sentry.io/4505"),
  },
  {
    kind: "bearer-header",
    family: "structural",
    make: (r) => keyed("Authorization: Bearer ", rs(r, B64U, 40)),
  },
  {
    kind: "basic-header",
    family: "structural",
    make: (r) => {
      const v = b64(`ci-user:${rs(r, AN, 18)}`);
      return keyed("Authorization: Basic ", v);
    },
  },
  {
    kind: "cookie-header",
    family: "structural",
    make: (r) => keyed("Cookie: sessionid=", rs(r, AN, 32), "; theme=dark"),
  },
  {
    kind: "azure-storage-key",
    family: "assignment",
    make: (r) =>
      keyed(
        "DefaultEndpointsProtocol=https;AccountName=store1;AccountKey=",
        `${rs(r, B64, 86)}==`,
        ";EndpointSuffix=core.windows.net",
      ),
  },
  { kind: "env-password", family: "assignment", make: (r) => keyed("DB_PASSWORD=", rs(r, PW, 18)) },
  { kind: "json-api-key", family: "assignment", make: (r) => keyed('{"api_key": "', rs(r, AN, 32), '"}') },
  { kind: "yaml-secret", family: "assignment", make: (r) => keyed("client_secret: ", rs(r, AN, 30)) },
  {
    kind: "cli-password-flag",
    family: "assignment",
    make: (r) => keyed("deploy --password=", rs(r, PW, 18), " --verbose"),
  },
  {
    kind: "docker-env",
    family: "assignment",
    make: (r) => keyed("docker run -e SERVICE_TOKEN=", rs(r, AN, 30), " registry.example.test/app:1.2"),
  },
  {
    kind: "mysql-p-flag",
    family: "assignment",
    make: (r) => keyed("mysql -u root -p", rs(r, AN, 18), " -h db app"),
  },
  { kind: "set-x-export", family: "assignment", make: (r) => keyed("+ export GITHUB_TOKEN=", rs(r, HX, 40)) },
  {
    kind: "curl-user",
    family: "assignment",
    make: (r) => keyed("+ curl -sS -u admin:", rs(r, AN, 20), " https://ci.example.test/api"),
  },
  {
    kind: "generic-context-secret",
    family: "entropy",
    make: (r) => keyed("the signing secret is ", rs(r, AN, 32), " (rotate it)"),
  },
  {
    kind: "email",
    family: "pii",
    make: (r) => same(`${rs(r, LO, 6)}.${rs(r, LO, 8)}@${rs(r, LO, 7)}-mail.example`),
  },
  { kind: "phone", family: "pii", make: (r) => same(`+44 20 ${digits(r, 4)} ${digits(r, 4)}`) },
  { kind: "payment-card", family: "pii", make: (r) => same(cardNumber(r)) },
  { kind: "iban", family: "pii", make: (r) => same(iban(r)) },
  {
    kind: "us-ssn",
    family: "pii",
    make: (r) =>
      same(
        `${String(100 + Math.floor(r() * 500)).padStart(3, "0")}-${String(10 + Math.floor(r() * 89))}-${String(1000 + Math.floor(r() * 8999))}`,
      ),
  },
  {
    kind: "public-ip",
    family: "pii",
    make: (r) =>
      same(
        `${pick(r, [52, 34, 81, 151, 203])}.${Math.floor(r() * 255)}.${Math.floor(r() * 255)}.${1 + Math.floor(r() * 250)}`,
      ),
  },
];

// ---- embeddings ----

export interface Embedding {
  name: string;
  embed: (p: string, r: Rand) => string;
}

function wrapAt(s: string, width: number, eol: string): string {
  const lines: string[] = [];
  for (const line of s.split("\n")) {
    for (let i = 0; i < line.length; i += width) lines.push(line.slice(i, i + width));
    if (line.length === 0) lines.push("");
  }
  return lines.join(eol);
}

export const EMBEDDINGS: Embedding[] = [
  { name: "plain", embed: (p) => `request to the upstream failed: ${p} was rejected with 401` },
  {
    name: "env-dump",
    embed: (p) =>
      `PATH=/usr/local/bin:/usr/bin\nHOME=/home/runner\nCI=true\nLEAKED_VALUE=${p}\nNODE_ENV=test`,
  },
  {
    name: "json-escaped",
    embed: (p) => JSON.stringify(JSON.stringify({ level: "error", detail: p })).slice(1, -1),
  },
  {
    name: "double-json-escaped",
    embed: (p) => JSON.stringify(JSON.stringify(JSON.stringify({ detail: p }))).slice(1, -1),
  },
  {
    name: "stack-trace",
    embed: (p) =>
      `Error: login failed for ${p}\n    at login (/home/runner/work/app/app/src/auth.ts:42:11)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`,
  },
  {
    name: "assertion-diff",
    embed: (p) =>
      `expect(received).toEqual(expected)\n\n- Expected\n+ Received\n\n  Object {\n-   "value": "<masked>",\n+   "value": "${p}",\n  }`,
  },
  { name: "quoted", embed: (p) => `config value '${p}' is not allowed here` },
  {
    name: "url-query",
    embed: (p) => `GET https://api.example.test/v1/items?page=2&q=${encodeURIComponent(p)}&sort=asc -> 500`,
  },
  {
    name: "long-prefix",
    embed: (p, r) =>
      `${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(30 + Math.floor(r() * 20))}${p} end`,
  },
  {
    name: "windows-log",
    embed: (p) =>
      `2024-05-01 12:00:01.123 ERROR [C:\\Users\\builder\\agent\\_work\\1\\s\\src\\App.cs:10] ${p}\r\n`,
  },
  { name: "ansi-colour", embed: (p) => `\x1b[31mERROR\x1b[0m \x1b[1;33m${p}\x1b[22m\x1b[0m failed` },
  {
    name: "ansi-inside-token",
    embed: (p) => `value: ${p.slice(0, Math.floor(p.length / 2))}\x1b[0m${p.slice(Math.floor(p.length / 2))}`,
  },
  {
    name: "zero-width",
    embed: (p) =>
      `token dump ${[...p].map((c, i) => (i > 0 && i % 7 === 0 ? `\u200b${c}` : c)).join("")} end`,
  },
  {
    name: "crlf-wrap-76",
    embed: (p) =>
      wrapAt(`2024-05-01T12:00:01Z worker: upstream rejected credentials ${p} (status 401)`, 76, "\r\n"),
  },
  { name: "wrap-64", embed: (p) => wrapAt(`${p}`, 64, "\n") },
  {
    name: "percent-encoded",
    embed: (p) => `redirect to /callback?state=${encodeURIComponent(encodeURIComponent(p))}`,
  },
  { name: "base64-wrapped", embed: (p) => `echo ${Buffer.from(p).toString("base64")} | base64 -d` },
];

export const FIELDS = ["message", "trace", "notes", "workerOutput", "locationPath"] as const;
export type Field = (typeof FIELDS)[number];

// ---- benign look-alikes ----

export interface BenignKind {
  kind: string;
  make: (r: Rand) => string;
}

const WORDS = [
  "user",
  "order",
  "cart",
  "item",
  "token",
  "session",
  "account",
  "payment",
  "retry",
  "cache",
  "parser",
  "handler",
];
const camel = (r: Rand, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const w = pick(r, WORDS);
    return i === 0 ? w : w[0]!.toUpperCase() + w.slice(1);
  }).join("");

export const BENIGN: BenignKind[] = [
  { kind: "git-sha", make: (r) => rs(r, HX, 40) },
  { kind: "short-sha", make: (r) => rs(r, HX, 7 + Math.floor(r() * 5)) },
  {
    kind: "uuid",
    make: (r) =>
      `${rs(r, HX, 8)}-${rs(r, HX, 4)}-4${rs(r, HX, 3)}-${pick(r, ["8", "9", "a", "b"])}${rs(r, HX, 3)}-${rs(r, HX, 12)}`,
  },
  { kind: "sha256-digest", make: (r) => `sha256:${rs(r, HX, 64)}` },
  { kind: "sha512-integrity", make: (r) => `sha512-${rs(r, B64, 86)}==` },
  { kind: "sha1-integrity", make: (r) => `sha1-${rs(r, B64, 27)}=` },
  {
    kind: "semver",
    make: (r) =>
      `${Math.floor(r() * 20)}.${Math.floor(r() * 30)}.${Math.floor(r() * 40)}${pick(r, ["", "-beta.1", "-rc.2", "+build.5"])}`,
  },
  {
    kind: "test-name",
    make: (r) =>
      `${pick(r, ["should", "returns", "handles"])} ${pick(r, WORDS)} ${pick(r, ["token refresh", "empty input", "secret rotation", "password reset flow"])}`,
  },
  { kind: "identifier", make: (r) => camel(r, 2 + Math.floor(r() * 3)) },
  {
    kind: "snake-identifier",
    make: (r) => `${pick(r, WORDS)}_${pick(r, WORDS)}_${pick(r, WORDS)}`.toUpperCase(),
  },
  {
    kind: "error-code",
    make: (r) =>
      pick(r, [
        "TS2304",
        "TS2345",
        "E0425",
        "ERR_MODULE_NOT_FOUND",
        "ENOENT",
        "EADDRINUSE",
        "ERR_INVALID_ARG_TYPE",
        "SQLSTATE 23505",
        "HTTP 503",
      ]),
  },
  {
    kind: "repo-path",
    make: (r) =>
      `src/${pick(r, WORDS)}/${camel(r, 2)}.ts:${1 + Math.floor(r() * 300)}:${1 + Math.floor(r() * 80)}`,
  },
  {
    kind: "localhost-url",
    make: (r) => `http://localhost:${pick(r, [3000, 5173, 8080, 5432])}/api/${pick(r, WORDS)}`,
  },
  {
    kind: "loopback-ip",
    make: (r) => pick(r, ["127.0.0.1:3000", "0.0.0.0:8080", "10.0.3.7", "192.168.1.20", "172.17.0.2:5432"]),
  },
  {
    kind: "iso-timestamp",
    make: (r) =>
      `2024-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}T12:${10 + Math.floor(r() * 49)}:05.123Z`,
  },
  {
    kind: "npm-package",
    make: (r) =>
      `@${pick(r, WORDS)}/${pick(r, WORDS)}-${pick(r, WORDS)}@${Math.floor(r() * 9)}.${Math.floor(r() * 9)}.${Math.floor(r() * 9)}`,
  },
  { kind: "docker-image", make: (r) => `ghcr.io/acme/${pick(r, WORDS)}@sha256:${rs(r, HX, 64)}` },
  { kind: "duration", make: (r) => `${Math.floor(r() * 5000)}ms` },
  { kind: "line-count", make: (r) => `${Math.floor(r() * 100000)}` },
  { kind: "node-internal", make: () => "node:internal/process/task_queues:95:5" },
  { kind: "ts-type", make: (r) => `${pick(r, ["password", "token", "secret"])}: string` },
  { kind: "token-count", make: (r) => `maxTokens: ${Math.floor(r() * 100000)}` },
  { kind: "hex-color", make: (r) => `#${rs(r, HX, 6)}` },
  { kind: "jest-snapshot", make: (r) => `exports[\`${camel(r, 2)} renders 1\`]` },
  // Provider names in identifiers, versions and test names (FC-REDACT-SENSITIVE-14, FC-REDACT-SENSITIVE-18).
  {
    kind: "provider-identifier",
    make: (r) =>
      `${pick(r, ["asana", "slack", "heroku", "discord", "okta", "sentry"])}${pick(r, ["Client", "Channel", "App", "Scope", "Handler"])}`,
  },
  {
    kind: "provider-package-version",
    make: (r) =>
      `${pick(r, ["@sentry/node", "@slack/web-api", "stripe", "twilio"])}@${Math.floor(r() * 9)}.${Math.floor(r() * 30)}.${Math.floor(r() * 9)}`,
  },
  {
    kind: "key-error-test-name",
    make: (r) =>
      `${pick(r, ["test_missing_key", "test_token_refresh", "test_api_key_rotation"])}: ${pick(r, ["KeyError", "TokenExpiredError", "AssertionError"])}: '${pick(r, ["zz", "id", "AWS_SECRET"])}'`,
  },
];

export const BENIGN_CONTEXTS: ((t: string) => string)[] = [
  (t) => `expected ${t} to be defined`,
  (t) => `at build step ${t}`,
  (t) => `resolved ${t} from lockfile`,
  (t) => `"${t}"`,
  (t) => `token ${t} parsed`,
  (t) => `secret rotation test ${t} passed`,
];

/** True when a ≥ 16-character window of `secret` (or the whole secret if shorter) occurs in `text`. */
export function leaks(secret: string, text: string): boolean {
  const w = Math.min(16, secret.length);
  for (let i = 0; i + w <= secret.length; i++) if (text.includes(secret.slice(i, i + w))) return true;
  return false;
}

/** Decodings of an output under which a leak must not appear either (noise, escapes, percent, base64 runs). */
export function outputViews(out: string): string[] {
  const views = [out];
  const stripped = out.replace(/\x1b\[[0-9;]*m/g, "").replace(/[\u200b-\u200f\u2060\ufeff]/g, "");
  views.push(stripped, stripped.replace(/\r?\n/g, ""));
  let cur = stripped;
  for (let i = 0; i < 3; i++) {
    cur = cur
      .replace(/\\(["\\/])/g, "$1")
      .replace(/\\n/g, "\n")
      .replace(/\\r/g, "\r");
    views.push(cur);
  }
  try {
    views.push(decodeURIComponent(decodeURIComponent(stripped.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"))));
  } catch {
    // not percent-encoded
  }
  for (const m of out.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g))
    views.push(Buffer.from(m[0], "base64").toString("latin1"));
  return views;
}
