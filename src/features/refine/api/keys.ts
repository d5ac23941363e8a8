/** Query keys of the refine feature. */
export const refineKeys = {
  all: ['refine'] as const,
  images: () => [...refineKeys.all, 'images'] as const,
  imageList: (userId: string) => [...refineKeys.images(), userId] as const,
};
