// FC-LEAK-1, FC-REDACT-SENSITIVE-5, FC-REDACT-SENSITIVE-23: what the redactor leaves after a secret-word key, the scan never refuses.
import { describe, expect, it } from "vitest";
import { redactText, scanForLeaks } from "./index.ts";

/*
 * A fixed grid (no randomness): keys made of a secret word with a prefix and a suffix that names an id, a count, a
 * kind, a file…, five assignment syntaxes, and values of every shape the redactor decides on differently (random,
 * UUID, version, timestamp, digest, words). Each text is redacted and the result scanned: a hit means the reference
 * would answer SECRET_LEAK to a request the redactor judged clean (the `tokenId=<uuid>` and `tokenizer=<random>`
 * findings of session 24, fixed in leak-scan.ts and assignments.ts).
 */
const WORDS = [
  "token",
  "tokens",
  "password",
  "passwd",
  "secret",
  "auth",
  "session",
  "sid",
  "cookie",
  "sig",
  "api",
];
const MORE = [
  "key",
  "apikey",
  "access",
  "private",
  "credential",
  "creds",
  "jwt",
  "bearer",
  "otp",
  "dsn",
  "pass",
  "pwd",
  "conn",
];
const PREFIXES = ["", "max", "my", "db", "x-", "new"];
const SUFFIXES = [
  "",
  "izer",
  "ization",
  "Count",
  "_type",
  "File",
  "_name",
  "Id",
  "_ids",
  "s",
  "Url",
  "Limit",
];
const MORE_SUFFIXES = ["Expiry", "Len", "Path", "_dir", "Set", "Kind", "Hash", "Prefix", "Format", "Header"];
const SYNTAXES: [string, string][] = [
  ["=", ""],
  [": ", ""],
  [" = ", ""],
  ['": "', '"'],
  ["='", "'"],
];
const VALUES = [
  "a8f3k2l9x7q1w5e6r4t0zz",
  "Qm7vX2pL9tR4wKz8Hn3k",
  "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  "v1.2.3-rc.1+build.20241204",
  "2026-12-04T10:00:00Z",
  "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  "ReleaseNotesForTuesdayBuild2024",
];

function* grid(): Generator<string> {
  for (const p of PREFIXES)
    for (const w of [...WORDS, ...MORE])
      for (const s of [...SUFFIXES, ...MORE_SUFFIXES])
        for (const [op, close] of SYNTAXES)
          for (const v of VALUES) {
            const key = p + (p !== "" && !p.endsWith("-") ? w[0]!.toUpperCase() + w.slice(1) : w) + s;
            yield `cfg ${close === '"' ? '"' : ""}${key}${op}${v}${close} end`;
          }
}

describe("a secret-word key grid: the scan never refuses what the redactor leaves", () => {
  it("holds for every key, syntax and value shape of the grid", () => {
    const refused: string[] = [];
    let n = 0;
    for (const text of grid()) {
      n++;
      const out = redactText(text, { repoRoot: "/repo" }).text;
      const hits = scanForLeaks(out);
      if (hits.length > 0 && refused.length < 10)
        refused.push(`${text} => ${hits.map((h) => h.detector).join(",")}`);
    }
    expect(n).toBe(126_720);
    expect(refused).toEqual([]);
  });
});
