// FC-REDACT-SENSITIVE-8: views of a text with encodings and noise undone (escapes, percent-encoding, ANSI, zero-width, wraps).
import { isShortEscapeFinal, nfEnd } from "../../text.ts";
import { charClass, nextRun } from "./runs.ts";
import { isTokenChar } from "./types.ts";
import { SOURCE_EXTENSIONS } from "./paths.ts";

/**
 * A decoded view of some source text. `map[i]` is the source offset where view character i starts;
 * `map[view.length]` is the source length. A view span [a, b) covers source [map[a], map[b]).
 */
export interface View {
  text: string;
  map: Int32Array;
}

const ZERO_WIDTH = /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u180e]/;
const ESCAPE = /\\[\\"'/nrtbfux0e]/;
const PERCENT = /%[0-9A-Fa-f]{2}/;
const WRAP_WIDTHS = new Set([64, 76, 80]);
const TOKEN_LINE = /^[A-Za-z0-9+/=_-]+$/;

function hasNoise(s: string): boolean {
  return (
    s.includes("\x1b") ||
    (s.includes("\\") && ESCAPE.test(s)) ||
    (s.includes("%") && PERCENT.test(s)) ||
    hasCaretEscape(s) ||
    ZERO_WIDTH.test(s)
  );
}

/** Whether some `^[` in `s` is an ESC (afterEscape would take it). */
function hasCaretEscape(s: string): boolean {
  for (let k = s.indexOf("^["); k !== -1; k = s.indexOf("^[", k + 1))
    if (opensSpelledEscape(s.charCodeAt(k + 2)) || opensSpelledTitle(s, k + 2)) return true;
  return false;
}

/**
 * A `NAME=value` line (no blank, the value of token characters) followed by a line that opens with another
 * assignment (`API_TOKEN=v`, `token: v`) is a dump of assignments, one a line: no wrapped token goes on with a
 * name and `=` (base64 holds `=` only as its closing padding), so the line ends there. A line cut inside a key
 * (`… export GITHUB_TOK` / `EN=…`) is no such line and stays joined.
 */
const ASSIGNMENT_LINE = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}=[A-Za-z0-9+/_.~-]+=*$/;
const OPENS_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}(?:=[^=\s]|:[ \t])/;
/**
 * A line that opens with a source file's path and its line (`src/index.ts:3:7 - error …`, `lib\\a.cs(12,5)`) goes
 * on no token: no token's alphabet holds a `.` then such an extension, and a repo-relative path stays visible
 * (FC-PATH-3), so the line before it ends there.
 */
const OPENS_LOCATED_PATH = new RegExp(
  `^@?[\\w.+-]{1,255}(?:[\\\\/]@?[\\w.+-]{1,255}){0,64}\\.(?:${SOURCE_EXTENSIONS})(?::\\d|\\(\\d)`,
);
const linesApart = (s: string, lineStart: number, lineEnd: number, next: number) =>
  (OPENS_ASSIGNMENT.test(s.slice(next, next + 131)) && ASSIGNMENT_LINE.test(s.slice(lineStart, lineEnd))) ||
  OPENS_LOCATED_PATH.test(s.slice(next, next + 1024));

