/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  sessionInfo: () => [...authKeys.all, 'session-info'] as const,
};

/** Where auth e-mails and providers send the browser back to, on this app's origin. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
