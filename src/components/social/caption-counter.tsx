import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { captionLength, type MediaFacts, textLimit } from '@/domains/social/rules';
import { cn } from '@/lib/utils';

/** docs/spec.md §9: the counter's maximum before a platform is chosen. */
const CAPTION_MAX = 2200;

interface Props {
  id: string;
  /** The caption each chosen platform will get (its own shortened one, or the main caption). */
  captionFor: (platform: SocialPlatform) => string;
  caption: string;
  platforms: readonly SocialPlatform[];
  media: MediaFacts['kind'];
}

/**
 * The caption's length as each chosen platform counts it (X weighted: links 23, emoji and CJK 2),
 * against that platform's limit, so the counter and the platform checks always agree. With no
 * platform chosen: characters out of 2,200.
 */
export function CaptionCounter({ id, captionFor, caption, platforms, media }: Props) {
  const chosen = [...new Set(platforms)];
  const counts = chosen.length
    ? chosen.map((p) => ({ key: p, label: platformName(p), length: captionLength(p, captionFor(p)), limit: textLimit(p, media) }))
    : [{ key: 'all', label: null, length: captionLength('instagram', caption), limit: CAPTION_MAX }];
  return (
    <p id={id} className="flex flex-wrap justify-end gap-x-3 gap-y-1 self-end text-xs tabular-nums text-muted-foreground">
      {counts.map((c) => (
        <span key={c.key} className={cn(c.length > c.limit && 'font-medium text-destructive')}>
          {c.label && `${c.label} `}
          {c.length.toLocaleString('en-US')}/{c.limit.toLocaleString('en-US')}
        </span>
      ))}
    </p>
  );
}
