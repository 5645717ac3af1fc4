// FC-FORMAT-GO-4: a Go `panic:` with its goroutine dump, outside `go test -json` (plain runs, logs).
import { finding, head, joinedLines } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { claim, type TextScan } from "../text-pipeline.ts";

const PANIC = /^panic: (.*)$/;

export function parseGoPanic(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.first[i] !== 112) continue; // `p`
    if (!lines[i]!.startsWith("panic: ")) continue;
    const m = PANIC.exec(head(lines[i]!));
    if (!m) continue;
    // The dump: nested panics, a blank line, then `goroutine N [...]:` and frame pairs until a blank line.
    let end = i + 1;
    while (
      end < lines.length &&
      scan.claimed[end] === 0 &&
      /^\s/.test(lines[end]!) &&
      lines[end]!.trim() !== ""
    )
      end++;
    let j = end;
    while (j < lines.length && lines[j]!.trim() === "") j++;
    if (j < lines.length && /^goroutine \d+ \[/.test(lines[j]!)) {
      end = j + 1;
      while (end < lines.length && scan.claimed[end] === 0 && lines[end]!.trim() !== "") end++;
    }
    const body = joinedLines(lines, i + 1, end);
    const message = `panic: ${m[1]!.replace(/ \[recovered\]$/, "")}`;
    scan.findings.push(finding("go:panic", frameLocation(body, scan.ctx, "first"), message, "error", body));
    claim(scan, i, end);
    i = end - 1;
  }
}
