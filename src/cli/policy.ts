// FC-POLICY-CLI-1..3: `feedback-compactor policy validate|decide|accept FILE|-` over the pure policy engine.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ErrorCode } from "../errors.ts";
import { requestFingerprint } from "../policy/fingerprint.ts";
import { handlePolicyCommand } from "../policy/index.ts";
import { type CliIo, EXIT_OK, parseArgs, reportError } from "./io.ts";

interface Sub {
  cmd: "policy.validate" | "policy.decide" | "summary.accept";
  /** The code for a document that is not JSON (FC-POLICY-CLI-2). */
  notJson: ErrorCode;
  summary: string;
  help: string;
}

const POLICY_EXAMPLE = `{
  "policy": {
    "automatic": true, "counterPolicy": "allow-conservative",
    "compactAt": 8500, "rearmBelow": 6000,
    "reservedOutput": 512, "safetyMargin": 256, "maxSummaryTokens": 256,
    "countTimeoutMs": 2000, "hustle": "context.compact"
  },
  "capability": "conservative",
  "hustles": { "context.compact": { "maxOutputTokens": 1024, "timeoutMs": 30000 } }
}`;

/** The request of the `policy accept --help` example; its fingerprint is computed, so the example is accepted. */
const EXAMPLE_REQUEST = {
  systemRevision: "sys-3",
  toolRevision: "tools-7",
  runtimeRevision: "rt-1",
  model: "example/model-1",
  basis: "transcript@42",
  requestCounter: "exact",
  summaryCounter: "conservative",
  outputShape: "user-summary.v1",
} as const;
const EXAMPLE_FINGERPRINT = requestFingerprint(EXAMPLE_REQUEST);

const EXITS = `Exit codes:
  0  success; the JSON reply is on stdout
  2  typed error or usage problem; exactly one line {"error":{"code","message","field"?}} on stderr`;

const SUBS: Record<string, Sub> = {
  validate: {
    cmd: "policy.validate",
    notJson: "INVALID_POLICY",
    summary: "check a compaction policy against the counter capability and the hustle registry",
    help: `Usage: feedback-compactor policy validate FILE|-

Checks a compaction policy document (spec/policy.md, schema spec/schemas/policy-input.v1.json).
Every policy member is required: no compaction setting has a default. Thresholds are basis points
(10000 = the whole window). FILE '-' reads standard input.

Example document:
${POLICY_EXAMPLE}

Prints {"ok":true} when valid. Otherwise one error names the first broken rule's field, e.g.
  {"error":{"code":"INVALID_POLICY","field":"rearmBelow","message":"..."}}
A file that cannot be read gives code IO; a document that is not JSON gives INVALID_POLICY.

${EXITS}
`,
  },
  decide: {
    cmd: "policy.decide",
    notJson: "INVALID_STATE",
    summary: "decide whether to compact now (one state, or a sequence of observations)",
    help: `Usage: feedback-compactor policy decide FILE|-

Decides compact or keep for a loop state. The document is a policy document (see
'policy validate --help') plus "config", "state" and optionally "observations"
(schema spec/schemas/policy-decide-input.v1.json):

  { ...policy document...,
    "config": { "window": 200000, "waterLevel": 8000 },
    "state": { "armed": true, "boundary": { "kind": "turn" }, "usage": { "counted": 171000 },
               "turnsSinceCompaction": 7 } }

With "observations" (an array of partial states merged over "state"), every observation gets a
decision and only "armed" is carried from one to the next; the reply is {"decisions":[...]}.

Prints the decision, e.g.
  {"action":"compact","trigger":"automatic","triggers":["automatic"],
   "guard":{"outcome":"passed","name":null},"reason":"triggered","armed":false,"capacityThreshold":100000}
A bad policy or config gives INVALID_POLICY, a malformed state INVALID_STATE (with "field" and "path").

${EXITS}
`,
  },
  accept: {
    cmd: "summary.accept",
    notJson: "INVALID_REQUEST",
    summary: "accept or reject a compaction result against its request identity",
    help: `Usage: feedback-compactor policy accept FILE|-

Accepts a compaction result only when its basis, model, request fingerprint and output shape
match the request, and the summary is exactly one nonempty user text message
(schema spec/schemas/summary-accept-input.v1.json):

  { "request": { "systemRevision": "sys-3", "toolRevision": "tools-7", "runtimeRevision": "rt-1",
                 "model": "example/model-1", "basis": "transcript@42",
                 "requestCounter": "exact", "summaryCounter": "conservative",
                 "outputShape": "user-summary.v1" },
    "result": { "basis": "transcript@42", "model": "example/model-1",
                "fingerprint": "${EXAMPLE_FINGERPRINT}",
                "shape": "user-summary.v1",
                "messages": [ { "role": "user", "content": "Summary of the work so far." } ] } }

The fingerprint is the request's (FC-POLICY-ACCEPT-5); this example is accepted as it stands. Prints
  {"accepted":true,"fingerprint":"sha256:…","summary":{"role":"user","text":"Summary of the work so far."}}
A rejection is {"error":{"code":"SUMMARY_REJECTED","field":"<reason>","message":"..."}} where the
reason is one of shape_mismatch, basis_mismatch, model_mismatch, fingerprint_mismatch,
empty_summary, multiple_messages, not_user_role, not_text. Errors never quote the result.

${EXITS}
`,
  },
};

