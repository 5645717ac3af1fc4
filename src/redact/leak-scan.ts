// FC-LEAK-1, FC-LEAK-2, FC-LEAK-3, FC-LEAK-5, FC-LEAK-7: the independent synchronous leak scan — a prefix-anchored token grammar plus entropy and repeated-pattern tests, no shared regexes.
import type { LeakHit } from "./placeholders.ts";

/*
 * This engine deliberately shares no code or patterns with the redactor (src/redact/detectors): it walks the
 * text once, and at every token start looks the next characters up in a prefix table; a token whose body is
 * long enough and random enough is a leak. A few structural shapes (private key blocks, JWTs, URL passwords,
 * secret-named assignments, payment cards) have their own small hand-written checks.
 *
 * A prefix token whose body is made of words (FC-REDACT-SENSITIVE-6's reading: `sk-ReleaseNotesForTuesdayBuild…`)
 * and holds a lower-case letter is no leak: FC-REDACT-SENSITIVE-3 does not require it masked (real bodies are
 * random), so the redactor may leave it visible by design and the scan must not refuse it (FC-LEAK-1). A body of
 * capitals and digits (AWS key ids, `NRAK-`) is never read as words: one random AWS body in seven or more would
 * chunk so. The scan reads "made of words" with its own hand-written one-pass chunker (`wordMade` below), not the
 * redactor's code or regexes, so a slip in one engine's reading is not copied into the other.
 */

type Alphabet =
  | "alnum"
  | "alnumdash"
  | "word"
  | "b64url"
  | "b64urldot"
  | "b64"
  | "hex"
  | "lowerhex"
  | "hexah"
  | "digit"
  | "upperalnum"
  | "bech32";

interface PrefixRule {
  prefix: string;
  rule: string;
  alphabet: Alphabet;
  /** Minimum body length (characters after the prefix) for a hit. */
  min: number;
  /** Body must not be a plain word: require ≥ 2 character classes (or hex with a digit). */
  mixed?: boolean;
  /** The prefix must start a token (no letter or digit before it). */
  bounded?: boolean;
  /**
   * The body's structure where the provider fixes one (parts joined by a separator, a length range): a body of the
   * rule's alphabet without it is no token and the redactor leaves it visible by design (FC-LEAK-1).
   */
  shape?: (body: string) => boolean;
  /**
   * A body of letters only that is made of words is still a token: the provider documents a letters-only body that
   * random draws chunk into words now and then (Hugging Face's 34 letters), and the redactor masks every such body of
   * the format. A word-made body holding digits (`abcdef0123456789abcdef…`) is no such body: FC-REDACT-SENSITIVE-3
   * does not require it masked, and the scan spares it like any other word-made body.
   */
  lettersAreTokens?: boolean;
  /**
   * The body's characters are hex digits and separators: set by `P` from the alphabet, or by the rule for `PMAK-`,
   * whose shape makes its `alnumdash` body hex. The repeated-pattern test counts such a body against 16 digits.
   */
  hexBody: boolean;
}

const HEX_ALPHABETS: ReadonlySet<Alphabet> = new Set<Alphabet>(["hex", "lowerhex", "hexah"]);

const P = (
  prefix: string,
  rule: string,
  alphabet: Alphabet,
  min: number,
  extra: Partial<PrefixRule> = {},
): PrefixRule => ({
  prefix,
  rule,
  alphabet,
  min,
  mixed: true,
  bounded: true,
  hexBody: HEX_ALPHABETS.has(alphabet),
  ...extra,
});

