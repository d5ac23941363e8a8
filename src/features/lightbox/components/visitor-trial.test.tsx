import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { API, jpegFile } from '../test/lightbox-handlers';
import { TrialLightboxPage } from './trial-lightbox-page';

const TRIAL = `${API}/functions/v1/trial-lightbox`;
const SHOT = { success: true, image: 'data:image/jpeg;base64,/9j/4AAQ', width: 512, height: 512, watermark: 'Shotcraft trial', remaining: { hour: 2, day: 9 } };

beforeEach(() => {
  authStore.reset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => authStore.reset());

describe('/trial/lightbox for a visitor', { timeout: 30_000 }, () => {
  it('sends the photo itself, without an account, and shows the watermarked result with the way to the full image', async () => {
    let sent: { type: string | null; auth: string | null; bytes: number } | undefined;
    server.use(
      http.post(TRIAL, async ({ request }) => {
        sent = { type: request.headers.get('content-type'), auth: request.headers.get('authorization'), bytes: (await request.arrayBuffer()).byteLength };
        return HttpResponse.json(SHOT);
      }),
    );
    const user = userEvent.setup();
    renderStudio(<TrialLightboxPage />);
    const run = await screen.findByRole('button', { name: 'Try it free' });
    expect(run).toBeDisabled();
    await user.upload(screen.getByLabelText('Choose a product photo'), jpegFile());
    await user.click(run);
    const image = await screen.findByRole('img', { name: /Your product on pure white, 512×512 px, watermarked “Shotcraft trial”/ });
    expect(image).toHaveAttribute('src', SHOT.image);
    expect(sent).toEqual({ type: 'image/jpeg', auth: 'Bearer test.anon.key', bytes: jpegFile().size });
    expect(screen.getByText(/2 free tries left this hour/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sign up to get the full-resolution image/ })).toHaveAttribute('href', '/signup');
  });

  it('says when the tries are used up, in the server\'s words, with a way to sign up', async () => {
    server.use(
      http.post(TRIAL, () =>
        HttpResponse.json({ success: false, code: 'rate_limited', error: 'You have used your 3 free tries for this hour. Sign up to keep going with 5 free credits, or try again later.' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderStudio(<TrialLightboxPage />);
    await user.upload(await screen.findByLabelText('Choose a product photo'), jpegFile());
    await user.click(screen.getByRole('button', { name: 'Try it free' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No free tries left: You have used your 3 free tries for this hour.');
    expect(within(alert).getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
  });

  it('shows a refused file clearly', async () => {
    server.use(http.post(TRIAL, () => HttpResponse.json({ success: false, code: 'undecodable_image', error: 'The image could not be decoded. It may be damaged or incomplete; export it again and retry.' }, { status: 422 })));
    const user = userEvent.setup();
    renderStudio(<TrialLightboxPage />);
    await user.upload(await screen.findByLabelText('Choose a product photo'), jpegFile());
    await user.click(screen.getByRole('button', { name: 'Try it free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The image could not be decoded.');
  });

  it('refuses a photo over 10 MB before sending anything', async () => {
    let called = false;
    server.use(http.post(TRIAL, () => ((called = true), HttpResponse.json(SHOT))));
    const user = userEvent.setup();
    renderStudio(<TrialLightboxPage />);
    const big = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(10 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Choose a product photo'), big);
    expect(await screen.findByText(/Please select an image smaller than 10MB/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try it free' })).toBeDisabled();
    expect(called).toBe(false);
  });
});
