// FC-REDACT-SENSITIVE-4: structural secrets — PEM keys, JWTs, URL userinfo, connection strings, auth headers, cookies.
import { decodeBase64Text } from "./decode.ts";
import { looksRandom } from "./entropy.ts";
import type { KeywordScan } from "./keywords.ts";
import { afterBackslash } from "./syntax.ts";
import { isAlnum, isLetter, type Span } from "./types.ts";

const push = (out: Span[], start: number, end: number, detector: string) => {
  if (end > start) out.push({ start, end, kind: "secret", detector });
};

// A private key: header, then a body of base64 characters, whitespace and literal `\n` / `\r` escapes (once or
// twice escaped), then an optional END line. Without an END line the body runs as far as the alphabet allows.
const PEM =
  /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[A-Z][A-Za-z-]{1,20}: [^\r\n\\]{0,120}|[A-Za-z0-9+/=\s]|\\{1,4}[rn]){0,20000}(?:-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----)?/g;
const PUTTY = /Private-Lines: \d{1,3}(?:[A-Za-z0-9+/=\s]|\\{1,4}[rn]){8,20000}/g;
const PEM_GATE = /PRIVATE KEY|Private-Lines:/;
/**
 * Where a private key's closing line ends: after `from` (the header's end), the next `-----` either closes a
 * `…KEY-----` / `…KEY BLOCK-----` line or opens an `-----END …-----` line. -1 beyond 20,000 characters or when
 * neither follows. Each search stops at the next `-----`, so a text of many headers is still read once.
 */
function pemClose(text: string, from: number): number {
  const d = text.indexOf("-----", from);
  if (d < 0 || d - from > 20_000) return -1;
  if (text.startsWith("KEY", d - 3) || text.startsWith("KEY BLOCK", d - 9)) return d + 5;
  if (text.startsWith("-----END", d)) {
    const e = text.indexOf("-----", d + 8);
    return e >= 0 && e - d <= 200 ? e + 5 : -1;
  }
  return -1;
}

/** A JWT from its `eyJ`: header, payload, then one to three more parts. */
const JWT_PARTS = String.raw`eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,8192}(?:\.[A-Za-z0-9_-]{0,4096}){1,3}`;
const JWT = new RegExp(
  String.raw`(?<![A-Za-z0-9_-])(?:${JWT_PARTS}|ey[A-Za-z0-9_-]{17,4096}\.ey[A-Za-z0-9_/\\-]{17,8192}\.(?:[A-Za-z0-9_/\\-]{0,4096}={0,2})?)`,
  "g",
);
/** A character of `[A-Za-z0-9_-]`. */
const isBase64Url = (c: number) => isAlnum(c) || c === 95 || c === 45;
/** JWT_PARTS read sticky at a given `eyJ` (gluedJwts). */
const JWT_AT = new RegExp(JWT_PARTS, "y");

/**
 * A JWT glued after a word (`x-eyJ…`, `token_eyJ…`, `abceyJ…`), which JWT's boundary leaves alone so that `eyJ`
 * inside a longer token is no JWT: masked from its `eyJ` when its header decodes to JSON naming `alg` or `typ`
 * (what a signed token's header holds, and what `keyJSON` or a random run does not).
 */
function gluedJwts(text: string, out: Span[]): void {
  // The header's run of base64url characters ends where the first '.' must stand; every `eyJ` inside one run
  // shares that end, found once per run (a run of `eyJeyJ…` would otherwise be read to 4096 at each `eyJ`).
  let runEnd = -1;
  for (let i = text.indexOf("eyJ"); i >= 0; i = text.indexOf("eyJ", i + 3)) {
    const c = i === 0 ? 0 : text.charCodeAt(i - 1);
    if (!isBase64Url(c)) continue; // the JWT pattern took the others
    if (runEnd < i + 3) {
      runEnd = i + 3;
      while (runEnd < text.length && isBase64Url(text.charCodeAt(runEnd))) runEnd++;
    }
    const run = runEnd - (i + 3);
    if (text.charCodeAt(runEnd) !== 46 || run < 8 || run > 4096) continue;
    JWT_AT.lastIndex = i;
    const m = JWT_AT.exec(text);
    if (m === null) continue;
    const header = Buffer.from(m[0].slice(0, m[0].indexOf(".")), "base64url").toString("latin1");
    if (!header.includes('"alg"') && !header.includes('"typ"')) continue;
    push(out, i, i + m[0].length, "jwt");
    i += m[0].length - 3;
  }
}

