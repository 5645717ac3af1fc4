// FC-REDACT-SENSITIVE-3..7, -14..16, -21..26, FC-PATH-2, FC-PATH-3, FC-PATH-5: one case per record of spec/rules/redaction-rules.json, made from the record's own samples.
//
// The expectations are the suite's: a positive sample's secret is absent (whole and every 16-character window), a text
// the sample keeps and a stays-visible sample are present. Nothing here runs the reference.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Json, oneRoundRequest, type PlantedFinding } from "./request.ts";

const ROOT = join(import.meta.dirname, "../../..");

/** A record of the rule file, as this generator reads it (the schema is spec/schemas/redaction-rules.v1.json). */
export interface RuleDoc {
  id: string;
  kind: string;
  class: "contract" | "reference";
  description: string;
  requirements: string[];
  category?: string;
  names?: string[];
  spellings?: string[];
  sampleTemplates?: string[];
  format?: { prefixes: string[]; alphabet: string; minBody: number };
  /** The record's token pattern (every token-format record has one). */
  pattern?: string;
  keywords?: { providerNeedle?: string[] };
  samples: {
    positive: (string | { text: string; secret: string | string[]; keep?: string[] })[];
    negative: string[];
  };
}

export function loadRules(): RuleDoc[] {
  return (
    JSON.parse(readFileSync(join(ROOT, "spec/rules/redaction-rules.json"), "utf8")) as { rules: RuleDoc[] }
  ).rules;
}

/**
 * The parts of a secret that must not survive: the whole, 16-character windows every 8 characters, and each part of 8
 * characters or more between backslashes (a reader that stops at a backslash leaves the rest of the value visible,
 * shorter than any window: FC-REDACT-SENSITIVE-17).
 */
export function windows(secret: string): string[] {
  const parts = secret.includes("\\") ? secret.split(/\\+/).filter((p) => p.length >= 8 && p !== secret) : [];
  if (secret.length <= 16) return [secret, ...parts];
  const out = [secret];
  for (let i = 0; i + 16 <= secret.length; i += 8) out.push(secret.slice(i, i + 16));
  if ((secret.length - 16) % 8 !== 0) out.push(secret.slice(-16));
  return [...out, ...parts.filter((p) => !out.includes(p))];
}

const textOf = (s: RuleDoc["samples"]["positive"][number]) => (typeof s === "string" ? s : s.text);
const secretsOf = (s: RuleDoc["samples"]["positive"][number]) =>
  typeof s === "string" ? [s] : typeof s.secret === "string" ? [s.secret] : s.secret;
const keepsOf = (s: RuleDoc["samples"]["positive"][number]) => (typeof s === "string" ? [] : (s.keep ?? []));

/**
 * "Made of words" as FC-REDACT-SENSITIVE-6 words it: cut at `_`, `-`, `+`, the chunks `[A-Z]{2,}(?![a-z])`,
 * `[A-Z]?[a-z]+` and `\d+` cover the run, every letter chunk has two letters or more, the letter chunks average 3.5
 * or more, and there are at most two digit chunks.
 */
export function madeOfWords(s: string): boolean {
  if (!/^[A-Za-z0-9+_-]+$/.test(s)) return false;
  const parts = s.split(/[_+-]+/).filter((p) => p.length > 0);
  const chunks = parts.flatMap((p) => p.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []);
  if (chunks.join("").length !== parts.join("").length) return false;
  const letters = chunks.filter((c) => !/^\d/.test(c));
  if (letters.length === 0 || letters.some((c) => c.length < 2)) return false;
  return (
    letters.reduce((n, c) => n + c.length, 0) / letters.length >= 3.5 && chunks.length - letters.length <= 2
  );
}

/**
 * A token whose body (what follows its record's longest prefix or needle it starts with) is made of words and holds a
 * lower-case letter: FC-REDACT-SENSITIVE-3 does not require it masked (an implementation may mask it or leave it), so
 * no case asserts its absence.
 */
export function wordMadeToken(r: RuleDoc, secret: string): boolean {
  if (r.kind !== "token-format") return false;
  const prefix = [...(r.format?.prefixes ?? []), ...(r.keywords?.providerNeedle ?? [])]
    .filter((p) => secret.startsWith(p))
    .reduce((a, p) => (p.length > a.length ? p : a), "");
  const body = secret.slice(prefix.length);
  return /[a-z]/.test(body) && madeOfWords(body);
}

/** The description's note when some planted secret is a word-made token, not required. */
const wordsNote = (planted: string[], required: string[]) =>
  planted.some((x) => !required.includes(x))
    ? " (a sample whose token body is made of words is planted but not required: FC-REDACT-SENSITIVE-3)"
    : "";

/** The secrets of a record's sample that a case requires masked (a word-made token body is not required). */
export const requiredSecretsOf = (r: RuleDoc, s: RuleDoc["samples"]["positive"][number]): string[] =>
  secretsOf(s).filter((x) => !wordMadeToken(r, x));

/**
 * The assertions for planted secrets and kept texts, each text once. Where secrets are planted, no placeholder is cut
 * either (FC-REDACT-SENSITIVE-2): a re-read that masks part of an existing placeholder leaves `«redacted:«…`.
 */
