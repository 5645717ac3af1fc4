// FC-CERT-2: answers in time and in protocol, but the answer is wrong: every check must be failed, not errored.
import { serve } from "./lib.mjs";

serve({
  onRequest: (msg) =>
    msg.cmd === "policy.validate"
      ? { seq: msg.seq, result: { ok: false } }
      : { seq: msg.seq, error: { code: "UNSUPPORTED", message: "fake" } },
});
