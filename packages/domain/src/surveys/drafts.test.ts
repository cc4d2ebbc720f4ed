import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, closeDrafts, loadDraft, saveDraft } from './drafts.ts';
import type { SurveyContent } from './model.ts';
import { useSurveyDraft } from './useSurveyDraft.ts';

afterEach(() => {
  closeDrafts();
  indexedDB.deleteDatabase('tend-survey-drafts');
});

const survey: SurveyContent = {
  title: 'Welcome',
  questions: [
    { id: 'feeling', type: 'scale', text: 'How are you?', required: true, min: 0, max: 10 },
    { id: 'hopes', type: 'text', text: 'What would help?' },
  ],
};

describe('the survey drafts on the device', () => {
  it('keeps one draft per person and survey, across re-opening, until cleared', async () => {
    await saveDraft({ userId: 'p1', urlSuffix: 'welcome', answers: { feeling: 3 }, step: 1 });
    await saveDraft({ userId: 'p1', urlSuffix: 'welcome', answers: { feeling: 4 }, step: 1 });
    await saveDraft({ userId: 'p2', urlSuffix: 'welcome', answers: { feeling: 9 }, step: 0 });
    closeDrafts();
    expect(await loadDraft('p1', 'welcome')).toMatchObject({ answers: { feeling: 4 }, step: 1 });
    expect(await loadDraft('p1', 'other')).toBeUndefined();
    await clearDraft('p1', 'welcome');
    expect(await loadDraft('p1', 'welcome')).toBeUndefined();
    expect(await loadDraft('p2', 'welcome')).toMatchObject({ answers: { feeling: 9 } });
  });

  it('gives back what the person answered and where they were, after the page is gone', async () => {
    const first = renderHook(() => useSurveyDraft('p1', 'welcome', survey));
    await waitFor(() => expect(first.result.current.ready).toBe(true));
    expect(first.result.current).toMatchObject({ answers: {}, step: 0, resumed: false });
    act(() => first.result.current.setAnswer('feeling', 6));
    act(() => first.result.current.setStep(1));
    act(() => first.result.current.setAnswer('hopes', 'rest'));
    act(() => first.result.current.setAnswer('hopes', undefined));
    await waitFor(async () =>
      expect(await loadDraft('p1', 'welcome')).toMatchObject({ answers: { feeling: 6 }, step: 1 }),
    );
    first.unmount();
    closeDrafts();

    const again = renderHook(() => useSurveyDraft('p1', 'welcome', survey));
    await waitFor(() => expect(again.result.current.ready).toBe(true));
    expect(again.result.current).toMatchObject({ answers: { feeling: 6 }, step: 1, resumed: true });
    await act(() => again.result.current.clear());
    expect(await loadDraft('p1', 'welcome')).toBeUndefined();
  });

  it('drops answers to questions the survey no longer has and keeps the step within it', async () => {
    await saveDraft({ userId: 'p1', urlSuffix: 'welcome', answers: { feeling: 2, removed: 'x' }, step: 7 });
    const { result } = renderHook(() => useSurveyDraft('p1', 'welcome', survey));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({ answers: { feeling: 2 }, step: 1 });
  });
});
