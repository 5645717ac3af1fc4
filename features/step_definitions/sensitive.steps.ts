// FC-REDACT-SENSITIVE-1..8, FC-PATH-1..3: Gherkin steps for the sensitive rule, run against the implementation under test.
import assert from "node:assert/strict";
import { Given, Then, When } from "@cucumber/cucumber";
import { ALNUM, FAKE_KINDS, randomString, seeded } from "../support/fakes.ts";
import { getIut } from "../support/iut.ts";

type Reply = { result?: unknown; error?: { code: string; message: string; field?: string } };

interface SensitiveWorld {
  sensRoot?: string;
  sensMessage?: string;
  sensTrace?: string;
  sensNotes?: string;
  sensSecrets?: string[];
  sensReply?: Reply;
}

const AN = ALNUM;
/** Generic fake slots `<alnum32>`, `<lower15>`, `<hex24>`, `<digits16>` (FC-REDACT-SENSITIVE-14..17 scenarios). */
const FAKE_ALPHABETS: Record<string, string> = {
  alnum: AN,
  lower: "abcdefghijklmnopqrstuvwxyz0123456789",
  hex: "0123456789abcdef",
  digits: "0123456789",
};

/** Fills `<kind>` slots with fresh fake values (fixed seed) and records what must never come back. */
function plant(w: SensitiveWorld, template: string): string {
  const r = seeded(4242);
  const rs = randomString;
  const text = template
    .replace(/\\n/g, "\n")
    .replace(/\\u001b/g, "\u001b")
    .replace(/\\\\/g, "\\") // a doubled backslash in a scenario stands for one
    .replace(/<([a-z0-9-]+)>/g, (_m, slot: string) => {
      let value: string;
      const fake = /^(alnum|lower|hex|digits)(\d+)$/.exec(slot);
      if (fake) value = rs(r, FAKE_ALPHABETS[fake[1]!]!, Number(fake[2]));
      else if (slot === "uuid")
        value = `${rs(r, "0123456789abcdef", 8)}-${rs(r, "0123456789abcdef", 4)}-4${rs(r, "0123456789abcdef", 3)}-a${rs(r, "0123456789abcdef", 3)}-${rs(r, "0123456789abcdef", 12)}`;
      else if (Object.hasOwn(FAKE_KINDS, slot)) value = FAKE_KINDS[slot]!(r);
      else if (slot === "password") value = rs(r, AN, 20);
      else if (slot === "pem-body") value = [rs(r, `${AN}+/`, 64), rs(r, `${AN}+/`, 64)].join("\n");
      else throw new Error(`unknown slot <${slot}>`);
      w.sensSecrets = [...(w.sensSecrets ?? []), value];
      return value;
    });
  return text;
}

Given("the sensitive-redaction repo root is {string}", function (this: SensitiveWorld, root: string) {
  this.sensRoot = root;
});

Given(
  "a sensitive-redaction request whose finding message is {string}",
  function (this: SensitiveWorld, t: string) {
    this.sensMessage = plant(this, t);
  },
);

Given(
  "a sensitive-redaction request whose finding message is {int} filler words followed by {string}",
  function (this: SensitiveWorld, n: number, t: string) {
    this.sensMessage = `${"context ".repeat(n)}${plant(this, t)}`;
  },
);

Given(
  "a sensitive-redaction request whose finding trace is {string}",
  function (this: SensitiveWorld, t: string) {
    this.sensTrace = plant(this, t);
  },
);

Given(
  "a sensitive-redaction request whose verdict notes are {string}",
  function (this: SensitiveWorld, t: string) {
    this.sensNotes = plant(this, t);
  },
);

When("the sensitive-redaction request is compacted", async function (this: SensitiveWorld) {
  const finding: Record<string, unknown> = {
    id: "f1",
    rule: "test:assert-eq",
    location: { path: "src/a.ts", startLine: 3 },
    message: this.sensMessage ?? "assertion failed",
    severity: "error",
  };
  if (this.sensTrace !== undefined) finding.trace = this.sensTrace;
  const request = {
    taskSpec: { goal: "make the test suite pass" },
    canonicalState: { ref: "tree-5e1d", ...(this.sensRoot ? { repoRoot: this.sensRoot } : {}) },
    rounds: [
      {
        index: 1,
        ts: "2026-11-30T10:01:00Z",
        workerTrace: [{ tool: "bash", output: "npm test" }],
        verifierVerdict: { status: "fail", notes: this.sensNotes ?? "", findings: [finding] },
      },
    ],
  };
  this.sensReply = await getIut().call("compact", { request, options: { budgetTokens: 512 } });
});

function replyText(w: SensitiveWorld): string {
  assert.ok(w.sensReply, "no reply");
  return JSON.stringify(w.sensReply);
}

Then("no part of the planted secrets appears in the reply", function (this: SensitiveWorld) {
  const text = replyText(this);
  assert.equal(this.sensReply?.error, undefined, "the compaction failed");
  for (const s of this.sensSecrets ?? []) {
    for (const line of s.split("\n")) {
      for (let i = 0; i + 16 <= line.length; i++) {
        assert.ok(
          !text.includes(line.slice(i, i + 16)),
          "a 16-character window of a planted secret reached the reply",
        );
      }
    }
  }
});

Then("the reply text contains {string}", function (this: SensitiveWorld, s: string) {
  assert.ok(replyText(this).includes(JSON.stringify(s).slice(1, -1)), `expected the reply to contain ${s}`);
});

Then("the reply text does not contain {string}", function (this: SensitiveWorld, s: string) {
  assert.ok(!replyText(this).includes(s), `expected the reply not to contain ${s}`);
});

Then("the redactions hold a {string} tombstone", function (this: SensitiveWorld, rule: string) {
  const log = this.sensReply?.result as { redactions?: { rule: string }[] } | undefined;
  assert.ok(
    log?.redactions?.some((r) => r.rule === rule),
    `no ${rule} tombstone`,
  );
});
