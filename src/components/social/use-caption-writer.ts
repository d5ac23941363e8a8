import { useState } from 'react';
import { toast } from 'sonner';
import { generateCaption } from '@/domains/social/caption';
import type { SocialPlatform } from '@/domains/social/platforms';
import { captionFromModel, type ShareContent } from '@/domains/social/posts';
import { textLimit } from '@/domains/social/rules';
import { env } from '@/lib/env';

/**
 * Generate Caption: the caption model when one is configured (VITE_CAPTION_MODEL), the local writer
 * otherwise or when the model fails; each press writes the next variant.
 */
export function useCaptionWriter(onCaption: (text: string) => void) {
  const [writing, setWriting] = useState(false);
  const [variant, setVariant] = useState(0);

  const write = async (source: ShareContent, platforms: SocialPlatform[]) => {
    // The product's name as the user gave it, never the tile's label (a file or studio name).
    const local = () => generateCaption({ product: source.product, contentType: source.contentType, detail: source.detail }, platforms, variant);
    let text: string;
    if (env().VITE_CAPTION_MODEL === 'true') {
      setWriting(true);
      try {
        text = (await captionFromModel(source.id, platforms, Math.min(...platforms.map((p) => textLimit(p, source.media.kind))))) || local();
      } catch {
        toast.error('Failed to generate caption', { description: 'Wrote one here instead.' });
        text = local();
      } finally {
        setWriting(false);
      }
    } else text = local();
    onCaption(text);
    setVariant((v) => v + 1);
  };

  return { writing, write };
}
