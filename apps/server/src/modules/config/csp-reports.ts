// POST /csp-reports (reportCspViolation): the apps' Content-Security-Policy violation reports, from
// `report-uri` (application/csp-report, one violation) and the Reporting API (application/reports+json, a batch).
// Each violation is logged as a warning, summarised; nothing is stored. URLs lose their query and fragment
// (a link's token must never reach the logs).
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.ts';

/** A violation as browsers report it (the contract's CspViolation: both spellings of each field). */
export interface CspViolation {
  'document-uri'?: string;
  documentURL?: string;
  'violated-directive'?: string;
  'effective-directive'?: string;
  effectiveDirective?: string;
  'blocked-uri'?: string;
  blockedURL?: string;
  'source-file'?: string;
  sourceFile?: string;
  'line-number'?: number;
  lineNumber?: number;
  'column-number'?: number;
  columnNumber?: number;
  'script-sample'?: string;
  sample?: string;
  disposition?: string;
}

export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
/** A report is a few hundred bytes; a batch of the Reporting API at most 100 of them. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;

/** Both report media types are JSON: parsed as such, small. */
export function registerCspReportParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    CSP_REPORT_TYPES,
    { parseAs: 'string', bodyLimit: CSP_REPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(
          new HttpError(400, 'invalid_request', 'The report is not valid JSON.', {
            fields: { body: 'is not valid JSON' },
            field: 'body',
            in: 'body',
          }),
        );
      }
    },
  );
}

/** A URL without its query and fragment; CSP's keywords (`inline`, `eval`, `data` …) as they are. */
export function withoutQuery(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? `${url.origin}${url.pathname}`
      : url.protocol;
  } catch {
    return value.split(/[?#]/)[0]!.slice(0, 200);
  }
}

export interface ViolationSummary {
  directive: string | undefined;
  blocked: string | undefined;
  page: string | undefined;
  source: string | undefined;
  sample: string | undefined;
  disposition: string | undefined;
}

/** The fields worth a log line, whichever spelling the browser used (report-uri's dashed, Reporting API's camelCase). */
export function summarise(v: CspViolation): ViolationSummary {
  const line = v['line-number'] ?? v.lineNumber;
  const column = v['column-number'] ?? v.columnNumber;
  const file = withoutQuery(v['source-file'] ?? v.sourceFile);
  return {
    directive: v['effective-directive'] ?? v.effectiveDirective ?? v['violated-directive'],
    blocked: withoutQuery(v['blocked-uri'] ?? v.blockedURL),
    page: withoutQuery(v['document-uri'] ?? v.documentURL),
    source: file
      ? `${file}${line !== undefined ? `:${line}${column !== undefined ? `:${column}` : ''}` : ''}`
      : undefined,
    sample: (v['script-sample'] ?? v.sample)?.slice(0, 100) || undefined,
    disposition: v.disposition,
  };
}

/** The violations of a validated body of either media type (other Reporting API report types are ignored). */
export function violationsOf(body: unknown): CspViolation[] {
  if (Array.isArray(body)) {
    return (body as Array<{ type?: unknown; body?: CspViolation }>)
      .filter((r) => r.type === 'csp-violation' && r.body)
      .map((r) => r.body!);
  }
  const single = (body as { 'csp-report'?: CspViolation } | null)?.['csp-report'];
  return single ? [single] : [];
}
