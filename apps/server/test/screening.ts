// Test support: PHQ-9 and GAD-7 results' bodies as the apps send them (the bands written out here, apart from
// the server's own, so a test does not take its input from the code under test).

/** A PHQ-9 or GAD-7 result's body as the apps send it: the items, their total and the total's band. */
export function screeningBody(type: 'phq9' | 'gad7', items: number[]) {
  const total = items.reduce((a, b) => a + b, 0);
  const bands: Array<[from: number, band: string]> =
    type === 'phq9'
      ? [
          [20, 'severe'],
          [15, 'moderately-severe'],
          [10, 'moderate'],
          [5, 'mild'],
        ]
      : [
          [15, 'severe'],
          [10, 'moderate'],
          [5, 'mild'],
        ];
  return { items, total, severity: bands.find(([from]) => total >= from)?.[1] ?? 'minimal' };
}
