export const carouselKeys = {
  all: ['carousel'] as const,
  items: () => [...carouselKeys.all, 'items'] as const,
};
