// FC-PURE-1: key insertion order and finding order inside a round change nothing in the log.
import type { PropertyCheck } from "../iut.ts";
import { firstDifference } from "../runner/json.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import {
  canonical,
  compactProperty,
  compactVia,
  firstStep,
  logOf,
  sameAsFirst,
  Violation,
} from "./support.ts";

const meta = {
  id: "property.reorder-invariance",
  description:
    "Reversing the key order of every object and the finding order inside every round leaves the whole log unchanged.",
  requirements: ["FC-PURE-1"],
  delta: true,
};

/** Every object with its keys in reverse insertion order; arrays of findings reversed. */
export function reordered(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => reordered(v));
    return key === "findings" ? items.reverse() : items;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).reverse();
    return Object.fromEntries(entries.map(([k, v]) => [k, reordered(v, k)]));
  }
  return value;
}

export const reorderInvariance: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const a = logOf(await compactVia(iut, request, options));
    const b = logOf(await compactVia(iut, reordered(request), options));
    if (canonical(a) !== canonical(b)) {
      const d = firstDifference(a, b);
      throw new Violation(
        `the log changed under key and finding reordering, first at '${d?.pointer ?? "?"}'`,
        "the log changed under reordering",
      );
    }
  },
  (m) => ({
    steps: [firstStep(m), sameAsFirst(m, reordered(toRequest(m).request), "")],
    notes: "Step 1 is the same request with keys and findings in reverse order: its log must equal step 0's.",
  }),
);
