import { z } from 'zod';

/**
 * POST { ad_url?, source_path?, job_id?, user_id?, metadata? }. One of ad_url and source_path is
 * needed: the function says so in its own words, after checking whose job it is. A job_id that is
 * not an id is ignored (a new job is reserved); null stands for a field left out.
 */
export const AnalyzeBody = z.object(
  {
    ad_url: z.string({ error: 'The link to the ad must be a web address.' }).nullish(),
    source_path: z.string({ error: 'The uploaded ad must be named by its storage path.' }).nullish(),
    job_id: z.string({ error: 'The job must be named by its id.' }).nullish(),
    user_id: z.string({ error: 'The account must be named by its id.' }).nullish(),
    metadata: z.record(z.string(), z.unknown(), { error: "The ad's details (metadata) must be an object." }).nullish(),
  },
  { error: 'The body must be a JSON object' },
);
