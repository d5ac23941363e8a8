import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { paths } from '@/config/paths';

/**
 * Sign out from anywhere (header menus, sidebar, settings): clears every cached query of the
 * user and goes to `redirectTo` (the landing page by default). supabase-js loads on demand, so
 * a screen that only offers a sign-out button does not pay for it until it is pressed.
 */
export function useSignOut({ redirectTo = paths.home }: { redirectTo?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => (await import('./api-sign-out')).signOut(),
    onSuccess: () => {
      queryClient.clear();
      void navigate(redirectTo, { replace: true });
    },
    onError: () => {
      toast.error('Logout failed', { description: 'There was an error signing out. Please try again.' });
    },
  });
}
