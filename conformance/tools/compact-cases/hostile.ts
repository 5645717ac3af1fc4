// FC-REQ-11, FC-STAGE1-3, FC-ERR-1..3: hostile input ends in a result or a typed error, and errors echo no input.
import { a, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";
import { refusedOr } from "./request.ts";

function nested(depth: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { k: v };
  return v;
}

const LONG = "a".repeat(120_000);

export const hostileCases: CaseDoc[] = [
  kase("hostile", "deeply-nested-task-spec-is-accepted", {
    description: "A taskSpec nested 2000 levels deep is accepted (taskSpec is any JSON) and never echoed.",
    requirements: ["FC-REQ-11", "FC-PURE-2"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], { taskSpec: nested(2000) }),
    assertions: [a.len(P.open, 1), a.absent("leaf")],
  }),
  kase("hostile", "deeply-nested-tool-output-is-accepted", {
    profile: "reference",
    description:
      "Raw tool output nested 2000 levels deep is accepted, not a crash; the verdict's finding is compacted.",
    requirements: ["FC-REQ-11", "FC-REQ-8"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused")], {
        workerTrace: [{ tool: "lint", output: "", raw: { content: nested(2000) } }],
      }),
    ]),
    assertions: [a.has(P.causes, { findingId: "a1", status: "open" })],
  }),
  kase("hostile", "long-message-without-spaces-is-trimmed", {
    description:
      "A 120000-character message without spaces is compacted; the Delta carries a shorter prefix ending in an ellipsis and a truncation tombstone.",
    requirements: ["FC-REQ-11", "FC-TRIM-2"],
    request: request([round(1, "fail", [f("a1", "fuzz", LONG)])]),
    assertions: [
      a.match(`${P.open}/0/message`, "^a{16,4000}…$"),
      a.has(P.redactions, { from: "a1", rule: "truncation" }),
    ],
  }),
  kase("hostile", "lone-surrogates-become-replacement-characters", {
    profile: "reference",
    description: "Lone surrogates in a message become U+FFFD; a valid pair is kept.",
    requirements: ["FC-REQ-11", "FC-STAGE1-3"],
    request: request([round(1, "fail", [f("a1", "fuzz", "x\ud800y\udc00z \ud83d\ude00")])]),
    assertions: [a.eq(`${P.open}/0/message`, "x\ufffdy\ufffdz \ud83d\ude00")],
  }),
  kase("hostile", "nul-bytes-are-removed", {
    profile: "reference",
    description: "NUL characters in a message and a trace are removed.",
    requirements: ["FC-REQ-11", "FC-STAGE1-3"],
    request: request([round(1, "fail", [f("a1", "fuzz", "ab\u0000c", { trace: "\u0000at main()" })])]),
    assertions: [a.eq(`${P.open}/0/message`, "abc"), a.eq(`${P.open}/0/trace`, "at main()")],
  }),
  kase("hostile", "huge-number-in-task-spec-is-accepted", {
    description: "A number like 1e308 inside taskSpec is accepted.",
    requirements: ["FC-REQ-11"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")])], {
      taskSpec: { n: 1e308, m: -1e308, e: 5e-324 },
    }),
    assertions: [a.len(P.open, 1)],
  }),
  kase("hostile", "huge-number-as-round-index-is-invalid", {
    description: "A round index of 1e308 is INVALID_REQUEST, not a crash.",
    requirements: ["FC-REQ-11", "FC-REQ-3"],
    request: request([{ ...round(1, "fail", []), index: 1e308 }]),
    error: "INVALID_REQUEST",
  }),
  kase("hostile", "huge-number-as-start-line-is-invalid", {
    profile: "reference",
    description: "A startLine of 1e308 is INVALID_REQUEST.",
    requirements: ["FC-REQ-11", "FC-REQ-13"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused", { location: { path: "a.ts", startLine: 1e308 } })]),
    ]),
    error: "INVALID_REQUEST",
  }),
  kase("hostile", "huge-number-as-start-line-is-refused-or-compacted", {
    description:
      "A startLine of 1e308 is refused with a typed error or compacted with the finding open; never a crash.",
    requirements: ["FC-REQ-11", "FC-REQ-1"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused", { location: { path: "a.ts", startLine: 1e308 } })]),
    ]),
    anyOf: refusedOr([a.proj(P.open, "findingId", ["a1"])], true),
  }),
  kase("hostile", "many-findings-in-one-round-are-accepted", {
    description: "A round with 1000 findings is compacted; every one is a root cause.",
    requirements: ["FC-REQ-11", "FC-STAGE1-5", "FC-DELTA-1"],
    request: request([
      round(
        1,
        "fail",
        Array.from({ length: 1000 }, (_, i) =>
          f(`n${i}`, "lint:no-undef", `name${i} is not defined`, { location: at(`src/m${i}.ts`, 1) }),
        ),
      ),
    ]),
    assertions: [a.len(P.causes, 1000), a.lte("/compaction/renderedTokens", "/compaction/budgetTokens")],
  }),
  kase("hostile", "nul-bytes-and-lone-surrogates-are-compacted", {
    description:
      "A valid request whose message and trace hold NUL bytes and lone surrogates is compacted: one open cause, no crash (FC-REQ-11).",
    requirements: ["FC-REQ-11"],
    request: request([
      round(1, "fail", [f("a1", "fuzz", "ab\u0000c \ud800 x \udc00", { trace: "\u0000at main()" })]),
    ]),
    assertions: [a.len(P.open, 1), a.eq(`${P.open}/0/findingId`, "a1")],
  }),
];

