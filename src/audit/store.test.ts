// FC-AUDIT-1..10: the chained store — links, ids, torn tails, damage, the writer lock and the key file.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GENESIS, lineDigest, scanChain } from "./chain.ts";
import { AuditStore, appendRecords, auditKey, readAuditLog } from "./store.ts";

let dir: string;
let log: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-audit-"));
  log = join(dir, "audit.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (opts = {}) => {
  const r = AuditStore.open(log, { key: "k", ...opts });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const lines = () => readFileSync(log, "utf8").split("\n").filter(Boolean);

describe("hash chain (FC-AUDIT-5, FC-AUDIT-6)", () => {
  it("links every entry to the digest of the previous line, from the genesis value", () => {
    const s = open();
    s.append([
      { id: "a", kind: "t", n: 1 },
      { id: "b", kind: "t", n: 2 },
    ]);
    s.append([{ id: "c", kind: "t" }]);
    s.close();
    const ls = lines();
    expect(ls).toHaveLength(3);
    const parsed = ls.map((l) => JSON.parse(l) as { seq: number; prev: string });
    expect(parsed.map((p) => p.seq)).toEqual([0, 1, 2]);
    expect(parsed[0]!.prev).toBe("0".repeat(64));
    expect(parsed[1]!.prev).toBe(lineDigest(Buffer.from(ls[0]!)));
    expect(parsed[2]!.prev).toBe(lineDigest(Buffer.from(ls[1]!)));
    // The head an operator can anchor elsewhere is the last line's digest.
    const again = open();
    expect(again.head).toBe(lineDigest(Buffer.from(ls[2]!)));
    again.close();
  });

  it("detects an edited, a deleted and a swapped line", () => {
    appendRecords(
      log,
      ["a", "b", "c", "d"].map((id) => ({ id, kind: "t", v: id })),
      "k",
    );
    const ls = lines();
    const edited = [ls[0], ls[1]!.replace('"v":"b"', '"v":"B"'), ls[2], ls[3]].join("\n") + "\n";
    expect(scanChain(Buffer.from(edited)).problems).toEqual([{ kind: "broken-link", line: 3 }]);
    const deleted = [ls[0], ls[2], ls[3]].join("\n") + "\n";
    expect(scanChain(Buffer.from(deleted)).problems.map((p) => p.kind)).toEqual([
      "bad-seq",
      "broken-link",
      "bad-seq",
    ]);
    const swapped = [ls[0], ls[2], ls[1], ls[3]].join("\n") + "\n";
    expect(scanChain(Buffer.from(swapped)).problems.length).toBeGreaterThanOrEqual(3);
    expect(scanChain(Buffer.from("")).head).toBe(GENESIS);
  });

  it("reports a duplicate id written by something other than the store", () => {
    appendRecords(log, [{ id: "a", kind: "t" }], "k");
    const first = lines()[0]!;
    const forged = JSON.stringify({ id: "a", kind: "t", seq: 1, prev: lineDigest(Buffer.from(first)) });
    writeFileSync(log, `${first}\n${forged}\n`);
    expect(scanChain(readFileSync(log)).problems).toEqual([
      { kind: "duplicate-id", line: 2, id: "a", firstLine: 1 },
    ]);
  });
});

describe("ids and records (FC-AUDIT-2, FC-AUDIT-3)", () => {
  it("skips ids already present (first write wins) and duplicates inside one batch", () => {
    const s = open();
    expect(s.append([{ id: "r1.verdict", kind: "round", v: 1 }]).ok).toBe(true);
    const r = s.append([
      { id: "r1.verdict", kind: "round", v: 2 },
      { id: "c1", kind: "compaction" },
      { id: "c1", kind: "compaction" },
    ]);
    expect(r).toEqual({ ok: true, value: { appended: ["c1"], skipped: ["r1.verdict", "c1"] } });
    s.close();
    expect(readAuditLog(log).entries.find((e) => e.id === "r1.verdict")!.v).toBe(1);
  });

  it("stores a keyed digest instead of digestOf and refuses reserved or missing fields", () => {
    const s = open({ key: "secret-key" });
    s.append([{ id: "t", kind: "tombstone", digestOf: "sk_live_value" }]);
    expect(s.append([{ id: "x", kind: "t", seq: 9 }])).toMatchObject({
      ok: false,
      error: { code: "BAD_RECORD" },
    });
    expect(s.append([{ id: "", kind: "t" }])).toMatchObject({ ok: false, error: { code: "BAD_RECORD" } });
    s.close();
    const text = readFileSync(log, "utf8");
    expect(text).not.toContain("sk_live_value");
    expect(text).not.toContain("digestOf");
    expect(JSON.parse(lines()[0]!).digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("creates the key file once, mode 0600, and every later call reads the same key", () => {
    const k1 = auditKey(log, {});
    const k2 = auditKey(log, {});
    expect(k1).toMatch(/^[0-9a-f]{64}$/);
    expect(k2).toBe(k1);
    expect(statSync(`${log}.key`).mode & 0o777).toBe(0o600);
    expect(auditKey(log, { FEEDBACK_COMPACTOR_AUDIT_KEY: "from-env" })).toBe("from-env");
  });
});

describe("torn tails and damage (FC-AUDIT-7, FC-AUDIT-8)", () => {
  it("repairs a torn tail on the next open, records the repair, and keeps every complete entry", () => {
    appendRecords(log, [{ id: "a", kind: "t" }], "k");
    const intact = readFileSync(log);
    writeFileSync(log, Buffer.concat([intact, Buffer.from('{"id":"b","kind":"t","pay')]));
    expect(readAuditLog(log).torn).toBe(true);
    const s = open();
    expect(s.repaired).toEqual({
      offset: intact.length,
      bytes: 25,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    s.append([{ id: "b", kind: "t" }]);
    s.close();
    const scan = scanChain(readFileSync(log));
    expect(scan.problems).toEqual([]);
    expect(scan.torn).toBeNull();
    expect(scan.entries.map((e) => [e.entry.id, e.entry.kind])).toEqual([
      ["a", "t"],
      ["repair.1", "repair"],
      ["b", "t"],
    ]);
    expect(scan.entries[1]!.entry).toMatchObject({ truncatedAt: intact.length, truncatedBytes: 25 });
  });

  it("a torn tail that cuts a multi-byte character is still cut at the last LF", () => {
    appendRecords(log, [{ id: "a", kind: "t", s: "é€😀" }], "k");
    const intact = readFileSync(log);
    const next = Buffer.from('{"id":"b","s":"😀"}');
    writeFileSync(log, Buffer.concat([intact, next.subarray(0, 17)]));
    const s = open();
    expect(s.repaired?.bytes).toBe(17);
    s.close();
    expect(scanChain(readFileSync(log)).problems).toEqual([]);
  });

  it("refuses to append to a log whose complete lines are damaged, and changes nothing", () => {
    appendRecords(log, [{ id: "a", kind: "t" }], "k");
    writeFileSync(log, `${readFileSync(log, "utf8")}not json\n`);
    const before = readFileSync(log);
    const r = AuditStore.open(log, { key: "k" });
    expect(r).toMatchObject({ ok: false, error: { code: "CORRUPT" } });
    if (!r.ok) expect(r.error.message).toContain("line 2: not JSON");
    expect(readFileSync(log).equals(before)).toBe(true);
    expect(existsSync(`${log}.lock`)).toBe(false);
  });
});

describe("one writer at a time (FC-AUDIT-9)", () => {
  it("a second writer waits, then is refused with the holder named", () => {
    const a = open();
    const t0 = Date.now();
    const b = AuditStore.open(log, { key: "k", waitMs: 150 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(b).toMatchObject({ ok: false, error: { code: "LOCKED" } });
    if (!b.ok) expect(b.error.message).toContain(`pid ${process.pid} on ${hostname()}`);
    a.close();
    const c = AuditStore.open(log, { key: "k", waitMs: 0 });
    expect(c.ok).toBe(true);
    if (c.ok) c.value.close();
  });

  it("serialises with a writer in another process that releases within the wait", async () => {
    const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
    const script = `
      import { AuditStore } from ${JSON.stringify(join(repo, "src/audit/store.ts"))};
      const s = AuditStore.open(${JSON.stringify(log)}, { key: "k" });
      if (!s.ok) process.exit(3);
      s.value.append([{ id: "other", kind: "t" }]);
      console.log("holding");
      setTimeout(() => { s.value.append([{ id: "other.2", kind: "t" }]); s.value.close(); }, 400);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: repo,
    });
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    const mine = AuditStore.open(log, { key: "k", waitMs: 10_000 });
    expect(mine.ok).toBe(true);
    if (!mine.ok) return;
    mine.value.append([{ id: "mine", kind: "t" }]);
    mine.value.close();
    await new Promise((r) => child.once("close", r));
    const scan = scanChain(readFileSync(log));
    expect(scan.problems).toEqual([]);
    expect(scan.entries.map((e) => e.entry.id)).toEqual(["other", "other.2", "mine"]);
  });

  it("takes over the lock of a writer that died, and never that of a live one", () => {
    writeFileSync(`${log}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), nonce: "dead" }));
    const s = open({ waitMs: 0 });
    expect(s.tookOverFrom).toMatchObject({ nonce: "dead" });
    s.close();
    writeFileSync(`${log}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), nonce: "alive" }));
    expect(AuditStore.open(log, { key: "k", waitMs: 0 })).toMatchObject({
      ok: false,
      error: { code: "LOCKED" },
    });
    writeFileSync(`${log}.lock`, JSON.stringify({ pid: 1, host: "another-host", nonce: "remote" }));
    expect(AuditStore.open(log, { key: "k", waitMs: 0 })).toMatchObject({
      ok: false,
      error: { code: "LOCKED" },
    });
  });
});
