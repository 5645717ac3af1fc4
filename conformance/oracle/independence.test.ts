// FC-ARCH-2, FC-CASE-12: the judge does not share the reference's bugs: a broken src/canonical.ts is caught.
import { describe, expect, it, vi } from "vitest";

// A plausible bug in the reference's canonical rendering: members whose value is null are left out. The reference
// then counts its Delta's tokens over the wrong text (renderedTokens). Had the suite counted with the reference's
// canonical, its count would agree with the wrong one and nothing would fail.
vi.mock("../../src/canonical.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/canonical.ts")>();
  const dropNulls = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(dropNulls);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== null)
          .map(([k, x]) => [k, dropNulls(x)]),
      );
    }
    return v;
  };
  return { ...real, canonical: (value: unknown) => real.canonical(dropNulls(value)) };
});

const { certify } = await import("../runner/certify.ts");

describe("the judge's own oracle", () => {
  it("catches a reference whose canonical rendering drops null members", async () => {
    const report = await certify({
      filter: "compact.render.*",
      includeProperties: false,
      includeFeatures: false,
    });
    const failed = report.results.filter((r) => r.gating && r.status === "failed");
    expect(failed.map((r) => r.id)).toContain("compact.render.rendered-tokens-are-the-suites-own-count");
    const tokens = failed.find((r) => r.id === "compact.render.rendered-tokens-are-the-suites-own-count");
    expect(tokens?.message).toMatch(/counts \d+ o200k_base tokens/);
    expect(report.ok).toBe(false);
  }, 120_000);
});
