import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadRaw } from '@/domains/jobs/upload-original';
import { libraryOrigin } from '@/domains/library/library-input';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { FromLibraryButton } from './library-picker';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const row = (id: string, content_type: string, product_name: string, mime_type = 'image/jpeg') => ({
  id, content_type, product_name, bucket: 'processed', storage_path: `u/${id}.jpg`, thumbnail_path: null, mime_type, bytes: 16, width: 2000, height: 2000, credits_used: 1, created_at: '2026-11-20T10:00:00Z',
});

beforeEach(() => {
  storeTestSession();
  server.use(
    http.post(`${API}/rest/v1/rpc/list_content`, () =>
      HttpResponse.json({ items: [row(ids[0]!, 'lightbox', 'Ceramic Mug'), row(ids[1]!, 'ugc_video', 'Mug ad', 'video/mp4'), row(ids[2]!, 'refine_image', 'Blue Bottle')], counts: null, next_cursor: null }),
    ),
    http.post(`${API}/functions/v1/get-download-url`, async ({ request }) => {
      const { ids: asked } = (await request.json()) as { ids: string[] };
      return HttpResponse.json({ items: asked.map((id) => ({ id, url: `https://files.test/${id}`, thumbnail_url: null, missing: false })) });
    }),
    http.get('https://files.test/:id', () => HttpResponse.arrayBuffer(JPEG.buffer, { headers: { 'Content-Type': 'image/jpeg' } })),
  );
});

describe('From library', () => {
  it('lists only the images a studio can take, and gives the picked ones as Files remembered as library items', async () => {
    const onPick = vi.fn();
    renderStudio(<FromLibraryButton max={3} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'From library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose from your library' });
    await within(dialog).findByText('Ceramic Mug');
    // The UGC video is not an input.
    expect(within(dialog).queryByText('Mug ad')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: /Blue Bottle/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Ceramic Mug/ }));
    expect(within(dialog).getByText('2 of up to 3 picked')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use 2 images' }));

    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    const files = onPick.mock.calls[0]![0] as File[];
    // In the order picked, numbered so a sequence keeps it.
    expect(files.map((f) => f.name)).toEqual(['01 Blue Bottle.jpg', '02 Ceramic Mug.jpg']);
    expect(files.map((f) => libraryOrigin(f))).toEqual([ids[2], ids[0]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('picks one image where the studio takes one: a second click replaces the first', async () => {
    const onPick = vi.fn();
    renderStudio(<FromLibraryButton max={1} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'From library' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Ceramic Mug/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Blue Bottle/ }));
    expect(within(dialog).getByRole('button', { name: /Ceramic Mug/ })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect((onPick.mock.calls[0]![0] as File[]).map((f) => f.name)).toEqual(['Blue Bottle.jpg']);
  });

  it('says which image could not be read and keeps the dialog open', async () => {
    server.use(http.get('https://files.test/:id', () => new HttpResponse(null, { status: 404 })));
    const onPick = vi.fn();
    renderStudio(<FromLibraryButton max={1} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'From library' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Ceramic Mug/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('"Ceramic Mug" could not be read from your library');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('stores a picked image by a server-side copy, never by sending its bytes again', async () => {
    const copies: unknown[] = [];
    const puts: string[] = [];
    server.use(
      http.post(`${API}/functions/v1/library-source`, async ({ request }) => {
        copies.push(await request.json());
        return HttpResponse.json({ items: [] });
      }),
      http.post(`${API}/storage/v1/object/upload/sign/raw-uploads/*`, ({ request }) => {
        puts.push(request.url);
        return HttpResponse.json({ url: '/object/upload/sign/raw-uploads/x?token=t' });
      }),
    );
    const onPick = vi.fn();
    renderStudio(<FromLibraryButton max={1} onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'From library' }));
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: /Ceramic Mug/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    await waitFor(() => expect(onPick).toHaveBeenCalled());
    const [file] = onPick.mock.calls[0]![0] as File[];

    const progress = vi.fn();
    await uploadRaw('user-1/lightbox/a_1.jpg', file!, 'image/jpeg', progress);
    expect(copies).toEqual([{ items: [{ id: ids[0], path: 'user-1/lightbox/a_1.jpg' }] }]);
    expect(puts).toEqual([]);
    expect(progress).toHaveBeenLastCalledWith(1);
  });
});
