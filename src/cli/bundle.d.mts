export const PER_ROUND: Set<string>;
export function perRoundBundle(
  command: string | undefined,
  env?: Record<string, string | undefined>,
  root?: URL,
): string | null;
export function freshBundle(dir: string, env?: Record<string, string | undefined>, root?: URL): string | null;
