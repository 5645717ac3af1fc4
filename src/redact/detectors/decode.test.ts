// FC-REDACT-SENSITIVE-8: escape sequences spelled out in text are undone, also a cut-short one followed by another.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactText } from "../redactor.ts";
import { decodedViews, decodeOnce, decodeParts, type View } from "./decode.ts";
import { isTokenChar } from "./types.ts";

// A fake npm token (npm_ and 38 letters and digits).
const TOKEN = "npm_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz";

describe("decodedViews: ANSI sequences spelled out", () => {
  it("ends a cut-short sequence where the next one starts", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^["]) {
      const text = `push ${esc}[${esc}[31m${TOKEN}${esc}[0m failed`;
      expect(decodedViews(text).at(-1)?.text, esc).toBe(`push ${TOKEN} failed`);
    }
  });

  it("strips the two-character and character-set escapes (`ESC c`, `ESC 7`, `ESC ( B`) whole", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^[", "\u001b"]) {
      for (const seq of ["c", "7", "(B"]) {
        const text = `push ${esc}${seq}${TOKEN} failed`;
        expect(decodedViews(text).at(-1)?.text, `${esc}${seq}`).toBe(`push ${TOKEN} failed`);
        expect(redactText(text, {}).text, `${esc}${seq}`).not.toContain(TOKEN.slice(4, 20));
      }
    }
  });

  it("leaves the letter after a stray ESC to the token it opens", () => {
    // `\\033` too: a stray octal spelling was kept whole in the view, its `3` glued to the token (`3npm_…`).
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\u001b"]) {
      const text = `push ${esc}${TOKEN} failed`;
      expect(redactText(text, {}).text, esc).not.toContain(TOKEN.slice(4, 20));
    }
  });

  it("masks a token after a cut-short sequence and a colour code", () => {
    const r = redactText(`push \\u001b[\\u001b[31m${TOKEN}\\u001b[0m failed`, {});
    expect(r.text).not.toContain(TOKEN.slice(4, 20));
    expect(r.text).not.toContain(TOKEN.slice(-16));
    expect(r.text).toContain("failed");
  });

  it("ends a cut-short sequence at an escaped line break or tab, and masks the token after it", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^["]) {
      for (const brk of ["\\n", "\\r\\n", "\\t"]) {
        const text = `npm publish: ${esc}[${brk}${TOKEN} rejected`;
        const r = redactText(text, {});
        expect(r.text, `${esc} ${brk}`).not.toContain(TOKEN.slice(4, 20));
        expect(r.text, `${esc} ${brk}`).not.toContain(TOKEN.slice(-16));
        expect(r.text, `${esc} ${brk}`).toContain(" rejected");
      }
    }
  });
});

/**
 * decodeOnce as first written: one view character at a time (each pushed as a string of its own, with its source
 * offset). decodeOnce now writes the view's units and offsets into typed arrays (faster on long texts); the two must
 * agree.
 */
function decodeOnceByChar(src: string): View | null {
  const P = decodeParts;
  const wraps = P.hasWrappedLine(src);
  if (!wraps && !P.hasNoise(src)) return null;
  const out: string[] = [];
  const map: number[] = [];
  let lineStart = 0;
  let changed = false;
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    const a = c === 0x1b || c === 92 || c === 94 ? P.ansiLength(src, i) : 0;
    if (a > 0 || P.isZeroWidth(c)) {
      i += Math.max(a, 1);
      changed = true;
      continue;
    }
    if (c === 92 && i + 1 < n) {
      const e = src[i + 1]!;
      const simple: Record<string, string> = {
        '"': '"',
        "\\": "\\",
        "/": "/",
        "'": "'",
        n: "\n",
        r: "\r",
        t: "\t",
        b: " ",
        f: " ",
      };
      let ch: string | null = simple[e] ?? null;
      let len = 2;
      const hexAt = (from: number, count: number) =>
        from + count <= n && [...Array(count).keys()].every((k) => P.isHex(src.charCodeAt(from + k)));
      if (ch === null && e === "u" && i + 5 < n && hexAt(i + 2, 4)) {
        ch = String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 6), 16));
        len = 6;
      } else if (ch === null && e === "x" && i + 3 < n && hexAt(i + 2, 2)) {
        ch = String.fromCharCode(Number.parseInt(src.slice(i + 2, i + 4), 16));
        len = 4;
      }
      if (ch !== null) {
        if (!P.isZeroWidth(ch.charCodeAt(0))) {
          out.push(ch);
          map.push(i);
        }
        i += len;
        changed = true;
        continue;
      }
    }
    if (c === 37 && i + 2 < n && P.isHex(src.charCodeAt(i + 1)) && P.isHex(src.charCodeAt(i + 2))) {
      const len = P.percentUtf8Length(src, i);
      if (len > 0) {
        const bytes: number[] = [];
        for (let k = 0; k < len; k += 3) bytes.push(Number.parseInt(src.slice(i + k + 1, i + k + 3), 16));
        const decoded =
          bytes.length === 1 ? String.fromCharCode(bytes[0]!) : Buffer.from(bytes).toString("utf8");
        for (const u of decoded.split("")) {
          out.push(u);
          map.push(i);
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
      const fixedWidth = P.WRAP_WIDTHS.has(width) && prev > 32 && next > 32;
      if (
        (fixedWidth ||
          (isTokenChar(prev) && isTokenChar(next) && width >= 40 && P.runBefore(src, i) >= width)) &&
        !P.linesApart(src, lineStart, i, nl + 1)
      ) {
        i = nl + 1;
        lineStart = i;
        changed = true;
        continue;
      }
    }
    if (c === 10) lineStart = i + 1;
    out.push(src[i]!);
    map.push(i);
    i++;
  }
  if (!changed) return null;
  map.push(n);
  return { text: out.join(""), map: Int32Array.from(map) };
}

