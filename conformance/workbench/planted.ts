// FC-WB-5: the texts of a request a case author would plant and assert absent — the spans the reference's redactor
// masks. Only the candidates come from the reference; whether one leaks is decided by the runner (judge.ts).
import { redactText } from "../../src/redact/index.ts";

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const MASK = /«redacted:[a-z]+»/;

/**
 * The sensitive texts of a request: every span the redactor masks in its messages, traces, notes, rules, paths and
 * worker outputs (the texts a case author would plant and assert absent). Only the candidates come from the
 * redactor; whether one leaks is the runner's absentText.
 */
export function sensitiveTexts(request: unknown): string[] {
  const out = new Set<string>();
  const visit = (text: unknown) => {
    if (typeof text !== "string" || text.length > 200_000) return;
    const red = redactText(text, {}).text;
    if (red === text) return;
    // The text between the literal pieces the redactor kept is what it masked.
    const kept = red.split(MASK);
    let at = 0;
    for (let i = 0; i < kept.length - 1; i++) {
      const start = text.indexOf(kept[i]!, at) + kept[i]!.length;
      const next =
        kept[i + 1] === "" && i + 1 === kept.length - 1 ? text.length : text.indexOf(kept[i + 1]!, start);
      if (next < start) break;
      const span = text.slice(start, next).trim();
      if (span.length >= 8) out.add(span);
      at = next;
    }
  };
  const rounds = isObj(request) && Array.isArray(request.rounds) ? request.rounds : [];
  for (const r of rounds) {
    if (!isObj(r)) continue;
    for (const t of Array.isArray(r.workerTrace) ? r.workerTrace : []) if (isObj(t)) visit(t.output);
    const v = r.verifierVerdict;
    if (!isObj(v)) continue;
    visit(v.notes);
    for (const f of Array.isArray(v.findings) ? v.findings : []) {
      if (!isObj(f)) continue;
      visit(f.message);
      visit(f.trace);
      visit(f.rule);
      if (isObj(f.location)) visit(f.location.path);
    }
  }
  return [...out];
}
