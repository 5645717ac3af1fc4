// FC-POLICY-VALIDATE, -TRIGGER, -CAPACITY, -GUARD, -ACCEPT: Gherkin steps, run against the implementation under test.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { type DataTable, Given, Then, When } from "@cucumber/cucumber";
import { Ajv2020 } from "ajv/dist/2020.js";
import { getIut, implementation } from "../support/iut.ts";

type Json = Record<string, unknown>;
type Reply = Awaited<ReturnType<ReturnType<typeof getIut>["call"]>>;

interface PolicyWorld {
  policyDoc?: Json & { policy: Json; hustles: Json };
  config?: Json;
  state?: Json;
  observations?: Json[];
  acceptDoc?: { request: Json; result: Json };
  modelTexts?: string[];
  reply?: Reply;
}

/** The spec's examples (spec/examples/): a policy document that passes every rule, and an accept request. */
const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../spec/examples/${name}.json`, import.meta.url), "utf8"));
const ACCEPT_REQUEST = example("accept-request").request as Record<string, string>;
const basePolicy = (): NonNullable<PolicyWorld["policyDoc"]> => example("valid-policy-document").document;

const policyOf = (w: PolicyWorld) => {
  w.policyDoc ??= basePolicy();
  return w.policyDoc;
};
const parseCell = (text: string): unknown => JSON.parse(text);

function result(w: PolicyWorld): Json {
  assert.ok(w.reply, "no command was sent");
  assert.equal(w.reply.error, undefined, `unexpected error ${JSON.stringify(w.reply.error)}`);
  return w.reply.result as Json;
}

function error(w: PolicyWorld) {
  assert.ok(w.reply, "no command was sent");
  assert.ok(w.reply.error, `expected an error, got ${JSON.stringify(w.reply.result)}`);
  return w.reply.error;
}

// ---- validation ----

Given<PolicyWorld>("a valid automatic compaction policy", function () {
  this.policyDoc = basePolicy();
});

Given<PolicyWorld>("a valid manual compaction policy", function () {
  this.policyDoc = basePolicy();
  this.policyDoc.policy.automatic = false;
});

Given<PolicyWorld>("the policy members are changed to:", function (table: DataTable) {
  for (const [member, value] of table.raw()) policyOf(this).policy[member!] = parseCell(value!);
});

Given<PolicyWorld>("the policy member {string} is removed", function (member: string) {
  delete policyOf(this).policy[member];
});

Given<PolicyWorld>("the counter capability is {string}", function (capability: string) {
  policyOf(this).capability = capability;
});

Given<PolicyWorld>(
  "the registered hustle {string} allows at most {int} output tokens",
  function (name: string, max: number) {
    policyOf(this).hustles = { [name]: { maxOutputTokens: max, timeoutMs: 30000 } };
  },
);

Given<PolicyWorld>("the loop also asks for context observation", function () {
  policyOf(this).contextObservation = true;
});

When<PolicyWorld>("the policy is validated", async function () {
  this.reply = await getIut().call("policy.validate", policyOf(this));
});

Then<PolicyWorld>("the policy is accepted as valid", function () {
  assert.deepEqual(result(this), { ok: true });
});

Then<PolicyWorld>("the policy is rejected naming the field {string}", function (field: string) {
  const e = error(this);
  assert.equal(e.code, "INVALID_POLICY");
  assert.equal(e.field, field);
});

// ---- deciding ----

Given<PolicyWorld>(
  "a window of {int} tokens, compactAt {int} and rearmBelow {int} basis points, reserving {int} output tokens",
  function (window: number, compactAt: number, rearmBelow: number, reserved: number) {
    Object.assign(policyOf(this).policy, { compactAt, rearmBelow, reservedOutput: reserved });
    this.config = { window, waterLevel: 10000, maxContextTokens: 0 };
  },
);

Given<PolicyWorld>(
  "a capacity config with a window of {int} tokens and a water level of {int} basis points",
  function (window: number, waterLevel: number) {
    policyOf(this).policy.automatic = false;
    this.config = { window, waterLevel };
  },
);

Given<PolicyWorld>("the compaction config also has:", function (table: DataTable) {
  this.config ??= { window: 100000, waterLevel: 9000 };
  for (const [member, value] of table.raw()) this.config[member!] = parseCell(value!);
});

Given<PolicyWorld>("the automatic trigger holds at a turn boundary", function () {
  policyOf(this);
  this.config ??= { window: 100000, waterLevel: 9000 };
  this.state = { armed: true, boundary: { kind: "turn" }, usage: { counted: 90000 } };
});

Given<PolicyWorld>("no trigger holds at a turn boundary", function () {
  policyOf(this);
  this.config ??= { window: 100000, waterLevel: 9000 };
  this.state = { armed: true, boundary: { kind: "turn" }, usage: { counted: 1000 } };
});

Given<PolicyWorld>("the loop state also has:", function (table: DataTable) {
  assert.ok(this.state, "set up a state first");
  for (const [member, value] of table.raw()) this.state[member!] = parseCell(value!);
});

When<PolicyWorld>("the loop decides", async function () {
  this.reply = await getIut().call("policy.decide", {
    ...policyOf(this),
    config: this.config,
    state: this.state,
  });
});

When<PolicyWorld>("the loop observes these counted usages in order:", async function (table: DataTable) {
  const observations = table.hashes().map((row) => {
    const o: Json = { usage: { counted: Number(row.counted) } };
    if (row.boundary === "mid-stage") o.boundary = { kind: "mid-stage" };
    if (row.turnsSinceCompaction !== undefined) o.turnsSinceCompaction = parseCell(row.turnsSinceCompaction);
    return o;
  });
  const state = { armed: true, boundary: { kind: "turn" } };
  this.reply = await getIut().call("policy.decide", {
    ...policyOf(this),
    config: this.config,
    state,
    observations,
  });
});

When<PolicyWorld>(
  "the loop reaches a persisted stage boundary with {int} reported tokens",
  async function (reported: number) {
    const state = {
      armed: true,
      boundary: { kind: "stage", persisted: true },
      usage: { counted: 0, reported },
    };
    this.reply = await getIut().call("policy.decide", { ...policyOf(this), config: this.config, state });
  },
);

Then<PolicyWorld>("the decisions are:", function (table: DataTable) {
  const decisions = (result(this).decisions ?? []) as Json[];
  const expected = table.hashes();
  assert.equal(decisions.length, expected.length, "one decision per observation");
  expected.forEach((row, i) => {
    const d = decisions[i]!;
    const actual = { action: d.action, trigger: String(d.trigger), armed: String(d.armed) };
    assert.deepEqual(
      actual,
      { action: row.action, trigger: row.trigger, armed: row.armed },
      `observation ${i + 1}`,
    );
  });
});

Then<PolicyWorld>(
  "the loop keeps its context because the guard {string} {word} it",
  function (name: string, verb: string) {
    const d = result(this);
    const outcome = { rejects: "rejected", defers: "deferred" }[verb];
    assert.ok(outcome, `unknown guard verb ${verb}`);
    assert.equal(d.action, "keep");
    assert.deepEqual(d.guard, { outcome, name });
    assert.equal(d.reason, name);
  },
);

Then<PolicyWorld>("the loop compacts with every guard passed", function () {
  const d = result(this);
  assert.equal(d.action, "compact");
  assert.deepEqual(d.guard, { outcome: "passed", name: null });
});

Then<PolicyWorld>("the loop keeps its context without evaluating the guards", function () {
  const d = result(this);
  assert.equal(d.action, "keep");
  assert.deepEqual(d.guard, { outcome: "not_evaluated", name: null });
});

Then<PolicyWorld>(
  "the capacity threshold is {int} and the action is {string}",
  function (threshold: number, action: string) {
    const d = result(this);
    assert.equal(d.capacityThreshold, threshold);
    assert.equal(d.action, action);
  },
);

// ---- acceptance ----

const FINGERPRINT = "sha256:2b6546dd44f6fb798f70376a243a8857e59b526d6f8c4c4ba73df04cbe3acdf2";

Given<PolicyWorld>("a compaction request and a result that matches it", function () {
  this.acceptDoc = {
    request: { ...ACCEPT_REQUEST },
    result: {
      basis: "transcript@42",
      model: "example/model-1",
      fingerprint: FINGERPRINT,
      shape: "user-summary.v1",
      messages: [{ role: "user", content: "The parser fix landed; two lint findings remain." }],
    },
  };
  this.modelTexts = [];
});

Given<PolicyWorld>("the result's {word} is replaced by {string}", function (member: string, value: string) {
  assert.ok(this.acceptDoc, "set up a request first");
  this.acceptDoc.result[member] = value;
  this.modelTexts!.push(value);
});

Given<PolicyWorld>("the request's {word} is replaced by {string}", function (member: string, value: string) {
  assert.ok(this.acceptDoc, "set up a request first");
  this.acceptDoc.request[member] = value;
});

Given<PolicyWorld>("the model returned these summary messages:", function (table: DataTable) {
  assert.ok(this.acceptDoc, "set up a request first");
  this.acceptDoc.result.messages = table
    .hashes()
    .map((row) => ({ role: row.role, content: parseCell(row.content!) }));
  for (const row of table.hashes()) this.modelTexts!.push(row.role!, row.content!);
});

When<PolicyWorld>("the result is submitted for acceptance", async function () {
  this.reply = await getIut().call("summary.accept", this.acceptDoc);
});

Then<PolicyWorld>("the result is accepted with the summary text {string}", function (text: string) {
  const r = result(this);
  assert.equal(r.accepted, true);
  assert.equal(r.fingerprint, FINGERPRINT);
  assert.deepEqual(r.summary, { role: "user", text });
});

Then<PolicyWorld>("the result is rejected because of {string}", function (reason: string) {
  const e = error(this);
  assert.equal(e.code, "SUMMARY_REJECTED");
  assert.equal(e.field, reason);
});

Then<PolicyWorld>("the rejection quotes none of the model's text", function () {
  const rendered = JSON.stringify(error(this));
  for (const text of this.modelTexts ?? []) {
    for (let i = 0; i + 8 <= text.length; i++) {
      const window = text.slice(i, i + 8);
      assert.ok(!rendered.includes(window), `the error contains ${JSON.stringify(window)}`);
    }
  }
});

// ---- protocol (FC-POLICY-PROTOCOL-1..3) ----

const ajv = new Ajv2020({ strict: false, allErrors: true });
for (const name of ["policy-input", "policy-decide-input", "summary-accept-input", "decision"]) {
  ajv.addSchema(
    JSON.parse(readFileSync(new URL(`../../spec/schemas/${name}.v1.json`, import.meta.url), "utf8")),
  );
}

function satisfies(schema: string, value: unknown) {
  const validate = ajv.getSchema(`https://feedback-compactor.dev/schemas/${schema}.v1.json`);
  assert.ok(validate, `no schema ${schema}.v1.json`);
  assert.ok(validate(value), `${schema}.v1.json: ${JSON.stringify(validate.errors)}`);
}

