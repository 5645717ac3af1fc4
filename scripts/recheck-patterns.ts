// FC-REDACT-SENSITIVE-12: on-demand ReDoS check of the redactor's patterns with `recheck` (not a dependency).
// Run: npm i --no-save recheck && npx tsx scripts/recheck-patterns.ts [--filter github]
// recheck is slow (minutes for the whole set); run it on changed patterns with --filter. It is not in
// package.json: it is a wanted devDependency and this script says so instead of failing obscurely.
import { PROVIDERS } from "../src/redact/detectors/providers.ts";

interface Checker {
  check: (
    source: string,
    flags: string,
  ) => Promise<{ status: string; complexity?: { type: string; summary?: string } }>;
}

async function loadRecheck(): Promise<Checker | null> {
  try {
    const name = "recheck";
    return (await import(name)) as Checker;
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
const filter = args[args.indexOf("--filter") + 1];
const checker = await loadRecheck();
if (checker === null) {
  console.error(
    "recheck is not installed. Install it without touching package.json:\n  npm i --no-save recheck\nthen re-run: npx tsx scripts/recheck-patterns.ts",
  );
  process.exitCode = 2;
} else {
  const patterns = PROVIDERS.map((p) => ({ name: p.id, re: p.re })).filter(
    (p) => !filter || p.name.includes(filter),
  );
  let bad = 0;
  for (const p of patterns) {
    const r = await checker.check(p.re.source, p.re.flags.replace("g", ""));
    const verdict = r.status === "safe" ? "safe" : `${r.status} ${r.complexity?.summary ?? ""}`;
    if (r.status !== "safe") bad++;
    console.log(`${p.name.padEnd(32)} ${verdict}`);
  }
  console.log(`${patterns.length} patterns checked, ${bad} not proven safe`);
  process.exitCode = bad === 0 ? 0 : 1;
}
