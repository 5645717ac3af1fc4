// FC-LEAK-1..7: the independent sync scanner, the secretlint deep scan, and keyed digests.
import { describe, expect, it } from "vitest";
import { keyedDigest, redactText, scanForLeaks, scanForLeaksDeep } from "./index.ts";
import { SCAN_PREFIXES } from "./leak-scan.ts";
import { rulesOfKind } from "./rules.ts";
import { KINDS, rng } from "./testing/corpus.ts";
import { logMessages } from "./testing/logs.ts";
import { madeOfWords } from "./testing/words.ts";
import { linearGrowth } from "../testing/growth.ts";

const GHP = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
/** Kinds the second engine must recognise on its own (prefix tokens and structural shapes). */
const SCANNED = KINDS.filter(
  (k) =>
    (k.family === "provider" ||
      ["jwt", "pem-private-key", "pem-truncated", "url-userinfo", "postgres-url"].includes(k.kind)) &&
    ![
      "slack-webhook",
      "twilio-api-key",
      "mailgun-key",
      "mailchimp-key",
      "discord-bot-token",
      "telegram-bot-token",
      "terraform-token",
    ].includes(k.kind),
);

describe("scanForLeaks (sync, independent engine)", () => {
  it.each(SCANNED.map((k) => [k.kind, k] as const))("detects an unredacted %s", (_n, kind) => {
    const p = kind.make(rng(99));
    expect(scanForLeaks(`log line: ${p.planted} end`).length).toBeGreaterThan(0);
  });

  it("covers most secret kinds of the corpus on its own", () => {
    expect(SCANNED.length).toBeGreaterThanOrEqual(35);
  });

  it("stays silent on every redacted corpus output and on redacted log-like text", () => {
    for (const k of KINDS) {
      const p = k.make(rng(3));
      const out = redactText(`x ${p.planted} y`, { repoRoot: "/r" }).text;
      expect(scanForLeaks(out)).toEqual([]);
    }
    const whole = JSON.stringify(
      logMessages(3000).map((m) => redactText(m, { repoRoot: "/home/runner/work/app/app" }).text),
    );
    expect(scanForLeaks(whole)).toEqual([]);
  });

  it("names rules only", () => {
    const hits = scanForLeaks(`a ${GHP} b`);
    expect(hits).toEqual([{ detector: "github" }]);
    expect(JSON.stringify(hits)).not.toContain("aB3dE5");
  });

  it("finds a card number, a JWT, a URL password and a secret assignment", () => {
    expect(scanForLeaks("card 4111 1111 1111 1111")).toEqual([{ detector: "payment-card" }]);
    expect(scanForLeaks("card 4111 1111 1111 1112")).toEqual([]);
    expect(
      scanForLeaks(
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
      ),
    ).toEqual([{ detector: "jwt" }]);
    expect(scanForLeaks("redis://:hunter2@cache:6379")).toEqual([{ detector: "url-password" }]);
    expect(scanForLeaks("redis://:«redacted:secret»@cache:6379")).toEqual([]);
    expect(scanForLeaks('"client_secret": "Zx81kQ0p3LmN7vB2qT5w"')).toEqual([
      { detector: "secret-assignment" },
    ]);
  });

  it("finds nothing in a 13 MB serialized log, in time linear in its size", () => {
    const msgs = logMessages(60_000).map((m) => redactText(m, {}).text);
    const whole = JSON.stringify(msgs);
    expect(whole.length).toBeGreaterThan(12_000_000);
    expect(scanForLeaks(whole)).toEqual([]);
    // Growth, not milliseconds: the first k messages against the first 2k (speed itself: npm run bench:redact).
    const g = linearGrowth((k) => JSON.stringify(msgs.slice(0, k)), scanForLeaks, { n: 2_000, maxN: 30_000 });
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });
});

