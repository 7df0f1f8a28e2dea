import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SourceReport } from '@/shared/pipeline';
import type { reportWindows } from '@/shared/report-windows';
import { callApi, urlOf } from '@/web/lib/api-client';

/** The report's windows the owner picks from, in days (GET /api/admin/reports/sources). */
export type ReportDays = (typeof reportWindows)[number];

/** Query options of 'Where revenue comes from' for `days` (decision 064). */
export function getSourceReportQueryOptions(days: ReportDays) {
  return queryOptions({
    queryKey: [urlOf('getSourceReport'), days] as const,
    queryFn: (): Promise<SourceReport> => callApi('getSourceReport', { query: { days: `${days}` } }),
  });
}

/** The report as a query; the last window's rows stay shown while another loads. */
export function useSourceReport(days: ReportDays) {
  return useQuery({ ...getSourceReportQueryOptions(days), placeholderData: keepPreviousData });
}
