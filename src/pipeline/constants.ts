// FC-STAGE4-1, FC-TRIM-1, FC-CONSTRAINT-1, FC-STAGE5-2, FC-LOG-3: the constants that define this compactor's behaviour.

export const WEIGHTS = { recent: 16, fresh: 4, severity: 2, blocker: 1 } as const;
export const LIMITS = { message: 400, trace: 800, constraint: 240, path: 240 } as const;
export const MAX_CONSTRAINTS = 12;
export const K_MAX = 50;
export const SUMMARY_MAX_ITEMS = 8;
/** FC-STAGE3-4: the round list of resolvedSummary never grows past this many characters (FC-REQ-12's floor). */
export const SUMMARY_MAX_CHARS = 96;

export const CONSTANTS = { WEIGHTS, LIMITS, MAX_CONSTRAINTS, K_MAX, SUMMARY_MAX_ITEMS, SUMMARY_MAX_CHARS };