const RULES: PrefixRule[] = [
  ...["AKIA", "ASIA", "AROA", "AIDA", "AGPA", "ANPA", "ANVA", "APKA", "ABIA", "ACCA", "AIPA", "ASCA"].map(
    (p) => P(p, "aws-key-id", "upperalnum", 16),
  ),
  P("FwoGZXIvYXdz", "aws-session", "b64", 40, { bounded: false }),
  P("IQoJb3JpZ2lu", "aws-session", "b64", 40, { bounded: false }),
  ...["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map((p) => P(p, "github", "alnum", 30, { bounded: false })),
  P("github_pat_", "github", "word", 40, { bounded: false }),
  ...["glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-", "glft-", "glimt-", "glagent-", "glsoat-"].map(
    (p) => P(p, "gitlab", "b64url", 20, { bounded: false }),
  ),
  // Each rule below reads the body its provider's format allows (FC-LEAK-1): a Slack body has no `_`, a Postman,
  // Brevo or Flutterwave body is hex (to `h` for Flutterwave), and `xoxe-`, `xapp-`, `PMAK-`, `xkeysib-`, `glsa_`,
  // `sk.eyJ` and `SG.` bodies have fixed parts; a word or digit groups after the prefix are no token.
  ...["xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-"].map((p) =>
    P(p, "slack", "alnumdash", 20, { bounded: false }),
  ),
  P("xoxe-", "slack", "alnumdash", 20, {
    bounded: false,
    shape: (b) =>
      parts(b, "-", [
        ["digit", 1, 13],
        ["alnumdash", 20],
      ]),
  }),
  P("xapp-", "slack", "alnumdash", 20, {
    bounded: false,
    shape: (b) =>
      parts(b, "-", [
        ["digit", 1, 1],
        ["alnumdash", 20],
      ]),
  }),
  // `sk_`, `rk_` and `sk-` end ordinary words (`network_test_…`, `risk-admin-…`, `task-ant-…`): as in the redactor
  // (FC-REDACT-SENSITIVE-3: its patterns, or for Anthropic its format, read these only at a token start), they
  // count only at a token start, so the scan never fires on what the redactor leaves visible by design (FC-LEAK-1).
  ...["sk_live_", "rk_live_", "sk_test_", "rk_test_"].map((p) => P(p, "stripe", "alnum", 16)),
  // `whsec_`, `hf_`, `p8e-` and `AGE-SECRET-KEY-1` read at least their record's `minBody` (FC-REDACT-SENSITIVE-3): a
  // shorter body is a cut token, which the redactor masks or leaves by its own randomness test
  // (FC-REDACT-SENSITIVE-21), so the scan cannot tell what it left visible by design (FC-LEAK-1).
  P("whsec_", "stripe", "alnum", 24, { bounded: false }),
  P("sk-ant-", "anthropic", "b64url", 30),
  P("sk-proj-", "openai", "b64url", 30),
  P("sk-svcacct-", "openai", "b64url", 30),
  P("sk-admin-", "openai", "b64url", 30),
  P("sk-", "openai", "alnum", 32),
  P("hf_", "huggingface", "alnum", 34, { lettersAreTokens: true }),
  P("npm_", "npm", "alnum", 34),
  P("pypi-AgE", "pypi", "b64url", 40, { bounded: false }),
  P("AIza", "google", "b64url", 30),
  P("GOCSPX-", "google", "b64url", 20, { bounded: false }),
  P("ya29.", "google", "b64url", 30),
  P("SG.", "sendgrid", "b64urldot", 40, {
    // Two parts joined by `.`, or one run of 60 to 80 characters (which may hold `=` and `.`).
    shape: (b) =>
      parts(b, ".", [
        ["b64url", 16, 32],
        ["b64url", 30],
      ]) ||
      (b.length >= 60 && b.length <= 80),
  }),
  P("dop_v1_", "digitalocean", "lowerhex", 40, { bounded: false }),
  P("doo_v1_", "digitalocean", "lowerhex", 40, { bounded: false }),
  P("shpat_", "shopify", "hex", 28, { bounded: false }),
  P("shpss_", "shopify", "hex", 28, { bounded: false }),
  P("shpca_", "shopify", "hex", 28, { bounded: false }),
  P("hvs.", "vault", "b64url", 24),
  P("hvb.", "vault", "b64url", 24),
  P("dapi", "databricks", "lowerhex", 30),
  P("NRAK-", "newrelic", "upperalnum", 24, { bounded: false }),
  P("glsa_", "grafana", "word", 30, {
    bounded: false,
    shape: (b) =>
      parts(b, "_", [
        ["alnum", 32, 32],
        ["hex", 8],
      ]),
  }),
  P("glc_", "grafana", "b64", 32),
  P("dp.pt.", "doppler", "alnum", 36, { bounded: false }),
  P("dp.st.", "doppler", "alnum", 36, { bounded: false }),
  P("lin_api_", "linear", "alnum", 36, { bounded: false }),
  P("ATATT3", "atlassian", "b64url", 40, { bounded: false }),
  P("ATBB", "bitbucket", "alnum", 28),
  P("PMAK-", "postman", "alnumdash", 50, {
    bounded: false,
    hexBody: true,
    shape: (b) =>
      parts(b, "-", [
        ["lowerhex", 24, 24],
        ["lowerhex", 30],
      ]),
  }),
  P("dckr_pat_", "dockerhub", "b64url", 24, { bounded: false }),
  P("pul-", "pulumi", "lowerhex", 36),
  // The body is bech32 data (`1` is bech32's separator; no `B`, `I` or `O`): `AGE-SECRET-KEY-1` and a run of `1`s is
  // no key by the record age-secret-key, and the redactor leaves it visible.
  P("AGE-SECRET-KEY-1", "age", "bech32", 58, { bounded: false, mixed: false }),
  P("sq0atp-", "square", "b64url", 20, { bounded: false }),
  P("sq0csp-", "square", "b64url", 36, { bounded: false }),
  P("EAAA", "square", "b64url", 50),
  P("HRKU-", "heroku", "b64url", 24, { bounded: false }),
  P("sbp_", "supabase", "lowerhex", 36, { bounded: false }),
  P("gsk_", "groq", "alnum", 40, { bounded: false }),
  P("r8_", "replicate", "alnum", 30),
  P("pplx-", "perplexity", "alnum", 40, { bounded: false }),
  P("xai-", "xai", "alnum", 40),
  P("LTAI", "alibaba", "alnum", 16),
  P("sntrys_", "sentry", "b64", 40, { bounded: false }),
  P("pscale_tkn_", "planetscale", "b64url", 32, { bounded: false }),
  P("pscale_pw_", "planetscale", "b64url", 32, { bounded: false }),
  P("EZAK", "easypost", "alnum", 40),
  P("FLWSECK-", "flutterwave", "hexah", 32, { bounded: false }),
  P("figd_", "figma", "b64url", 36, { bounded: false }),
  P("ntn_", "notion", "alnum", 40),
  P("rubygems_", "rubygems", "lowerhex", 40, { bounded: false }),
  P("CLOJARS_", "clojars", "alnum", 50, { bounded: false, mixed: false }),
  P("AKCp", "jfrog", "alnum", 60),
  P("shippo_live_", "shippo", "lowerhex", 36, { bounded: false }),
  P("xkeysib-", "brevo", "alnumdash", 60, {
    bounded: false,
    shape: (b) =>
      parts(b, "-", [
        ["lowerhex", 40, 64],
        ["alnum", 12],
      ]),
  }),
  P("sk.eyJ", "mapbox", "b64urldot", 40, {
    bounded: false,
    shape: (b) =>
      parts(b, ".", [
        ["b64url", 10, 200],
        ["b64url", 16],
      ]),
  }),
  P("APA91b", "firebase", "b64url", 100, { bounded: false }),
  // FC-REDACT-SENSITIVE-16: formats added with the keyed-values work.
  P("ABSK", "aws-bedrock", "b64", 100),
  P("p8e-", "adobe", "alnum", 32),
  ...["sqp_", "squ_", "sqa_"].map((p) => P(p, "sonarqube", "alnum", 38)),
  ...["s-s4t2ud-", "s-s4t2af-"].map((p) => P(p, "intra42", "hex", 60, { bounded: false })),
  P("rdme_", "readme", "alnum", 60),
  ...["duffel_live_", "duffel_test_"].map((p) => P(p, "duffel", "b64url", 40, { bounded: false })),
  P("sha256~", "openshift", "b64url", 40, { bounded: false }),
];

/** The prefixes the scan reads (for its tests: which token-format samples it must find on its own). */
export const SCAN_PREFIXES: readonly string[] = RULES.map((r) => r.prefix);

const ALPHA: Record<Alphabet, (c: number) => boolean> = {
  alnum: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  alnumdash: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45,
  word: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95,
  b64url: (c) =>
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95,
  // SendGrid and Mapbox bodies: base64url parts joined by `.` (a one-part SendGrid body may also hold `=`).
  b64urldot: (c) =>
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 45 ||
    c === 95 ||
    c === 46 ||
    c === 61,
  b64: (c) =>
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61,
  hex: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
  lowerhex: (c) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102),
  hexah: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 72) || (c >= 97 && c <= 104),
  digit: (c) => c >= 48 && c <= 57,
  upperalnum: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90),
  // age's bech32 data characters, upper case: the digits but `1`, the capitals but `B`, `I` and `O`.
  bech32: (c) =>
    (c === 48 || (c >= 50 && c <= 57) || (c >= 65 && c <= 90)) && c !== 66 && c !== 73 && c !== 79,
};

