// FC-STAGE1-3, FC-ID-2, FC-TRIM-1: text sanitation, message normalisation for ids, and safe trimming.
import volatileMasks from "../spec/volatile-masks.json" with { type: "json" };

/** The characters sanitize may change: ANSI escapes open with one, and CR, controls and surrogates are one. */
export const NEEDS_SANITIZING = /[\x00-\x08\x0b-\x1f\x7f\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const HAS_SURROGATE = /[\uD800-\uDFFF]/;
const HAS_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/**
 * The length of the ANSI escape at `at` (an ESC), or 0: the first of `ESC [ params* intermediates* final`
 * (CSI), `ESC ] text (BEL | ESC \\)?` (OSC, to the end when unterminated), `ESC intermediates+ final` (nF:
 * `ESC ( B`, which resets the character set at the end of every `tput sgr0`), `ESC Fe` (`ESC M`) and the
 * few `ESC Fp` and `ESC Fs` that terminals are sent (`ESC 7`, `ESC 8`, `ESC =`, `ESC >`, and `ESC c`, the reset
 * `tsc --watch` prints before each run) — the pattern ANSI, read by hand because coloured logs hold hundreds of
 * thousands of escapes. A terminal shows none of them, so none is left to glue its last character to a token
 * after it (FC-REDACT-SENSITIVE-8). Other lower-case letters and digits after an ESC stay: a stray ESC before
 * `npm_…` must not eat the token's first letter.
 */
function ansiLength(s: string, at: number): number {
  const c = s.charCodeAt(at + 1);
  if (c === 0x5b) {
    let i = at + 2;
    while (i < s.length && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x3f) i++;
    while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
    const f = s.charCodeAt(i);
    return f >= 0x40 && f <= 0x7e ? i + 1 - at : 0;
  }
  if (c === 0x5d) {
    let i = at + 2;
    while (i < s.length && s.charCodeAt(i) !== 0x07 && s.charCodeAt(i) !== 0x1b) i++;
    if (s.charCodeAt(i) === 0x07) i++;
    else if (s.charCodeAt(i) === 0x1b && s.charCodeAt(i + 1) === 0x5c) i += 2;
    return i - at;
  }
  const nf = nfEnd(s, at + 1);
  if (nf !== -1) return nf - at;
  return (c >= 0x40 && c <= 0x5a) || (c >= 0x5c && c <= 0x5f) || isShortEscapeFinal(c) ? 2 : 0;
}

/**
 * The `ESC Fp` and `ESC Fs` escapes removed whole: `7`, `8`, `=`, `>`, `c` (any other of their characters after
 * an ESC stays). The redactor's spelled-escape reader (src/redact/detectors/decode.ts) uses the same list.
 */
export const isShortEscapeFinal = (c: number): boolean =>
  c === 0x37 || c === 0x38 || c === 0x3d || c === 0x3e || c === 0x63;

/**
 * Where the nF escape whose first intermediate (0x21-0x2F) is at `from` ends, just after its final (0x30-0x7E),
 * or -1 when there is none there; the run of intermediates is at most `limit` characters long.
 */
export function nfEnd(s: string, from: number, limit = Number.POSITIVE_INFINITY): number {
  const c = s.charCodeAt(from);
  if (!(c >= 0x21 && c <= 0x2f)) return -1;
  let i = from + 1;
  while (i < s.length && i - from < limit && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
  const f = s.charCodeAt(i);
  return f >= 0x30 && f <= 0x7e ? i + 1 : -1;
}

/** Every ANSI escape removed, left to right as a global replace would (an ESC that opens none stays). */
function stripAnsi(s: string): string {
  if (s.length < ONE_BYTE_COPY_MIN) return stripAnsiJoined(s);
  if (fewEscapes(s)) return s.replace(ANSI, "");
  if (!WIDE.test(s)) return stripAnsiCopied(s, false);
  return LITTLE_ENDIAN ? stripAnsiCopied(s, true) : stripAnsiJoined(s);
}

/** The pattern ansiLength reads by hand: the same escapes, the same first match at each ESC. */
const ANSI =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[!-/][ -/]*[0-~]|\x1b[@-Z\\-_78=>c]/g;

/**
 * Whether ESC is at most one character in ESCAPE_SPACING: then the engine's own replace, which copies the
 * text between matches in blocks, is the fastest; it pays a fixed cost per match, so a densely coloured log is
 * copied by hand instead.
 */
function fewEscapes(s: string): boolean {
  const most = Math.floor(s.length / ESCAPE_SPACING);
  let n = 0;
  for (let at = s.indexOf("\x1b"); at !== -1; at = s.indexOf("\x1b", at + 1)) if (++n > most) return false;
  return true;
}
const ESCAPE_SPACING = 32;

/** Below this length the pieces are few and joining them costs less than an array of the whole text. */
const ONE_BYTE_COPY_MIN = 64 * 1024;
/** Whether a Uint16Array's bytes are UTF-16LE here (as on every platform Node's release builds target but s390x). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
/** A character that does not fit in a byte (on text stored one byte per character, V8 answers at once). */
const WIDE = /[^\x00-\xff]/;

/**
 * stripAnsi for long text: the kept characters are copied into one array (bytes when every character fits in
 * one, else UTF-16 units) and decoded once. Joining the kept pieces instead makes one string per escape
 * (hundreds of thousands in a large log), all alive until the result is flattened: with wide text that rope's
 * flattening at the first search was a sixth of a coloured compiler log's parse.
 */
function stripAnsiCopied(s: string, wide: boolean): string {
  const out = wide ? new Uint16Array(s.length) : new Uint8Array(s.length);
  let o = 0;
  let from = 0;
  for (let at = s.indexOf("\x1b"); ; ) {
    const n = at === -1 ? 0 : ansiLength(s, at);
    if (at !== -1 && n === 0) {
      at = s.indexOf("\x1b", at + 1);
      continue;
    }
    const to = at === -1 ? s.length : at;
    for (let i = from; i < to; i++) out[o++] = s.charCodeAt(i);
    if (at === -1) break;
    from = at + n;
    at = s.indexOf("\x1b", from);
  }
  if (o === s.length) return s;
  return wide
    ? Buffer.from(out.buffer, 0, o * 2).toString("utf16le")
    : Buffer.from(out.buffer, 0, o).toString("latin1");
}

function stripAnsiJoined(s: string): string {
  let out = "";
  let from = 0;
  for (let at = s.indexOf("\x1b"); at !== -1; ) {
    const n = ansiLength(s, at);
    if (n > 0) {
      out += s.slice(from, at);
      from = at + n;
      at = s.indexOf("\x1b", from);
    } else at = s.indexOf("\x1b", at + 1);
  }
  return from === 0 ? s : out + s.slice(from);
}

/** FC-STAGE1-3: well-formed UTF-16, no ANSI escapes, LF line ends, no C0 controls except TAB and LF. */
export function sanitize(text: string): string {
  if (!NEEDS_SANITIZING.test(text)) return text;
  // Each pass only when its characters occur (a coloured log has escapes but seldom a surrogate or a
  // CR), in the same order: removing an escape can make a CR LF pair, removing a control cannot undo one.
  let t = HAS_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, "\uFFFD") : text;
  if (t.includes("\x1b")) t = stripAnsi(t);
  if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
  return HAS_CONTROL.test(t) ? t.replace(CONTROLS, "") : t;
}

/**
 * FC-ID-2: the volatile-token masks, in order — data in spec/volatile-masks.json (the Stage 1 masks of
 * FC-STAGE1-RAW-5 first, then the base list), written in the portable pattern subset SPEC.md defines.
 */
const VOLATILE: [RegExp, string][] = volatileMasks.masks.map((m) => [
  new RegExp(m.pattern, `g${m.flags}`),
  m.replacement,
]);
const SPACE_RUNS = new RegExp(`${volatileMasks.space}+`, "g");
const SPACE_ENDS = new RegExp(`^${volatileMasks.space}+|${volatileMasks.space}+$`, "g");

/** FC-ID-2: the message as hashed into a stable id. */
export function normMessage(sanitized: string): string {
  let m = sanitized;
  for (const [re, rep] of VOLATILE) m = m.replace(re, rep);
  return m.replace(SPACE_RUNS, " ").replace(SPACE_ENDS, "");
}

const PLACEHOLDER_OPEN = "«redacted:";

/** FC-TRIM-1: cut to `limit` UTF-16 units with a trailing ellipsis, never inside a surrogate pair or a mask. */
export function trimTo(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = Math.max(0, limit - 1);
  const code = cut > 0 ? text.charCodeAt(cut - 1) : 0;
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const open = text.lastIndexOf(PLACEHOLDER_OPEN, cut - 1);
  if (open >= 0) {
    const close = text.indexOf("»", open);
    if (close === -1 || close >= cut) cut = open;
  }
  return `${text.slice(0, cut)}…`;
}