/** Plain words without digits or secrets, `chars` long; each salt gives another text (memoising sees them all). */
function words(chars: number, salt: number): string {
  const W = [
    "cart",
    "total",
    "expected",
    "received",
    "after",
    "adding",
    "items",
    "config",
    "loader",
    "locale",
  ];
  const out: string[] = [];
  let n = 0;
  let seed = salt + 1;
  while (n < chars) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const w = W[(seed >> 8) % W.length]!;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(" ").slice(0, chars);
}

const GHP = "ghp_R8x2Lq9ZkT4mW7vN1cY6hJ3pF0sD5gB2aE8u";
const AKIA = "AKIAZ7Q2M4N6P8R1T3V5";
const PAT =
  "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3dS";

/** `text` with `secret` written over it as a word at `at` (the text keeps its length). */
function plantAt(text: string, at: number, secret: string): string {
  return `${text.slice(0, at)} ${secret} ${text.slice(at + secret.length + 2)}`;
}

/**
 * FC-REDACT-MANDATORY-1, FC-SCAN-1 (issue 23 item 6): secrets far into long texts. An implementation that redacts or
 * scans only the first 40,000 characters (of a text, of the request, of the rendered Delta), or in chunks, must fail.
 */
export const longTextCases: CaseDoc[] = [
  kase("hostile", "secrets-past-64-kib-in-a-message-never-reach-the-reply", {
    description:
      "A 70,000-character message with secrets at a 400-character trim cut, at 40,000, across the 64 KiB chunk boundary and past it: none reaches the reply, whatever the implementation's limits and chunks.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-TRIM-2", "FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f(
          "long1",
          "test:failed",
          [
            [396, GHP],
            [4093, AKIA],
            [39_990, GHP],
            [65_520, PAT],
            [66_000, AKIA],
          ].reduce((t, [at, sec]) => plantAt(t, at as number, sec as string), words(70_000, 1)),
        ),
      ]),
    ]),
    assertions: [
      a.absent(GHP.slice(4, 20)),
      a.absent(AKIA.slice(4)),
      a.absent(PAT.slice(11, 40)),
      a.proj(P.open, "findingId", ["long1"]),
    ],
  }),
  kase("hostile", "coloured-message-over-64-kib-is-compacted", {
    description:
      "A 70,000-character message coloured throughout (an ANSI escape every 18 characters, as a coloured test log pasted whole): it is compacted like a short one, the finding open, within the case's time.",
    requirements: ["FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f(
          "col1",
          "test:failed",
          Array.from({ length: 3700 }, (_, i) => `\u001b[3${i % 8}mcase ${i}\u001b[0m ok;`).join(" "),
        ),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["col1"])],
  }),
  kase("hostile", "stray-escapes-in-a-message-over-64-kib-are-compacted", {
    description:
      "A coloured message of over 64 KiB holding escapes that open no sequence (`ESC x`, a stray ESC before a letter no terminal reads as a command): each stray ESC is passed over as in a short message, and the request is compacted within the case's time, the finding open (FC-REQ-11; FC-STAGE1-3 says what an escape is).",
    requirements: ["FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f(
          "col1",
          "test:failed",
          Array.from(
            { length: 4000 },
            (_, i) =>
              `\u001b[3${i % 8}mcase ${i}\u001b[0m ok; ${i % 500 === 250 ? "\u001bx stray escape; " : ""}`,
          ).join(""),
        ),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["col1"])],
  }),
  kase("hostile", "coloured-tokens-in-a-message-over-64-kib-are-masked", {
    description:
      "A message of over 64 KiB with a few colour escapes (`ESC [ 32 m`, a CSI with parameters) right before tokens near its start, as a coloured log pasted whole: no token reaches the reply. An ANSI sequence before a token is seen through at any length of text (FC-REDACT-SENSITIVE-8).",
    requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-MANDATORY-1", "FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f(
          "col2",
          "test:failed",
          `leaked \u001b[32m${AKIA}\u001b[0m and \u001b[1;33m${GHP}\u001b[0m in the log: ${words(70_000, 3)}`,
        ),
      ]),
    ]),
    assertions: [a.absent(AKIA.slice(4)), a.absent(GHP.slice(4, 20)), a.proj(P.open, "findingId", ["col2"])],
  }),
  kase("hostile", "long-key-of-provider-words-is-compacted", {
    description:
      "A 30,000-character key made of one provider's name over and over (`asana_asana_…=value`), as a generated config line might hold: the value is masked and the finding compacted within the case's time (a detector that reads the whole key again at every provider word takes minutes on it).",
    requirements: ["FC-REDACT-SENSITIVE-12", "FC-REDACT-SENSITIVE-14", "FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f("pk1", "config:invalid", `config key ${"asana_".repeat(5000)}=Xk9Tq2w7Zp2Lm4Rt8 rejected`),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["pk1"]), a.absent("Xk9Tq2w7Zp2Lm4Rt8")],
  }),
  kase("hostile", "long-key-of-secret-words-is-compacted", {
    description:
      "A 54,000-character key made of one secret word over and over (`password_password_…=value`), as a generated config line might hold: the value is masked and the finding compacted within the case's time (a reader that walks back over the whole key at every secret word takes minutes on it).",
    requirements: ["FC-REDACT-SENSITIVE-5", "FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f("sk1", "config:invalid", `config key ${"password_".repeat(6000)}=Xk9Tq2w7Zp2Lm4Rt8 rejected`),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["sk1"]), a.absent("Xk9Tq2w7Zp2Lm4Rt8")],
  }),
  kase("hostile", "long-camel-case-key-of-secret-words-is-compacted", {
    description:
      "A 66,000-character key made of two secret words glued in camelCase over and over (`secretTokensecretToken…=value`), with no separator to end a name: the value is masked and the finding compacted within the case's time (FC-REDACT-SENSITIVE-12: a reader that walks back over the whole key at every secret word is quadratic on it).",
    requirements: ["FC-REDACT-SENSITIVE-12", "FC-REDACT-SENSITIVE-5", "FC-REQ-11"],
    request: request([
      round(1, "fail", [
        f("ck1", "config:invalid", `config key ${"secretToken".repeat(6000)}=Xk9Tq2w7Zp2Lm4Rt8 rejected`),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["ck1"]), a.absent("Xk9Tq2w7Zp2Lm4Rt8")],
  }),
  kase("hostile", "secrets-after-40000-characters-of-findings-are-masked", {
    description:
      "Ninety informational findings of 500 characters come first; the ten error findings after them carry secrets: masked in the Delta and the log like the first ones would be.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1", "FC-STAGE4-4"],
    request: request([
      round(1, "fail", [
        ...Array.from({ length: 90 }, (_, i) =>
          f(`info${String(i).padStart(2, "0")}`, "lint:style", words(500, i), { severity: "info" }),
        ),
        ...Array.from({ length: 10 }, (_, i) =>
          f(`leak${i}`, "test:failed", `auth with ${i % 2 === 0 ? GHP : AKIA} ${words(400, 100 + i)}`),
        ),
      ]),
    ]),
    budget: 2000,
    assertions: [
      a.absent(GHP.slice(4, 20)),
      a.absent(AKIA.slice(4)),
      // The error findings rank first (FC-STAGE4-4), so they are in the Delta.
      a.match(`${P.open}/0/findingId`, "^leak[0-9]$"),
    ],
  }),
  kase("hostile", "secrets-deep-in-a-long-delta-are-masked", {
    description:
      "Thirty-six causes with 400-character messages and 800-character traces make a Delta over 40,000 characters; the secrets in the traces of the lowest-ranked causes, far into its rendering, are masked.",
    requirements: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
    request: request([
      round(1, "fail", [
        ...Array.from({ length: 30 }, (_, i) =>
          f(`e${String(i).padStart(2, "0")}`, "test:failed", words(400, i), {
            trace: `at ${words(790, 50 + i)}`,
          }),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          f(`w${i}`, "lint:style", words(400, 200 + i), {
            severity: "warning",
            trace: `at token ${i % 2 === 0 ? GHP : AKIA} ${words(700, 300 + i)}`,
          }),
        ),
      ]),
    ]),
    budget: 1_000_000,
    assertions: [a.absent(GHP.slice(4, 20)), a.absent(AKIA.slice(4))],
  }),
];

export const errorCases: CaseDoc[] = [
  kase("errors", "bad-severity-value-is-not-echoed", {
    description:
      "A severity outside the enum is refused with an error that names the field, never the offending text, or read leniently into a log that does not carry it either.",
    requirements: ["FC-ERR-3", "FC-ERR-1", "FC-REQ-1"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { severity: "canary-sev-91c2" })])]),
    assertions: [a.absent("canary-sev-91c2")],
    anyOf: refusedOr([a.proj(P.open, "findingId", ["a1"])], true),
  }),
  kase("errors", "unknown-key-name-is-not-echoed", {
    description:
      "An unknown key is refused with an error that does not repeat the key (it is input text), or ignored by a log that does not carry it either.",
    requirements: ["FC-ERR-3", "FC-REQ-1"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { canaryKey7d41: 1 })])]),
    assertions: [a.absent("canaryKey7d41")],
    anyOf: refusedOr([a.proj(P.open, "findingId", ["a1"])], true),
  }),
  kase("errors", "invalid-id-is-not-echoed", {
    description:
      "An id the implementation refuses (FC-REQ-16 is the reference's pattern) is not repeated in the error; one it accepts is used verbatim.",
    requirements: ["FC-ERR-3", "FC-REQ-7"],
    request: request([round(1, "fail", [f("canary id 3b8e", "lint", "x unused")])]),
    anyOf: [
      { error: { code: "INVALID_REQUEST" }, assertions: [a.absent("canary id 3b8e"), a.absent("3b8e")] },
      { assertions: [a.proj(P.open, "findingId", ["canary id 3b8e"])] },
    ],
  }),
  kase("errors", "relative-repo-root-is-not-echoed", {
    description:
      "A relative repoRoot is refused with an error that does not repeat the path, or tolerated by a log that does not echo it (canonicalState is never echoed but for its ref).",
    requirements: ["FC-ERR-3", "FC-REQ-4", "FC-REDACT-UNTOUCHED-1"],
    request: request([round(1, "fail", [])], {
      canonicalState: { ref: "tree-5e1d", repoRoot: "canary-dir-55e0/repo" },
    }),
    assertions: [a.absent("canary-dir-55e0")],
    anyOf: refusedOr([a.len(P.open, 0)]),
  }),
  kase("errors", "collision-error-repeats-no-message-text", {
    description: "An ID_COLLISION error names no message, rule or path text of the colliding findings.",
    requirements: ["FC-ERR-3", "FC-ID-3"],
    request: request([
      round(1, "fail", [
        f("dup", "canary-rule-a41", "canary message one", { location: at("canary/path-1.ts", 1) }),
      ]),
      round(2, "fail", [
        f("dup", "canary-rule-a41", "canary message two", { location: at("canary/path-1.ts", 1) }),
      ]),
    ]),
    error: "ID_COLLISION",
    assertions: [a.absent("canary message"), a.absent("canary-rule-a41"), a.absent("canary/path-1.ts")],
  }),
  kase("errors", "failed-compaction-emits-no-delta", {
    description:
      "A failed compaction answers with an error only: no log, no Delta; the orchestrator falls back.",
    requirements: ["FC-ERR-2", "FC-FALLBACK-1"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused")]),
      { index: 2, ts: "t2", workerTrace: [] },
    ]),
    error: "VERIFIER_VERDICT_MISSING",
    assertions: [a.absent("openRootCauses"), a.absent("correctionDelta")],
  }),
  kase("errors", "task-spec-text-is-not-echoed-in-errors", {
    description:
      "A request with a finding status outside the enum, refused or read leniently, never echoes taskSpec text in its error or its log.",
    requirements: ["FC-ERR-3", "FC-PURE-2", "FC-REQ-1"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { status: "reopened" })])], {
      taskSpec: { goal: "canary-goal-0f77" },
    }),
    assertions: [a.absent("canary-goal-0f77"), a.absent("reopened")],
    anyOf: refusedOr([a.notNull(P.delta)], true),
  }),
];
