import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { PlanWeekDialog } from './plan-week-dialog';

const account = (id: string, platform: string, is_active = true) => ({ id, platform, username: `shop_${platform}`, follower_count: 10, is_active, token_expires_at: null, created_at: '2026-11-01T00:00:00Z' });
const item = (id: string, content_type: string, product_name: string, mime_type = 'image/jpeg', width = 1080, height = 1350) => ({
  id, content_type, product_name, bucket: 'processed', storage_path: `u/${id}`, thumbnail_path: null, mime_type, bytes: 200_000, width, height, credits_used: 1, created_at: '2026-11-20T10:00:00Z',
});
const IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/** From the planner, picks library items by name in the library dialog and comes back to the planner with them. */
async function pickFromLibrary(user: ReturnType<typeof userEvent.setup>, planner: HTMLElement, items: RegExp[], useLabel: string) {
  await user.click(within(planner).getByRole('button', { name: 'Choose from library' }));
  const picker = await screen.findByRole('dialog', { name: 'Choose from your library' });
  for (const name of items) await user.click(await within(picker).findByRole('button', { name }));
  await user.click(within(picker).getByRole('button', { name: useLabel }));
  return screen.findByRole('dialog', { name: 'Plan a week' });
}

let scheduled: Record<string, unknown>[];
beforeEach(() => {
  storeTestSession();
  scheduled = [];
  server.use(
    http.get(`${API}/rest/v1/social_accounts`, () => HttpResponse.json([account('fb', 'facebook'), account('pin', 'pinterest'), account('x', 'twitter', false)])),
    http.post(`${API}/rest/v1/rpc/list_content`, () => HttpResponse.json({ items: [item(IDS[0]!, 'lightbox', 'Ceramic Mug'), item(IDS[1]!, 'ugc_video', 'Mug ad', 'video/mp4', 1080, 1920)], counts: null, next_cursor: null })),
    http.post(`${API}/functions/v1/get-download-url`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      return HttpResponse.json({ items: ids.map((id) => ({ id, url: `https://files.test/${id}`, thumbnail_url: null, missing: false })) });
    }),
    http.get(`${API}/rest/v1/social_templates`, () => HttpResponse.json([])),
    http.get(`${API}/rest/v1/public_social_templates`, () => HttpResponse.json([{ id: 't1', name: 'Launch', content: 'New: {product}. Order today.', hashtags: ['launch'], platform: null, usage_count: 4 }])),
    http.post(`${API}/functions/v1/social-campaign`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      scheduled.push(body);
      return HttpResponse.json({ success: true, campaign_id: 'k1', scheduled: (body.posts as unknown[]).map((_, i) => ({ post_id: `p${i}` })) });
    }),
  );
});

