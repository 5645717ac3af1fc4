// FC-RENDER-2: a worker thread that builds the o200k_base encoder while the main thread parses the request.
import { parentPort, workerData } from "node:worker_threads";
import { newO200kEncoder } from "./o200k.mjs";

const encoder = newO200kEncoder();
const cell = new Int32Array(workerData.shared);
parentPort.on("message", (text) => {
  let n = -1;
  try {
    n = encoder.encode_ordinary(text).length;
  } catch {
    n = -2;
  }
  Atomics.store(cell, 1, n);
  Atomics.store(cell, 0, 1);
  Atomics.notify(cell, 0);
});
