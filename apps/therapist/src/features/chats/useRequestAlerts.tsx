import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChatRequest } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../paths.ts';
import { playAlertTone, unlockOnFirstGesture } from './sound.ts';

/** The requests a new list adds to those already seen (all of them are then seen). */
export function newRequests(seen: Set<string>, items: readonly ChatRequest[]): ChatRequest[] {
  const fresh = items.filter((r) => !seen.has(r.requestId));
  for (const r of items) seen.add(r.requestId);
  return fresh;
}

/**
 * While the console is open: each new chat request is a notification (an emergency one stays until closed)
 * with a link to the requests, and a tone when sound is on. Requests already waiting when the console opens
 * are in the badge; only the emergency ones among them are notified.
 */
export function useRequestAlerts(items: readonly ChatRequest[] | undefined): void {
  const { t } = useTranslation('therapist');
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => unlockOnFirstGesture(), []);
  useEffect(() => {
    if (!items) return;
    const first = seen.current === null;
    seen.current ??= new Set();
    const fresh = newRequests(seen.current, items).filter((r) => !first || r.emergency);
    for (const r of fresh) {
      const id = `chat-request-${r.requestId}`;
      notifications.show({
        id,
        color: r.emergency ? 'red' : 'blue',
        title: r.emergency
          ? t('chats.alert.emergency', { name: r.patientName })
          : t('chats.alert.request', { name: r.patientName }),
        // Notifications render outside the router: the link navigates through the hook's navigate.
        message: (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              notifications.hide(id);
              void navigate(paths.chats);
            }}
          >
            {t('chats.alert.open')}
          </Anchor>
        ),
        autoClose: r.emergency ? false : 15_000,
        closeButtonProps: { 'aria-label': t('chats.alert.close') },
      });
    }
    if (fresh.length > 0 && !first) playAlertTone(fresh.some((r) => r.emergency));
  }, [items, t, navigate]);
}
