// FC-REDACT-SENSITIVE-12, FC-REDACT-SENSITIVE-20: the hand-written scanners that replace regex scans find exactly what those regexes find.
// Each scanner is checked against the regex it replaces (the oracle), on texts made of the characters that decide it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Runs, decodeBase64Text } from "./decode.ts";
import { charClass, hasRun, nextRun } from "./runs.ts";
import { userinfoMatches } from "./structural.ts";
import { type KeywordFamily, keywordFamilies, scanKeywords } from "./keywords.ts";

/** The regex formulation of a base64 run, with the same class filters as the scanner. */
function base64RunsByRegex(text: string): { start: number; end: number; decoded: string }[] {
  const re = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,8192}={0,2}(?![A-Za-z0-9+/=_-])/g;
  const runs: { start: number; end: number; decoded: string }[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const v = m[0];
    if (/^[0-9a-fA-F]+$/.test(v)) continue;
    // The decoding itself is shared: this oracle stands for how runs are found and filtered.
    const decoded = decodeBase64Text(v.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, ""), 8, 0.97);
    if (decoded !== null) runs.push({ start: m.index, end: m.index + v.length, decoded });
  }
  return runs;
}

/** Printable text base64-encoded (so that some runs pass the printable filter), cut into with noise. */
const piece = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."Ab9+/_-=. \n\u00e9xyZ0f"), maxLength: 30 }),
  fc
    .string({ unit: fc.constantFrom(..."password=hunter2 token:ghp_ABC xyz"), minLength: 6, maxLength: 60 })
    .map((t) => Buffer.from(t).toString("base64")),
  fc
    .string({ unit: fc.constantFrom(..."abc DEF 123"), minLength: 6, maxLength: 60 })
    .map((t) => Buffer.from(t).toString("base64url")),
  fc.stringMatching(/^[0-9a-f]{16,48}$/),
  fc.constantFrom("=", "==", "===", " ", "-", "é"),
);
const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));

