/** The five platforms Shotcraft posts to, as the app names and marks them (one list). */
export type SocialPlatform = 'instagram' | 'facebook' | 'twitter' | 'tiktok' | 'pinterest';

export const SOCIAL_PLATFORMS: readonly { id: SocialPlatform; name: string; mark: string; what: string }[] = [
  { id: 'instagram', name: 'Instagram', mark: 'IG', what: 'A business or creator account: feed posts and Reels' },
  { id: 'facebook', name: 'Facebook', mark: 'f', what: 'A Facebook Page you manage: photo posts' },
  { id: 'twitter', name: 'X', mark: 'X', what: 'Posts with up to 4 images or a video' },
  { id: 'tiktok', name: 'TikTok', mark: 'TT', what: 'Videos and photo posts' },
  { id: 'pinterest', name: 'Pinterest', mark: 'P', what: 'Pins on your boards' },
];

export const platformName = (id: string) => SOCIAL_PLATFORMS.find((p) => p.id === id)?.name ?? id;
