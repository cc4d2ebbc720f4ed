import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PatientSafetyNet } from '@tend/api/model';
import {
  getGetPatientSafetyNetMockHandler,
  getPreviewOwnWelfareEmailMockHandler,
  getSendWelfareEmailMockHandler,
  getUpdateSafetyPlanSharingMockHandler,
} from '@tend/api/msw';
import { patientPageServer, renderPatientPage } from '../test/portal.ts';

const server = patientPageServer();

/** The cloud document store as the server keeps it: conditional writes answer 409 stale_timestamp. */
function documentStore(initial: { content: unknown; timestamp: number } | null) {
  let doc = initial;
  const writes: Array<{ content: unknown; expected: number }> = [];
  const handlers = [
    http.get('*/cloud-document/safety-plan', () =>
      doc
        ? HttpResponse.json({ name: 'safety-plan', dataStructureVersion: 1, ...doc })
        : HttpResponse.json({ code: 'not_found', message: 'none' }, { status: 404 }),
    ),
    http.put('*/cloud-document/safety-plan', async ({ request }) => {
      const url = new URL(request.url);
      const expected = Number(url.searchParams.get('expectedTimestamp'));
      if ((doc?.timestamp ?? 0) !== expected) {
        return HttpResponse.json(
          { code: 'stale_timestamp', message: 'stale', details: { timestamp: doc?.timestamp ?? 0 } },
          { status: 409 },
        );
      }
      const content = await request.json();
      writes.push({ content, expected });
      doc = { content, timestamp: Number(url.searchParams.get('timestamp')) };
      return new HttpResponse(String(doc.timestamp), { headers: { 'Content-Type': 'text/plain' } });
    }),
  ];
  return {
    handlers,
    writes,
    replace: (content: unknown, timestamp: number) => (doc = { content, timestamp }),
  };
}

const NET: PatientSafetyNet = {
  therapists: [{ therapistId: 'therapist-1', name: 'Alex Morgan' }],
  organisationName: 'Tend Health',
  responseHours: 24,
  safetyPlanShared: true,
  safetyPlanSharingChangedAt: null,
};
// Who can read the plan (the page's sharing section): Alex Morgan, until the patient stops sharing.
beforeEach(() => server.use(getGetPatientSafetyNetMockHandler(NET)));

const renderPlan = () => renderPatientPage('/safety-plan');