/** A line cut at a usual wrap width, or a whole line of ≥ 40 token characters, continued on the next line. */
function hasWrappedLine(s: string): boolean {
  let start = 0;
  for (let nl = s.indexOf("\n"); nl >= 0; nl = s.indexOf("\n", nl + 1)) {
    const end = nl > 0 && s.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const w = end - start;
    if (nl + 1 < s.length && s.charCodeAt(nl + 1) > 32 && !linesApart(s, start, end, nl + 1)) {
      if (WRAP_WIDTHS.has(w) && end > 0 && s.charCodeAt(end - 1) > 32) return true;
      if (w >= 40 && TOKEN_LINE.test(s.slice(start, end))) return true;
    }
    start = nl + 1;
  }
  return false;
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isZeroWidth = (c: number) =>
  (c >= 0x200b && c <= 0x200f) ||
  c === 0x2060 ||
  (c >= 0x2061 && c <= 0x2064) ||
  c === 0xfeff ||
  c === 0xad ||
  c === 0x180e;

/** Where the character after an ESC (real, or a textual spelling of it) starting at i sits, or -1. */
function afterEscape(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 0x1b) return i + 1;
  if (c === 92 /* \ */) {
    if (s.startsWith("u001b", i + 1) || s.startsWith("u001B", i + 1)) return i + 6;
    if (s.startsWith("x1b", i + 1) || s.startsWith("x1B", i + 1)) return i + 4;
    if (s.startsWith("033", i + 1)) return i + 4;
    if (s[i + 1] === "e" && (opensSpelledEscape(s.charCodeAt(i + 2)) || opensSpelledTitle(s, i + 2)))
      return i + 2;
  } else if (
    c === 94 /* ^ */ &&
    s[i + 1] === "[" &&
    (opensSpelledEscape(s.charCodeAt(i + 2)) || opensSpelledTitle(s, i + 2))
  )
    return i + 2;
  return -1;
}

/**
 * Where the OSC title whose `]` is at `j` ends, just after its BEL (real, or spelled as JSON, C or a shell writes it:
 * `\u0007`, `\x07`, `\007`, `\a`) within 256 characters; -1 when none ends it there.
 */
function titleEnd(s: string, j: number): number {
  const lim = Math.min(s.length, j + 256);
  for (let k = j + 1; k < lim; k++) {
    const d = s.charCodeAt(k);
    if (d === 7) return k + 1;
    if (d === 92) {
      const n = spelledBel(s, k);
      if (n > 0) return k + n;
    }
  }
  return -1;
}

/**
 * Whether `\e` or `^[` before `j` opens an OSC title: `]` at `j` and its BEL (titleEnd). Without the BEL they stay
 * text (`^[]` opens a regular expression's class).
 */
function opensSpelledTitle(s: string, j: number): boolean {
  return s[j] === "]" && titleEnd(s, j) >= 0;
}

/**
 * Whether `\e` or `^[` is an ESC before `c`: `[` (CSI), or one of the escapes ansiLength strips after it (nF's
 * first intermediate, `7`, `8`, `=`, `>`, `c`). Any other character keeps them text (`\e` in `C:\ecommerce` is
 * a path; `^[` opens many a regular expression's class).
 */
function opensSpelledEscape(c: number): boolean {
  return c === 0x5b || (c >= 0x21 && c <= 0x2f) || isShortEscapeFinal(c);
}

/** Whether a `\uXXXX` or `\xXX` escape starts at the backslash at k. */
function spelledChar(s: string, k: number): boolean {
  const e = s[k + 1];
  const digits = e === "u" ? 4 : e === "x" ? 2 : 0;
  if (digits === 0 || k + 1 + digits >= s.length) return false;
  for (let q = k + 2; q < k + 2 + digits; q++) if (!isHex(s.charCodeAt(q))) return false;
  return true;
}

/** Length of a spelled BEL at k (`\u0007`, `\x07`, `\007`, `\a`), or 0. */
function spelledBel(s: string, k: number): number {
  if (s.startsWith("\\u0007", k)) return 6;
  if (s.startsWith("\\x07", k) || s.startsWith("\\007", k)) return 4;
  return s[k + 1] === "a" ? 2 : 0;
}

