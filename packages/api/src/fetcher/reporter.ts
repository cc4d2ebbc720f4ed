/**
 * The error reporter: unexpected failures go to `POST /error-reporting`, at most one report per 1000 ms,
 * never about the reporter itself.
 */
import { getRuntimeConfig } from '@tend/config/runtime';
import type { ApiError } from './errors.ts';
import { currentToken } from './token.ts';

export interface ErrorReportInput {
  message: string;
  reporter?: string;
  stack?: string;
  context?: Record<string, unknown>;
  logBuffer?: string[];
}

export const REPORT_INTERVAL_MS = 1000;
const ERROR_REPORTING_PATH = '/error-reporting';

let reporterName = 'web';
let logBufferSource: (() => string[]) | undefined;
let lastReportAt = Number.NEGATIVE_INFINITY;
let reporting = false;

/** Sets the default `reporter` (e.g. `patient`) and where the recent log lines come from. */
export function configureErrorReporter(options: { reporter?: string; logBuffer?: () => string[] }): void {
  if (options.reporter) reporterName = options.reporter;
  if (options.logBuffer) logBufferSource = options.logBuffer;
}

/** For tests: forget the throttle window and configuration. */
export function resetErrorReporter(): void {
  reporterName = 'web';
  logBufferSource = undefined;
  lastReportAt = Number.NEGATIVE_INFINITY;
  reporting = false;
}

/**
 * Sends an error report to `POST /error-reporting`. At most one report per 1000 ms: reports inside the
 * window are dropped (answers false). Never throws and never reports its own failure.
 */
export async function reportClientError(report: ErrorReportInput): Promise<boolean> {
  const now = Date.now();
  if (reporting || now - lastReportAt < REPORT_INTERVAL_MS) return false;
  lastReportAt = now;
  reporting = true;
  try {
    const token = await currentToken();
    const body = {
      message: report.message.slice(0, 2000),
      reporter: (report.reporter ?? reporterName).slice(0, 100),
      ...(report.stack ? { stack: report.stack.slice(0, 20000) } : {}),
      ...(report.context ? { context: report.context } : {}),
      logBuffer: (report.logBuffer ?? logBufferSource?.() ?? []).slice(-200).map((l) => l.slice(0, 2000)),
    };
    const response = await fetch(`${getRuntimeConfig().apiRoot}${ERROR_REPORTING_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'include',
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    reporting = false;
  }
}

/** Failures worth a report: no answer, a server error, or an answer that could not be read. */
export function shouldReport(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.code === 'invalid_response';
}

/** Reports a failed call (never a failure of the reporter itself). */
export function reportApiFailure(error: ApiError, method: string, path: string): void {
  if (path === ERROR_REPORTING_PATH) return; // never report the reporter
  void reportClientError({
    message: `API ${method} ${path} failed: ${error.status} ${error.code}: ${error.message}`,
    stack: error.stack,
    context: { operationId: error.operationId, status: error.status, code: error.code, method, path },
  });
}
