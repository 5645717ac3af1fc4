// FC-PROTO-3, FC-PROTO-5, FC-PROTO-6: the reference compactor and policy engine as a protocol handler.
import type { Capability, ImplementationInfo, ProtocolHandler } from "./messages.ts";
import { sharedTokenizer } from "../adapters/tiktoken.ts";
import { compact } from "../pipeline/compact.ts";
import type { Tokenizer } from "../tokens.ts";
import { VERSION } from "../version.ts";
import { isObject, wireError } from "./messages.ts";

export const REFERENCE_INFO: ImplementationInfo = {
  name: "feedback-compactor",
  version: VERSION,
  language: "typescript",
};

type PolicyFn = (
  cmd: string,
  input: unknown,
) => { ok: true; value: unknown } | { ok: false; error: WireErrorLike };
type WireErrorLike = { code: string; message: string; field?: string };

let tokenizer: Tokenizer | undefined;
/** The one shared o200k_base encoder of this process (built on first use, then kept). */
function processTokenizer(): Tokenizer {
  tokenizer ??= sharedTokenizer();
  return tokenizer;
}

/** Builds the encoder now, so the first compact request is not charged for it. */
export function warmUpReference(): void {
  processTokenizer().count("warm up");
}

let policyModule: Promise<PolicyFn | null> | undefined;
/** The policy engine is loaded on first use; if it cannot be loaded, its commands are UNSUPPORTED. */
function policyEngine(): Promise<PolicyFn | null> {
  policyModule ??= import("../policy/index.ts").then(
    (m: { handlePolicyCommand?: unknown }) =>
      typeof m.handlePolicyCommand === "function" ? (m.handlePolicyCommand as PolicyFn) : null,
    () => null,
  );
  return policyModule;
}

/** The capabilities the reference offers in this build. */
export async function referenceCapabilities(): Promise<Capability[]> {
  return (await policyEngine()) === null ? ["compact"] : ["compact", "policy", "summary"];
}

const POLICY_COMMANDS = new Set(["policy.validate", "policy.decide", "summary.accept"]);

function compactReply(message: Record<string, unknown>): Record<string, unknown> {
  const options = message.options;
  if (options !== undefined && !isObject(options)) {
    return wireError({ code: "INVALID_REQUEST", message: "options must be an object", field: "options" });
  }
  const budgetTokens = options?.budgetTokens;
  for (const key of Object.keys(options ?? {})) {
    if (key !== "budgetTokens") {
      return wireError({
        code: "INVALID_REQUEST",
        message: "options has an unknown member",
        field: "options",
      });
    }
  }
  if (!Object.hasOwn(message, "request")) {
    return wireError({
      code: "INVALID_REQUEST",
      message: "the compact message has no request",
      field: "request",
    });
  }
  const result = compact(message.request, {
    tokenizer: processTokenizer(),
    ...(budgetTokens !== undefined ? { budgetTokens: budgetTokens as number } : {}),
  });
  return result.ok ? { log: result.value.log } : wireError(result.error);
}

/** The reference handler: compact through the pipeline, policy.* and summary.* through the policy engine. */
export const referenceHandler: ProtocolHandler = async (cmd, message) => {
  if (cmd === "compact") return compactReply(message);
  if (POLICY_COMMANDS.has(cmd)) {
    const engine = await policyEngine();
    if (engine === null) {
      return wireError({ code: "UNSUPPORTED", message: "the policy engine is not available in this build" });
    }
    const r = engine(cmd, message.input);
    return r.ok ? { result: r.value } : wireError(r.error);
  }
  return wireError({
    code: "UNSUPPORTED",
    message:
      "unknown command; this implementation serves compact, policy.validate, policy.decide, summary.accept",
  });
};
