/**
 * The thought record, complete: a patient of the spec's own therapist works through the seven columns in the
 * patient app on a 320 px phone (two thoughts, the hot one chosen; a common emotion and one in their own words;
 * evidence; a balanced thought and its belief; every emotion and the hot thought re-rated), reads it back in
 * their timeline, and the therapist reads the emotions before and after side by side in the patient's record.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { expectFitsPhone, PHONE_HEIGHT } from '../../../e2e/support/phone.ts';
import {
  api,
  newPatientOf,
  patientApp,
  newTherapist,
  signInTherapist,
  type TestPatient,
  type TestTherapist,
} from './support.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let therapist: TestTherapist;
let patient: TestPatient;
let app: Page;

/** Sets a 0–100 slider (steps of 5) from the keyboard: Home, then the arrow key. */
async function rate(slider: Locator, value: number) {
  await slider.focus();
  await slider.press('Home');
  for (let v = 0; v < value; v += 5) await slider.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(value));
}

const next = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  therapist = await newTherapist(context.request);
  patient = await newPatientOf(context.request, 'Noor', therapist);
  await context.close();
  // The patient app on a 320 px phone.
  app = await patientApp(browser, patient, { viewport: { width: 320, height: PHONE_HEIGHT } });
});
test.afterAll(() => app.context().close());

test('a patient completes a thought record on a phone: hot thought, evidence, balanced thought, re-rating', async () => {
  await app.goto('/cbt/thought-record');
  await app.getByRole('button', { name: 'Start' }).click();
  await expect(app.getByText('Step 1 of 7')).toBeVisible();
  await app.getByLabel('Situation').fill('My manager asked to speak to me tomorrow.');
  await next(app);

  // Two thoughts, each believed so much; the hot one chosen.
  await app.getByLabel('Thought 1', { exact: true }).fill('I am going to be told off.');
  await rate(app.getByRole('slider', { name: 'How much you believe thought 1' }), 90);
  await app.getByRole('button', { name: 'Add another thought' }).click();
  await app.getByLabel('Thought 2', { exact: true }).fill('I always get things wrong.');
  await rate(app.getByRole('slider', { name: 'How much you believe thought 2' }), 60);
  await next(app);
  await expect(app.getByText('Please fill in the fields marked with * to go on.')).toBeVisible();
  const hot = app.getByRole('radiogroup', { name: 'Which thought is the hot one?' });
  await hot.getByRole('radio', { name: 'I am going to be told off.' }).check();
  await expectFitsPhone(app, 'the thoughts step');
  await next(app);

  // Emotions: one from the list, one in the person's own words; a word named twice is refused.
  await expect(app.getByText('Step 3 of 7')).toBeVisible();
  // A common emotion is a chip: its label is what a person clicks.
  await app
    .locator('label')
    .filter({ hasText: /^Anxious$/ })
    .click();
  await expect(app.getByRole('checkbox', { name: 'Anxious' })).toBeChecked();
  await app.getByLabel('Another feeling, in your own words').fill('Dread');
  await app.getByRole('button', { name: 'Add this feeling' }).click();
  await app.getByLabel('Another feeling, in your own words').fill('anxious');
  await app.getByRole('button', { name: 'Add this feeling' }).click();
  await expect(app.getByText('You have already named this feeling.')).toBeVisible();
  await app.getByLabel('Another feeling, in your own words').fill('');
  await rate(app.getByRole('slider', { name: 'How strong: Anxious' }), 80);
  await rate(app.getByRole('slider', { name: 'How strong: Dread' }), 60);
  await expectFitsPhone(app, 'the emotions step');
  await next(app);

  await app.getByRole('checkbox', { name: 'Fortune telling' }).check();
  await next(app);

  await expect(app.getByRole('figure', { name: 'Your hot thought' })).toContainText(
    'I am going to be told off.',
  );
  await app.getByLabel('Evidence for').fill('She sounded serious on the phone.');
  await app
    .getByLabel('Evidence against')
    .fill('My last review was good. She often calls people in to plan.');
  await next(app);

  await app.getByLabel('A more balanced thought').fill('She may just want to plan the next project with me.');
  await rate(app.getByRole('slider', { name: 'How much you believe the balanced thought' }), 70);
  await expectFitsPhone(app, 'the balanced thought step');
  await next(app);

  // Re-rating: each emotion named at the start, and the hot thought.
  await expect(app.getByText('Step 7 of 7')).toBeVisible();
  await expect(app.getByText('At the start: 80%')).toBeVisible();
  await rate(app.getByRole('slider', { name: 'Anxious now' }), 40);
  await rate(app.getByRole('slider', { name: 'Dread now' }), 30);
  await rate(app.getByRole('slider', { name: 'How much you believe the hot thought now' }), 35);
  await expectFitsPhone(app, 'the re-rating step');
  await app.getByRole('button', { name: 'Finish' }).click();
  await expect(app.getByText('Well done', { exact: true })).toBeVisible();

  const stored = await api<{ items: Array<{ body: Record<string, unknown> }> }>(
    app.context().request,
    patient.token,
    'GET',
    `/patients/${patient.userId}/moments?types=cbt-automatic-thoughts`,
  );
  expect(stored.items).toHaveLength(1);
  expect(stored.items[0]!.body).toMatchObject({
    completed: true,
    thoughts: ['I am going to be told off.', 'I always get things wrong.'],
    thoughtBeliefs: [90, 60],
    hotThought: 0,
    emotions: [
      { name: 'Anxious', word: 'anxious', intensity: 80 },
      { name: 'Dread', intensity: 60 },
    ],
    balancedBelief: 70,
    emotionsAfter: [
      { name: 'Anxious', word: 'anxious', intensity: 40 },
      { name: 'Dread', intensity: 30 },
    ],
    hotThoughtBeliefAfter: 35,
  });

  // The patient's timeline reads it as a whole: what changed in the row, the table in the entry.
  await app.goto('/timeline');
  const row = app.getByText(
    'My manager asked to speak to me tomorrow. · Anxious 80% → 40% · Dread 60% → 30%',
  );
  await expect(row).toBeVisible();
  await row.click();
  const table = app.getByRole('table', { name: 'Emotions at the start and after the balanced thought' });
  await expect(table.getByRole('row', { name: /Anxious/ })).toContainText(
    ['80%', '40%', '40 lower'].join(''),
  );
  await expect(app.getByText('Believed 90% at first, 35% after the balanced thought')).toBeVisible();
  await expectFitsPhone(app, 'the thought record in the timeline');
});

