/**
 * Surveys in the console: a wellbeing survey written with the live preview, its questions reordered with the
 * keyboard, offered to Tend Health North, answered by a new patient of that organisation in the patient app,
 * then deleted after a confirmation; and a config saved meanwhile by someone else (412): the admin's edits
 * stay, the two versions are shown field by field, and "keep my changes" saves both people's changes.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import {
  NORTH_ORGANISATION,
  ROOT_ADMIN,
  asAdmin,
  createPatientOf,
  keepMyChangesAndSave,
  saveIntoConflict,
  signedInPage,
} from './support.ts';

test.describe('surveys', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let admin: Page;
  const stamp = Date.now();
  const title = `Weekly check-in ${stamp}`;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    admin = await signedInPage(browser, ROOT_ADMIN);
  });
  test.afterAll(async () => {
    await admin?.context().close();
  });

  const wording = (n: number) => admin.getByRole('textbox', { name: `Question ${n}: wording` });

  test('a wellbeing survey, reordered by keyboard and offered to Tend Health North, is answered by its patient', async ({
    browser,
    request,
  }) => {
    await admin.getByRole('link', { name: 'Surveys' }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    await expectNoA11yViolations(admin);

    await admin.getByRole('link', { name: 'New survey' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'New survey' })).toBeVisible();
    await admin.getByRole('combobox', { name: 'Kind of survey' }).click();
    await admin.getByRole('option', { name: 'Wellbeing' }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(title);
    // The address follows the title.
    await expect(admin.getByRole('textbox', { name: 'Address' })).toHaveValue(`weekly-check-in-${stamp}`);
    await admin.getByRole('textbox', { name: 'Introduction' }).fill('One minute, once a week.');

    // Three questions: the first (a scale) is there, two more are added.
    await wording(1).fill('How has your mood been this week?');
    await admin.getByRole('switch', { name: 'Question 1: an answer is needed' }).check();
    await admin.getByRole('button', { name: 'Add a question' }).click();
    await admin.getByRole('menuitem', { name: 'One of several answers' }).click();
    await expect(wording(2)).toBeFocused();
    await wording(2).fill('What helped most?');
    await admin
      .getByRole('textbox', { name: 'Question 2: answers to choose from' })
      .fill('Sleep\nExercise\nTalking to someone');
    await admin.getByRole('button', { name: 'Add a question' }).click();
    await admin.getByRole('menuitem', { name: 'Written answer' }).click();
    await wording(3).fill('Anything you would like us to know?');

    // The preview is the patient app's renderer.
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.getByRole('radio', { name: 'Talking to someone' })).toBeVisible();

    // Question 3 to the top with the keyboard: its handle, Space, up twice, Space.
    const handle = admin.getByRole('button', {
      name: 'Drag question 3: Anything you would like us to know?',
    });
    await handle.focus();
    await admin.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByText('Question is over position 2 of 3.')).toBeAttached();
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByText('Question is over position 1 of 3.')).toBeAttached();
    await admin.keyboard.press('Space');
    await expect(admin.getByText('Question dropped at position 1 of 3.')).toBeAttached();
    await expect(wording(1)).toHaveValue('Anything you would like us to know?');
    await expect(wording(2)).toHaveValue('How has your mood been this week?');
    // And with the buttons, from the keyboard: the mood question back to the top.
    await admin.getByRole('button', { name: 'Move question 2 up' }).focus();
    await admin.keyboard.press('Enter');
    await expect(
      admin.getByRole('status').filter({ hasText: 'Question moved to position 1 of 3.' }),
    ).toBeAttached();
    // The pressed button is now disabled (the question is first): the focus stays in the card.
    await expect(admin.getByRole('button', { name: 'Move question 1 down' })).toBeFocused();
    await expect(wording(1)).toHaveValue('How has your mood been this week?');
    await expect(wording(2)).toHaveValue('Anything you would like us to know?');
    await expect(wording(3)).toHaveValue('What helped most?');
    const previewOrder = preview.getByText(/mood been|like us to know|helped most/);
    await expect(previewOrder).toHaveText([
      /How has your mood been/,
      /Anything you would like us to know/,
      /What helped most/,
    ]);
    await expectNoA11yViolations(admin);

    await admin.getByRole('button', { name: 'Create survey' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(admin).toHaveURL(/\/surveys\/[^/]+$/);
    const surveyPath = new URL(admin.url()).pathname;

    // Offered to Tend Health North.
    const organisations = admin.getByRole('combobox', { name: 'Organisations' });
    await organisations.fill('North');
    await admin.getByRole('option', { name: 'Tend Health North' }).click();
    await admin.getByRole('button', { name: 'Save organisations' }).click();
    await expect(admin.getByText('Saved. Patients of these organisations see it now.')).toBeVisible();
    await expectNoA11yViolations(admin);

    // A new patient of Tend Health North (their welcome survey answered, so the app opens at home).
    const person = await createPatientOf(request, NORTH_ORGANISATION, 'Robin');
    const bearer = await signInByApi(request, person.email, ['patient']);
    const welcome = await request.post(
      `${API_ROOT}/onboarding-survey/configs/welcome-to-tend-north/responses`,
      {
        headers: { Authorization: `Bearer ${bearer}` },
        data: { responseData: { feeling: 6 } },
      },
    );
    expect(welcome.status(), await welcome.text()).toBe(201);
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.patient}` });
    const patient = await context.newPage();
    try {
      await patient.goto('/');
      await submitCredentials(patient, person.email);
      await expect(patient.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
      await patient.getByRole('link', { name: 'Surveys' }).first().click();
      await expect(patient.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
      await expect(patient.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expectNoA11yViolations(patient);
      await patient.getByRole('link', { name: `Answer “${title}”` }).click();
      await expect(patient.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const labels = patient.getByRole('main').getByText(/mood been|like us to know|helped most/);
      await expect(labels).toHaveText([
        /How has your mood been/,
        /Anything you would like us to know/,
        /What helped most/,
      ]);
      // The needed question unanswered: said so, nothing sent.
      await patient.getByRole('button', { name: 'Send my answers' }).click();
      await expect(patient.getByText('Please answer this question to finish.')).toBeVisible();
      await expectNoA11yViolations(patient);
      await patient.getByRole('radio', { name: '4', exact: true }).check();
      await patient.getByRole('radio', { name: 'Exercise' }).check();
      await patient.getByRole('button', { name: 'Send my answers' }).click();
      await expect(patient.getByText('Thank you: your answers were sent.')).toBeVisible();
      await patient.getByRole('link', { name: 'Back to surveys' }).click();
      await expect(patient.getByRole('link', { name: `Answer “${title}” again` })).toBeVisible();
    } finally {
      await context.close();
    }

    // Deleted after a confirmation that names it and keeps the answers.
    await admin.goto(surveyPath);
    await admin.getByRole('button', { name: 'Delete survey…' }).click();
    const dialog = admin.getByRole('dialog', { name: `Delete “${title}”?` });
    await expect(dialog).toContainText('kept for reports');
    await expectNoA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Delete survey' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
    await expect(admin.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  });

  test('a config saved meanwhile by someone else: the 412 view keeps the edits and both changes are saved', async ({
    request,
  }) => {
    const made = await asAdmin(request, ROOT_ADMIN, 'POST', '/surveys', {
      type: 'feedback',
      config: {
        title: `Feedback ${stamp}`,
        urlSuffix: `feedback-${stamp}`,
        questions: [{ id: 'q1', type: 'boolean', text: 'Was the session helpful?' }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const surveyId = (made.body as { surveyId: string }).surveyId;
    await admin.goto(`/surveys/${surveyId}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Feedback ${stamp}` })).toBeVisible();
    await admin.getByRole('textbox', { name: 'Title' }).fill(`Session feedback ${stamp}`);
    await wording(1).fill('Was today’s session helpful?');

    // Someone else saves first (the version the page read).
    const read = await asAdmin(request, ROOT_ADMIN, 'GET', `/surveys/${surveyId}/config`);
    const theirs: Record<string, unknown> = {
      ...(read.body as Record<string, unknown>),
      description: 'Asked after each session.',
    };
    delete theirs.etag;
    const saved = await asAdmin(request, ROOT_ADMIN, 'PUT', `/surveys/${surveyId}/config`, theirs, {
      ETag: (read.body as { etag: string }).etag,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const conflict = await saveIntoConflict(admin, 'Save changes', [
      [/Title/, `Session feedback ${stamp}`],
      [/Introduction/, 'Asked after each session.'],
      [/Questions/, 'Was today’s session helpful?'],
    ]);
    // Nothing typed is lost.
    await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue(`Session feedback ${stamp}`);
    await expect(wording(1)).toHaveValue('Was today’s session helpful?');
    await expectNoA11yViolations(admin);

    await keepMyChangesAndSave(admin, conflict, 'Saved. Patients see the new version from now on.');
    await expect(admin.getByRole('textbox', { name: 'Introduction' })).toHaveValue(
      'Asked after each session.',
    );
    const stored = await asAdmin(request, ROOT_ADMIN, 'GET', `/surveys/${surveyId}/config`);
    expect(stored.body).toMatchObject({
      title: `Session feedback ${stamp}`,
      description: 'Asked after each session.',
      questions: [{ id: 'q1', type: 'boolean', text: 'Was today’s session helpful?' }],
    });
  });
});
