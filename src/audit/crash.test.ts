// FC-AUDIT-4, FC-AUDIT-7, FC-AUDIT-9: SIGKILL a writer at random points, hundreds of times; nothing acknowledged is lost.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { scanChain } from "./chain.ts";
import { AuditStore } from "./store.ts";
import { prng } from "./testing/prng.ts";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRITER = join(REPO, "src", "audit", "testing", "crash-writer.ts");
// 200 kills where CI runs (`CI=true`) and with `npm run test:crash`; 25 in a plain `npm test`. Set FC_CRASH_KILLS to
// choose. The seed is fixed, in CI too (always printed; FC_CRASH_SEED=N tries another).
const KILLS = Number(process.env.FC_CRASH_KILLS ?? (process.env.CI === "true" ? "200" : "25"));
const SEED = Number(process.env.FC_CRASH_SEED ?? "20261201");
// Each log file takes this many kills, then the next kills start a new one. Every open verifies the whole chain,
// so one ever-growing log makes the run quadratic in the kills (200 kills: 2 minutes) without testing anything
// more: what a kill can break is the tail, and every segment's tail is checked like the last.
const KILLS_PER_LOG = 25;

interface Writer {
  child: ChildProcess;
  lines: string[];
  ready: Promise<void>;
  exited: Promise<void>;
  onLine?: (line: string) => void;
}

/**
 * The writer's argv. Loading TypeScript through tsx costs ~0.3 s of CPU per process, which 200 processes on two
 * shared cores cannot afford; when esbuild (tsx's own transpiler) is importable, the writer is bundled to plain
 * JavaScript once. Same source, same store code; only the loading differs.
 */
async function writerArgv(dir: string): Promise<string[]> {
  try {
    const esbuild = (await import("esbuild")) as {
      buildSync: (o: Record<string, unknown>) => unknown;
    };
    const outfile = join(dir, "crash-writer.mjs");
    esbuild.buildSync({
      entryPoints: [WRITER],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      logLevel: "error",
    });
    return [outfile];
  } catch {
    return ["--import", "tsx", WRITER];
  }
}

let WRITER_ARGV: string[] = [];

function spawnWriter(log: string): Writer {
  const child = spawn(process.execPath, [...WRITER_ARGV, log], {
    cwd: REPO,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const w: Writer = { child, lines: [], ready: Promise.resolve(), exited: Promise.resolve() };
  let buf = "";
  let markReady: () => void = () => {};
  w.ready = new Promise((r) => {
    markReady = r;
  });
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buf += chunk;
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line === "ready") markReady();
      else w.lines.push(line);
      w.onLine?.(line);
    }
  });
  w.exited = new Promise((r) => child.once("close", () => r()));
  return w;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("crash safety of the audit log (FC-AUDIT-4, FC-AUDIT-7)", () => {
  const dir = mkdtempSync(join(tmpdir(), "fc-crash-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`survives ${KILLS} SIGKILLs at random points (seed ${SEED})`, async () => {
    WRITER_ARGV = await writerArgv(dir);
    const rnd = prng(SEED);
    const t0 = performance.now();
    const totals: Record<string, number> = {};
    for (let done = 0, segment = 0; done < KILLS; segment++) {
      const kills = Math.min(KILLS_PER_LOG, KILLS - done);
      const stats = await killWriters(join(dir, `audit-${segment}.jsonl`), kills, done, rnd);
      for (const [k, v] of Object.entries(stats)) totals[k] = (totals[k] ?? 0) + v;
      done += kills;
    }
    console.info(
      JSON.stringify({
        crashTest: {
          seed: SEED,
          writer: WRITER_ARGV.includes("tsx") ? "tsx" : "bundled",
          kills: KILLS,
          logs: Math.ceil(KILLS / KILLS_PER_LOG),
          ...totals,
          seconds: Math.round((performance.now() - t0) / 100) / 10,
        },
      }),
    );
  }, 300_000);
});

/**
 * Kills `kills` writers of one log at random points, then checks the log: the next open repairs a torn tail, the
 * chain verifies, every acknowledged entry is present, and the kills landed among appends.
 */
