import { describe, expect, it } from "vitest";
import { isChatter, looksLikeError } from "./chatter.ts";

describe("looksLikeError (FC-STAGE1-RAW-9)", () => {
  it("an error class named without the bare word is error-like", () => {
    for (const line of [
      "TypeError: x is not a function",
      "ValueError: bad",
      "java.lang.NullPointerException",
      'RangeError [ERR_OUT_OF_RANGE]: The value of "offset" is out of range.',
      "ModuleNotFoundError: No module named 'yaml'",
      "Caused by: java.io.FileNotFoundException: /etc/app.conf",
      "Foo$BarException: inner class",
    ])
      expect([line, looksLikeError(line)]).toEqual([line, true]);
  });
  it("a class in source or prose, a word that only starts with Error, or a lower-case name, is not", () => {
    for (const line of [
      '16|       expect(() => add("a", 1)).toThrow(TypeError);',
      "✖ throws a TypeError (0.105607ms)",
      "it raises ValueError when the port is taken",
      "    at com.example.FooException.<init>(FooException.java:9)",
      "Wrap the page in an ErrorBoundary to see the cause",
      "the onError handler is registered",
      "myException stays unset",
      "Errorless run",
    ])
      expect([line, looksLikeError(line)]).toEqual([line, false]);
  });
  it("a count of no errors stays chatter", () => {
    expect(isChatter("Summary: 0 errors in the schema check")).toBe(true);
  });
  it("a long run of capitals and letters is matched in linear time (FC-STAGE1-RAW-10)", () => {
    const t = performance.now();
    expect(looksLikeError(`${"Ab1".repeat(100_000)} `)).toBe(false);
    expect(performance.now() - t).toBeLessThan(500);
  });
});
