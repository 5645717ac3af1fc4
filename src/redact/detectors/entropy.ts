// FC-REDACT-SENSITIVE-6: randomness measures that gate generic (context-only) secret detection.
import type { KeywordScan } from "./keywords.ts";
import { isLower } from "./types.ts";

/** Shannon entropy in bits per character. */
export function shannon(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export interface CharClasses {
  upper: number;
  lower: number;
  digit: number;
  other: number;
}

export function charClasses(s: string): CharClasses {
  const r = { upper: 0, lower: 0, digit: 0, other: 0 };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) r.upper++;
    else if (c >= 97 && c <= 122) r.lower++;
    else if (c >= 48 && c <= 57) r.digit++;
    else r.other++;
  }
  return r;
}

const HEX = /^[0-9a-f]+$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEMVERISH = /^v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.-]*)?$/;

/** Identifier-like: made of word chunks (camelCase, snake_case, kebab-case) averaging ≥ 3 characters, few digits. */
function isWordy(s: string): boolean {
  if (!/^[A-Za-z0-9_.-]+$/.test(s)) return false;
  const chunks = s.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
  if (chunks.length === 0) return false;
  const letters = chunks.filter((c) => !/^\d/.test(c));
  const digitChunks = chunks.length - letters.length;
  const avg = letters.reduce((n, c) => n + c.length, 0) / Math.max(1, letters.length);
  const covered = chunks.reduce((n, c) => n + c.length, 0) === s.replace(/[_.-]/g, "").length;
  return covered && avg >= 3.5 && digitChunks <= 2 && letters.every((c) => c.length >= 2);
}

/** True for shapes that look random but are routinely benign in logs (hashes, ids, versions, identifiers). */
export function isBenignShape(s: string): boolean {
  if (UUID.test(s)) return true;
  if (SEMVERISH.test(s)) return true;
  if (HEX.test(s) && (s.length <= 12 || s.length === 40 || s.length === 64 || s.length === 128)) return true;
  if (/^(?:sha(?:1|256|384|512)[-:]|md5[-:])/i.test(s)) return true;
  if (isWordy(s)) return true;
  return false;
}

/**
 * Whether `s` looks like a machine-generated secret: long enough, mixes character classes and carries
 * enough entropy. Used only when context (a key name or a prefix) already points at a secret.
 */
export function looksRandom(s: string, minLen = 16): boolean {
  if (s.length < minLen) return false;
  if (isBenignShape(s)) return false;
  const k = charClasses(s);
  const classes = (k.upper > 0 ? 1 : 0) + (k.lower > 0 ? 1 : 0) + (k.digit > 0 ? 1 : 0);
  const h = shannon(s);
  if (HEX.test(s)) return s.length >= 20 && k.digit > 0 && k.digit < s.length && h >= 3.0;
  if (classes >= 3) return h >= 3.2;
  if (classes === 2 && k.digit > 0) return h >= 3.4;
  return classes === 2 && s.length >= 24 && h >= 3.8;
}

// A secret word in prose ("the api key is …", "token …") followed, on the same line, by random-looking text. The word
// is matched in any case; what may follow it is checked in code, since a lookahead under the `i` flag would refuse a
// capital too (`AUTHN`, `authToken`, `TOKENS`: the word followed by no lower-case letter, FC-REDACT-SENSITIVE-6).
const CONTEXT_WORD =
  /(?<![A-Za-z])(?:secret|token|password|passwd|passphrase|api[ _-]?key|apikey|access[ _-]?key|credentials?|bearer|auth|private[ _-]?key|signature|key)/iy;
const CANDIDATE = /(?<![A-Za-z0-9+/_.~-])[A-Za-z0-9+/_][A-Za-z0-9+/=_.~-]{15,511}/g;
const WINDOW = 80;
/**
 * The string may start up to 60 characters after the end of the identifier the word belongs to (FC-REDACT-SENSITIVE-6),
 * however long that identifier is; a candidate needs 16 characters inside the window to be read.
 */
