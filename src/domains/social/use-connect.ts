import { useState } from 'react';
import { toast } from 'sonner';
import { toAppError } from '@/lib/errors';
import { connectAccount } from './accounts';
import type { SocialPlatform } from './platforms';

/**
 * Connect buttons (Settings, the Share dialog): which platform's consent is being opened, and the
 * call that leaves for it; a failure to start is said in a toast and the buttons come back.
 */
export function useConnect(returnPath: string) {
  const [opening, setOpening] = useState<SocialPlatform | null>(null);
  const connect = async (platform: SocialPlatform) => {
    setOpening(platform);
    try {
      await connectAccount(platform, returnPath);
    } catch (error) {
      toast.error(toAppError(error).message);
      setOpening(null);
    }
  };
  return { opening, connect };
}
