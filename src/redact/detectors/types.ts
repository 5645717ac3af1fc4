// FC-REDACT-SENSITIVE-2, FC-REDACT-SENSITIVE-11: the span record every detector family reports.
import type { HitKind } from "../placeholders.ts";

/** A region to mask, in the coordinates of the string the detector scanned. Never carries the value. */
export interface Span {
  start: number;
  end: number;
  kind: HitKind;
  detector: string;
}

/** Characters a token body may use (letters, digits, and the usual token punctuation). */
export function isTokenChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 /* _ */ ||
    c === 45 /* - */ ||
    c === 43 /* + */ ||
    c === 47 /* / */ ||
    c === 61 /* = */
  );
}

/** An ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** An ASCII lower-case letter. */
export function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** An ASCII upper-case letter. */
export function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** An ASCII letter. */
export function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

export function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
