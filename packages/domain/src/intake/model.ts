import type { TherapistLoad } from '@tend/api/model';

const DAY = 86_400_000;

/** Whole days waited since `since` (0 on the first day), never negative. */
export function waitedDays(since: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(since).getTime()) / DAY));
}

/** The therapists with the least load first (patients, then high-risk, open alerts, chat requests, name). */
export function loadSummary(items: readonly TherapistLoad[]): TherapistLoad[] {
  return [...items].sort(
    (a, b) =>
      a.patients - b.patients ||
      a.highRiskPatients - b.highRiskPatients ||
      a.openAlerts - b.openAlerts ||
      a.waitingChatRequests - b.waitingChatRequests ||
      `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`),
  );
}

/** Where a patient can move: every therapist but the one leading their care now, the most room first. */
export function reassignTargets(
  items: readonly TherapistLoad[],
  currentTherapistId: string,
): TherapistLoad[] {
  return loadSummary(items.filter((t) => t.therapistId !== currentTherapistId));
}

/** The patients a therapist can hand over: those whose care they lead (a member's patient moves with its lead). */
export function movablePatients<P extends { isLead: boolean }>(patients: readonly P[]): P[] {
  return patients.filter((p) => p.isLead);
}
