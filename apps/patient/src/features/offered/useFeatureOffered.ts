import { useCallback } from 'react';
import { useAuth } from '@tend/auth';
import { OFFERED_FEATURES, useOffered, type OfferedFeature } from '@tend/domain/offered';

const isOfferedFeature = (f: string): f is OfferedFeature =>
  (OFFERED_FEATURES as readonly string[]).includes(f);

/** For the navigation: whether the signed-in patient's organisation offers a feature. */
export function useFeatureOffered(): (feature: string) => boolean {
  const { user } = useAuth();
  const { features } = useOffered(user?.uid);
  return useCallback((f: string) => !isOfferedFeature(f) || features[f], [features]);
}
