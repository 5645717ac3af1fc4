// FC-REDACT-MANDATORY-1, FC-SCAN-1 (mutant): no redaction and no post-render scan — secrets go straight through.
import { sharedTokenizer } from "../../src/adapters/tiktoken.ts";
import { compact } from "../../src/pipeline/compact.ts";
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "redaction-bypass",
  description: "the redactor passes every string through unchanged and the leak scan never matches",
  violates: ["FC-REDACT-MANDATORY-1", "FC-SCAN-1"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      if (cmd !== "compact" || !isObj(message.options ?? {})) return reference(cmd, message);
      const options = (message.options ?? {}) as { budgetTokens?: number };
      const r = compact(message.request, {
        tokenizer: sharedTokenizer(),
        ...(options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {}),
        redactor: {
          text: (text) => ({ text, hits: [] }),
          path: (path) => ({ path: path.replace(/\\/g, "/").replace(/^\.\//, ""), hits: [] }),
        },
        leakScan: () => [],
      });
      return r.ok ? { log: r.value.log } : { error: { code: r.error.code, message: r.error.message } };
    },
};
export default mutant;
