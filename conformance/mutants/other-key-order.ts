// FC-CASE-4, FC-RENDER-1 (harmless variant): every object of the reply has its keys in reverse order.
import type { ProtocolHandler } from "../iut.ts";
import type { MutantModule } from "./support.ts";

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  }
  return value;
}

const mutant: MutantModule = {
  id: "other-key-order",
  description:
    "serialises every reply with object keys in reverse order; comparisons are semantic, so nothing changes",
  violates: [],
  harmless: true,
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) =>
      reverseKeys(await reference(cmd, message)) as Record<string, unknown>,
};
export default mutant;
