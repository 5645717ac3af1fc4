// FC-MATRIX-1: the registry of implementations — a data file (spec/schemas/implementations.v1.json) read at the edge.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import registrySchema from "../../spec/schemas/implementations.v1.json" with { type: "json" };

/** The registry shipped with the kit: the reference over the protocol and the two Python examples. */
export const DEFAULT_REGISTRY = fileURLToPath(new URL("../implementations.json", import.meta.url));

/** One implementation as the registry file gives it. */
export interface RegistryEntry {
  name: string;
  description?: string;
  command: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/** An entry ready to run: its working directory resolved against the registry file's directory. */
export interface Implementation extends RegistryEntry {
  /** Absolute working directory of the process. */
  dir: string;
}

export interface Registry {
  /** The file read (absolute). */
  file: string;
  implementations: Implementation[];
}

export type RegistryOutcome =
  | { ok: true; registry: Registry }
  | { ok: false; code: "IO" | "INVALID_REGISTRY"; message: string };

const ajv = new Ajv2020({ allErrors: false, strict: false });
const validate = ajv.compile(registrySchema);

/**
 * Parses a registry document. Messages name the file and a JSON pointer, never a value (an `env` value may be a
 * credential).
 */
export function parseRegistry(text: string, file: string, shown: string = file): RegistryOutcome {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, code: "INVALID_REGISTRY", message: `${shown} is not valid JSON` };
  }
  if (!validate(doc)) {
    const e = validate.errors?.[0];
    const extra =
      e?.keyword === "additionalProperties"
        ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'`
        : "";
    return {
      ok: false,
      code: "INVALID_REGISTRY",
      message: `${shown} does not match spec/schemas/implementations.v1.json: at '${e?.instancePath || "/"}' ${e?.message ?? "is invalid"}${extra}`,
    };
  }
  const entries = (doc as { implementations: RegistryEntry[] }).implementations;
  const seen = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    if (seen.has(entry.name))
      return {
        ok: false,
        code: "INVALID_REGISTRY",
        message: `${shown}: at '/implementations/${i}/name' the name '${entry.name}' is given twice; names must be unique`,
      };
    seen.add(entry.name);
  }
  const base = dirname(file);
  return {
    ok: true,
    registry: {
      file,
      implementations: entries.map((entry) => ({ ...entry, dir: resolve(base, entry.cwd ?? ".") })),
    },
  };
}

/** Reads and validates a registry file (`file` relative to `cwd`). */
export function readRegistry(file: string, cwd: string = process.cwd()): RegistryOutcome {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    return {
      ok: false,
      code: "IO",
      message: `cannot read the registry ${file} (${(e as NodeJS.ErrnoException).code ?? "error"})`,
    };
  }
  return parseRegistry(text, path, file);
}

/** The registry's entries named in `names` (in registry order), or the unknown name. */
export function selectImplementations(
  registry: Registry,
  names: readonly string[] | undefined,
): { ok: true; implementations: Implementation[] } | { ok: false; unknown: string } {
  if (names === undefined) return { ok: true, implementations: registry.implementations };
  const unknown = names.find((n) => !registry.implementations.some((i) => i.name === n));
  if (unknown !== undefined) return { ok: false, unknown };
  return { ok: true, implementations: registry.implementations.filter((i) => names.includes(i.name)) };
}

/** The environment of an implementation's process: this process's, with the entry's variables on top. */
export function environmentOf(
  entry: RegistryEntry,
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  return { ...base, ...(entry.env ?? {}) };
}
