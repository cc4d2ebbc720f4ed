/** The patient record's pure helpers: the file rules of an upload, the measures' time window, moment caches. */
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPatientMomentsParams, Moment, PatientMomentPage } from '@tend/api/model';

/** What a file moment may be (as the server's getFileUploadPolicy accepts): images, PDF, audio, plain text. */
export const ACCEPTED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
  'audio/*',
  'text/plain',
] as const;
/** The `accept` attribute of a file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_TYPES.join(',');
/** 20 MiB: the server's limit (the upload policy's maxBytes is the authority). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export function isAcceptedFileType(type: string): boolean {
  const t = type.toLowerCase();
  return (
    /^image\/(png|jpeg|gif|webp|heic|heif)$/.test(t) ||
    t === 'application/pdf' ||
    /^audio\/[a-z0-9.+-]+$/.test(t) ||
    t === 'text/plain'
  );
}

export type FileProblem = 'empty' | 'type' | 'size' | 'name';

/** Why a file cannot be uploaded, before anything is sent (null when it can). */
export function checkFile(
  file: { name: string; type: string; size: number },
  maxBytes = MAX_UPLOAD_BYTES,
): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (!isAcceptedFileType(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  if (!file.name || file.name.length > 200 || /[\\/]/.test(file.name)) return 'name';
  return null;
}

/** The measures' window: the last `days` days up to the end of the current hour (stable between renders). */
export function graphWindow(days: number, now = Date.now()): { startFrom: number; endAt: number } {
  const hour = 3_600_000;
  const endAt = Math.ceil(now / hour) * hour;
  // Never before the epoch: `Infinity` days is everything.
  return { startFrom: Math.max(0, endAt - days * 86_400_000), endAt };
}

type MomentData = InfiniteData<PatientMomentPage, string | undefined>;

/** Whether a cached moment list (its params) would show a moment of this type. */
export function listShows(
  params: ListPatientMomentsParams | undefined,
  eventType: Moment['eventType'],
): boolean {
  const types = params?.types;
  return !types || types.length === 0 || types.includes(eventType);
}

/** A cached moment list with a new moment at its top (newest first), once. */
export function withMoment(data: MomentData, moment: Moment): MomentData {
  if (data.pages.some((p) => p.items.some((m) => m.momentId === moment.momentId))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [moment, ...first.items] }, ...rest] };
}

/** A cached moment list without a moment. */
export function withoutMoment(data: MomentData, momentId: string): MomentData {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.momentId !== momentId) })),
  };
}