describe("scanForLeaksDeep (secretlint at the edge)", () => {
  it("finds a GitHub token and reports the rule id, never the value", async () => {
    const hits = await scanForLeaksDeep(`token ${GHP}`);
    expect(hits.length).toBeGreaterThan(0);
    expect(JSON.stringify(hits)).not.toContain("aB3dE5");
  });

  it("is not switched off by an in-text secretlint-disable directive", async () => {
    const hits = await scanForLeaksDeep(`// secretlint-disable\ntoken ${GHP}\n// secretlint-enable`);
    expect(hits.length).toBeGreaterThan(0);
  });

  it("sees a token right after an ANSI colour code", async () => {
    expect((await scanForLeaksDeep(`\x1b[31m${GHP}\x1b[0m`)).length).toBeGreaterThan(0);
  });

  it("stays silent on redacted text", async () => {
    expect(
      await scanForLeaksDeep(
        redactText(`token ${GHP} -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n`, {}).text,
      ),
    ).toEqual([]);
  });
});

describe("keyedDigest", () => {
  it("is HMAC-SHA256 (RFC 4231 test case 2)", () => {
    expect(keyedDigest("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(keyedDigest(new TextEncoder().encode("Jefe"), "what do ya want for nothing?")).toBe(
      keyedDigest("Jefe", "what do ya want for nothing?"),
    );
  });

  it("depends on the key and never contains the value", () => {
    const d1 = keyedDigest("k1", GHP);
    expect(d1).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedDigest("k2", GHP)).not.toBe(d1);
    expect(d1).not.toContain("ghp_");
  });
});

describe("a provider prefix inside a word (FC-LEAK-1, FC-REDACT-SENSITIVE-3)", () => {
  it("is no leak where the redactor's format counts the prefix only at a token start", () => {
    // A test name, a pod name, a job name: `rk_test_`, `sk-admin-` and `sk-ant-` end `network_test_`, `risk-admin-`
    // and `task-ant-`.
    for (const text of [
      "FAIL network_test_ConnectTimeoutIPv6Fallback",
      "pod risk-admin-dashboard-worker-7d9f8b6c5-x2k4p crashed",
      "job task-ant-colony-simulation-v2-benchmark-run failed",
    ]) {
      expect(redactText(text, {}).text).toBe(text);
      expect(scanForLeaks(text)).toEqual([]);
    }
    // The same tokens at a token start are credentials.
    expect(scanForLeaks("key rk_test_ConnectTimeoutIPv6Fallback")).toEqual([{ detector: "stripe" }]);
    expect(scanForLeaks("key sk-admin-dashboard-worker-7d9f8b6c5-x2k4p")).toEqual([{ detector: "openai" }]);
  });

  it("fires on no token-format sample glued to a letter that the record's pattern does not match there", () => {
    let byDesign = 0;
    for (const r of rulesOfKind("token-format")) {
      if (r.pattern === undefined) continue;
      for (const s of r.samples.positive) {
        if (typeof s !== "string") continue;
        const text = `id x${s} end`;
        const masked = [...text.matchAll(new RegExp(r.pattern, "g"))].some(
          (m) => m.index <= 4 && m.index + m[0].length > 4,
        );
        if (masked) continue; // the format covers the glued form: the redactor masks it
        byDesign++;
        expect(scanForLeaks(redactText(text, {}).text), `${r.id}: ${s.slice(0, 16)}…`).toEqual([]);
      }
    }
    expect(byDesign).toBeGreaterThan(50);
  });
});

describe("computed finding ids are not cards (FC-ID-1, FC-LEAK-2)", () => {
  it("an all-digit id after 'f-' is not a payment card, a bare Luhn-valid number still is", () => {
    expect(scanForLeaks("do not re-chase resolved finding f-4429149591430301")).toEqual([]);
    expect(scanForLeaks('{"findingId":"f-4111111111111111"}')).toEqual([]);
    expect(scanForLeaks("paid with 4111111111111111 today")).toEqual([{ detector: "payment-card" }]);
  });
});

