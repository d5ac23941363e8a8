/** Query keys of the 360° spin feature. */
export const spinKeys = {
  all: ['spin360'] as const,
  spins: () => [...spinKeys.all, 'spins'] as const,
  spinList: (userId: string) => [...spinKeys.spins(), userId] as const,
  frames: (spinId: string) => [...spinKeys.all, 'frames', spinId] as const,
  shares: (contentId: string) => [...spinKeys.all, 'shares', contentId] as const,
};