async function killWriters(
  log: string,
  kills: number,
  first: number,
  rnd: () => number,
): Promise<Record<string, number>> {
  const acked = new Set<string>();
  let repairs = 0;
  let repairedBytes = 0;
  let takeovers = 0;
  let killedDuringOpen = 0;
  // Two writers are kept warm (module loading is the slow part); only the one told `go` touches the log.
  const pool: Writer[] = [spawnWriter(log), spawnWriter(log)];
  let injected = 0;
  let pendingTear = 0;
  for (let i = first; i < first + kills; i++) {
    const w = pool.shift()!;
    if (i + 2 < first + kills) pool.push(spawnWriter(log));
    await w.ready;
    let markOpened: () => void = () => {};
    const opened = new Promise<void>((r) => {
      markOpened = r;
    });
    let wasOpened = false;
    w.onLine = (line) => {
      if (line.startsWith("open ") || line.startsWith("error ")) {
        wasOpened = true;
        markOpened();
      }
    };
    w.child.stdin!.write(`go w${i} ${Math.floor(rnd() * 1e9)}\n`);
    // Most kills land among appends; some land while the writer is still opening (lock, scan, repair),
    // except when a tear is pending, whose repair the next open must report.
    if (pendingTear > 0 || rnd() >= 0.15) await opened;
    await sleep(Math.floor(rnd() * 60));
    w.child.kill("SIGKILL");
    await w.exited;
    if (!wasOpened) killedDuringOpen++;
    for (const line of w.lines) {
      const [word, ...rest] = line.split(" ");
      if (word === "ack") for (const id of rest) acked.add(id);
      else if (word === "open") {
        const bytes = Number(rest[0]);
        expect(bytes).toBeGreaterThanOrEqual(pendingTear);
        pendingTear = 0;
        if (bytes > 0) {
          repairs++;
          repairedBytes += bytes;
        }
        if (rest[1] === "1") takeovers++;
      } else throw new Error(`writer ${i} reported: ${line}`);
    }
    // A kernel rarely cuts a small write short, so one kill in eight is followed by what a short write leaves:
    // the first bytes of an entry line and no LF. The next open must cut exactly that off.
    if (rnd() < 0.125) {
      const partial = `{"id":"torn.${i}","kind":"test","payload":"${"y".repeat(Math.floor(rnd() * 300))}`;
      const cut = partial.slice(0, 1 + Math.floor(rnd() * partial.length));
      appendFileSync(log, cut);
      pendingTear += Buffer.byteLength(cut);
      injected++;
    }
  }
  for (const w of pool) {
    w.child.kill("SIGKILL");
    await w.exited;
  }
  // The next open repairs a torn tail left by the last kill, then the chain must be whole.
  const final = AuditStore.open(log, { key: "crash-test-key" });
  expect(final.ok).toBe(true);
  if (!final.ok) return {};
  expect(final.value.repaired?.bytes ?? 0).toBeGreaterThanOrEqual(pendingTear);
  if (final.value.repaired) {
    repairs++;
    repairedBytes += final.value.repaired.bytes;
  }
  final.value.close();
  const scan = scanChain(readFileSync(log));
  expect(scan.problems).toEqual([]);
  expect(scan.torn).toBeNull();
  const present = new Set(scan.entries.map((e) => String(e.entry.id)));
  const lost = [...acked].filter((id) => !present.has(id));
  expect(lost).toEqual([]);
  const repairEntries = scan.entries.filter((e) => e.entry.kind === "repair").length;
  // Every repair an open reported was logged before the open returned. An open also logs its repair before the
  // writer can print `open`, so a writer killed in between leaves a repair entry nobody reported: at most one
  // such entry per writer killed before it reported its open.
  expect(repairEntries).toBeGreaterThanOrEqual(repairs);
  expect(repairEntries).toBeLessThanOrEqual(repairs + killedDuringOpen);
  // The kills must have landed while appends were running, not only before the first one.
  expect(acked.size).toBeGreaterThan(kills);
  return {
    simulatedShortWrites: injected,
    killedDuringOpen,
    acknowledgedEntries: acked.size,
    entriesInLog: scan.entries.length,
    tornTailsRepaired: repairs,
    repairEntries,
    repairedBytes,
    staleLocksTakenOver: takeovers,
  };
}