describe("a token body made of words (FC-LEAK-1, FC-REDACT-SENSITIVE-3, -6)", () => {
  it("is no leak after a prefix whose record's pattern it matches: the redactor may leave it visible", () => {
    for (const text of [
      "see sk-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
      "see sk-ant-Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch here",
      "see sk-ant-release_notes_for_Tuesday_build_and_Friday_deploy_of_the_Main_branch_2024 here",
      "see ntn_ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
      "see p8e-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchAndMore here",
      "see SG.Release-Notes-For-Tuesday-Build-And-Friday-Deploy-Of-The-Main-Branch here",
    ])
      expect(scanForLeaks(text), text).toEqual([]);
    // A body of capitals and digits is never read as words (one random AWS body in seven would chunk so).
    expect(scanForLeaks("key AKIAIOSFODNN7EXAMPLE end")).toEqual([{ detector: "aws-key-id" }]);
    // One random letter away from words (a one-letter chunk) is a token again.
    expect(scanForLeaks("see sk-ReleaseNotesForTuesdayBuildAndFridayDeployOfTheMainBranchQ7x here")).toEqual([
      { detector: "openai" },
    ]);
  });

  it("finds every positive sample of every token-format record that starts with a prefix it reads, unredacted", () => {
    let found = 0;
    for (const r of rulesOfKind("token-format"))
      for (const s of r.samples.positive) {
        const t = typeof s === "string" ? s : s.text;
        const prefix = SCAN_PREFIXES.filter((p) => t.startsWith(p)).reduce(
          (a, p) => (p.length > a.length ? p : a),
          "",
        );
        // A sample the scan has no prefix for is the redactor's alone; a word-made body is not required.
        if (prefix === "" || madeOfWords(t.slice(prefix.length).split(/[^A-Za-z0-9+_-]/)[0] ?? "")) continue;
        found++;
        expect(
          scanForLeaks(`the log said ${t} and stopped`).length,
          `${r.id}: ${t.slice(0, 24)}…`,
        ).toBeGreaterThan(0);
      }
    expect(found).toBeGreaterThanOrEqual(100);
  });

  it("loses no token of the corpus's generators over 300 seeds", () => {
    for (const k of SCANNED)
      for (let seed = 1; seed <= 300; seed++) {
        const p = k.make(rng(seed));
        expect(scanForLeaks(`log line: ${p.planted} end`).length, `${k.kind} seed ${seed}`).toBeGreaterThan(
          0,
        );
      }
  });
});

// FC-LEAK-7 (reference): the scan's two repeated-pattern settlements (0547bfc, ebfeadb).
describe("a hex body's repeated-pattern test (FC-LEAK-1, FC-LEAK-7)", () => {
  const hexOf = (n: number, digits: string, seed = 7) => {
    const r = rng(seed);
    return Array.from({ length: n }, () => digits[Math.floor(r() * digits.length)]).join("");
  };
  it("FC-LEAK-7: a hex body counts against 16 digits: a random 64-digit DigitalOcean body lacking some is found", () => {
    // 13 distinct digits in 64: one random body in four lacks a digit; against 64 characters it read as a pattern.
    const body = hexOf(64, "0123456789abc");
    expect(new Set(body).size).toBe(13);
    expect(scanForLeaks(`token dop_v1_${body} here`).map((h) => h.detector)).toContain("digitalocean");
    expect(
      scanForLeaks(`k PMAK-${hexOf(24, "0123456789ab")}-${hexOf(34, "0123456789ab")} x`).map(
        (h) => h.detector,
      ),
    ).toContain("postman");
  });
  it("FC-LEAK-7: still calls a hex body of fewer than 8 distinct digits a pattern", () => {
    expect(scanForLeaks(`token dop_v1_${"12ab".repeat(16)} here`)).toEqual([]);
    expect(scanForLeaks(`id dapi${"9f8e7d".repeat(6)} here`)).toEqual([]);
  });
  it("FC-LEAK-7: calls a body whose smallest period is at most half its length a placeholder, not a token", () => {
    // `hf_` and 32 characters is below the record's 34, so the redactor leaves it visible; the scan used to refuse it.
    expect(scanForLeaks(`export HF ${"hf_"}${"1234567890abcdef".repeat(2)} done`)).toEqual([]);
    expect(scanForLeaks(`key p8e-${"0123456789abcdef".repeat(3)} done`)).toEqual([]);
    // A random body of the same length is still a token.
    expect(
      scanForLeaks(
        `key p8e-${hexOf(16, "0123456789abcdef", 3)}${hexOf(32, "ABCDEFGHJKMNPQRSTUVWXYZ0123456789", 4)} done`,
      ).length,
    ).toBeGreaterThan(0);
  });
});

