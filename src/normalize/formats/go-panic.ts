// FC-FORMAT-GO-4: a Go `panic:` with its goroutine dump, outside `go test -json` (plain runs, logs).
import { finding, head, opensWithSpace } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { claim, type TextScan, type Gate, unmatchedText } from "../text-pipeline.ts";

/** Gate of the go-panic parser (text-pipeline.ts `Gate`): every finding opens at a line starting `panic: `. */
export const GO_PANIC_GATE: Gate = { firstChars: "p", text: ["panic: "] };

const PANIC = /^panic: ([\s\S]*)$/;

export function parseGoPanic(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.first[i] !== 112) continue; // `p`
    if (!lines[i]!.startsWith("panic: ")) continue;
    const m = PANIC.exec(head(lines[i]!));
    if (!m) continue;
    // The dump: nested panics, a blank line, then `goroutine N [...]:` and frame pairs until a blank line.
    // Lines of the caller's matcher inside it are its own findings: the dump reads on past them.
    const { matched } = scan;
    const next = (k: number): number => {
      if (matched !== undefined) while (k < lines.length && matched[k] === 1) k++;
      return k;
    };
    // Go 1.23 on indents a message's further lines with a tab (an empty one is a tab alone): still the panic's.
    let end = next(i + 1);
    while (end < lines.length && scan.claimed[end] === 0 && opensWithSpace(lines[end]!)) end = next(end + 1);
    // A fault's `[signal SIGSEGV: segmentation violation …]`, printed right under the panic, is the dump's too.
    if (end < lines.length && scan.claimed[end] === 0 && lines[end]!.startsWith("[signal "))
      end = next(end + 1);
    let j = end;
    while (j < lines.length && lines[j]!.trim() === "") j = next(j + 1);
    if (j < lines.length && /^goroutine \d+ \[/.test(lines[j]!)) {
      end = next(j + 1);
      while (end < lines.length && scan.claimed[end] === 0 && lines[end]!.trim() !== "") end = next(end + 1);
    }
    const body = unmatchedText(scan, i + 1, end);
    const message = `panic: ${m[1]!.replace(/ \[recovered\]$/, "")}`;
    scan.findings.push(finding("go:panic", frameLocation(body, scan.ctx, "first"), message, "error", body));
    claim(scan, i, end);
    i = end - 1;
  }
}
