// FC-REDACT-MANDATORY-1, FC-SCAN-1 (mutant): the redactor and the leak scan stop after their first 40,000 characters.
import { sharedTokenizer } from "../../src/adapters/tiktoken.ts";
import { compact } from "../../src/pipeline/compact.ts";
import { defaultRedactor, type Redactor } from "../../src/pipeline/stage1-normalize.ts";
import { scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type MutantModule } from "./support.ts";

/** The bug an independent implementation had: text is redacted up to a budget, the rest appended as it was. */
export const REDACTION_BUDGET = 40_000;

/** A redactor that masks only the first REDACTION_BUDGET characters it is handed in one compaction. */
function partialRedactor(): Redactor {
  let used = 0;
  return {
    text: (text, ctx) => {
      const room = Math.max(0, REDACTION_BUDGET - used);
      used += text.length;
      if (room === 0) return { text, hits: [] };
      const head = defaultRedactor.text(text.slice(0, room), ctx);
      return { text: head.text + text.slice(room), hits: head.hits };
    },
    path: defaultRedactor.path,
  };
}

/** The compactor with the partial redactor, a scan of each text's first 40,000 characters only. */
export const partialRedaction: ProtocolHandler = async (cmd, message) => {
  if (cmd !== "compact" || !isObj(message.options ?? {}))
    return { error: { code: "UNSUPPORTED", message: cmd } };
  const options = (message.options ?? {}) as { budgetTokens?: number };
  const r = compact(message.request, {
    tokenizer: sharedTokenizer(),
    ...(options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {}),
    redactor: partialRedactor(),
    leakScan: (text) => scanForLeaks(text.slice(0, REDACTION_BUDGET)),
  });
  return r.ok ? { log: r.value.log } : { error: { code: r.error.code, message: r.error.message } };
};

const mutant: MutantModule = {
  id: "first-40000-characters-redacted",
  description:
    "redacts only the first 40,000 characters of the request's text and scans only the first 40,000 of each text",
  violates: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) =>
      cmd === "compact" ? partialRedaction(cmd, message) : reference(cmd, message),
};
export default mutant;