/** Length of an ANSI/VT control sequence (real ESC or a textual spelling of it) starting at i, or 0. */
function ansiLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  const j = afterEscape(s, i);
  if (j < 0) return 0;
  if (s[j] === "[") {
    let k = j + 1;
    while (k < s.length && k - j < 32) {
      const d = s.charCodeAt(k);
      // A new escape (`\u001b[` right after a cut-short `\u001b[`) ends this one, as a real ESC would.
      if ((d === 92 || d === 94) && afterEscape(s, k) >= 0) return k - i;
      // So does an escaped line break or tab (`\n`, `\r`, `\t` spelled out, as JSON writes them) or an escaped
      // character (`\u00a0`, `\xa0`): its backslash is no final byte, else what follows it would be glued to the
      // token after it (`\u001b[\tnpm_…`, `\u001b[\u00a0sk_live_…`).
      if (d === 92 && (s[k + 1] === "n" || s[k + 1] === "r" || s[k + 1] === "t" || spelledChar(s, k)))
        return k - i;
      if (d >= 0x40 && d <= 0x7e) return k + 1 - i;
      if (!(d >= 0x20 && d <= 0x3f)) break;
      k++;
    }
    return k - i;
  }
  if (s[j] === "]") {
    // An OSC title runs to its BEL within 256 characters (titleEnd), as a spelled ESC opens it.
    const end = titleEnd(s, j);
    return end < 0 ? j - i : end - i;
  }
  // `ESC ( B` (nF: intermediates, then a final) and the two-character escapes `ESC 7`, `ESC 8`, `ESC =`, `ESC >`,
  // `ESC c`, as src/text.ts strips them from real text (other letters and digits stay: a stray ESC must not eat
  // a token's first letter); `\e` and `^[` reach here only before `[` or one of these (afterEscape).
  const nf = nfEnd(s, j, 8);
  if (nf !== -1) return nf - i;
  if (isShortEscapeFinal(s.charCodeAt(j))) return j + 1 - i;
  // A stray ESC opens nothing and goes alone, real or spelled `\u001b`, `\x1b`, `\033`, so the letter after it
  // stays the token's (`\033npm_…`); `\e` and `^[` reach here only before an nF intermediate without its final,
  // and stay text (before `]` they reach the OSC branch only with its BEL).
  return c === 0x1b ? 1 : s[i + 1] === "e" || c === 94 ? 0 : j - i;
}

/** The string of the first `length` UTF-16 units of `codes`, built a block at a time (a call takes only so many arguments). */
function fromCodes(codes: Uint16Array, length: number): string {
  const BLOCK = 8192;
  if (length <= BLOCK) return String.fromCharCode(...codes.subarray(0, length));
  const blocks: string[] = [];
  for (let k = 0; k < length; k += BLOCK)
    blocks.push(String.fromCharCode(...codes.subarray(k, Math.min(length, k + BLOCK))));
  return blocks.join("");
}

/**
 * One decoding pass: strips ANSI sequences and zero-width characters, undoes one level of backslash and
 * percent escapes, joins lines wrapped inside a token. Returns null when nothing changed.
 */
