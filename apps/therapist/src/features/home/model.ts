/** How many open alerts the home page lists (the rest are on the alerts page). */
export const SHOWN_ALERTS = 5;
