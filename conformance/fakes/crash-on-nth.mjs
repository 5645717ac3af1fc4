// FC-CERT-5: exits with code 3 on its Nth request (FAKE_CRASH_AT, default 3), counted per process.
import { correct, serve } from "./lib.mjs";

const at = Number(process.env.FAKE_CRASH_AT ?? "3");
serve({
  onRequest: (msg, n) => {
    if (n === at) process.exit(3);
    return correct(msg);
  },
});
