// FC-AUDIT-4, FC-AUDIT-7, FC-AUDIT-9: test support — a writer process that appends until it is killed.
// Protocol on stdio (one line each): child prints `ready`; parent sends `go <tag> <seed>`; child prints
// `open <repairedBytes> <tookOver>` then, after every append that returned (fsync done), `ack <id> <id>...`.
import { writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { AuditStore } from "../store.ts";
import { prng } from "./prng.ts";

const logPath = process.argv[2];
if (logPath === undefined) {
  process.stderr.write("usage: crash-writer LOG\n");
  process.exit(2);
}

const say = (line: string) => writeSync(1, `${line}\n`);

function run(tag: string, seed: number): void {
  const opened = AuditStore.open(logPath!, { key: "crash-test-key", waitMs: 5000 });
  if (!opened.ok) {
    say(`error ${opened.error.code}`);
    process.exit(3);
  }
  const store = opened.value;
  say(`open ${store.repaired?.bytes ?? 0} ${store.tookOverFrom ? 1 : 0}`);
  const rnd = prng(seed);
  for (let k = 0; ; k++) {
    const n = 1 + Math.floor(rnd() * 3);
    const batch = [];
    for (let j = 0; j < n; j++) {
      // Mostly small entries; now and then a large one, so a kill can land inside a long write.
      const big = rnd() < 0.08;
      const size = big ? 200_000 + Math.floor(rnd() * 300_000) : 20 + Math.floor(rnd() * 400);
      batch.push({ id: `${tag}.${k}.${j}`, kind: "test", payload: "x".repeat(size) });
    }
    const r = store.append(batch);
    if (!r.ok) {
      say(`error ${r.error.code}`);
      process.exit(3);
    }
    say(`ack ${r.value.appended.join(" ")}`);
  }
}

say("ready");
const rl = createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const [cmd, tag, seed] = line.split(" ");
  if (cmd === "go" && tag !== undefined) {
    rl.close();
    run(tag, Number(seed ?? "1"));
  }
});
