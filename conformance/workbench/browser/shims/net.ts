// FC-WB-3: node:net's isIPv4 / isIPv6 for the workbench's browser bundle (same answers; net.test.ts compares them).

const DEC = /^(?:0|[1-9]\d{0,2})$/;
const HEX = /^[0-9a-fA-F]{1,4}$/;
const ZONE = /^[0-9a-zA-Z.:-]+$/;

export function isIPv4(s: string): boolean {
  const parts = s.split(".");
  return parts.length === 4 && parts.every((p) => DEC.test(p) && Number(p) <= 255);
}

/** Hex groups counted, a dotted quad at the end counting two; null when a group is malformed. */
function groups(part: string, mayEndInV4: boolean): number | null {
  if (part === "") return 0;
  const gs = part.split(":");
  let n = 0;
  for (const [i, g] of gs.entries()) {
    if (HEX.test(g)) n += 1;
    else if (mayEndInV4 && i === gs.length - 1 && isIPv4(g)) n += 2;
    else return null;
  }
  return n;
}

export function isIPv6(s: string): boolean {
  let addr = s;
  const pct = s.indexOf("%");
  if (pct >= 0) {
    if (!ZONE.test(s.slice(pct + 1))) return false;
    addr = s.slice(0, pct);
  }
  const gap = addr.indexOf("::");
  if (gap < 0) return groups(addr, true) === 8;
  const head = groups(addr.slice(0, gap), false);
  const tail = groups(addr.slice(gap + 2), true);
  return head !== null && tail !== null && head + tail <= 7;
}
