// Tests of the demo sample, run by the demo's Verifier with `node --test` against tsc's output in dist/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatCents, total, withTax } from "../dist/money.js";

test("total multiplies price by quantity", () => {
  assert.equal(
    total([
      { label: "pens", cents: 250, qty: 2 },
      { label: "pad", cents: 100, qty: 1 },
    ]),
    600,
  );
});

test("formatCents shows two decimals", () => {
  assert.equal(formatCents(1999), "€19.99");
});

test("withTax adds twenty percent", () => {
  assert.equal(withTax(1000), 1200);
});
