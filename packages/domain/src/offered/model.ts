import type { AppSettings, CrisisLine } from '@tend/api/model';

/** The parts of the patient app an organisation may switch off (its app settings' `…Enabled`). */
export const OFFERED_FEATURES = ['chat', 'emergencyChat', 'journal', 'cbt', 'screening'] as const;
export type OfferedFeature = (typeof OFFERED_FEATURES)[number];

const SETTING: Record<OfferedFeature, keyof AppSettings> = {
  chat: 'chatEnabled',
  emergencyChat: 'emergencyChatEnabled',
  journal: 'journalEnabled',
  cbt: 'cbtEnabled',
  screening: 'screeningEnabled',
};

/** What the person's organisation offers, from its merged app settings. */
export interface Offered {
  features: Record<OfferedFeature, boolean>;
  /** The organisation's own crisis lines (replacing the built-in ones); empty when it has none. */
  crisisLines: CrisisLine[];
}

export const OFFER_EVERYTHING: Offered = {
  features: { chat: true, emergencyChat: true, journal: true, cbt: true, screening: true },
  crisisLines: [],
};

const isLine = (l: unknown): l is CrisisLine =>
  typeof l === 'object' &&
  l !== null &&
  typeof (l as CrisisLine).name === 'string' &&
  typeof (l as CrisisLine).phone === 'string' &&
  (l as CrisisLine).name.trim() !== '' &&
  (l as CrisisLine).phone.trim() !== '';

/**
 * The merged app settings as the apps apply them (the server's rule): a feature is offered unless it is
 * switched off (`false`); unset everywhere means offered.
 */
export function offeredOf(settings: Partial<AppSettings> | null | undefined): Offered {
  const features = { ...OFFER_EVERYTHING.features };
  for (const f of OFFERED_FEATURES) features[f] = settings?.[SETTING[f]] !== false;
  const lines = Array.isArray(settings?.crisisLines) ? settings.crisisLines.filter(isLine) : [];
  return {
    features,
    crisisLines: lines.map((l) => ({
      name: l.name,
      phone: l.phone,
      ...(l.url ? { url: l.url } : {}),
      ...(l.country ? { country: l.country } : {}),
    })),
  };
}

/** The dialable form of a number as people write it ("0800 123 456" → "tel:0800123456"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#]/g, '')}`;
}

/**
 * A web address only when it is http(s) (an organisation's setting is shown as a link, never a script).
 */
export function safeWebUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

// The last answer is kept on this device for the signed-in person, so the crisis panel shows their
// organisation's lines (and the app its features) with the network off. Nothing secret: the settings an
// organisation gives all its patients.
const STORAGE_KEY = 'tend.offered.v1';

interface Remembered {
  uid: string;
  offered: Offered;
}

export function rememberOffered(uid: string, offered: Offered): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ uid, offered } satisfies Remembered));
  } catch {
    // Storage full or refused: the app still works online.
  }
}

export function rememberedOffered(uid: string | undefined): Offered | undefined {
  if (!uid) return undefined;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Remembered>;
    if (value.uid !== uid || !value.offered) return undefined;
    return {
      features: { ...OFFER_EVERYTHING.features, ...value.offered.features },
      crisisLines: Array.isArray(value.offered.crisisLines) ? value.offered.crisisLines.filter(isLine) : [],
    };
  } catch {
    return undefined;
  }
}

export function forgetOffered(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
