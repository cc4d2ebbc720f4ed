import type { AlertApi } from '@tend/domain/message-alerts';
import { paths } from '../../paths.ts';

/** The pages of one set of calls: its list, a new alert, one alert. */
export function alertPaths(api: AlertApi) {
  return api === 'v1'
    ? { list: paths.messageAlertsV1, new: paths.messageAlertNewV1, one: paths.messageAlertV1 }
    : { list: paths.messageAlerts, new: paths.messageAlertNew, one: paths.messageAlert };
}
