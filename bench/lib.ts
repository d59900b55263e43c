/** Small helpers shared by the benchmark scripts. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Every benchmark ends with one line: `RESULT <name> key=value …`, comparable run to run. */
export function result(name: string, figures: Record<string, string | number>) {
  console.log(
    `RESULT ${name} ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}
