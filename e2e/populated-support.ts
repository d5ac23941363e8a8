/**
 * A populated account for the e2e specs, seeded in a few seconds without running a media job:
 * finished results in every studio (through start_job and complete_job, as the worker leaves them,
 * with real bytes in storage), a failed and refunded run, an ad analysis with its variations,
 * connected social accounts with posted, scheduled and failed posts and their figures, a webhook
 * with deliveries, and a paid plan with its subscription and invoice.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { videoClip } from './library-support';
import { createConfirmedUser, e2eStatus, nodeClientOptions } from './support';
import { analyzeAd } from '@shotcraft/worker/src/studios/competitor-ad/analyze.ts';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';

export interface PopulatedUser {
  id: string;
  email: string;
  password: string;
}

/** The plan: Enterprise includes every studio and Pro's Social Analytics, whatever each studio's tier. */
export const POPULATED_PLAN = 'enterprise';

const REFINES = [
  ['color', 'Color Correction'],
  ['general', 'General Enhancement'],
  ['upscale', 'AI Upscaling'],
  ['sharpness', 'Sharpness & Detail'],
] as const;
const LIGHTBOXES = ['Ceramic Mug', 'Leather Wallet', 'Olive Oil Bottle', 'Linen Tote Bag'] as const;
const SPINS = ['Sneaker 360° Spin', 'Desk Lamp 360° Spin'] as const;
const UGC_ADS = ['Skincare Serum', 'Cold Brew Coffee'] as const;

type Db = pg.Client;
type Storage = ReturnType<typeof createClient>['storage'];

