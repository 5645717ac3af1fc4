// FC-MATRIX-2, FC-MATRIX-4: the matrix in a terminal — each implementation's verdict, then the disagreements.
import { type MatrixDocument, replayCommand } from "../runner/matrix.ts";
import { columnKey } from "./compare.ts";
import { revealInvisible } from "./escape.ts";
import { STATUS_MARK } from "./fragments.ts";

function paint(color: boolean) {
  const w = (o: number, c: number) => (s: string) => (color ? `\u001b[${o}m${s}\u001b[${c}m` : s);
  return { red: w(31, 39), green: w(32, 39), yellow: w(33, 39), dim: w(2, 22), bold: w(1, 22) };
}

/** Who is who with verdict, level, counts and badge; then the disagreements (gating first) and how to replay one. */
export function renderMatrixText(
  doc: MatrixDocument,
  opts: { color?: boolean; maxRows?: number } = {},
): string {
  const p = paint(opts.color === true);
  const max = opts.maxRows ?? 30;
  const keys = doc.implementations.map((_, i) => columnKey(i));
  const commit = doc.suite.commit
    ? ` @ ${doc.suite.commit.slice(0, 12)}${doc.suite.dirty ? " (dirty)" : ""}`
    : "";
  const out = [
    p.bold(
      `Conformance matrix: ${doc.implementations.length} implementations × ${doc.checks.length} checks (suite ${doc.suite.version}${commit}, seed ${doc.selection.seed})`,
    ),
    "",
  ];
  const width = Math.max(...doc.implementations.map((i) => i.name.length));
  doc.implementations.forEach((impl, i) => {
    const verdict =
      impl.verdict === "pass"
        ? p.green("PASS ")
        : impl.verdict === "fail"
          ? p.red("FAIL ")
          : p.yellow("ERROR");
    const s = impl.summary;
    const h = impl.handshake;
    const who = h
      ? `${h.name} ${h.version} (${h.language}, ${impl.level ? `${impl.level.announced} → ${impl.level.reached}` : h.level})`
      : (impl.error?.message ?? "not run");
    const counts = s
      ? `${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped`
      : "";
    out.push(
      `  ${p.bold(keys[i]!)}  ${impl.name.padEnd(width)}  ${verdict}  ${counts}${counts ? "  " : ""}${p.dim(revealInvisible(who))}  ${p.dim(`${(impl.durationMs / 1000).toFixed(1)} s`)}`,
    );
  });
  const byId = new Map(doc.checks.map((c) => [c.id, c]));
  const dis = doc.disagreements.map((id) => byId.get(id)!);
  const gating = dis.filter((c) => c.gating).length;
  out.push(
    "",
    `${p.bold(`Disagreements (${dis.length}, ${gating} gating)`)} ${p.dim("— some implementation passed, another failed or errored")}`,
  );
  if (dis.length > 0) out.push(`  ${p.dim(keys.join(" "))}`);
  for (const c of dis.slice(0, max)) {
    const marks = c.statuses
      .map((s, i) => {
        const m = STATUS_MARK[s]!;
        const painted =
          s === "passed" ? p.green(m) : s === "failed" ? p.red(m) : s === "errored" ? p.yellow(m) : p.dim(m);
        return painted + " ".repeat(keys[i]!.length - 1);
      })
      .join(" ");
    out.push(
      `  ${marks}  ${revealInvisible(c.id)}  ${p.dim(`${c.requirements.join(", ")}${c.gating ? "" : " · advisory"}`)}`,
    );
  }
  if (dis.length > max) out.push(p.dim(`  … and ${dis.length - max} more (see the page: --html FILE)`));
  if (dis.length > 0) out.push("", `Replay one against every implementation: ${replayCommand(doc, dis[0]!)}`);
  const count = (v: string) => doc.implementations.filter((i) => i.verdict === v).length;
  out.push(
    "",
    `Result: ${count("pass")} pass, ${count("fail")} fail, ${count("error")} not run; ${dis.length} disagreements (${gating} gating) over ${doc.checks.length} checks`,
  );
  return `${out.join("\n")}\n`;
}
