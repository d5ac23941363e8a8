/** Query keys of the competitor ad feature. */
export const adKeys = {
  all: ['ads'] as const,
  history: (userId: string) => [...adKeys.all, 'history', userId] as const,
};