const members = (list: string) => list.split(",").map((s) => s.trim());

Given<PolicyWorld>("the implementation announces the capability {string}", async (capability: string) => {
  const iut = await implementation();
  assert.ok(
    iut.capabilities.has(capability as "policy"),
    `the implementation does not announce ${capability}`,
  );
});

When<PolicyWorld>("the implementation is sent the command {string}", async function (cmd: string) {
  this.reply = await getIut().call(cmd, basePolicy());
});

Then<PolicyWorld>("the reply is the error {string}", function (code: string) {
  assert.equal(error(this).code, code);
});

Then<PolicyWorld>("the reply's result is exactly {}", function (json: string) {
  assert.deepEqual(result(this), JSON.parse(json));
});

Then<PolicyWorld>("the reply's result has exactly the members {string}", function (list: string) {
  assert.deepEqual(Object.keys(result(this)).sort(), members(list).sort());
});

Then<PolicyWorld>("the decision has exactly the members {string}", function (list: string) {
  const d = result(this);
  assert.deepEqual(Object.keys(d).sort(), members(list).sort());
  assert.deepEqual(Object.keys(d.guard as Json).sort(), ["name", "outcome"]);
  assert.ok(Array.isArray(d.triggers));
  assert.equal(typeof d.armed, "boolean");
  assert.equal(typeof d.capacityThreshold, "number");
});

