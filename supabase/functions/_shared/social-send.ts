// Sends one social_posts row: signs its library file for the platform, gets the account's token
// (refreshed under its lease when due; once more when the platform turns it down), publishes, and
// writes the outcome on the row — posted with the platform's id and link, or failed with words the
// user can act on and the error's kind. Used for posts made now and for scheduled ones.
import { adminClient } from './admin-client.ts';
import { isPlatform, type Platform } from './social-platforms.ts';
import { publish, PublishError, type PublishErrorKind } from './social-publish.ts';
import { describeError } from './redact.ts';
import { accessTokenFor, ReconnectNeeded } from './social-tokens.ts';
import { NOT_POSTABLE, SIGNED_URL_SECONDS } from '@shotcraft/shared/vocabulary.ts';

export interface PostRow {
  id: string;
  user_id: string;
  social_account_id: string | null;
  platform: string;
  content_id: string | null;
  caption: string;
  metadata: Record<string, unknown> | null;
}

export interface SendResult {
  post_id: string;
  platform: string;
  account_id: string | null;
  status: 'posted' | 'failed';
  platform_post_id?: string;
  url?: string | null;
  error?: string;
  kind?: PublishErrorKind;
}

export const POST_COLUMNS = 'id, user_id, social_account_id, platform, content_id, caption, metadata';

async function fail(row: PostRow, kind: PublishErrorKind, error: string): Promise<SendResult> {
  await adminClient()
    .from('social_posts')
    .update({ status: 'failed', error, metadata: { ...(row.metadata ?? {}), error_kind: kind } })
    .eq('id', row.id);
  return { post_id: row.id, platform: row.platform, account_id: row.social_account_id, status: 'failed', error, kind };
}

/** A post's file, signed for the platforms to download, or why it cannot be posted. */
type Media = { url: string; kind: 'image' | 'video'; mime: string; title: string } | { error: string };

async function mediaOf(userId: string, contentId: string | null): Promise<Media> {
  const admin = adminClient();
  const { data: content } = contentId
    ? await admin.from('content_generations').select('bucket, storage_path, mime_type, product_name, content_type').eq('id', contentId).eq('user_id', userId).maybeSingle()
    : { data: null };
  if (!content?.storage_path) return { error: 'The file is no longer in your library.' };
  const refusal = NOT_POSTABLE[String(content.content_type)];
  if (refusal) return { error: refusal };
  const mime = String(content.mime_type ?? '');
  const kind = mime.startsWith('video/') ? 'video' : mime.startsWith('image/') ? 'image' : null;
  if (!kind) return { error: 'Only images and videos can be posted.' };
  const signed = await admin.storage.from(content.bucket).createSignedUrl(content.storage_path, SIGNED_URL_SECONDS);
  if (signed.error || !signed.data?.signedUrl) return { error: 'The file is no longer in your library.' };
  return { url: signed.data.signedUrl, kind, mime, title: String(content.product_name || 'New post') };
}

/** Sends posts side by side; posts of the same library item read and sign its file once. */
export function sendPosts(rows: PostRow[]): Promise<SendResult[]> {
  const files = new Map<string, Promise<Media>>();
  return Promise.all(
    rows.map((row) => {
      const key = `${row.user_id}/${row.content_id}`;
      if (!files.has(key)) files.set(key, mediaOf(row.user_id, row.content_id));
      return sendPost(row, files.get(key)!);
    }),
  );
}

async function sendPost(row: PostRow, file: Promise<Media>): Promise<SendResult> {
  const admin = adminClient();
  if (!isPlatform(row.platform)) return fail(row, 'rejected', 'Unsupported platform');
  const platform: Platform = row.platform;
  if (!row.social_account_id) return fail(row, 'reconnect', 'Account not connected or token missing');

  const [{ data: account }, media] = await Promise.all([
    admin.from('social_accounts').select('id, account_id, is_active').eq('id', row.social_account_id).eq('user_id', row.user_id).maybeSingle(),
    file,
  ]);
  if (!account?.account_id) return fail(row, 'reconnect', 'Account not connected or token missing');
  if (!account.is_active) return fail(row, 'reconnect', new ReconnectNeeded(platform).message);
  if ('error' in media) return fail(row, 'bad_media', media.error);

  const input = { platform, accountId: String(account.account_id), mediaUrl: media.url, media: media.kind, mimeType: media.mime, caption: row.caption, title: media.title } as const;
  try {
    let { token } = await accessTokenFor(account.id);
    let done;
    try {
      done = await publish({ ...input, token });
    } catch (err) {
      // Turned down before its time (revoked, expired early): refresh once and try again.
      if (!(err instanceof PublishError) || err.kind !== 'reconnect') throw err;
      ({ token } = await accessTokenFor(account.id, { force: true }));
      done = await publish({ ...input, token });
    }
    // Locally the post lives on the stand-ins' page, not on the real site its link names.
    const local = Deno.env.get('SOCIAL_PLATFORMS_URL');
    const postUrl = local ? `${local.replace(/\/+$/, '')}/posts#post-${platform}-${encodeURIComponent(done.id)}` : done.url;
    // The platform took it: its id is recorded before anything else may happen, so nothing ever
    // sends this row again (a stale-post sweep finds the id and calls it posted).
    let recorded: string | null = 'not tried';
    for (let attempt = 0; attempt < 3 && recorded; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 300 * attempt));
      const { error } = await admin
        .from('social_posts')
        .update({ status: 'posted', platform_post_id: done.id, post_url: postUrl, posted_at: new Date().toISOString(), error: null })
        .eq('id', row.id);
      recorded = error?.message ?? null;
    }
    if (recorded) console.error(`social post ${row.id} posted as ${done.id} but not recorded: ${recorded}`);
    return { post_id: row.id, platform, account_id: account.id, status: 'posted', platform_post_id: done.id, url: postUrl };
  } catch (err) {
    if (err instanceof ReconnectNeeded) return fail(row, 'reconnect', err.message);
    if (err instanceof PublishError) {
      if (err.kind === 'reconnect') await admin.from('social_accounts').update({ is_active: false, metadata: { reconnect_needed: true } }).eq('id', account.id);
      console.error(`social post ${row.id} on ${platform}: ${err.kind} ${JSON.stringify(err.detail)}`);
      return fail(row, err.kind, err.message);
    }
    console.error(`social post ${row.id} on ${platform}: ${describeError(err)}`);
    return fail(row, 'retry_later', 'The platform did not answer. Try again in a moment.');
  }
}