/** Prefix rules indexed by their first two character codes (a 128×128 table), longest prefix first. */
const PAIR = new Uint8Array(128 * 128);
const BY_PAIR = new Map<number, PrefixRule[]>();
for (const r of [...RULES].sort((a, b) => b.prefix.length - a.prefix.length)) {
  const key = r.prefix.charCodeAt(0) * 128 + r.prefix.charCodeAt(1);
  PAIR[key] = 1;
  const list = BY_PAIR.get(key);
  if (list) list.push(r);
  else BY_PAIR.set(key, [r]);
}

const isAlnum = ALPHA.alnum;

/**
 * Whether `body` opens with the given parts, each a run of its alphabet between its bounds (no upper bound: any
 * length), joined by `sep`; what follows the last part is not read. One pass, no backtracking.
 */
function parts(body: string, sep: string, spec: [Alphabet, number, number?][]): boolean {
  let j = 0;
  for (let k = 0; k < spec.length; k++) {
    const [alphabet, min, max = Number.POSITIVE_INFINITY] = spec[k] as [Alphabet, number, number?];
    if (k > 0) {
      if (body[j] !== sep) return false;
      j++;
    }
    const inPart = ALPHA[alphabet];
    const from = j;
    while (j < body.length && j - from < max && inPart(body.charCodeAt(j))) j++;
    if (j - from < min) return false;
  }
  return true;
}

