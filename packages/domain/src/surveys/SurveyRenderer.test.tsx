import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import type { SurveyAnswers, SurveyContent } from './model.ts';
import { SurveyRenderer } from './SurveyRenderer.tsx';

beforeAll(() => {
  // jsdom has no document.fonts; the autosizing text field listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const survey: SurveyContent = {
  title: 'Welcome',
  description: 'A few questions.',
  questions: [
    { id: 'feeling', type: 'scale', text: 'How are you?', required: true, min: 1, max: 5 },
    { id: 'hopes', type: 'text', text: 'What would help?' },
    { id: 'focus', type: 'multiple-choice', text: 'Work on?', options: ['Sleep', 'Stress'] },
    { id: 'sleep', type: 'number', text: 'Hours of sleep?', min: 0, max: 24 },
    { id: 'before', type: 'boolean', text: 'Therapy before?' },
    { id: 'heard', type: 'single-choice', text: 'Heard from?', options: ['GP', '<b>Online</b>'] },
  ],
};

/** The renderer as a screen holds it: the answers in state, each change recorded. */
function Harness({ onChange, only }: { onChange: (id: string, a: unknown) => void; only?: string[] }) {
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  return (
    <SurveyRenderer
      survey={survey}
      answers={answers}
      only={only}
      headingLevel={2}
      problems={{ feeling: 'required' }}
      onChange={(id, a) => {
        onChange(id, a);
        setAnswers((s) => {
          const next = { ...s };
          if (a === undefined) delete next[id];
          else next[id] = a;
          return next;
        });
      }}
    />
  );
}

describe('SurveyRenderer', () => {
  it('draws every question type from the config, labelled, with needed/optional and problems, text as text', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('A few questions.')).toBeInTheDocument();
    const scale = screen.getByRole('radiogroup', { name: 'How are you?' });
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByText('Needed to finish. From 1 to 5')).toBeInTheDocument();
    expect(screen.getByText('Please answer this question to finish.')).toBeInTheDocument();
    // An option that looks like HTML is shown as it was written.
    expect(screen.getByRole('radio', { name: '<b>Online</b>' })).toBeInTheDocument();

    await user.click(within(scale).getByRole('radio', { name: '4' }));
    await user.type(screen.getByRole('textbox', { name: 'What would help?' }), 'ab');
    await user.click(screen.getByRole('checkbox', { name: 'Stress' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stress' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Hours of sleep?' }), { target: { value: '7.5' } });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('radio', { name: 'GP' }));
    expect(onChange.mock.calls).toEqual([
      ['feeling', 4],
      ['hopes', 'a'],
      ['hopes', 'ab'],
      ['focus', ['Stress']],
      ['focus', undefined],
      ['sleep', 7.5],
      ['before', false],
      ['heard', 'GP'],
    ]);
  });

  it('draws only the questions asked for, without the title when no heading level is given', () => {
    renderWithProviders(
      <SurveyRenderer
        survey={survey}
        answers={{ before: true }}
        only={['before']}
        onChange={() => undefined}
      />,
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByText('Optional: you can leave this out')).toBeInTheDocument();
  });
});
