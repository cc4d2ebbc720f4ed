import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import {
  change,
  checkResult,
  firstUnanswered,
  gad7Severity,
  isCase,
  isComplete,
  needsSafetyFlow,
  phq9Severity,
  score,
  severity,
  total,
  type Severity,
} from './model.ts';

const phqBand = (t: number): Severity =>
  t <= 4 ? 'minimal' : t <= 9 ? 'mild' : t <= 14 ? 'moderate' : t <= 19 ? 'moderately-severe' : 'severe';
const gadBand = (t: number): Severity =>
  t <= 4 ? 'minimal' : t <= 9 ? 'mild' : t <= 14 ? 'moderate' : 'severe';

/** A complete set of `count` answers adding up to `sum` (each 0-3). */
function itemsFor(count: number, sum: number): number[] {
  const items = Array.from({ length: count }, () => 0);
  let left = sum;
  for (let i = 0; i < count && left > 0; i++) {
    items[i] = Math.min(3, left);
    left -= items[i]!;
  }
  return items;
}

describe('PHQ-9', () => {
  it.each(Array.from({ length: 28 }, (_, t) => t))('total %i is in its published band', (t) => {
    expect(phq9Severity(t)).toBe(phqBand(t));
    const items = itemsFor(9, t);
    expect(total('phq9', items)).toBe(t);
    expect(score('phq9', items)).toMatchObject({ total: t, severity: phqBand(t) });
    expect(checkResult('phq9', score('phq9', items))).toBeNull();
    expect(isCase('phq9', t)).toBe(t >= 10);
  });

  it('has the band edges exactly as published', () => {
    expect([4, 5, 9, 10, 14, 15, 19, 20, 27].map(phq9Severity)).toEqual([
      'minimal',
      'mild',
      'mild',
      'moderate',
      'moderate',
      'moderately-severe',
      'moderately-severe',
      'severe',
      'severe',
    ]);
  });

  it.each([0, 1, 2, 3])('item 9 answered %i: the safety flow starts exactly when it is above 0', (answer) => {
    const items = [0, 0, 0, 0, 0, 0, 0, 0, answer];
    expect(needsSafetyFlow('phq9', items)).toBe(answer > 0);
    // whatever the other answers are
    const high = [3, 3, 3, 3, 3, 3, 3, 3, answer];
    expect(needsSafetyFlow('phq9', high)).toBe(answer > 0);
  });

  it('starts the safety flow as soon as item 9 is answered, before the rest', () => {
    const partial: Array<number | null> = [null, null, null, null, null, null, null, null, 1];
    expect(needsSafetyFlow('phq9', partial)).toBe(true);
    expect(needsSafetyFlow('phq9', [1, 1, 1, 1, 1, 1, 1, 1, null])).toBe(false);
  });

  it('never starts the PHQ-9 safety flow from a GAD-7', () => {
    expect(needsSafetyFlow('gad7', [3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(false);
  });
});

describe('GAD-7', () => {
  it.each(Array.from({ length: 22 }, (_, t) => t))('total %i is in its published band', (t) => {
    expect(gad7Severity(t)).toBe(gadBand(t));
    const items = itemsFor(7, t);
    expect(score('gad7', items)).toMatchObject({ total: t, severity: gadBand(t) });
    expect(isCase('gad7', t)).toBe(t >= 8);
  });

  it('has the band edges exactly as published', () => {
    expect([4, 5, 9, 10, 14, 15, 21].map(gad7Severity)).toEqual([
      'minimal',
      'mild',
      'mild',
      'moderate',
      'moderate',
      'severe',
      'severe',
    ]);
  });
});

describe('answers', () => {
  it('needs every item answered 0-3 before a result exists', () => {
    expect(isComplete('phq9', [0, 1, 2, 3, 0, 1, 2, 3, 0])).toBe(true);
    expect(isComplete('phq9', [0, 1, 2, 3, 0, 1, 2, 3])).toBe(false);
    expect(isComplete('phq9', [0, 1, 2, 3, 0, 1, 2, 3, null])).toBe(false);
    expect(isComplete('gad7', [0, 1, 2, 3, 4, 1, 2])).toBe(false);
    expect(isComplete('gad7', [0, 1, 2, 3, 1.5, 1, 2])).toBe(false);
    expect(firstUnanswered('gad7', [0, 1, undefined, 3])).toBe(2);
    expect(firstUnanswered('gad7', [0, 1, 1, 1, 1, 1, 1])).toBe(-1);
    expect(() => total('phq9', [1, 2, 3])).toThrow(RangeError);
    expect(() => severity('gad7', 22)).toThrow(RangeError);
    expect(() => severity('phq9', -1)).toThrow(RangeError);
  });

  it('finds what is inconsistent in a submitted result', () => {
    expect(checkResult('phq9', { items: [1, 1, 1], total: 3, severity: 'minimal' })).toEqual({
      field: 'items',
      reason: 'count',
    });
    expect(checkResult('phq9', { items: itemsFor(9, 12), total: 11, severity: 'moderate' })).toEqual({
      field: 'total',
      expected: 12,
    });
    expect(checkResult('gad7', { items: itemsFor(7, 12), total: 12, severity: 'mild' })).toEqual({
      field: 'severity',
      expected: 'moderate',
    });
  });
});

describe('change between two results', () => {
  it('marks reliable change at 6 points (PHQ-9) and 4 points (GAD-7)', () => {
    // [measure, from, to, the whole answer]
    const exactly = [
      ['phq9', 15, 9, { kind: 'reliable-improvement', delta: -6, reliableRecovery: true }],
      ['phq9', 15, 10, { kind: 'no-reliable-change', delta: -5, reliableRecovery: false }],
      ['gad7', 12, 8, { kind: 'reliable-improvement', delta: -4, reliableRecovery: false }],
      ['gad7', 12, 7, { kind: 'reliable-improvement', delta: -5, reliableRecovery: true }],
    ] as const;
    for (const [type, from, to, expected] of exactly) expect(change(type, from, to)).toEqual(expected);
    expect(change('phq9', 8, 14)).toMatchObject({ kind: 'reliable-deterioration', delta: 6 });
    expect(change('gad7', 5, 8)).toMatchObject({ kind: 'no-reliable-change' });
    expect(change('gad7', 5, 9)).toMatchObject({ kind: 'reliable-deterioration' });
  });
});

describe('wording', () => {
  it('is the published wording', () => {
    expect(en.stem.phq9).toBe(
      'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    );
    expect(Object.values(en.answers.phq9)).toEqual([
      'Not at all',
      'Several days',
      'More than half the days',
      'Nearly every day',
    ]);
    expect(en.answers.gad7).toEqual(en.answers.phq9);
    expect(Object.keys(en.items.phq9)).toHaveLength(9);
    expect(Object.keys(en.items.gad7)).toHaveLength(7);
    expect(en.items.phq9['9']).toBe(
      'Thoughts that you would be better off dead or of hurting yourself in some way',
    );
    expect(en.items.gad7['1']).toBe('Feeling nervous, anxious or on edge');
  });
});

describe('Spanish wording', () => {
  // The published Spanish (USA) translations of the PHQ-9 and GAD-7 (Pfizer, PHQ Screeners), word for word.
  for (const { name, id, stem, items, answers } of [
    {
      name: 'PHQ-9',
      id: 'phq9',
      stem: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
      items: {
        '1': 'Poco interés o placer en hacer cosas',
        '2': 'Se ha sentido decaído(a), deprimido(a) o sin esperanzas',
        '3': 'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado',
        '4': 'Se ha sentido cansado(a) o con poca energía',
        '5': 'Sin apetito o ha comido en exceso',
        '6': 'Se ha sentido mal con usted mismo(a) – o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
        '7': 'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
        '8': '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario – muy inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
        '9': 'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
      },
      answers: ['Ningún día', 'Varios días', 'Más de la mitad de los días', 'Casi todos los días'],
    },
    {
      name: 'GAD-7',
      id: 'gad7',
      stem: 'Durante las últimas 2 semanas, ¿con qué frecuencia le han molestado los siguientes problemas?',
      items: {
        '1': 'Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta',
        '2': 'No ha sido capaz de parar o controlar su preocupación',
        '3': 'Se ha preocupado demasiado por motivos diferentes',
        '4': 'Ha tenido dificultad para relajarse',
        '5': 'Se ha sentido tan inquieto(a) que no ha podido quedarse quieto(a)',
        '6': 'Se ha molestado o irritado fácilmente',
        '7': 'Ha tenido miedo de que algo terrible fuera a pasar',
      },
      answers: ['Nunca', 'Varios días', 'Más de la mitad de los días', 'Casi todos los días'],
    },
  ] as const) {
    it(`is the published Spanish ${name}`, () => {
      expect(es.stem[id]).toBe(stem);
      expect(es.items[id]).toEqual(items);
      expect(Object.values(es.answers[id])).toEqual(answers);
    });
  }

  it('asks the published difficulty question of both', () => {
    expect(es.difficulty).toEqual({
      question:
        'Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado estos problemas para hacer su trabajo, encargarse de las tareas del hogar, o llevarse bien con otras personas?',
      notDifficult: 'No ha sido difícil',
      somewhatDifficult: 'Un poco difícil',
      veryDifficult: 'Muy difícil',
      extremelyDifficult: 'Extremadamente difícil',
    });
  });
});
