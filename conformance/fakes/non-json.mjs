// FC-CERT-6: prints a debugging line instead of JSON for policy requests.
import { correct, serve } from "./lib.mjs";

serve({
  onRequest: (msg) => {
    if (msg.cmd !== "policy.validate") return correct(msg);
    process.stdout.write("debug: validating the policy now\n");
    return undefined;
  },
});
