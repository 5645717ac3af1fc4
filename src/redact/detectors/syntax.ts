// FC-REDACT-SENSITIVE-15, FC-REDACT-SENSITIVE-12: the assignment syntaxes a key-based detector reads after a key (operators, type annotations, XML, quotes) — bounded scans only.
import { isAlnum, isLetter } from "./types.ts";

/** Where an assigned value sits: [start, end) in the scanned text, the operator that introduced it. */
export interface Assigned {
  op: string;
  start: number;
  end: number;
  quoted: boolean;
}

/** Two readings of a value cover the same characters. */
export function sameSpan(
  a: { start: number; end: number } | null,
  b: { start: number; end: number },
): boolean {
  return a !== null && a.start === b.start && a.end === b.end;
}

/** Operators, longest first: env/INI/HCL `=`, Go/Make `:=`, Make `::=` `:::=` `?=` `+=`, PHP `.=` `??=` `=>`, Ruby `||=`, JS `||` `??`. */
const OPS = [":::=", "::=", ":=", "??=", "?=", ".=", "+=", "||=", "||", "??", "=>", "=", ":"];
/** Type words that may sit between a key and its `=` (`var x string = …`, `x: String = …`). */
const TYPE_WORD =
  /(?:string|String|str|&str|&'static str|\[\]byte|char ?\*|const char ?\*|SecureString)(?![A-Za-z0-9_])/y;
/** Length of a type word at `i` (sticky match, no slicing), or 0. */
function typeWordAt(text: string, i: number): number {
  const c = text[i];
  if (c !== "s" && c !== "S" && c !== "&" && c !== "[" && c !== "c") return 0;
  TYPE_WORD.lastIndex = i;
  const m = TYPE_WORD.exec(text);
  return m ? m[0].length : 0;
}
const MAX_GAP = 64;
/** A key that is the value of a `name`/`key` attribute or field (its own opening quote included). */
const NAMED_BEFORE = /(?:name|key)\\{0,3}["']?[ \t]{0,4}[:=][ \t]{0,4}\\{0,3}["']$/i;
/** The `value` attribute or field that follows such a key. */
const VALUE_AFTER = /^[\s,]{0,40}\\{0,3}["']?value\\{0,3}["']?[ \t]{0,4}[:=][ \t]{0,4}/i;

function skipSpaces(text: string, i: number, max = MAX_GAP): number {
  const lim = Math.min(text.length, i + max);
  while (i < lim && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
}

/** Number of backslashes immediately before `i`. */
function backslashesBefore(text: string, i: number): number {
  let n = 0;
  while (i - n - 1 >= 0 && text.charCodeAt(i - n - 1) === 92 && n < 16) n++;
  return n;
}

/**
 * The end of a quoted value that opens at `start` with `quote` preceded by `depth` backslashes: the first same quote
 * preceded by at most `depth` backslashes (a deeper-escaped quote belongs to a nested string), or the line end.
 */
function quotedEnd(
  text: string,
  start: number,
  quote: string,
  depth: number,
  allowNewline: boolean,
  max: number,
): number {
  const limit = Math.min(text.length, start + max);
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === quote && backslashesBefore(text, i) <= depth) return i - depth;
    if (!allowNewline && c === "\n") return i;
  }
  return limit;
}

const STOP = new Set([34, 39, 44, 59, 38, 60, 62, 40, 41, 91, 93, 123, 125, 92, 96, 124, 0xab]);

/**
 * Whether a backslash at `i` ends an unquoted value (FC-REDACT-SENSITIVE-17: no part of a value stays visible). The run
 * of backslashes that starts there ends it when an escape of a delimiter follows: a quote or backtick (the value sits in
 * an escaped string; but one backslash and a quote between letters or digits is a shell escape inside the value,
 * `Tr0ub\'4dor`), `n`, `r` or `t` (an escaped line end or tab), a `\uXXXX` escape of a delimiter or control (Go
 * writes `&` as `\u0026`), white space or the end of the text (a shell line continuation). Any other backslash
 * (`Xk9Tq\w7Zp`, `a\\b`, `\/`) belongs to the value.
 */
function backslashEndsValue(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && text.charCodeAt(j) === 92 && j - i < 16) j++;
  if (j >= text.length) return true;
  const c = text.charCodeAt(j);
  if (c === 34 || c === 39 || c === 96)
    return j - i > 1 || !isAlnum(text.charCodeAt(i - 1)) || !isAlnum(text.charCodeAt(j + 1));
  if (c <= 32 || c === 110 || c === 114 || c === 116) return true;
  if (c === 117 /* u */) {
    const hex = text.slice(j + 1, j + 5);
    if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return false;
    const code = Number.parseInt(hex, 16);
    return code <= 32 || (code !== 92 && STOP.has(code));
  }
  return false;
}

/**
 * Where an unquoted value goes on after the backslash at `i`: -1 when the backslash ends it (backslashEndsValue), past
 * a quote it escapes (`\'`), else at `i + 1`. The one step every reader of an unquoted value takes at a backslash.
 */
export function afterBackslash(text: string, i: number): number {
  if (backslashEndsValue(text, i)) return -1;
  const c = text.charCodeAt(i + 1);
  return c === 34 || c === 39 || c === 96 ? i + 2 : i + 1;
}

/** A query's next parameter: `&` and a name and `=`. */
export const QUERY_NEXT = /^&[A-Za-z_][A-Za-z0-9_.-]{0,120}=/;

/**
 * Whether the `&` at `i` ends an unquoted value (FC-REDACT-SENSITIVE-17): before a query's next parameter (`&name=`),
 * an escaped one (`&amp;`), a second `&` (a shell's `&&`) or white space and the text's end (a shell's `&`). Any other
 * `&` is part of the value (`password: Tr0ub4dor&3`), so no tail of a password stays visible.
 */
function ampersandEndsValue(text: string, i: number): boolean {
  const c = text.charCodeAt(i + 1);
  if (Number.isNaN(c) || c <= 32 || c === 38) return true;
  return text.startsWith("amp;", i + 1) || QUERY_NEXT.test(text.slice(i, i + 130));
}

/** Bounds of a value starting at `from`: a quoted value runs to its closing quote (JSON escapes respected). */
export function valueAt(
  text: string,
  from: number,
  max = 1024,
): { start: number; end: number; quoted: boolean } {
  let i = from;
  while (i < text.length && text.charCodeAt(i) === 92 && i - from < 7) i++;
  const c = text[i];
  if (c === '"' || c === "'" || c === "`") {
    const start = i + 1;
    const end = quotedEnd(text, start, c, i - from, c === "`", 2 * max);
    return { start, end, quoted: true };
  }
  const start = from;
  const limit = Math.min(text.length, start + max);
  let end = start;
  while (end < limit) {
    const ch = text.charCodeAt(end);
    if (ch === 92) {
      const next = afterBackslash(text, end);
      if (next < 0) break;
      end = next;
    } else if (ch === 38 && !ampersandEndsValue(text, end)) end++;
    else if (ch <= 32 || STOP.has(ch)) break;
    else end++;
  }
  end = Math.min(end, limit);
  return { start, end, quoted: false };
}

/**
 * Where the start tag whose name ends at `i` closes: `>` at once, or after attributes (a blank, then up to 256
 * characters without `<` or `>`); -1 when it does not close there or closes itself (`<token/>`, `<token a="1" />`).
 */
function openTagEnd(text: string, i: number): number {
  if (text[i] === ">") return i;
  if (text[i] !== " " && text[i] !== "\t") return -1;
  for (let k = i + 1; k < text.length && k - i <= 256; k++) {
    const c = text[k];
    if (c === "<") return -1;
    if (c === ">") return text[k - 1] === "/" ? -1 : k;
  }
  return -1;
}

/**
 * Reads what follows a key that spans [keyStart, keyEnd): an optional closing quote (once or twice escaped), an optional
 * type word, white space (aligned columns allowed), an operator, white space, and the value. `,` counts as an operator
 * only after a quoted key (`("api_token", "…")`, `System.setProperty("X_TOKEN", "…")`). An XML element `<key>` reads its
 * text, across lines. Returns null when no assignment follows (comparisons `==`, paths `::`, prose).
 */
export function readAssignment(
  text: string,
  keyStart: number,
  keyEnd: number,
  maxValue = 1024,
): Assigned | null {
  let i = keyEnd;
  // An XML element: <key>value</key> or <key attr="…">value</key>, the value possibly on its own indented line.
  const tagEnd = keyStart > 0 && text[keyStart - 1] === "<" ? openTagEnd(text, i) : -1;
  if (tagEnd >= 0) {
    let j = tagEnd + 1;
    const lim = Math.min(text.length, j + 64);
    while (j < lim) {
      const c = text.charCodeAt(j);
      if (c === 32 || c === 9 || c === 10 || c === 13) j++;
      else if (c === 92 && (text[j + 1] === "n" || text[j + 1] === "r" || text[j + 1] === "t")) j += 2;
      else break;
    }
    // The element's text ends at its closing tag; without one (`password: <your-password> here`) it is no element.
    const close = text.indexOf("<", j);
    if (close < 0 || text[close + 1] !== "/") return null;
    let end = close - j <= maxValue ? close : j + maxValue;
    for (;;) {
      if (end > j && /\s/.test(text[end - 1]!)) end--;
      else if (end > j + 1 && text[end - 2] === "\\" && /[nrt]/.test(text[end - 1]!)) end -= 2;
      else break;
    }
    return end > j ? { op: ">", start: j, end, quoted: true } : null;
  }
  let quotedKey = false;
  let k = i;
  while (k < text.length && text.charCodeAt(k) === 92 && k - i < 3) k++;
  const q = text[k];
  if (q === '"' || q === "'" || q === "`") {
    quotedKey = true;
    i = k + 1;
  }
  // A subscript key (`$db['password'] = …`, `ENV["API_TOKEN"] = …`, Ruby's `creds[:password] = …`): its bracket
  // closes before the operator.
  if (text[i] === "]" && text[keyStart - 2] === "[" && text[keyStart - 1] === (quotedKey ? q : ":")) i++;
  i = skipSpaces(text, i);
  const typed = typeWordAt(text, i);
  if (typed > 0) i = skipSpaces(text, i + typed);
  let op = "";
  for (const o of OPS) {
    if (text.startsWith(o, i)) {
      op = o;
      break;
    }
  }
  // <add key="K" value="V" />, <setting name="K" value="V"/>, {"name": "K", "value": "V"}: the value attribute after a
  // named key. Read before the tuple comma: in JSON fields the comma ends the name, and "value" is a key, not the value.
  if (op === "" && quotedKey && NAMED_BEFORE.test(text.slice(Math.max(0, keyStart - 16), keyStart))) {
    const nv = VALUE_AFTER.exec(text.slice(i, i + 64));
    if (nv) {
      const v = valueAt(text, i + nv[0].length, maxValue);
      return { op: "value", start: v.start, end: v.end, quoted: v.quoted };
    }
  }
  if (op === "" && quotedKey && text[i] === ",") op = ",";
  // A CLI flag with a name followed by its value: `--asana-token V`, and with one dash, `-secretKey V` (Go's flags).
  if (
    op === "" &&
    !quotedKey &&
    text[keyStart] === "-" &&
    (text[keyStart + 1] === "-" || isLetter(text.charCodeAt(keyStart + 1))) &&
    (text[keyEnd] === " " || text[keyEnd] === "\t")
  ) {
    op = " ";
    i = keyEnd;
  }
  if (op === "") return null;
  i += op.length;
  if (op === "=" && text[i] === "~") return null; // a regex match
  // `a == b` is a comparison; `K==abc` is an env value that starts with "=".
  if (
    op === "=" &&
    text[i] === "=" &&
    (text[i + 1] === " " || text[i + 1] === "=" || text[i + 1] === undefined)
  )
    return null;
  if (op === ":" && text[i] === ":") return null; // a path (C++/Rust) or a ::= already tried
  i = skipSpaces(text, i);
  // `key: string = "…"` (TypeScript, Kotlin): the value is after the type's `=`.
  if (op === ":") {
    const t = typeWordAt(text, i);
    if (t > 0) {
      const j = skipSpaces(text, i + t);
      if (text[j] === "=" && text[j + 1] !== "=") i = skipSpaces(text, j + 1);
    }
  }
  const v = valueAt(text, i, maxValue);
  // After a long flag, the next flag is no value (`docker login --password-stdin -u me`, `--with-token -h host`).
  if (op === " " && !v.quoted && /^(?:-[A-Za-z]|--[a-z][a-z-]{1,40})$/.test(text.slice(v.start, v.end)))
    return null;
  // `{"type": "password", "label": …}`: a quoted string that a `:` follows is the next member's key, not a value.
  if (op === "," && v.quoted && keyColonAt(text, v.end)) return null;
  return { op, start: v.start, end: v.end, quoted: v.quoted };
}

/** Whether a `:` (not `::`) follows the closing quote at `end` (escaped up to three times), blanks between. */
function keyColonAt(text: string, end: number): boolean {
  let j = end;
  while (text.charCodeAt(j) === 92 && j - end < 3) j++;
  if (text[j] === '"' || text[j] === "'" || text[j] === "`") j++;
  j = skipSpaces(text, j);
  return text[j] === ":" && text[j + 1] !== ":";
}

/** Operators of the loose form, longest first. */
const LOOSE_OPS = [":::=", "::=", ":=", "=>", "?=", "||", "=", ">", ":", ","];
/** More key characters after the key word; blanks only when the caller allows them (prose reads like keys). */
const isKeyTail = (c: number, blanks: boolean) =>
  isAlnum(c) || c === 95 || c === 46 || c === 45 || (blanks && (c === 32 || c === 9));
/** A key tail that names a digest (`token sha256: …`): what follows is a checksum, not a credential. */
const DIGEST_TAIL = /(?:sha\d{0,3}|md5|blake\d?[a-z]?|digest|checksum|integrity|hash)$/i;
const isQuoteOrBlank = (c: number) => c === 32 || c === 9 || c === 34 || c === 39;
const isValueLead = (c: number) => c === 32 || c === 9 || c === 34 || c === 39 || c === 96 || c === 61;
/** Characters that end an unquoted loose value: white space, quotes, `;`, `,` (a backslash: afterBackslash). */
const endsLooseValue = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return (
    c <= 32 || c === 34 || c === 39 || c === 96 || c === 59 || c === 44 || (c === 60 && text[i + 1] === "/") // a closing tag (`…">s3cr3t</wsse:Password>`)
  );
};

