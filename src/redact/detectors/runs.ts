// FC-REDACT-SENSITIVE-12, FC-REDACT-SENSITIVE-20: runs of one character class, found by skipping ahead.

/** A set of ASCII characters (a code unit outside ASCII is never a member). */
export type CharClass = Uint8Array;

/** The class of the ASCII characters `test` accepts. */
export function charClass(test: (ch: string) => boolean): CharClass {
  const cls = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (test(String.fromCharCode(c))) cls[c] = 1;
  return cls;
}

const member = (cls: CharClass, c: number) => c < 128 && cls[c] === 1;

/**
 * The first maximal run of at least `min` members starting at or after `from` (where `from` is 0 or follows a
 * non-member): [start, end), or null. Skips ahead `min` characters at a time: when the `min`-th character from a
 * possible start is not a member, no run of `min` starts before it. Each character is looked at a bounded number of
 * times, so the search is linear.
 */
export function nextRun(text: string, from: number, cls: CharClass, min: number): [number, number] | null {
  let start = from;
  while (start + min <= text.length) {
    const probe = start + min - 1;
    if (!member(cls, text.charCodeAt(probe))) {
      start = probe + 1;
      continue;
    }
    let q = probe - 1;
    while (q >= start && member(cls, text.charCodeAt(q))) q--;
    if (q >= start) {
      start = q + 1;
      continue;
    }
    let end = probe + 1;
    while (end < text.length && member(cls, text.charCodeAt(end))) end++;
    return [start, end];
  }
  return null;
}

/** Some run of at least `min` members occurs in the text. */
export function hasRun(text: string, cls: CharClass, min: number): boolean {
  return nextRun(text, 0, cls, min) !== null;
}
