// Tag rewards: a patient earns their own rewards.
import { randomUUID } from 'node:crypto';
import { entry, patientsOwn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('earnReward', patientsOwn(200), () => ({
    body: { isRecommended: false, duration: 60, sessionId: randomUUID() },
  })),
];
