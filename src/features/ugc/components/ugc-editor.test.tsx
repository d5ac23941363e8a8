import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { jpegFile, studioHandlers } from '@/test/studio-handlers';
import { projectStore } from '../store';
import { UgcEditor } from './ugc-editor';

beforeEach(() => {
  toast.dismiss();
  localStorage.clear();
  projectStore.reset();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  server.use(...studioHandlers({ jobId: 'job-1' }));
});

async function writeFirstScripts(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Choose product photos'), jpegFile('flask.jpg'));
  await user.type(screen.getByLabelText('Product name'), 'Arctic Flask');
  await user.type(screen.getByLabelText('Benefit 1'), 'keeps drinks cold for 24 hours');
  await user.click(screen.getByRole('button', { name: 'Add a benefit' }));
  await user.type(screen.getByLabelText('Benefit 2'), 'leak-proof lid');
  await user.click(screen.getByRole('button', { name: 'Write my scripts' }));
  return screen.findByLabelText('Scene 2 line');
}

describe('UGC editor: the lines the user wrote', { timeout: 30_000 }, () => {
  it('keeps an edited scene 2 through Edit product → add photos → Write my scripts, and says so', async () => {
    const user = userEvent.setup();
    renderStudio(<UgcEditor onDownload={() => {}} />);
    const line = await writeFirstScripts(user);
    const generatedScene3 = (screen.getByLabelText('Scene 3 line') as HTMLTextAreaElement).value;
    await user.clear(line);
    await user.type(line, 'Honestly, I take this flask everywhere now.');
    expect(screen.getByText('Your words')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Edit product/ }));
    await user.upload(screen.getByLabelText('Choose product photos'), [jpegFile('lid.jpg'), jpegFile('desk.jpg')]);
    await user.clear(screen.getByLabelText('Benefit 2'));
    await user.type(screen.getByLabelText('Benefit 2'), 'fits every cup holder');
    await user.click(screen.getByRole('button', { name: 'Write my scripts' }));

    expect(await screen.findByLabelText('Scene 2 line')).toHaveValue('Honestly, I take this flask everywhere now.');
    expect(await screen.findByText('The line you wrote was kept.')).toBeInTheDocument();
    expect(screen.getByText(/· 3 photos ·/)).toBeInTheDocument();
    // The lines the user did not write follow the new product.
    expect(screen.getByLabelText('Scene 3 line')).not.toHaveValue(generatedScene3);
    expect((screen.getByLabelText('Scene 3 line') as HTMLTextAreaElement).value).toMatch(/cup holder/);

    // Other wording rewrites the rest, never the user's line.
    await user.click(screen.getByRole('button', { name: /Other wording/ }));
    expect(screen.getByLabelText('Scene 2 line')).toHaveValue('Honestly, I take this flask everywhere now.');
    expect(await screen.findByText('All three scripts were written again. The line you wrote was kept.')).toBeInTheDocument();
  });

  it('Edit product then Back to the script changes nothing', async () => {
    const user = userEvent.setup();
    renderStudio(<UgcEditor onDownload={() => {}} />);
    const line = await writeFirstScripts(user);
    await user.clear(line);
    await user.type(line, 'My line.');
    await user.click(screen.getByRole('button', { name: /Edit product/ }));
    expect(screen.queryByLabelText('Scene 2 line')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to the script/ }));
    expect(screen.getByLabelText('Scene 2 line')).toHaveValue('My line.');
  });

  it('a line the user emptied takes the new wording', async () => {
    const user = userEvent.setup();
    renderStudio(<UgcEditor onDownload={() => {}} />);
    const line = await writeFirstScripts(user);
    await user.clear(line);
    await user.click(screen.getByRole('button', { name: /Other wording/ }));
    expect((screen.getByLabelText('Scene 2 line') as HTMLTextAreaElement).value).toMatch(/cold for 24 hours/);
    expect(screen.getByText('All three scripts were written again.')).toBeInTheDocument();
  });
});

describe('UGC editor: the voice-over', { timeout: 30_000 }, () => {
  it('sends the voice the user chose with the preview, and keeps it in the draft', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      // The photos' folder: the picked photo is copied into the draft's folder.
      http.post('http://127.0.0.1:54321/storage/v1/object/copy', () => HttpResponse.json({ Key: 'raw-uploads/copy' })),
      http.post('http://127.0.0.1:54330/previews/ugc', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(new Uint8Array([0, 0, 0, 24]), { headers: { 'Content-Type': 'video/mp4', 'X-Previews-Remaining': '19' } });
      }),
    );
    storeTestSession();
    const user = userEvent.setup();
    renderStudio(<UgcEditor onDownload={() => {}} />);
    await user.click(screen.getByRole('radio', { name: 'Male (US)' }));
    expect(projectStore.get().voice).toBe('male');
    await writeFirstScripts(user);
    await user.click(await screen.findByRole('button', { name: 'Preview this script' }));
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ voice: 'male', product: { name: 'Arctic Flask' } });
  });
});
