// FC-RENDER-2: a synchronous o200k_base counter backed by a worker thread, so the encoder (~0.3 s to build)
// is prepared on the second core while the CLI reads and parses its input.
import { Worker } from "node:worker_threads";
import type { Tokenizer } from "../tokens.ts";

export interface ThreadTokenizer extends Tokenizer {
  close(): Promise<void>;
}

/** Starts building the encoder now; `count` blocks only until the worker answers. */
export function startThreadTokenizer(): ThreadTokenizer {
  const shared = new SharedArrayBuffer(8);
  const cell = new Int32Array(shared);
  const worker = new Worker(new URL("./tiktoken-worker.mjs", import.meta.url), { workerData: { shared } });
  worker.unref();
  let failed: Error | undefined;
  worker.on("error", (e) => {
    failed = e;
  });
  return {
    count(text: string): number {
      if (failed) throw failed;
      Atomics.store(cell, 0, 0);
      worker.postMessage(text);
      while (Atomics.wait(cell, 0, 0, 30_000) === "timed-out") {
        if (failed) throw failed;
        throw new Error("tokenizer worker did not answer within 30 s");
      }
      const n = Atomics.load(cell, 1);
      if (n < 0) throw new Error("tokenizer worker failed to count");
      return n;
    },
    async close() {
      await worker.terminate();
    },
  };
}
