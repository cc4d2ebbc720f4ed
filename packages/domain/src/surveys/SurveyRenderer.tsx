import { Checkbox, Group, NumberInput, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import type { SurveyQuestion } from '@tend/api/model';
import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';
import {
  scaleChoices,
  TEXT_ANSWER_MAX,
  type AnswerProblem,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyContent,
} from './model.ts';

/** The surveys subject's words (`domain:surveys.…`). */
export const useSurveyWords = () => useDomainTranslation('surveys', en);

export interface SurveyRendererProps {
  /** The survey's title, description and questions (a SurveyConfig). */
  survey: SurveyContent;
  answers: SurveyAnswers;
  /** A question's new answer; undefined when the person cleared it. */
  onChange: (questionId: string, answer: SurveyAnswer | undefined) => void;
  /** Only these questions (e.g. one a step); every question when absent. */
  only?: readonly string[];
  /** Problems to show under their questions (question id → problem), e.g. after "Next" or the server's 400. */
  problems?: Partial<Record<string, AnswerProblem>>;
  /** Shows the survey's title (at this heading level) and description above the questions; none when absent. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * A survey drawn from its config: each question as the control its type calls for (text, number, a scale's
 * choices, yes/no, one or several options), "needed" or "optional" beside it, a problem under it. Purely
 * presentational: the answers come in and changes go out (no fetching, no storing), so the patient's
 * onboarding and the admin's live preview draw the same thing. Question texts are shown as text, never HTML.
 */
export function SurveyRenderer({
  survey,
  answers,
  onChange,
  only,
  problems = {},
  headingLevel,
}: SurveyRendererProps) {
  const questions = only ? survey.questions.filter((q) => only.includes(q.id)) : survey.questions;
  return (
    <Stack gap="lg">
      {headingLevel ? (
        <Stack gap="xs">
          <Title order={headingLevel}>{survey.title}</Title>
          {survey.description ? <Text style={{ whiteSpace: 'pre-line' }}>{survey.description}</Text> : null}
        </Stack>
      ) : null}
      {questions.map((q) => (
        <SurveyQuestionField
          key={q.id}
          question={q}
          answer={answers[q.id]}
          problem={problems[q.id]}
          onChange={(a) => onChange(q.id, a)}
        />
      ))}
    </Stack>
  );
}

export interface SurveyQuestionFieldProps {
  question: SurveyQuestion;
  answer: SurveyAnswer | undefined;
  problem?: AnswerProblem | undefined;
  onChange: (answer: SurveyAnswer | undefined) => void;
}

/** One question as its type's control, labelled with the question's text. */
export function SurveyQuestionField({ question: q, answer, problem, onChange }: SurveyQuestionFieldProps) {
  const { td } = useSurveyWords();
  const error = problem
    ? td(`surveys.problems.${problem}`, { min: q.min, max: q.type === 'text' ? TEXT_ANSWER_MAX : q.max })
    : undefined;
  const need = q.required ? td('surveys.required') : td('surveys.optional');
  const common = { label: q.text, error, id: `survey-q-${q.id}` };
  const range = (key: 'surveys.scaleRange' | 'surveys.numberRange') =>
    q.min !== undefined && q.max !== undefined ? `${need}. ${td(key, { min: q.min, max: q.max })}` : need;
  switch (q.type) {
    case 'text':
      return (
        <Textarea
          {...common}
          description={need}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={TEXT_ANSWER_MAX}
        />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          description={range('surveys.numberRange')}
          question={q}
          answer={answer}
          onChange={onChange}
        />
      );
    case 'scale': {
      const choices = scaleChoices(q);
      if (!choices)
        return (
          <NumberField
            {...common}
            description={range('surveys.scaleRange')}
            question={q}
            answer={answer}
            onChange={onChange}
            allowDecimal={false}
          />
        );
      return (
        <Radio.Group
          {...common}
          description={range('surveys.scaleRange')}
          value={typeof answer === 'number' ? String(answer) : null}
          onChange={(v) => onChange(Number(v))}
        >
          <Group mt="xs" gap="md">
            {choices.map((n) => (
              <Radio key={n} value={String(n)} label={String(n)} />
            ))}
          </Group>
        </Radio.Group>
      );
    }
    case 'boolean':
      return (
        <Radio.Group
          {...common}
          description={need}
          value={typeof answer === 'boolean' ? String(answer) : null}
          onChange={(v) => onChange(v === 'true')}
        >
          <Group mt="xs" gap="lg">
            <Radio value="true" label={td('surveys.yes')} />
            <Radio value="false" label={td('surveys.no')} />
          </Group>
        </Radio.Group>
      );
    case 'single-choice':
      return (
        <Radio.Group
          {...common}
          description={need}
          value={typeof answer === 'string' ? answer : null}
          onChange={(v) => onChange(v)}
        >
          <Stack mt="xs" gap="sm">
            {(q.options ?? []).map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple-choice':
      return (
        <Checkbox.Group
          {...common}
          description={`${need}. ${td('surveys.chooseAny')}`}
          value={Array.isArray(answer) ? answer : []}
          onChange={(v) => onChange(v.length === 0 ? undefined : v)}
        >
          <Stack mt="xs" gap="sm">
            {(q.options ?? []).map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return null;
  }
}

function NumberField({
  question: q,
  answer,
  onChange,
  allowDecimal = true,
  ...common
}: {
  question: SurveyQuestion;
  answer: SurveyAnswer | undefined;
  onChange: (answer: SurveyAnswer | undefined) => void;
  allowDecimal?: boolean;
  label: string;
  description: string;
  error: string | undefined;
  id: string;
}) {
  return (
    <NumberInput
      {...common}
      styles={{ wrapper: { maxWidth: 240 } }}
      value={typeof answer === 'number' ? answer : ''}
      onChange={(v) =>
        onChange(
          typeof v === 'number'
            ? v
            : v === ''
              ? undefined
              : Number.isFinite(Number(v))
                ? Number(v)
                : undefined,
        )
      }
      min={q.min}
      max={q.max}
      clampBehavior="none"
      allowDecimal={allowDecimal}
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
    />
  );
}
