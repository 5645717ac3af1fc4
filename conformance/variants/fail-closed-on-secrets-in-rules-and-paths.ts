// FC-REDACT-MANDATORY-2 settled otherwise: a secret found in a rule or a location path is not masked; the compaction
// fails closed with SECRET_LEAK (the design's last line of defence), which FC-REDACT-MANDATORY-1 allows.
import { isObj, type Json, type VariantModule } from "./support.ts";

const SECRET_MASK = /«redacted:(?:secret|pii)»/;

/** Did the reference mask a secret (or PII) inside some finding's rule or location path? */
function maskedInRuleOrPath(log: Json): boolean {
  return (log.findings as Json[]).some(
    (f) =>
      SECRET_MASK.test(String(f.rule)) ||
      (isObj(f.location) && SECRET_MASK.test(String((f.location as Json).path))),
  );
}

const variant: VariantModule = {
  id: "fail-closed-on-secrets-in-rules-and-paths",
  description: "answers SECRET_LEAK instead of masking a secret found in a rule or a location path",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-REDACT-MANDATORY-2"],
  wrap: (reference) => async (cmd, message) => {
    const reply = await reference(cmd, message);
    if (cmd !== "compact" || !isObj(reply.log) || !maskedInRuleOrPath(reply.log)) return reply;
    return {
      error: { code: "SECRET_LEAK", message: "a secret in a rule or a location path; output blocked" },
    };
  },
};
export default variant;
