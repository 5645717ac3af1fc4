// FC-CERT-10: cucumber's message stream becomes one result per scenario, worst step status wins.
import { describe, expect, it } from "vitest";
import { featureResults } from "./features.ts";

const env = (o: unknown) => JSON.stringify(o);
const pickle = (id: string, name: string, tags: string[] = []) =>
  env({ pickle: { id, name, uri: "features/policy/Guards.feature", tags: tags.map((name) => ({ name })) } });
const step = (started: string, status: string, message?: string) =>
  env({
    testStepFinished: {
      testCaseStartedId: started,
      testStepResult: { status, ...(message ? { message } : {}), duration: { seconds: 0, nanos: 2_000_000 } },
    },
  });

const STREAM = [
  pickle("p1", "A disabled loop never compacts", ["@FC-POLICY-GUARD-2", "@slow"]),
  pickle("p2", "Manual policy"),
  pickle("p3", "Undefined step"),
  pickle("p4", "A disabled loop never compacts"),
  env({ testCase: { id: "c1", pickleId: "p1" } }),
  env({ testCase: { id: "c2", pickleId: "p2" } }),
  env({ testCase: { id: "c3", pickleId: "p3" } }),
  env({ testCaseStarted: { id: "s1", testCaseId: "c1" } }),
  env({ testCaseStarted: { id: "s2", testCaseId: "c2" } }),
  env({ testCaseStarted: { id: "s3", testCaseId: "c3" } }),
  step("s1", "PASSED"),
  step("s1", "PASSED"),
  step("s2", "PASSED"),
  step("s2", "FAILED", "expected keep\nbut got compact"),
  step("s2", "SKIPPED"),
  step("s3", "UNDEFINED"),
  "not json at all",
].join("\n");

describe("featureResults", () => {
  it("maps scenarios to ids, statuses, requirements and timings", () => {
    const rs = featureResults(STREAM);
    expect(rs.map((r) => [r.id, r.status])).toEqual([
      ["features.guards.a-disabled-loop-never-compacts", "passed"],
      ["features.guards.manual-policy", "failed"],
      ["features.guards.undefined-step", "errored"],
      ["features.guards.a-disabled-loop-never-compacts-2", "errored"],
    ]);
    expect(rs[0]).toMatchObject({
      requirements: ["FC-POLICY-GUARD-2"],
      ms: 4,
      area: "features",
      kind: "feature",
    });
    expect(rs[1]!.message).toBe("expected keep but got compact");
    expect(rs[3]!.message).toBe("the scenario did not run");
  });

  it("applies the filter to scenario ids", () => {
    expect(featureResults(STREAM, "features.guards.manual-*").map((r) => r.id)).toEqual([
      "features.guards.manual-policy",
    ]);
  });
});
