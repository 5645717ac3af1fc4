// FC-REDACT-SENSITIVE-5, FC-REDACT-SENSITIVE-6, FC-REDACT-SENSITIVE-15, FC-REDACT-SENSITIVE-17, FC-REDACT-SENSITIVE-18: secret-named assignments in every syntax (env, JSON/YAML keys, code, Make, XML, name/value pairs, tuples, Kubernetes Secrets, CLI flags) — value masked, key kept.
import { listOf, ruleById } from "../rules.ts";
import { looksRandom } from "./entropy.ts";
import { BENIGN_ENDINGS, segments } from "./keys.ts";
import type { KeywordScan } from "./keywords.ts";
import { credentialShaped } from "./shape.ts";
import { AUTH_SCHEMES } from "./structural.ts";
import {
  type Assigned,
  QUERY_NEXT,
  readAssignment,
  readLooseAssignment,
  sameSpan,
  valueAt,
} from "./syntax.ts";
import { isAlnum, isDigit, isLetter, type Span } from "./types.ts";

const SECRET_KEY = ruleById("secret-named-key");
/** The secret-ish words a key is found by (the keyword pass reports where they start). */
const LOCATOR_WORDS = SECRET_KEY.keywords.locator ?? [];
/**
 * How far a key's name is read before its secret word, and after it (FC-REDACT-SENSITIVE-5 names no length): far
 * enough for any name a program gives, bounded so that one key costs a bounded amount. Past KEY_NEAR characters
 * after the word, the name goes on only as words do (no run of more than KEY_SEGMENT characters between `_`, `-` and
 * `.`): a long unbroken run is a token's body (`bedrock-api-key-<base64>=`), not a name, and its `=` no operator.
 */
const KEY_REACH_BEFORE = 120;
const KEY_REACH_AFTER = 1024;
const KEY_NEAR = 40;
const KEY_SEGMENT = 32;
// Finds a secret-ish word; the rest of its identifier is read on in code, then readAssignment reads the operator and
// the value.
const LOCATOR = new RegExp(`(?:${LOCATOR_WORDS.join("|")})`, "iy");

/** Words that make a key secret anywhere in its name, and name segments that do (FC-REDACT-SENSITIVE-5). */
const STRONG_SUBSTRING = new RegExp(listOf("secret-named-key", "secretSubstrings").join("|"));
const STRONG_SEGMENTS = new Set(listOf("secret-named-key", "secretSegments"));
/** Qualifiers that turn a plain `key` into a secret key name. */
const KEY_QUALIFIERS = new Set(listOf("secret-named-key", "keyQualifiers"));
const BENIGN_VALUES = new Set([
  "true",
  "false",
  "null",
  "nil",
  "none",
  "undefined",
  "empty",
  "string",
  "number",
  "boolean",
  "bigint",
  "symbol",
  "object",
  "any",
  "unknown",
  "never",
  "void",
  "required",
  "optional",
  "missing",
  "invalid",
  "expected",
  "received",
  "redacted",
  "masked",
  "hidden",
  "filtered",
  "omitted",
  "not",
  "is",
  "was",
  "must",
  "should",
  "the",
  "a",
  "an",
  "for",
  "in",
  "of",
  "to",
  "from",
  "with",
  "and",
  "or",
  "on",
  "at",
  "yes",
  "no",
  "on",
  "off",
  "set",
  "unset",
  "ok",
  "error",
  "failed",
  "present",
  "bearer",
  "basic",
  "digest",
  "negotiate",
  "ntlm",
]);
const REFERENCE =
  /^(?:\$\{|\$\(|\$[A-Za-z_]|%[A-Za-z_][A-Za-z0-9_]*%$|\{\{|<[A-Za-z_ -]*>$|process\.env\b|os\.environ|env\.|secrets\.|vars\.|config\.|settings\.|this\.|self\.|options\.|opts\.|props\.|args\.|params\.|ctx\.|req\.|request\.|\*{3,}$|x{3,}$|X{3,}$|\.\.\.$|…$|«)/;

/** A file name ("sessionItem.ts") followed by ":line" is a location, not a key. */
const FILE_NAME =
  /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|rb|php|cs|swift|c|cc|cpp|h|hpp|json|ya?ml|toml|md|txt|html|css|vue|svelte|sh)$/i;

export type KeyStrength = "strong" | "weak" | "none";

/** Classifies an identifier: strong = any value is masked; weak = only random-looking values are masked. */
const keyCache = new Map<string, KeyStrength>();

export function classifyKey(ident: string): KeyStrength {
  let k = keyCache.get(ident);
  if (k === undefined) {
    k = classifyUncached(ident);
    if (keyCache.size > 4096) keyCache.clear();
    keyCache.set(ident, k);
  }
  return k;
}

function classifyUncached(ident: string): KeyStrength {
  if (FILE_NAME.test(ident)) return "none";
  const segs = segments(ident);
  if (segs.length === 0) return "none";
  const joined = segs.join("");
  const last = segs[segs.length - 1] ?? "";
  const prev = segs[segs.length - 2] ?? "";
  const secretWord = STRONG_SUBSTRING.test(joined) || segs.some((s) => STRONG_SEGMENTS.has(s));
  // "secret_token" ends with "token", not a benign ending; "max_tokens" ends with "tokens": benign.
  const benignEnding =
    BENIGN_ENDINGS.some((e) => joined.endsWith(e) && !STRONG_SEGMENTS.has(last)) &&
    !(joined.endsWith("secrettokens") || joined.endsWith("passwordset"));
  const namesAnId = (last === "id" || last === "ids") && /^(?:key|token|sig|signature|keys)$/.test(prev);
  // Such a key (`maxTokens`, `tokenizer`, `passwordFile`, `token_id`) that still holds a secret word masks a
  // random-looking value, as the leak scan would refuse it (FC-REDACT-SENSITIVE-23, FC-LEAK-1).
  if (benignEnding || namesAnId) return secretWord ? "weak" : "none";
  if (secretWord) return "strong";
  const keyAt = segs.lastIndexOf("key");
  if (keyAt >= 0 || joined.endsWith("key")) {
    if (
      segs.some((s) => KEY_QUALIFIERS.has(s)) ||
      /(?:api|access|private|secret|account|master)key$/.test(joined)
    ) {
      return "strong";
    }
    return keyAt === segs.length - 1 || joined.endsWith("key") ? "weak" : "none";
  }
  // `access`/`api` name a credential often enough (`MY_ACCESS_ID`, `api: …`): random-looking values only.
  if (segs.includes("access") || segs.includes("api")) return "weak";
  return "none";
}

function isIdentChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

/** An unquoted value that is a word-made identifier ending in a colon: `KeyError:`, `TokenExpiredError:`, `AssertionError:`. */
const LABEL = /^[A-Za-z_][A-Za-z0-9_.]{0,60}:$/;

function worthMasking(value: string, strength: KeyStrength, quoted: boolean): boolean {
  const v = value.trim();
  if (v.length === 0) return false;
  if (REFERENCE.test(v)) return false;
  // An environment-variable name ("STRIPE_KEY") is a reference to a secret, not the secret.
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v) && !/\d/.test(v)) return false;
  const lower = v.toLowerCase();
  if (BENIGN_VALUES.has(lower)) return false;
  // "test_missing_key: KeyError: 'zz'": an identifier followed by a colon is a label (an exception class, a test name).
  if (!quoted && LABEL.test(v)) return false;
  if (strength === "weak") return looksRandom(v, 16);
  // One or two digits are a flag, a count or a small id (`auth: 1`, `session_id=42`); three digits or more under a
  // secret key are a PIN, a short password or a one-time code (`password=1234`, `otp=1234`). `line:col` is a place.
  if (/^\d{1,2}$/.test(v) || /^\d+(?::\d+)+$/.test(v)) return false;
  return true;
}

/** A letter or digit in [start, end): a reading of only quotes and signs (`K ||" `' "v"`) found no value. */
function hasAlnum(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isAlnum(c) || c > 127) return true;
  }
  return false;
}

