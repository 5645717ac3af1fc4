// FC-REQ-11, FC-SCAN-1, FC-SCAN-2, FC-LEAK-1, FC-LEAK-2, FC-LEAK-7, FC-PATH-1..4, FC-STAGE1-4, FC-REDACT-MANDATORY-2, FC-REDACT-SENSITIVE-1..17: redaction triggers that must never crash, the leak scan on its own detectors, location paths, the sensitive tombstone, and the contract's named shapes no other case planted.
//
// Fixed fake values; every expectation is the suite's own (a log and not an error, an absent secret, an error code).
import { type Json, oneRoundRequest, type PlantedFinding, type RequestOptions } from "./request.ts";
import {
  alphabetChars,
  loadRules,
  randomBody,
  type RuleDoc,
  refStaysOutOfTheDelta,
  rng,
  textAssertions,
  windows,
  wordMadeToken,
} from "./rules.ts";

/** Every drive letter Windows knows (FC-PATH-2). */
const DRIVE_LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

const A_LOG = { check: "notNull", pointer: "/correctionDelta" };

/** What a supplied finding id may hold (FC-REQ-7's id pattern). */
const ID_SHAPE = /^[A-Za-z0-9._:#/-]{1,128}$/;

/**
 * A record's first positive sample that a finding id may hold, or undefined; a sample whose token body is made of words
 * is not required masked (FC-REDACT-SENSITIVE-3), so it is passed over.
 */
function idSampleOf(r: RuleDoc): string | undefined {
  return r.samples.positive
    .map((p) => (typeof p === "string" ? p : p.text))
    .find((t) => ID_SHAPE.test(t) && !wordMadeToken(r, t));
}

interface Extra {
  area: string;
  claim: string;
  description: string;
  requirements: string[];
  profile?: "required" | "reference";
  findings: PlantedFinding[];
  opts?: RequestOptions;
  /** Secrets that must not survive (checked by 16-character windows). */
  absent?: string[];
  present?: string[];
  /** An error the implementation must answer instead of a log. */
  error?: string;
  /** A log, or this error (both safe answers); `absent` holds for either. */
  orError?: string;
  assertions?: Json[];
  /** The whole expectation, when neither `error` nor `orError` says it. */
  expect?: Json;
}

/** The expectation an Extra states: its own `expect`, or one built from `error`/`orError` and its text checks. */
function expectOf(e: Extra): Json {
  if (e.expect !== undefined) return e.expect;
  const assertions = [
    ...(e.error === undefined && e.orError === undefined ? [A_LOG] : []),
    ...textAssertions(e.absent ?? [], e.present ?? []),
    ...(e.assertions ?? []),
  ];
  return e.error !== undefined
    ? { error: { code: e.error }, assertions }
    : e.orError !== undefined
      ? { assertions, anyOf: [{ error: { code: e.orError } }, { assertions: [A_LOG] }] }
      : { assertions };
}

function toDoc(e: Extra): Json {
  return {
    id: `redaction.${e.area}.${e.claim}`,
    description: e.description,
    requirements: e.requirements,
    profile: e.profile ?? "required",
    command: "compact",
    input: { request: oneRoundRequest(e.findings, e.opts), options: { budgetTokens: 512 } },
    expect: expectOf(e),
  };
}

// Fake secrets, fixed.
const GHP = "ghp_Q7vLm2Xc9RtB4nKp8WzY3dHs6FgJ1aE5uVo0";
/** `token: <GHP>` in base64: a wrapper FC-REDACT-SENSITIVE-8 requires decoded and masked. */
const GHP_WRAPPED = Buffer.from(`token: ${GHP}`).toString("base64");
const SID = "s3Kx9PqL2mNv8RtY4wZb7HcJ";
// GHP in base64.
const GHP_BASE64 = "Z2hwX1E3dkxtMlhjOVJ0QjRuS3A4V3pZM2RIczZGZ0oxYUU1dVZvMA==";
const URL_PASSWORD = "Hx7qLm2Vr9Ps";
const PEM_BODY = [
  "MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi8kLp1sVwq7ZQx4bH2yNcE5fGd",
  "Jk8tR3uW6yXa1Bc4De7Fg0Hi2Jk5Lm8No1Pq4Rs7Tu0Vw3Xy6Za9Bc2De5Fg8Hi1",
];
// A JWT whose payload ({"sub":"svc-deploy","scope":"repo:write???","exp":1893456000}) encodes to a `_`; fake.
const JWT_UNDERSCORE =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMtZGVwbG95Iiwic2NvcGUiOiJyZXBvOndyaXRlPz8_IiwiZXhwIjoxODkzNDU2MDAwfQ.Qm9ndXNTaWduYXR1cmVGb3JUZXN0c09ubHlYWFg";
// A fake private-key body with `+` and `/` among its first characters.
const PEM_BODY_SIGNS = [
  "M+IE/vQ+BAD/AN+Bg/kq+hk/iG9+w0B/AQE+FAA/SCB+KY/wgg+SiA/gEA+AoI/BAQ+C7x/9fQ",
  "Zk5y0pQw4tq8H2nA0wCgYIKoZIzj0EAwIwXk9Tq7Zp2Lm4Rt8VbQw3Jd5Hs6FgJ1aE5u",
];
// A fake private-key body whose first characters hold the edges of each range of the base64 alphabet
// (a, z, A, Z, 0, 9, +, /).
const PEM_BODY_EDGES = [
  "a0zA9Z+/azAZ09/+Zz9aA0MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi8kLp1sVwq",
  "Jk8tR3uW6yXa1Bc4De7Fg0Hi2Jk5Lm8No1Pq4Rs7Tu0Vw3Xy6Za9Bc2De5Fg8Hi1aZ09",
];
// A JWT: header {"alg":"HS256","typ":"JWT"}, a payload and a signature, all fake.
const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MjQyNDI0MiIsIm5hbWUiOiJjaSJ9.Qm9ndXNTaWduYXR1cmVGb3JUZXN0c09ubHkxMjM0NTY3";
// A DigitalOcean token whose 64 random hex digits use 13 of the 16 (drawn from `0`-`9`, `a`-`c`), fake.
const DO_TOKEN_13_DIGITS = "dop_v1_806cc3795c561532605932057a32879295ac3914531971308b3c9538cc9bac10";
const CERT_BODY = "MIIBszCCAVmgAwIBAgIUVv8cY3C3n0Zk5y0pQw4tq8H2nA0wCgYIKoZIzj0EAwIw";
// A Firebase Cloud Messaging key (`APA91b` and 110 body characters), fake.
const FCM_KEY =
  "APA91bpTyGJMuHbEL31IeL2HPcHyGcFRl1SPnXNYvMIHa_2o76umfXfKm_r5kJP1VrT-1FJors_6ILi8IHn5kxsC7tVO_HbkQfyy_KV5zjR3j1twdTKW";

const CRASH = ["FC-REQ-11", "FC-REDACT-SENSITIVE-1"];

/** Texts that once made an implementation answer INTERNAL: a valid request gets a log. */
function triggers(): Extra[] {
  const t = (
    claim: string,
    description: string,
    findings: PlantedFinding[],
    more: Partial<Extra> = {},
  ): Extra => ({
    area: "triggers",
    claim,
    description,
    requirements: CRASH,
    findings,
    ...more,
  });
  return [
    t(
      "secret-word-and-equals-at-the-end-of-a-text",
      "A secret word and `=` at the very end of a text get a log.",
      [
        { id: "t1", text: "login failed: empty password=" },
        { id: "t2", text: "token:" },
        { id: "t3", text: 'api_key="' },
        { id: "t4", text: "password=\\" },
      ],
    ),
    t(
      "backtick-after-a-secret-word-at-the-end",
      "A backtick right after `password:` at the end of a text gets a log.",
      [
        { id: "t1", text: "expected password: `" },
        { id: "t2", text: "token ||`" },
      ],
    ),
    t(
      "percent-encoded-utf8-next-to-a-token",
      "Percent-encoded UTF-8 (`%C3%A9`) right before a token gets a log, and the token is still masked.",
      [{ id: "t1", text: `callback?state=%C3%A9${GHP}&x=%E2%82%AC%F0%9F%98%80%C3` }],
      { absent: [GHP], requirements: [...CRASH, "FC-REDACT-SENSITIVE-8"] },
    ),
    t("aadhaar-shaped-numbers", "Numbers shaped like Aadhaar ids, valid or not, get a log.", [
      { id: "t1", text: "ids 2345 6789 0123, 9999 9999 9999, 0000 0000 0000 and 1234 5678 9012 3456" },
    ]),
    t(
      "repo-root-of-one-separator",
      "A repo root of `/` gets a log, and text that holds no path stays as it was (`got null`).",
      [
        { id: "t1", text: "open /src/a.ts failed" },
        { id: "t2", text: "/src/a.ts", field: "path" },
        { id: "t3", text: "expected object, got null" },
      ],
      {
        opts: { repoRoot: "/" },
        requirements: [...CRASH, "FC-PATH-1"],
        present: ["expected object, got null"],
      },
    ),
    t(
      "repo-root-of-a-drive",
      "A repo root of `C:\\` gets a log.",
      [
        { id: "t1", text: "open C:\\src\\a.ts failed" },
        { id: "t2", text: "C:\\src\\a.ts", field: "path" },
      ],
      { opts: { repoRoot: "C:\\" }, requirements: [...CRASH, "FC-PATH-1"] },
    ),
    t(
      "jwt-prefix-inside-a-word",
      "`eyJ` inside `keyJSON` gets a log, also glued before a run and a `.` that make no JWT.",
      [
        { id: "t1", text: 'keyJSON: {"eyJ": 1} keyJSONeyJhbGciOiJIUzI1NiJ9 keyJSON.eyJ' },
        { id: "t2", text: "see keyJSONabcdefgh.json, tok_eyJabcdefghijk.x and x-eyJhbGciOiJIUzI1NiJ9.y" },
      ],
    ),
    t(
      "secret-data-object-that-is-empty-or-holds-no-string",
      "A Kubernetes Secret's `data` object that is empty, or whose member is no string, gets a log.",
      [
        { id: "t1", text: '{"kind": "Secret", "data": {}}' },
        { id: "t2", text: '{"data": {"replicas": 3}, "stringData": {"a": null}}' },
      ],
    ),
    t(
      "curl-cookie-flag",
      "`curl -b 'sid=…'` gets a log, and the cookie value is masked.",
      [{ id: "t1", text: `curl -b 'sid=${SID}' https://app.example.test/` }],
      { absent: [SID], requirements: [...CRASH, "FC-REDACT-SENSITIVE-17"] },
    ),
    t("tuple-without-an-earlier-key", "A tuple or a quoted comma with no key before it gets a log.", [
      { id: "t1", text: '("", "value") , "k") ("api_token",' },
      { id: "t2", text: '", "x' },
    ]),
    t(
      "named-key-without-a-value",
      'A `name` or `key` naming a secret with no `value` after it (a schema field, a self-closing element) gets a log (what else the text holds, a tuple\'s reading of `"password", "type"` included, is not judged here).',
      [
        { id: "t1", text: '{"name": "password", "type": "string", "required": true}' },
        { id: "t2", text: '<add key="ApiToken" />' },
        { id: "t3", text: "<setting name='db_password'/>" },
      ],
      { requirements: [...CRASH, "FC-REDACT-SENSITIVE-15"] },
    ),
    t(
      "lone-surrogate-in-a-finding-without-an-id",
      "A lone surrogate in a finding that carries no id (so the implementation computes one) gets a log.",
      [{ text: "bad \ud800 text" }, { text: "tail \udc00", field: "trace" }],
      { requirements: CRASH },
    ),
  ];
}

/**
 * Credentials whose every character a finding id may hold (`^[A-Za-z0-9._:#/-]{1,128}$`), one per body alphabet of the
 * token formats (FC-REDACT-SENSITIVE-3, -16): letters and digits, base64url, hex, lower-case hex, upper case and digits,
 * base32, base64 and a free alphabet. Each body opens with its alphabet's edge characters (`0`, `9`, `A`, `Z`, `a`,
 * `z`, or `a`/`f` for hex), so a reader that drops one of them reads a body too short to be a token.
 */
/** A GitHub fine-grained token whose body opens with the edges of its alphabet, `[A-Za-z0-9_]`. */
const GITHUB_PAT_EDGES =
  "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";
const ID_TOKENS: [alphabet: string, provider: string, token: string][] = [
  ["alnum", "OpenAI `sk-`", "sk-0aZ9zApesR9SMEEQ0iVQX10ZLP6Pf0Eu6okpFn1bxavD"],
  ["b64url", "GitLab `glpat-`", "glpat-0aZ9zA-qcWA20peQIn8VnpOt"],
  [
    "hex",
    "42 Intra `s-s4t2ud-`",
    "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",
  ],
  ["lowerhex", "Pulumi `pul-`", "pul-0a9f931dde05b067c6ac2b1522974ef37b80f59e"],
  ["upperalnum", "New Relic `NRAK-`", "NRAK-0AZ9N1TN6JVDOH4FP1UTCIGZFXN"],
  [
    "base32",
    "age `AGE-SECRET-KEY-1`",
    "AGE-SECRET-KEY-10AZ92PTURURW3VXUH4DEV2QK0V5C74Y0YRGRL9UXGNL4C4YLKH7NLVW0WK",
  ],
  [
    "b64",
    "Amazon Bedrock `ABSK`",
    "ABSK0aZ9zA/GTsSpKwZfRaQB1LHhdiCwDc2PyQ7GHJxPTjytk0bn7QRiC1LpDwd9uHFxP9yi5VroJHuwBvOB0iQfVuAboFiBXSrGHL1ny4JLBjS",
  ],
  ["any", "SendGrid `SG.`", "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"],
  ["word", "GitHub fine-grained `github_pat_`", GITHUB_PAT_EDGES],
];

/**
 * A secret in canonicalState.ref, which the log copies unredacted (FC-REDACT-UNTOUCHED-1), judged twice: the
 * reference's scan reads every string of the log and refuses it (FC-SCAN-2, a reference case that tests the scan's
 * own detectors), while the contract lets an implementation refuse it or emit it in `sourceWindow.canonicalStateRef`
 * alone (FC-SCAN-1): the required twin accepts either, never in the Delta or a finding, never INTERNAL.
 */
function inStateRef(e: Extra): Extra[] {
  const ref = e.opts?.ref;
  if (e.error !== "SECRET_LEAK" || ref === undefined || e.profile === "reference") return [e];
  const reference: Extra = {
    ...e,
    profile: "reference",
    requirements: ["FC-SCAN-2", "FC-LEAK-1", "FC-LEAK-2"],
    description: `${e.description} (The reference's scan reads the envelope too, FC-SCAN-2; the contract also lets an implementation emit the ref in sourceWindow.canonicalStateRef alone, which the twin ...-stays-out-of-the-delta accepts.)`,
  };
  // Each secret's 16-character windows, as textAssertions checks them, without its check for a doubled placeholder.
  const absent = (e.absent ?? []).flatMap((a) =>
    [...new Set(windows(a))].map((text) => ({ check: "absentText", text })),
  );
  const twin: Extra = {
    ...e,
    claim: e.claim.replace(/-blocks-the-log$/, "-stays-out-of-the-delta"),
    profile: "required",
    requirements: ["FC-SCAN-1", "FC-REDACT-UNTOUCHED-1", "FC-LEAK-2"],
    description: `${e.description.replace(/,? is caught by the leak scan: SECRET_LEAK(?: (\(.*\)))?\.$/, (_, why?: string) => (why ? ` ${why}` : ""))}: refused with SECRET_LEAK, whose error names none of it, or the log carries it in sourceWindow.canonicalStateRef alone (FC-SCAN-1): never in the Delta or a finding, never an internal error.`,
    expect: refStaysOutOfTheDelta(ref, absent),
  };
  return [reference, twin];
}

/** The leak scan's own detectors (FC-LEAK-1): a secret in canonicalState.ref, which the log copies unredacted. */
function leakScan(): Extra[] {
  const plain: PlantedFinding[] = [{ id: "a1", text: "x unused" }];
  const reqs = ["FC-SCAN-1", "FC-LEAK-1", "FC-LEAK-2"];
  return [
    {
      area: "leak-scan",
      claim: "url-password-in-the-state-ref-blocks-the-log",
      description:
        "A password in URL user info in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: `https://ci:${URL_PASSWORD}@git.example.test/acme/app.git#main` },
      error: "SECRET_LEAK",
      absent: [URL_PASSWORD],
    },
    {
      area: "leak-scan",
      claim: "short-url-password-in-the-state-ref-blocks-the-log",
      description:
        "A URL password of five characters (`https://ci:Kq7x9@…`) in canonicalState.ref is caught by the leak scan: SECRET_LEAK (the reference's scan takes a password of three characters or more).",
      requirements: reqs,
      findings: plain,
      opts: { ref: "https://ci:Kq7x9@git.example.test/acme/app.git#main" },
      error: "SECRET_LEAK",
      absent: ["Kq7x9"],
    },
    {
      area: "leak-scan",
      claim: "url-token-as-user-name-in-the-state-ref-blocks-the-log",
      description:
        "A URL whose user info is one random 22-character token with no colon (`https://<token>@host/…`, as Git hosts take a token for the user name) in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: "https://x9Kq2LmVb7Nc4Xr1TzPwQ8@git.example.test/acme/app.git#main" },
      error: "SECRET_LEAK",
      absent: ["x9Kq2LmVb7Nc4Xr1TzPwQ8"],
    },
    {
      area: "leak-scan",
      claim: "encrypted-private-key-header-in-the-state-ref-blocks-the-log",
      description:
        "A PKCS#8 `-----BEGIN ENCRYPTED PRIVATE KEY-----` header, whose word before PRIVATE KEY runs 21 characters from BEGIN, with its body in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${PEM_BODY.join("\n")}` },
      error: "SECRET_LEAK",
      absent: PEM_BODY,
    },
    {
      area: "leak-scan",
      claim: "private-key-with-escaped-line-ends-in-the-state-ref-blocks-the-log",
      description:
        "A private-key block written with escaped line ends (`\\n`, as a JSON string holds it) in canonicalState.ref is caught by the leak scan: SECRET_LEAK (the body is read across the escapes).",
      requirements: reqs,
      findings: plain,
      opts: { ref: `-----BEGIN RSA PRIVATE KEY-----\\n${PEM_BODY.join("\\n")}` },
      error: "SECRET_LEAK",
      absent: PEM_BODY,
    },
    {
      area: "leak-scan",
      claim: "private-key-in-the-state-ref-blocks-the-log",
      description:
        "A private-key header with its body in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY.join("\n")}` },
      error: "SECRET_LEAK",
      absent: PEM_BODY,
    },
    {
      area: "leak-scan",
      claim: "private-key-with-plus-signs-in-the-state-ref-blocks-the-log",
      description:
        "A private-key header whose base64 body holds `+` and `/` from its first characters on, in canonicalState.ref, is caught by the leak scan: SECRET_LEAK (`+` and `/` are base64 characters of the body, not its end).",
      requirements: reqs,
      findings: plain,
      opts: { ref: `-----BEGIN PRIVATE KEY-----\n${PEM_BODY_SIGNS.join("\n")}` },
      error: "SECRET_LEAK",
      absent: PEM_BODY_SIGNS,
    },
    {
      area: "leak-scan",
      claim: "private-key-with-every-alphabet-edge-in-the-state-ref-blocks-the-log",
      description:
        "A private-key header whose base64 body opens with the first and last letter of each range of the alphabet (`a`, `z`, `A`, `Z`, `0`, `9`, `+`, `/`), in canonicalState.ref, is caught by the leak scan: SECRET_LEAK (each is a body character, not the body's end).",
      requirements: reqs,
      findings: plain,
      opts: { ref: `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY_EDGES.join("\n")}` },
      error: "SECRET_LEAK",
      absent: PEM_BODY_EDGES,
    },
    {
      area: "leak-scan",
      claim: "jwt-in-the-state-ref-blocks-the-log",
      description: "A JWT in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: `deploy-${JWT}` },
      error: "SECRET_LEAK",
      absent: [JWT.split(".")[2]!],
    },
    {
      area: "leak-scan",
      claim: "jwt-with-an-underscore-in-the-state-ref-blocks-the-log",
      description:
        "A JWT whose payload holds `_` (base64url's 63rd character) in canonicalState.ref is caught by the leak scan: SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: { ref: `deploy-${JWT_UNDERSCORE}` },
      error: "SECRET_LEAK",
      absent: [JWT_UNDERSCORE.split(".")[2]!],
    },
    {
      area: "leak-scan",
      claim: "github-fine-grained-token-in-the-state-ref-blocks-the-log",
      description:
        "A GitHub fine-grained token whose body opens with the edges of its alphabet `[A-Za-z0-9_]` (`0aZ9zA_`), in canonicalState.ref, is caught by the leak scan: SECRET_LEAK (each is a body character, not the body's end).",
      requirements: reqs,
      findings: plain,
      opts: { ref: `deploy/${GITHUB_PAT_EDGES}` },
      error: "SECRET_LEAK",
      absent: [GITHUB_PAT_EDGES.slice(11)],
    },
    {
      area: "leak-scan",
      claim: "hex-body-lacking-some-digits-in-the-state-ref-blocks-the-log",
      description:
        "A DigitalOcean token in canonicalState.ref whose 64 hex digits, drawn at random, use 13 of the 16 (one random body in four lacks a digit) is caught by the reference's scan: a hex body's repeated-pattern test counts its distinct digits against 16, not against its length, so SECRET_LEAK.",
      requirements: ["FC-SCAN-2", "FC-LEAK-7"],
      profile: "reference",
      findings: plain,
      opts: { ref: `deploy/${DO_TOKEN_13_DIGITS}` },
      error: "SECRET_LEAK",
      absent: [DO_TOKEN_13_DIGITS.slice(7)],
    },
    {
      area: "leak-scan",
      claim: "periodic-body-in-the-state-ref-gets-a-log",
      description:
        "A documentation placeholder in canonicalState.ref, `dop_v1_` and `0123456789abcdef` four times (its smallest period, 16, is at most half its length), is no token to the reference's scan: a log.",
      requirements: ["FC-SCAN-2", "FC-LEAK-7"],
      profile: "reference",
      findings: plain,
      opts: { ref: `docs/dop_v1_${"0123456789abcdef".repeat(4)}` },
    },
    {
      area: "leak-scan",
      claim: "state-ref-that-opens-like-a-token-but-is-short-is-answered",
      description:
        "canonicalState.ref holding token prefixes of the b64url alphabet but far too short to be a token (`release/github_pat_rotation+sk-admin-rollout-2`): the scan reads its body and finds no secret, so the request gets a log, or SECRET_LEAK where an implementation refuses more in a ref (FC-SCAN-2); never an internal error (FC-REQ-11).",
      requirements: [...reqs, "FC-REQ-11"],
      findings: plain,
      opts: { ref: "release/github_pat_rotation+sk-admin-rollout-2" },
      orError: "SECRET_LEAK",
    },
    {
      area: "leak-scan",
      claim: "aws-key-prefix-before-words-gets-a-log",
      description:
        "`ASIA` and `AKIA` opening words and identifiers (`ASIA_PACIFIC_region_settings_page`, `AKIAEXAMPLEKEYDOCS_for_details`) are no AWS key id (sixteen upper-case letters and digits after the prefix): the redactor leaves them visible and the scan does not fire, a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "the ASIA_PACIFIC_region_settings_page is down" },
        { id: "a2", text: "see AKIAEXAMPLEKEYDOCS_for_details in the wiki" },
      ],
    },
    {
      area: "leak-scan",
      claim: "sendgrid-prefix-before-prose-gets-a-log",
      description:
        "`SG.` before prose in `canonicalState.ref` (`tag SG.north eu west rollout for tenants 42 and 43 …`), which the log copies, is no SendGrid key: the record sendgrid-api-key reads a body of base64url characters and `.`, which stops at the first blank (five characters). The redactor leaves it visible and the scan does not fire: a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [{ id: "a1", text: "deploy 42 failed at 12:00" }],
      opts: { ref: "tag SG.north eu west rollout for tenants 42 and 43 at 12:00, final build" },
    },
    {
      area: "leak-scan",
      claim: "slack-prefix-before-digit-groups-gets-a-log",
      description:
        "A Slack prefix before groups of digits joined by `_` (`xoxb-2024_0612_1530_0001_7788`) is no Slack token: the token's body stops at the first `_` (the record slack-token reads `[0-9A-Za-z-]`), so four digits follow the prefix, and digits alone are one character class. The redactor may leave it visible, and the scan does not fire on it: a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "bot xoxb-2024_0612_1530_0001_7788 was archived" },
        { id: "a2", text: "ticket xoxp-1234_5678_9012_3456_7890 closed" },
      ],
    },
    {
      area: "leak-scan",
      claim: "sha256-digest-under-a-key-naming-a-secrets-version-gets-a-log",
      description:
        "A sha256 digest (64 hex digits) under keys that name a secret's version or name rather than hold it (`secret_version: 9f86…`, `secret_name: 2c26…`) is no secret the design requires masked: hex digits are outside FC-REDACT-SENSITIVE-6's random strings, and FC-REDACT-SENSITIVE-23 lets the redactor leave such a value visible or mask it. The scan does not fire on what the redactor leaves (FC-LEAK-1), so the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-6"],
      findings: [
        {
          id: "a1",
          text: "rotated secret_version: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 is not active",
        },
        {
          id: "a2",
          text: "mount failed for secret_name: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "hex-token-prefix-before-a-body-of-letters-gets-a-log",
      description:
        "Shopify's formats are a prefix and 32 hex digits (FC-REDACT-SENSITIVE-3's record): `shpat_` and `shpss_` before 32 mixed-case letters outside the hex alphabet (a test fixture's mock) are no Shopify token, and DigitalOcean's `dop_v1_` before 55 such letters (its body is 64 lower-case hex digits) is no DigitalOcean token. The redactor may mask such a run or leave it, and the scan does not fire on what it leaves (FC-LEAK-1), so the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "fixture shpat_QwErTyUiOpAsDfGhJkLzXcVbNmQwErTy rejected by the mock" },
        { id: "a2", text: "mock shpss_ZmVpRkLqWnXtYbHcGdJsAeUiOoPaQwEr in test" },
        { id: "a3", text: "mock dop_v1_QwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJkLzXcVb in test" },
      ],
    },
    {
      area: "leak-scan",
      claim: "brevo-prefix-before-a-body-of-another-shape-gets-a-log",
      description:
        "Brevo's API key is `xkeysib-`, 64 hex digits, `-` and 16 letters or digits (FC-REDACT-SENSITIVE-3's record): `xkeysib-` before 60 mixed-case letters and digits in one run (a documentation mock) is no Brevo key. The redactor leaves it visible, so the leak scan must not refuse the log for it (FC-LEAK-1).",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        {
          id: "a1",
          text: "sample header xkeysib-Zq8w3RtYk9abcdEFgh0123ijKLmn4567opQRst8901uvWXyz2345ABcdEF6789 in docs",
        },
      ],
    },
    ...prefixBeforeWords(reqs),
    {
      area: "leak-scan",
      claim: "token-prefix-before-a-word-made-body-gets-a-log",
      description:
        "A provider prefix before a body made of words (FC-REDACT-SENSITIVE-6's reading) that its record's pattern does match (`sk-ReleaseNotesForTuesdayBuild…`, `sk-ant-Release-Notes-For-…`, `sk-ant-release_notes_for_…_2024`, words opening with `z` (`…_zone_zero_…`), `ntn_ReleaseNotes…`, `p8e-ReleaseNotes…`, and `SG.` before a 68-character run of hyphenated words; capitals that end the body or stand before a digit, `…OfTheAPI`, `…HTTP2Client…`, are a word, and three before a lower-case letter are two (`…ForAPIsAnd…`: `AP`, `Is`); a character outside the body's alphabet, `é` or `~`, ends the body; `hf_` before lower-case words and a digit group, `hf_releasenotes…2024version`: a Hugging Face body of letters alone is a token, one holding digits is read as words) is not required masked (FC-REDACT-SENSITIVE-3: real bodies are random): the redactor may mask it or leave it, and the scan does not fire on what it leaves (FC-LEAK-1), so the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-6"],
      findings: [
        "see sk-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
        "see sk-ant-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch here",
        "see sk-ant-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
        "see sk-ant-release_notes_for_Tuesday_build_and_Friday_deploy_of_the_Main_branch_2024 here",
        "see sk-ant-release_notes_for_zone_zero_build_and_Friday_deploy_of_the_Main_branch_2024 here",
        "see ntn_ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
        "see p8e-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
        "see SG.Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch here",
        "see sk-ReleaseNotesForTuesdayBuildOfTheAPI here",
        "see sk-ReleaseNotesForTuesdayBuildOfTheHTTP2ClientAndServer here",
        "see sk-ant-ReleaseNotesForTuesdayBuildAndFridayDeployé here",
        "see sk-ant-ReleaseNotesForTuesdayBuildAndFridayDeploy~draft here",
        "see sk-ReleaseNotesForAPIsAndTuesdayBuilds here",
        "see hf_releasenotesfortuesdaybuild2024version here",
      ].map((text, k) => ({ id: `a${k + 1}`, text })),
    },
    {
      area: "leak-scan",
      claim: "openai-legacy-marker-in-a-patterned-body-gets-a-log",
      description:
        "An `sk-` key that holds OpenAI's legacy marker `T3BlbkFJ` inside a repeated, low-entropy body (`sk-ab12ab12ab12T3BlbkFJab12ab12ab12ab12`, `sk-000000000000T3BlbkFJ000000000000`) matches the record openai-api-key's pattern. Read as a token it is masked (FC-REDACT-SENSITIVE-3); read as a placeholder it is left visible and the scan does not fire on it (FC-LEAK-1): either way the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "mock client built with sk-ab12ab12ab12T3BlbkFJab12ab12ab12ab12 in tests" },
        { id: "a2", text: "mock sk-000000000000T3BlbkFJ000000000000 in tests" },
      ],
    },
    {
      area: "leak-scan",
      claim: "token-prefix-before-a-patterned-body-gets-a-log",
      description:
        "A provider prefix before a body that is a pattern, not a draw (`sk-` and 47 `a` then `1B`; `ghp_` and 35 `x` then `7Q`), matches its record's format but is not required masked (FC-REDACT-SENSITIVE-3: real bodies are random; a body made of one character nearly throughout is a placeholder). Read as a token it is masked; read as a placeholder it is left visible and the scan does not fire on it (FC-LEAK-1): either way the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "see sk-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1B here" },
        { id: "a2", text: "mock ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx7Q in the fixture" },
      ],
    },
    {
      area: "leak-scan",
      claim: "url-with-an-at-sign-after-a-quote-bracket-escape-query-or-fragment-gets-a-log",
      description:
        "A URL's user info ends at the first `/`, white space, quote, `<`, `>`, backslash, `?` or `#` after `://` (RFC 3986: none of them is a user-info character): an `@` after one of them (a package's version in a CDN path, `/npm/d3@7/`, an image digest `app@sha256:…` after a single-quoted URL in a Python dict, after `<`, after a Slack link's `>`, after a JSON-escaped `\\n`, in a query or a fragment, `?user=app2024@build`) opens no user info, so there is no URL password and the request gets a log, never SECRET_LEAK (FC-LEAK-1: the scan fires only on a secret; FC-REDACT-SENSITIVE-4 names `scheme://user:password@host`).",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-4"],
      findings: [
        "{'registry':'https://registry.example.com','image':'app@sha256:3f5a9c'}",
        "https://registry.example.com<app:stable@sha256:3f5a9c>",
        "<https://registry.example.com|registry>:app@sha256:3f5a9c",
        'log: "pull https://registry.example.com\\nimage:app@sha256:3f5a9c"',
        "https://registry.example.com?image=app:stable@sha256:3f5a9c",
        "https://registry.example.com#image=app:stable@sha256:3f5a9c",
        "see https://registry.example.com?user=app2024@build",
        "loading https://cdn.jsdelivr.net/npm/d3@7/dist/d3.min.js",
      ].map((text, k) => ({ id: `a${k + 1}`, text })),
    },
    {
      area: "leak-scan",
      claim: "private-key-words-far-after-a-certificate-header-get-a-log",
      description:
        "A public certificate block followed, further on, by prose that names a `PRIVATE KEY-----` with no header of its own (`-----BEGIN … PRIVATE KEY-----` is the header; here `-----BEGIN` opens the certificate, far before) holds no private key: the prose after the dashes is no key body, so the request gets a log, never SECRET_LEAK (FC-LEAK-1: a public certificate is visible by design; FC-REDACT-SENSITIVE-4 names the header).",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-4"],
      findings: [
        {
          id: "a1",
          text: "PEM bundle -----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIUYx9Qm7vX2pL9tR4wKz8Hn3kYt6BwDQYJKoZIhvcNAQEL -----END CERTIFICATE----- came with no PRIVATE KEY----- block as the uploader cut it off before sending the bundle",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "private-key-header-cut-before-its-dashes-gets-a-log",
      description:
        "A private-key header cut before its closing dashes (`-----BEGIN RSA PRIVATE KEY was cut off`), with a line of dashes and prose further on, holds no key: the scan's private-key check reads a body only right after the header's own dashes, so the request gets a log, never SECRET_LEAK.",
      requirements: reqs,
      findings: [
        {
          id: "a1",
          text: "key header -----BEGIN RSA PRIVATE KEY was cut off ----- see the runbook section about rotating deploy credentials",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "private-key-header-without-a-body-in-the-state-ref-gets-a-log",
      description:
        "A private-key header with no body after it (`-----BEGIN RSA PRIVATE KEY-----` and nothing more, or prose after it, as a tool prints what it looked for), in canonicalState.ref, holds no key: the scan's private-key check fires on a header with a base64 body, so the request gets a log, never SECRET_LEAK.",
      requirements: reqs,
      findings: plain,
      opts: {
        ref: "-----BEGIN RSA PRIVATE KEY----- (looked for, none found; see docs/keys.md, key-rotation.md)",
      },
    },
    {
      area: "leak-scan",
      claim: "luhn-valid-number-of-no-card-brand-gets-a-log",
      description:
        "Long digit runs that pass the Luhn check but open with no payment-card prefix (`3901…`, `3312…`: an order id, a tracking number; `2100…` and `2012…`: Mastercard's 2-series opens with 22 to 27), or open with one at a length its network does not issue (`45678901234567`: fourteen digits, and Visa numbers have 13, 16 or 19; `512345678901232` and `52345678901234565`, fifteen and seventeen digits, and Mastercard numbers have 16; `3488276859557267` and `37256141119563109`, sixteen and seventeen digits, and American Express numbers have 15; `65000000000002`, `6011000000001` and `650000000000003`, fourteen, thirteen and fifteen digits, and Discover numbers have 16 to 19), are no card the redactor masks (the record payment-card lists each network's prefixes and lengths), so they hold no secret: the scan's card check reads only card prefixes at their lengths, and the request gets a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-7"],
      findings: [
        { id: "a1", text: "order 3901234567890123 failed to sync" },
        { id: "a2", text: "shipment 3312345678901238 rejected by the carrier" },
        { id: "a3", text: "ticket 45678901234567 reopened by the on-call" },
        { id: "a4", text: "order 512345678901232 shipped, tracking 5234 5678 9012 3456 5 pending" },
        { id: "a5", text: "order 2100123456789010 shipped, invoice 2012345678901233 sent" },
        { id: "a6", text: "order 3488276859557267 shipped, return 37256141119563109 booked" },
        {
          id: "a7",
          text: "order 65000000000002 shipped, invoice 6011000000001 sent, return 650000000000003 booked",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "age-prefix-before-a-run-of-ones-gets-a-log",
      description:
        "`AGE-SECRET-KEY-1` before a run of `1`s (58 of them) is no age secret key by the record age-secret-key: its body is bech32 data characters, and `1` (bech32's separator) is none of them. The redactor may leave it visible, and the scan does not fire on it: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: `docs: an age key looks like AGE-SECRET-KEY-1${"1".repeat(58)} in the example` },
      ],
    },
    {
      area: "leak-scan",
      claim: "colon-far-after-a-secret-word-before-a-word-made-name-gets-a-log",
      description:
        "A secret word opening a sentence whose colon comes 40 characters or more later, after words or a column of blanks (`secret store unreachable from the build runner: RunnerRegistrationTimeout`), assigns nothing to it: the words between are no key, and the word-made name after the colon holds no secret, so the redactor leaves it visible and the scan, which reads a secret-named key only up to the first character that cannot be in one, does not fire: a log, never SECRET_LEAK.",
      requirements: reqs,
      findings: [
        { id: "a1", text: "secret store unreachable from the build runner: RunnerRegistrationTimeout" },
        {
          id: "a2",
          text: "auth token rejected by the upstream gateway, cause: UpstreamAuthenticationFailed",
        },
        { id: "a3", text: "token refresh skipped for cluster eu-west-2     : ClusterCredentialsExpired" },
      ],
    },
    {
      area: "leak-scan",
      claim: "certificate-in-a-message-gets-a-log",
      description:
        "A public certificate (`-----BEGIN CERTIFICATE-----` and its body) in a message is no leak: a log.",
      requirements: reqs,
      findings: [
        {
          id: "a1",
          text: `tls: bad certificate -----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----`,
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "key-json-in-a-message-gets-a-log",
      description: "`keyJSON` and `eyJ` inside words in a message are no leak: a log.",
      requirements: reqs,
      findings: [{ id: "a1", text: "cannot parse keyJSON (starts with eyJ, keyJSONeyJ)" }],
    },
    {
      area: "leak-scan",
      claim: "dotted-base64-json-glued-to-a-word-that-is-no-jwt-gets-a-log",
      description:
        "Dot-separated base64url JSON glued to a word (`keyJSONeyJ…` with parts of ten characters and more) whose first part decodes to JSON naming neither `alg` nor `typ` is no JWT: the redactor leaves it visible, the scan does not fire, a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-4"],
      findings: [{ id: "a1", text: "cache entry keyJSONeyJpbmRleCI6M30.eyJuZXh0Ijo0fQ.v1 is missing" }],
    },
    {
      area: "leak-scan",
      claim: "short-hex-url-user-gets-a-log",
      description: "A short hex user name in a URL, without a password, is no leak: a log.",
      requirements: reqs,
      findings: [{ id: "a1", text: "fetch https://a1b2c3d4@registry.example.test/pkg failed" }],
    },
    {
      area: "leak-scan",
      claim: "env-var-name-after-a-secret-word-gets-a-log",
      description:
        "An environment-variable name as the value of a secret-named key (upper case and underscores), or a reference to the store that keeps one (`env.OPENAI_API_KEY_Prod2`, `vars.DeployToken2024abcXyz`, as a CI workflow names them), names a secret without holding one: masked or visible, a log, never SECRET_LEAK.",
      requirements: reqs,
      findings: [
        { id: "a1", text: "set password: MY_SERVICE_DATABASE_PASSWORD in the CI settings" },
        {
          id: "a2",
          text: "deploy step reads api_key: env.OPENAI_API_KEY_Prod2 and token=vars.DeployToken2024abcXyz",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "low-entropy-value-under-a-key-about-a-secret-gets-a-log",
      description:
        "Values of low entropy (repeated digit-letter pairs, under 3.5 bits a character) under keys that name something about a secret rather than the secret (`secret_name`, `token_type`, `password_file`) are no random strings (FC-REDACT-SENSITIVE-6) and under no key FC-REDACT-SENSITIVE-5 binds: the redactor may leave them visible, so the scan must not refuse them: a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      findings: [
        {
          id: "a1",
          text: "rotate secret_name: prod-db-a1b2-a1b2-c3d4 (token_type: Bearer_v1_a1b2a1b2, password_file: a1b2a1b2a1b2a1b2c3)",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "short-random-value-under-a-key-about-a-secret-gets-a-log",
      description:
        "Random-looking values of 12 to 15 characters under keys that name something about a secret rather than the secret (`token_type`, `tokenId`, `maxTokens`, `secret_name`) are under no key FC-REDACT-SENSITIVE-5 binds and shorter than FC-REDACT-SENSITIVE-6's random string (20 characters or more): they hold no secret the contract names, so the redactor may leave them visible and the scan must not refuse them: a log (masked or not), never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      findings: [
        {
          id: "a1",
          text: "auth ok: token_type=Ab3dEf9hJkLm, tokenId: Xy7Qw2Er9Tz1Kp, maxTokens=Qw3Er5Ty7Ui9Op",
        },
        { id: "a2", text: "vault lookup secret_name: Zx8Cv6Bn4Mq2Wp not found" },
      ],
    },
    {
      area: "leak-scan",
      claim: "word-made-value-with-two-digit-groups-gets-a-log",
      description:
        "A body or value made of words with exactly two digit groups (`sk-ReleaseNotes2024ForTuesdayBuild7FinalCut`, `token_type: ReleaseNotes2024Build7`; groups that open with `9` or `0`, `…Notes9For…Build0…`) is made of words in FC-REDACT-SENSITIVE-6's sense (at most two digit chunks): no required token after a provider prefix (FC-REDACT-SENSITIVE-3) and no random string under a key, so the redactor may leave it visible and the scan must not fire on it: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-6"],
      findings: [
        { id: "a1", text: "openai key sk-ReleaseNotes2024ForTuesdayBuild7FinalCut rejected" },
        { id: "a2", text: "unexpected token_type: ReleaseNotes2024Build7 in the reply" },
        // Digit groups that open with the first and the last digit (a chunker that takes `9` or `0` for no digit
        // calls these random).
        { id: "a3", text: "openai key sk-ReleaseNotes9ForTuesdayBuild0FinalCut rejected" },
        { id: "a4", text: "unexpected token_type: ReleaseNotes09Build90 in the reply" },
      ],
    },
    {
      area: "leak-scan",
      claim: "placeholder-key-that-repeats-a-unit-or-one-character-gets-a-log",
      description:
        "Documentation placeholders after the OpenAI key prefix are a pattern rather than a draw (FC-REDACT-SENSITIVE-3 does not require them masked): a unit repeated two and a half times (`sk-1234567890abcdef1234567890abcdef12345678`) and one character nearly throughout (`sk-` and 186 `a`, then fourteen other characters). The redactor may leave them visible, so the scan must not fire on them: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "example sk-1234567890abcdef1234567890abcdef12345678 in README" },
        { id: "a2", text: `example sk-${"a".repeat(186)}B1cD2eF3gH4iJ5 in README` },
      ],
    },
    {
      area: "leak-scan",
      claim: "url-user-name-in-the-state-ref-gets-a-log",
      description:
        "A URL whose user info is a long user name without a password (`https://ci-deploy-bot-account-name@…`), in canonicalState.ref, holds no secret: FC-LEAK-1 names a URL user name without a password among what the scan never fires on, so the request gets a log, never SECRET_LEAK.",
      requirements: reqs,
      findings: [{ id: "a1", text: "build failed" }],
      opts: { ref: "https://ci-deploy-bot-account-name@git.example.test/acme/app.git#main" },
    },
    {
      area: "leak-scan",
      claim: "secret-word-ending-a-line-before-a-key-that-names-no-secret-gets-a-log",
      description:
        "A secret word that ends its line (`refreshed token`) assigns nothing on the next one: the random-looking value of a key that names no secret there (`run_ref: Ab3d…`) follows no secret word on its own line (FC-REDACT-SENSITIVE-6 reads the same line) and no secret-named key (FC-REDACT-SENSITIVE-5), so it holds no secret the contract names: the redactor may leave it visible and the scan must not read the word, the line end and the next key as one assignment: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      findings: [
        { id: "a1", text: "refreshed token\nrun_ref: Ab3dEf9hJkLmNpQr8sT5xY2zWq7Vu4Lp" },
        { id: "a2", text: "rotated the secret\nbuild: Qw8Er6Ty4Ui2Op0AsDf7GhJkZx5Cv7Bn" },
      ],
    },
    {
      area: "leak-scan",
      claim: "random-value-under-a-key-that-holds-no-secret-word-gets-a-log",
      description:
        "A random-looking value under a key whose name holds a secret word only inside another word (`keyboard`, `keynote`, `monkey_patch_id`, `author`, `authored_by`: no secret substring or segment of FC-REDACT-SENSITIVE-5, no secret word as a word for FC-REDACT-SENSITIVE-6) holds no secret the contract names: the redactor may leave it visible, and the scan must not fire on it: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      findings: [
        { id: "a1", text: "keyboard: Ab3dEf9hJkLmNpQr8sT5xY2z" },
        { id: "a2", text: "monkey_patch_id: Qw8Er6Ty4Ui2Op0AsDf7GhJk, keynote=Zx5Cv7Bn9Mq1Wp3Le6Rt8Yk2Ha" },
        { id: "a3", text: "author: Pd4Fg6Hj8Kl2Zx7Cv9Bn3Mq5Wt (authored_by=Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc)" },
      ],
    },
    {
      area: "leak-scan",
      claim: "settings-list-after-a-count-key-gets-a-log",
      description:
        "A list of settings after a key that names a count (`max_tokens:4096,temperature:0.7,top_p:0.9,seed:42`, as a model call logs them) holds no secret: the key is outside FC-REDACT-SENSITIVE-5's binding and no run of it is FC-REDACT-SENSITIVE-6's random string, so the redactor may leave it visible and the scan must not read the whole list as one value: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      findings: [
        { id: "a1", text: "model call: max_tokens:4096,temperature:0.7,top_p:0.9,seed:42 timed out" },
      ],
    },
    {
      area: "leak-scan",
      claim: "provider-prefix-before-an-angle-bracket-placeholder-gets-a-log",
      description:
        "A provider prefix before a placeholder in angle brackets (`github_pat_<paste_your_Fine_Grained_value_here_2024>`, as a README shows the format) is no token: `<` is no character of the record's body alphabet, so the body ends before it and there is none (FC-LEAK-1: each prefix rule reads the body its record allows); the redactor leaves it visible and the scan must not fire: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        {
          id: "a1",
          text: "docs: a fine-grained PAT looks like github_pat_<paste_your_Fine_Grained_value_here_2024> in the README",
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "provider-prefix-inside-a-word-gets-a-log",
      description:
        "`rk_test_`, `sk-admin-` and `sk-ant-` ending ordinary words (a test name, a pod name, a job name) are no credentials: the formats count them only at a token start, so the redactor leaves them visible and the scan does not fire: a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        { id: "a1", text: "FAIL network_test_ConnectTimeoutIPv6Fallback" },
        { id: "a2", text: "pod risk-admin-dashboard-worker-7d9f8b6c5-x2k4p crashed" },
        { id: "a3", text: "job task-ant-colony-simulation-v2-benchmark-run failed" },
      ],
    },
    {
      area: "leak-scan",
      claim: "placeholder-key-of-one-repeated-letter-gets-a-log",
      description:
        "A documentation placeholder after the OpenAI key prefix (`sk-` and forty `x`) is no credential: the record openai-api-key's shape check refuses a body of one repeated letter, so the redactor may leave it visible and the scan must not fire on it: a log, never SECRET_LEAK.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
      findings: [
        {
          id: "a1",
          text: `docs: set OPENAI_API_KEY to your own key, e.g. sk-${"x".repeat(40)} in .env.example`,
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "url-followed-by-prose-with-an-at-sign-gets-a-log",
      description:
        'A URL\'s user info ends at the first blank or quote: a URL without one, then prose or compact JSON holding a colon and a later `@` (`git@github.com:org/repo.git`, `deploy@ci`, `"peer":"@types/node"`), has no URL password, so the redactor leaves it visible and the scan does not fire: a log, never SECRET_LEAK.',
      requirements: [...reqs, "FC-REDACT-SENSITIVE-4"],
      findings: [
        { id: "a1", text: "open https://ci.example.test (step 2: clone git@github.com:org/repo.git)" },
        { id: "a2", text: "docs at http://localhost:3000 say: run as deploy@ci" },
        {
          id: "a3",
          text: 'npm ERR! invalid manifest {"homepage":"https://example.org","author":"dev","peer":"@types/node"}',
        },
      ],
    },
    {
      area: "leak-scan",
      claim: "git-sha-after-a-key-that-holds-a-secret-word-gets-a-log",
      description:
        "A forty-hex git SHA assigned to a key that merely holds a secret word (`tokenizer_version=…`, `secretsRef: …`) is a commit, no secret: masked or left visible (the reference leaves it), it makes the scan fire on nothing, so the request gets a log.",
      requirements: reqs,
      findings: [
        { id: "a1", text: "model loaded with tokenizer_version=3f786850e387550fdab836ed7e6dc881de23001b" },
        { id: "a2", text: "chart values secretsRef: 9c1185a5c5e9fc54612808977ee8f548b2258d31 unchanged" },
      ],
    },
    {
      area: "leak-scan",
      claim: "card-like-numbers-that-are-no-card-get-a-log",
      description:
        "Sixteen-digit numbers that fail the Luhn check (an order number, a hyphenated reference) and Luhn-valid ones glued into an identifier (after or before `_`, after a letter or a `.`, also with a blank after the first digit, `ab4 111 1111 1111 1111`, or followed by a decimal part `.5`), and decimal numbers whose digits on both sides of the point would pass Luhn as one run (`4930965634312.97`), are no payment card (FC-REDACT-SENSITIVE-7 cards pass Luhn and stand alone): the scan does not fire, a log.",
      requirements: [...reqs, "FC-REDACT-SENSITIVE-7"],
      findings: [
        { id: "a1", text: "order 4111111111110056 shipped late" },
        { id: "a2", text: "ref 41111111-11110064 not found" },
        { id: "a3", text: "fixture 4111111111111111_v2 loaded" },
        // Glued after a letter, `_` or `.`: no more a card than glued before one.
        { id: "a4", text: "fixture build_4111111111111111 loaded" },
        { id: "a5", text: "asset v1.4111111111111111 cached" },
        { id: "a6", text: "row x4111111111111111 skipped" },
        // Fails Luhn, but passes a Luhn test that takes 9 off the small doubled digits instead of the large ones.
        { id: "a7", text: "order 4123456789012345 was refused, retry 4123 4567 8901 2345" },
        // Glued to an upper-case letter, before or after: no more a card than glued to a lower-case one.
        { id: "a8", text: "build ID4111111111111111 ok, order 4111111111111111Z shipped" },
        // Fails Luhn, but passes a Luhn test that halves a doubled digit over 9 before taking 9 off.
        { id: "a9", text: "order 4472019860395476 shipped late" },
        // A decimal part after the digits: a number, as a version or a fraction would be.
        { id: "a10", text: "ratio 4111111111111111.5 rounded down" },
        // Decimal numbers whose digits before and after the point, read as one run, would pass Luhn at a Visa length.
        { id: "a14", text: "latency 4930965634312.97 ms, sum 45486597166.3804, value 40423568516529.1" },
        // Fail Luhn, but pass a Luhn test that adds 9 to a doubled digit over 9 instead of taking 9 off: one per
        // network whose numbers hold such digits (Mastercard, Discover, American Express).
        { id: "a11", text: "order 5555555555554446 failed: amount mismatch" },
        { id: "a12", text: "card on file 6011111111111119 rejected, ref 378282246310007 queued" },
        // Glued after a letter or `_` with a blank after its first digit: the glue is read before the run, not
        // inside it.
        { id: "a13", text: "row ab4 111 1111 1111 1111 skipped, fixture build_4 111 1111 1111 1111 loaded" },
      ],
    },
    {
      area: "leak-scan",
      claim: "card-shaped-number-after-a-word-and-a-dash-gets-a-log",
      profile: "reference",
      description:
        "The reference reads a Luhn-valid card-shaped number glued to a word by a dash (`f-4429149591430301`, the shape a computed finding id may take, FC-ID-1, here as a supplied id the Delta renders; `order-4111111111111111` in a message) as an identifier, not a card: its redactor leaves it visible and its scan does not fire, a log. (Reference: FC-LEAK-1 names a letter, `_` and `.` as the glue that makes such a number no card; an implementation may read one after a dash as a card, and mask or refuse it.)",
      requirements: [...reqs, "FC-ID-1", "FC-REDACT-SENSITIVE-7"],
      findings: [{ id: "f-4429149591430301", text: "ticket order-4111111111111111 closed" }],
    },
    {
      area: "leak-scan",
      claim: "firebase-key-glued-to-a-word-never-reaches-the-log",
      description:
        "A Firebase Cloud Messaging key glued to a word (its format has no token-start condition) is masked, or the compaction fails with SECRET_LEAK; it appears nowhere in the reply.",
      requirements: ["FC-REDACT-SENSITIVE-3", "FC-SCAN-1", "FC-LEAK-2"],
      findings: [{ id: "a1", text: `push rejected for token${FCM_KEY}` }],
      absent: [FCM_KEY.slice(6)],
      orError: "SECRET_LEAK",
    },
    // A supplied finding id is rendered into the Delta as it is (FC-REQ-16), and the redactor reads only the texts of
    // redaction.md; a credential there is the post-render scan's to stop (FC-SCAN-1, FC-LEAK-2): masked or refused,
    // it never reaches the reply (issue 27: with the scan's prefix table or an alphabet broken, it did).
    // Every contract token format (its first sample that a finding id may hold), one case each: one stopped id refuses
    // the whole compaction, so a case with several would pass with one of them caught.
    ...loadRules()
      .filter((r) => r.kind === "token-format" && r.class === "contract")
      .flatMap((r): Extra[] => {
        const sample = idSampleOf(r);
        if (sample === undefined) return [];
        return [
          {
            area: "leak-scan",
            claim: `${r.id}-as-a-finding-id-never-reaches-the-reply`,
            description: `A credential of the token format ${r.id} (spec/rules/redaction-rules.json) as a supplied finding id, which the Delta renders, is stopped: the compaction fails with SECRET_LEAK, or the log carries the id masked or replaced; the credential appears nowhere in the reply.`,
            requirements: ["FC-SCAN-1", "FC-LEAK-2", ...r.requirements],
            findings: [{ id: sample, text: "x unused" }],
            absent: [sample],
            orError: "SECRET_LEAK",
          },
        ];
      }),
    // Every prefix of every contract token format with a format, followed by a random body of minBody characters of
    // its alphabet (FC-REDACT-SENSITIVE-3: such a prefix and body is a token, whatever the samples show), as a
    // supplied finding id: the post-render scan must know every prefix, not only the one a sample shows.
    ...(() => {
      const draw = rng(2711);
      return loadRules()
        .filter((r) => r.kind === "token-format" && r.class === "contract" && r.format !== undefined)
        .flatMap((r): Extra[] => {
          // The prefix the record's own id case above already plants.
          const planted = idSampleOf(r);
          const covered = r
            .format!.prefixes.filter((p) => planted?.startsWith(p))
            .reduce((x, p) => (p.length > x.length ? p : x), "");
          return r.format!.prefixes.flatMap((prefix): Extra[] => {
            if (prefix === covered) return [];
            const body = randomBody(draw, alphabetChars(r.format!.alphabet), r.format!.minBody);
            const id = body === null ? "" : `${prefix}${body}`;
            if (!ID_SHAPE.test(id) || wordMadeToken(r, id)) return [];
            const slug = prefix
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-")
              .replace(/^-|-$/g, "");
            return [
              {
                area: "leak-scan",
                claim: `${r.id}-prefix-${slug}-with-a-random-body-as-a-finding-id-never-reaches-the-reply`,
                description: `The prefix \`${prefix}\` of the token format ${r.id} (spec/rules/redaction-rules.json) followed by a random body of ${r.format!.minBody} characters of its alphabet is a credential (FC-REDACT-SENSITIVE-3); as a supplied finding id, which the Delta renders, it is stopped: the compaction fails with SECRET_LEAK, or the log carries the id masked or replaced; the credential appears nowhere in the reply.`,
                requirements: ["FC-SCAN-1", "FC-LEAK-2", ...r.requirements],
                findings: [{ id, text: "x unused" }],
                absent: [id],
                orError: "SECRET_LEAK",
              },
            ];
          });
        });
    })(),
    ...ID_TOKENS.map(
      ([alphabet, provider, token]): Extra => ({
        area: "leak-scan",
        claim: `${alphabet}-token-in-a-finding-id-never-reaches-the-reply`,
        description: `A ${provider} credential (body alphabet: ${alphabet}) as a supplied finding id, which the Delta renders, is stopped: the compaction fails with SECRET_LEAK, or the log carries the id masked or replaced; the credential appears nowhere in the reply.`,
        requirements: [
          "FC-SCAN-1",
          "FC-LEAK-2",
          alphabet === "hex" || alphabet === "b64" ? "FC-REDACT-SENSITIVE-16" : "FC-REDACT-SENSITIVE-3",
        ],
        findings: [{ id: token, text: "x unused" }],
        absent: [token],
        orError: "SECRET_LEAK",
      }),
    ),
  ];
}

/**
 * A provider prefix before words or digit groups that its record reads as no token (FC-LEAK-1, FC-REDACT-SENSITIVE-3):
 * each text is outside the record's `pattern` (a character its body alphabet lacks, or a fixed part missing), so the
 * redactor leaves it visible by design and the scan, reading the body the record allows, does not fire: a log.
 */
function prefixBeforeWords(reqs: string[]): Extra[] {
  const one = (claim: string, description: string, texts: string[]): Extra => ({
    area: "leak-scan",
    claim,
    description,
    requirements: [...reqs, "FC-REDACT-SENSITIVE-3"],
    findings: texts.map((text, k) => ({ id: `a${k + 1}`, text })),
  });
  return [
    one(
      "slack-prefix-before-words-gets-a-log",
      "Slack prefixes before words (`xoxb-release_notes_for_Tuesday_build`, `xoxe-Release-Notes-For-Tuesday-Build`, `xapp-Release-Notes-For-Tuesday-Build`) are no Slack token by the record slack-token: its `xox?-` body reads `[0-9A-Za-z-]` and stops at the first `_` (seven letters), and an `xoxe-` or `xapp-` body opens with digits and `-` (a letter in their place, `xapp-a-…`, `xoxe-releasenotes9-…`, makes no token). The redactor leaves them visible, and the scan does not fire: a log.",
      [
        "see xoxb-release_notes_for_Tuesday_build here",
        "see xoxe-Release-Notes-For-Tuesday-Build-And-Friday-Deploy here",
        "see xapp-Release-Notes-For-Tuesday-Build-And-Friday-Deploy here",
        "see xapp-a-Release-Notes-For-Tuesday-Build-2024 and xoxe-releasenotes9-Xk9pQ2mZ7rT4vB8nW3yL1cHs6 here",
      ],
    ),
    one(
      "token-prefixes-before-a-random-body-missing-a-fixed-part-get-a-log",
      "A provider prefix whose record fixes parts (Mapbox `sk.eyJ`, Grafana `glsa_`, Postman `PMAK-`, Brevo `xkeysib-`, Slack `xoxe-` and `xapp-`, SendGrid `SG.`) before a random body that breaks one part (the separator and the part after it missing, a part one character short of its least length or one over its greatest, a hex part of other letters, SendGrid's one run of 59) is no token by the record's `pattern`: the redactor may leave it visible, and the scan, which reads the parts a record fixes, does not fire on it, so the request gets a log, never SECRET_LEAK. The random bodies are what a scan that skips a part would take for a key.",
      [
        "mock sk.eyJHtU7q1XsrIqXuHWMpfO9qJS1PT0Utg4quANlEIslRBBhrd in the fixture",
        "mock sk.eyJZj8FC3cCx.IkTQ5hZygQChxOSSBnfI094nuNbz4wRT in the fixture",
        "mock sk.eyJJxNmdHZhckG16u4quO0mLz9GVBtXUR.elph9dzDPooYGA8 in the fixture",
        "mock glsa_jse2Kf8gUuRSdsPn28ipwEomHKCfOp6v3ihtVRS98cNR in the fixture",
        "mock glsa_L364Gux5oVZF0zkQRmegc4MvZapdBsPj_ghijklmn in the fixture",
        "mock glsa_NmkqVb3GElYk9bNursSMtC0ljFJkGIS_b3d3cdbe in the fixture",
        "mock PMAK-2fa6683136a2c8a1fa9dc748ad4e7b3c7701b5a9f52c69ca748c163f in the fixture",
        "mock PMAK-ffb8d239deefba3043089d7-50c98a15c900a5023accec947a60fe1c in the fixture",
        "mock PMAK-292d9be7134495192dca6485-282addd224388289c0e7bcf857f1a in the fixture",
        "mock xkeysib-9b929438e67132119e601230e5c756e19120da08a87005b523e5d5cf802ed6af0a9a898c in the fixture",
        "mock xkeysib-15383cc91e24525dcadb37e4f634c9915177c94-SYWKiIFO7DEBaabWq7Lm2 in the fixture",
        "mock xkeysib-52828715c18644e805d8541b8201f6ef9c020d2f124266474503e15ecb6da259-lMhOUcd0eGO in the fixture",
        "mock xoxe-AYP4kvBRl58uguINjlWIYBFyP1ODRlAo6WUdF7fQ in the fixture",
        "mock xoxe-12345678901234-cEBzZyNugZy9Wy4gUIE7TNj7a9CNEM in the fixture",
        "mock xoxe-7-0SPl4AQoDhORUMrg7gf in the fixture",
        "mock xapp-12-OynFUrRHiElQyw3PiV6hiZvGGwcsjI in the fixture",
        "mock xapp-3-W8Sla6UM8sUJ4tBw9v8 in the fixture",
        "mock SG.tavLLOztpfSaNq2.nwQmd3xJsOHengTasS3H0R7VPAt3cIqPydYFA77x in the fixture",
        "mock SG.Ek0qBI5mCjgckTSuGRUv.VzLx05ygyV8xg8pco2Qjy2YIGsMzh in the fixture",
        "mock SG.nN7krJuCwNnis2MozaLYyApuMDHYGUSP3CKZo8Q2zQ3IVZQfRZMUfqr6EYw in the fixture",
      ],
    ),
    one(
      "github-fine-grained-prefix-before-hyphenated-words-gets-a-log",
      "`github_pat_` before hyphenated words (`github_pat_Rotation-Runbook-For-The-Platform-Team-Q3-2024`) is no fine-grained token: the record github-fine-grained-pat reads a body of `[A-Za-z0-9_]`, which stops at the first `-` (eight letters). The redactor leaves it visible, and the scan does not fire: a log.",
      ["see github_pat_Rotation-Runbook-For-The-Platform-Team-Q3-2024 in the wiki"],
    ),
    one(
      "sendgrid-prefix-before-a-path-or-a-long-word-gets-a-log",
      "`SG.` before a path (`SG.Templates/Welcome_Email/Version_2024_06/Preview`, or joined by colons) or a run of more than 80 letters, or one run of 46 characters without a second part, is no SendGrid key by the record sendgrid-api-key: a body is two base64url parts joined by `.`, or one run of 60 to 80 characters of `[A-Za-z0-9_=.-]`; `/` or `:` ends it (`SG.Templates:Welcome_Email:…`, 68 characters of words and colons). The redactor leaves them visible, and the scan does not fire: a log.",
      [
        "template SG.Templates/Welcome_Email/Version_2024_06/Preview was renamed",
        "template SG.Templates:Welcome_Email:Version_2024_06:Preview:Desktop:Dark_Mode_v2 was renamed",
        "see SG.AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGhIjKlMnOp here",
        "ref SG.Xk9pQ2mZ7rT4vB8nW3yL1cHs6FgJ1aE5uVo0Q7vLm2 done",
      ],
    ),
    one(
      "grafana-service-account-prefix-before-words-gets-a-log",
      "`glsa_` before words (`glsa_release_notes_for_Tuesday_build_and_Friday_deploy`) is no Grafana service-account token by the record grafana-token: its body is 32 letters and digits, `_`, and 8 hex digits. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see glsa_release_notes_for_Tuesday_build_and_Friday_deploy here"],
    ),
    one(
      "postman-prefix-before-words-gets-a-log",
      "`PMAK-` before words (`PMAK-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-2024`) is no Postman key by the record postman-api-key: its body is 24 lower-case hex digits, `-`, and 30 to 34 more. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see PMAK-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-2024 here"],
    ),
    one(
      "shopify-prefix-before-capital-words-and-digits-gets-a-log",
      "Shopify prefixes before capital words and digit groups (`shpat_YOUR_ACCESS_TOKEN_GOES_HERE_1234`, `shpss_SESSION_KEY_FOR_STORE_42_ROTATED_2025`) are no Shopify token by the record shopify-token: its body reads `[a-fA-F0-9]`, and `Y`, `S` and `_` are none of them. The redactor leaves them visible, and the scan does not fire: a log.",
      [
        "replace shpat_YOUR_ACCESS_TOKEN_GOES_HERE_1234 in the example config",
        "see shpss_SESSION_KEY_FOR_STORE_42_ROTATED_2025 in the runbook",
      ],
    ),
    one(
      "flutterwave-prefix-before-words-gets-a-log",
      "`FLWSECK-` before words (`FLWSECK-Release-Notes-For-Tuesday-Build-And-Friday`) is no Flutterwave key by the record flutterwave-key: its body reads `[a-hA-H0-9]`, and `R` is none of them. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see FLWSECK-Release-Notes-For-Tuesday-Build-And-Friday here"],
    ),
    one(
      "brevo-prefix-before-words-gets-a-log",
      "`xkeysib-` before words (`xkeysib-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch`) is no Brevo key by the record brevo-api-key: its body is 40 to 64 lower-case hex digits, `-`, and 12 to 16 letters and digits. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see xkeysib-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch here"],
    ),
    one(
      "mapbox-prefix-before-words-gets-a-log",
      "`sk.eyJ` before words with no second part (`sk.eyJRelease-Notes-For-Tuesday-Build-And-Friday-Deploy`) is no Mapbox secret token by the record mapbox-secret-token: its body is a base64url part, `.`, and a second part of at least 16. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see sk.eyJRelease-Notes-For-Tuesday-Build-And-Friday-Deploy here"],
    ),
    {
      ...one(
        "uuid-or-word-made-value-under-an-id-or-count-key-gets-a-log",
        "A UUID or a value made of words assigned to a key that holds `token` but names an id, a count or a kind (`tokenId=3fa85f64-…`, `token_type=…`, `tokenizer=ReleaseNotesForTuesdayBuild2024`, `tokenizer=Go2ReleaseNotesForTuesday`: a two-letter word before a digit chunk is still words), and a random value under `tokenId`: the redactor may mask each value or leave the UUID and the words visible (FC-REDACT-SENSITIVE-5, -10, -23), and the scan does not fire on what it leaves (FC-LEAK-1), so the request gets a log, never SECRET_LEAK; the random value is masked.",
        [
          "job tokenId=3fa85f64-5717-4562-b3fc-2c963f66afa6 queued",
          "oauth token_type=3fa85f64-5717-4562-b3fc-2c963f66afa6 set",
          "model tokenizer=ReleaseNotesForTuesdayBuild2024 loaded",
          "model tokenizer=Go2ReleaseNotesForTuesday loaded",
          "job tokenId=a8f3k2l9x7q1w5e6r4t0zz queued",
        ],
      ),
      requirements: [...reqs, "FC-REDACT-SENSITIVE-5"],
      absent: ["a8f3k2l9x7q1w5e6r4t0zz"],
    },
    one(
      "supabase-prefix-before-a-uuid-gets-a-log",
      "`sbp_` before a UUID (`sbp_3fa85f64-5717-4562-b3fc-2c963f66afa6`, a resource name) is no Supabase token by the record supabase-token: its body is 30 to 40 lower-case hex digits, and `-` is none of them. The redactor leaves it visible, and the scan does not fire: a log.",
      ["see sbp_3fa85f64-5717-4562-b3fc-2c963f66afa6 here"],
    ),
  ];
}

