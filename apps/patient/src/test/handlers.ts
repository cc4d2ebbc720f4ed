import {
  getGetActivityCountersMockHandler,
  getGetActivityTotalsMockHandler,
  getGetLatestCheckupMockHandler,
  getGetLatestScreeningMockHandler,
  getGetMyGraphMockHandler,
  getListAppointmentsMockHandler,
  getListMessageAlertsForUserMockHandler,
} from '@tend/api/msw';

/** What Today (the home page) reads, for a patient with nothing logged yet. */
export const emptyTodayHandlers = () => [
  getGetLatestCheckupMockHandler({ moment: null }),
  getGetLatestScreeningMockHandler({ phq9: null, gad7: null }),
  getListMessageAlertsForUserMockHandler({ items: [] }),
  // No appointment booked (Today's next appointment).
  getListAppointmentsMockHandler({ items: [], paginationCursor: null }),
  getGetActivityCountersMockHandler({ startTime: 0, counters: {} }),
  getGetActivityTotalsMockHandler({ totals: {} }),
  getGetMyGraphMockHandler({
    startFrom: 0,
    endAt: 1,
    series: { phq9: [], gad7: [], mood: [], sleep: [], energy: [], anxiety: [], activityMinutes: [] },
  }),
];
