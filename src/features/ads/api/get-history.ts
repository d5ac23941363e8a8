import { useQuery } from '@tanstack/react-query';
import { asRecord, getStudioResults } from '@/domains/jobs/get-studio-results';
import { adReportSchema, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { adKeys } from './keys';

export interface PastAnalysis {
  id: string;
  jobId: string;
  title: string;
  createdAt: string;
  annotatedUrl: string;
  report: AdReport;
  /** Variations made from it, newest first. */
  variations: PastVariation[];
}

/** A variation as the history shows it: its file, name and the placement it was made for. */
export interface PastVariation {
  id: string;
  url: string;
  title: string;
  placement: string;
  createdAt: string;
}

/**
 * Past analyses (ad_analysis: a competitor's ad with its report — not the user's content) with the
 * variations made from them (facebook_ad: the user's own ads, each pointing at its analysis).
 */
export async function getHistory(): Promise<PastAnalysis[]> {
  const [analysed, variations] = await Promise.all([getStudioResults('ad_analysis', 60), getStudioResults('facebook_ad', 180)]);
  const analyses: PastAnalysis[] = [];
  for (const row of analysed) {
    const report = adReportSchema.safeParse(row.details.report);
    if (report.success && row.jobId) analyses.push({ id: row.id, jobId: row.jobId, title: row.productName.replace(/^Ad analysis - /, ''), createdAt: row.createdAt, annotatedUrl: row.url, report: report.data, variations: [] });
  }
  for (const row of variations) {
    const of = asRecord(row.metadata).variation_of;
    const parent = analyses.find((a) => a.jobId === of);
    if (parent) parent.variations.push({ id: row.id, url: row.url, title: row.productName, placement: String(asRecord(row.metadata).placement ?? ''), createdAt: row.createdAt });
  }
  return analyses;
}

export function useAdHistory(userId: string | undefined) {
  return useQuery({ queryKey: adKeys.history(userId ?? ''), queryFn: getHistory, enabled: !!userId, throwOnError: false, staleTime: 60_000 });
}