async function photo(colour: string, width = 600, height = 600, format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#4338ca"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}


async function put(storage: Storage, bucket: string, name: string, bytes: Buffer, contentType: string) {
  const { error } = await storage.from(bucket).upload(name, bytes, { contentType });
  if (error) throw new Error(`upload ${bucket}/${name}: ${error.message}`);
}

/** start_job as the user (the price debited from their credits), then complete_job with what the worker would send. */
async function finishedJob(db: Db, userId: string, studio: string, options: Record<string, unknown>, result: (jobId: string) => Promise<Record<string, unknown>>) {
  await db.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  const { rows } = await db.query<{ job: { job_id: string } }>('select public.start_job($1, $2) as job', [studio, options]);
  const jobId = rows[0]!.job.job_id;
  await db.query(`select set_config('request.jwt.claims', '', false)`);
  await db.query('select public.complete_job($1, $2)', [jobId, await result(jobId)]);
  return jobId;
}

async function seedStudios(db: Db, storage: Storage, userId: string) {
  const image = async (bucket: string, folder: string, jobId: string, colour: string, details: Record<string, unknown>) => {
    const bytes = await photo(colour);
    const name = `${userId}/${folder}/${jobId}.jpg`;
    await put(storage, bucket, name, bytes, 'image/jpeg');
    return { path: name, bucket, media: 'image', mime_type: 'image/jpeg', width: 600, height: 600, duration_seconds: null, bytes: bytes.length, details };
  };
  const video = async (folder: string, jobId: string, details: Record<string, unknown>) => {
    const base = `${userId}/${folder}/${jobId}`;
    const [mp4, poster] = [videoClip(), await photo('#fde68a', 320, 568)];
    await put(storage, 'videos', `${base}.mp4`, mp4, 'video/mp4');
    await put(storage, 'videos', `${base}/poster.jpg`, poster, 'image/jpeg');
    return {
      path: `${base}.mp4`, bucket: 'videos', media: 'video', mime_type: 'video/mp4', width: 320, height: 568, duration_seconds: 1, bytes: mp4.length,
      thumbnail_path: `${base}/poster.jpg`, details: { ...details, files: { 'poster.jpg': `${base}/poster.jpg` } },
    };
  };

  for (const [preset, label] of REFINES) {
    await finishedJob(db, userId, 'refine_image', { preset, title: label }, (job) =>
      image('processed', 'Refined-Images', job, '#fdba74', { applied: [`${label} applied`, 'Exposure balanced'], ignored: [] }),
    );
  }
  for (const product of LIGHTBOXES) {
    await finishedJob(db, userId, 'lightbox', { preset: 'default', title: product, product_name: product }, (job) =>
      image('processed', 'Lightbox/images', job, '#e2e8f0', {
        product_name: product, output: 'Amazon main image', background: 'Pure white', shadow: 'Soft shadow', used: ['White background'], ignored: [],
        compliance: [{ rule: 'Pure white background', passed: true, detail: 'RGB 255, 255, 255' }, { rule: 'Product fills 85% of the frame', passed: false, detail: 'The product fills 62%' }],
      }),
    );
  }
  for (const title of SPINS) {
    await finishedJob(db, userId, 'spin360', { preset: 'default', title, source: 'frames' }, (job) => video('360 Spin', job, { frame_count: 0, fps: 12, direction: 'clockwise', source: 'frames' }));
  }
  for (const name of UGC_ADS) {
    await finishedJob(db, userId, 'ugc', { preset: 'default', title: `${name} UGC Ad`, product: { name, aspect: '9:16' } }, (job) => video('UGC', job, { hook: `Why everyone is talking about ${name}`, aspect: '9:16', scenes: 3 }));
  }

  // An ad analysis (the worker's own reading of a known ad, its text lines given rather than OCR'd) and three variations.
  const ad = await makeTestAd('square');
  const report = await analyzeAd(ad.png, async () => ({
    text: `${ad.headline}\n${ad.offer}\n${ad.cta}`,
    confidence: 91,
    lines: [
      { text: ad.headline, box: { x: 80, y: 70, width: 780, height: 92 }, confidence: 93 },
      { text: ad.offer, box: { x: 80, y: 202, width: 560, height: 60 }, confidence: 90 },
      { text: ad.cta, box: { x: 140, y: 910, width: 220, height: 52 }, confidence: 89 },
    ],
  }));
  const annotated = await sharp(ad.png).jpeg().toBuffer();
  const analysis = await finishedJob(db, userId, 'competitor_ad', { preset: 'default', title: ad.headline }, async (job) => {
    const name = `${userId}/facebook/${job}.jpg`;
    await put(storage, 'processed', name, annotated, 'image/jpeg');
    return { path: name, bucket: 'processed', media: 'image', mime_type: 'image/jpeg', width: report.width, height: report.height, duration_seconds: null, bytes: annotated.length, details: { report, origin: 'upload' } };
  });
  const variations = [];
  for (const [i, [placement, width, height]] of ([['feed_square', 540, 540], ['feed_portrait', 540, 675], ['stories_reels', 540, 960]] as const).entries()) {
    const bytes = await photo('#1e3a8a', width, height);
    const name = `${userId}/facebook_ad/${analysis}/${Date.now()}-${i}-${placement}.jpg`;
    await put(storage, 'processed', name, bytes, 'image/jpeg');
    variations.push({ path: name, title: `Glow Serum - ${placement}`, placement, style: 'match', bytes: bytes.length, width, height, checks: [], request: { headline: 'Glow Serum', cta: 'Shop Now' } });
  }
  await db.query('select public.record_ad_variations($1, $2, $3)', [analysis, userId, JSON.stringify(variations)]);

  // A run that failed: refunded, listed as Failed in Recent Activity.
  await db.query(`select set_config('request.jwt.claims', $1, false)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
  const { rows } = await db.query<{ job: { job_id: string } }>(`select public.start_job('refine_image', '{"preset":"color","title":"Color Correction"}') as job`);
  await db.query(`select set_config('request.jwt.claims', '', false)`);
  await db.query('select public.fail_job($1, $2)', [rows[0]!.job.job_id, 'The image could not be decoded.']);
}

async function seedSocial(db: Db, userId: string) {
  const account = async (platform: string, username: string, active: boolean) =>
    (
      await db.query<{ id: string }>(
        `insert into public.social_accounts (user_id, platform, username, account_id, follower_count, is_active, analytics_synced_at)
         values ($1, $2, $3, $4, $5, $6, now()) returning id`,
        [userId, platform, username, `${platform}-${randomUUID().slice(0, 8)}`, 1840, active],
      )
    ).rows[0]!.id;
  const accounts = { instagram: await account('instagram', 'shotcraft.studio', true), twitter: await account('twitter', 'shotcraftdemo', true), facebook: await account('facebook', 'Shotcraft Demo Co.', false) };
  const { rows: content } = await db.query<{ id: string }>(`select id from public.content_generations where user_id = $1 and content_type in ('lightbox', 'refine_image') order by created_at limit 4`, [userId]);

  const day = 24 * 3600_000;
  let n = 0;
  for (const [platform, accountId] of [['instagram', accounts.instagram], ['twitter', accounts.twitter]] as const) {
    for (const ago of [2, 5, 9]) {
      const postedAt = new Date(Date.now() - ago * day);
      const { rows } = await db.query<{ id: string }>(
        `insert into public.social_posts (user_id, social_account_id, platform, content_type, caption, status, posted_at, platform_post_id, post_url, content_id, created_at)
         values ($1, $2, $3, 'image', $4, 'posted', $5, $6, $7, $8, $5) returning id`,
        [userId, accountId, platform, `New in the shop: ${LIGHTBOXES[n % LIGHTBOXES.length]} #handmade #smallbusiness`, postedAt, `p-${n}`, `https://example.com/${platform}/p-${n}`, content[n % content.length]?.id ?? null],
      );
      await db.query(
        `insert into public.social_post_metrics (post_id, date, user_id, social_account_id, platform, impressions, reach, likes, comments, shares, saves, video_views)
         values ($1, current_date, $2, $3, $4, $5, $6, $7, $8, $9, $10, null)`,
        [rows[0]!.id, userId, accountId, platform, 1200 + 310 * n, 900 + 200 * n, 84 + 9 * n, 12 + n, 5 + n, platform === 'instagram' ? 7 + n : null],
      );
      n += 1;
    }
    for (let d = 13; d >= 0; d -= 1) {
      for (const [metric, value] of [['impressions', 400 + 37 * d], ['reach', 300 + 21 * d], ['likes', 30 + d], ['comments', 4 + (d % 3)], ['shares', 2 + (d % 2)], ['saves', 3], ['views', 0]] as const) {
        await db.query(`insert into public.social_analytics (user_id, social_account_id, platform, metric_type, metric_value, date) values ($1, $2, $3, $4, $5, current_date - $6::int)`, [userId, accountId, platform, metric, value, d]);
      }
    }
  }
  await db.query(
    `insert into public.social_posts (user_id, social_account_id, platform, content_type, caption, status, scheduled_for, content_id)
     values ($1, $2, 'instagram', 'image', 'Weekend sale starts now #sale', 'scheduled', now() + interval '3 days', $3)`,
    [userId, accounts.instagram, content[0]?.id ?? null],
  );
  await db.query(
    `insert into public.social_posts (user_id, social_account_id, platform, content_type, caption, status, error, attempts, content_id)
     values ($1, $2, 'twitter', 'image', 'Meet the Leather Wallet #leather', 'failed', 'X refused the image: it is over 5 MB.', 1, $3)`,
    [userId, accounts.twitter, content[1]?.id ?? null],
  );
}

