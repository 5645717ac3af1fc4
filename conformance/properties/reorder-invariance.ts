// FC-PURE-1: key insertion order and finding order inside a round change nothing in the log.
import type { PropertyCheck } from "../iut.ts";
import { sameReplyProperty } from "./support.ts";

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

export const reorderInvariance: PropertyCheck = sameReplyProperty(meta, {
  variant: reordered,
  pointer: "",
  differs: (at) => `the log changed under key and finding reordering, first at '${at}'`,
  kind: "the log changed under reordering",
  notes: "Step 1 is the same request with keys and findings in reverse order: its log must equal step 0's.",
});
