// FC-RENDER-2: the encoder built from tiktoken/lite + the published tables counts exactly like get_encoding.
import fc from "fast-check";
import { get_encoding } from "tiktoken";
import { afterAll, describe, expect, it } from "vitest";
import { newO200kEncoder } from "./o200k.mjs";
import { releaseTokenizer, sharedTokenizer } from "./tiktoken.ts";
import { startThreadTokenizer } from "./tokenizer-thread.ts";

describe("o200k_base", () => {
  const full = get_encoding("o200k_base");
  const lite = newO200kEncoder();
  afterAll(() => {
    full.free();
    lite.free();
  });

  it("tiktoken/lite over the published tables gives the same tokens as get_encoding", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.json()), (text) => {
        expect([...lite.encode_ordinary(text)]).toEqual([...full.encode_ordinary(text)]);
      }),
      { numRuns: 300 },
    );
    const delta =
      '{"attempt":3,"constraints":["Do not re-introduce «redacted:aws-access-key»"],"summary":"ünïcödé 🚀"}';
    expect(lite.encode_ordinary(delta).length).toBe(full.encode_ordinary(delta).length);
  });

  it("the shared counter remembers counts without changing one: again, past its bound and after release", () => {
    const shared = sharedTokenizer();
    const texts = [
      ...Array.from({ length: 5000 }, (_, i) => `cause ${i}: «redacted:secret» ${"é".repeat(i % 7)}`),
      "x".repeat(20_000),
    ];
    for (const round of [0, 1]) {
      for (const text of texts)
        expect(shared.count(text), `${round}: ${text.slice(0, 20)}`).toBe(full.encode_ordinary(text).length);
      if (round === 0) releaseTokenizer();
    }
  });

  it("the worker-thread counter agrees with the in-process encoder", async () => {
    const thread = startThreadTokenizer();
    try {
      for (const text of ["", "hello world", "<|endoftext|> is ordinary text here", "🚀".repeat(50)])
        expect(thread.count(text)).toBe(full.encode_ordinary(text).length);
    } finally {
      await thread.close();
    }
  });
});
