// FC-CERT-22: completes the handshake, then exits with code 1 on every request, with a Python-like traceback on stderr.
import { serve } from "./lib.mjs";

serve({
  onRequest: (msg) => {
    process.stderr.write(
      `Traceback (most recent call last):\n  File "adapter.py", line 42, in handle\n    reply = dispatch(${JSON.stringify(msg.cmd)})\nRuntimeError: boom\n`,
    );
    process.exit(1);
  },
});