function classes(s: string): number {
  let u = 0;
  let l = 0;
  let d = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) u = 1;
    else if (c >= 97 && c <= 122) l = 1;
    else if (c >= 48 && c <= 57) d = 1;
  }
  return u + l + d;
}

/**
 * FC-LEAK-7. Distinct characters over the most the body could hold: its length, at most 64, and for a rule whose alphabet is
 * hex at most 16 plus the separators it holds (a random 64-character DigitalOcean body has at most 16 distinct
 * digits, and one in four lacks one of them: measured against 64 it read as a repeated pattern).
 */
function distinctRatio(s: string, hexAlphabet: boolean): number {
  const distinct = new Set(s);
  let cap = Math.min(s.length, 64);
  if (hexAlphabet) {
    let separators = 0;
    for (const c of ["-", "_", "."]) if (distinct.has(c)) separators++;
    cap = Math.min(cap, 16 + separators);
  }
  return distinct.size / cap;
}

/** Random-looking: several character classes (or hex with digits and letters) and not a repeated pattern. */
function randomBody(s: string, hexAlphabet = false): boolean {
  if (distinctRatio(s, hexAlphabet) < (hexAlphabet ? 0.5 : 0.25)) return false;
  const k = classes(s);
  if (k >= 2) return !/^[a-f0-9]+$/i.test(s) || (/[0-9]/.test(s) && /[a-f]/i.test(s));
  return false;
}

/**
 * Made of words (FC-REDACT-SENSITIVE-6): cut at `_`, `-` and `+`, the body is covered by the chunks
 * `[A-Z]{2,}(?![a-z])`, `[A-Z]?[a-z]+` and `\d+` (read leftmost, in that order), every letter chunk has two letters
 * or more, the letter chunks average 3.5 letters or more, and there are at most two digit chunks; here the body must
 * also hold a lower-case letter (see the header). A body holding any other character is not. One pass over the
 * body, by character codes: each character is looked at a bounded number of times.
 */
