// FC-POLICY-VALIDATE-1..14: CompactionPolicy validation (seed 002).
import { err, ok, type Result } from "../errors.ts";
import {
  FULL_SCALE,
  has,
  isBasisPoints,
  isCount,
  isMillis,
  isObject,
  type JsonObject,
  unknownMember,
} from "./shape.ts";

export type CounterPolicy = "unknown" | "require-exact" | "allow-conservative";
export type CounterCapability = "exact" | "conservative" | "heuristic";

export const COUNTER_POLICIES: readonly CounterPolicy[] = ["unknown", "require-exact", "allow-conservative"];
export const COUNTER_CAPABILITIES: readonly CounterCapability[] = ["exact", "conservative", "heuristic"];

export interface CompactionPolicy {
  automatic: boolean;
  counterPolicy: CounterPolicy;
  compactAt: number;
  rearmBelow: number;
  reservedOutput: number;
  safetyMargin: number;
  maxSummaryTokens: number;
  countTimeoutMs: number;
  hustle: string;
}

export interface HustleLimits {
  maxOutputTokens: number;
  timeoutMs: number;
}

/** The policy document (FC-POLICY-VALIDATE-1) after its shape was checked. */
export interface PolicyInput {
  policy: CompactionPolicy;
  capability: CounterCapability;
  hustles: Readonly<Record<string, HustleLimits>>;
  contextObservation: boolean;
}

/** Members of the policy document, in the order their shape is checked. */
export const DOCUMENT_MEMBERS = ["policy", "capability", "hustles", "contextObservation"] as const;

type FieldCheck = readonly [field: keyof CompactionPolicy, check: (v: unknown) => boolean, expected: string];

/** Members of `policy`, in declaration order (which is also the order their shape is checked). */
export const POLICY_FIELDS: readonly FieldCheck[] = [
  ["automatic", (v) => typeof v === "boolean", "a boolean"],
  [
    "counterPolicy",
    (v) => COUNTER_POLICIES.includes(v as CounterPolicy),
    '"unknown", "require-exact" or "allow-conservative"',
  ],
  ["compactAt", isBasisPoints, "an integer number of basis points in 0..10000"],
  ["rearmBelow", isBasisPoints, "an integer number of basis points in 0..10000"],
  ["reservedOutput", (v) => isCount(v), "a non-negative integer token count"],
  ["safetyMargin", (v) => isCount(v), "a non-negative integer token count"],
  ["maxSummaryTokens", (v) => isCount(v), "a non-negative integer token count"],
  ["countTimeoutMs", isMillis, "a non-negative integer number of milliseconds"],
  ["hustle", (v) => typeof v === "string" && v.length > 0, "a nonempty string"],
];

const invalid = (field: string, message: string) => err("INVALID_POLICY", message, { field });

/**
 * FC-POLICY-VALIDATE-1: checks the document's shape. `extraMembers` are further top-level members a
 * caller (policy.decide) owns and checks itself.
 */
export function parsePolicyDocument(doc: unknown, extraMembers: readonly string[] = []): Result<PolicyInput> {
  if (!isObject(doc)) return invalid("document", "the policy document must be a JSON object");
  const allowed = [...DOCUMENT_MEMBERS, ...extraMembers];
  if (unknownMember(doc, allowed) !== undefined) {
    // The members the caller's document may have (policy.decide adds config, state, observations).
    return invalid("document", `the policy document has an unknown member; allowed: ${allowed.join(", ")}`);
  }
  if (!has(doc, "policy")) return invalid("policy", "the member 'policy' is missing");
  const p = doc.policy;
  if (!isObject(p)) return invalid("policy", "'policy' must be a JSON object");
  const names = POLICY_FIELDS.map(([f]) => f);
  if (unknownMember(p, names) !== undefined) {
    return invalid("policy", `'policy' has an unknown member; allowed: ${names.join(", ")}`);
  }
  for (const [field, check, expected] of POLICY_FIELDS) {
    if (!has(p, field))
      return invalid(field, `'policy.${field}' is missing; no compaction setting has a default`);
    if (!check(p[field])) return invalid(field, `'policy.${field}' must be ${expected}`);
  }
  if (!has(doc, "capability")) return invalid("capability", "the member 'capability' is missing");
  if (!COUNTER_CAPABILITIES.includes(doc.capability as CounterCapability)) {
    return invalid("capability", '\'capability\' must be "exact", "conservative" or "heuristic"');
  }
  const hustles = parseHustles(doc);
  if (!hustles.ok) return hustles;
  if (has(doc, "contextObservation") && typeof doc.contextObservation !== "boolean") {
    return invalid("contextObservation", "'contextObservation' must be a boolean when present");
  }
  return ok({
    policy: p as unknown as CompactionPolicy,
    capability: doc.capability as CounterCapability,
    hustles: hustles.value,
    contextObservation: doc.contextObservation === true,
  });
}