test('the therapist reads the emotions before and after side by side in the patient record', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTherapist(page, therapist, `/patients/${patient.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  const timeline = page.getByRole('region', { name: `${patient.firstName}'s timeline` });
  await timeline.getByText(/My manager asked to speak to me tomorrow/).click();
  const drawer = page.getByRole('dialog', { name: 'Entry' });
  await expect(drawer.getByRole('heading', { name: 'Thought record' })).toBeVisible();
  const table = drawer.getByRole('table', { name: 'Emotions at the start and after the balanced thought' });
  const cells = async (name: string) =>
    (
      await table
        .getByRole('row', { name: new RegExp(name) })
        .locator('th, td')
        .allTextContents()
    ).map((c) => c.trim());
  expect(await cells('Anxious')).toEqual(['Anxious', '80%', '40%', '40 lower']);
  expect(await cells('Dread')).toEqual(['Dread', '60%', '30%', '30 lower']);
  await expect(drawer.getByText('I am going to be told off.')).toBeVisible();
  await expect(drawer.getByText('Believed 90% at first, 35% after the balanced thought')).toBeVisible();
  await expect(drawer.getByText('She may just want to plan the next project with me.')).toBeVisible();
  await expect(drawer.getByText('Believed 70%')).toBeVisible();
  await expect(drawer.getByText('I always get things wrong. (believed 60%)')).toBeVisible();
  await expectNoA11yViolations(page);
  await context.close();
});