function wordMade(s: string): boolean {
  const n = s.length;
  let letterChunks = 0;
  let letters = 0;
  let digitChunks = 0;
  let lower = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 95 || c === 45 || c === 43) {
      i++;
      continue;
    }
    if (c >= 48 && c <= 57) {
      while (i < n && isDigit(s.charCodeAt(i))) i++;
      if (++digitChunks > 2) return false;
      continue;
    }
    let chunk: number;
    if (c >= 97 && c <= 122) {
      lower = true;
      const from = i;
      while (i < n && isLower(s.charCodeAt(i))) i++;
      chunk = i - from;
    } else if (c >= 65 && c <= 90) {
      const from = i;
      while (i < n && isUpper(s.charCodeAt(i))) i++;
      const ups = i - from;
      if (i >= n || !isLower(s.charCodeAt(i))) {
        // `[A-Z]{2,}` ending the capitals (a lone capital before a digit, a cut or the end is no chunk).
        chunk = ups;
      } else {
        // `[A-Z]?[a-z]+` from the last capital; the capitals before it are `[A-Z]{2,}(?![a-z])` (so `ABc` is
        // covered by neither).
        if (ups > 1) {
          if (ups - 1 < 2) return false;
          letterChunks++;
          letters += ups - 1;
        }
        lower = true;
        const last = i - 1;
        while (i < n && isLower(s.charCodeAt(i))) i++;
        chunk = i - last;
      }
    } else return false;
    if (chunk < 2) return false;
    letterChunks++;
    letters += chunk;
  }
  return lower && letterChunks > 0 && letters >= 3.5 * letterChunks;
}

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;

function lettersOnly(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isLower(s.charCodeAt(i)) && !isUpper(s.charCodeAt(i))) return false;
  return true;
}

/**
 * FC-LEAK-7. Whether the body repeats a unit of at most half its length (`1234567890abcdef1234567890abcdef`, a documentation
 * placeholder): no random draw does, and the redactor may leave such a body visible. The smallest period, from the
 * prefix function (Knuth-Morris-Pratt), in one pass.
 */
function periodic(s: string): boolean {
  const n = s.length;
  const pi = new Int32Array(n);
  for (let i = 1; i < n; i++) {
    let k = pi[i - 1]!;
    while (k > 0 && s.charCodeAt(i) !== s.charCodeAt(k)) k = pi[k - 1]!;
    if (s.charCodeAt(i) === s.charCodeAt(k)) k++;
    pi[i] = k;
  }
  return n > 0 && n - pi[n - 1]! <= n / 2;
}

function scanPrefixes(text: string, hits: Set<string>): void {
  const n = text.length - 1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c >= 128 || d >= 128 || PAIR[c * 128 + d] === 0) continue;
    const rules = BY_PAIR.get(c * 128 + d);
    if (rules === undefined) continue;
    const boundary = i === 0 || !isAlnum(text.charCodeAt(i - 1));
    for (const r of rules) {
      if (r.bounded && !boundary) continue;
      if (!text.startsWith(r.prefix, i)) continue;
      const inBody = ALPHA[r.alphabet];
      let j = i + r.prefix.length;
      const end = Math.min(text.length, j + 1024);
      while (j < end && inBody(text.charCodeAt(j))) j++;
      const len = j - i - r.prefix.length;
      if (len >= r.min) {
        const body = text.slice(i + r.prefix.length, j);
        if (
          (r.shape === undefined || r.shape(body)) &&
          (!r.mixed || (randomBody(body, r.hexBody) && !periodic(body))) &&
          ((r.lettersAreTokens === true && lettersOnly(body)) || !wordMade(body))
        )
          hits.add(r.rule);
        // The body was read once; the scan resumes after it (keeps long runs linear).
        i = j - 1;
      }
      break;
    }
  }
}

