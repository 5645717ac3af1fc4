// FC-STAGE1-RAW-15, FC-STAGE1-RAW-11: the generic layer's `path:line[:col][:]` opening, read without a pattern.
import { isDigit, isSpace } from "../common.ts";

/**
 * The shape this module reads, as a pattern. It is the definition: readColonPosition must agree with it on
 * every string (colon-position.test.ts checks that), and is only faster, since it runs on nearly every line
 * of a log and builds no match.
 * - the path: an optional drive (`C:\`), then a first character that is neither a colon nor white space, then
 *   up to 1023 more that are not colons (FC-STAGE1-RAW-11);
 * - `:line`, then optionally `:col` or `.col`, then an optional `-endcol` (hlint's column range);
 * - a colon, or white space (`\s-` consumes the dash of `path:3 - message`), then white space;
 * - the rest of the line, whatever it holds: a line is what lies between two LFs (FC-STAGE1-RAW-3), so a
 *   U+2028 or U+2029 in a message is part of it (`[\s\S]`, not `.`, which stops at them and lost the line).
 */
export const COLON_POSITION =
  /^((?:[A-Za-z]:[\\/])?[^:\s][^:]{0,1023}?):(\d{1,9})(?:[:.](\d{1,9})(?:-\d{1,9})?)?(?::|\s-|(?=\s))\s*([\s\S]*)$/;

/** What readColonPosition found: the path, the line number's digits and the rest (COLON_POSITION's 1, 2, 4). */
export interface ColonPosition {
  path: string;
  /** The line number, read from its digits (at most nine: a string of them would be one more allocation per line). */
  line: number;
  rest: string;
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The end of the run of ASCII digits from `at`. */
function digitsEnd(text: string, at: number): number {
  let k = at;
  while (isDigit(text.charCodeAt(k))) k++;
  return k;
}

/**
 * Where the rest starts when COLON_POSITION's closing alternatives (`:`, `\s-`, `(?=\s)`) match at `x`, or
 * -1 when none does. Of `\s-` and the bare look-ahead, the first consumes more; both are followed by `\s*`,
 * which reads on from either to the same first non-space, except that `\s-` also passes the dash.
 */
function afterClose(text: string, x: number): number {
  const c = text.charCodeAt(x);
  if (c === 58) return x + 1;
  if (!isSpace(c)) return -1;
  return text.charCodeAt(x + 1) === 45 ? x + 2 : x;
}

/**
 * COLON_POSITION, read by hand: fills `out` and returns true when `text` has the shape, else returns false.
 * The pattern's backtracking is followed exactly: the column (and its range) is taken when what follows it
 * closes the position, and otherwise the position closes right after the line number.
 */
export function readColonPosition(text: string, out: ColonPosition): boolean {
  // A drive (`C:\`) is part of the path; without it, a one-letter path would have to be followed by digits.
  const c0 = text.charCodeAt(0);
  const c2 = text.charCodeAt(2);
  const start = isLetter(c0) && text.charCodeAt(1) === 58 && (c2 === 92 || c2 === 47) ? 3 : 0;
  const first = text.charCodeAt(start);
  if (Number.isNaN(first) || first === 58 || isSpace(first)) return false;
  const colon = text.indexOf(":", start + 1);
  if (colon === -1 || colon - start > 1024) return false;
  const lineEnd = digitsEnd(text, colon + 1);
  if (lineEnd === colon + 1 || lineEnd - colon - 1 > 9) return false;
  let after = -1;
  // `:col` or `.col` (1 to 9 digits), then `-endcol` (1 to 9 digits), each kept only if the close follows.
  const sep = text.charCodeAt(lineEnd);
  if (sep === 58 || sep === 46) {
    const colEnd = digitsEnd(text, lineEnd + 1);
    if (colEnd > lineEnd + 1 && colEnd - lineEnd - 1 <= 9) {
      if (text.charCodeAt(colEnd) === 45) {
        const rangeEnd = digitsEnd(text, colEnd + 1);
        if (rangeEnd > colEnd + 1 && rangeEnd - colEnd - 1 <= 9) after = afterClose(text, rangeEnd);
      }
      if (after === -1) after = afterClose(text, colEnd);
    }
  }
  if (after === -1) after = afterClose(text, lineEnd);
  if (after === -1) return false;
  // `\s*`, then `([\s\S]*)$`: the rest is everything after the white space.
  let restStart = after;
  while (restStart < text.length && isSpace(text.charCodeAt(restStart))) restStart++;
  out.path = text.slice(0, colon);
  let line = 0;
  for (let k = colon + 1; k < lineEnd; k++) line = line * 10 + text.charCodeAt(k) - 48;
  out.line = line;
  out.rest = text.slice(restStart);
  return true;
}
