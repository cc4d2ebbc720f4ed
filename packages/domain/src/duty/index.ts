// @tend/domain/duty: an organisation's duty rota (getDutyRota, replaceDutyRota: the admin console) and the
// signed-in therapist's duty now (getMyDuty: the therapist console's "You are on duty").
export { DutyNotice } from './DutyNotice.tsx';
export { useDutyWords } from './words.ts';
export { useDutyRota, useMyDuty, useReplaceRota } from './queries.ts';
export {
  DAYS,
  emptyShift,
  minutesToTime,
  rowsToShifts,
  shiftsToRows,
  timeToMinutes,
  type ShiftRow,
} from './model.ts';
