import { paths } from '@/config/paths';

/**
 * The landing page's static marketing copy (docs/spec.md §1: stats and testimonials are marketing
 * claims, not data). Prices are not here: they come from `pricing_plans`.
 */
export const STATS = [
  { value: '10M+', label: 'Videos created' },
  { value: '500K+', label: 'Creators' },
  { value: '99.9%', label: 'Uptime' },
  { value: '4.9', label: 'Average rating' },
] as const;

export const PROBLEMS = [
  { title: 'Photo shoots cost a fortune', text: 'Studios, photographers and retouching add up to hundreds of dollars for every product.' },
  { title: 'Video ads take weeks', text: 'Briefing creators, waiting for drafts and editing cuts slows every launch down.' },
  { title: 'Every channel wants a new size', text: 'Amazon, Instagram, TikTok and your store each ask for different formats and ratios.' },
] as const;

export const SOLUTIONS = [
  { title: 'Studio shots in seconds', text: 'Upload a phone photo and get a clean, catalog-ready lightbox image for 1 credit.' },
  { title: 'Scroll-stopping videos', text: 'Turn one product photo into a UGC-style ad or a 360° spin, ready to post.' },
  { title: 'One click to every channel', text: 'Export the right size and post straight to Instagram, TikTok, Facebook, X and Pinterest.' },
] as const;

export const FEATURES = [
  { icon: 'camera', title: 'Lightbox Studio', text: 'Catalog-style and studio product photos on clean, consistent backgrounds.' },
  { icon: 'wand', title: 'Refine Image', text: 'AI enhancement for colour, light, sharpness, noise and resolution.' },
  { icon: 'rotate', title: '360° Spin Videos', text: 'Let shoppers turn your product with a smooth, looping spin video.' },
  { icon: 'film', title: 'UGC Video Ads', text: 'Vertical, creator-style video ads generated from a single photo.' },
  { icon: 'target', title: 'Competitor Ad Analyzer', text: 'See the hook, offer and format of a winning ad, then make your version.' },
  { icon: 'library', title: 'Content Library', text: 'Every image and video you make, searchable, sortable and ready to download.' },
  { icon: 'share', title: 'Social Posting', text: 'Publish to five platforms at once with captions, hashtags and mentions.' },
  { icon: 'chart', title: 'Social Analytics', text: 'Impressions, likes and shares for every post, in one dashboard.' },
] as const;

export type FeatureIcon = (typeof FEATURES)[number]['icon'];

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  quote: string;
  rating: 5;
  /** Avatar background hue; the avatar itself is the person's initials. */
  hue: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Maya Chen',
    role: 'Founder',
    company: 'Lumen Candle Co.',
    quote: 'We replaced a $2,000 photo shoot with an afternoon in Shotcraft. Our Etsy listings have never looked this consistent.',
    rating: 5,
    hue: 18,
  },
  {
    name: 'Daniel Okafor',
    role: 'Growth Marketer',
    company: 'Stride Athletics',
    quote: 'The UGC-style videos are the first AI ads that actually convert for us. We test five hooks a week now instead of one a month.',
    rating: 5,
    hue: 220,
  },
  {
    name: 'Sofia Alvarez',
    role: 'Content Creator',
    company: 'Glow Theory',
    quote: 'I shoot on my phone, Shotcraft makes it look like a studio. The 360° spins get more saves than anything else I post.',
    rating: 5,
    hue: 300,
  },
];

export const SALES_EMAIL = 'sales@shotcraft.app';

/**
 * docs/spec.md §2's footer, grouped, linking only to what exists (issue 33 #11): the page's own
 * sections, public screens, the legal pages and e-mail. API, Docs, About, Blog and Careers had no
 * page behind them; "How it works" is the guide there is, and the automation API is documented
 * in Settings for signed-in users.
 */
export const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Examples', href: '#examples' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Try the Lightbox free', href: paths.trialLightbox },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'How it works', href: paths.settingsTab('how-it-works') },
      { label: 'Competitor Ad Analyzer', href: paths.competitorAnalyzer },
      { label: 'Video demo', href: paths.binder },
      { label: 'Contact', href: `mailto:${SALES_EMAIL}` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', href: paths.privacy },
      { label: 'Terms', href: paths.terms },
      { label: 'Cookies', href: `${paths.privacy}#cookies` },
      { label: 'GDPR', href: `${paths.privacy}#gdpr` },
    ],
  },
] as const;