export function textAssertions(secrets: string[], keeps: string[]): Json[] {
  const absent = [...new Set(secrets.flatMap(windows))];
  if (absent.length > 0) absent.push("«redacted:«");
  return [
    ...absent.map((text) => ({ check: "absentText", text })),
    ...[...new Set(keeps)].map((text) => ({ check: "presentText", text })),
  ];
}

/** mulberry32: the generator's own seeded values (fixed seed; no randomness at run time). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A random value with upper case, lower case and digits: credential-shaped by any reading. */
function credential(r: () => number, n: number): string {
  const s = randomBody(r, [...ALNUM], n);
  if (s === null) throw new Error(`no ${n}-character value with all three classes in 100 draws`);
  return s;
}

/** The printable ASCII characters a record's alphabet (a character-class body such as `A-Za-z0-9_-`) holds. */
export function alphabetChars(alphabet: string): string[] {
  const re = new RegExp(`^[${alphabet}]$`);
  const out: string[] = [];
  for (let c = 33; c < 127; c++) if (re.test(String.fromCharCode(c))) out.push(String.fromCharCode(c));
  return out;
}
/** The letters and digits an alphabet (a character-class body) lacks. */
function lackedBy(alphabet: string): string[] {
  const own = new Set(alphabetChars(alphabet));
  return alphabetChars("A-Za-z0-9").filter((c) => !own.has(c));
}
/** The body mixes: every character of the alphabet; lower case and digits; upper case and digits. */
const BODY_MIXES: [string, (c: string) => boolean][] = [
  ["all", () => true],
  ["lower and digits", (c) => /[a-z0-9]/.test(c)],
  ["upper and digits", (c) => /[A-Z0-9]/.test(c)],
];
const BODY_CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/];
/** A body of n characters from the pool holding every class of the pool (null when the draws never manage it). */
export function randomBody(r: () => number, pool: string[], n: number): string | null {
  const wanted = BODY_CLASSES.filter((k) => k.test(pool.join("")));
  for (let t = 0; t < 100; t++) {
    let s = "";
    for (let i = 0; i < n; i++) s += pool[Math.floor(r() * pool.length)];
    if (wanted.every((k) => k.test(s))) return s;
  }
  return null;
}

/** Shannon entropy in bits per character, over the string's own character frequencies. */
function entropyOf(s: string): number {
  const n = new Map<string, number>();
  for (const c of s) n.set(c, (n.get(c) ?? 0) + 1);
  let h = 0;
  for (const k of n.values()) h -= (k / s.length) * Math.log2(k / s.length);
  return h;
}
/** A credential that is random by FC-REDACT-SENSITIVE-6's floor: entropy ≥ 4.0 and too many digit runs to be words. */
function randomByTheFloor(r: () => number): string {
  for (;;) {
    const s = credential(r, 28);
    if (entropyOf(s) >= 4 && (s.match(/\d+/g)?.length ?? 0) >= 3) return s;
  }
}

const profileOf = (r: RuleDoc) => (r.class === "contract" ? "required" : "reference");

/** A case whose findings hold the given texts, one each. */
function plantedCase(
  id: string,
  description: string,
  requirements: string[],
  profile: string,
  texts: string[],
  assertions: Json[],
): Json {
  const findings: PlantedFinding[] = texts.map((text, i) => ({ id: `s${i + 1}`, text }));
  return {
    id,
    description,
    requirements,
    profile,
    command: "compact",
    input: { request: oneRoundRequest(findings), options: { budgetTokens: 512 } },
    expect: { assertions },
  };
}

/** Room in one message for packed samples (below every trim limit an implementation is likely to use). */
const PACK_ROOM = 300;

/** A one-line sample that keeps nothing and fits PACK_ROOM: `pack` puts it beside others, every other one alone. */
const packable = (s: RuleDoc["samples"]["positive"][number]): boolean => {
  const text = textOf(s);
  return !text.includes("\n") && keepsOf(s).length === 0 && text.length <= PACK_ROOM;
};

/**
 * The finding texts for some samples: one-line samples that keep nothing are packed several to a message, a blank
 * line between them (no wrap joins two samples); a multi-line sample or one with kept texts gets a finding of its own.
 */
export function pack(samples: RuleDoc["samples"]["positive"]): string[] {
  const out: string[] = [];
  let cur = "";
  for (const s of samples) {
    const text = textOf(s);
    if (!packable(s)) {
      out.push(text);
      continue;
    }
    if (cur !== "" && cur.length + 2 + text.length > PACK_ROOM) {
      out.push(cur);
      cur = "";
    }
    cur = cur === "" ? text : `${cur}\n\n${text}`;
  }
  if (cur !== "") out.push(cur);
  return out;
}

/** The case a masking record's samples are planted in: token formats by category, every other record on its own. */
export function caseIdOf(r: RuleDoc): string {
  if (r.kind === "visible") return `redaction.visible.${r.id}`;
  if (r.kind === "token-format")
    return `redaction.rules.tokens-${(r.category ?? "other").replace(/[^a-z0-9]+/g, "-")}`;
  return `redaction.rules.${r.id}`;
}

/**
 * The expectation for a secret in canonicalState.ref (FC-SCAN-1, FC-SCAN-2): SECRET_LEAK, whose error holds none of
 * `absent`, or a log that copies the ref verbatim into sourceWindow.canonicalStateRef and holds none of `absent` in the
 * Delta, the findings or the redactions.
 */
