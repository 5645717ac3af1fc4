// FC-STAGE3-1, FC-STAGE3-4: Stage 3 — split open from resolved causes; the one-line resolved summary.
import { SUMMARY_MAX_CHARS, SUMMARY_MAX_ITEMS } from "./constants.ts";
import type { Cause } from "./model.ts";

export function splitByStatus(causes: Cause[]): { open: Cause[]; resolved: Cause[] } {
  const open: Cause[] = [];
  const resolved: Cause[] = [];
  for (const c of causes) (c.effectiveStatus === "open" ? open : resolved).push(c);
  return { open, resolved };
}

/** FC-STAGE3-4: `M prior findings resolved in rounds 1-3, 5` or null. */
export function resolvedSummary(resolved: Cause[]): string | null {
  const counted = resolved.filter((c) => !c.isNotes);
  if (counted.length === 0) return null;
  const rounds = [...new Set(counted.map((c) => c.lastSeen))].sort((a, b) => a - b);
  const items: string[] = [];
  for (let i = 0; i < rounds.length; ) {
    let j = i;
    while (j + 1 < rounds.length && rounds[j + 1] === rounds[j]! + 1) j++;
    items.push(j > i ? `${rounds[i]}-${rounds[j]}` : `${rounds[i]}`);
    i = j + 1;
  }
  // At most SUMMARY_MAX_ITEMS items and SUMMARY_MAX_CHARS characters: ten-digit round ranges would otherwise make
  // the fixed part outgrow the smallest budget (FC-REQ-12). The first item is always written (at most 21 characters).
  let list = items[0]!;
  let written = 1;
  while (
    written < items.length &&
    written < SUMMARY_MAX_ITEMS &&
    list.length + 2 + items[written]!.length <= SUMMARY_MAX_CHARS
  )
    list += `, ${items[written++]}`;
  if (written < items.length) list += ", and later";
  const m = counted.length;
  const plural = rounds.length > 1 || items[0]!.includes("-");
  return `${m} prior finding${m === 1 ? "" : "s"} resolved in round${plural ? "s" : ""} ${list}`;
}
