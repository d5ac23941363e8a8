import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { ShareDialog } from './share-dialog';

const CONTENT_ID = '11111111-2222-4333-8444-555555555555';
const account = (id: string, platform: string, username: string, active = true) => ({ id, platform, username, follower_count: 10, is_active: active, token_expires_at: null, created_at: '2026-11-25T00:00:00Z' });
const ACCOUNTS = [account('ig', 'instagram', 'shop.ig'), account('x', 'twitter', 'shopx'), account('tt', 'tiktok', 'shop.tt', false)];
const CONTENT = { id: CONTENT_ID, content_type: 'refine_image', product_name: 'Refined Image - Ceramic Mug', mime_type: 'image/jpeg', bytes: 800_000, width: 1080, height: 1350, input_data: { label: 'Warm' } };

beforeEach(() => storeTestSession());

function setup(onPost?: (body: Record<string, unknown>) => Response | Promise<Response>) {
  server.use(http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json(CONTENT)));
  return setupHandlers(onPost);
}

/** The accounts, the post function and the dialog; the content as the test set it (first matching handler wins). */
function setupHandlers(onPost?: (body: Record<string, unknown>) => Response | Promise<Response>, label = 'Warm') {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json(ACCOUNTS)),
    http.post(`${API}/functions/v1/social-post`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return onPost ? onPost(body) : HttpResponse.json({ success: true });
    }),
  );
  renderStudio(<ShareDialog target={{ contentId: CONTENT_ID, previewUrl: null, label }} onOpenChange={() => undefined} />);
  return { sent, user: userEvent.setup() };
}

