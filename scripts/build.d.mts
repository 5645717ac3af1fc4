/** Builds the per-round bundle into `outDir` (default dist/); resolves to the number of project files it covers. */
export function buildPerRound(outDir?: string): Promise<number>;
