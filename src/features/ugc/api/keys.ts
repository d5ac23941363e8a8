/** Query keys of the UGC feature. */
export const ugcKeys = {
  all: ['ugc'] as const,
  videos: () => [...ugcKeys.all, 'videos'] as const,
  videoList: (userId: string) => [...ugcKeys.videos(), userId] as const,
};