async function seedAccount(db: Db, userId: string) {
  // A webhook with a delivered and a failed event (written as the sender leaves them).
  const { rows } = await db.query<{ id: string }>(
    `insert into public.webhook_endpoints (user_id, url, description, events, secret) values ($1, 'https://hooks.example.com/shotcraft', 'Shop automation', '{generation.completed,post.published}', $2) returning id`,
    [userId, `whsec_${randomUUID().replaceAll('-', '')}`],
  );
  for (const [status, code, error] of [['succeeded', 200, null], ['failed', 500, 'The endpoint answered 500.']] as const) {
    await db.query(
      `insert into public.webhook_deliveries (endpoint_id, user_id, event_id, event_type, payload, status, attempts, last_attempt_at, last_status_code, last_error, delivered_at)
       values ($1, $2, gen_random_uuid(), 'generation.completed', '{}', $3, 1, now(), $4, $5, case when $3 = 'succeeded' then now() end)`,
      [rows[0]!.id, userId, status, code, error],
    );
  }
  // The plan's subscription and its first invoice.
  const sub = `sub_e2e_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await db.query(
    `insert into public.billing_subscriptions (id, user_id, plan, status, current_period_start, current_period_end) values ($1, $2, $3, 'active', now() - interval '5 days', now() + interval '25 days')`,
    [sub, userId, POPULATED_PLAN],
  );
  await db.query(
    `insert into public.billing_payments (user_id, kind, product, description, credits, amount_cents, credits_granted, invoice_id, subscription_id, period_start, period_end, created_at)
     select $1, 'plan', id, name || ' plan', credits, price_cents, credits, $2, $3, now() - interval '5 days', now() + interval '25 days', now() - interval '5 days'
       from public.pricing_plans where id = $4`,
    [userId, `in_e2e_${randomUUID().replaceAll('-', '').slice(0, 16)}`, sub, POPULATED_PLAN],
  );
}

/** A new confirmed user on POPULATED_PLAN with content everywhere the dashboard shows some. */
export async function createPopulatedUser(tag: string): Promise<PopulatedUser> {
  const user = await createConfirmedUser(`populated-${tag}-${randomUUID().slice(0, 8)}@example.com`, `Pw-${randomUUID()}`);
  const { api_url, service_role_key, db_url } = e2eStatus();
  const storage = createClient(api_url, service_role_key, nodeClientOptions).storage;
  const db = new pg.Client({ connectionString: db_url });
  await db.connect();
  try {
    await db.query('update public.profiles set plan = $2 where user_id = $1', [user.id, POPULATED_PLAN]);
    await db.query(`select private.apply_credit_delta($1, (select credits from public.pricing_plans where id = $2), 'plan_grant')`, [user.id, POPULATED_PLAN]);
    await seedStudios(db, storage, user.id);
    await seedSocial(db, user.id);
    await seedAccount(db, user.id);
    return user;
  } finally {
    await db.end();
  }
}
