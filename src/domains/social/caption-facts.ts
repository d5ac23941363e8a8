/** The caption facts live beside the social-caption function, which deploys on its own; the app uses the same module. */
export { captionFacts, isFileName, type CaptionFacts, type CaptionRow } from '@shotcraft/shared/caption-facts.ts';
