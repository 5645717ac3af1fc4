// FC-REDACT-SENSITIVE-20, FC-LEAK-5: throughput of redactText over log-like text, of the sync leak scan, and of secretlint.
// Run: npx tsx scripts/bench-redact.ts [--messages 44000] [--no-secretlint]
import { redactText, scanForLeaks, scanForLeaksDeep } from "../src/redact/index.ts";
import { logMessages } from "../src/redact/testing/logs.ts";

const args = process.argv.slice(2);
const count = Number(args[args.indexOf("--messages") + 1] || 44000) || 44000;
const msgs = logMessages(count);
const bytes = msgs.reduce((n, m) => n + Buffer.byteLength(m), 0);
const mb = bytes / 1e6;
const ctx = { repoRoot: "/home/runner/work/app/app" };

for (let i = 0; i < 2000; i++) redactText(msgs[i % msgs.length]!, ctx); // warm-up
const runs: number[] = [];
let hits = 0;
for (let pass = 0; pass < 3; pass++) {
  hits = 0;
  const t0 = performance.now();
  for (const m of msgs) hits += redactText(m, ctx).hits.length;
  runs.push(performance.now() - t0);
}
runs.sort((a, b) => a - b);
const [best, median] = [runs[0]!, runs[1]!];
console.log(
  `redactText: ${count} messages, ${mb.toFixed(1)} MB; best ${best.toFixed(0)} ms = ${(mb / (best / 1000)).toFixed(1)} MB/s, median ${median.toFixed(0)} ms = ${(mb / (median / 1000)).toFixed(1)} MB/s (${hits} hits)`,
);

// The floor: one pass over every character of every message (what any scanner written in JavaScript costs at least).
let floorBest = Number.POSITIVE_INFINITY;
let sink = 0; // module scope: the loop has an effect the compiler keeps
for (let pass = 0; pass < 3; pass++) {
  const t0 = performance.now();
  for (const m of msgs) for (let i = 0; i < m.length; i++) sink = (sink + m.charCodeAt(i)) | 0;
  floorBest = Math.min(floorBest, performance.now() - t0);
}
console.log(
  `floor (one pass over every character): best ${floorBest.toFixed(0)} ms = ${(mb / (floorBest / 1000)).toFixed(0)} MB/s; redactText costs ${(best / floorBest).toFixed(1)} such passes`,
);

let t = 0;
const whole = JSON.stringify({
  findings: msgs.map((message, i) => ({ id: `f${i}`, message: redactText(message, ctx).text })),
});
const wholeMb = Buffer.byteLength(whole) / 1e6;
t = performance.now();
const leaks = scanForLeaks(whole);
const scanMs = performance.now() - t;
console.log(
  `scanForLeaks (sync) over one ${wholeMb.toFixed(1)} MB serialized log: ${scanMs.toFixed(0)} ms = ${(wholeMb / (scanMs / 1000)).toFixed(1)} MB/s, hits: ${JSON.stringify(leaks)}`,
);

if (!args.includes("--no-secretlint")) {
  const sample = whole.slice(0, 1_000_000);
  await scanForLeaksDeep("warm-up");
  t = performance.now();
  const deep = await scanForLeaksDeep(sample);
  const deepMs = performance.now() - t;
  console.log(
    `scanForLeaksDeep (secretlint) over 1.0 MB: ${deepMs.toFixed(0)} ms = ${(1 / (deepMs / 1000)).toFixed(2)} MB/s, hits: ${JSON.stringify(deep)}`,
  );
  const est = (wholeMb * deepMs) / 1000;
  console.log(`  => whole ${wholeMb.toFixed(1)} MB log with secretlint: ~${est.toFixed(1)} s (extrapolated)`);
}
