import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import type { OfferedFeature } from '@tend/domain/offered';
import { OfferedGate } from './OfferedGate.tsx';

export { useFeatureOffered } from './useFeatureOffered.ts';

/**
 * A feature's routes shown only when the patient's organisation offers it (its merged app settings); the
 * same URLs otherwise explain that it is not offered. The gate is small and in the entry chunk (it reads the
 * settings already fetched for the navigation); the pages stay lazy.
 */
export function offeredOnly(feature: OfferedFeature, children: RouteObject[]): RouteObject {
  return { element: createElement(OfferedGate, { feature }), children };
}