describe("the reference never refuses its own output on a repeated hex pattern after a prefix (FC-LEAK-1, FC-LEAK-7)", () => {
  // Every scan prefix before bodies that repeat a hex pattern, at eight lengths: the redactor's output holds no
  // secret the scan may find (a request that holds no secret gets a log, never SECRET_LEAK).
  const PATTERNS = [
    "0",
    "1",
    "a",
    "f",
    "01",
    "ab",
    "1a",
    "12ab",
    "00ff",
    "9f8e7d",
    "abc123",
    "a1b2c3d4",
    "deadbeef",
    "cafebabe",
    "0123456789",
    "abcdef0123456789",
    "0123456789abcdef",
    "1234567890abcdef",
    "fedcba9876543210",
  ];
  const bodyOf = (pattern: string, n: number) => pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n);

  it("refuses none of the redactor's outputs", () => {
    const refused: string[] = [];
    for (const prefix of SCAN_PREFIXES)
      for (const pattern of PATTERNS)
        for (const n of [16, 24, 30, 32, 40, 50, 58, 64]) {
          const out = redactText(`see ${prefix}${bodyOf(pattern, n)} here`, {}).text;
          if (scanForLeaks(out).length > 0) refused.push(out);
        }
    expect(refused).toEqual([]);
  });

  it("spares `AGE-SECRET-KEY-1` before a run of `1`s: `1` is bech32's separator, no data character", () => {
    for (const body of ["1".repeat(50), "1".repeat(58), "1".repeat(64), "10".repeat(29)]) {
      const text = `see AGE-SECRET-KEY-1${body} here`;
      expect(redactText(text, {}).text).toBe(text);
      expect(scanForLeaks(text), body).toEqual([]);
    }
    // A key of bech32 data characters is still found.
    expect(
      scanForLeaks("see AGE-SECRET-KEY-153SHN36D5US476XCE7MWR3FXFNMRRDPA49Z3ZVFXZVRNV4KLGPWPM9R80L here"),
    ).toEqual([{ detector: "age" }]);
  });

  it("spares a near-periodic `hf_` body below the record's 34 characters or made of words with digits", () => {
    for (const body of [
      "abcdef0123456789abcdef01234567",
      "0123456789ABCDEF0123456789ABCD",
      "0123456789abcdef010123456789abcdef",
    ]) {
      const text = `export HF hf_${body} done`;
      expect(redactText(text, {}).text).toBe(text);
      expect(scanForLeaks(text), body).toEqual([]);
    }
    // Thirty-four letters are Hugging Face's documented body, words or not: still a token to both engines.
    const letters = "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";
    expect(redactText(`see ${letters} here`, {}).text).toBe("see «redacted:secret» here");
    expect(scanForLeaks(`see ${letters} here`)).toEqual([{ detector: "huggingface" }]);
  });

  it("spares a `whsec_` or `p8e-` body shorter than its record's minimum that the redactor leaves visible", () => {
    for (const text of ["see whsec_0123456789ABCDEF here", "see p8e-0123456789ABCDEF0123456789ABCD here"]) {
      expect(redactText(text, {}).text).toBe(text);
      expect(scanForLeaks(text)).toEqual([]);
    }
  });

  it("reads a card number only at a length its network issues", () => {
    // Fourteen digits opening with 4 are no Visa number: the redactor leaves them, as it leaves the digits a cut
    // SonarQube token of digits leaves after its mask.
    expect(redactText("order 45678901234567 failed", {}).text).toBe("order 45678901234567 failed");
    expect(scanForLeaks("order 45678901234567 failed")).toEqual([]);
    const cut = redactText(`see sqp_${bodyOf("0123456789", 58)} here`, {}).text;
    expect(cut).toContain("«redacted:secret»45678901234567");
    expect(scanForLeaks(cut)).toEqual([]);
    for (const card of [
      "4111111111111111",
      "4222222222222",
      "378282246310005",
      "5555555555554444",
      "6011111111111117",
    ])
      expect(scanForLeaks(`paid with ${card} today`), card).toEqual([{ detector: "payment-card" }]);
  });
});