function scanPrivateKeys(text: string, hits: Set<string>): void {
  for (let i = text.indexOf("PRIVATE KEY"); i >= 0; i = text.indexOf("PRIVATE KEY", i + 11)) {
    // Header "-----BEGIN … PRIVATE KEY-----" followed by ≥ 32 body characters (escaped newlines allowed).
    const lineStart = text.lastIndexOf("-----BEGIN", i);
    if (lineStart < 0 || i - lineStart > 60) continue;
    let j = text.indexOf("-----", i);
    if (j < 0 || j - i > 20) continue;
    j += 5;
    let body = 0;
    while (j < text.length && body < 32) {
      const c = text.charCodeAt(j);
      if (ALPHA.b64(c)) body++;
      else if (!(c === 10 || c === 13 || c === 32 || c === 92 || c === 110 || c === 114)) break;
      j++;
    }
    if (body >= 32) hits.add("private-key");
  }
}

function b64urlDecode(s: string): string {
  return Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
}

function scanJwts(text: string, hits: Set<string>): void {
  for (let i = text.indexOf("eyJ"); i >= 0; ) {
    const parts: number[] = [];
    let j = i;
    let seg = 0;
    while (j < text.length && parts.length < 3 && seg < 16384) {
      const c = text.charCodeAt(j);
      if (ALPHA.b64url(c)) seg++;
      else if (c === 46 && seg > 0) {
        parts.push(seg);
        seg = 0;
      } else break;
      j++;
    }
    if (parts.length >= 2 && (parts[0] ?? 0) >= 10 && (parts[1] ?? 0) >= 10) {
      const header = b64urlDecode(text.slice(i, i + (parts[0] ?? 0)));
      if (header.includes('"alg"') || header.includes('"typ"')) hits.add("jwt");
    }
    // Resume after what was read: a run of token characters is read once (linear on "eyJeyJeyJ…").
    i = text.indexOf("eyJ", Math.max(i + 3, j));
  }
}

function scanUrlPasswords(text: string, hits: Set<string>): void {
  for (let i = text.indexOf("://"); i >= 0; i = text.indexOf("://", i + 3)) {
    // userinfo = everything up to the first '/', whitespace or quote; a password is after its first ':'.
    let j = i + 3;
    let at = -1;
    const end = Math.min(text.length, j + 512);
    for (; j < end; j++) {
      const c = text.charCodeAt(j);
      if (
        c === 47 ||
        c <= 32 ||
        c === 34 ||
        c === 39 ||
        c === 60 ||
        c === 62 ||
        c === 92 ||
        c === 63 ||
        c === 35
      )
        break;
      if (c === 64) at = j;
    }
    if (at < 0) continue;
    const info = text.slice(i + 3, at).replace(/«redacted:[a-z]+»/g, "");
    const colon = info.indexOf(":");
    if (colon >= 0) {
      const pass = info.slice(colon + 1);
      if (pass.length >= 3 && !pass.includes("«")) hits.add("url-password");
    } else if (info.length >= 20 && randomBody(info)) {
      hits.add("url-token");
    }
  }
}

// Secret-named keys followed by an operator and a random-looking value (a redacted value is a placeholder).
const KEYWORDS = [
  "password",
  "passwd",
  "secret",
  "token",
  "api_key",
  "apikey",
  "api-key",
  "access_key",
  "private_key",
  "credential",
];

function scanAssignments(text: string, hits: Set<string>): void {
  const lower = text.toLowerCase();
  for (const kw of KEYWORDS) {
    for (let i = lower.indexOf(kw); i >= 0; i = lower.indexOf(kw, i + kw.length)) {
      const from = i + kw.length;
      let j = from;
      while (j < text.length && j - from < 40 && IDENT(text.charCodeAt(j))) j++;
      const opStart = j;
      while (j < text.length && j - opStart < 8 && QUOTEISH(text.charCodeAt(j))) j++;
      if (text[j] !== "=" && text[j] !== ":") continue;
      j++;
      const valStart = j;
      while (j < text.length && j - valStart < 8 && QUOTEISH(text.charCodeAt(j))) j++;
      let k = j;
      while (k < text.length && k - j < 256 && VALUE(text.charCodeAt(k))) k++;
      const v = text.slice(j, k);
      if (
        v.length >= 16 &&
        randomBody(v) &&
        entropy(v) >= 3.5 &&
        !/^[0-9a-f]{40}$|^[0-9a-f]{64}$/i.test(v) &&
        // A UUID or a value made of words is one the redactor may leave visible by design (FC-REDACT-SENSITIVE-10,
        // -6); under a key whose every value it masks (a provider's, a password's) the scan never sees it.
        !/^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(v) &&
        !wordMade(v) &&
        !NAMES_A_SECRET.test(v)
      ) {
        hits.add("secret-assignment");
      }
    }
  }
}

