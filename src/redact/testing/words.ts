// FC-REDACT-SENSITIVE-3, FC-REDACT-SENSITIVE-6: the spec's reading of a token body "made of words", by regexes, shared by the unit tests of the redactor's rule records and of the leak scan. Test-only: no detector imports it (the redactor and the scan each read words their own way), and the conformance kit keeps its own copy (conformance/tools/redaction-cases/rules.ts: the kit never imports src/).

/**
 * Whether a token body (what follows the prefix) is made of words and holds a lower-case letter, so that
 * FC-REDACT-SENSITIVE-3 does not require it masked: cut at `_`, `-` and `+`, the chunks `[A-Z]{2,}(?![a-z])`,
 * `[A-Z]?[a-z]+` and `\d+` cover it, every letter chunk has two letters or more, the letter chunks average 3.5
 * letters or more, and there are at most two digit chunks. A body of capitals and digits is never made of words.
 */
export function madeOfWords(body: string): boolean {
  if (!/^[A-Za-z0-9+_-]+$/.test(body) || !/[a-z]/.test(body)) return false;
  const parts = body.split(/[_+-]+/).filter((p) => p.length > 0);
  const chunks = parts.flatMap((p) => p.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []);
  if (chunks.join("").length !== parts.join("").length) return false;
  const letters = chunks.filter((c) => !/^\d/.test(c));
  if (letters.length === 0 || letters.some((c) => c.length < 2)) return false;
  return (
    letters.reduce((n, c) => n + c.length, 0) / letters.length >= 3.5 && chunks.length - letters.length <= 2
  );
}
