import { expect, type Locator } from '@playwright/test';

/**
 * Each check-up measure's table (@tend/domain/progress's CheckupMeasures, on the patient's Progress and the
 * therapist's Measures tab) holds exactly one check-up, with the value shown ("4 of 5").
 */
export async function expectOneCheckupPerMeasure(
  checkups: Locator,
  values: { Mood: string; Sleep: string; Energy: string; Anxiety: string },
) {
  for (const [measure, value] of Object.entries(values)) {
    const rows = checkups
      .getByRole('region', { name: measure, exact: true })
      .getByRole('table')
      .getByRole('row');
    await expect(rows, `${measure}: a header and one check-up`).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(value);
  }
}
