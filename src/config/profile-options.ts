/** Option lists of the profile (docs/spec.md §3), asked at sign-up and edited in Settings; values are what `profiles` stores (its check constraints). */
export const ROLE_OPTIONS = [
  { value: 'founder', label: 'Founder / Owner' },
  { value: 'marketing', label: 'Marketing Manager' },
  { value: 'content', label: 'Content Manager' },
  { value: 'creator', label: 'Content Creator' },
  { value: 'freelancer', label: 'Freelancer / Agency' },
  { value: 'other', label: 'Other' },
] as const;

export const TEAM_SIZE_OPTIONS = [
  { value: 'solo', label: 'Solo (just me)' },
  { value: 'small', label: 'Small (2-10)' },
  { value: 'medium', label: 'Medium (11-50)' },
  { value: 'large', label: 'Large (51-200)' },
  { value: 'enterprise', label: 'Enterprise (200+)' },
] as const;

export const USE_CASE_OPTIONS = [
  { value: 'marketing', label: 'Marketing campaigns' },
  { value: 'social', label: 'Social media content' },
  { value: 'education', label: 'Education & training' },
  { value: 'product', label: 'Product showcases' },
  { value: 'testimonials', label: 'Testimonials & reviews' },
  { value: 'other', label: 'Other' },
] as const;
