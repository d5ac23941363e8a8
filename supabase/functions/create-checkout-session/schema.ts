import { z } from 'zod';

export const CHOOSE_ONE = 'Choose one credit pack or one plan';

/**
 * POST { pack_id } | { plan_id }, optional return_path. Only the id is taken from the request: what
 * is sold, and for how much, comes from credit_packs or pricing_plans (other fields are ignored).
 * An id of the wrong form is answered 404 by the function, as an unknown one.
 */
export const CheckoutBody = z
  .object(
    {
      pack_id: z.string({ error: CHOOSE_ONE }).optional(),
      plan_id: z.string({ error: CHOOSE_ONE }).optional(),
      // Where Stripe sends the user back; a path that is not the app's falls back to the default.
      return_path: z.string({ error: 'The return path must be a page of the app.' }).optional(),
    },
    { error: 'The body must be a JSON object' },
  )
  .refine((body) => (body.pack_id === undefined) !== (body.plan_id === undefined), { error: CHOOSE_ONE });
