import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { createQueryClient } from './query-client';

function Form({ meta, handle }: { meta?: Record<string, unknown>; handle: boolean }) {
  const signIn = useMutation({ mutationFn: async () => Promise.reject(new Error('Invalid login credentials')), meta });
  const submit = () => signIn.mutate(undefined, handle ? { onError: () => toast.error('Sign In Failed') } : undefined);
  return (
    <button type="button" onClick={submit}>
      Sign in
    </button>
  );
}

function renderForm(props: { meta?: Record<string, unknown>; handle: boolean }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Form {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toast.dismiss();
});

describe('mutation errors', () => {
  it('show one toast, the caller\'s, never a second raw one', async () => {
    renderForm({ handle: true });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    expect(screen.queryByText('Invalid login credentials')).not.toBeInTheDocument();
  });

  it('get a default toast when the hook asks for one (meta.errorToast)', async () => {
    renderForm({ handle: false, meta: { errorToast: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
  });
});
