// FC-CERT-22: passes the smoke check, then exits with code 1 on every case's request (restarts run out).
import { correct, serve } from "./lib.mjs";

serve({
  onRequest: (msg) => {
    if (msg.input && Object.keys(msg.input).length > 0) {
      process.stderr.write("fatal: cannot handle this policy\n");
      process.exit(1);
    }
    return correct(msg);
  },
});
