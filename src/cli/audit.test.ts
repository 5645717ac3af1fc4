// FC-AUDIT-5..10, FC-CLI-1..3: `audit verify|show|repair` on intact, torn, damaged and leaking logs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendRecords } from "../audit/store.ts";
import { fakeIo } from "../testing/fake-io.ts";
import { main } from "./main.ts";

const dir = mkdtempSync(join(tmpdir(), "fc-audit-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logWith(name: string, n = 3): string {
  const p = join(dir, name);
  appendRecords(
    p,
    Array.from({ length: n }, (_, i) => ({ id: `e${i}`, kind: "t", i })),
    "k",
  );
  return p;
}

async function run(argv: string[]) {
  const io = fakeIo();
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

describe("audit verify", () => {
  it("exits 0 on an intact log and names its head", async () => {
    const r = await run(["audit", "verify", logWith("ok.jsonl")]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: true,
      entries: 3,
      torn: null,
      problems: [],
      head: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("exits 1 on a torn tail, an edited line and a leaked secret, listing each with its line", async () => {
    const torn = logWith("torn.jsonl");
    writeFileSync(torn, `${readFileSync(torn, "utf8")}{"id":"e3","ki`);
    const t = await run(["audit", "verify", torn]);
    expect(t.code).toBe(1);
    expect(JSON.parse(t.out).torn).toMatchObject({ bytes: 14 });

    const edited = logWith("edited.jsonl");
    writeFileSync(edited, readFileSync(edited, "utf8").replace('"i":1', '"i":7'));
    const e = JSON.parse((await run(["audit", "verify", edited])).out);
    expect(e.problems).toEqual([expect.objectContaining({ kind: "broken-link", line: 3 })]);

    const leaky = join(dir, "leaky.jsonl");
    appendRecords(
      leaky,
      [{ id: "x", kind: "t", note: "token ghp_R8x2Kq9ZmW4vT7nL3pY6sB1cD5fH0jG2aE9u" }],
      "k",
    );
    const l = await run(["audit", "verify", leaky]);
    expect(l.code).toBe(1);
    expect(JSON.parse(l.out).leaks).toEqual([expect.objectContaining({ line: 1, id: "x" })]);
    expect(l.out).not.toContain("ghp_R8x2");
  });

  it("repair cuts the torn tail and verify passes afterwards; damage is refused", async () => {
    const torn = logWith("torn2.jsonl");
    writeFileSync(torn, `${readFileSync(torn, "utf8")}{"id":"e3"`);
    expect(JSON.parse((await run(["audit", "repair", torn])).out)).toMatchObject({
      repaired: true,
      bytes: 10,
    });
    expect((await run(["audit", "verify", torn])).code).toBe(0);
    const bad = logWith("bad.jsonl");
    writeFileSync(bad, readFileSync(bad, "utf8").replace('"i":0', '"i":9'));
    const r = await run(["audit", "repair", bad]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err).error.message).toContain("line 2");
  });
});

describe("audit show and usage", () => {
  it("prints the entry with an id, and a typed error for an unknown one", async () => {
    const p = logWith("show.jsonl");
    const r = await run(["audit", "show", "e1", "--log", p]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ id: "e1", kind: "t", seq: 1 });
    const miss = await run(["audit", "show", "nope", "--log", p]);
    expect(miss.code).toBe(2);
    expect(JSON.parse(miss.err).error.code).toBe("INVALID_REQUEST");
  });

  it("teaches with --help and refuses malformed invocations with one JSON line", async () => {
    expect((await run(["audit", "--help"])).out).toContain("audit show ID --log FILE");
    for (const argv of [
      ["audit"],
      ["audit", "verify"],
      ["audit", "show", "x"],
      ["audit", "verify", "f", "--frob"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.err).error.code).toBe("USAGE");
    }
    const missing = await run(["audit", "verify", join(dir, "missing.jsonl")]);
    expect(JSON.parse(missing.err).error).toEqual({
      code: "IO",
      message: "cannot read the audit log (ENOENT)",
    });
  });
});
