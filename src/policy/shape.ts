// FC-POLICY-VALIDATE-1, FC-POLICY-DECIDE-4: structural checks shared by the policy modules (no values echoed).

export type JsonObject = Record<string, unknown>;

export const FULL_SCALE = 10_000;
/** Upper bound for every token count and window (keeps `tokens * 10_000` an exact integer in a double). */
export const MAX_TOKENS = 1_000_000_000;

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const has = (o: JsonObject, key: string): boolean => Object.hasOwn(o, key);

export const isCount = (v: unknown, max: number = MAX_TOKENS): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

export const isBasisPoints = (v: unknown): v is number => isCount(v, FULL_SCALE);

export const isMillis = (v: unknown): v is number => isCount(v, Number.MAX_SAFE_INTEGER);

/** The first member of `o` that is not in `allowed`, or undefined. */
export function unknownMember(o: JsonObject, allowed: readonly string[]): string | undefined {
  return Object.keys(o).find((k) => !allowed.includes(k));
}
