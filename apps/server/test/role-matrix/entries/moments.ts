// Tag moments: the patient's own moments (every call on the caller's own data; patients only).
import { randomUUID } from 'node:crypto';
import { entry, patientsOwn, type Entry } from '../roles.ts';
import { NOW, moment } from './support.ts';

const get = (operationId: string, query: Record<string, string | number | boolean> = {}): Entry =>
  entry(operationId, patientsOwn(200), () => ({ query }));

export const entries: Entry[] = [
  entry('addMoment', patientsOwn(201), () => ({
    query: { eventType: 'checkup' },
    body: moment('checkup', { mood: 3 }),
  })),
  entry('addJournalMoment', patientsOwn(201), () => ({
    query: { eventType: 'journal' },
    body: moment('journal', { text: 'x' }),
  })),
  entry('syncMoments', patientsOwn(200), () => ({
    query: { eventType: 'checkup', startFrom: NOW, endAt: NOW + 1 },
    body: { events: [moment('checkup', { mood: 2 })] },
  })),
  entry('batchSyncMoments', patientsOwn(200), () => ({
    body: {
      batches: [
        {
          eventType: 'checkup',
          startFrom: NOW,
          endAt: NOW + 1,
          events: [{ ...moment('checkup', { mood: 2 }), momentId: randomUUID() }],
        },
      ],
    },
  })),
  get('getMomentBatchTimestamps', { eventType: 'checkup' }),
  get('getMomentTimestamps', { eventType: 'checkup' }),
  get('getLatestPositiveReading', { mergeReadings: true }),
  get('getLatestRiskFactor'),
  get('getLatestResilience'),
  get('getLatestQuizResults'),
  get('getLatestScreening'),
  get('getLatestUnhealthyThinking'),
  get('listLatestCoreBeliefEntries'),
  get('listLatestBeingObjectiveEntries'),
  get('listLatestAutomaticThoughtsEntries'),
  get('getLatestHotThoughtEntry'),
  get('getLatestCbtEvidenceEntry'),
  get('getLatestCbt'),
  get('getLatestCheckup'),
  get('getLatestCbtScreening'),
  get('getActivityCounters', { startTime: 0, activityIds: 'walk' }),
  get('getActivityTotals', { activityIds: 'walk' }),
  get('listLatestRelaxationLevels', { count: 3 }),
  get('listProgressMoments', { limit: 5 }),
  get('listHotThoughtMoments'),
];
