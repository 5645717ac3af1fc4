// FC-CERT-22: the commonest adapter mistake — a debugging print on stdout before every reply.
import { correct, serve, write } from "./lib.mjs";

serve({
  onRequest: (msg) => {
    process.stdout.write(`DEBUG: got request ${JSON.stringify({ cmd: msg.cmd, seq: msg.seq })}\n`);
    write(correct(msg));
    return undefined;
  },
});
