// FC-REDACT-SENSITIVE-12: seeded log-like finding messages for the throughput benchmark and the leak-scan timing test.
import { pick, type Rand, rng, rs } from "./corpus.ts";

const IDENTS = [
  "userService",
  "parseConfig",
  "OrderRepository",
  "handleRequest",
  "cartTotal",
  "tokenizeInput",
  "retryPolicy",
  "SessionStore",
  "renderDelta",
  "buildIndex",
];
const FILES = [
  "src/api/users.ts",
  "src/lib/config.ts",
  "src/cart/total.ts",
  "test/order.test.ts",
  "src/delta/render.ts",
  "packages/core/src/index.ts",
];
const TEMPLATES: ((r: Rand) => string)[] = [
  (r) =>
    `${pick(r, FILES)}(${1 + Math.floor(r() * 400)},${1 + Math.floor(r() * 60)}): error TS${2300 + Math.floor(r() * 400)}: Property '${pick(r, IDENTS)}' does not exist on type '{ id: string; total: number; items: Item[]; }'. Did you mean '${pick(r, IDENTS)}'?`,
  (r) =>
    `expect(received).toEqual(expected) // deep equality\n\n- Expected  - 2\n+ Received  + 2\n\n  Object {\n-   "status": "ok",\n+   "status": "error",\n-   "count": ${Math.floor(r() * 100)},\n+   "count": ${Math.floor(r() * 100)},\n    "id": "${rs(r, "0123456789abcdef", 8)}-${rs(r, "0123456789abcdef", 4)}-4${rs(r, "0123456789abcdef", 3)}-a${rs(r, "0123456789abcdef", 3)}-${rs(r, "0123456789abcdef", 12)}",\n  }`,
  (r) =>
    `TypeError: Cannot read properties of undefined (reading '${pick(r, IDENTS)}')\n    at ${pick(r, IDENTS)} (/home/runner/work/app/app/${pick(r, FILES)}:${Math.floor(r() * 300)}:${Math.floor(r() * 40)})\n    at Object.<anonymous> (/home/runner/work/app/app/node_modules/.pnpm/vitest@4.1.12/node_modules/vitest/dist/index.js:${Math.floor(r() * 9000)}:12)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`,
  (r) =>
    `${pick(r, FILES)}:${Math.floor(r() * 300)}:${Math.floor(r() * 40)} error '${pick(r, IDENTS)}' is assigned a value but never used  @typescript-eslint/no-unused-vars (see https://typescript-eslint.io/rules/no-unused-vars)`,
  (r) =>
    `FAIL ${pick(r, FILES)} > ${pick(r, IDENTS)} > returns the cached token when the session is still valid (${Math.floor(r() * 900)}ms)\nAssertionError: expected 401 to be 200 // Object.is equality\n commit ${rs(r, "0123456789abcdef", 40)} integrity sha512-${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 86)}==`,
  (r) =>
    `npm ERR! code ERESOLVE\nnpm ERR! While resolving: @acme/${pick(r, ["web", "api", "cli"])}@${Math.floor(r() * 5)}.${Math.floor(r() * 20)}.${Math.floor(r() * 9)}\nnpm ERR! Found: react@18.${Math.floor(r() * 3)}.0 at http://localhost:${pick(r, ["3000", "5173"])}/ (127.0.0.1)`,
];

/** `count` finding messages averaging ~390 characters; about 1 in 200 carries a planted fake credential. */
export function logMessages(count: number, seed = 7): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let m = pick(r, TEMPLATES)(r);
    if (r() < 0.3)
      m += ` (retry ${Math.floor(r() * 5)} of 5, ${Math.floor(r() * 2000)}ms elapsed, worker ${pick(r, IDENTS)})`;
    if (r() < 0.005)
      m += ` GITHUB_TOKEN=ghp_${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 36)}`;
    out.push(m);
  }
  return out;
}
