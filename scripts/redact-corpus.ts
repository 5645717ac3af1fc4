// FC-REDACT-SENSITIVE-3..10: the corpus generator — recall by kind, the benign masking rate, and the conformance data cases.
// Run: npx tsx scripts/redact-corpus.ts [--seeds 3] [--json] [--keyed]
//   default        prints recall by kind over kinds × embeddings × fields and the benign masking rate
//   --keyed        the keyed grid (FC-REDACT-SENSITIVE-14..18): provider × key form × syntax, secret keys × syntax,
//                  special forms and added token formats, raw and in 5 embeddings; recall by kind, benign rate
//   (the redaction cases it once wrote are written by `npm run regen`)
import { EMBEDDINGS, FIELDS, KINDS, rng } from "../src/redact/testing/corpus.ts";
import {
  BENIGN_KEYED,
  FORMATS,
  PARTIAL_FORMATS,
  providerGrid,
  SPECIAL,
  syntaxGrid,
} from "../src/redact/testing/keyed.ts";
import { measure, measureKeyed } from "../src/redact/testing/measure.ts";

const args = process.argv.slice(2);
const seeds = Number(args[args.indexOf("--seeds") + 1] || 3) || 3;

if (args.includes("--write-cases") || args.includes("--write-keyed-cases")) {
  console.error(
    "the redaction cases are written by 'npm run regen' (conformance/tools/write-redaction-cases.ts)",
  );
  process.exitCode = 2;
} else if (args.includes("--keyed")) {
  keyed();
} else {
  const t = performance.now();
  const m = measure(seeds, 60);
  if (args.includes("--json")) {
    console.log(JSON.stringify(m, null, 2));
  } else {
    console.log(
      `planted ${m.cases} secrets: ${KINDS.length} kinds × ${EMBEDDINGS.length} embeddings × ${FIELDS.length} fields × ${seeds} seeds (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    console.log("recall by kind:");
    for (const [kind, r] of Object.entries(m.recallByKind)) {
      console.log(
        `  ${kind.padEnd(26)} ${(r.recall * 100).toFixed(1).padStart(5)}%  (${r.caught}/${r.planted})`,
      );
    }
    const total = Object.values(m.recallByKind).reduce(
      (a, r) => ({ p: a.p + r.planted, c: a.c + r.caught }),
      { p: 0, c: 0 },
    );
    console.log(`overall recall ${((total.c / total.p) * 100).toFixed(2)}%, leaks: ${m.leaks.length}`);
    for (const l of m.leaks.slice(0, 20))
      console.log(`  LEAK ${l.kind} / ${l.embedding} / ${l.field} (seed ${l.seed})`);
    console.log(
      `benign look-alikes masked: ${m.benign.masked}/${m.benign.tokens} = ${(m.benign.rate * 100).toFixed(2)}% (goal ≤ 5%)`,
    );
    for (const [kind, b] of Object.entries(m.benign.byKind))
      if (b.masked > 0) console.log(`  ${kind}: ${b.masked}/${b.tokens}`);
    process.exitCode = m.leaks.length === 0 && m.benign.rate <= 0.05 ? 0 : 1;
  }
}

function keyed(): void {
  const t = performance.now();
  const byKind: Record<string, { p: number; c: number }> = {};
  let cases = 0;
  let leaks = 0;
  const examples: string[] = [];
  let benign = { tokens: 0, masked: 0 };
  for (let seed = 1; seed <= seeds; seed++) {
    const r = rng(seed);
    const all = [
      ...providerGrid(r),
      ...syntaxGrid(r),
      ...SPECIAL.flatMap((s) => [1, 2, 3, 4, 5].map(() => s.make(r))),
      ...PARTIAL_FORMATS.flatMap((s) => [1, 2, 3, 4, 5].map(() => s.make(r))),
      ...FORMATS.flatMap((f) =>
        [1, 2, 3, 4, 5].map(() => {
          const v = f.make(r);
          return { kind: `format/${f.kind}`, planted: `upstream said ${v} twice`, secret: v };
        }),
      ),
    ];
    const m = measureKeyed(all, seed === 1 ? BENIGN_KEYED : [], { benignPerKind: 60 });
    cases += m.cases;
    leaks += m.leaks.length;
    for (const l of m.leaks) if (examples.length < 20) examples.push(`${l.kind} / ${l.embedding}`);
    for (const [k, v] of Object.entries(m.byKind)) {
      const parts = k.split("/");
      const fam = parts[0] === "provider-keyed" ? `provider-keyed/${parts[1]}` : k;
      const f = byKind[fam] ?? { p: 0, c: 0 };
      f.p += v.planted;
      f.c += v.caught;
      byKind[fam] = f;
    }
    if (seed === 1) benign = m.benign;
  }
  console.log(
    `keyed grid: ${cases} runs (${seeds} seeds; raw + 5 embeddings each) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  for (const [k, v] of Object.entries(byKind))
    console.log(`  ${k.padEnd(40)} ${((v.c / v.p) * 100).toFixed(1).padStart(5)}%  (${v.c}/${v.p})`);
  console.log(`leaks: ${leaks}`);
  for (const e of examples) console.log(`  LEAK ${e}`);
  console.log(
    `keyed benign look-alikes masked: ${benign.masked}/${benign.tokens} = ${((benign.masked / benign.tokens) * 100).toFixed(2)}% (goal ≤ 5%)`,
  );
  process.exitCode = leaks === 0 && benign.masked / benign.tokens <= 0.05 ? 0 : 1;
}