function parseHustles(doc: JsonObject): Result<Record<string, HustleLimits>> {
  if (!has(doc, "hustles"))
    return invalid("hustles", "the member 'hustles' (the hustle registry) is missing");
  const h = doc.hustles;
  if (!isObject(h))
    return invalid("hustles", "'hustles' must be a JSON object mapping hustle names to limits");
  const out: Record<string, HustleLimits> = {};
  for (const [name, limits] of Object.entries(h)) {
    const positive = (v: unknown) => isMillis(v) && v > 0;
    if (
      name.length === 0 ||
      !isObject(limits) ||
      unknownMember(limits, ["maxOutputTokens", "timeoutMs"]) !== undefined ||
      !isCount(limits.maxOutputTokens) ||
      (limits.maxOutputTokens as number) === 0 ||
      !positive(limits.timeoutMs)
    ) {
      return invalid(
        "hustles",
        "every registered hustle needs a nonempty name and limits {maxOutputTokens, timeoutMs}, both positive integers",
      );
    }
    out[name] = { maxOutputTokens: limits.maxOutputTokens as number, timeoutMs: limits.timeoutMs as number };
  }
  return ok(out);
}

/** One semantic rule (FC-POLICY-VALIDATE-3..13); `holds` is only asked when `applies` is true. */
export interface PolicyRule {
  readonly id: string;
  readonly field: string;
  readonly message: string;
  applies(input: PolicyInput): boolean;
  holds(input: PolicyInput): boolean;
}

/** FC-POLICY-VALIDATE-7: which counter capabilities each counter policy admits. */
export function admits(counterPolicy: CounterPolicy, capability: CounterCapability): boolean {
  // `unknown` is the zero value of seed 002's CounterPolicy: it admits nothing (only a manual policy may carry it).
  if (counterPolicy === "unknown") return false;
  if (capability === "exact") return true;
  if (capability === "conservative") return counterPolicy === "allow-conservative";
  return false;
}

const always = () => true;
const whenAutomatic = (i: PolicyInput) => i.policy.automatic;

/** The semantic rules in precedence order (FC-POLICY-VALIDATE-2: the first failing rule is the one reported). */
export const POLICY_RULES: readonly PolicyRule[] = [
  {
    id: "FC-POLICY-VALIDATE-3",
    field: "contextObservation",
    message: "context observation and compaction are mutually exclusive on one loop",
    applies: always,
    holds: (i) => !i.contextObservation,
  },
  {
    id: "FC-POLICY-VALIDATE-4",
    field: "rearmBelow",
    message: "with 'automatic', 'rearmBelow' must be nonzero",
    applies: whenAutomatic,
    holds: (i) => i.policy.rearmBelow > 0,
  },
  {
    id: "FC-POLICY-VALIDATE-5",
    field: "rearmBelow",
    message: "with 'automatic', 'rearmBelow' must be strictly below 'compactAt'",
    applies: whenAutomatic,
    holds: (i) => i.policy.rearmBelow < i.policy.compactAt,
  },
  {
    id: "FC-POLICY-VALIDATE-6",
    field: "compactAt",
    message: `with 'automatic', 'compactAt' must be below full scale (${FULL_SCALE} basis points)`,
    applies: whenAutomatic,
    holds: (i) => i.policy.compactAt < FULL_SCALE,
  },
  {
    id: "FC-POLICY-VALIDATE-7",
    field: "counterPolicy",
    message: "with 'automatic', 'counterPolicy' must admit the counter's capability",
    applies: whenAutomatic,
    holds: (i) => admits(i.policy.counterPolicy, i.capability),
  },
  {
    id: "FC-POLICY-VALIDATE-8",
    field: "reservedOutput",
    message: "'reservedOutput' must be nonzero",
    applies: always,
    holds: (i) => i.policy.reservedOutput > 0,
  },
  {
    id: "FC-POLICY-VALIDATE-9",
    field: "maxSummaryTokens",
    message: "'maxSummaryTokens' must be nonzero",
    applies: always,
    holds: (i) => i.policy.maxSummaryTokens > 0,
  },
  {
    id: "FC-POLICY-VALIDATE-10",
    field: "countTimeoutMs",
    message: "'countTimeoutMs' must be positive",
    applies: always,
    holds: (i) => i.policy.countTimeoutMs > 0,
  },
  {
    id: "FC-POLICY-VALIDATE-11",
    field: "hustle",
    message: "'hustle' must name a hustle registered in 'hustles'",
    applies: always,
    holds: (i) => Object.hasOwn(i.hustles, i.policy.hustle),
  },
  {
    id: "FC-POLICY-VALIDATE-12",
    field: "hustle",
    message: "the hustle's 'maxOutputTokens' must be at least 'maxSummaryTokens'",
    applies: always,
    holds: (i) => (i.hustles[i.policy.hustle]?.maxOutputTokens ?? 0) >= i.policy.maxSummaryTokens,
  },
  {
    id: "FC-POLICY-VALIDATE-13",
    field: "safetyMargin",
    message: "a heuristic counter needs a nonzero 'safetyMargin'",
    applies: (i) => i.capability === "heuristic",
    holds: (i) => i.policy.safetyMargin > 0,
  },
];

/** FC-POLICY-VALIDATE-2: applies `rules` in order and reports the first that fails. */
export function checkPolicyRules(
  input: PolicyInput,
  rules: readonly PolicyRule[] = POLICY_RULES,
): Result<PolicyInput> {
  for (const rule of rules) {
    if (rule.applies(input) && !rule.holds(input)) return invalid(rule.field, rule.message);
  }
  return ok(input);
}

/** Shape, then rules: exactly one error, or the validated document. */
export function validatePolicy(
  doc: unknown,
  rules: readonly PolicyRule[] = POLICY_RULES,
  extraMembers: readonly string[] = [],
): Result<PolicyInput> {
  const parsed = parsePolicyDocument(doc, extraMembers);
  return parsed.ok ? checkPolicyRules(parsed.value, rules) : parsed;
}
