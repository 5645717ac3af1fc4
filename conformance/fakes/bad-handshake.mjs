// FC-PROTO-2: answers start with protocol version 2 and an unknown capability.
import { serve } from "./lib.mjs";

serve({
  onStart: () => ({ version: 2, implementation: { name: "fake" }, capabilities: ["teleport"] }),
  onRequest: () => undefined,
});
