// FC-REDACT-SENSITIVE-3, -7, -14, -16, -20, FC-PATH-2: the rule records of spec/rules/redaction-rules.json, the one source of the formats, names, tables and keywords the detectors use.
import data from "../../spec/rules/redaction-rules.json" with { type: "json" };

/** A positive sample: masked whole (a string), or the parts that must not survive and the parts that stay. */
export type PositiveSample = string | { text: string; secret: string | string[]; keep?: string[] };

export type RuleKind =
  | "token-format"
  | "token-format-cut"
  | "provider-keyed"
  | "keyed-form"
  | "structural"
  | "entropy"
  | "encoding"
  | "pii"
  | "path"
  | "visible";

export interface RuleRecord {
  id: string;
  kind: RuleKind;
  class: "contract" | "reference";
  description: string;
  requirements: string[];
  placeholder?: "secret" | "pii" | "path";
  detector?: string;
  keywords: Record<string, string[]>;
  provider?: string;
  category?: string;
  format?: { prefixes: string[]; alphabet: string; minBody: number };
  pattern?: string;
  check?: { name: string; from?: number };
  gate?: string;
  names?: string[];
  spellings?: string[];
  sampleTemplates?: string[];
  secretSubstrings?: string[];
  secretSegments?: string[];
  keyQualifiers?: string[];
  contextWords?: string[];
  window?: number;
  contract?: { minLength: number; classes: string[]; minEntropy: number };
  networks?: { name: string; prefix: string; lengths: number[] }[];
  countries?: { code: string; length: number }[];
  samples: { positive: PositiveSample[]; negative: string[] };
}

/** Every record, in file order (the order the reference runs the token formats in). */
export const RULES: readonly RuleRecord[] = (data as unknown as { rules: RuleRecord[] }).rules;

const BY_ID = new Map<string, RuleRecord>();
for (const r of RULES) {
  if (BY_ID.has(r.id)) throw new Error(`redaction rules: duplicate id ${r.id}`);
  BY_ID.set(r.id, r);
}

export function rulesOfKind(kind: RuleKind): RuleRecord[] {
  return RULES.filter((r) => r.kind === kind);
}

/** The record with this id; a missing one is a broken rule file, found when the module loads. */
export function ruleById(id: string): RuleRecord {
  const r = BY_ID.get(id);
  if (r === undefined) throw new Error(`redaction rules: no record ${id} in spec/rules/redaction-rules.json`);
  return r;
}

/** A list a record must carry (a table the detector is built from). */
export function listOf<K extends keyof RuleRecord>(id: string, key: K): NonNullable<RuleRecord[K]> {
  const v = ruleById(id)[key];
  if (v === undefined) throw new Error(`redaction rules: record ${id} has no ${String(key)}`);
  return v as NonNullable<RuleRecord[K]>;
}

/**
 * The words of every keyword family, gathered from the records (a provider-keyed record contributes its names and
 * spellings to the family `providerKey`). Each word once per family, in record order.
 */
export function keywordWords(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (family: string, words: readonly string[]) => {
    const list = out[family] ?? [];
    for (const w of words) if (!list.includes(w)) list.push(w);
    out[family] = list;
  };
  for (const r of RULES) {
    for (const [family, words] of Object.entries(r.keywords)) add(family, words);
    if (r.kind === "provider-keyed") add("providerKey", [...(r.names ?? []), ...(r.spellings ?? [])]);
  }
  return out;
}