describe('my safety plan', () => {
  it('says who can read the plan and lets the patient stop sharing it', async () => {
    server.use(...documentStore(null).handlers);
    const sent: unknown[] = [];
    server.use(
      getUpdateSafetyPlanSharingMockHandler(async ({ request }) => {
        sent.push(await request.json());
        return { ...NET, safetyPlanShared: false, safetyPlanSharingChangedAt: '2026-05-01T10:00:00Z' };
      }),
    );
    const { user } = renderPlan();
    const section = await screen.findByRole('region', { name: 'Who can read your plan' });
    expect(
      await within(section).findByText('Alex Morgan can read your plan. They cannot change it.'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Stop sharing my plan' }));
    expect(
      await within(section).findByText('Your plan is now private: only you can read it.'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Only you can read your plan. Your therapists cannot see it.'),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Share my plan with my therapists' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ shared: false }]);
  });

  it('starts empty, saves the sections one entry a line, and says so', async () => {
    const store = documentStore(null);
    server.use(...store.handlers);
    const { user } = renderPlan();
    expect(await screen.findByRole('heading', { level: 1, name: 'My safety plan' })).toBeInTheDocument();
    await user.type(
      await screen.findByRole('textbox', { name: /Warning signs/ }),
      'Not sleeping{enter}Pulling away from friends',
    );
    await user.type(screen.getByRole('textbox', { name: /My reasons for living/ }), 'My sister');
    await user.click(screen.getByRole('button', { name: 'Save my plan' }));
    expect(await screen.findByText('Your safety plan is saved.')).toBeInTheDocument();
    expect(store.writes).toHaveLength(1);
    expect(store.writes[0]!.expected).toBe(0);
    expect(store.writes[0]!.content).toMatchObject({
      sections: { warningSigns: ['Not sleeping', 'Pulling away from friends'], reasons: ['My sister'] },
    });
    expect(screen.getByText(/Add a mobile number or an e-mail address to someone/)).toBeInTheDocument();
  });

  it('keeps both versions when another device saved meanwhile, and combines them on request', async () => {
    const store = documentStore({ content: { sections: { coping: ['Music'] } }, timestamp: 1000 });
    server.use(...store.handlers);
    const { user } = renderPlan();
    const coping = await screen.findByRole('textbox', { name: /What helps me cope/ });
    await user.type(coping, '{enter}A hot bath');
    // Meanwhile, on the phone:
    store.replace({ sections: { coping: ['Music', 'Walk the dog'] } }, 2000);
    await user.click(screen.getByRole('button', { name: 'Save my plan' }));
    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Your plan was changed on another device');
    const row = within(conflict).getByRole('row', { name: /What helps me cope/ });
    expect(row).toHaveTextContent('Walk the dog');
    expect(row).toHaveTextContent('A hot bath');
    expect(store.writes).toHaveLength(0);
    expect(coping).toHaveValue('Music\nA hot bath');
    await user.click(within(conflict).getByRole('button', { name: 'Keep both (combine them)' }));
    expect(await screen.findByText('Your safety plan is saved.')).toBeInTheDocument();
    expect(store.writes).toEqual([
      {
        expected: 2000,
        content: expect.objectContaining({
          sections: expect.objectContaining({ coping: ['Music', 'Walk the dog', 'A hot bath'] }),
        }),
      },
    ]);
    await waitFor(() => expect(coping).toHaveValue('Music\nWalk the dog\nA hot bath'));
  });

  it('lets someone know: the exact e-mail shown first, then sent to the chosen supporter', async () => {
    const store = documentStore({
      content: { sections: { helpers: ['Mum – mum@example.com', 'Sam at work'] } },
      timestamp: 1000,
    });
    const sent: unknown[] = [];
    const previewed: unknown[] = [];
    server.use(
      ...store.handlers,
      getPreviewOwnWelfareEmailMockHandler(async ({ request }) => {
        previewed.push(await request.json());
        return {
          subject: 'Sam would like you to check in',
          text: 'Hello,\nSam asked us to let you know.\nPlease call me',
        };
      }),
      getSendWelfareEmailMockHandler(
        async ({ request }) => (sent.push(await request.json()), { status: 'accepted' }),
      ),
    );
    const { user } = renderPlan();
    const section = await screen.findByRole('region', { name: 'Let someone know' });
    expect(within(section).queryByRole('radio', { name: 'Sam at work' })).toBeNull();
    await user.click(within(section).getByRole('radio', { name: 'Mum – mum@example.com' }));
    await user.type(
      within(section).getByRole('textbox', { name: /A few words of your own/ }),
      'Please call me',
    );
    expect(within(section).queryByRole('button', { name: 'Send it' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Show me the e-mail' }));
    const preview = await within(section).findByRole('region', { name: 'What mum@example.com will receive' });
    expect(within(preview).getByText('Subject: Sam would like you to check in')).toBeInTheDocument();
    expect(within(preview).getByTestId('welfare-preview-text')).toHaveTextContent(
      'Sam asked us to let you know.',
    );
    await user.click(within(preview).getByRole('button', { name: 'Send it' }));
    expect(
      await within(section).findByText('Your e-mail to mum@example.com is on its way.'),
    ).toBeInTheDocument();
    const request = {
      targetEmailAddresses: ['mum@example.com'],
      careFirstStyleEmail: true,
      personalMessage: 'Please call me',
    };
    expect(previewed).toEqual([request]);
    expect(sent).toEqual([request]);
  });
});