export function refStaysOutOfTheDelta(ref: string, absent: Json[]): Json {
  const at = (pointer: string) => absent.map((w) => ({ ...w, pointer }));
  return {
    anyOf: [
      { error: { code: "SECRET_LEAK" }, assertions: absent },
      {
        assertions: [
          { check: "notNull", pointer: "/correctionDelta" },
          { check: "equals", pointer: "/sourceWindow/canonicalStateRef", value: ref },
          ...at("/correctionDelta"),
          ...at("/findings"),
          ...at("/redactions"),
        ],
      },
    ],
  };
}

/** redaction.rules.*: every masking record's positive samples, in its case. */
export function ruleCases(rules: RuleDoc[]): Json[] {
  const groups = new Map<string, RuleDoc[]>();
  for (const r of rules) {
    if (r.kind === "visible" || r.samples.positive.length === 0) continue;
    const id = caseIdOf(r);
    groups.set(id, [...(groups.get(id) ?? []), r]);
  }
  const out: Json[] = [];
  // Every contract token format's samples, each the whole text of a finding: a token that starts and ends the text
  // (no character before or after it) is masked as well as one inside a line.
  const tokens = rules.filter((r) => r.kind === "token-format" && r.class === "contract");
  const alone = tokens.flatMap((r) => r.samples.positive);
  const required = tokens.flatMap((r) => r.samples.positive.flatMap((s) => requiredSecretsOf(r, s)));
  if (alone.length > 0)
    out.push(
      plantedCase(
        "redaction.rules.token-formats-as-the-whole-text",
        `Each positive sample of every contract token-format record (spec/rules/redaction-rules.json) is the whole text of a finding, nothing before or after it, and is masked: no 16-character window of its secret survives${wordsNote(alone.flatMap(secretsOf), required)}.`,
        [...new Set(tokens.flatMap((r) => r.requirements))],
        "required",
        alone.map(textOf),
        textAssertions(
          alone.flatMap(secretsOf).filter((x) => required.includes(x)),
          [],
        ),
      ),
    );
  // Every prefix of every contract token format with a format, followed by a random body of minBody characters of its
  // alphabet (FC-REDACT-SENSITIVE-3: such a prefix and body is a token, whatever the samples show), in three mixes:
  // every class the alphabet has, lower case and digits, upper case and digits (where the alphabet has both).
  const r8 = rng(1803);
  const bodies = tokens.flatMap((r) => {
    const f = r.format;
    if (f === undefined) return [];
    const chars = alphabetChars(f.alphabet);
    return f.prefixes.flatMap((prefix) =>
      BODY_MIXES.flatMap(([, pick]) => {
        const pool = chars.filter((c) => pick(c));
        // A body of one class (`API-` and 26 digits) is no random body: FC-REDACT-SENSITIVE-3 does not require it.
        if (BODY_CLASSES.filter((k) => k.test(pool.join(""))).length < 2) return [];
        const body = randomBody(r8, pool, f.minBody);
        // A body that a draw makes of words is not required (FC-REDACT-SENSITIVE-3): left out, not drawn again.
        return body === null || wordMadeToken(r, `${prefix}${body}`)
          ? []
          : [{ text: `deploy failed with ${prefix}${body} (rotate it)`, secret: `${prefix}${body}` }];
      }),
    );
  });
  if (bodies.length > 0)
    out.push(
      plantedCase(
        "redaction.rules.token-formats-every-prefix-with-a-random-body",
        "Each prefix of every contract token-format record with a format (spec/rules/redaction-rules.json), followed by a random body of the record's minBody characters of its alphabet, is a token (FC-REDACT-SENSITIVE-3) and is masked: bodies mixing every class the alphabet has, lower case and digits only, upper case and digits only (where the alphabet has both: a body of one class is not required). No 16-character window of a token survives.",
        [...new Set(tokens.flatMap((r) => r.requirements))],
        "required",
        pack(bodies.map((b) => b.text)),
        textAssertions(
          bodies.map((b) => b.secret),
          [],
        ),
      ),
    );
  // The other side of the same formats (FC-LEAK-1): a prefix before a random run of letters and digits its record's
  // alphabet lacks (`dop_v1_` before capitals and `g`-`z`, `AKIA` before lower case) is no token by the record, so the
  // redactor may leave it visible and the scan, reading the body the record allows, must not refuse the log for it.
  // The same runs are the canonicalState.ref too, which the log copies unredacted and a scan may read (FC-SCAN-2).
  const r9 = rng(1907);
  const foreign = tokens.flatMap((r) => {
    const f = r.format;
    if (f === undefined) return [];
    const pool = lackedBy(f.alphabet);
    // Only where the alphabet lacks letters or digits of two classes: a run of one class (`API-` and lower case) reads
    // like a word, which other rules may take for something else.
    if (BODY_CLASSES.filter((k) => k.test(pool.join(""))).length < 2) return [];
    return f.prefixes.flatMap((prefix) => {
      const body = randomBody(r9, pool, Math.max(f.minBody, 20) + 4);
      return body === null ? [] : [`mock ${prefix}${body} in the fixture`];
    });
  });
  if (foreign.length > 0)
    out.push(
      plantedCase(
        "redaction.rules.token-prefixes-before-a-body-of-foreign-characters-get-a-log",
        "Each prefix of every contract token-format record whose body alphabet lacks letters or digits of two classes (spec/rules/redaction-rules.json: the hex, upper-case and lower-case formats), followed by a random run of exactly those missing characters (`dop_v1_` before capitals and `g`-`z`), is no token by its record: the redactor may mask the run or leave it, and the leak scan, which reads the body a record allows, does not fire on what is left, so the request gets a log, never SECRET_LEAK (FC-LEAK-1; FC-REDACT-SENSITIVE-3 names the alphabets).",
        ["FC-LEAK-1", "FC-SCAN-1", "FC-REDACT-SENSITIVE-3"],
        "required",
        pack(foreign),
        [{ check: "notNull", pointer: "/correctionDelta" }],
      ),
    );
  // The formats left out above (an alphabet that lacks one class only: `A-Z0-9` lacks lower case), each prefix before a
  // lower-case letter its alphabet lacks and then lower case mixed with the alphabet's own digits (`AKIAqw3hzk8…`): the
  // record's body stops at once at that first letter, and the digits keep the run from reading as a word. A scan that
  // read any character as body would refuse a request that holds no token (FC-LEAK-1).
  const r10 = rng(1908);
  const mixed = tokens.flatMap((r) => {
    const f = r.format;
    if (f === undefined) return [];
    const lacking = lackedBy(f.alphabet);
    if (BODY_CLASSES.filter((k) => k.test(lacking.join(""))).length !== 1) return [];
    const ownDigits = alphabetChars(f.alphabet).filter((c) => /\d/.test(c));
    if (ownDigits.length === 0) return [];
    return f.prefixes.flatMap((prefix) => {
      const first = lacking[Math.floor(r10() * lacking.length)]!;
      const rest = randomBody(r10, [...lacking, ...ownDigits], Math.max(f.minBody, 20) + 3);
      return rest === null ? [] : [`mock ${prefix}${first}${rest} in the fixture`];
    });
  });
  if (mixed.length > 0)
    out.push(
      plantedCase(
        "redaction.rules.token-prefixes-before-characters-their-alphabet-lacks-mixed-with-digits-get-a-log",
        "Each prefix of every contract token-format record whose body alphabet lacks one class of letters only (spec/rules/redaction-rules.json: `A-Z0-9` lacks lower case), followed by a letter of that class and then a random run of such letters mixed with the alphabet's own digits (`AKIAqw3hzk8…`), is no token by its record: the body the record allows ends at the first letter. The redactor may mask the run or leave it, and the leak scan, which reads the body a record allows, does not fire on what is left, so the request gets a log, never SECRET_LEAK (FC-LEAK-1).",
        ["FC-LEAK-1", "FC-SCAN-1", "FC-REDACT-SENSITIVE-3"],
        "required",
        pack(mixed),
        [{ check: "notNull", pointer: "/correctionDelta" }],
      ),
    );
  // Every contract token format's samples right after a JSON-escaped line break or tab (`\n`, `\r\n`, `\t` in turn,
  // as a log line quoted in JSON shows them): detection sees through JSON escaping (FC-REDACT-SENSITIVE-8), so the
  // token starts after the escape, not after its letter (`\nAKIA…` is no `nAKIA…`).
  const escapes = ["\\n", "\\r\\n", "\\t"];
  const afterEscape = alone.filter((p) => !textOf(p).includes("\n"));
  if (afterEscape.length > 0)
    out.push(
      plantedCase(
        "redaction.rules.token-formats-after-json-escaped-line-breaks",
        `Each positive sample of every contract token-format record (spec/rules/redaction-rules.json) follows a JSON-escaped line break or tab (\`\\n\`, \`\\r\\n\`, \`\\t\` in turn) inside a quoted log line, and is masked: no 16-character window of its secret survives${wordsNote(afterEscape.flatMap(secretsOf), required)}.`,
        [...new Set([...tokens.flatMap((r) => r.requirements), "FC-REDACT-SENSITIVE-8"])],
        "required",
        pack(
          afterEscape.map((p, i) => `log: "step ${i + 1}${escapes[i % escapes.length]}${textOf(p)} done"`),
        ),
        textAssertions(
          afterEscape.flatMap(secretsOf).filter((x) => required.includes(x)),
          [],
        ),
      ),
    );
  // Every prefix of a contract token format, said in prose with no body after it: no credential, so a log, never
  // SECRET_LEAK or INTERNAL (FC-LEAK-1: the scan fires only on a secret; its prefix table must read a bare prefix).
  const prefixes = [
    ...new Set(tokens.flatMap((r) => r.format?.prefixes ?? r.keywords?.providerNeedle ?? [])),
  ].filter((p) => /^[A-Za-z0-9]/.test(p));
  if (prefixes.length > 0)
    out.push({
      ...plantedCase(
        "redaction.rules.token-prefixes-in-prose-get-a-log",
        "Each prefix of a contract token-format record, in prose with no token body after it (`the dapi prefix marks Databricks tokens`, `glc_ is how Grafana Cloud tokens start, …`, a line in capitals `AKIA KEYS ROTATED ON 2024-11-30 BY OPS, …`), is no credential: the reply is a log, not SECRET_LEAK and not INTERNAL.",
        ["FC-LEAK-1", "FC-SCAN-1", "FC-REQ-11"],
        "required",
        pack(
          prefixes.flatMap((p) => [
            `the ${p} prefix marks such tokens`,
            `${p} is how Provider tokens start, see the docs for details`,
            // A line in capitals: blanks, digits and punctuation after the prefix are no body of any alphabet.
            `${p} KEYS ROTATED ON 2024-11-30 BY OPS, 12 LEFT (PLAN B7)`,
          ]),
        ),
        [{ check: "notNull", pointer: "/correctionDelta" }],
      ),
    });
  // Every prefix of a contract token format, before a placeholder of capital words and digit groups
  // (`shpat_YOUR_ACCESS_TOKEN_GOES_HERE_1234`) that its record reads as no token: the body the record's alphabet allows
  // stops short of minBody (a record with a format), and no contract record's pattern matches the text. The redactor may leave it visible, and
  // the scan, reading only the body each record allows, does not fire (FC-LEAK-1): a log, never SECRET_LEAK.
  const PLACEHOLDERS = ["YOUR_ACCESS_TOKEN_GOES_HERE_1234", "STAGING_DASHBOARDS_VIEWER_KEY_ROTATED_2025"];
  const patterns = tokens.flatMap((r) => (r.pattern === undefined ? [] : [new RegExp(r.pattern)]));
  const placeheld = tokens.flatMap((r) => {
    const f = r.format;
    // A record without a format: its pattern alone gives the token, so a needle that opens one (`glsa_`, `sbp_`:
    // letters and digits ending in `_` or `-`) is taken, and only the patterns judge the text.
    const prefixes =
      f?.prefixes ?? (r.keywords?.providerNeedle ?? []).filter((n) => /^[A-Za-z][A-Za-z0-9.]*[_-]$/.test(n));
    const chars = f === undefined ? null : new Set(alphabetChars(f.alphabet));
    const shortOfMinBody = (ph: string): boolean => {
      if (chars === null || f === undefined) return true;
      let read = 0;
      while (read < ph.length && chars.has(ph[read]!)) read++;
      return read < f.minBody;
    };
    return prefixes.flatMap((prefix) =>
      PLACEHOLDERS.filter(shortOfMinBody)
        .map((ph) => `replace ${prefix}${ph} in the example config`)
        .filter((text) => !patterns.some((re) => re.test(text))),
    );
  });
  if (placeheld.length > 0)
    out.push({
      ...plantedCase(
        "redaction.rules.token-prefixes-before-a-capital-placeholder-get-a-log",
        "Each prefix of a contract token-format record (a format's prefixes; the needles ending in `_` or `-` of a record without one), before a placeholder of capital words and digit groups (`replace shpat_YOUR_ACCESS_TOKEN_GOES_HERE_1234 in the example config`) that the records read as no token (a format's alphabet stops its body short of minBody at a character it lacks, and no contract record's pattern matches the text), is no credential: the redactor may mask it or leave it visible, and the scan does not fire on what it leaves (FC-LEAK-1), so the reply is a log, never SECRET_LEAK.",
        ["FC-LEAK-1", "FC-SCAN-1", "FC-REDACT-SENSITIVE-3"],
        "required",
        pack(placeheld),
        [{ check: "notNull", pointer: "/correctionDelta" }],
      ),
    });
  // Every contract token-format record's required secrets, joined by blanks, as canonicalState.ref, which the log copies
  // verbatim (FC-REQ-4, FC-REDACT-UNTOUCHED-1): refused with SECRET_LEAK, or a log carrying it in
  // sourceWindow.canonicalStateRef alone (FC-SCAN-1, FC-SCAN-2); never in the Delta or a finding, never INTERNAL.
  for (const r of tokens) {
    const secrets = [...new Set(r.samples.positive.flatMap((x) => requiredSecretsOf(r, x)))];
    if (secrets.length === 0) continue;
    const secret = secrets.join(" ");
    const absent = [...new Set(secrets.flatMap(windows))].map((text) => ({ check: "absentText", text }));
    out.push({
      id: `redaction.leak-scan.${r.id}-in-the-state-ref-stays-out-of-the-delta`,
      description: `The sample tokens of the record ${r.id} (spec/rules/redaction-rules.json), joined by blanks, are the whole canonicalState.ref, which the log copies verbatim (FC-REQ-4): the reply is SECRET_LEAK, whose error names none of it, or a log that carries it in sourceWindow.canonicalStateRef alone (FC-SCAN-1, FC-SCAN-2); never in the Delta, a finding or a redaction, never an internal error (FC-REQ-11).`,
      requirements: ["FC-SCAN-1", "FC-REDACT-UNTOUCHED-1", "FC-LEAK-2", "FC-REQ-11"],
      profile: "required",
      command: "compact",
      input: {
        request: oneRoundRequest([{ id: "s1", text: "expected 3, got 4" }], { ref: secret }),
        options: { budgetTokens: 512 },
      },
      expect: refStaysOutOfTheDelta(secret, absent),
    });
  }
  for (const [id, group] of groups) {
    const samples = group.flatMap((r) => r.samples.positive);
    const requiredSecrets = group.flatMap((r) => r.samples.positive.flatMap((s) => requiredSecretsOf(r, s)));
    const keeps = samples.flatMap(keepsOf);
    const classes = new Set(group.map((r) => r.class));
    if (classes.size !== 1) throw new Error(`${id}: records of both classes`);
    const what =
      group.length === 1
        ? group[0]!.description
        : `The ${group[0]!.category} token formats: ${group.map((r) => r.id).join(", ")}.`;
    out.push(
      plantedCase(
        id,
        `${what} Each positive sample of ${group.length === 1 ? "the record" : "these records"} (spec/rules/redaction-rules.json) is masked: no 16-character window of its secret survives${wordsNote(samples.flatMap(secretsOf), requiredSecrets)}${keeps.length > 0 ? ", and the texts it keeps stay visible" : ""}.`,
        [...new Set(group.flatMap((r) => r.requirements))],
        profileOf(group[0]!),
        pack(samples),
        textAssertions(requiredSecrets, keeps),
      ),
    );
  }
  // Every contract record's one-line samples again, each now the whole message of a finding of its own, by kind. A
  // detector may run only when a cheap gate holds for the text (FC-REDACT-SENSITIVE-12: a digit run, a context word, a
  // header name); packed beside other samples, a sample may pass a gate that only its neighbours open. Token formats
  // have their own such case above.
  const kinds = new Map<string, RuleDoc[]>();
  for (const r of rules) {
    if (r.class !== "contract" || r.kind === "visible" || r.kind === "token-format") continue;
    kinds.set(r.kind, [...(kinds.get(r.kind) ?? []), r]);
  }
  for (const [kind, group] of [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const lone = group.flatMap((r) =>
      r.samples.positive.filter(packable).map((s) => ({ text: textOf(s), secrets: requiredSecretsOf(r, s) })),
    );
    if (lone.length === 0) continue;
    out.push(
      plantedCase(
        `redaction.rules.${kind}-samples-each-alone`,
        `Each one-line positive sample of every contract ${kind} record (spec/rules/redaction-rules.json: ${group.map((r) => r.id).join(", ")}) is the whole message of a finding of its own, no other sample beside it, and is masked: no 16-character window of its secret survives. Where a detector runs only when a cheap gate holds for the text (FC-REDACT-SENSITIVE-12), the sample opens the gate alone.`,
        [...new Set(group.flatMap((r) => r.requirements))],
        "required",
        lone.map((l) => l.text),
        textAssertions(
          lone.flatMap((l) => l.secrets),
          [],
        ),
      ),
    );
  }
  const keyed = rules.find((r) => r.kind === "provider-keyed");
  if (keyed?.names && keyed.sampleTemplates?.[0]) {
    // One credential under every provider name and multi-word spelling (FC-REDACT-SENSITIVE-14).
    const r = rng(14);
    const template = keyed.sampleTemplates[0];
    const planted = [...keyed.names, ...(keyed.spellings ?? [])].map((name) => {
      const value = credential(r, 28);
      return {
        text: fill(template, name, value),
        value,
      };
    });
    out.push(
      plantedCase(
        "redaction.rules.provider-keyed-every-name",
        `A credential-shaped value under a key made of each provider name and spelling of the record provider-keyed (template ${template}) is masked.`,
        keyed.requirements,
        profileOf(keyed),
        pack(planted.map((p) => p.text)),
        textAssertions(
          planted.map((p) => p.value),
          [],
        ),
      ),
    );
    // The other templates (a key that glues letters to the name, a credential word after it), one per name in turn.
    const others = keyed.sampleTemplates.slice(1);
    if (others.length > 0) {
      const r2 = rng(1414);
      const more = [...keyed.names, ...(keyed.spellings ?? [])].map((name, i) => {
        const value = credential(r2, 28);
        return { text: fill(others[i % others.length]!, name, value), value };
      });
      out.push(
        plantedCase(
          "redaction.rules.provider-keyed-every-name-other-templates",
          `A credential-shaped value under a key made of each provider name and spelling of the record provider-keyed, with the record's other templates in turn (${others.join(", ")}), is masked.`,
          keyed.requirements,
          profileOf(keyed),
          pack(more.map((p) => p.text)),
          textAssertions(
            more.map((p) => p.value),
            [],
          ),
        ),
      );
    }
    // The bare key (`asana=…`, `DROPBOX: …`): the name alone, no credential word that would make any key secret.
    const r3 = rng(1415);
    const bare = [...keyed.names, ...(keyed.spellings ?? [])].map((name) => {
      const value = credential(r3, 28);
      return { text: fill("{NAME}={value}", name, value), value };
    });
    out.push(
      plantedCase(
        "redaction.rules.provider-keyed-every-name-bare",
        "A credential-shaped value under a key that is only a provider name or spelling of the record provider-keyed ({NAME}={value}, e.g. MESSAGE_BIRD=…) is masked: the provider's own name, even one made of two words, is the key.",
        keyed.requirements,
        profileOf(keyed),
        pack(bare.map((p) => p.text)),
        textAssertions(
          bare.map((p) => p.value),
          [],
        ),
      ),
    );
    // Every assignment syntax of FC-REDACT-SENSITIVE-15 under a provider key of FC-REDACT-SENSITIVE-14, each with
    // every key shape the contract names: bare, upper case, and the name glued after or before other characters.
    const names = keyed.names;
    const grid = syntaxGrid(
      KEY_SHAPES.length,
      (si, k) => KEY_SHAPES[k]!(names[(si * KEY_SHAPES.length + k) % names.length]!),
      rng(1416),
    );
    out.push(
      plantedCase(
        "redaction.rules.provider-keyed-every-syntax",
        `A credential-shaped value under a provider key (record provider-keyed) is masked in every assignment syntax FC-REDACT-SENSITIVE-15 names (${PROVIDER_SYNTAXES.length} templates), with each key shape in turn: the name alone, upper case, after \`prod_\` or \`ci\`, inside \`x…q9\`, before \`_prod\`.`,
        ["FC-REDACT-SENSITIVE-14", "FC-REDACT-SENSITIVE-15"],
        profileOf(keyed),
        pack(grid.map((p) => p.text)),
        textAssertions(
          grid.map((p) => p.value),
          [],
        ),
      ),
    );
  }
  // The same syntaxes under secret-named keys (FC-REDACT-SENSITIVE-5), ten keys in turn over each template.
  const named = rules.find((r) => r.id === "secret-named-key");
  if (named !== undefined) {
    const grid = syntaxGrid(2, (si, k) => SECRET_KEYS[(si * 2 + k) % SECRET_KEYS.length]!, rng(1505));
    out.push(
      plantedCase(
        "redaction.rules.secret-named-key-every-syntax",
        `A value under a secret-named key (record secret-named-key: ${SECRET_KEYS.join(", ")}, in turn) is masked in every assignment syntax FC-REDACT-SENSITIVE-15 names (${PROVIDER_SYNTAXES.length} templates, two keys each).`,
        ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
        profileOf(named),
        pack(grid.map((p) => p.text)),
        textAssertions(
          grid.map((p) => p.value),
          [],
        ),
      ),
    );
  }
  // Every secret word of FC-REDACT-SENSITIVE-6 (the record's contextWords) in prose, a random string after it with no
  // `=` or `:` between them (no assignment: only the word is context), in three leads and the word's upper case.
  const entropyRule = rules.find((r) => r.id === "generic-high-entropy") as
    | (RuleDoc & { contextWords?: string[] })
    | undefined;
  if (entropyRule?.contextWords !== undefined) {
    const r7 = rng(1806);
    const leads = [
      (w: string, v: string) => `rejected ${w} ${v} for ci-bot`,
      (w: string, v: string) => `the ${w} ${v} expired yesterday`,
      (w: string, v: string) => `${w.toUpperCase()} ${v} was revoked`,
    ];
    const prose = entropyRule.contextWords.flatMap((word) =>
      leads.map((lead) => {
        const value = randomByTheFloor(r7);
        return { text: lead(word, value), value };
      }),
    );
    out.push(
      plantedCase(
        "redaction.rules.generic-high-entropy-every-context-word",
        `A random string (${ALNUM.length}-letter alphabet, 28 characters, all three classes, entropy at least 4.0 bits, three digit runs or more: random by FC-REDACT-SENSITIVE-6's floor) right after each secret word of the record generic-high-entropy (${entropyRule.contextWords.join(", ")}), in prose with no \`=\` or \`:\` (\`rejected credential … for ci-bot\`), in three leads and in upper case, is masked.`,
        entropyRule.requirements,
        profileOf(entropyRule),
        pack(prose.map((p) => p.text)),
        textAssertions(
          prose.map((p) => p.value),
          [],
        ),
      ),
    );
  }
  // Structural credentials (FC-REDACT-SENSITIVE-4): headers, cookies and URL user info, with no, one, two blanks or a
  // tab after the colon, values of 12, 40 and 180 characters, and the leads a trace puts before a header.
  const r6 = rng(1604);
  const structural = STRUCTURAL.flatMap((template, ti) =>
    [12, 40, 180].flatMap((length, li) =>
      STRUCTURAL_SPACING.map((_, k) => {
        const spacing = STRUCTURAL_SPACING[(k + ti + li) % STRUCTURAL_SPACING.length]!;
        const [lead, close] = STRUCTURAL_LEADS[(k + 2 * ti + li) % STRUCTURAL_LEADS.length]!;
        const value = credential(r6, length);
        return {
          text: `${lead}${template.replace("{sp}", spacing).replace("{value}", value)}${close} failed`,
          value,
        };
      }),
    ),
  );
  out.push(
    plantedCase(
      "redaction.rules.structural-credentials-every-spacing-length-and-lead",
      `Credentials in ${STRUCTURAL.length} structural forms (authorization headers, API-key headers, cookies, URL user info of six schemes) are masked with any white space after the colon (none, one, two blanks, a tab), at 12, 40 and 180 characters, bare or after a trace's lead (\`> \`, \`+ curl -H '\`, a quote, …).`,
      ["FC-REDACT-SENSITIVE-4"],
      "required",
      pack(structural.map((p) => p.text)),
      textAssertions(
        structural.map((p) => p.value),
        [],
      ),
    ),
  );
  return out;
}

/** Each template of PROVIDER_SYNTAXES filled `perSyntax` times: the key `keyFor` names, a credential-shaped value. */
function syntaxGrid(
  perSyntax: number,
  keyFor: (syntax: number, k: number) => string,
  r: () => number,
): { text: string; value: string }[] {
  return PROVIDER_SYNTAXES.flatMap((syntax, si) =>
    Array.from({ length: perSyntax }, (_, k) => {
      const key = keyFor(si, k);
      const value = credential(r, 28);
      const kebab = key
        .replace(/_/g, "-")
        .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
        .toLowerCase();
      return {
        text: syntax.replaceAll("{KEY}", key).replace("{kebab}", kebab).replace("{value}", value),
        value,
      };
    }),
  );
}

/** The assignment syntaxes FC-REDACT-SENSITIVE-15 names, as templates: {KEY} the key, {kebab} its CLI spelling. */
const PROVIDER_SYNTAXES = [
  "{KEY}={value}",
  "{KEY}: {value}",
  "{KEY} = '{value}'",
  '"{KEY}": "{value}"',
  '{KEY} := "{value}"',
  "{KEY} ::= {value}",
  "{KEY} :::= {value}",
  "{KEY} ?= {value}",
  "{KEY} += {value}",
  '${KEY} .= "{value}";',
  '${KEY} ??= "{value}";',
  '"{KEY}" => "{value}",',
  "{KEY} || '{value}'",
  '{KEY}            = "{value}"',
  'var {KEY} string = "{value}"',
  'val {KEY}: String = "{value}"',
  'const {KEY}: string = "{value}";',
  '("{KEY}", "{value}")',
  'System.setProperty("{KEY}", "{value}")',
  "<{KEY}>{value}</{KEY}>",
  "<{KEY}>\n    {value}\n</{KEY}>",
  '<add key="{KEY}" value="{value}" />',
  '{"name": "{KEY}", "value": "{value}"}',
  "--{kebab} {value}",
];
/** Structural credential forms of FC-REDACT-SENSITIVE-4: {sp} the white space after a header's colon. */
const STRUCTURAL = [
  "Authorization:{sp}Bearer {value}",
  "authorization:{sp}Basic {value}",
  "Authorization:{sp}Token {value}",
  "Proxy-Authorization:{sp}Bearer {value}",
  "X-Api-Key:{sp}{value}",
  "x-auth-token:{sp}{value}",
  "Cookie:{sp}session={value}",
  "Cookie:{sp}a=1; sid={value}",
  "postgres://app:{value}@db.internal:5432/app",
  "mongodb+srv://ci:{value}@cluster0.example.net/db",
  "redis://:{value}@cache:6379/0",
  "https://deploy:{value}@git.example.test/repo.git",
  "amqp://guest:{value}@mq/",
  "mysql://root:{value}@localhost/db",
];
const STRUCTURAL_SPACING = ["", " ", "  ", "\t"];
/** What a trace may put around a header: nothing, curl's -v arrows, a shell quote, a JSON or Python string. */
const STRUCTURAL_LEADS: [string, string][] = [
  ["", ""],
  ["> ", ""],
  ["< ", ""],
  ["+ curl -H '", "'"],
  ['"', '"'],
  ["headers: {'", "'}"],
  ['-H "', '"'],
];
/** Secret-named keys of FC-REDACT-SENSITIVE-5 in the casings and separators code uses. */
const SECRET_KEYS = [
  "password",
  "DB_PASSWORD",
  "apiToken",
  "client_secret",
  "authToken",
  "SMTP_PASS",
  "api_key",
  "privateKey",
  "accessToken",
  "DEPLOY_SECRET",
];
/** Key shapes FC-REDACT-SENSITIVE-14 names: bare, any casing, glued to other characters (`xAsanaq9`, `prod.sendbirdX`). */
const KEY_SHAPES: ((name: string) => string)[] = [
  (n) => n,
  (n) => n.toUpperCase(),
  (n) => `prod_${n}`,
  (n) => `ci${n.charAt(0).toUpperCase()}${n.slice(1)}`,
  (n) => `x${n.charAt(0).toUpperCase()}${n.slice(1)}q9`,
  (n) => `${n}_prod`,
];

/** A sample template filled in: {name}, {NAME}, {Name} (capitalised) and {value}. */
function fill(template: string, name: string, value: string): string {
  return template
    .replaceAll("{name}", name)
    .replaceAll("{NAME}", name.toUpperCase())
    .replaceAll("{Name}", name.charAt(0).toUpperCase() + name.slice(1))
    .replace("{value}", value);
}

/** redaction.visible.<id>: every stays-visible list, its samples present in the reply. */
export function visibleCases(rules: RuleDoc[]): Json[] {
  return rules
    .filter((r) => r.kind === "visible")
    .map((r) => {
      const planted = [...r.samples.negative, ...r.samples.positive.map(textOf)];
      const secrets = r.samples.positive.flatMap(secretsOf);
      const keeps = [...r.samples.negative, ...r.samples.positive.flatMap(keepsOf)];
      return plantedCase(
        `redaction.visible.${r.id}`,
        `${r.description} Each sample of the record (spec/rules/redaction-rules.json) reaches the log unchanged${secrets.length > 0 ? " except for the secret it holds" : ""}.`,
        r.requirements,
        profileOf(r),
        planted,
        textAssertions(secrets, keeps),
      );
    });
}