export function decodeOnce(src: string): View | null {
  const wraps = hasWrappedLine(src);
  if (!wraps && !hasNoise(src)) return null;
  // The view's characters and their source offsets, in arrays as long as the source: no view is longer than
  // its source (every view character consumes at least one source character).
  const n = src.length;
  const out = new Uint16Array(n);
  const map = new Int32Array(n + 1);
  let m = 0;
  let lineStart = 0;
  let changed = false;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    const a = c === 0x1b || c === 92 || c === 94 ? ansiLength(src, i) : 0;
    if (a > 0) {
      i += a;
      changed = true;
      continue;
    }
    if (isZeroWidth(c)) {
      i++;
      changed = true;
      continue;
    }
    if (c === 92 && i + 1 < n) {
      const e = src[i + 1];
      let ch: string | null = null;
      let len = 2;
      if (e === '"' || e === "\\" || e === "/" || e === "'") ch = e;
      else if (e === "n") ch = "\n";
      else if (e === "r") ch = "\r";
      else if (e === "t") ch = "\t";
      else if (e === "b" || e === "f") ch = " ";
      else if (spelledChar(src, i)) {
        len = e === "u" ? 6 : 4;
        ch = String.fromCharCode(Number.parseInt(src.slice(i + 2, i + len), 16));
      }
      if (ch !== null) {
        const code = ch.charCodeAt(0);
        if (!isZeroWidth(code)) {
          out[m] = code;
          map[m++] = i;
        }
        i += len;
        changed = true;
        continue;
      }
    }
    if (c === 37 /* % */ && i + 2 < n && isHex(src.charCodeAt(i + 1)) && isHex(src.charCodeAt(i + 2))) {
      // An ASCII byte, or a whole UTF-8 sequence of escaped bytes; a lone byte of 0x80 or more (`%DB_PASSWORD%`) is
      // no escape: it stays as written.
      const len = percentUtf8Length(src, i);
      if (len > 0) {
        const bytes: number[] = [];
        for (let k = 0; k < len; k += 3) bytes.push(Number.parseInt(src.slice(i + k + 1, i + k + 3), 16));
        const decoded =
          bytes.length === 1 ? String.fromCharCode(bytes[0]!) : Buffer.from(bytes).toString("utf8");
        for (let u = 0; u < decoded.length; u++) {
          out[m] = decoded.charCodeAt(u);
          map[m++] = i;
        }
        i += len;
        changed = true;
        continue;
      }
    }
    if (wraps && (c === 10 || (c === 13 && src.charCodeAt(i + 1) === 10))) {
      const nl = c === 13 ? i + 1 : i;
      const width = i - lineStart;
      const prev = i > 0 ? src.charCodeAt(i - 1) : 32;
      const next = nl + 1 < n ? src.charCodeAt(nl + 1) : 32;
      const fixedWidth = WRAP_WIDTHS.has(width) && prev > 32 && next > 32;
      if (
        (fixedWidth ||
          (isTokenChar(prev) && isTokenChar(next) && width >= 40 && runBefore(src, i) >= width)) &&
        !linesApart(src, lineStart, i, nl + 1)
      ) {
        i = nl + 1;
        lineStart = i;
        changed = true;
        continue;
      }
    }
    if (c === 10) lineStart = i + 1;
    out[m] = c;
    map[m++] = i;
    i++;
  }
  if (!changed) return null;
  map[m] = n;
  return { text: fromCodes(out, m), map: map.slice(0, m + 1) };
}

/**
 * The length in source characters of the percent-escaped UTF-8 sequence at `i` (`%41` is 3, `%C3%A9` is 6), or 0 when
 * the escaped bytes are not one well-formed UTF-8 character.
 */
function percentUtf8Length(src: string, i: number): number {
  const byte = (k: number) =>
    src.charCodeAt(k) === 37 && isHex(src.charCodeAt(k + 1)) && isHex(src.charCodeAt(k + 2))
      ? Number.parseInt(src.slice(k + 1, k + 3), 16)
      : -1;
  const lead = byte(i);
  if (lead < 0x80) return lead < 0 ? 0 : 3;
  const more =
    lead >= 0xc2 && lead <= 0xdf
      ? 1
      : lead >= 0xe0 && lead <= 0xef
        ? 2
        : lead >= 0xf0 && lead <= 0xf4
          ? 3
          : -1;
  if (more < 0) return 0;
  const bytes = [lead];
  for (let k = 1; k <= more; k++) {
    const b = byte(i + 3 * k);
    if (b < 0x80 || b > 0xbf) return 0;
    bytes.push(b);
  }
  // Overlong forms and surrogates decode to U+FFFD: not a character.
  return Buffer.from(bytes).toString("utf8").includes("\ufffd") ? 0 : 3 * (more + 1);
}

function runBefore(s: string, i: number): number {
  let k = i - 1;
  while (k >= 0 && i - k <= 4096 && isTokenChar(s.charCodeAt(k))) k--;
  return i - 1 - k;
}

