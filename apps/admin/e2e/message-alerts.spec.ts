import { expect, test, type Page } from '@playwright/test';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { ROOT_ADMIN, createOrganisation, createPatientOf, signedInPage } from './support.ts';

/** The service's operator: a platform administrator, the only one who sends alerts to the public site. */
const PLATFORM_ADMIN = 'ops@example.com';

// An alert for an organisation of its own (under Tend Health), so that the patients of the demo organisation,
// whom other specs use at the same time, never see it. Tend Health's administrator is not a platform
// administrator: the public site's alerts are not theirs (the audience is not offered). The public site's
// alert (the operator's) is shown to every visitor while it exists: it is deleted as soon as it has been seen
// (and in afterAll when a step failed); it is a note, not an alert, so other specs' alerts stay the only ones.
test.describe('message alerts', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let admin: Page;
  let patient: Page;
  let organisation: string;
  const stamp = Date.now();
  const title = `Clinic closed ${stamp}`;
  const edited = `Clinic closed on Friday ${stamp}`;
  const publicTitle = `Phone lines closed ${stamp}`;
  const v1Title = `Room change ${stamp}`;
  const v1Edited = `Room change from Monday ${stamp}`;
  let publicAlertPath: string | null = null;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    organisation = await createOrganisation(request, `E2E alerts ${stamp}`);
    const person = await createPatientOf(request, organisation, 'Sam');
    admin = await signedInPage(browser, ROOT_ADMIN);
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.patient}` });
    patient = await context.newPage();
    await patient.goto('/');
    await submitCredentials(patient, person.email);
    await expect(
      patient.getByRole('heading', { level: 1, name: `Hello, ${person.firstName}` }),
    ).toBeVisible();
  });
  test.afterAll(async ({ browser }) => {
    if (publicAlertPath) {
      // A step failed before the public alert was deleted: delete it now, so visitors stop seeing it.
      const ops = await signedInPage(browser, PLATFORM_ADMIN);
      await ops.goto(publicAlertPath);
      await ops.getByRole('button', { name: 'Delete alert' }).click();
      await ops.getByRole('button', { name: 'Yes, delete it' }).click();
      await expect(ops.getByRole('heading', { level: 1, name: 'Message alerts', exact: true })).toBeVisible();
      await ops.context().close();
    }
    await admin?.context().close();
    await patient?.context().close();
  });

  test('an alert created by the admin, with its preview, is seen by a patient of the organisation', async () => {
    await admin.getByRole('link', { name: 'Message alerts' }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts' })).toBeVisible();
    await expectNoA11yViolations(admin);

    // From the organisation's page: a new alert for its people.
    await admin.goto(`/organisations/${organisation}`);
    await admin.getByRole('link', { name: 'Send a message alert to its people' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'New message alert' })).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'Organisation' })).toHaveValue(`E2E alerts ${stamp}`);
    await admin.getByRole('combobox', { name: 'Who sees it' }).click();
    await expect(admin.getByRole('option', { name: 'Visitors of the public site' })).toHaveCount(0);
    await admin.getByRole('option', { name: 'Patients' }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(title);
    await admin
      .getByRole('textbox', { name: 'Message' })
      .fill('Sessions move online this week. Your therapist will send a link.');
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(title)).toBeVisible();
    await expect(preview.getByText('Sessions move online this week.', { exact: false })).toBeVisible();
    // An end before the start is refused on the form.
    await admin.getByLabel('Shows from').fill('2030-01-02T10:00');
    await admin.getByLabel('Shows until').fill('2030-01-01T10:00');
    await admin.getByRole('button', { name: 'Create alert' }).click();
    await expect(admin.getByText('The end must be after the start.')).toBeVisible();
    await admin.getByLabel('Shows from').fill('');
    await admin.getByLabel('Shows until').fill('');
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Create alert' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Edit message alert' })).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expectNoA11yViolations(admin);

    await admin.getByRole('link', { name: 'Back to the alerts' }).click();
    const row = admin.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Showing now');
    await expect(row).toContainText(`Patients · E2E alerts ${stamp}`);

    await patient.reload();
    const notices = patient.getByRole('region', { name: 'Notices' });
    await expect(notices.getByText(title)).toBeVisible();
    await expect(notices.getByText('Your therapist will send a link.', { exact: false })).toBeVisible();
  });

  test('edited, the patient sees the new words; deleted, the notice is gone', async () => {
    await admin.getByRole('link', { name: title }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(edited);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    await patient.reload();
    const notices = patient.getByRole('region', { name: 'Notices' });
    await expect(notices.getByText(edited)).toBeVisible();
    await expect(notices.getByText(title, { exact: true })).toHaveCount(0);

    await admin.getByRole('button', { name: 'Delete alert' }).click();
    await expect(
      admin.getByText('Delete this alert? People will stop seeing it straight away.'),
    ).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts' })).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: edited })).toHaveCount(0);

    await patient.reload();
    await expect(patient.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    await expect(patient.getByText(edited)).toHaveCount(0);
  });

  test("the platform administrator's alert for the public site is a banner there; dismissed, it stays dismissed; withdrawn, it is gone", async ({
    browser,
  }) => {
    const ops = await signedInPage(browser, PLATFORM_ADMIN);
    await ops.goto('/message-alerts/new');
    await expect(
      ops.getByRole('heading', { level: 1, name: 'New message alert', exact: true }),
    ).toBeVisible();
    await ops.getByRole('combobox', { name: 'Organisation' }).click();
    await ops.getByRole('option', { name: 'Every organisation' }).click();
    await ops.getByRole('combobox', { name: 'Who sees it' }).click();
    await ops.getByRole('option', { name: 'Visitors of the public site' }).click();
    await ops.getByRole('textbox', { name: 'Title' }).fill(publicTitle);
    await ops
      .getByRole('textbox', { name: 'Message' })
      .fill('<b>Call</b> us on Monday instead. Your sessions go ahead.');
    await ops.getByRole('button', { name: 'Create alert' }).click();
    await expect(
      ops.getByRole('heading', { level: 1, name: 'Edit message alert', exact: true }),
    ).toBeVisible();
    publicAlertPath = new URL(ops.url()).pathname;

    const visitor = await (
      await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.public}` })
    ).newPage();
    // A second visitor, who never dismisses it: they see it until it is withdrawn.
    const other = await (
      await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.public}` })
    ).newPage();
    await other.goto('/contact/access');
    await expect(other.getByRole('heading', { level: 1, name: 'Request access to Tend' })).toBeVisible();
    await expect(
      other.getByRole('region', { name: 'Notices' }).getByRole('note').filter({ hasText: publicTitle }),
    ).toBeVisible();
    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
    const notices = visitor.getByRole('main').getByRole('region', { name: 'Notices' });
    const notice = notices.getByRole('note').filter({ hasText: publicTitle });
    await expect(notice).toBeVisible();
    // The message is text: the markup typed shows as typed.
    await expect(notice).toContainText('<b>Call</b> us on Monday instead.');
    await expect(notice.locator('b')).toHaveCount(0);
    await expectNoA11yViolations(visitor);

    await notice.getByRole('button', { name: `Dismiss notice: ${publicTitle}` }).click();
    await expect(visitor.getByText(publicTitle)).toHaveCount(0);
    // Reloaded, the alerts are read again (the banner's request answers it) and this one stays dismissed.
    const answered = visitor.waitForResponse(
      (r) => r.url().includes('/v2/message-alerts/action/list-messages-for-public') && r.ok(),
    );
    await visitor.reload();
    const list = (await (await answered).json()) as { items: Array<{ message: { title: string } }> };
    expect(list.items.map((a) => a.message.title)).toContain(publicTitle);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
    await visitor.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(visitor.getByText(publicTitle)).toHaveCount(0);

    // Deleted at once: every visitor stops seeing it.
    await ops.getByRole('button', { name: 'Delete alert' }).click();
    await ops.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(ops.getByRole('heading', { level: 1, name: 'Message alerts', exact: true })).toBeVisible();
    publicAlertPath = null;
    // Withdrawn, it is gone from the public site for the visitor who never dismissed it too.
    const reread = other.waitForResponse(
      (r) => r.url().includes('/v2/message-alerts/action/list-messages-for-public') && r.ok(),
    );
    await other.reload();
    const after = (await (await reread).json()) as { items: Array<{ message: { title: string } }> };
    expect(after.items.map((a) => a.message.title)).not.toContain(publicTitle);
    await expect(other.getByRole('heading', { level: 1, name: 'Request access to Tend' })).toBeVisible();
    await expect(other.getByText(publicTitle)).toHaveCount(0);
    await ops.context().close();
    await visitor.context().close();
    await other.context().close();
  });

  test('an alert created, edited and deleted through the v1 calls', async () => {
    await admin.getByRole('link', { name: 'Message alerts' }).first().click();
    await admin
      .getByRole('navigation', { name: 'Which set of calls' })
      .getByRole('link', { name: 'Through the v1 calls' })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts (v1 calls)' })).toBeVisible();
    await expect(admin).toHaveURL(/\/message-alerts\/v1$/);
    await expectNoA11yViolations(admin);

    await admin.goto(`/message-alerts/v1/new?organisation=${organisation}`);
    await expect(
      admin.getByRole('heading', { level: 1, name: 'New message alert (v1 calls)' }),
    ).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'Organisation' })).toHaveValue(`E2E alerts ${stamp}`);
    await admin.getByRole('combobox', { name: 'Who sees it' }).click();
    await admin.getByRole('option', { name: 'Therapists' }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(v1Title);
    await admin.getByRole('textbox', { name: 'Message' }).fill('Sessions move to room 4.');
    await expect(admin.getByRole('region', { name: 'Preview' }).getByText(v1Title)).toBeVisible();
    await expectNoA11yViolations(admin);
    await admin.getByRole('button', { name: 'Create alert' }).click();
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Edit message alert (v1 calls)' }),
    ).toBeVisible();
    await expect(admin).toHaveURL(/\/message-alerts\/v1\/[^/]+$/);
    await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue(v1Title);

    await admin.getByRole('textbox', { name: 'Title' }).fill(v1Edited);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expectNoA11yViolations(admin);

    await admin.getByRole('link', { name: 'Back to the alerts' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts (v1 calls)' })).toBeVisible();
    const row = admin.getByRole('listitem').filter({ hasText: v1Edited });
    await expect(row).toContainText(`Therapists · E2E alerts ${stamp}`);
    // The same alert through the v2 calls.
    await admin
      .getByRole('navigation', { name: 'Which set of calls' })
      .getByRole('link', { name: 'Alerts', exact: true })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts', exact: true })).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: v1Edited })).toHaveCount(1);
    await admin
      .getByRole('navigation', { name: 'Which set of calls' })
      .getByRole('link', { name: 'Through the v1 calls' })
      .click();

    await admin.getByRole('link', { name: v1Edited }).click();
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Edit message alert (v1 calls)' }),
    ).toBeVisible();
    await admin.getByRole('button', { name: 'Delete alert' }).click();
    await admin.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Message alerts (v1 calls)' })).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: v1Edited })).toHaveCount(0);
  });
});