/** A value that names where a secret is kept rather than holding it: `process.env.API_KEY`, `$API_KEY`, `os.environ[…]`. */
const NAMES_A_SECRET = /^(?:\$|process\.env\.|os\.environ|env\.|secrets\.|vars\.)/;

const IDENT = (c: number) => isAlnum(c) || c === 95 || c === 46 || c === 45;
const QUOTEISH = (c: number) => c === 92 || c === 34 || c === 39 || c === 96 || c === 32 || c === 9;
const VALUE = (c: number) =>
  isAlnum(c) || (c > 32 && c < 127 && "+/=_.~!@#$%^*-".includes(String.fromCharCode(c)));

function entropy(s: string): number {
  const f = new Map<string, number>();
  for (const ch of s) f.set(ch, (f.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of f.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

function scanCards(text: string, hits: Set<string>): void {
  // Runs of digits, optionally grouped by single spaces or dashes; only runs of 13–19 digits are checked.
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    const start = i;
    let count = 0;
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d >= 48 && d <= 57) {
        count++;
        j++;
      } else if ((d === 32 || d === 45) && count < 19 && j + 1 < n && isDigit(text.charCodeAt(j + 1))) j++;
      else break;
    }
    i = j;
    if (count < 13 || count > 19) continue;
    const after = j < n ? text.charCodeAt(j) : 32;
    const before = start > 0 ? text.charCodeAt(start - 1) : 32;
    if (isAlnum(after) || after === 95 || isAlnum(before) || before === 95 || before === 46) continue;
    // A decimal part (`4111111111111111.5`) makes the run a number, not a card, as the redactor reads it.
    if (after === 46 && isDigit(text.charCodeAt(j + 1))) continue;
    // A hyphenated identifier such as a computed finding id (`f-4429149591430301`, FC-ID-1) is not a card.
    if (before === 45 && start >= 2 && isAlnum(text.charCodeAt(start - 2))) continue;
    const digits = text.slice(start, j).replace(/[ -]/g, "");
    if (cardLength(digits) && luhnOk(digits)) hits.add("payment-card");
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * A card number's prefix with a length its network issues (FC-REDACT-SENSITIVE-7's networks): Visa 13, 16 or 19
 * digits, Mastercard 16, American Express 15, Discover 16 to 19. A Luhn-valid run of another length
 * (`45678901234567`, the digits a cut token leaves) is no card, and the redactor leaves it visible (FC-LEAK-1).
 */
function cardLength(d: string): boolean {
  const n = d.length;
  if (d.startsWith("4")) return n === 13 || n === 16 || n === 19;
  if (/^(?:5[1-5]|2[2-7])/.test(d)) return n === 16;
  if (/^3[47]/.test(d)) return n === 15;
  if (/^(?:6011|65)/.test(d)) return n >= 16 && n <= 19;
  return false;
}

function luhnOk(d: string): boolean {
  let s = 0;
  for (let i = 0; i < d.length; i++) {
    let v = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
    s += v;
  }
  return s % 10 === 0;
}

/**
 * The independent second engine (FC-LEAK-1). Returns one hit per rule that fired, naming the rule only.
 * An empty array means the text may be emitted.
 */
export function scanForLeaks(text: string): LeakHit[] {
  const hits = new Set<string>();
  scanPrefixes(text, hits);
  if (text.includes("PRIVATE KEY")) scanPrivateKeys(text, hits);
  if (text.includes("eyJ")) scanJwts(text, hits);
  if (text.includes("://")) scanUrlPasswords(text, hits);
  scanAssignments(text, hits);
  scanCards(text, hits);
  return [...hits].sort().map((detector) => ({ detector }));
}
