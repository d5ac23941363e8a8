import { z } from 'zod';

/**
 * POST { job_id, user_id?, competitor_analysis?, product_image_url | product_path, style, metadata?, from_library? }.
 * The envelope only: the worker checks the request itself (style's fields, ids, the product's path)
 * with the shared variation schema. null stands for a field left out.
 */
export const VariationsBody = z.object(
  {
    job_id: z.string({ error: 'The analysis must be named by its job id.' }).nullish(),
    user_id: z.string({ error: 'The account must be named by its id.' }).nullish(),
    product_path: z.string({ error: 'The product image must be named by its storage path.' }).nullish(),
    product_image_url: z.string({ error: 'The product image must be named by its storage path.' }).nullish(),
    style: z.record(z.string(), z.unknown(), { error: 'The style of the variations must be an object.' }).nullish(),
    metadata: z.record(z.string(), z.unknown(), { error: 'The metadata must be an object.' }).nullish(),
    from_library: z.array(z.string({ error: 'The library items (from_library) must be listed by their ids.' }), { error: 'The library items (from_library) must be listed by their ids.' }).nullish(),
    competitor_analysis: z.unknown().optional(),
  },
  { error: 'The body must be a JSON object' },
);