/**
 * The loose form of a keyed value: after the key, up to 20 more key characters (`asanaXq9 = …`; with `blanks`, also
 * `asana app key = …`, unless they name a digest), up to 3 quotes or blanks, an operator (`=`, `:`, `:=`, `::=`, `:::=`, `?=`, `=>`,
 * `||`, `>`, `,`), up to 8 quotes, backticks, blanks or `=`, then the value up to white space, a quote, `;`, `,`, a closing tag `</` or a
 * backslash that escapes a delimiter. Bounded: at most 31 characters between key and value, and `maxValue` of value.
 */
export function readLooseAssignment(
  text: string,
  keyEnd: number,
  maxValue = 1024,
  blanks = false,
): Assigned | null {
  const n = text.length;
  let i = keyEnd;
  for (const lim = Math.min(n, i + 20); i < lim && isKeyTail(text.charCodeAt(i), blanks); ) i++;
  if (i > keyEnd && DIGEST_TAIL.test(text.slice(keyEnd, i).trimEnd())) return null;
  for (const lim = Math.min(n, i + 3); i < lim && isQuoteOrBlank(text.charCodeAt(i)); ) i++;
  const op = LOOSE_OPS.find((o) => text.startsWith(o, i));
  if (op === undefined) return null;
  i += op.length;
  const quoted = i < n && (text[i] === '"' || text[i] === "'" || text[i] === "`");
  for (const lim = Math.min(n, i + 8); i < lim && isValueLead(text.charCodeAt(i)); ) i++;
  const start = i;
  for (const lim = Math.min(n, i + maxValue); i < lim; ) {
    if (text.charCodeAt(i) === 92) {
      const next = afterBackslash(text, i);
      if (next < 0) break;
      i = Math.min(lim, next);
    } else if (endsLooseValue(text, i)) break;
    else i++;
  }
  // As in the strict reading: `"bearer", "expires_in": …` names the next member's key, no tuple's value.
  if (op === "," && quoted && keyColonAt(text, i)) return null;
  return i > start ? { op, start, end: i, quoted } : null;
}
