export const landingKeys = {
  all: ['landing'] as const,
  pricingPlans: () => [...landingKeys.all, 'pricing-plans'] as const,
};
