// Test support for FC-PROTO-8, FC-CLI-3: is a process still there (the runner must leave none behind)?
import { readFileSync } from "node:fs";

/** Alive and not a zombie (an unreaped exited process is dead for our purposes). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return true;
  }
}
