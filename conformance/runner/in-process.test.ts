// FC-CERT-1: an in-process implementation is judged as its process would be — a request it works on past the timeout is errored.
import { describe, expect, it } from "vitest";
import { inProcessIut } from "./in-process.ts";

const info = { name: "t", version: "1", language: "typescript" };

describe("inProcessIut's timeout", () => {
  it("errors a request whose own work takes longer than the timeout, and names the timeout", async () => {
    const iut = await inProcessIut(
      async () => {
        // 250 ms of CPU time, however busy the machine is.
        const cpu = () => process.cpuUsage().user / 1000;
        const until = cpu() + 250;
        let x = 0;
        while (cpu() < until) x++;
        return { result: { x } };
      },
      info,
      ["policy"],
      "full",
      100,
    );
    const r = await iut.call("policy.validate", {});
    expect(r.kind).toBe("errored");
    expect(r.kind === "errored" ? r.reason : "").toMatch(
      /^no reply within the 100 ms timeout: the handler worked \d+ ms/,
    );
  });

  it("does not charge a handler for waiting, and has no timeout unless given one", async () => {
    const waits = await inProcessIut(
      async () => {
        await new Promise((r) => setTimeout(r, 250));
        return { result: { ok: true } };
      },
      info,
      ["policy"],
      "full",
      100,
    );
    expect((await waits.call("policy.validate", {})).kind).toBe("result");
    const works = await inProcessIut(
      async () => {
        const until = performance.now() + 150;
        while (performance.now() < until);
        return { result: { ok: true } };
      },
      info,
      ["policy"],
    );
    expect((await works.call("policy.validate", {})).kind).toBe("result");
  });
});