/** Composes `outer` (a view of `inner.text`) with `inner` so that it maps straight to the original source. */
export function compose(outer: View, inner: View): View {
  const map = new Int32Array(outer.map.length);
  for (let i = 0; i < outer.map.length; i++) map[i] = inner.map[outer.map[i]!]!;
  return { text: outer.text, map };
}

/** The distinct decoded views of a text, up to `depth` levels (double-escaped JSON needs two). */
export function decodedViews(src: string, depth = 3): View[] {
  const views: View[] = [];
  let cur: View | null = null;
  for (let d = 0; d < depth; d++) {
    const next = decodeOnce(cur ? cur.text : src);
    if (next === null) break;
    cur = cur ? compose(next, cur) : next;
    views.push(cur);
  }
  return views;
}

// Base64 wrappers: a run of base64 that decodes to printable text is scanned as text (one level deep).
// A run is a maximal stretch of [A-Za-z0-9+/_-] of 16 to 8192 characters, with at most two '=' of padding, that no
// further base64 character or '=' follows.

const B64 = 1;
/** Not a hex digit. */
const NON_HEX = 16;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let k = 0;
  if (/[A-Za-z0-9+/_-]/.test(ch)) k |= B64;
  if (k & B64 && !/[0-9a-fA-F]/.test(ch)) k |= NON_HEX;
  CLASS[c] = k;
}

/**
 * Decodes base64 (without its padding) to Latin-1 text; null when it cannot be whole base64, decodes to fewer than
 * `minBytes` bytes, or fewer than `minShare` of them are printable (ASCII printing characters, tab, LF, CR).
 */
export function decodeBase64Text(b64: string, minBytes = 1, minShare = 0.95): string | null {
  if (b64.length % 4 === 1) return null;
  const buf = Buffer.from(b64, "base64");
  if (buf.length < minBytes) return null;
  let printable = 0;
  for (const b of buf) if ((b >= 32 && b < 127) || b === 9 || b === 10 || b === 13) printable++;
  return printable / buf.length >= minShare ? buf.toString("latin1") : null;
}

export interface Base64Run {
  start: number;
  end: number;
  decoded: string;
}

const RUN_CHARS = charClass((ch) => /[A-Za-z0-9+/_-]/.test(ch));
const isRunChar = (c: number) => c < 128 && RUN_CHARS[c] === 1;

export function base64Runs(text: string): Base64Run[] {
  const runs: Base64Run[] = [];
  const n = text.length;
  for (
    let run = nextRun(text, 0, RUN_CHARS, 16);
    run !== null;
    run = nextRun(text, run[1] + 1, RUN_CHARS, 16)
  ) {
    const [start, i] = run;
    if (i - start > 8192) continue;
    let end = i;
    while (end < n && end - i < 2 && text.charCodeAt(end) === 61 /* = */) end++;
    if (end < n && (isRunChar(text.charCodeAt(end)) || text.charCodeAt(end) === 61)) continue;
    let seen = 0;
    for (let k = start; k < i; k++) seen |= CLASS[text.charCodeAt(k)]!;
    if ((seen & NON_HEX) === 0 && end === i) continue; // hex digests
    // No test of letter case, padding or digits: the base64 of printable text may hold no lower-case letter
    // (`(AKIA…` encodes to `KEFLSUFC…`), and unpadded, no digit either (`QUtJQTRH…` is an AWS key id); a secret
    // inside it must still be seen (FC-REDACT-SENSITIVE-8). An identifier rarely decodes to printable text.
    const decoded = decodeBase64Text(text.slice(start, i).replace(/-/g, "+").replace(/_/g, "/"), 8, 0.97);
    if (decoded !== null) runs.push({ start, end, decoded });
  }
  return runs;
}

/** The pieces decodeOnce is made of, for decode.test.ts's character-by-character oracle. */
export const decodeParts = {
  ansiLength,
  linesApart,
  hasNoise,
  hasWrappedLine,
  isHex,
  isZeroWidth,
  percentUtf8Length,
  runBefore,
  WRAP_WIDTHS,
};
