import { z } from 'zod';

export const CONFIRM_WORDS = 'Type the e-mail address of this account to confirm.';

/** POST { confirm_email }: the account's e-mail address, typed by the user to confirm. */
export const DeleteAccountBody = z.object({ confirm_email: z.string({ error: CONFIRM_WORDS }) }, { error: CONFIRM_WORDS });
