import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { addDays, dayKey } from '../lib/dates';
import { CalendarPage } from './calendar-page';

/** Two days from now at 10:00 local, in this month's view or the next's. */
const day = addDays(new Date(), 2);
day.setHours(10, 0, 0, 0);
const post = (over: Record<string, unknown>) => ({
  id: 'p1', platform: 'pinterest', status: 'scheduled', caption: 'Meet the mug.', at: day.toISOString(), scheduled_for: day.toISOString(), posted_at: null,
  post_url: null, error: null, content_id: 'c1', content_type: 'lightbox', product_name: 'Ceramic Mug', campaign_id: 'k1', campaign_name: 'Mug week', social_account_id: 'a1', ...over,
});

beforeEach(() => storeTestSession());

function serve(rows: unknown[], patches: { id: string; body: unknown }[] = [], answer?: () => Response) {
  server.use(
    http.post(`${API}/rest/v1/rpc/social_calendar`, () => HttpResponse.json(rows)),
    http.patch(`${API}/rest/v1/social_posts`, async ({ request }) => {
      patches.push({ id: new URL(request.url).searchParams.get('id')!, body: await request.json() });
      return answer?.() ?? new HttpResponse(null, { status: 204, headers: { 'Content-Range': '0-0/1' } });
    }),
  );
}

/** The week view always holds the day of `day` (the month view may start before it). */
async function weekOf(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Week' }));
  if (startsNextWeek()) await user.click(screen.getByRole('button', { name: 'Next week' }));
}
const startsNextWeek = () => (new Date().getDay() + 6) % 7 > (day.getDay() + 6) % 7;
/** The desktop grid (the phone's day list is in the DOM too: jsdom applies no CSS). */
const grid = () => within(screen.getByRole('group', { name: /^Calendar, / }));
/** Another day of the same week: the next, or the one before when `day` is a Sunday. */
const otherDay = () => addDays(day, day.getDay() === 0 ? -1 : 1);
const dayCell = (d: Date) => grid().getByRole('group', { name: new RegExp(`^${d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}`) });

describe('Content calendar', () => {
  it('shows each post on its day with its platform, time and product, and opens one with its campaign', async () => {
    serve([post({}), post({ id: 'p2', platform: 'facebook', status: 'posted', scheduled_for: null, posted_at: day.toISOString(), post_url: 'https://facebook.example/1' })]);
    const user = userEvent.setup();
    renderStudio(<CalendarPage />);
    await weekOf(user);
    await grid().findByRole('button', { name: /^Scheduled on Pinterest/ });
    const cell = dayCell(day);
    expect(await within(cell).findByRole('button', { name: /^Scheduled on Pinterest, .* Ceramic Mug$/ })).toBeInTheDocument();
    await user.click(within(cell).getByRole('button', { name: /^Posted on Facebook/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Campaign: Mug week');
    expect(within(dialog).getByRole('link', { name: 'View on Facebook' })).toHaveAttribute('href', 'https://facebook.example/1');
    // A sent post has nothing to change.
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('moves a scheduled post dropped on another day to that day at the same time', async () => {
    const patches: { id: string; body: unknown }[] = [];
    serve([post({})], patches);
    const user = userEvent.setup();
    renderStudio(<CalendarPage />);
    await weekOf(user);
    const chip = await grid().findByRole('button', { name: /^Scheduled on Pinterest/ });
    const next = otherDay();
    const target = dayCell(next);
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    fireEvent.dragStart(chip, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(patches).toHaveLength(1));
    const moved = new Date((patches[0]!.body as { scheduled_for: string }).scheduled_for);
    expect([patches[0]!.id, dayKey(moved), moved.getHours(), moved.getMinutes()]).toEqual(['eq.p1', dayKey(next), 10, 0]);
    expect(await screen.findByText(/^Moved to /)).toBeInTheDocument();
  });

  it("says why the database refused a move, in the rule's own words", async () => {
    serve([post({})], [], () => HttpResponse.json({ code: '22023', details: 'schedule_gap', message: 'Two posts of this campaign on one platform must be at least 720 minutes apart.', hint: null }, { status: 400 }));
    const user = userEvent.setup();
    renderStudio(<CalendarPage />);
    await weekOf(user);
    const chip = await grid().findByRole('button', { name: /^Scheduled on Pinterest/ });
    const target = dayCell(otherDay());
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    fireEvent.dragStart(chip, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(await screen.findByText('Two posts of this campaign on one platform must be at least 720 minutes apart.')).toBeInTheDocument();
  });
});
