// FC-CERT-11: the replay cache answers a repeated message with a copy of the same reply and keeps nothing else.
import { describe, expect, it } from "vitest";
import { jsonClean, replayCache } from "./replay-cache.ts";

describe("replayCache", () => {
  it("runs the handler once per distinct message and hands out copies nobody can change", async () => {
    let calls = 0;
    const cache = replayCache(async (cmd, message) => {
      calls++;
      return { log: { cmd, echo: message.request, n: calls } };
    });
    const a = await cache.handler("compact", { request: { x: [1, "é"] } });
    const b = await cache.handler("compact", { request: { x: [1, "é"] } });
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    (a.log as { n: number }).n = 99;
    expect(await cache.handler("compact", { request: { x: [1, "é"] } })).toEqual({
      log: { cmd: "compact", echo: { x: [1, "é"] }, n: 1 },
    });
    // Another command, another member order or another value is another message.
    await cache.handler("policy.decide", { request: { x: [1, "é"] } });
    await cache.handler("compact", { request: { x: [1, "e"] } });
    expect(calls).toBe(3);
    expect(cache.stats()).toEqual({ hits: 2, misses: 3 });
  });

  it("passes anything that is not exactly JSON to the handler every time", async () => {
    let calls = 0;
    const cache = replayCache(async () => ({ n: ++calls }));
    const odd = [{ a: undefined }, { a: -0 }, { a: Number.NaN }, { a: new Array(3) }, { a: new Date(0) }];
    for (const m of odd) {
      await cache.handler("compact", m as Record<string, unknown>);
      await cache.handler("compact", m as Record<string, unknown>);
    }
    expect(calls).toBe(2 * odd.length);
    // A reply that is not exactly JSON is handed back as it is and not kept.
    let replies = 0;
    const raw = replayCache(async () => ({ log: { when: undefined, n: ++replies } }));
    await raw.handler("compact", {});
    expect(await raw.handler("compact", {})).toEqual({ log: { when: undefined, n: 2 } });
  });

  it("starts over when its memory is full", async () => {
    let calls = 0;
    const cache = replayCache(async () => ({ n: ++calls, pad: "x".repeat(100) }), 200);
    await cache.handler("c", { k: 1 });
    await cache.handler("c", { k: 2 }); // over 200 characters: the memory starts over with this one
    await cache.handler("c", { k: 2 });
    await cache.handler("c", { k: 1 });
    expect(calls).toBe(3);
    expect(cache.stats()).toEqual({ hits: 1, misses: 3 });
  });

  it("jsonClean accepts what JSON.parse gives and nothing else", () => {
    expect(jsonClean(JSON.parse('{"a":[1,"x",null,true,{"b":-1.5}],"__proto__":{}}'))).toBe(true);
    for (const v of [
      undefined,
      () => 1,
      1n,
      Symbol("s"),
      Number.POSITIVE_INFINITY,
      new Map(),
      Object.assign([1], { k: 2 }),
    ])
      expect(jsonClean(v)).toBe(false);
  });
});
