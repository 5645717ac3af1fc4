// FC-LOOP-1 (demo): a throw-away copy of the sample project — applies search/replace patches, names its state (edge).
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { TraceEntry } from "../../types.ts";
import type { Workspace } from "../types.ts";

export const SAMPLE_DIR = join(dirname(fileURLToPath(import.meta.url)), "sample");

/** One edit: replace the first occurrence of `find` in `path` (repo-relative) with `replace`. */
export interface Patch {
  path: string;
  find: string;
  replace: string;
}

const IGNORED = new Set(["dist", "node_modules"]);

function files(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(root, p));
    else if (e.isFile()) out.push(relative(root, p).split(sep).join("/"));
  }
  return out.sort();
}

export interface DemoWorkspace extends Workspace {
  readonly repoRoot: string;
  dispose(): void;
}

/** Copies the sample to a fresh temporary directory, dropping the `.sample` suffixes. */
export function sampleWorkspace(source = SAMPLE_DIR): DemoWorkspace {
  const root = mkdtempSync(join(tmpdir(), "fc-demo-"));
  cpSync(source, root, { recursive: true });
  for (const f of files(root)) {
    if (f.endsWith(".sample")) renameSync(join(root, f), join(root, f.slice(0, -".sample".length)));
  }
  return {
    repoRoot: root,
    async apply(edits: unknown): Promise<TraceEntry[]> {
      const out: TraceEntry[] = [];
      for (const p of (edits ?? []) as Patch[]) {
        const file = join(root, p.path);
        const text = readFileSync(file, "utf8");
        let result: string;
        // A patch whose replacement is already there was applied before: re-sending it changes nothing.
        if (text.includes(p.replace)) result = "already applied; nothing changed";
        else if (text.includes(p.find)) {
          writeFileSync(file, text.replace(p.find, p.replace));
          result = "applied";
        } else result = "does not apply; nothing changed";
        out.push({ tool: "apply-patch", output: `${p.path}: ${result}` });
      }
      return out;
    },
    /** `tree:` + SHA-256 over every source file's path and bytes (build output excluded). */
    async stateRef(): Promise<string> {
      const h = createHash("sha256");
      for (const f of files(root)) {
        h.update(`${f}\0`);
        h.update(readFileSync(join(root, f)));
        h.update("\0");
      }
      return `tree:${h.digest("hex").slice(0, 12)}`;
    },
    dispose() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