function pushValue(out: Span[], start: number, end: number, detector: string): void {
  if (end > start) out.push({ start, end, kind: "secret", detector });
}

// mysql -pSECRET, sshpass -p SECRET, docker login -p SECRET, redis-cli -a SECRET, curl -u user:SECRET
const COOKIE_HEADER = /^(?:set-)?cookie$/i;
/** "the password is X", "passphrase was X": a password stated in prose. */
const PROSE_PASSWORD =
  /(?<![A-Za-z])(?:password|passwd|passphrase|passcode)[ \t]{1,3}(?:is|was|set to|changed to|reset to)[ \t]{1,3}(?:\\{0,3}["'`])?([^\s"'`]{3,128})/gi;
const PROSE_STOP = new Set([
  "incorrect",
  "wrong",
  "invalid",
  "required",
  "missing",
  "empty",
  "too",
  "not",
  "correct",
  "valid",
  "expired",
  "set",
  "unset",
  "null",
  "undefined",
  "hashed",
  "stored",
  "the",
  "a",
  "an",
  "being",
  "still",
  "now",
  "never",
  "always",
  "only",
  "also",
  "weak",
  "strong",
  "short",
  "long",
  "blank",
  "present",
  "absent",
  "optional",
  "mandatory",
  "case-sensitive",
  "masked",
  "redacted",
  "hidden",
  "reset",
  "changed",
  "updated",
  "used",
  "given",
]);

/** curl/wget credentials: the whole `user:password` (or a lone user, `user:`, `:password`) is the credential. */
const CURL_WORD = /(?<![A-Za-z0-9])(?:curl|wget|http)\b/g;
/** A user flag and what opens its value: `=`, blanks, a quote, or, for `-u`, a glued `user:password` (`-uuser:V`). */
const CURL_FLAG =
  /[ \t\n](?:(?:-u|--user|--proxy-user|--http-user)(?:=|[ \t]{1,5}|(?=["']))|-u(?=[^\s"'=:-][^\s:]{0,128}:))/g;

/**
 * Where the credential of each user flag of a curl/wget/http command starts: a flag after the command's word on its
 * line, a line continued by a backslash included, however long the line (a JSON body before `-u`). One pass each for
 * the words, the flags and the line ends, then a merge: linear in the text.
 */
function curlUserStarts(text: string): number[] {
  const words: number[] = [];
  CURL_WORD.lastIndex = 0;
  for (let m = CURL_WORD.exec(text); m !== null; m = CURL_WORD.exec(text)) words.push(m.index + m[0].length);
  if (words.length === 0) return [];
  const starts: number[] = [];
  let w = 0;
  /** The first line end (a newline no backslash continues) after the current word; -1 before it is looked up. */
  let lineEnd = -1;
  CURL_FLAG.lastIndex = 0;
  for (let m = CURL_FLAG.exec(text); m !== null; m = CURL_FLAG.exec(text)) {
    // The last command word before the flag (the flag's blank may be the word's own end: `curl -u`).
    while (w + 1 < words.length && words[w + 1]! <= m.index) w++;
    if (words[w]! > m.index) continue;
    // A word before the line end already found shares that line end: each stretch of text is searched once.
    if (lineEnd < words[w]!) {
      lineEnd = words[w]!;
      for (;;) {
        lineEnd = text.indexOf("\n", lineEnd);
        if (lineEnd < 0) {
          lineEnd = text.length;
          break;
        }
        const before = text[lineEnd - 1] === "\r" ? lineEnd - 2 : lineEnd - 1;
        if (text[before] !== "\\") break;
        lineEnd++;
      }
    }
    // A flag on a later line belongs to another command; one that opens the very next line (its blank is the line
    // end) is still read as the command's.
    if (m.index < lineEnd || (m.index === lineEnd && m[0][0] === "\n")) starts.push(m.index + m[0].length);
  }
  return starts;
}

/** End of the shell word at `from`: quoted segments and unquoted characters up to white space (bounded). */
function shellWordEnd(text: string, from: number): number {
  let i = from;
  const limit = Math.min(text.length, from + 512);
  while (i < limit) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0 || close > limit) return i;
      i = close + 1;
    } else if (c === " " || c === "\t" || c === "\n" || c === "\r" || (c === "\\" && text[i + 1] === '"'))
      break;
    else i++;
  }
  return i;
}

/** A credential reference rather than a credential: `$X`, `${X}`, `<password>`, `[PASSWORD]`, `{{ … }}`. */
const CRED_REF = /^(?:\$[{A-Za-z_(]|<|\[|\{\{|%[A-Za-z_])/;

/**
 * curl cookie flags: `-b 'name=value; name2=value2'` — names stay visible, values are masked. Every flag after
 * `curl` on its line is a list (`curl -b 'a=1' --cookie 'k=v'` holds two); the look back for `curl` runs only at a
 * flag.
 */
const CURL_COOKIE =
  /[ \t](?:-b|--cookie)(?<=(?<![A-Za-z0-9])curl\b[^\n]{0,300}[ \t](?:-b|--cookie))(?:=|[ \t]{1,4})(\\{0,3}["']?)((?:[^\s'"\\]|\\{1,8}(?![\s"'`\\nrt]|$)){1,4096}(?:[ \t][^\s'"\\=]{1,128}=(?:[^\s'"\\]|\\{1,8}(?![\s"'`\\nrt]|$)){1,4096}){0,20})/g;

/**
 * A flag's value, the last part of each CLI pattern: quoted (the quote escaped by up to three backslashes, as in a
 * JSON string or a quoted command), everything up to its closing quote on that line, blanks included; else one
 * unquoted shell word. Group 1 is the quote; the value is group 2 or group 3 (cliValue).
 */
const flagValue = (first: string, max: number): string =>
  String.raw`(?:\\{0,3}(["'])((?:(?!\\{0,3}\1)[^\n]){1,${max}})|(${first}[^\s'"]{0,${max - 1}}))`;
/** A CLI pattern: `before` (the command and its flag), then the flag's value (flagValue). */
const flagPattern = (before: string, first: string, max = 255, flags = "g"): RegExp =>
  new RegExp(before + flagValue(first, max), flags);
const CLI = [
  flagPattern(
    String.raw`(?<![A-Za-z0-9])(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]{0,200}?[ \t]-p`,
    String.raw`[^\s'"-]`,
    256,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])(?:sshpass|docker login|podman login|helm registry login|oras login|nerdctl login|az login)\b[^\n]{0,200}?[ \t]-p[ \t]{1,4}`,
    String.raw`[^\s'"]`,
  ),
  flagPattern(String.raw`(?<![A-Za-z0-9])redis-cli\b[^\n]{0,200}?[ \t]-a[ \t]{1,4}`, String.raw`[^\s'"]`),
  // The reference's further tools (FC-REDACT-SENSITIVE-27, the record `cli-credential-tools`): sshpass's glued
  // `-pV`, the MongoDB shells' `-p V`, keytool's and jarsigner's `-storepass V` family, the LDAP clients' `-w V`,
  // sqlcmd's `-P V`, zip's `-P V`, 7-Zip's `-pV`, rabbitmqctl's `add_user U V`, and Samba's `-U user%V`.
  flagPattern(String.raw`(?<![A-Za-z0-9])sshpass\b[^\n]{0,200}?[ \t]-p`, String.raw`[^\s'"-]`),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])mongo(?:sh|dump|restore|export|import|stat|top)?\b[^\n]{0,200}?[ \t]-p[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9-])-(?:src|dest|new)?(?:store|key)?pass[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])ldap[a-z]{0,12}\b[^\n]{0,200}?[ \t]-w[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])(?:sqlcmd|bcp|osql|isql)\b[^\n]{0,200}?[ \t]-P[ \t]{0,4}`,
    String.raw`[^\s'"-]`,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])(?:zip|unzip|zipcloak)\b[^\n]{0,200}?[ \t]-P[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  flagPattern(String.raw`(?<![A-Za-z0-9])(?:7za?|7zz|7zr)\b[^\n]{0,200}?[ \t]-p`, String.raw`[^\s'"-]`),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])rabbitmqctl\b[^\n]{0,100}?[ \t](?:add_user|change_password)[ \t]{1,4}[^\s'"]{1,128}[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  // GitHub CLI's `gh secret set NAME --body V` (or `-b V`), a secret-named key set by a tool's config command
  // (`npm|yarn|pnpm config set K V`, `git config [--global] K V`, `aws configure set K V`, Windows' `setx K V`; not a
  // key that names a helper, file, path, URL, type, name, mode, store or id), and htpasswd's batch mode
  // (`htpasswd -b[c…] FILE USER V`).
  flagPattern(
    String.raw`(?<![A-Za-z0-9])gh[ \t]{1,4}secret[ \t]{1,4}set\b[^\n]{0,200}?[ \t](?:--body|-b)(?:=|[ \t]{1,4})`,
    String.raw`[^\s'"-]`,
    1024,
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])(?:(?:npm|yarn|pnpm)[ \t]{1,4}config[ \t]{1,4}set|git[ \t]{1,4}config(?:[ \t]{1,4}--(?:global|local|system|worktree))?|aws[ \t]{1,4}configure[ \t]{1,4}set|setx)[ \t]{1,4}[^\s'"=]{0,128}(?:password|passwd|passphrase|token|secret|auth|credential|pwd)[^\s'"=]{0,64}(?<!helper|file|path|url|type|name|mode|store|id)[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
    1024,
    "gi",
  ),
  flagPattern(
    String.raw`(?<![A-Za-z0-9])htpasswd\b[^\n]{0,100}?[ \t]-[A-Za-z]{0,8}b[A-Za-z]{0,8}(?:[ \t]{1,4}-[A-Za-z]{1,8}(?:[ \t]{1,4}\d{1,3})?){0,6}[ \t]{1,4}[^\s'"-][^\s'"]{0,255}[ \t]{1,4}[^\s'"-][^\s'"]{0,127}[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
  ),
  /(?<![A-Za-z0-9])(?:smbclient|rpcclient|smbcacls|smbget|smbmap)\b[^\n]{0,200}?[ \t](?:-U|--user=?)[ \t]{0,4}['"]?[^\s%'"]{1,128}%([^\s'"]{1,255})/g,
  /(?<![A-Za-z0-9])(?:-u|--user|--proxy-user)[ \t=]{1,4}['"]?[^\s:'"]{1,128}:([^\s'"@]{1,255})/g,
  flagPattern(
    String.raw`(?<![A-Za-z0-9])--?(?:[a-z0-9]+-){0,3}(?:password|passwd|pass|pwd|token|secret|api-key|apikey|access-key|auth|private-key|client-secret|credentials?)[ \t]{1,4}`,
    String.raw`[^\s'"-]`,
    1024,
    "gi",
  ),
];
/** A usage line's stand-in for a credential: one word of one case that names it (`PASSWORD`, `password`, `auth_token`). */
function isPlaceholderWord(v: string): boolean {
  return /^(?:[A-Z_]+|[a-z_]+)$/.test(v) && /pass|pwd|token|secret|key|auth|cred/i.test(v);
}
/** The value a CLI pattern read and whether it was quoted: a flagPattern's group 2 (quoted) or 3, else group 1. */
function cliValue(m: RegExpExecArray): { v: string; quoted: boolean } {
  if (m.length === 2) return { v: m[1] ?? "", quoted: false };
  return m[2] !== undefined ? { v: m[2], quoted: true } : { v: m[3] ?? "", quoted: false };
}
const CLI_GATE =
  /mysql|mariadb|sshpass|login|redis-cli|mongo|ldap|sqlcmd|bcp|osql|isql|zip|7z|rabbitmqctl|smb|rpcclient|secret|config|setx|htpasswd|-u[ \t=]|--user|--proxy-user|-[A-Za-z-]{0,40}(?:[Pp]ass|PASS|[Pp]wd|[Tt]oken|TOKEN|[Ss]ecret|SECRET|[Kk]ey|KEY|[Aa]uth|AUTH|[Cc]red|CRED)/;
const XML = /<([A-Za-z0-9_:.-]{0,40})(?:[ \t][^<>]{0,256})?(?<!\/)>([^<\r\n]{1,1024})<\/\1>/g;
const NAME_VALUE =
  /\b(?:name|key)(\\{0,3}["'])?[ \t]{0,4}[:=][ \t]{0,4}(?:\\{0,3}["'])?([A-Za-z0-9_.-]{1,80})(?:\\{0,3}["'])?[\s,]{0,40}(?:\\{0,3}["'])?value(\\{0,3}["'])?[ \t]{0,4}[:=][ \t]{0,4}/g;

/** curl's cookie lists (`-b`/`--cookie` after `curl` on its line), read once per text. */
function curlCookieLists(text: string): RegExpExecArray[] {
  if (!text.includes("curl")) return [];
  const lists: RegExpExecArray[] = [];
  CURL_COOKIE.lastIndex = 0;
  for (let m = CURL_COOKIE.exec(text); m !== null; m = CURL_COOKIE.exec(text)) lists.push(m);
  return lists;
}

/** Where each `--cookie` flag of those lists starts (a match opens with the blank before its flag). */
function longCookieFlags(lists: readonly RegExpExecArray[]): Set<number> {
  const at = new Set<number>();
  for (const m of lists) if (m[0].startsWith("--cookie", 1)) at.add(m.index + 1);
  return at;
}

const AUTHORIZATION_KEY = /authorization$/i;
const SCHEME_WORD = new RegExp(`(?:${AUTH_SCHEMES})[ \\t]{1,4}`, "iy");
/**
 * An Authorization header written as a key and a quoted value (`{"Authorization": "Basic …"}`) keeps its scheme word
 * visible, as the header line does (FC-REDACT-SENSITIVE-4): where its credential starts, or `start` without a scheme.
 */
function afterScheme(text: string, start: number, end: number): number {
  SCHEME_WORD.lastIndex = start;
  return SCHEME_WORD.test(text) && SCHEME_WORD.lastIndex < end ? SCHEME_WORD.lastIndex : start;
}

/**
 * An unquoted scheme word read as the whole value (`api_token = Bearer abc`, `secret: Token …`): the credential after it
 * (one to four blanks on) is the value, and the scheme word stays visible as in an Authorization header
 * (FC-REDACT-SENSITIVE-5: the value of a secret-named key is masked). An unquoted value ends at the blank after a scheme
 * word, so afterScheme finding one at the value's start means the value is that word.
 */
function afterSchemeValue(text: string, a: Assigned): Assigned | "masked" {
  if (a.quoted) return a;
  const i = afterScheme(text, a.start, text.length);
  if (i === a.start) return a;
  // Its credential already masked (a later pass): nothing left to read, and the caller leaves the key alone.
  if (text.startsWith("«", i)) return "masked";
  const v = valueAt(text, i);
  // A quoted credential after the scheme word (`Authorization: token 'V'`) is the value too; the word stays visible.
  return v.end <= v.start ? a : { op: a.op, start: v.start, end: v.end, quoted: v.quoted };
}

/** Where the name whose secret word ends at `from` ends (KEY_NEAR, KEY_SEGMENT, KEY_REACH_AFTER). */
function nameEnd(text: string, from: number): number {
  let near = from;
  while (near < text.length && near - from < KEY_NEAR && isIdentChar(text.charCodeAt(near))) near++;
  let end = near;
  let segment = 0;
  for (let i = near - 1; i >= from && !isSeparator(text.charCodeAt(i)); i--) segment++;
  let nameRun = false;
  while (end < text.length && end - from < KEY_REACH_AFTER && isIdentChar(text.charCodeAt(end))) {
    segment = isSeparator(text.charCodeAt(end)) ? 0 : segment + 1;
    // A long run is a token's body, unless it is camelCase words (`ForTheReplicationUserOn…`) or a hex digest
    // (`SECRET_TOKEN_8f14e45f…`): looked at once.
    if (segment > KEY_SEGMENT && !nameRun) {
      const run = end - segment + 1;
      if (!camelWords(text, run) && !hexDigest(text, run)) return near;
      nameRun = true;
    }
    end++;
  }
  return end;
}

/**
 * Whether the run at `at` is a hex digest to its end: at most 64 hex digits, not of both cases (a name's suffix, as in
 * `SECRET_TOKEN_8f14e45fceea167a5a36dedd4bea2543=`). A token's body mixes other letters in.
 */
function hexDigest(text: string, at: number): boolean {
  let i = at;
  let lower = false;
  let upper = false;
  for (; i < text.length && i - at <= 64; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 102) lower = true;
    else if (c >= 65 && c <= 70) upper = true;
    else if (!isDigit(c)) break;
  }
  return i - at <= 64 && !(lower && upper) && runEndsAt(text, i);
}

/**
 * Whether the run at `at` is camelCase words to its end: letters only, no two capitals in a row, and humps of 3.5
 * letters on average, as FC-REDACT-SENSITIVE-6 reads words (`wordForTheReplicationUserOfThePrimaryNode`), then at most
 * four digits. A random body (base64, a token) holds digits among its letters or capitals side by side and is not.
 */
function camelWords(text: string, at: number): boolean {
  let i = at;
  let humps = 0;
  let prevUpper = false;
  for (; i < text.length && i - at < KEY_REACH_AFTER; i++) {
    const c = text.charCodeAt(i);
    if (!isLetter(c)) break;
    const upper = c <= 90;
    if (upper && prevUpper) return false;
    if (upper || i === at) humps++;
    prevUpper = upper;
  }
  const letters = i - at;
  // A version or an index may close the words (`…MembersV2`, `…Cluster01`): up to four digits, a capital before them.
  let digits = 0;
  for (; digits < 4 && i < text.length && isDigit(text.charCodeAt(i)); i++) digits++;
  return (!prevUpper || digits > 0) && letters >= humps * 3.5 && runEndsAt(text, i);
}

const isSeparator = (c: number): boolean => c === 95 || c === 45 || c === 46;

/** Whether a run of a name ends at `i`: the text's end, a character no name holds, or a separator. */
const runEndsAt = (text: string, i: number): boolean =>
  i >= text.length || !isIdentChar(text.charCodeAt(i)) || isSeparator(text.charCodeAt(i));

/**
 * A key `key` written after its qualifier and one blank (`{"api key": …}`, `Access Key: …`, `"Private Key"`): the
 * name holds `api key`, `access key` or `private key` as FC-REDACT-SENSITIVE-5 writes them, so it is read as
 * `api_key`. Any other identifier is read as it is.
 */
function qualifiedKey(text: string, s: number, ident: string): string {
  if (s < 2 || (text.charCodeAt(s - 1) !== 32 && text.charCodeAt(s - 1) !== 9) || !/^key$/i.test(ident))
    return ident;
  let w = s - 1;
  while (w > 0 && w > s - 16 && isLetter(text.charCodeAt(w - 1))) w--;
  if (w === s - 1 || (w > 0 && isIdentChar(text.charCodeAt(w - 1)))) return ident;
  const word = text.slice(w, s - 1);
  return KEY_QUALIFIERS.has(word.toLowerCase()) ? `${word}_${ident}` : ident;
}

/**
 * Whether the loose reading `l` reads the value the strict reading `a` already judged: the same span, or the same
 * start run on over a query's next parameter (`token_type=bearer&expires_in=3600`: the strict value ends at `&`, and
 * the pair after it is no part of this value).
 */
function strictValueCovers(text: string, a: Assigned | null, l: Assigned): boolean {
  return (
    sameSpan(a, l) || (a !== null && a.start === l.start && QUERY_NEXT.test(text.slice(a.end, a.end + 130)))
  );
}

export function detectAssignments(text: string, out: Span[], keywords: KeywordScan): void {
  const found = keywords.matches("locator", LOCATOR, text);
  const cookieLists = curlCookieLists(text);
  const curlCookies = longCookieFlags(cookieLists);
  for (const m of found) {
    if (m.index >= 9 && text.startsWith("redacted:", m.index - 9)) continue;
    let s = m.index;
    while (s > 0 && m.index - s < KEY_REACH_BEFORE && isIdentChar(text.charCodeAt(s - 1))) s--;
    const keyEnd = nameEnd(text, m.index + m[0].length);
    // A secret word further on in the same identifier opens no key of its own: the scan resumes after it.
    found.skipTo(keyEnd);
    const ident = text.slice(s, keyEnd);
    // A closing tag (`</password>`) names an element that ended; what follows it is no value of the tag's name.
    if (
      s >= 2 &&
      text.charCodeAt(s - 1) === 47 &&
      text.charCodeAt(s - 2) === 60 &&
      text.charCodeAt(keyEnd) === 62
    )
      continue;
    // Cookie headers are parsed pair by pair by the structural family, and curl's --cookie list below (names stay
    // visible, FC-REDACT-SENSITIVE-17).
    if (COOKIE_HEADER.test(ident) || (ident.toLowerCase() === "--cookie" && curlCookies.has(s))) continue;
    const read = readAssignment(text, s, keyEnd);
    const a = read === null ? null : afterSchemeValue(text, read);
    if (a === "masked") continue;
    const tight = readLooseAssignment(text, keyEnd, 512);
    const machineMade = /\d/.test(ident) && /[A-Za-z]{2}/.test(ident);
    // No reading at all (prose: "returns the cached token when …"): nothing to classify.
    if (a === null && tight === null && !machineMade) continue;
    const strength = classifyKey(qualifiedKey(text, s, ident));
    const judged = a !== null && strength !== "none" && hasAlnum(text, a.start, a.end);
    // A label follows a colon (`test_missing_key: KeyError: …`, FC-REDACT-SENSITIVE-18); after an operator ending in
    // `=` (`=`, `:=`, `?=`, `+=`, …) a value ending in `:` is a value (`API_TOKEN=swordfish.ROSE_GOLD:`).
    if (judged && worthMasking(text.slice(a.start, a.end), strength, a.quoted || a.op.endsWith("="))) {
      const from = AUTHORIZATION_KEY.test(ident) ? afterScheme(text, a.start, a.end) : a.start;
      pushValue(out, from, a.end, strength === "strong" ? "secret-assignment" : "key-assignment");
      // A masked value is never re-read as a key ("password=password=…" stays linear).
      found.skipTo(a.end);
      continue;
    }
    // The loose form (`K ||"` v`, `xkeyq3 > v`): only a credential-shaped value, under a secret-named key or a
    // machine-made one (letters and digits glued to the secret word).
    if (strength === "none" && !machineMade) continue;
    // Blanks inside the key (`xpasswordq9  x1 ||"v"`) only for a machine-made key, gated by the credential shape:
    // after a plain secret word they are prose ("token http://…", "token 2024-04-17T12:16:05Z").
    const l = tight ?? (machineMade ? readLooseAssignment(text, keyEnd, 512, true) : null);
    // The same value the strict reading judged keeps that verdict; the loose one judges only a value it reads otherwise.
    // Under a secret-named key the assignment's own gate decides; under a machine-made key, the credential shape.
    const looseWorth = (v: string) =>
      strength === "none" || tight === null
        ? credentialShaped(v)
        : worthMasking(v, strength, true) && v.length >= 8;
    if (l !== null && !(judged && strictValueCovers(text, a, l)) && looseWorth(text.slice(l.start, l.end))) {
      pushValue(out, l.start, l.end, "secret-assignment");
      found.skipTo(l.end);
    }
  }
  if (keywords.has("prosePassword")) {
    PROSE_PASSWORD.lastIndex = 0;
    for (let m = PROSE_PASSWORD.exec(text); m !== null; m = PROSE_PASSWORD.exec(text)) {
      const v = (m[1] ?? "").replace(/[.,;:!?)]+$/, "");
      if (PROSE_STOP.has(v.toLowerCase()) || v.startsWith("«") || REFERENCE.test(v)) continue;
      const st = m.index + m[0].length - (m[1] ?? "").length;
      pushValue(out, st, st + v.length, "secret-assignment");
    }
  }
  if ((keywords.has("cli") || (keywords.has("cliFlag") && text.includes("-"))) && CLI_GATE.test(text)) {
    for (const re of CLI) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        const { v, quoted } = cliValue(m);
        // One or two digits are a constant (FC-REDACT-SENSITIVE-23); three or more are a PIN or password (`-p123456`).
        if (v.startsWith("«") || REFERENCE.test(v) || CRED_REF.test(v) || /^\d{1,2}$/.test(v)) continue;
        const st = m.index + m[0].length - v.length;
        // A bracket glued after an unquoted value closes what the command stands in (`[mysql -pV]`, `<… -pV>`): it
        // is no part of V. A usage line's placeholder (`[-pPASSWORD]`, `[-p password]`) stays visible.
        const end = quoted ? v.length : v.replace(/[>\]]+$/, "").length;
        if (end < v.length && isPlaceholderWord(v.slice(0, end))) continue;
        pushValue(out, st, st + end, "cli-credential");
      }
    }
  }
  // Every curl user flag holds "-u" (-u, --user, --proxy-user, --http-user); every CURL_COOKIE match follows "curl" on its line.
  if ((text.includes("curl") || text.includes("wget") || text.includes("http")) && text.includes("-u")) {
    for (const from of curlUserStarts(text)) {
      const end = shellWordEnd(text, from);
      const word = text.slice(from, end);
      const parts = word
        .replace(/["']/g, "")
        .split(":")
        .filter((p) => p.length > 0);
      if (parts.length === 0 || word.startsWith("«") || parts.some((p) => CRED_REF.test(p))) continue;
      // Keep the outer quotes visible; everything between them is the credential.
      const q = word[0] === '"' || word[0] === "'" ? 1 : 0;
      const qe = q && word.endsWith(word[0]!) && word.length > 1 ? 1 : 0;
      pushValue(out, from + q, end - qe, "cli-credential");
    }
  }
  for (const m of cookieLists) {
    const body = m[2] ?? "";
    let pos = m.index + m[0].length - body.length;
    for (const part of body.split(";")) {
      const eq = part.indexOf("=");
      const v = eq >= 0 ? part.slice(eq + 1).trim() : "";
      if (v.length > 0 && !v.startsWith("«") && !REFERENCE.test(v)) {
        const st = pos + part.indexOf(v, eq);
        pushValue(out, st, st + v.length, "cookie");
      }
      pos += part.length + 1;
    }
  }
  if (keywords.has("kind") && KIND_SECRET.test(text)) detectSecretManifest(text, out);
  if (text.includes("</")) {
    XML.lastIndex = 0;
    for (let m = XML.exec(text); m !== null; m = XML.exec(text)) {
      // A namespaced element (`<ns:auth>`, `<wsse:Password>`) is named by its local part.
      const name = m[1] ?? "";
      const strength = classifyKey(name.slice(name.lastIndexOf(":") + 1));
      const v = m[2] ?? "";
      if (strength !== "none" && worthMasking(v, strength, true)) {
        const st = m.index + m[0].length - v.length - (m[1] ?? "").length - 3;
        pushValue(out, st, st + v.length, "secret-assignment");
      }
    }
  }
  if (keywords.has("value") && keywords.has("name") && /value/.test(text) && /name/.test(text)) {
    NAME_VALUE.lastIndex = 0;
    for (let m = NAME_VALUE.exec(text); m !== null; m = NAME_VALUE.exec(text)) {
      const strength = classifyKey(m[2] ?? "");
      if (strength === "none") continue;
      const b = valueAt(text, m.index + m[0].length);
      if (b && worthMasking(text.slice(b.start, b.end), strength, b.quoted)) {
        pushValue(out, b.start, b.end, "secret-assignment");
      }
    }
  }
}

// ---- Kubernetes Secret manifests (FC-REDACT-SENSITIVE-15) ----

/** A Kubernetes Secret (`kind: Secret`, YAML or JSON, either order of fields): every `data`/`stringData` value is secret. */
const KIND_SECRET = /["']?kind["']?[ \t]{0,64}:[ \t]{0,64}["']?Secret\b/i;
/** Loose form: `data:`, then within 100 characters a `key:` entry whose value is base64 of 10 or more characters. */
const DATA_WORD = /\bdata[ \t]{0,4}:/gi;
const LOOSE_ENTRY =
  /\s[A-Za-z0-9_.-]{1,253}[ \t]{0,4}:(?:[ \t]*(?:\||>[-+]?)\s+)?[ \t]*["']?([A-Za-z0-9+/]{10,}={0,3})/;
/** A block's header: `data:` or `stringData:` alone on its line, blanks before the colon and a comment after it allowed. */
const YAML_DATA = /^([ \t]*)(data|stringData)[ \t]{0,4}:[ \t]*(?:#[^\n]*)?\r?$/gm;
/** A data key, plain or quoted (`"tls.crt"`), then the blanks YAML allows before its colon: block and flow entries alike. */
const DATA_KEY = String.raw`(?:[A-Za-z0-9_.-]{1,253}|"[^"\n]{1,253}"|'[^'\n]{1,253}')[ \t]{0,4}:`;
/** An entry of the block. */
const YAML_ENTRY = new RegExp(String.raw`^([ \t]+)${DATA_KEY}[ \t]*`);
const JSON_DATA = /["'](?:data|stringData)["'][ \t]{0,4}:[ \t]{0,4}\{/g;
/** A member of the data object up to its value, key and value quoted alike with `"` or `'` (a Python dict's repr), any white space around the colon. */
const JSON_ENTRY = /^[ \t\r\n]{0,64}(["'])[A-Za-z0-9_.-]{1,253}\1[ \t\r\n]{0,64}:[ \t\r\n]{0,64}(?=["'])/;
/** A YAML flow mapping under an unquoted `data:`/`stringData:` (`data: {config: …, "b": "…"}`). */
const FLOW_DATA = /(?<![\w"'.-])(?:data|stringData)[ \t]{0,4}:[ \t]{0,4}\{/g;
const FLOW_ENTRY = new RegExp(String.raw`^[ \t\r\n]{0,64}${DATA_KEY}[ \t\r\n]{0,64}`);

function detectSecretManifest(text: string, out: Span[]): void {
  YAML_DATA.lastIndex = 0;
  for (let m = YAML_DATA.exec(text); m !== null; m = YAML_DATA.exec(text)) {
    const indent = (m[1] ?? "").length;
    let pos = m.index + m[0].length + 1;
    /** Indent of the entry whose value is a block scalar (`key: |`) while its deeper lines run; -1 outside one. */
    let blockIndent = -1;
    let entries = 0;
    // Every entry of the block, however many (FC-REDACT-SENSITIVE-15: every value under data:); the search for the
    // next header resumes after the block, so each line is read once, whole (a long base64 value to its end).
    while (pos < text.length) {
      const nl = text.indexOf("\n", pos);
      const lineEnd = nl < 0 ? text.length : nl;
      let line = text.slice(pos, lineEnd);
      if (line.endsWith("\r")) line = line.slice(0, -1);
      const lead = /^[ \t]*/.exec(line)![0].length;
      if (lead === line.length) {
        // A blank line inside the block.
        pos = lineEnd + 1;
        continue;
      }
      if (lead <= indent) break;
      if (blockIndent >= 0 && lead <= blockIndent) blockIndent = -1;
      const e = YAML_ENTRY.exec(line);
      if (e === null) {
        // A deeper line that is no entry: a block scalar's content or a plain scalar continued, masked whole; a
        // comment line outside a block scalar is skipped.
        if (blockIndent < 0 && line[lead] === "#") {
          pos = lineEnd + 1;
          continue;
        }
        if (entries === 0) break;
        let end = line.length;
        while (end > lead && /\s/.test(line[end - 1]!)) end--;
        pushValue(out, pos + lead, pos + end, "k8s-secret-data");
        pos = lineEnd + 1;
        continue;
      }
      entries++;
      const v = valueAt(line, e[0].length, line.length);
      let end = v.end;
      if (!v.quoted) {
        // A plain scalar runs to the end of its line, blanks inside included (`login: correct horse battery`);
        // a blank and `#` start a comment.
        const hash = line.indexOf(" #", v.start);
        end = hash >= 0 ? hash : line.length;
        while (end > v.start && /\s/.test(line[end - 1]!)) end--;
      }
      const value = line.slice(v.start, end);
      // `|`, `>` and their chomping and indent indicators open a block scalar: its deeper lines are the value.
      if (/^[|>][-+1-9]{0,2}$/.test(value)) blockIndent = lead;
      else if (value.length > 0 && !REFERENCE.test(value))
        pushValue(out, pos + v.start, pos + end, "k8s-secret-data");
      pos = lineEnd + 1;
    }
    if (pos > YAML_DATA.lastIndex) YAML_DATA.lastIndex = Math.min(pos, text.length);
  }
  DATA_WORD.lastIndex = 0;
  for (let m = DATA_WORD.exec(text); m !== null; m = DATA_WORD.exec(text)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + 100 + 320);
    const e = LOOSE_ENTRY.exec(window);
    if (e === null || e.index > 100) continue;
    // The value; and the key too when it is as machine-made as the value (letters and digits mixed).
    const v = e[1] ?? "";
    const end = from + e.index + e[0].length;
    const key = /[A-Za-z0-9_.-]+/.exec(e[0])?.[0] ?? "";
    const st = /\d/.test(key) && /[A-Za-z]/.test(key) ? from + e.index + 1 : end - v.length;
    pushValue(out, st, end, "k8s-secret-data");
  }
  JSON_DATA.lastIndex = 0;
  for (let m = JSON_DATA.exec(text); m !== null; m = JSON_DATA.exec(text)) {
    const pos = maskMappingValues(text, m.index + m[0].length, JSON_ENTRY, Number.POSITIVE_INFINITY, out);
    if (pos > JSON_DATA.lastIndex) JSON_DATA.lastIndex = Math.min(pos, text.length);
  }
  FLOW_DATA.lastIndex = 0;
  for (let m = FLOW_DATA.exec(text); m !== null; m = FLOW_DATA.exec(text)) {
    const pos = maskMappingValues(text, m.index + m[0].length, FLOW_ENTRY, 4096, out);
    if (pos > FLOW_DATA.lastIndex) FLOW_DATA.lastIndex = Math.min(pos, text.length);
  }
}

/**
 * The values of a JSON object's or YAML flow mapping's entries from `pos` (just after its `{`), one `entry` match
 * (the key and its colon) each, at most `maxEntries`, while a `,` follows: a quoted value to its closing quote, a
 * plain one (a flow mapping's) to the next `,` or `}` or the line's end, its trailing blanks left out. Returns where
 * the reading stopped.
 */
function maskMappingValues(
  text: string,
  pos: number,
  entry: RegExp,
  maxEntries: number,
  out: Span[],
): number {
  for (let n = 0; n < maxEntries; n++) {
    const e = entry.exec(text.slice(pos, pos + 400));
    if (e === null) break;
    const at = pos + e[0].length;
    let start = at;
    let end: number;
    const q = text[at];
    if (q === '"' || q === "'") {
      const v = valueAt(text, at);
      start = v.start;
      end = v.end;
      pos = Math.min(text.length, end + 1);
    } else {
      end = at;
      while (end < text.length && end - at < 65536 && !",}\n\r".includes(text[end]!)) end++;
      pos = end;
      while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
    }
    if (end > start && !REFERENCE.test(text.slice(start, end))) pushValue(out, start, end, "k8s-secret-data");
    const comma = /^[ \t\r\n]{0,64},/.exec(text.slice(pos, pos + 70));
    if (comma === null) break;
    pos += comma[0].length;
  }
  return pos;
}
