import { describe, expect, it } from 'vitest';
import type { SurveyConfig } from '@tend/api/model';
import {
  editorFieldPath,
  editorProblems,
  emptyEditorValues,
  moveItem,
  newQuestion,
  suggestUrlSuffix,
  toEditorValues,
  toSurveyConfig,
  type EditorValues,
} from './editor.ts';
import { offeredSurveys } from './model.ts';

const config: SurveyConfig = {
  title: 'How are you?',
  description: 'A minute, once a week.',
  urlSuffix: 'how-are-you',
  questions: [
    { id: 'mood', type: 'scale', text: 'Mood', min: 1, max: 5, required: true },
    { id: 'why', type: 'single-choice', text: 'Why?', options: ['Work', 'Home'] },
    { id: 'note', type: 'text', text: 'Anything else?' },
  ],
};

describe('survey editor model', () => {
  it('reads a config into values and back unchanged', () => {
    const values = toEditorValues({ ...config, etag: '"x"' });
    expect(values.questions[2]).toEqual({
      id: 'note',
      type: 'text',
      text: 'Anything else?',
      required: false,
      options: [],
      min: '',
      max: '',
    });
    expect(toSurveyConfig(values)).toEqual({
      ...config,
      questions: config.questions.map((q) => ({ required: false, ...q })),
    });
  });

  it('sends only the fields a kind uses, trimmed, blank options left out', () => {
    const values: EditorValues = {
      title: '  Check-in ',
      description: '   ',
      urlSuffix: 'check-in',
      questions: [
        { id: 'q1', type: 'text', text: ' Hi ', required: true, options: ['a', 'b'], min: 1, max: 3 },
        {
          id: 'q2',
          type: 'multiple-choice',
          text: 'Pick',
          required: false,
          options: [' a ', '', 'b'],
          min: '',
          max: '',
        },
      ],
    };
    expect(toSurveyConfig(values)).toEqual({
      title: 'Check-in',
      urlSuffix: 'check-in',
      questions: [
        { id: 'q1', type: 'text', text: 'Hi', required: true },
        { id: 'q2', type: 'multiple-choice', text: 'Pick', required: false, options: ['a', 'b'] },
      ],
    });
  });

  it('makes question ids unique in the survey', () => {
    expect(newQuestion('text', []).id).toBe('q1');
    expect(newQuestion('text', [{ id: 'q2' }, { id: 'q3' }]).id).toBe('q4');
    expect(newQuestion('text', [{ id: 'q1' }]).id).toBe('q2');
    expect(newQuestion('scale', [])).toMatchObject({ min: 1, max: 5 });
    expect(newQuestion('single-choice', []).options).toEqual(['', '']);
  });

  it('moves an item, clamped', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('suggests an address from a title', () => {
    expect(suggestUrlSuffix('  Weekly Well-being: Check-in! ')).toBe('weekly-well-being-check-in');
    expect(suggestUrlSuffix('Café')).toBe('cafe');
    expect(suggestUrlSuffix('x'.repeat(70))).toHaveLength(64);
  });

  it('names every rule the server applies', () => {
    expect(editorProblems(toEditorValues(config))).toEqual({});
    expect(editorProblems(emptyEditorValues())).toEqual({
      title: 'titleRequired',
      urlSuffix: 'urlSuffixFormat',
      questions: 'noQuestions',
    });
    const bad: EditorValues = {
      title: 'x'.repeat(201),
      description: 'y'.repeat(2001),
      urlSuffix: 'Not OK',
      questions: [
        {
          id: 'a',
          type: 'single-choice',
          text: '',
          required: false,
          options: ['one', ' '],
          min: '',
          max: '',
        },
        {
          id: 'b',
          type: 'multiple-choice',
          text: 'z'.repeat(1001),
          required: false,
          options: ['a', 'a'],
          min: '',
          max: '',
        },
        { id: 'c', type: 'scale', text: 'Scale', required: false, options: [], min: '', max: 5 },
        { id: 'd', type: 'number', text: 'Number', required: false, options: [], min: 9, max: 1 },
        {
          id: 'e',
          type: 'single-choice',
          text: 'Long',
          required: false,
          options: ['o'.repeat(201), 'b'],
          min: '',
          max: '',
        },
      ],
    };
    expect(editorProblems(bad)).toEqual({
      title: 'titleTooLong',
      description: 'descriptionTooLong',
      urlSuffix: 'urlSuffixFormat',
      'questions.0.text': 'textRequired',
      'questions.0.options': 'twoOptions',
      'questions.1.text': 'textTooLong',
      'questions.1.options': 'optionsRepeat',
      'questions.2.min': 'scaleBounds',
      'questions.3.max': 'minAboveMax',
      'questions.4.options': 'optionTooLong',
    });
  });

  it('reads the server field paths as form paths', () => {
    expect(editorFieldPath('config/questions/1/options')).toBe('questions.1.options');
    expect(editorFieldPath('questions/0/max')).toBe('questions.0.max');
    expect(editorFieldPath('config/urlSuffix')).toBe('urlSuffix');
  });
});

describe('offeredSurveys', () => {
  const session = (
    surveyId: string,
    type: 'onboarding' | 'wellbeing' | 'feedback',
    completedAt: string | null,
    questions = config.questions,
  ) => ({
    surveyId,
    title: surveyId,
    urlSuffix: surveyId,
    type,
    completedAt,
    config: { ...config, questions },
  });
  it('lists every survey but the onboarding one, unanswered first', () => {
    const list = {
      items: [
        session('a', 'wellbeing', '2026-01-01T00:00:00Z'),
        session('b', 'onboarding', null),
        session('c', 'feedback', null),
        session('d', 'feedback', null, []),
      ],
    };
    expect(offeredSurveys(list).map((s) => s.surveyId)).toEqual(['c', 'a']);
    expect(offeredSurveys(undefined)).toEqual([]);
  });
});
