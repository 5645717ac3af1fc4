// FC-CERT-6: answers policy requests with a reply of FAKE_REPLY_BYTES (default 4 MiB) on one line.
import { serve } from "./lib.mjs";

const size = Number(process.env.FAKE_REPLY_BYTES ?? String(4 * 1024 * 1024));
serve({
  onRequest: (msg) =>
    msg.cmd === "policy.validate"
      ? { seq: msg.seq, result: { ok: true, padding: "x".repeat(size) } }
      : { seq: msg.seq, error: { code: "UNSUPPORTED", message: "fake" } },
});
