// FC-PROTO-1: writes each reply in three pieces with pauses between them; a line reader must reassemble it.
import { correct, serve } from "./lib.mjs";

const pause = (ms) => new Promise((r) => setTimeout(r, ms));
serve({
  onRequest: async (msg) => {
    const text = `${JSON.stringify(correct(msg))}\n`;
    const a = Math.floor(text.length / 3);
    process.stdout.write(text.slice(0, a));
    await pause(20);
    process.stdout.write(text.slice(a, 2 * a));
    await pause(20);
    process.stdout.write(text.slice(2 * a));
    return undefined;
  },
});
