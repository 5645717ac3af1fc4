// FC-LEAK-1..6: the independent sync scanner, the secretlint deep scan, and keyed digests.
import { describe, expect, it } from "vitest";
import { keyedDigest, redactText, scanForLeaks, scanForLeaksDeep } from "./index.ts";
import { rulesOfKind } from "./rules.ts";
import { KINDS, rng } from "./testing/corpus.ts";
import { logMessages } from "./testing/logs.ts";
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
