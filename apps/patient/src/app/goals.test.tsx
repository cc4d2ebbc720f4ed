import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MetadataChange, PatientMetadata } from '@tend/api/model';
import { patientPageServer, renderPatientPage, withoutOnboardingSurvey } from '../test/portal.ts';

const server = patientPageServer();
// These patients' organisation offers no onboarding survey (features/onboarding: the gate lets them through).
withoutOnboardingSurvey(server);

/** The metadata store as the server keeps it: ETag-checked changes, 412 with the current document. */
function metadataStore(docs: Record<string, PatientMetadata | undefined>) {
  const updates: Array<{ id: string; etag: string | null; changes: MetadataChange[] }> = [];
  let version = 1;
  const handlers = [
    http.get('*/patient-metadata/:id', ({ params }) => {
      const doc = docs[String(params.id)];
      return doc
        ? HttpResponse.json(doc, { headers: { ETag: doc.etag } })
        : HttpResponse.json({ code: 'not_found', message: 'none' }, { status: 404 });
    }),
    http.post('*/patient-metadata/:id/action/update-metadata', async ({ params, request }) => {
      const id = String(params.id);
      const current = docs[id];
      const etag = request.headers.get('ETag');
      if ((current?.etag ?? '*') !== etag) {
        return HttpResponse.json(
          { code: 'etag_mismatch', message: 'stale', details: { currentEtag: current?.etag, current } },
          { status: 412, headers: current ? { ETag: current.etag } : {} },
        );
      }
      const { metadataChangeList } = (await request.json()) as { metadataChangeList: MetadataChange[] };
      updates.push({ id, etag, changes: metadataChangeList });
      const data: Record<string, unknown> = { ...(current?.data ?? {}) };
      for (const c of metadataChangeList) {
        if (c.op === 'set') data[c.path] = c.value;
        else delete data[c.path];
      }
      version += 1;
      docs[id] = { metadataDocumentId: id, data, etag: `"v${version}"`, updatedAt: new Date().toISOString() };
      return HttpResponse.json(docs[id], { headers: { ETag: docs[id].etag } });
    }),
  ];
  return { handlers, updates, docs };
}

const renderGoals = () => renderPatientPage('/goals');

describe('my goals and preferences', () => {
  it('adds a goal to an empty document (created with *) and saves the preferences over their version', async () => {
    const store = metadataStore({
      preferences: {
        metadataDocumentId: 'preferences',
        data: { focusAreas: ['sleep'], remindersOn: false, firstRun: 'finished' },
        etag: '"p1"',
        updatedAt: '2026-01-01T00:00:00Z',
      },
    });
    server.use(...store.handlers);
    const { user } = renderGoals();
    const goals = await screen.findByRole('region', { name: 'My goals' });
    expect(await within(goals).findByText(/No goals yet/)).toBeInTheDocument();
    await user.click(within(goals).getByRole('button', { name: 'Add a goal' }));
    await user.type(within(goals).getByRole('textbox', { name: 'Goal 1' }), 'Walk three times a week');
    await user.click(within(goals).getByRole('button', { name: 'Save my goals' }));
    expect(await within(goals).findByText('Your goals are saved.')).toBeInTheDocument();
    expect(store.updates[0]).toMatchObject({ id: 'goals', etag: '*' });
    expect(Object.values((store.updates[0]!.changes[0]!.value ?? {}) as object)).toEqual([
      expect.objectContaining({ text: 'Walk three times a week', achieved: false }),
    ]);

    const prefs = screen.getByRole('region', { name: 'My preferences' });
    expect(within(prefs).getByRole('checkbox', { name: 'Sleep' })).toBeChecked();
    await user.click(within(prefs).getByRole('checkbox', { name: 'Anxiety' }));
    await user.click(within(prefs).getByRole('radio', { name: 'Someone to listen' }));
    await user.click(within(prefs).getByRole('button', { name: 'Save my preferences' }));
    expect(await within(prefs).findByText('Your preferences are saved.')).toBeInTheDocument();
    expect(store.updates[1]).toMatchObject({ id: 'preferences', etag: '"p1"' });
    expect(store.updates[1]!.changes).toEqual(
      expect.arrayContaining([
        { op: 'set', path: 'focusAreas', value: ['sleep', 'anxiety'] },
        { op: 'set', path: 'supportStyle', value: 'listening' },
      ]),
    );
  });

  it('on a 412 keeps the edits, shows what changed, and re-applies them over the stored version', async () => {
    const store = metadataStore({
      preferences: {
        metadataDocumentId: 'preferences',
        data: { pronouns: 'they/them', remindersOn: false, firstRun: 'finished' },
        etag: '"p1"',
        updatedAt: '2026-01-01T00:00:00Z',
      },
    });
    server.use(...store.handlers);
    const { user } = renderGoals();
    const prefs = await screen.findByRole('region', { name: 'My preferences' });
    const pronouns = await within(prefs).findByRole('textbox', { name: /My pronouns/ });
    await user.clear(pronouns);
    await user.type(pronouns, 'she/her');
    // Meanwhile, on another device:
    store.docs.preferences = {
      metadataDocumentId: 'preferences',
      data: { pronouns: 'they/them', remindersOn: true, firstRun: 'finished' },
      etag: '"p9"',
      updatedAt: '2026-01-02T00:00:00Z',
    };
    await user.click(within(prefs).getByRole('button', { name: 'Save my preferences' }));
    const conflict = await within(prefs).findByRole('alert');
    expect(within(conflict).getByRole('row', { name: /My pronouns/ })).toHaveTextContent('she/her');
    expect(within(conflict).getByRole('row', { name: /Remind me to check in/ })).toBeInTheDocument();
    expect(pronouns).toHaveValue('she/her');
    expect(store.updates).toHaveLength(0);
    await user.click(within(conflict).getAllByRole('button')[0]!);
    expect(await within(prefs).findByText('Your preferences are saved.')).toBeInTheDocument();
    expect(store.updates).toHaveLength(1);
    expect(store.updates[0]!.etag).toBe('"p9"');
    expect(store.docs.preferences!.data).toMatchObject({ pronouns: 'she/her', remindersOn: true });
  });
});
