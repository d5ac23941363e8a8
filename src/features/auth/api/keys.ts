/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  sessionInfo: () => [...authKeys.all, 'session-info'] as const,
};
