import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw/server';
import { storeTestSession, TEST_USER } from '@/test/session';
import { API, jpegFile, studioHandlers } from '@/test/studio-handlers';

/**
 * A reload: the page's modules start again (the draft read back from localStorage, the picked
 * files gone), then the editor is mounted anew. Each mount imports its own module graph.
 */
async function openEditor() {
  const { renderStudio } = await import('@/test/render-studio');
  const { UgcEditor } = await import('./ugc-editor');
  const { projectStore } = await import('../store');
  const { checkProduct } = await import('../validate');
  const view = renderStudio(<UgcEditor onDownload={() => {}} />);
  return { view, projectStore, checkProduct };
}

async function reload(view: { unmount: () => void }) {
  view.unmount();
  vi.resetModules();
  return openEditor();
}

/** Uploads the editor sends to raw-uploads, by path. */
function recordUploads() {
  const uploaded: string[] = [];
  server.use(
    http.put(`${API}/storage/v1/object/upload/sign/raw-uploads/*`, ({ request }) => {
      uploaded.push(decodeURIComponent(new URL(request.url).pathname.replace('/storage/v1/object/upload/sign/raw-uploads/', '')));
      return HttpResponse.json({ Key: 'raw-uploads/x' });
    }),
  );
  return uploaded;
}

async function writeDraft(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Choose product photos'), jpegFile('flask.jpg'));
  await user.type(screen.getByLabelText('Product name'), 'Arctic Flask');
  await user.type(screen.getByLabelText('Benefit 1'), 'keeps drinks cold for 24 hours');
  await user.click(screen.getByRole('button', { name: 'Write my scripts' }));
  await screen.findByLabelText('Scene 2 line');
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  server.use(...studioHandlers({ jobId: 'job-1' }));
});

describe('UGC draft after a reload', { timeout: 30_000 }, () => {
  it('comes back with its photos: stored when picked, shown from signed URLs, ready to render', async () => {
    storeTestSession();
    const uploaded = recordUploads();
    const user = userEvent.setup();
    const first = await openEditor();
    await writeDraft(user);
    await waitFor(() => expect(uploaded).toHaveLength(1));
    expect(uploaded[0]).toMatch(new RegExp(`^${TEST_USER.id}/ugc/[0-9a-f-]{36}/000_flask\\.jpg$`));
    await waitFor(() => expect(first.projectStore.get().photos[0]?.path).toBe(uploaded[0]));

    const again = await reload(first.view);
    expect(await screen.findByText(/· 1 photo ·/)).toBeInTheDocument();
    expect(again.projectStore.get().product.name).toBe('Arctic Flask');
    expect(screen.getByLabelText('Scene 2 line')).toBeInTheDocument();
    expect(again.checkProduct(again.projectStore.get()).ok).toBe(true);
    expect(screen.queryByText(/could not be kept/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Edit product/ }));
    const thumb = screen.getByRole('img', { name: '1. flask.jpg' });
    await waitFor(() => expect(thumb).toHaveAttribute('src', expect.stringContaining(`/object/sign/x/${uploaded[0]}?token=t`)));
    again.view.unmount();
  });

  it('signed out, a photo that was never stored is named as lost, and the draft asks for photos instead of offering a render', async () => {
    const user = userEvent.setup();
    const first = await openEditor();
    await writeDraft(user);
    expect(first.projectStore.get().photos[0]?.path).toBeUndefined();

    const again = await reload(first.view);
    expect(await screen.findByText(/A photo of this draft could not be kept/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write my scripts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back to the script/ })).not.toBeInTheDocument();
    // The words are kept for when the photos are back.
    expect(again.projectStore.get().scripts).not.toBeNull();
    expect(again.projectStore.get().product.name).toBe('Arctic Flask');
    again.view.unmount();
  });

  it('a stored photo that is gone from storage leaves the draft, and says so', async () => {
    storeTestSession();
    const uploaded = recordUploads();
    const user = userEvent.setup();
    const first = await openEditor();
    await writeDraft(user);
    await waitFor(() => expect(first.projectStore.get().photos[0]?.path).toBeTruthy());
    server.use(
      http.post(`${API}/storage/v1/object/sign/:bucket`, async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json(paths.map((path) => ({ path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' })));
      }),
    );

    const again = await reload(first.view);
    expect(await screen.findByText(/A photo of this draft could not be kept/)).toBeInTheDocument();
    expect(again.projectStore.get().photos).toHaveLength(0);
    expect(uploaded).toHaveLength(1);
    again.view.unmount();
  });
});