const USAGE_TEXT = `Usage: feedback-compactor policy <subcommand> FILE|-

Subcommands:
${Object.entries(SUBS)
  .map(([name, s]) => `  ${name.padEnd(9)} ${s.summary}`)
  .join("\n")}

Run 'feedback-compactor policy <subcommand> --help' for the input format, an example and exit codes.
`;

async function readDocument(
  file: string,
  io: CliIo,
): Promise<{ text: string } | { code: "IO"; message: string }> {
  try {
    if (file === "-") return { text: await io.readStdin() };
    return { text: await readFile(resolve(io.cwd, file), "utf8") };
  } catch (e) {
    const code =
      typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : "unknown";
    const where = file === "-" ? "standard input" : `'${file}'`;
    return { code: "IO", message: `cannot read ${where} (${code})` };
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, new Set());
  if ("error" in args) return reportError(io, { code: "USAGE", message: args.error });
  const [subName, ...files] = args.positionals;
  if (subName === undefined) {
    if (args.flags.has("help")) {
      io.stdout(USAGE_TEXT);
      return EXIT_OK;
    }
    return reportError(io, {
      code: "USAGE",
      message: "missing subcommand; run 'feedback-compactor policy --help'",
    });
  }
  const sub = Object.hasOwn(SUBS, subName) ? SUBS[subName] : undefined;
  if (sub === undefined) {
    return reportError(io, {
      code: "USAGE",
      message: "unknown subcommand; expected validate, decide or accept",
    });
  }
  if (args.flags.has("help")) {
    io.stdout(sub.help);
    return EXIT_OK;
  }
  const unknownFlag = [...args.flags.keys()][0];
  if (unknownFlag !== undefined)
    return reportError(io, { code: "USAGE", message: `unknown option --${unknownFlag}` });
  if (files.length !== 1 || args.rest.length > 0) {
    return reportError(io, {
      code: "USAGE",
      message: `expected exactly one FILE or '-'; see 'policy ${subName} --help'`,
    });
  }
  const read = await readDocument(files[0]!, io);
  if ("code" in read) return reportError(io, read);
  let doc: unknown;
  try {
    doc = JSON.parse(read.text);
  } catch {
    // The parser's message quotes the input; the input may hold model output, so it is never echoed.
    return reportError(io, { code: sub.notJson, message: "the input is not valid JSON", field: "document" });
  }
  const reply = handlePolicyCommand(sub.cmd, doc);
  if (!reply.ok) return reportError(io, reply.error);
  io.stdout(`${JSON.stringify(reply.value)}\n`);
  return EXIT_OK;
}

export const command = {
  summary: "validate compaction policies, decide when to compact, accept compaction results",
  run,
};
