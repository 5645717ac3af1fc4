// FC-CASE-3, FC-CASE-9, FC-CASE-10: the requests of a case — its steps, their payloads, and references to earlier replies.
import { resolvePointer } from "./json.ts";
import type { CaseCommand, CaseStep, ConformanceCase } from "./types.ts";

/**
 * What earlier steps answered: the log (compact) or result of each, `undefined` for an error reply. Index = step.
 */
export type StepSubjects = readonly unknown[];

/** A case's requests in order: `steps`, or its one `input` + `expect` (FC-CASE-9). */
export function stepsOf(c: ConformanceCase): Required<CaseStep>[] {
  if (c.steps !== undefined) {
    return c.steps.map((s) => ({ command: s.command ?? c.command, input: s.input, expect: s.expect }));
  }
  return [{ command: c.command, input: c.input ?? {}, expect: c.expect ?? {} }];
}

/** A member that marks a value taken from an earlier reply (FC-CASE-10). */
export function isStepRef(v: unknown): v is { $fromStep: number; pointer: string } {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return (
    keys.length === 2 &&
    Object.hasOwn(v, "$fromStep") &&
    Object.hasOwn(v, "pointer") &&
    typeof (v as { pointer: unknown }).pointer === "string"
  );
}

interface FoundRef {
  /** Where the reference sits in the input, as reference tokens and as a pointer. */
  path: (string | number)[];
  at: string;
  step: unknown;
  pointer: string;
}

/** Every `{"$fromStep","pointer"}` in a step's input, with where it sits. Iterative: inputs may nest deeply. */
export function stepRefsIn(input: unknown): FoundRef[] {
  const out: FoundRef[] = [];
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: input, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (isStepRef(v)) {
      const at = path.map((t) => `/${String(t).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
      out.push({ path, at, step: v.$fromStep, pointer: v.pointer });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    } else if (typeof v === "object" && v !== null) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ v: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return out;
}

/** Replaces every step reference in `input` by the value it names in an earlier reply (FC-CASE-10). */
export function substituteStepRefs(
  input: unknown,
  earlier: StepSubjects,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const refs = stepRefsIn(input);
  if (refs.length === 0) return { ok: true, value: input };
  let value: unknown = JSON.parse(JSON.stringify(input));
  for (const ref of refs) {
    const k = ref.step;
    if (typeof k !== "number" || !Number.isInteger(k) || k < 0 || k >= earlier.length) {
      return {
        ok: false,
        message: `the {"$fromStep": ${String(k)}} reference at '${ref.at}' names no earlier step`,
      };
    }
    if (earlier[k] === undefined)
      return { ok: false, message: `step ${k} answered with an error; it has no value to send on` };
    const r = resolvePointer(earlier[k], ref.pointer);
    if (!r.found)
      return { ok: false, message: `step ${k}'s reply has nothing at '${ref.pointer}' to send on` };
    const copy = JSON.parse(JSON.stringify(r.value)) as unknown;
    if (ref.path.length === 0) {
      value = copy;
      continue;
    }
    let parent = value as Record<string | number, unknown>;
    for (const t of ref.path.slice(0, -1)) parent = parent[t] as Record<string | number, unknown>;
    parent[ref.path[ref.path.length - 1]!] = copy;
  }
  return { ok: true, value };
}

/** The wire message a step sends (without seq): FC-CASE-3. */
export function payloadFor(command: CaseCommand, input: Record<string, unknown>): Record<string, unknown> {
  return command === "compact" ? { ...input } : { input };
}