Then<PolicyWorld>("the error reply has exactly a code, a text message and a field", function () {
  const e = error(this);
  assert.deepEqual(Object.keys(e).sort(), ["code", "field", "message"]);
  assert.equal(typeof e.message, "string");
  assert.ok(e.message.length > 0);
});

Then<PolicyWorld>("the reply's result satisfies the schema {string}", function (schema: string) {
  satisfies(schema, result(this));
});

Then<PolicyWorld>("the decide document satisfies the schema {string}", function (schema: string) {
  satisfies(schema, { ...policyOf(this), config: this.config, state: this.state });
});

Then<PolicyWorld>("the policy document satisfies the schema {string}", function (schema: string) {
  satisfies(schema, policyOf(this));
});

Then<PolicyWorld>("the accept document satisfies the schema {string}", function (schema: string) {
  satisfies(schema, this.acceptDoc);
});

// ---- monotone in usage (FC-POLICY-DECIDE-5) ----

const BOUNDARIES: Record<string, Json> = {
  turn: { kind: "turn" },
  "persisted stage": { kind: "stage", persisted: true },
  "persisted round 1": { kind: "round", persisted: true, round: 1 },
  "persisted round 2": { kind: "round", persisted: true, round: 2 },
};

Given<PolicyWorld>(
  "the loop stands at a {} boundary with {int} counted and {word} reported tokens",
  function (boundary: string, counted: number, reported: string) {
    const b = BOUNDARIES[boundary];
    assert.ok(b, `unknown boundary ${boundary}`);
    policyOf(this);
    const usage: Json = { counted };
    if (reported !== "none") usage.reported = Number(reported);
    this.state = { armed: true, boundary: b, usage };
  },
);

Then<PolicyWorld>("the loop compacts because of the {string} trigger", function (trigger: string) {
  const d = result(this);
  assert.equal(d.action, "compact");
  assert.equal(d.trigger, trigger);
});

Then<PolicyWorld>(
  "raising the counted or reported usage at that state never turns the decision into keep",
  async function () {
    const state = this.state as Json & { usage: { counted: number; reported?: number } };
    const { counted, reported } = state.usage;
    const raised: Json[] = [];
    for (const c of [counted, counted + 1, counted + 15512, 1_000_000_000]) {
      raised.push({ counted: c, ...(reported === undefined ? {} : { reported }) });
      for (const r of [reported ?? 0, (reported ?? 0) + 1, 150_000, 1_000_000_000])
        raised.push({ counted: c, reported: r });
    }
    for (const usage of raised) {
      const reply = await getIut().call("policy.decide", {
        ...policyOf(this),
        config: this.config,
        state: { ...state, usage },
      });
      assert.equal(reply.error, undefined, `usage ${JSON.stringify(usage)}: ${JSON.stringify(reply.error)}`);
      assert.equal((reply.result as Json).action, "compact", `usage ${JSON.stringify(usage)} gave keep`);
    }
  },
);
