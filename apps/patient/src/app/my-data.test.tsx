import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD, type TestUser } from '@tend/portal/testing';
import { freshToken, patientPageServer, renderPatientPage } from '../test/portal.ts';

const server = patientPageServer();

/** The re-authentication dialog, answered with the password. */
async function confirmPassword(user: TestUser) {
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  await user.type(within(dialog).getByLabelText(/Password/), TEST_PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

const renderMyData = () => renderPatientPage('/my-data');

describe('my data', () => {
  const downloads: string[] = [];
  beforeEach(() => {
    downloads.length = 0;
    // jsdom has no object URLs and does not follow a download link: both recorded instead.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('explains what the file holds and downloads the ZIP the server makes', async () => {
    let calls = 0;
    server.use(
      freshToken,
      http.get('*/patient/my-data/export', () => {
        calls += 1;
        return new HttpResponse(new Uint8Array(2048), { headers: { 'content-type': 'application/zip' } });
      }),
    );
    const { user } = renderMyData();
    expect(await screen.findByRole('heading', { level: 1, name: 'My data' })).toBeInTheDocument();
    expect(screen.getByText(/moments.csv, which opens in any spreadsheet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(calls).toBe(0);
    await confirmPassword(user);
    expect(
      await screen.findByText(/Your file tend-my-data-\d{4}-\d{2}-\d{2}\.zip is downloaded \(2 kB\)/),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(downloads).toEqual([expect.stringMatching(/^tend-my-data-\d{4}-\d{2}-\d{2}\.zip$/)]);
  });

  it('says plainly when too many downloads were asked for, and downloads nothing', async () => {
    server.use(
      freshToken,
      http.get('*/patient/my-data/export', () =>
        HttpResponse.json(
          { code: 'rate_limited', message: 'slow down', details: { retryAfter: 30 } },
          { status: 429, headers: { 'retry-after': '30' } },
        ),
      ),
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
    );
    const { user } = renderMyData();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await confirmPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have downloaded your data several times in the last minute.',
    );
    expect(downloads).toEqual([]);
  });
});