const AFTER_ID = 60 + 16;
const TOKEN_CHAR = /[A-Za-z0-9+/=_.~-]/;
/** Directories and a file name with an extension of letters: a path, not a token. */
const REPO_FILE = /^(?:[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;
/** An identifier-like name and `=` opening a candidate, with a value after it (not base64 padding). */
const ASSIGNED_KEY = /^([A-Za-z_][A-Za-z0-9_.-]{0,511})=(?=[^=])/;
/** How far the identifier a secret word belongs to is read (a key name runs on for as long as a program makes it). */
const ID_REACH = 1024;
const ID_CHAR = /[A-Za-z0-9_-]/;
const DIGEST_BEFORE = /(?:sha\d{1,3}|md5|blake\d?[a-z]?)[:-]$/i;

/** Generic high-entropy strings, masked only when a secret word sits just before them on the same line. */
export function detectContextual(
  text: string,
  out: { start: number; end: number; kind: "secret"; detector: string }[],
  keywords: KeywordScan,
): void {
  let scannedTo = 0;
  // Where a run of token characters that the last window's end cut starts (-1: none was cut): a later word's window
  // reads that run whole, not from the cut on (its head would stay visible).
  let cutRun = -1;
  // Where the last identifier walk stopped.
  let walkedTo = 0;
  // The first LF at or after the window's start, kept between words: searching for it afresh after every word
  // would rescan a long line once per word (quadratic on one line full of secret words). -1: no LF ahead.
  let nl = -2;
  const found = keywords.matches("context", CONTEXT_WORD, text);
  for (const m of found) {
    if (isLower(text.charCodeAt(m.index + m[0].length))) continue;
    // The word inside a placeholder ("«redacted:secret»") is not context.
    if (m.index >= 10 && text.startsWith("redacted:", m.index - 9)) continue;
    // The window starts after the rest of the identifier the word belongs to ("SECRET_ACCESS_KEY"), read up to
    // ID_REACH characters; a later word of the same identifier goes on from where the last walk stopped, so a long
    // identifier made of secret words is walked once.
    let idEnd = Math.max(m.index + m[0].length, m.index < walkedTo ? walkedTo : 0);
    while (idEnd < text.length && idEnd - m.index < ID_REACH && ID_CHAR.test(text[idEnd]!)) idEnd++;
    walkedTo = idEnd;
    const from = Math.max(idEnd, cutRun >= 0 ? cutRun : scannedTo);
    let to = Math.min(text.length, Math.max(m.index + m[0].length + WINDOW, idEnd + AFTER_ID));
    if (nl !== -1 && nl < from) nl = text.indexOf("\n", from);
    if (nl >= 0 && nl < to) to = nl;
    if (to <= from) continue;
    const win = text.slice(from, to);
    CANDIDATE.lastIndex = 0;
    for (let c = CANDIDATE.exec(win); c !== null; c = CANDIDATE.exec(win)) {
      let start = from + c.index;
      // The candidate runs to the end of its token, even past the window.
      let end = start + c[0].length;
      while (end < text.length && end - start < 512 && TOKEN_CHAR.test(text[end]!)) end++;
      // Trim sentence punctuation that the alphabet admits.
      let v = text.slice(start, end).replace(/[.~=-]+$/, (t) => (t.includes("=") ? t : ""));
      // `NAME=value` is an assignment, not one token: its value is judged alone and the name stays visible
      // (FC-REDACT-SENSITIVE-5 keeps a key; a random-looking name is kept in the token).
      const key = ASSIGNED_KEY.exec(v);
      if (key !== null && !looksRandom(key[1]!)) {
        start += key[0].length;
        v = v.slice(key[0].length);
      }
      if (DIGEST_BEFORE.test(text.slice(Math.max(0, start - 8), start))) continue;
      if (/[/.]/.test(v) && v.split(/[/.]/).every((p) => p.length < 16 || isBenignShape(p))) continue;
      // A repo-relative file path (`fixtures/a1b2…k1.json`) stays visible whatever its segments look like
      // (FC-PATH-3); base64, which may hold `/`, has no `.` and so no file extension.
      if (REPO_FILE.test(v)) continue;
      // Judged without its trailing `=`s: base64 padding adds no randomness, and a name whose value was masked already
      // (`passwordForTheReplicationUser=«redacted:secret»`) ends in one.
      if (looksRandom(v.replace(/=+$/, "")))
        out.push({ start, end: start + v.length, kind: "secret", detector: "generic-high-entropy" });
    }
    scannedTo = to;
    cutRun = -1;
    if (to < text.length && TOKEN_CHAR.test(text[to]!)) {
      let k = to;
      while (k > from && TOKEN_CHAR.test(text[k - 1]!)) k--;
      if (k < to) cutRun = k;
    }
  }
}
