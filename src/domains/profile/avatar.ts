/**
 * Profile photos are stored twice, square and small: 256 px for the settings preview (64 CSS px
 * at up to 4×) and 64 px for the header's and menus' 32 px avatars. avatar_url names the 256 px
 * file; the 64 px one sits beside it with the same name ending in -64. A photo stored before the
 * two sizes existed is used as it is.
 */
export const AVATAR_LARGE = 256;
export const AVATAR_SMALL = 64;

const LARGE_SUFFIX = new RegExp(`-${AVATAR_LARGE}\\.(webp|png)$`);

/** The stored name of the photo at `size`, from the large one's. */
export const avatarName = (large: string, size: number) => large.replace(LARGE_SUFFIX, `-${size}.$1`);

/** The avatar's URL at the header's size: the 64 px file where there is one. */
export function smallAvatarUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  if (!LARGE_SUFFIX.test(path)) return url;
  return `${avatarName(path, AVATAR_SMALL)}${query === undefined ? '' : `?${query}`}`;
}
