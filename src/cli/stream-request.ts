// FC-CLI-7..8: the compact CLI's reader for request files — read in chunks, one round parsed at a time.
import { closeSync, openSync, readSync } from "node:fs";
import type { Result } from "../errors.ts";
import { type CompactOptions, type CompactOutput, RoundFeed } from "../pipeline/compact.ts";

const CHUNK = 1 << 20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isWs = (b: number | undefined): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isOpen = (b: number | undefined): boolean => b === 0x7b || b === 0x5b; // { [
const isClose = (b: number | undefined): boolean => b === 0x7d || b === 0x5d; // } ]

/** The index just past the string whose opening quote is at `i`, or -1 when it does not end inside `b`. */
function endOfString(b: Buffer, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = b.indexOf(QUOTE, from);
    if (q === -1) return -1;
    let k = q - 1;
    while (k > i && b[k] === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1; // an even run of backslashes escapes itself, not the quote
    from = q + 1;
  }
}

/**
 * The index just past the JSON value whose first byte is at `i`, found by bracket depth outside strings, or
 * -1 when it does not end inside `b` (a scalar ends at the first delimiter, so one running to the end of `b`
 * is unfinished too). Only the extent is found here: JSON.parse checks the value itself.
 */
function endOfValue(b: Buffer, i: number): number {
  const c = b[i];
  if (c === QUOTE) return endOfString(b, i);
  if (isOpen(c)) {
    let depth = 0;
    let j = i;
    while (j < b.length) {
      const x = b[j];
      if (x === QUOTE) {
        j = endOfString(b, j);
        if (j < 0) return -1;
        continue;
      }
      if (isOpen(x)) depth++;
      else if (isClose(x) && --depth === 0) return j + 1;
      j++;
    }
    return -1;
  }
  let j = i;
  while (j < b.length && !isWs(b[j]) && b[j] !== 0x2c && !isClose(b[j])) j++;
  return j < b.length ? j : -1;
}

class NotStreamable extends Error {}

/** A window on the file: bytes from the unit being read onwards; earlier ones are let go. */
class Reader {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  private eof = false;
  constructor(
    private readonly fd: number,
    private readonly chunk: number,
  ) {}

  /** Reads more, keeping bytes from `keep` on (indices shift down by `keep`); false at end of file. */
  private more(keep: number): boolean {
    if (this.eof) return false;
    // At least as much as is kept: a value larger than a chunk doubles the window, so rescanning it from its
    // start after each read stays linear overall.
    const size = Math.max(this.chunk, this.buf.length - keep);
    const chunk = Buffer.allocUnsafe(size);
    const n = readSync(this.fd, chunk, 0, size, null);
    if (n === 0) {
      this.eof = true;
      return false;
    }
    this.buf = Buffer.concat([this.buf.subarray(keep), chunk.subarray(0, n)]);
    this.pos -= keep;
    return true;
  }

  /** Skips whitespace; returns the next byte (not consumed), or -1 at end of file. */
  peek(): number {
    for (;;) {
      while (this.pos < this.buf.length && isWs(this.buf[this.pos])) this.pos++;
      if (this.pos < this.buf.length) return this.buf[this.pos]!;
      if (!this.more(this.pos)) return -1;
    }
  }

  expect(byte: number): void {
    if (this.peek() !== byte) throw new NotStreamable();
    this.pos++;
  }

  /** Parses the JSON value at the cursor (after whitespace) and moves past it. */
  value(): unknown {
    if (this.peek() === -1) throw new NotStreamable();
    for (;;) {
      const end = endOfValue(this.buf, this.pos);
      if (end >= 0) {
        let v: unknown;
        try {
          v = JSON.parse(this.buf.toString("utf8", this.pos, end));
        } catch {
          throw new NotStreamable();
        }
        this.pos = end;
        return v;
      }
      // Every value here is followed by a delimiter, so one unfinished at the end of the file is broken.
      if (!this.more(this.pos)) {
        throw new NotStreamable();
      }
    }
  }
}

/**
 * Compacts the request in FILE without ever holding the whole document: it is read in 1 MiB chunks, the
 * top-level members are parsed one by one, and each element of `rounds` is parsed, handed to a RoundFeed
 * and dropped. Returns null when the file cannot be streamed that way — not valid JSON, a duplicate member,
 * `rounds` before `canonicalState`, a member other than `priorDelta` after `rounds`, or any request error —
 * and the caller then reads the whole document, which gives the same result or typed error as ever
 * (FC-CLI-8). Throws what opening or reading the file throws.
 */
export function compactRequestFile(
  path: string,
  options: CompactOptions,
  chunkBytes = CHUNK,
): Result<CompactOutput> | null {
  const fd = openSync(path, "r");
  try {
    return streamRounds(new Reader(fd, chunkBytes), options);
  } catch (e) {
    if (e instanceof NotStreamable) return null;
    throw e;
  } finally {
    closeSync(fd);
  }
}

function streamRounds(r: Reader, options: CompactOptions): Result<CompactOutput> | null {
  r.expect(0x7b); // {
  const header: Record<string, unknown> = Object.create(null);
  const seen = new Set<string>();
  let feed: RoundFeed | undefined;
  for (;;) {
    if (r.peek() !== QUOTE) throw new NotStreamable();
    const key = r.value() as string;
    // JSON.parse keeps the last of duplicate members; rather than mirror that, read the whole document.
    if (seen.has(key)) throw new NotStreamable();
    seen.add(key);
    r.expect(0x3a); // :
    if (key === "rounds") {
      if (!seen.has("canonicalState")) throw new NotStreamable();
      feed = new RoundFeed({ ...header }, options);
      r.expect(0x5b); // [
      if (r.peek() === 0x5d) throw new NotStreamable(); // no rounds: an error compact() words
      for (;;) {
        if (!feed.add(r.value())) throw new NotStreamable();
        if (r.peek() === 0x5d) break;
        r.expect(0x2c); // ,
      }
      r.expect(0x5d);
    } else {
      const value = r.value();
      // After the rounds only priorDelta may follow: it is checked last in any case (FC-REQ-9).
      if (feed === undefined) header[key] = value;
      else if (key === "priorDelta") feed.priorDelta(value);
      else throw new NotStreamable();
    }
    if (r.peek() === 0x7d) break; // }
    r.expect(0x2c);
  }
  r.expect(0x7d);
  if (r.peek() !== -1 || feed === undefined) throw new NotStreamable();
  return feed.finish();
}