// scheme://user:password@host — the password may itself contain '@' (the last '@' before the host wins).
// Matched sticky at the start of the scheme before each "://" (the scheme is the whole run of scheme characters).
const USERINFO =
  /[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/([^\s/?#@:"'<>`\\]{0,256})(?::((?:[^\s/"'<>`\\]|\\{1,8}(?![\s"'`\\nrt]|$)){0,256}))?@(?=[A-Za-z0-9[])/y;
/** How far back from `://` the scheme's run of characters is read (USERINFO's scheme is at most 31 of them). */
const SCHEME_RUN = 64;
const isSchemeChar = (c: number) => isAlnum(c) || c === 43 || c === 46 || c === 45;

/** Every `scheme://user[:password]@` in the text, left to right, without overlaps. */
export function userinfoMatches(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  let after = 0;
  for (let sep = text.indexOf("://"); sep >= 0; sep = text.indexOf("://", sep + 3)) {
    let s = sep;
    while (s > 0 && sep - s < SCHEME_RUN && isSchemeChar(text.charCodeAt(s - 1))) s--;
    // A run of scheme characters longer than SCHEME_RUN holds no scheme of at most 31 that stands alone.
    if (s > 0 && isSchemeChar(text.charCodeAt(s - 1))) continue;
    // A scheme opens with a letter (RFC 3986): a `-`, `+`, `.` or digit glued before it (`--https://`) is no part of it.
    while (s < sep && !isLetter(text.charCodeAt(s))) s++;
    if (s < after) continue;
    USERINFO.lastIndex = s;
    const m = USERINFO.exec(text);
    if (m === null) continue;
    after = USERINFO.lastIndex;
    found.push(m);
  }
  return found;
}

/** The scheme words of an Authorization header the reference knows, which stay visible (FC-REDACT-SENSITIVE-4). */
export const AUTH_SCHEMES =
  "bearer|basic|token|bot|digest|aws4-hmac-sha256|negotiate|ntlm|oauth|apikey|ssws|jwt|key|hmac";
const AUTH_HEADER = new RegExp(
  `(?<![A-Za-z0-9-])(?:proxy-)?authorization(\\\\{0,3}["'])?[ \\t]{0,4}[:=][ \\t]{0,4}(?:\\\\{0,3}["'])?(?:(${AUTH_SCHEMES})[ \\t]{1,4}(?:\\\\{0,3}["'\`])?)?`,
  "gi",
);
/**
 * Any other scheme word (RFC 9110's token: `SharedKey`, `Hawk`, `GenieKey`, `Zoho-oauthtoken`) when blanks and a
 * credential follow it on the line: the credential is masked through its last parameter, the unknown word with it.
 */
const OTHER_SCHEME =
  /[A-Za-z][A-Za-z0-9!#$%&*+.^_|~-]{0,40}[ \t]{1,4}(?:\\{0,3}["'`])?(?=[A-Za-z0-9._~+/-])/y;
// A backslash that escapes no delimiter belongs to the token (FC-REDACT-SENSITIVE-17: no part of it stays visible).
// A quote or backtick after the scheme word, escaped or not (`Basic 'dXNl…'`, `Bearer \'…\'` in a code string), opens the credential.
const BEARER =
  /(?<![A-Za-z0-9])(?:Bearer|bearer|BEARER)[ \t]{1,4}(?:\\{0,3}["'`])?((?:[A-Za-z0-9._~+/=-]|\\{1,8}(?![\s"'`\\nrt]|$)){12,4096})/g;
const BASIC =
  /(?<![A-Za-z0-9])(?:Basic|basic|BASIC)[ \t]{1,4}(?:\\{0,3}["'`])?([A-Za-z0-9+/]{8,1024}={0,2})(?![A-Za-z0-9+/=])/g;
const COOKIE =
  /(?<![A-Za-z0-9-])(set-cookie|cookie)[ \t]{0,4}:[ \t]{0,4}((?:[^\r\n"'\\]|\\{1,8}(?![\s"'`\\nrt]|$)){1,4096})/gi;
const COOKIE_ATTRS = new Set([
  "path",
  "domain",
  "expires",
  "max-age",
  "samesite",
  "secure",
  "httponly",
  "priority",
  "partitioned",
]);

/** A URL user name that is itself a credential: hex with digits and letters (≥ 8), or random-looking. */
function tokenUser(user: string): boolean {
  return (/^[0-9a-f]{8,}$/i.test(user) && /\d/.test(user) && /[a-f]/i.test(user)) || looksRandom(user, 12);
}

function tokenEnd(text: string, from: number, stopAtSpace: boolean, max: number): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 34 || c === 39 || c === 96 || c === 0xab) break;
    if (c === 92) {
      const next = afterBackslash(text, i);
      if (next < 0) break;
      i = next;
      continue;
    }
    if (stopAtSpace && (c === 32 || c === 9 || c === 44 || c === 59)) break;
    i++;
  }
  return Math.min(i, limit);
}

/**
 * Where the parameters of a Digest, OAuth or AWS4 credential end (FC-REDACT-SENSITIVE-4): as tokenEnd reads the line,
 * except that a parameter's quoted value (`response="…"`, RFC 7616's and RFC 5849's quoted-strings; `=\"…\"` in
 * JSON-escaped text; `response='…'` as some clients and their logs write it) is read through its closing quote on
 * the same line, so a quote after `=` does not end the credential and leave the `response` hash or the
 * `oauth_signature` after it visible; one that the line's end cuts short is read to that end.
 */
function paramsEnd(text: string, from: number, max: number): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  for (;;) {
    const end = tokenEnd(text, i, false, limit - i);
    let q = end;
    while (q < limit && text.charCodeAt(q) === 92 && q - end < 3) q++;
    const quote = text[q];
    if (q >= limit || (quote !== '"' && quote !== "'") || text[end - 1] !== "=") return end;
    const close = "\\".repeat(q - end) + quote;
    let k = q + 1;
    for (; k < limit; k++) {
      const c = text.charCodeAt(k);
      // A quoted value cut short by the line's end (a log line cut in the hash) is masked to that end.
      if (c === 10 || c === 13 || c === 0xab) return k;
      // In escaped text a textual `\n` ends the line too.
      if (q > end && c === 92 && (text[k + 1] === "n" || text[k + 1] === "r")) return k;
      if (text.startsWith(close, k) && text.charCodeAt(k - 1) !== 92) break;
    }
    if (k >= limit) return k;
    i = k + close.length;
  }
}

export function detectStructural(text: string, out: Span[], keywords: KeywordScan): void {
  if (keywords.has("pem") && PEM_GATE.test(text)) {
    for (const re of [PEM, PUTTY]) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        let end = m.index + m[0].length;
        // A body the alphabet does not cover (mangled, or not base64): mask through the closing `KEY-----` line.
        if (re === PEM && !m[0].includes("-----END")) {
          const close = pemClose(text, text.indexOf("-----", m.index + 10) + 5);
          if (close > end) {
            end = close;
            re.lastIndex = close;
          }
        }
        push(out, m.index, end, "private-key");
      }
    }
  }
  if (text.includes("eyJ") || text.includes(".ey")) {
    JWT.lastIndex = 0;
    for (let m = JWT.exec(text); m !== null; m = JWT.exec(text))
      push(out, m.index, m.index + m[0].length, "jwt");
    gluedJwts(text, out);
  }
  if (text.includes("://") && text.includes("@")) {
    for (const m of userinfoMatches(text)) {
      const user = m[1] ?? "";
      const pass = m[2];
      const userStart = text.indexOf("//", m.index) + 2;
      if (pass !== undefined && pass.length > 0) {
        const passStart = userStart + user.length + 1;
        // A machine-generated user name (hex, random) is half of the credential pair: masked with the password.
        if (tokenUser(user)) push(out, userStart, passStart + pass.length, "url-userinfo");
        else push(out, passStart, passStart + pass.length, "url-userinfo");
      } else if (user.length >= 16 || looksRandom(user, 12)) {
        push(out, userStart, userStart + user.length, "url-userinfo");
      }
    }
  }
  if (!keywords.has("header")) return;
  AUTH_HEADER.lastIndex = 0;
  for (let m = AUTH_HEADER.exec(text); m !== null; m = AUTH_HEADER.exec(text)) {
    const from = m.index + m[0].length;
    const scheme = (m[2] ?? "").toLowerCase();
    let wholeLine = scheme === "digest" || scheme === "aws4-hmac-sha256" || scheme === "oauth";
    if (scheme === "") {
      OTHER_SCHEME.lastIndex = from;
      wholeLine = OTHER_SCHEME.test(text);
    }
    const end = wholeLine ? paramsEnd(text, from, 4096) : tokenEnd(text, from, true, 4096);
    if (end - from >= 1) push(out, from, end, "authorization-header");
  }
  BEARER.lastIndex = 0;
  for (let m = BEARER.exec(text); m !== null; m = BEARER.exec(text)) {
    const v = m[1] ?? "";
    if (/^[a-z]+$/.test(v) && v.length < 24) continue; // prose ("bearer tokenization")
    const s = m.index + m[0].length - v.length;
    push(out, s, s + v.length, "bearer-token");
  }
  BASIC.lastIndex = 0;
  for (let m = BASIC.exec(text); m !== null; m = BASIC.exec(text)) {
    const v = m[1] ?? "";
    const decoded = decodeBase64Text(v);
    if (decoded === null || !decoded.includes(":")) continue;
    const s = m.index + m[0].length - v.length;
    push(out, s, s + v.length, "basic-auth");
  }
  COOKIE.lastIndex = 0;
  for (let m = COOKIE.exec(text); m !== null; m = COOKIE.exec(text)) {
    const isSet = (m[1] ?? "").toLowerCase() === "set-cookie";
    const body = m[2] ?? "";
    let pos = m.index + m[0].length - body.length;
    let first = true;
    for (const part of body.split(";")) {
      // A pair without a name (`=value`, at the header's start or right after `;`) still holds a value, and so does a
      // pair without `=` (`Cookie: Xk9…`): a cookie whose name is empty and whose value is the whole pair.
      const eq = part.indexOf("=");
      const name = eq >= 0 ? part.slice(0, eq).trim().toLowerCase() : "";
      const value = part.slice(eq + 1);
      const lead = value.length - value.trimStart().length;
      const v = value.trim();
      // Attribute names mean attributes after a Set-Cookie's first pair only; in a Cookie header, `expires=…` or
      // `path=…` is a cookie like any other (FC-REDACT-SENSITIVE-4: every value of 16 or more characters).
      if (v.length > 0 && !(isSet && COOKIE_ATTRS.has(name)) && (!isSet || first)) {
        const s = pos + eq + 1 + lead;
        push(out, s, s + v.length, "cookie");
      }
      first = false;
      pos += part.length + 1;
    }
  }
}
