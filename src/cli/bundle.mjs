// FC-CLI-6: decides whether the prebuilt per-round bundle (scripts/build.mjs) may run instead of the sources.
// Plain JavaScript: it runs before the TypeScript loader is registered.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const PER_ROUND = new Set(["compact", "validate", "policy"]);
const PACKAGE_ROOT = new URL("../../", import.meta.url);

/**
 * The URL of `<root>/dist/per-round.mjs` when `command` is a per-round command, FEEDBACK_COMPACTOR_NO_BUNDLE is
 * not "1", the bundle's manifest exists, and every file it lists is byte-identical to the digest recorded at
 * build time; otherwise null (the caller runs the sources). `root` is a directory URL.
 */
export function perRoundBundle(command, env = process.env, root = PACKAGE_ROOT) {
  if (!PER_ROUND.has(command)) return null;
  return freshBundle("dist/", env, root);
}

/**
 * The URL of the entry of the bundle in `<root>/<dir>` (a directory path ending in "/") while its manifest exists
 * and every file it lists matches its digest, and FEEDBACK_COMPACTOR_NO_BUNDLE is not "1"; otherwise null.
 */
export function freshBundle(dir, env = process.env, root = PACKAGE_ROOT) {
  if (env.FEEDBACK_COMPACTOR_NO_BUNDLE === "1") return null;
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL(`${dir}manifest.json`, root), "utf8"));
  } catch {
    return null;
  }
  if (typeof manifest?.entry !== "string" || typeof manifest.files !== "object" || manifest.files === null)
    return null;
  const entries = Object.entries(manifest.files);
  if (entries.length === 0) return null;
  for (const [path, sha] of entries) {
    let bytes;
    try {
      bytes = readFileSync(fileURLToPath(new URL(path, root)));
    } catch {
      return null;
    }
    if (createHash("sha256").update(bytes).digest("hex") !== sha) return null;
  }
  return new URL(`${dir}${manifest.entry}`, root).href;
}