/** Location paths and absolute paths in free text (FC-PATH-2, FC-PATH-4, FC-STAGE1-4). */
function paths(): Extra[] {
  const mask = "«redacted:path»";
  const at = (i: number) => `/findings/${i}/location/path`;
  return [
    {
      area: "paths",
      claim: "one-segment-location-path-is-masked",
      description: "A location path `/foo` outside the repo is absolute: it becomes exactly the path mask.",
      requirements: ["FC-PATH-4", "FC-STAGE1-4"],
      findings: [{ id: "p1", text: "/foo", field: "path" }],
      opts: { repoRoot: "/home/dev/repo" },
      assertions: [{ check: "equals", pointer: at(0), value: mask }],
    },
    {
      area: "paths",
      claim: "windows-location-path-with-a-blank-is-masked-whole",
      description:
        "A Windows location path whose user name holds a blank becomes exactly the path mask, no half of it.",
      requirements: ["FC-PATH-4", "FC-STAGE1-4"],
      findings: [{ id: "p1", text: "C:\\Users\\Jane Doe\\proj\\src\\a.ts", field: "path" }],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["Jane", "Doe", "proj\\\\src", "proj/src"],
      assertions: [{ check: "equals", pointer: at(0), value: mask }],
    },
    {
      area: "paths",
      claim: "windows-drive-paths-after-punctuation-are-masked",
      description:
        "Windows drive paths right after an `=`, a `[` or a `>` (`--log=C:\\Users\\alice\\…`, `[D:\\a\\app\\…]`, `2>E:\\tmp\\…`) are Windows drive paths like any other and are masked (FC-PATH-2): the character before the drive letter only has to be no letter or digit.",
      requirements: ["FC-PATH-2"],
      findings: [
        { id: "p1", text: "cannot write --log=C:\\Users\\alice\\proj\\build.log" },
        { id: "p2", text: "while bundling [D:\\a\\app\\dist\\index.js] for release" },
        { id: "p3", text: "node build.js 2>E:\\tmp\\ci-4412\\err.txt failed" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["alice", "proj\\build", "dist\\index", "ci-4412", "err.txt"],
      present: ["--log=", "while bundling [", "2>"],
    },
    {
      area: "paths",
      claim: "windows-drive-paths-on-every-drive-letter-are-masked",
      description:
        "A Windows drive path is masked whatever its drive letter: `A:\\…` to `Z:\\…`, and the same letters in lower case, which Windows reads alike and tools print (`c:\\Users\\…` from VS Code's terminal) (FC-PATH-2: Windows drive paths, any letter A–Z in either case).",
      requirements: ["FC-PATH-2"],
      findings: DRIVE_LETTERS.flatMap((d, k) => [
        { id: `u${k + 1}`, text: `cannot open ${d}:\\Users\\dev\\drv${d}0x\\notes.txt here` },
        { id: `l${k + 1}`, text: `cannot open ${d.toLowerCase()}:\\Users\\dev\\drv${d}1y\\notes.txt here` },
      ]),
      opts: { repoRoot: "/home/dev/repo" },
      absent: DRIVE_LETTERS.flatMap((d) => [`drv${d}0x`, `drv${d}1y`]),
      present: ["cannot open ", " here"],
    },
    {
      area: "paths",
      claim: "a-sibling-of-the-repo-root-is-not-under-it",
      description:
        "A directory whose name merely starts with the root's last segment (`shop@tmp`, `shop@2` beside Jenkins's workspace `shop`, `shop2`, `shopé`: a letter outside ASCII goes on a name too) is not under the root: paths in it are foreign absolute paths and are masked, never cut down to a bogus relative one (`.@2/src/a.ts`), while a path under the root itself becomes repo-relative (FC-PATH-1: a path that merely starts with the root's characters is not under it; FC-PATH-2).",
      requirements: ["FC-PATH-1", "FC-PATH-2"],
      findings: [
        { id: "p1", text: "sh /var/lib/jenkins/workspace/shop@tmp/durable-4f2a/script.sh exited 1" },
        { id: "p2", text: "cannot open /var/lib/jenkins/workspace/shop@2/src/a.ts:3" },
        {
          id: "p3",
          text: "diff /var/lib/jenkins/workspace/shop2/src/b.ts /var/lib/jenkins/workspace/shop/src/b.ts",
        },
        { id: "p4", text: "cannot read /var/lib/jenkins/workspace/shopé/src/c.ts:4" },
      ],
      opts: { repoRoot: "/var/lib/jenkins/workspace/shop" },
      absent: ["jenkins", "durable-4f2a", "@tmp", "@2/src", "shop2", "é/src"],
      present: [
        "sh «redacted:path» exited 1",
        "cannot open «redacted:path»:3",
        "diff «redacted:path» src/b.ts",
        "cannot read «redacted:path»:4",
      ],
    },
    {
      area: "paths",
      claim: "a-drive-root-relativises-nothing",
      description:
        "A repo root of `C:\\` has no segment and relativises nothing: a path on that drive, in a message or as a location, stays absolute and is masked, never shortened to `build\\out\\a.ts` (FC-PATH-1: a root with no segment relativises nothing; FC-PATH-2, FC-PATH-4).",
      requirements: ["FC-PATH-1", "FC-PATH-2", "FC-PATH-4"],
      findings: [
        { id: "p1", text: "open C:\\build\\out\\a.ts failed" },
        { id: "p2", text: "C:\\build\\out\\b.ts", field: "path" },
      ],
      opts: { repoRoot: "C:\\" },
      absent: ["build\\out", "build/out"],
      present: ["open «redacted:path» failed"],
    },
    {
      area: "paths",
      claim: "a-root-of-one-separator-relativises-nothing",
      description:
        "A repo root of `/` has no segment and relativises nothing: an absolute path, in a message or as a location, stays absolute and is masked, never shortened to `srv/app/a.ts` (FC-PATH-1: a root with no segment relativises nothing; FC-PATH-2, FC-PATH-4).",
      requirements: ["FC-PATH-1", "FC-PATH-2", "FC-PATH-4"],
      findings: [
        { id: "p1", text: "open /srv/app/a.ts failed" },
        { id: "p2", text: "/srv/app/b.ts", field: "path" },
      ],
      opts: { repoRoot: "/" },
      absent: ["srv/app"],
      present: ["open «redacted:path» failed"],
    },
    {
      area: "paths",
      claim: "a-location-opening-with-one-backslash-is-masked",
      description:
        "A location path that opens with one backslash (`\\tmp\\build\\a.ts`, the root of the current drive on Windows) is absolute: it becomes exactly the path mask, not a visible `/tmp/build/a.ts` after its separators are normalised (FC-PATH-4).",
      requirements: ["FC-PATH-4", "FC-STAGE1-4"],
      findings: [{ id: "p1", text: "\\tmp\\build\\a.ts", field: "path" }],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["tmp/build", "tmp\\\\build"],
      assertions: [{ check: "equals", pointer: at(0), value: mask }],
    },
    {
      area: "paths",
      claim: "absolute-location-paths-of-every-form-are-masked",
      description:
        "Location paths that open with `~`, `file:`, a UNC share or a drive letter with a forward slash are absolute: each becomes the path mask, nothing of it left (FC-PATH-4).",
      requirements: ["FC-PATH-4", "FC-STAGE1-4"],
      findings: [
        { id: "p1", text: "~/proj/alpha.ts", field: "path" },
        { id: "p2", text: "file:///tmp/beta.ts", field: "path" },
        { id: "p3", text: "\\\\build01\\share\\src\\gamma.ts", field: "path" },
        { id: "p4", text: "c:/work/delta.ts", field: "path" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["alpha.ts", "beta.ts", "build01", "gamma.ts", "delta.ts"],
    },
    {
      area: "paths",
      claim: "a-relative-location-path-with-backslashes-is-normalised",
      description:
        "A repo-relative location path written with backslashes (`src\\app\\main.ts`) keeps its place with its separators normalised to `/` (FC-PATH-4; a leading `./` or not is the implementation's spelling, FC-STAGE1-4).",
      requirements: ["FC-PATH-4", "FC-STAGE1-4"],
      findings: [{ id: "p1", text: "src\\app\\main.ts", field: "path" }],
      opts: { repoRoot: "/home/dev/repo" },
      // How a relative path is spelt (`./` or not) is open (FC-STAGE1-4): only the separators are asserted.
      assertions: [{ check: "matches", pointer: at(0), pattern: "^(?:\\./)?src/app/main\\.ts$" }],
    },
    {
      area: "paths",
      claim: "a-drive-repo-root-relativises-backslash-escaped-and-uri-paths",
      description:
        "A Windows repo root (`C:\\Users\\dev\\repo`) relativises the paths under it however the tool wrote them: with backslashes, JSON-escaped (`C:\\\\Users\\\\…`), after a `file:///` prefix with forward slashes, and the bare root becomes `.` (FC-PATH-1: any separator style, an optional `file://` prefix; FC-PATH-3). Nothing is masked.",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "error at C:\\Users\\dev\\repo\\src\\a.ts:3" },
        { id: "p2", text: 'report {"file": "C:\\\\Users\\\\dev\\\\repo\\\\src\\\\b.ts"}' },
        { id: "p3", text: "loaded file:///C:/Users/dev/repo/src/c.ts:3" },
        { id: "p4", text: "cd C:\\Users\\dev\\repo && npm test" },
      ],
      opts: { repoRoot: "C:\\Users\\dev\\repo" },
      absent: ["Users", "«redacted:path»", "file:"],
      present: ["error at src\\a.ts:3", "src\\\\b.ts", "loaded src/c.ts:3", "cd . && npm test"],
    },
    {
      area: "paths",
      claim: "paths-under-every-system-root-are-masked",
      description:
        "Paths under the system, CI and home roots the contract names (`/root`, `/var`, `/private`, `/opt`, `/builds`, `/__w`, `~user/…`) are masked in a message; a `:line` after one stays (FC-PATH-2, FC-PATH-3).",
      requirements: ["FC-PATH-2", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "npm ERR! cache folder: /root/.npm/_cacache" },
        { id: "p2", text: "failed to remove /var/lib/docker/overlay2/3f9a: device busy" },
        { id: "p3", text: "npm ERR! path /private/var/folders/xy/T/npm-1234" },
        { id: "p4", text: "using toolchain at /opt/hostedtoolcache/node/20.11.0/x64" },
        { id: "p5", text: "cd /builds/acme/shop && make" },
        { id: "p6", text: "Run cd /__w/shop/shop" },
        { id: "p7", text: "cat ~jenkins/.ssh/known_hosts" },
        { id: "p8", text: "see ~deploy/releases/current/config.yml:4" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: [
        "_cacache",
        "overlay2",
        "folders/xy",
        "hostedtoolcache",
        "acme/shop",
        "__w/shop",
        "known_hosts",
        "releases/current",
      ],
      present: ["«redacted:path»:4"],
    },
    {
      area: "paths",
      claim: "foreign-unc-and-file-uri-paths-are-masked",
      description:
        "UNC paths outside the repo, plain and JSON-escaped, and `file://` URIs on a drive or a host are masked (FC-PATH-2).",
      requirements: ["FC-PATH-2"],
      findings: [
        { id: "p1", text: 'upload {"path": "\\\\\\\\fileserver\\\\builds\\\\app.zip"} failed' },
        { id: "p2", text: "net use Z: \\\\build01\\share\\drops" },
        { id: "p3", text: "loaded file:///C:/Users/jane/proj/x.json" },
        { id: "p4", text: "see file://nas01/builds/app.zip" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["fileserver", "build01", "jane", "nas01"],
    },
    {
      area: "paths",
      claim: "absolute-paths-before-a-line-number-are-masked-without-an-extension",
      description:
        "An absolute POSIX path of two or more segments followed by `:line` is masked even when its file name has no extension (`/srv/app/bin/server:12:3`); the `:line:col` stays (FC-PATH-2, FC-PATH-3).",
      requirements: ["FC-PATH-2", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "at Object.<anonymous> (/srv/app/bin/server:12:3)" },
        { id: "p2", text: "failed in /usr/local/bin/node-gyp-build:5" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["srv/app", "node-gyp-build"],
      present: ["(«redacted:path»:12:3)", "«redacted:path»:5"],
    },
    {
      area: "paths",
      claim: "scheme-named-module-ids-stay-visible",
      description:
        "Module ids named by a scheme other than `file:` (`node:fs`, `webpack-internal:///./src/app.tsx`) are no file-system paths: they stay visible with their `:line:col` (FC-PATH-3).",
      requirements: ["FC-PATH-3"],
      findings: [
        { id: "p1", text: "at Object.openSync (node:fs:453:3)" },
        { id: "p2", text: "at render (webpack-internal:///./src/app.tsx:12:5)" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      present: ["(node:fs:453:3)", "(webpack-internal:///./src/app.tsx:12:5)"],
    },
    {
      area: "paths",
      claim: "an-email-address-inside-a-path-is-masked-as-personal-data",
      description:
        "A home directory named by an e-mail address (`/home/jane.doe@corp.example.com/…`): the path span and the address span overlap and merge into one span of the stronger kind, personal data (FC-REDACT-SENSITIVE-2: secret > pii > path; FC-REDACT-SENSITIVE-7, FC-PATH-2).",
      requirements: ["FC-REDACT-SENSITIVE-2", "FC-REDACT-SENSITIVE-7", "FC-PATH-2"],
      findings: [{ id: "p1", text: "cannot open /home/jane.doe@corp.example.com/proj/a.ts now" }],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["jane.doe", "corp.example", "proj/a.ts", "«redacted:path»"],
      present: ["cannot open «redacted:pii» now"],
    },
    {
      area: "paths",
      claim: "absolute-file-paths-in-a-message-are-masked",
      description:
        "Absolute POSIX paths outside the repo that end in a file name are masked in a message, under a system root or not.",
      requirements: ["FC-PATH-2"],
      findings: [
        { id: "p1", text: "cannot open /build/out/app.js" },
        { id: "p2", text: "cannot open /work/out/app.js" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["/build/out/app.js", "/work/out/app.js", "out/app.js"],
    },
    {
      area: "paths",
      claim: "absolute-paths-of-two-segments-outside-the-roots-are-masked",
      description:
        "An absolute POSIX path of two segments under no system or home root is masked when it ends in a file name (`/deploy/app.js`) or a `:line` follows it (`/ci/main:12`): two segments are enough (FC-PATH-2), and the `:line` after the mask stays (FC-PATH-3).",
      requirements: ["FC-PATH-2", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "cannot open /deploy/app.js now" },
        { id: "p2", text: "panic at /ci/main:12 and /pkg/server:7:3" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["/deploy/app.js", "deploy/app", "/ci/main", "ci/main", "/pkg/server", "pkg/server"],
      present: [":12 and ", ":7:3"],
    },
    {
      area: "paths",
      claim: "paths-with-an-at-sign-in-a-segment-are-masked-whole",
      description:
        "An absolute path under a system root whose segments hold `@` (a tool cache's `node@20.11.1`, pnpm's `@babel+core@7.24.0`) is masked whole: `@` is a character of a segment, so no tail of the path stays visible (FC-PATH-2).",
      requirements: ["FC-PATH-2"],
      findings: [
        { id: "p1", text: "spawn /opt/hostedtoolcache/node@20.11.1/x64/bin/node-gyp ENOENT" },
        { id: "p2", text: "cannot read /var/cache/pnpm/@babel+core@7.24.0/lib/index.cjs" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["node@20.11.1", "x64/bin/node-gyp", "@babel+core@7.24.0", "lib/index.cjs"],
      present: ["spawn ", " ENOENT", "cannot read "],
    },
    {
      area: "paths",
      claim: "windows-paths-after-a-quote-are-masked",
      description:
        'A Windows drive path right after a quote (`path="C:\\Users\\…"`, a JSON string `"D:\\\\…"`) is masked: a quote is no letter or digit, so the drive letter stands alone (FC-PATH-2).',
      requirements: ["FC-PATH-2"],
      findings: [
        { id: "p1", text: 'config path="C:\\Users\\Jane\\app\\x.ts" missing' },
        { id: "p2", text: '{"file": "D:\\\\work\\\\jdoe\\\\x.ts", "line": 3}' },
        { id: "p3", text: "open 'E:/builds/jdoe/out.log' failed" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["Jane", "jdoe"],
      present: ['config path="', '{"file": "', "open '"],
    },
    {
      area: "paths",
      claim: "windows-documents-and-settings-path-is-masked-whole",
      description:
        "A Windows path under `Documents and Settings` is masked whole, the user name with its blank included: the blanks of the root and of a user name are part of the path (FC-PATH-2: Windows drive paths; a user name may contain spaces).",
      requirements: ["FC-PATH-2"],
      findings: [{ id: "p1", text: "C:\\Documents and Settings\\Jane Doe\\app\\x.ts failed" }],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["Settings", "Jane", "Doe", "app\\x.ts"],
      present: [" failed"],
    },
    {
      area: "paths",
      claim: "windows-program-files-path-is-masked-whole-in-the-reference",
      description:
        "The reference reads blanks in every folder under `Program Files` (and `Program Files (x86)`), so `C:\\Program Files\\Acme Tools\\app.exe` is masked whole (FC-PATH-2, settled by the reference: an implementation that ends the path at a blank conforms).",
      requirements: ["FC-PATH-2"],
      profile: "reference",
      findings: [
        { id: "p1", text: "spawn C:\\Program Files\\Acme Tools\\app.exe failed" },
        { id: "p2", text: "C:\\Program Files (x86)\\Microsoft Visual Studio\\2019\\bin\\cl.exe: error" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["Acme Tools", "app.exe", "Visual Studio", "cl.exe"],
      present: ["spawn ", " failed", ": error"],
    },
    {
      area: "paths",
      claim: "long-file-uri-is-masked-whole",
      description:
        "A `file://` URI is masked whole however long it is: a path of more than 64 characters leaves no tail visible (FC-PATH-2).",
      requirements: ["FC-PATH-2"],
      findings: [
        {
          id: "p1",
          text: "open file:///data/ci-cache/checkouts/acme-payments-service/feature-branch-jdoe/packages/core/dist/index.js failed",
        },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["feature-branch-jdoe", "packages/core/dist/index.js", "dist/index.js"],
      present: ["open ", " failed"],
    },
    {
      area: "paths",
      claim: "repo-relative-paths-in-xml-elements-stay-visible",
      description:
        "Repo-relative paths as the text of XML elements whose names name no secret (`<file>src/app.ts</file>`, `<path>lib/util.ts</path>`) stay visible (FC-PATH-3).",
      requirements: ["FC-PATH-3"],
      findings: [
        {
          id: "p1",
          text: "config: <settings><file>src/app.ts</file><name>build</name><path>lib/util.ts</path></settings>",
        },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      present: ["<file>src/app.ts</file>", "<path>lib/util.ts</path>"],
    },
    {
      area: "paths",
      claim: "repo-root-given-with-a-trailing-slash-relativises-paths-under-it",
      description:
        "A repo root given with a trailing slash (`/home/dev/repo/`) is the same root: paths under it in a message and a location path become repo-relative, they are not masked as foreign absolute paths.",
      requirements: ["FC-PATH-1", "FC-PATH-3", "FC-PATH-4"],
      findings: [
        { id: "p1", text: "cannot open /home/dev/repo/src/app.ts:3 from /home/dev/repo/lib/util.ts" },
        { id: "p2", text: "/home/dev/repo/src/main.ts", field: "path" },
      ],
      opts: { repoRoot: "/home/dev/repo/" },
      absent: ["/home/dev", "«redacted:path»"],
      present: ["src/app.ts:3", "lib/util.ts", "src/main.ts"],
    },
    {
      area: "paths",
      claim: "file-uri-under-the-repo-root-is-relativised",
      description:
        "A `file://` URI whose path is under the repo root (`file:///home/dev/repo/src/a.ts:3`) is relativised with its prefix: the repo-relative path stays, neither the root nor the URI is left, and nothing is masked (FC-PATH-1: the root matches with an optional `file://` prefix; FC-PATH-3).",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      findings: [{ id: "p1", text: "open file:///home/dev/repo/src/a.ts:3 failed" }],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["/home/dev", "file://", "«redacted:path»"],
      present: ["open src/a.ts:3 failed"],
    },
    {
      area: "paths",
      claim: "unc-repo-root-relativises-paths-under-it",
      description:
        "A repo root on a network share (`\\\\build01\\ci\\app`, a Windows runner's UNC checkout) is a root like any other: paths under it, written plainly or JSON-escaped (`\\\\\\\\build01\\\\ci\\\\app\\\\…`), become repo-relative and are not masked as foreign UNC paths (FC-PATH-1: every occurrence of the root, with any separator style; FC-PATH-3).",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "error in \\\\build01\\ci\\app\\src\\main.ts line 3" },
        { id: "p2", text: 'see {\\"file\\": \\"\\\\\\\\build01\\\\ci\\\\app\\\\lib\\\\util.ts\\"}' },
      ],
      opts: { repoRoot: "\\\\build01\\ci\\app" },
      absent: ["build01", "«redacted:path»"],
      present: ["src\\main.ts line 3", "lib\\\\util.ts"],
    },
    {
      area: "paths",
      claim: "a-bare-repo-root-becomes-a-dot",
      description:
        "The repo root standing alone, not followed by a separator (`cd /home/dev/repo && …`, `cwd: /home/dev/repo)` at a text's end or before a bracket), becomes `.`, and a path under it in the same text becomes repo-relative; nothing is masked (FC-PATH-1: a bare occurrence of the root becomes `.`).",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      findings: [
        { id: "p1", text: "cd /home/dev/repo && npm test exited 1 (cwd: /home/dev/repo)" },
        { id: "p2", text: "see /home/dev/repo/src/a.ts:3; working directory: /home/dev/repo" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      absent: ["/home/dev", "«redacted:path»"],
      present: ["cd . && npm test exited 1 (cwd: .)", "see src/a.ts:3; working directory: ."],
    },
  ];
}

/** The reference's tombstone reason for masked spans (FC-REDACT-MANDATORY-2). */
function tombstone(): Extra[] {
  return [
    {
      area: "tombstone",
      claim: "reason-counts-the-masked-spans",
      description: "Two secrets masked in one finding give the reason `masked 2 secret span(s)`.",
      requirements: ["FC-REDACT-MANDATORY-2"],
      profile: "reference",
      findings: [{ id: "m1", text: `push with ${GHP} failed; retry with Bearer ${SID}` }],
      absent: [GHP, SID],
      assertions: [
        {
          check: "contains",
          pointer: "/redactions",
          value: { from: "m1", rule: "sensitive", reason: "masked 2 secret span(s)" },
        },
      ],
    },
    {
      area: "tombstone",
      claim: "base64-wrapped-secret-far-into-a-long-message-gives-a-sensitive-tombstone",
      description:
        "A base64 run whose decoded text holds a GitHub token is masked wherever it stands (FC-REDACT-SENSITIVE-8), here after some 5,000 characters of a message: redaction runs before trimming, so the finding gets its `sensitive` tombstone (FC-REDACT-MANDATORY-1) even though the cut message no longer shows the place.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-MANDATORY-1"],
      findings: [
        {
          id: "b1",
          text: `${Array.from({ length: 400 }, (_, k) => `step ${k + 1} ok`).join("; ")}\nconfig blob ${GHP_BASE64} loaded`,
          field: "message",
        },
      ],
      absent: [GHP_BASE64],
      assertions: [{ check: "contains", pointer: "/redactions", value: { from: "b1", rule: "sensitive" } }],
    },
  ];
}

/**
 * Keyed forms whose value no other rule would catch: lower-case letters and digits (below the entropy floor of
 * FC-REDACT-SENSITIVE-6) under a name that is not secret-named, so only the form's own rule can mask it. Found by
 * `npm run mutate`: with that rule switched off, every earlier case still passed.
 */
function keyedOnly(): Extra[] {
  const quiet = "k3j4h5g6f7d8s9a0q1w2";
  return [
    {
      area: "keyed",
      claim: "curl-cookie-value-is-masked-whatever-its-name",
      description:
        "The value of a cookie given to curl with `-b` is masked even when neither its name nor its shape says secret.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      findings: [{ id: "k1", text: `curl -sS -b 'pref=${quiet}; lang=en' https://app.example.test/` }],
      absent: [quiet],
      present: ["pref="],
    },
    {
      area: "keyed",
      claim: "header-credential-ends-at-a-blank-or-tab",
      description:
        "The credential of an `Authorization:` header ends at the blank or tab after it: the credential is masked, and the repo-relative path that follows on the line stays visible (FC-PATH-3).",
      requirements: ["FC-REDACT-SENSITIVE-4", "FC-PATH-3"],
      findings: [
        { id: "k1", text: `Authorization: Bearer ${quiet}X7 sent from src/api/client.ts` },
        { id: "k2", text: `proxy-authorization: token ${quiet}Q9\tsee lib/http/proxy.ts` },
      ],
      absent: [`${quiet}X7`, `${quiet}Q9`],
      present: ["src/api/client.ts", "lib/http/proxy.ts"],
    },
    {
      area: "keyed",
      claim: "long-cli-flag-value-is-masked",
      description:
        "The value after a long command-line flag with a secret name (`--db-password V`) is masked.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      findings: [{ id: "k1", text: `running: pg-sync --db-password ${quiet} --workspace 42` }],
      absent: [quiet],
      present: ["--db-password"],
    },
  ];
}

/**
 * Shapes the contract names that no case planted (an audit of every `(contract)` sentence of spec/redaction.md
 * against the required cases' inputs): a path line after a long token line, `api key` written with a blank, every
 * secret word and segment of FC-REDACT-SENSITIVE-5 as a key, escapes and flags, references and service accounts that
 * stay visible, and the structural and token forms of FC-REDACT-SENSITIVE-4, -7 and -16 in their documented variants.
 */
function namedShapes(): Extra[] {
  return [
    {
      area: "paths",
      claim: "a-source-path-line-after-a-long-token-line-stays-visible",
      description:
        "A line of 40 or more token characters (an `env` dump's `GITHUB_TOKEN=…`, a bare token) followed by a compiler line that opens with a repo-relative source path and its line: the token is masked, and the path line is no continuation of it, so `src/index.ts:3:7` stays visible (FC-PATH-3; FC-REDACT-SENSITIVE-8: such a line is no wrapped token).",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-8"],
      findings: [
        {
          id: "k1",
          text: `env:\nGITHUB_TOKEN=${GHP}\nsrc/index.ts:3:7 - error TS2304: Cannot find name 'x'.`,
        },
        { id: "k2", text: `${GHP}\nlib/util.py:12: error: Incompatible return value` },
      ],
      absent: [GHP],
      present: ["src/index.ts:3:7 - error TS2304", "lib/util.py:12: error"],
    },
    {
      area: "keyed",
      claim: "a-key-naming-api-access-or-private-key-with-a-blank-masks-its-value",
      description:
        'A JSON, YAML or header key that names `api key`, `access key` or `private key` with one blank, as the contract writes them (`{"api key": …}`, `Access Key: …`, `"Private Key"`), is a secret-named key: its value is masked however it looks, and the key stays (FC-REDACT-SENSITIVE-5).',
      requirements: ["FC-REDACT-SENSITIVE-5"],
      findings: [
        { id: "k1", text: 'client config {"api key": "walnut-river-candle", "region": "eu"}' },
        { id: "k2", text: "storage settings\nAccess Key: silver-lake-orchid\nBucket: assets" },
        { id: "k3", text: 'signer {"Private Key": "maple-harbor-violin"}' },
      ],
      absent: ["walnut-river-candle", "silver-lake-orchid", "maple-harbor-violin"],
      present: ['"api key"', "Access Key:", '"Private Key"', "Bucket: assets"],
    },
    {
      area: "keyed",
      claim: "every-secret-word-of-the-contract-names-a-key",
      description:
        "Each secret word and segment the contract lists names a key whose value is masked even when the value is made of words (`credential`, `passwd`, `access key`, `signature`, `sig`, `otp`, `jwt`, `dsn`, `auth`, `session`, `sid`, `cookie`, `pwd`); the key stays (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      findings: [
        { id: "k1", text: "SFTP_CREDENTIAL=amber-falcon-river ROOT_PASSWD=copper-meadow-lantern" },
        { id: "k2", text: "aws_access_key: quiet-harbor-pine\nWEBHOOK_SIGNATURE: velvet-canyon-bell" },
        { id: "k3", text: "X_SIG=frosty-orchard-wren MFA_OTP=482913 ADMIN_JWT=cobalt-prairie-moth" },
        { id: "k4", text: "SENTRY_DSN=hollow-summit-reed redis_auth: gentle-island-fern" },
        {
          id: "k5",
          text: 'user.session = "lunar-thicket-owl"; SID=scarlet-dune-crane; cookie_value: misty-grove-lark',
        },
        { id: "k6", text: 'db.pwd = "rustic-brook-heron"' },
      ],
      absent: [
        "amber-falcon-river",
        "copper-meadow-lantern",
        "quiet-harbor-pine",
        "velvet-canyon-bell",
        "frosty-orchard-wren",
        "482913",
        "cobalt-prairie-moth",
        "hollow-summit-reed",
        "gentle-island-fern",
        "lunar-thicket-owl",
        "scarlet-dune-crane",
        "misty-grove-lark",
        "rustic-brook-heron",
      ],
      present: [
        "SFTP_CREDENTIAL=",
        "ROOT_PASSWD=",
        "aws_access_key:",
        "WEBHOOK_SIGNATURE:",
        "MFA_OTP=",
        "SENTRY_DSN=",
      ],
    },
    {
      area: "keyed",
      claim: "a-shell-escaped-quote-inside-a-password-is-masked-past",
      description:
        "A value holding a shell escape (`password=Tr0ub\\'4dorZq8`) is masked on past the escaped quote: no tail of it stays (FC-REDACT-SENSITIVE-15, FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      findings: [
        { id: "k1", text: "+ mysql --user=app password=Tr0ub\\'4dorZq8 --host=db" },
        { id: "k2", text: "export DB_PASSWORD=Tr0ub\\'4dor3xK" },
      ],
      absent: ["Tr0ub", "4dorZq8", "4dor3xK"],
      present: ["--host=db"],
    },
    {
      area: "keyed",
      claim: "a-provider-named-cli-flag-masks-its-value",
      description:
        "A long command-line flag named after a provider (`--asana-token V`) is read like any assignment: its value is masked, the flag and the flags around it stay (FC-REDACT-SENSITIVE-14, FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-14", "FC-REDACT-SENSITIVE-15"],
      findings: [{ id: "k1", text: "sync --asana-token 1204567890123456 --workspace 42" }],
      absent: ["1204567890123456"],
      present: ["--asana-token", "--workspace 42"],
    },
    {
      area: "keyed",
      claim: "curl-credentials-given-as-variables-stay-visible",
      description:
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or CI variable reference, not a template
        "`curl -u` with a user and a password given as shell variables (`$CI_USER:$CI_TOKEN`, `${NEXUS_PASS}`, `$(cat …)`) names where the secret is kept, not the secret: the references stay visible (FC-REDACT-SENSITIVE-17: `$` before a name, `{` or `(` marks a variable reference, which stays).",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      findings: [
        { id: "k1", text: "+ curl -sf -u $CI_USER:$CI_TOKEN https://nexus.example.test/repo" },
        {
          id: "k2",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or CI variable reference, not a template
          text: '+ curl -u "${NEXUS_USER}:${NEXUS_PASS}" -T dist/app.tgz https://nexus.example.test/',
        },
      ],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or CI variable reference, not a template
      present: ["$CI_USER:$CI_TOKEN", "${NEXUS_USER}:${NEXUS_PASS}"],
    },
    {
      area: "sensitive",
      claim: "code-host-service-accounts-stay-visible",
      description:
        "The `git@`, `hg@` and `svn@` service accounts of code-host remotes are no personal e-mail addresses: they stay visible (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      findings: [
        { id: "k1", text: "clone git@github.com:acme/app.git failed" },
        { id: "k2", text: "hg clone ssh://hg@bitbucket.org/acme/app" },
        { id: "k3", text: "svn co svn+ssh://svn@svn.example.test/repo/trunk" },
      ],
      present: ["git@github.com:acme/app.git", "hg@bitbucket.org", "svn@svn.example.test"],
    },
    {
      area: "paths",
      claim: "repo-relative-paths-with-a-root-named-segment-stay-visible",
      description:
        "Repo-relative paths whose segments happen to name a system root (`src/home/…`, `test/fixtures/Users/…`, `packages/api/var/…`) are repo-relative: they stay visible (FC-PATH-3).",
      requirements: ["FC-PATH-3"],
      findings: [
        { id: "k1", text: "FAIL src/home/page.test.ts:3" },
        { id: "k2", text: "see test/fixtures/Users/list.json:4 and packages/api/var/cache.json" },
      ],
      opts: { repoRoot: "/home/dev/repo" },
      present: ["src/home/page.test.ts:3", "test/fixtures/Users/list.json:4", "packages/api/var/cache.json"],
    },
    {
      area: "leak-scan",
      claim: "ci-secret-references-get-a-log",
      description:
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or CI variable reference, not a template
        "References to where a CI keeps a secret (`${{ secrets.GH_TOKEN }}`, `%API_TOKEN%`, `process.env.GITHUB_TOKEN`, a runner's `***`) hold no secret: masked or left visible (the reference leaves them, FC-REDACT-SENSITIVE-23), they make the scan fire on nothing, so the request gets a log (FC-LEAK-1).",
      requirements: ["FC-LEAK-1"],
      findings: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or CI variable reference, not a template
        { id: "k1", text: "env: GH_TOKEN: ${{ secrets.GH_TOKEN }} was empty" },
        { id: "k2", text: "set API_TOKEN=%API_TOKEN% && npm run deploy" },
        { id: "k3", text: "const token = process.env.GITHUB_TOKEN; DB_PASSWORD=*** (masked by the runner)" },
      ],
    },
    {
      area: "sensitive",
      claim: "base64-wrapper-after-a-word-of-any-length-is-masked",
      description:
        "A base64 wrapper around a token (`token: ghp_…` encoded) that opens a text after a word of one to seventeen base64 characters and a blank, a `:` or a `,` is masked: the run that holds the wrapper starts after the separator wherever the word ends, so a search for runs that skips ahead must not take the word and the wrapper for one run across the separator (FC-REDACT-SENSITIVE-8: base64 wrappers around a secret are decoded and masked; FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      findings: [" ", ":", ","].flatMap((sep, j) =>
        Array.from({ length: 17 }, (_, k) => ({
          id: `w${j + 1}-${k + 1}`,
          text: `${"configuration1abc".slice(0, k + 1)}${sep}${GHP_WRAPPED}`,
        })),
      ),
      absent: [GHP_WRAPPED.slice(0, 24), GHP_WRAPPED.slice(-16)],
    },
    {
      area: "sensitive",
      claim: "escaped-tokens-deep-in-a-long-text-are-masked",
      description:
        "Detection sees through JSON and percent escapes in a long text too (FC-REDACT-SENSITIVE-8): tokens spelt with an escape inside them, at the head of some 11,000 characters of log text (which an implementation may cut), are masked all the same.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      findings: [
        {
          id: "k1",
          text: `token ghp_7Lq2Vx9Kd4Tz8Wn3\\u0052s6Yb1Hc5Jm0Pe2Xa and key%3D ghp%5F4Rk8Nw2Qz6Tc9Ly3Mb7Vd1Hs5Gx0Jf8 then ${"retrying the fetch of the build cache; ".repeat(280)}`,
        },
      ],
      absent: ["ghp_7Lq2Vx9Kd4Tz8Wn3", "Rs6Yb1Hc5Jm0Pe2Xa", "4Rk8Nw2Qz6Tc9Ly3Mb7Vd1Hs5Gx0Jf8"],
    },
    {
      area: "sensitive",
      claim: "in-text-nosec-markers-do-not-switch-redaction-off",
      description:
        "A `nosec` marker beside a secret (`# nosec B105`, `// #nosec G101`) switches nothing off: the secret is masked (FC-REDACT-SENSITIVE-1, FC-LEAK-3).",
      requirements: ["FC-REDACT-SENSITIVE-1", "FC-LEAK-3"],
      findings: [
        { id: "k1", text: `token := "${GHP}" // #nosec G101` },
        { id: "k2", text: 'const dbPassword = "amber-falcon-river"  # nosec B105' },
      ],
      absent: [GHP, "amber-falcon-river"],
    },
    {
      area: "sensitive",
      claim: "key-value-connection-string-passwords-are-masked",
      description:
        "The password of a connection string in key/value form (ADO.NET `Password=…;`, libpq `password=…`) is masked; the other fields stay (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      findings: [
        {
          id: "k1",
          text: "Server=tcp:db.example.test,1433;Database=shop;User ID=sa;Password=amber-falcon-river;Encrypt=True",
        },
        {
          id: "k2",
          text: "psql: host=db.example.test dbname=shop user=app password=copper-meadow-lantern sslmode=require",
        },
      ],
      absent: ["amber-falcon-river", "copper-meadow-lantern"],
      present: ["Database=shop", "sslmode=require"],
    },
    {
      area: "sensitive",
      claim: "payment-cards-of-every-length-are-masked",
      description:
        "Luhn-valid card numbers of the lengths the networks issue beyond 16 digits — Visa 13 and 19, Discover 19, JCB 17, UnionPay 18 — are masked (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      findings: [
        { id: "k1", text: "charge 4526018159087 failed; retry 4526018159083016612" },
        {
          id: "k2",
          text: "card 6011526018159083011 declined, then 35305260181590835 and 621452601815908307",
        },
      ],
      absent: [
        "4526018159087",
        "4526018159083016612",
        "6011526018159083011",
        "35305260181590835",
        "621452601815908307",
      ],
    },
    {
      area: "keyed",
      claim: "a-line-cut-inside-a-key-at-a-wrap-width-is-joined",
      description:
        "A CI log wrapped at column 64, 76 or 80 inside a secret-named key (`… export GITHUB_TOK` then `EN=…`): the key is read across the break and its value masked, however it looks (FC-REDACT-SENSITIVE-8: a token wrapped at column 64, 76 or 80; a line cut inside a key is still joined; FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-5"],
      findings: [
        {
          id: "k1",
          text: "##[debug] run step 3 of the deploy job (try2): export GITHUB_TOK\nEN=amber-falcon-river",
        },
        {
          id: "k2",
          text: "2026-12-01T10:00:01.1234567Z ##[debug] evaluating env block: export DB_PASSW\nORD=copper-meadow-lantern",
        },
        {
          id: "k3",
          text: "[command]/usr/bin/bash -e /home/runner/work/_temp/7f3c2.sh; set -a; NPM_AUTH_TOK\nEN=quiet-harbor-pine",
        },
      ],
      absent: ["amber-falcon-river", "copper-meadow-lantern", "quiet-harbor-pine"],
    },
    {
      area: "sensitive",
      claim: "private-keys-of-every-header-and-escaping-are-masked",
      description:
        "Private-key blocks under any `… PRIVATE KEY` header (EC, DSA, ENCRYPTED) are masked whole, from the BEGIN line through the END line as one placeholder, with real line breaks, with `\\r\\n` escapes, and escaped twice (`\\\\n` inside a JSON string in a JSON string): no line of the body stays (FC-REDACT-SENSITIVE-4, FC-REDACT-SENSITIVE-8).",
      requirements: ["FC-REDACT-SENSITIVE-2", "FC-REDACT-SENSITIVE-4", "FC-REDACT-SENSITIVE-8"],
      findings: [
        {
          id: "k1",
          text: `loaded -----BEGIN EC PRIVATE KEY-----\n${PEM_BODY[0]}\n-----END EC PRIVATE KEY----- from disk`,
        },
        {
          id: "k2",
          text: `key: "-----BEGIN ENCRYPTED PRIVATE KEY-----\\r\\n${PEM_BODY.join("\\r\\n")}\\r\\n-----END ENCRYPTED PRIVATE KEY-----"`,
        },
        {
          id: "k3",
          text: `{\\"pem\\": \\"-----BEGIN DSA PRIVATE KEY-----\\\\n${PEM_BODY.join("\\\\n")}\\\\n-----END DSA PRIVATE KEY-----\\"}`,
        },
      ],
      absent: [
        PEM_BODY[0]!.slice(0, 40),
        PEM_BODY[1]!.slice(0, 40),
        PEM_BODY[0]!.slice(24),
        PEM_BODY[1]!.slice(24),
      ],
      // Masked whole: the BEGIN line through the END line is one placeholder (FC-REDACT-SENSITIVE-2, -4).
      present: ["loaded «redacted:secret» from disk", 'key: "«redacted:secret»"'],
    },
    {
      area: "sensitive",
      claim: "jwts-of-five-parts-or-unsigned-are-masked",
      description:
        "A JWT is three or more dot-separated base64url parts: an encrypted one of five parts (`id_token=…`) and an unsigned one whose third part is empty (`alg: none`, `eyJ….eyJ….`) are masked whole (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      findings: [
        {
          id: "k1",
          text: "callback id_token=eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZKTyKOMTYUmKoTCVJRgckCL9kiMT03JGe.48V1_ALb6US04U3b.5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TALvtu6UG9oMo4vpzs9tX_EFShS8iB7j6ji.XFBoMYUZodetZdvTiFvSkQ&state=ok",
        },
        {
          id: "k2",
          text: "token accepted: eyJhbGciOiJub25lIn0.eyJzdWIiOiJjaS1ib3QiLCJyb2xlIjoiYWRtaW4ifQ. (unsigned)",
        },
      ],
      absent: [
        "OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZ",
        "5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TAL",
        "XFBoMYUZodetZdvTiFvSkQ",
        "eyJzdWIiOiJjaS1ib3QiLCJyb2xlIjoiYWRtaW4ifQ",
      ],
      present: ["&state=ok", "(unsigned)"],
    },
    {
      area: "sensitive",
      claim: "oauth-aws4-and-header-map-credentials-are-masked",
      description:
        'An `Authorization` credential of the OAuth 1.0 or AWS Signature V4 scheme is masked through its last parameter, and a Basic credential in a header map (`{"Authorization": "Basic …"}`) is masked too (FC-REDACT-SENSITIVE-4).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      findings: [
        {
          id: "k1",
          text: 'Authorization: OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature="tnnArxj06cWHq44gCs1OSKk%2FjY%3D", oauth_version="1.0"',
        },
        {
          id: "k2",
          text: "Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLQ/20261201/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
        },
        {
          id: "k3",
          text: 'request headers: {"Authorization": "Basic ZGVwbG95OlFtN3ZYMnBMOXRSNHdL", "Accept": "*/*"}',
        },
      ],
      absent: [
        "xvz1evFS4wEEPTGEFPHBog",
        "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
        "tnnArxj06cWHq44gCs1OSKk",
        "AKIAIOSFODNN7EXAMPLQ",
        "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
        "ZGVwbG95OlFtN3ZYMnBMOXRSNHdL",
      ],
      present: ['"Accept": "*/*"'],
    },
    {
      area: "sensitive",
      claim: "documented-token-variants-are-masked",
      description:
        "The variants the contract documents beside the token formats are masked whole, nothing of them left: Dynatrace, body in lower case; Flutterwave encryption key; Slack xoxe- with long numeric parts; Stripe sk_prod_; Twilio SK in upper-case hex; Hugging Face, 34 letters; Harness sat.; Square EAAA with 22 body characters; PlanetScale with = inside; base64-wrapped JWT, URL-safe alphabet; Meta app-id|app-secret, | percent-encoded; GitLab routable token; forty hex digits in both cases (FC-REDACT-SENSITIVE-16).",
      requirements: ["FC-REDACT-SENSITIVE-16"],
      findings: [
        {
          id: "v1",
          text: "deploy step used dt0c01.f95mqre84qod9787x0nkwvj2.l9jdhha9rxlvq0bew3m0dm6epww0zhkr6lodgq1qeypdech8n7c80zmddii89vl1 and failed",
        },
        { id: "v2", text: "deploy step used FLWSECK_TEST-e6b2b1a4d6a1 and failed" },
        {
          id: "v3",
          text: "deploy step used xoxe-5410909661664-5410940162504-ZjM3NTI4OGRkYzQxNTg5NmI0 and failed",
        },
        { id: "v4", text: "deploy step used sk_prod_4eC39HqLyjWDarjtT1zdp7dc and failed" },
        { id: "v5", text: "deploy step used SK2A7F4C9E1B3D5F7A9C2E4B6D8F0A1C3E and failed" },
        { id: "v6", text: "deploy step used 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 and failed" },
        {
          id: "v7",
          text: "deploy step used sat.Xk9pQ2mZ7rT4vB8nW3yL1c.Hs6FgJ1aE5uVo0Q7vLm2Xc9R.tB4nKp8WzY3dHs6FgJ1a and failed",
        },
        { id: "v8", text: "deploy step used EAAAl3Xk9pQ2mZ7rT4vB8nW3yL1c and failed" },
        {
          id: "v9",
          text: "deploy step used pscale_pw_aVRuXmrPlpikUG6kp=LpMbzBtdfIJtLBIGbLZd2v2z2s and failed",
        },
        {
          id: "v10",
          text: "deploy step used ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKemRXSWlPaUl4_-MjM0NTY3ODkwIn0 and failed",
        },
        { id: "v11", text: "deploy step used 249936376926636%7CiTyriD6qUOeO_wLJfj1ofiPVHW7 and failed" },
        { id: "v12", text: "deploy step used glpat-kR3xZ9mQ2vL8pT4wN7yB1cD5.01.0r1g2h3k9 and failed" },
        { id: "v13", text: "deploy step used Ab3Fc9D1e7B2a4C6d8E0f1A3b5C7d9E2f4A6b8C0 and failed" },
      ],
      absent: [
        "dt0c01.f95mqre84qod9787x0nkwvj2.l9jdhha9rxlvq0bew3m0dm6epww0zhkr6lodgq1qeypdech8n7c80zmddii89vl1",
        "FLWSECK_TEST-e6b2b1a4d6a1",
        "xoxe-5410909661664-5410940162504-ZjM3NTI4OGRkYzQxNTg5NmI0",
        "sk_prod_4eC39HqLyjWDarjtT1zdp7dc",
        "SK2A7F4C9E1B3D5F7A9C2E4B6D8F0A1C3E",
        "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",
        "sat.Xk9pQ2mZ7rT4vB8nW3yL1c.Hs6FgJ1aE5uVo0Q7vLm2Xc9R.tB4nKp8WzY3dHs6FgJ1a",
        "EAAAl3Xk9pQ2mZ7rT4vB8nW3yL1c",
        "pscale_pw_aVRuXmrPlpikUG6kp=LpMbzBtdfIJtLBIGbLZd2v2z2s",
        "ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKemRXSWlPaUl4_-MjM0NTY3ODkwIn0",
        "249936376926636%7CiTyriD6qUOeO_wLJfj1ofiPVHW7",
        "glpat-kR3xZ9mQ2vL8pT4wN7yB1cD5.01.0r1g2h3k9",
        "Ab3Fc9D1e7B2a4C6d8E0f1A3b5C7d9E2f4A6b8C0",
      ],
      present: ["deploy step used «redacted:secret» and failed"],
    },
  ];
}

export function extraCases(): Json[] {
  return [
    ...triggers(),
    ...leakScan().flatMap(inStateRef),
    ...paths(),
    ...tombstone(),
    ...keyedOnly(),
    ...namedShapes(),
  ].map(toDoc);
}
