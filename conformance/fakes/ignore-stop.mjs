// FC-PROTO-8: answers correctly but ignores {"cmd":"stop"}, the end of its input and SIGTERM; only SIGKILL ends it.
import { correct, serve } from "./lib.mjs";

process.on("SIGTERM", () => {});
setInterval(() => {}, 1000);
serve({ ignoreStop: true, onRequest: (msg) => correct(msg) });