describe("base64Runs", () => {
  it("finds exactly the runs the regex formulation finds", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(base64Runs(t)).toEqual(base64RunsByRegex(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("the generator reaches runs that pass every filter and runs that each filter rejects", () => {
    const samples = fc.sample(text, { numRuns: 3000, seed: 11 });
    const kept = samples.filter((t) => base64RunsByRegex(t).length > 0).length;
    const runsSeen = samples.filter((t) => /[A-Za-z0-9+/_-]{16}/.test(t)).length;
    expect(kept).toBeGreaterThan(100);
    expect(runsSeen - kept).toBeGreaterThan(100);
    expect(samples.some((t) => /[A-Za-z0-9+/_-]{16,}===/.test(t))).toBe(true);
  });

  it("keeps the length bounds: 16 to 8192 characters", () => {
    const wrap = (body: string) => ` ${Buffer.from(body).toString("base64")} `;
    for (const n of [3, 4, 2047, 2048, 2049]) {
      const t = wrap("Kk1".repeat(n));
      expect(base64Runs(t)).toEqual(base64RunsByRegex(t));
    }
    expect(base64Runs(wrap("Kk1".repeat(4)))).toHaveLength(1); // 16 characters
    expect(base64Runs(wrap("Kk1".repeat(3)))).toHaveLength(0); // 12 characters
    expect(base64Runs(wrap("Kk1".repeat(2048)))).toHaveLength(1); // 8192 characters
    expect(base64Runs(wrap("Kk1".repeat(2049)))).toHaveLength(0); // 8196 characters
  });
});

describe("userinfoMatches", () => {
  const USERINFO_G =
    /(?<=(?:^|[^A-Za-z0-9+.-])[0-9+.-]*)[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/([^\s/?#@:"'<>`\\]{0,256})(?::([^\s/"'<>`\\]{0,256}))?@(?=[A-Za-z0-9[])/g;
  // The scheme's whole run of scheme characters (the glued digits or dashes before its letter included) is at most
  // 64 long: a longer run is no scheme that stands alone, and reading it back further would cost a walk per `://`.
  const runFits = (t: string, m: RegExpMatchArray) => {
    let r = m.index!;
    while (r > 0 && /[A-Za-z0-9+.-]/.test(t[r - 1]!)) r--;
    return m.index! + m[0].indexOf("://") - r <= 64;
  };
  const byRegex = (t: string) =>
    [...t.matchAll(USERINFO_G)].filter((m) => runFits(t, m)).map((m) => [m.index, m[0], m[1], m[2]]);
  const noise = fc.constantFrom("", " ", "x", "-", ".", "é", "://", "@", "/", "[");
  const scheme = fc.constantFrom(
    "https",
    "git+ssh",
    "a",
    "9x",
    "-ab",
    "--https",
    "0redis",
    "9".repeat(40) + "ftp",
    "9".repeat(70) + "ftp",
    "x".repeat(30),
    "y".repeat(31),
    "z".repeat(40),
  );
  const part = fc.constantFrom("", "u", "user", "p@ss", "a b", "tok/en", "x".repeat(10));
  const one = fc
    .tuple(
      noise,
      scheme,
      part,
      fc.option(part),
      fc.constantFrom("@", ""),
      fc.constantFrom("h", "[", "", " "),
      noise,
    )
    .map(([n1, sc, u, p, at, h, n2]) => `${n1}${sc}://${u}${p === null ? "" : `:${p}`}${at}${h}${n2}`);
  const url = fc.array(fc.oneof(one, noise), { maxLength: 4 }).map((p) => p.join(""));

  it("finds exactly the matches of the left-to-right regex scan", () => {
    fc.assert(
      fc.property(url, (t) => {
        expect(userinfoMatches(t).map((m) => [m.index, m[0], m[1], m[2]])).toEqual(byRegex(t));
      }),
      { numRuns: 5000 },
    );
  });

  it("the generator reaches matches, a scheme too long to count, and two credentials in one text", () => {
    const samples = fc.sample(url, { numRuns: 5000, seed: 5 });
    expect(samples.filter((t) => byRegex(t).length > 0).length).toBeGreaterThan(200);
    expect(samples.some((t) => byRegex(t).length > 1)).toBe(true);
    expect(samples.some((t) => /[A-Za-z0-9+.-]{32}:\/\/[^@\s]*@h/.test(t))).toBe(true);
  });
});

describe("scanKeywords", () => {
  const families = keywordFamilies();
  const names = Object.keys(families) as KeywordFamily[];
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  const sticky = new Map(names.map((f) => [f, families[f].map((w) => new RegExp(literal(w), "iy"))]));
  /** Where a word of the family matches, by JavaScript's own case-insensitive matching. */
  const oracle = (t: string, f: KeywordFamily) => {
    const at: number[] = [];
    for (let p = 0; p < t.length; p++) {
      if (
        sticky.get(f)!.some((re) => {
          re.lastIndex = p;
          return re.test(t);
        })
      )
        at.push(p);
    }
    return at;
  };
  const sampleWords = names.flatMap((f) => families[f].slice(0, 6));
  const casing = (w: string, r: number) =>
    [...w].map((c, i) => ((r >> (i % 16)) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");
  const text = fc
    .array(
      fc.oneof(
        fc.tuple(fc.constantFrom(...sampleWords), fc.nat()).map(([w, r]) => casing(w, r)),
        fc.tuple(fc.constantFrom(...sampleWords), fc.nat(8)).map(([w, k]) => w.slice(0, k)),
        fc.constantFrom(" ", "_", "=", "\u212a", "\u0130", "\u017f", "é", "x", "/", "-"),
      ),
      { maxLength: 10 },
    )
    .map((p) => p.join(""));

  it("reports every position where a word of a family starts (ASCII case ignored), and nothing else", () => {
    fc.assert(
      fc.property(text, (t) => {
        const scan = scanKeywords(t);
        for (const f of names) {
          const want = oracle(t, f);
          expect([f, [...scan.positions(f)]]).toEqual([f, want]);
          expect([f, scan.has(f)]).toEqual([f, want.length > 0]);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("does not fold characters outside ASCII onto letters (the Kelvin sign is not a k)", () => {
    expect(scanKeywords("\u212aey=1").has("locator")).toBe(false);
    expect(scanKeywords("KEY=1").positions("locator")).toEqual([0]);
  });

  it("the generator reaches every family", () => {
    const samples = fc.sample(text, { numRuns: 1500, seed: 9 });
    for (const f of names) expect([f, samples.some((t) => oracle(t, f).length > 0)]).toEqual([f, true]);
  });
});

describe("nextRun", () => {
  const cls = charClass((ch) => ch === "a" || ch === "b");
  const text = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "é"), maxLength: 60 });

  it.each([1, 2, 3, 5, 16])("finds exactly the maximal runs of %i or more members, left to right", (min) => {
    fc.assert(
      fc.property(text, (t) => {
        const want = [...t.matchAll(new RegExp(`[ab]{${min},}`, "g"))].map((m) => [
          m.index,
          m.index + m[0].length,
        ]);
        const got: number[][] = [];
        for (let r = nextRun(t, 0, cls, min); r !== null; r = nextRun(t, r[1] + 1, cls, min)) got.push(r);
        expect(got).toEqual(want);
        expect(hasRun(t, cls, min)).toBe(want.length > 0);
      }),
      { numRuns: 1500 },
    );
  });
});