// A dialog of many parts typed into with user-event: jsdom on a busy 2-core machine needs more than the default 5 s.
describe('Share to Social Media', { timeout: 30_000 }, () => {
  it('flags a caption too long for X, shortens it for X only, posts, and shows each platform’s outcome', async () => {
    const { sent, user } = setup((body) => {
      const posts = body.posts as { account_id: string }[];
      return HttpResponse.json({
        success: true,
        batch_id: 'b',
        results: posts.map((p) => (p.account_id === 'ig' ? { post_id: 'p1', platform: 'instagram', account_id: 'ig', status: 'posted', url: 'https://instagram.example/p/1' } : { post_id: 'p2', platform: 'twitter', account_id: 'x', status: 'failed', kind: 'rate_limited', error: 'The platform is limiting posts right now. Try again later.' })),
      });
    });
    // Only active accounts can be chosen; the paused one points to Settings.
    await user.click(await screen.findByRole('button', { name: /Instagram @shop\.ig/ }));
    await user.click(screen.getByRole('button', { name: /X @shopx/ }));
    expect(screen.queryByRole('button', { name: /TikTok/ })).not.toBeInTheDocument();
    expect(screen.getByText(/TikTok needs reconnecting/)).toBeInTheDocument();
    // The platforms without an account can be connected from here.
    expect(screen.getAllByRole('button', { name: /^Connect / }).map((b) => b.textContent?.trim())).toEqual(['Connect Facebook', 'Connect Pinterest']);

    const long = `${'A mug that keeps coffee hot for hours and looks good doing it. '.repeat(5)}#mug`;
    await user.click(screen.getByLabelText('Caption'));
    await user.paste(long);
    expect(screen.getByText(`Instagram ${long.length}/2,200`)).toBeInTheDocument();
    const xChecks = screen.getByRole('region', { name: 'X checks' });
    expect(within(xChecks).getByText(/the limit is 280/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instagram checks' })).not.toBeInTheDocument();

    await user.click(within(xChecks).getByRole('button', { name: 'Shorten for X' }));
    const xCaption = within(screen.getByRole('region', { name: 'X checks' })).getByLabelText('X caption') as HTMLTextAreaElement;
    expect(xCaption.value.length).toBeLessThanOrEqual(280);
    expect(xCaption.value).toMatch(/… #mug$/);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted to 1 platform, 1 failed')).toBeInTheDocument();
    const posts = sent[0]!.posts as { account_id: string; caption: string }[];
    expect(sent[0]).toMatchObject({ content_id: CONTENT_ID, scheduled_for: null });
    expect(posts.find((p) => p.account_id === 'ig')!.caption).toBe(long.trim());
    expect(posts.find((p) => p.account_id === 'x')!.caption).toBe(xCaption.value);

    const results = screen.getByRole('list', { name: 'Results' });
    expect(within(results).getByText('Posted successfully')).toBeInTheDocument();
    expect(within(results).getByText('The platform is limiting posts right now. Try again later.')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Retry X' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('counts the caption as each chosen platform does: the X counter says what the X check says', async () => {
    const { user } = setup();
    const text = 'Fresh olive oil from Crete, cold pressed this autumn. '.repeat(5);
    const link = 'https://shop.example.com/olive-oil';
    await user.click(await screen.findByLabelText('Caption'));
    await user.paste(`${text} 🫒 ${link}`);
    // No platform yet: characters out of 2,200 (the emoji is one character).
    const plain = text.length + 3 + link.length;
    expect(screen.getByText(`${plain}/2,200`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Instagram @shop\.ig/ }));
    await user.click(screen.getByRole('button', { name: /X @shopx/ }));
    expect(screen.getByText(`Instagram ${plain}/2,200`)).toBeInTheDocument();
    // X: the link counts 23 and the emoji 2.
    const weighted = text.length + 1 + 2 + 1 + 23;
    expect(screen.getByText(`X ${weighted}/280`)).toHaveClass('text-destructive');
    const xChecks = screen.getByRole('region', { name: 'X checks' });
    expect(within(xChecks).getByText(`Caption is ${weighted} characters as X counts them; the limit is 280.`)).toBeInTheDocument();
  });

  it('says what is missing before posting: a platform, then a caption', async () => {
    const { sent, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByText('No platforms selected: Please select at least one platform to post to')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Instagram @shop\.ig/ }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('No caption: Please add a caption for your post')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('Generate Caption names the product the user gave, never the file; a schedule sends the time', async () => {
    // A Lightbox result of olive-oil-bottle-kitchen.jpg, whose product the user named "Cretan Estate Olive Oil".
    server.use(
      http.get(`${API}/rest/v1/content_generations`, () =>
        HttpResponse.json({
          ...CONTENT,
          content_type: 'lightbox',
          product_name: 'Olive oil bottle kitchen',
          storage_path: `u1/Lightbox/images/olive-oil-bottle-kitchen.jpg`,
          input_data: { product_name: 'Cretan Estate Olive Oil', file_name: 'olive-oil-bottle-kitchen.jpg' },
        }),
      ),
    );
    const { sent, user } = setupHandlers((body) => HttpResponse.json({ success: true, batch_id: 'b', scheduled: [{ post_id: 'p', platform: 'instagram', account_id: 'ig', scheduled_for: body.scheduled_for }] }), 'Olive oil bottle kitchen');
    await user.click(await screen.findByRole('button', { name: /Instagram @shop\.ig/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Caption' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Generate Caption' }));
    const caption = (screen.getByLabelText('Caption') as HTMLTextAreaElement).value;
    expect(caption).toMatch(/^Meet Cretan Estate Olive Oil\. /);
    expect(caption).not.toMatch(/kitchen|bottle/i);
    expect(caption).not.toMatch(/\b(the|a|an) (the|a|an)\b/i);
    for (const sentence of caption.split('\n\n')[0]!.split(/(?<=[.!?])\s+/)) expect(sentence).toMatch(/^[A-Z].*[.!?]$/);

    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('heading', { name: 'Post scheduled' })).toBeInTheDocument();
    const at = new Date(sent[0]!.scheduled_for as string).getTime();
    expect(at).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('a file Instagram cannot take blocks posting there, and one click makes a version that fits', async () => {
    const fits: unknown[] = [];
    server.use(
      http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json({ ...CONTENT, mime_type: 'image/png', width: 2000, height: 900 })),
      http.post('http://127.0.0.1:54330/social/fit', async ({ request }) => {
        fits.push(await request.json());
        return HttpResponse.json({ success: true, id: 'fitted-1', url: null, mime_type: 'image/jpeg', bytes: 400_000, width: 2000, height: 1048 });
      }),
    );
    const { sent, user } = setupHandlers();
    await user.click(await screen.findByRole('button', { name: /Instagram @shop\.ig/ }));
    await user.type(screen.getByLabelText('Caption'), 'Hello');
    expect(await screen.findByText('PNG is not accepted; use JPEG.')).toBeInTheDocument();
    expect(screen.getByText('The image is 2000×900; it must be between 4:5 and 1.91:1.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Fix what is marked for Instagram, or turn it off.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Fit with margins' }));
    expect(await screen.findByText(/fitted version 2000×1048 JPEG/)).toBeInTheDocument();
    expect(fits).toEqual([{ content_id: CONTENT_ID, max_bytes: Math.floor(8 * 1024 * 1024 * 0.95), aspect: { min: 0.8, max: 1.91, mode: 'pad' } }]);
    expect(screen.queryByText('PNG is not accepted; use JPEG.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content_id: 'fitted-1' });
  });

  it('fills the caption from a template (own or public, most used first), flags a placeholder left to fill, and saves a caption as a public template', async () => {
    const used: string[] = [];
    const saved: unknown[] = [];
    server.use(
      http.get(`${API}/rest/v1/social_templates`, () =>
        HttpResponse.json([
          { id: 't-own', name: 'Launch day', content: 'Meet {product}: {link} #launch', hashtags: ['launch'], platform: null, usage_count: 4, is_public: true },
          { id: 't-quiet', name: 'Quiet one', content: 'Just {product}.', hashtags: [], platform: null, usage_count: 0, is_public: false },
        ]),
      ),
      http.get(`${API}/rest/v1/public_social_templates`, () =>
        HttpResponse.json([
          { id: 't-other', name: 'Weekend sale', content: '{product} is on sale this weekend', hashtags: ['sale', 'weekend'], platform: null, usage_count: 9 },
          { id: 't-own', name: 'Launch day', content: 'Meet {product}: {link} #launch', hashtags: ['launch'], platform: null, usage_count: 4 },
        ]),
      ),
      http.post(`${API}/rest/v1/rpc/use_social_template`, async ({ request }) => {
        const { p_id } = (await request.json()) as { p_id: string };
        used.push(p_id);
        return HttpResponse.json(p_id === 't-other' ? { id: p_id, name: 'Weekend sale', content: '{product} is on sale this weekend', hashtags: ['sale', 'weekend'], platform: null } : { id: p_id, name: 'Launch day', content: 'Meet {product}: {link} #launch', hashtags: ['launch'], platform: null });
      }),
      http.post(`${API}/rest/v1/social_templates`, async ({ request }) => {
        saved.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
    );
    // A Lightbox result whose product the user named.
    server.use(http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json({ ...CONTENT, content_type: 'lightbox', input_data: { product_name: 'Ceramic Mug' } })));
    const { sent, user } = setupHandlers();
    await user.click(await screen.findByRole('button', { name: /Instagram @shop\.ig/ }));

    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Weekend salePublic · used 9 times',
      'Launch dayYours, public · used 4 times',
      'Quiet oneYours · used 0 times',
      'Save caption as template…',
    ]));
    expect(within(menu).getByRole('menuitem', { name: 'Save caption as template…' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: /^Launch day/ }));
    const box = screen.getByLabelText('Caption');
    await waitFor(() => expect(box).toHaveValue('Meet Ceramic Mug: {link} #launch'));
    expect(used).toEqual(['t-own']);
    // {link} is the user's to fill: the post waits for it.
    expect(await screen.findByText('Fill in {link} before posting.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(sent).toEqual([]);

    await user.clear(box);
    await user.click(box);
    await user.paste('Ceramic Mug, back in stock. #mug');
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save caption as template…' }));
    const form = screen.getByRole('form', { name: 'Save caption as template' });
    await user.type(within(form).getByLabelText('Template name'), 'Restock');
    await user.click(within(form).getByRole('checkbox', { name: /Share it publicly/ }));
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saved).toEqual([{ user_id: expect.any(String), name: 'Restock', content: 'Ceramic Mug, back in stock. #mug', hashtags: ['mug'], is_public: true }]));
    expect(await screen.findByText('Template "Restock" saved')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Save caption as template' })).not.toBeInTheDocument();
  });
});
