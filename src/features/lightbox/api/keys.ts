/** Query keys of the lightbox feature. */
export const lightboxKeys = {
  all: ['lightbox'] as const,
  images: () => [...lightboxKeys.all, 'images'] as const,
  imageList: (userId: string) => [...lightboxKeys.images(), userId] as const,
};