describe('Plan a week', () => {
  it('proposes every picked item on every chosen account at its best times, then schedules the edited week as one campaign', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderStudio(<PlanWeekDialog onClose={onClose} onPlanned={() => {}} />);
    const planner = await screen.findByRole('dialog', { name: 'Plan a week' });
    await user.type(within(planner).getByLabelText('Campaign name'), 'Mug week');
    await user.type(within(planner).getByLabelText('Product (for captions)'), 'Ceramic Mug');
    // A paused account is not offered.
    expect(await within(planner).findByRole('checkbox', { name: /^Facebook/ })).toBeInTheDocument();
    expect(within(planner).queryByRole('checkbox', { name: /^X/ })).toBeNull();

    const again = await pickFromLibrary(user, planner, [/Ceramic Mug/, /Mug ad/], 'Use 2 items');
    await user.click(within(again).getByRole('checkbox', { name: /^Facebook/ }));
    await user.click(within(again).getByRole('checkbox', { name: /^Pinterest/ }));
    expect(within(again).getByLabelText('Facebook posting times')).toHaveValue('09:00, 13:00');
    await user.click(within(again).getByRole('button', { name: 'Propose a schedule' }));
    expect(await within(again).findByText('4 posts proposed')).toBeInTheDocument();
    const captions = within(again).getAllByRole('textbox', { name: /^Caption of / });
    expect((captions[0] as HTMLTextAreaElement).value).toContain('Ceramic Mug');

    // One post removed: three are scheduled together.
    await user.click(within(again).getAllByRole('button', { name: /^Remove Mug ad on / })[0]!);
    await user.click(within(again).getByRole('button', { name: 'Schedule 3 posts' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(scheduled).toHaveLength(1);
    const body = scheduled[0] as { name: string; product_name: string; gap_minutes: number; posts: { content_id: string; account_id: string; caption: string; scheduled_for: string }[] };
    expect([body.name, body.product_name, body.gap_minutes, body.posts.length]).toEqual(['Mug week', 'Ceramic Mug', 720, 3]);
    expect(new Set(body.posts.map((p) => p.account_id))).toEqual(new Set(['fb', 'pin']));
    expect(body.posts.every((p) => p.caption.length > 0 && Date.parse(p.scheduled_for) > Date.now())).toBe(true);
    expect(await screen.findByText('3 posts scheduled')).toBeInTheDocument();
  });

  it('marks two posts of one platform closer than the gap and will not schedule them', async () => {
    const user = userEvent.setup();
    renderStudio(<PlanWeekDialog onClose={() => {}} onPlanned={() => {}} />);
    const planner = await screen.findByRole('dialog', { name: 'Plan a week' });
    const again = await pickFromLibrary(user, planner, [/Ceramic Mug/, /Mug ad/], 'Use 2 items');
    await user.click(await within(again).findByRole('checkbox', { name: /^Facebook/ }));
    await user.click(within(again).getByRole('button', { name: 'Propose a schedule' }));
    const times = await within(again).findAllByLabelText(/^Time of /);
    // The second post moved to the first one's time; an emptied time is named too.
    fireEvent.change(times[1]!, { target: { value: '' } });
    expect(await within(again).findByText('Pick a time at least a minute from now.')).toBeInTheDocument();
    fireEvent.change(times[1]!, { target: { value: (times[0] as HTMLInputElement).value } });
    expect((await within(again).findAllByText('Two Facebook posts are closer than 12 hours: move one.')).length).toBe(2);
    expect(within(again).getByRole('button', { name: 'Schedule 2 posts' })).toBeDisabled();
  });
});

describe('Plan a week with a caption template', () => {
  it('fills every post from the template, counting one use of it', async () => {
    const uses: unknown[] = [];
    server.use(
      http.post(`${API}/rest/v1/rpc/use_social_template`, async ({ request }) => {
        uses.push(await request.json());
        return HttpResponse.json({ content: 'New: {product}. Order today.', hashtags: ['launch'] });
      }),
    );
    const user = userEvent.setup();
    renderStudio(<PlanWeekDialog onClose={() => {}} onPlanned={() => {}} />);
    const planner = await screen.findByRole('dialog', { name: 'Plan a week' });
    await user.type(within(planner).getByLabelText('Product (for captions)'), 'Ceramic Mug');
    const again = await pickFromLibrary(user, planner, [/Ceramic Mug/], 'Use 1 item');
    await user.click(await within(again).findByRole('checkbox', { name: /^Facebook/ }));
    await user.click(within(again).getByRole('combobox', { name: 'Captions' }));
    await user.click(await screen.findByRole('option', { name: 'Template: Launch' }));
    await waitFor(() => expect(uses).toEqual([{ p_id: 't1' }]));
    await user.click(within(screen.getByRole('dialog', { name: 'Plan a week' })).getByRole('button', { name: 'Propose a schedule' }));
    const caption = await screen.findByRole('textbox', { name: /^Caption of Ceramic Mug on Facebook/ });
    expect(caption).toHaveValue('New: Ceramic Mug. Order today.\n\n#launch');
  });
});