describe("decodeOnce: the view built in typed arrays", () => {
  // Pieces that reach every branch: each escape and its near misses, percent bytes (UTF-8 and lone), ANSI in
  // every spelling, zero-width characters, and lines cut at the usual wrap widths or long token lines.
  const PIECES = [
    "a",
    "Z9",
    " ",
    "\n",
    "\\",
    "\\\\",
    "\\n",
    "\\t",
    '\\"',
    "\\/",
    "\\b",
    "\\u0041",
    "\\u200b",
    "\\u12",
    "\\x41",
    "\\x4",
    "\\q",
    "%41",
    "%C3%A9",
    "%E2%82%AC",
    "%F0%9F%98%80",
    "%DB",
    "%4",
    "\u001b[31m",
    "\\u001b[0m",
    "\\x1b[",
    "\\033[1;2m",
    "\\e[",
    "^[[",
    "^[c",
    "\\e(B",
    "\u001b7",
    "\u001b]0;t\u0007",
    "\u200b",
    "\u00ad",
    "\ufeff",
    "\r\n",
    "\uD83D\uDE00",
    "A".repeat(64),
    "B".repeat(40),
    "x".repeat(76),
    "y".repeat(80),
    "npm_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz",
    "API_TOKEN=",
    "key: ",
  ];
  it("gives the view the one-character-at-a-time decoder gives, text and map (fixed seed)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const src = pieces.join("");
        const fast = decodeOnce(src);
        const slow = decodeOnceByChar(src);
        expect(fast === null).toBe(slow === null);
        if (fast !== null && slow !== null) {
          expect(fast.text).toBe(slow.text);
          expect([...fast.map]).toEqual([...slow.map]);
        }
      }),
      { seed: 20261203, numRuns: 2000 },
    );
  });

  it("agrees on a view longer than one block of characters (over 8,192 of them)", () => {
    for (const times of [30, 60]) {
      const src = PIECES.join("").repeat(times);
      const fast = decodeOnce(src)!;
      const slow = decodeOnceByChar(src)!;
      expect(fast.text.length).toBeGreaterThan(8192);
      expect(fast.text).toBe(slow.text);
      expect([...fast.map]).toEqual([...slow.map]);
    }
  });
});

describe("decodedViews: long lines and assignments", () => {
  it("keeps a dump of long NAME=value lines apart, and joins a line cut inside a key", () => {
    const dump = "AUTH_CLIENT_SECRET=Xk9pQ2mZ7rT4vB8nLq3Wd5Yh\nAPI_TOKEN=Rw4tY8uI2oP6aS0dF3gH7jK1Mn5Bv";
    expect(decodedViews(dump).map((v) => v.text)).not.toContain(dump.replace("\n", ""));
    expect(redactText(dump, { repoRoot: "/repo" }).text).toBe(
      "AUTH_CLIENT_SECRET=«redacted:secret»\nAPI_TOKEN=«redacted:secret»",
    );
    // 64 characters, then the rest of the key on the next line.
    const cut = `${"x".repeat(53)} GITHUB_TOK\nEN=${"ab12".repeat(10)}`;
    expect(decodedViews(cut).map((v) => v.text)).toContain(cut.replace("\n", ""));
  });
});
