import { z } from 'zod';

const TICKET = /^[A-Za-z0-9_-]{43}$/;
const WORDS = 'This connection link is not valid. Connect the account again.';

/** POST { ticket }: the one-time ticket social-oauth-callback handed back to the app. */
export const ConnectFinishBody = z.object({ ticket: z.string({ error: WORDS }).regex(TICKET, { error: WORDS }) }, { error: 'The body must be a JSON object' });
