// FC-AUDIT-9: one writer at a time — an exclusive lock file beside the Audit Log, waited for, then refused (edge).
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";

export interface LockHolder {
  pid: number;
  host: string;
  nonce: string;
}

export type LockOutcome =
  | { ok: true; lock: HeldLock; tookOverFrom: LockHolder | null }
  | { ok: false; reason: "held"; holder: LockHolder | null; waitedMs: number }
  | { ok: false; reason: "io"; errno: string };

export interface HeldLock {
  readonly path: string;
  readonly holder: LockHolder;
  release(): void;
}

export interface LockOptions {
  /** How long to wait for another writer to finish (default 2000 ms); 0 refuses at once. */
  waitMs?: number;
  /** Poll interval while waiting (default 20 ms). */
  pollMs?: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function errno(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? "EUNKNOWN";
}

function readHolder(path: string): LockHolder | null {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as Partial<LockHolder>;
    if (typeof v.pid === "number" && typeof v.host === "string" && typeof v.nonce === "string")
      return { pid: v.pid, host: v.host, nonce: v.nonce };
  } catch {
    // Unreadable or gone: treated below.
  }
  return null;
}

/** A holder on this host whose process no longer exists. Holders on other hosts are never presumed dead. */
function isStale(h: LockHolder): boolean {
  if (h.host !== hostname()) return false;
  try {
    process.kill(h.pid, 0);
    return false;
  } catch (e) {
    return errno(e) === "ESRCH";
  }
}

/**
 * Creates the lock file atomically with its content complete (write a private file, then hard-link it to the
 * lock name; link fails with EEXIST when the lock is held), so no reader ever sees a half-written holder.
 */
function tryCreate(lockPath: string, me: LockHolder): "created" | "exists" {
  const tmp = `${lockPath}.${me.nonce}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, lockPath);
    return "created";
  } catch (e) {
    if (errno(e) === "EEXIST") return "exists";
    throw e;
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Best effort.
    }
  }
}

/**
 * Removes a stale lock without ever removing a live one: the lock is first renamed to a private name (atomic;
 * of two breakers only one gets the file), then its content is compared with the stale holder that was judged
 * dead. If another breaker had already replaced it with a fresh lock, that fresh lock is put back.
 */
function breakStale(lockPath: string, stale: LockHolder, me: LockHolder): boolean {
  const aside = `${lockPath}.${me.nonce}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return false;
  }
  const found = readHolder(aside);
  if (found !== null && found.nonce !== stale.nonce) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone holds it again; the fresh holder keeps its own file.
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

export function acquireLock(logPath: string, opts: LockOptions = {}): LockOutcome {
  const lockPath = `${logPath}.lock`;
  const waitMs = opts.waitMs ?? 2000;
  const pollMs = opts.pollMs ?? 20;
  const me: LockHolder = { pid: process.pid, host: hostname(), nonce: randomBytes(8).toString("hex") };
  const started = Date.now();
  let tookOverFrom: LockHolder | null = null;
  for (;;) {
    let state: "created" | "exists";
    try {
      state = tryCreate(lockPath, me);
    } catch (e) {
      return { ok: false, reason: "io", errno: errno(e) };
    }
    if (state === "created") {
      const lock: HeldLock = {
        path: lockPath,
        holder: me,
        release() {
          const h = readHolder(lockPath);
          if (h !== null && h.nonce === me.nonce) {
            try {
              unlinkSync(lockPath);
            } catch {
              // Already gone.
            }
          }
        },
      };
      return { ok: true, lock, tookOverFrom };
    }
    const holder = readHolder(lockPath);
    if (holder !== null && isStale(holder)) {
      if (breakStale(lockPath, holder, me)) tookOverFrom = holder;
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= waitMs) return { ok: false, reason: "held", holder, waitedMs: waited };
    sleepSync(Math.min(pollMs, waitMs - waited));
  }
}
