import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHandlers } from '@/lib/mutation-handlers';
import { AppError, handleError } from '@/lib/errors';
import type { SocialPlatform } from '@/domains/social/platforms';
import { hashtagsOf } from '@/domains/social/rules';
import { supabase } from '@/lib/supabase';

/**
 * Caption templates (social_templates): the user's own, and everyone's public ones read through
 * public_social_templates (which never says who wrote them), most used first. A template's text
 * may hold placeholders the Share dialog fills from the item: {product} (the product's name),
 * {offer} (the item's own line: an ad's headline, a video's benefit); {link} is the user's to fill.
 */
export interface CaptionTemplate {
  id: string;
  name: string;
  content: string;
  hashtags: string[];
  platform: SocialPlatform | null;
  usageCount: number;
  isPublic: boolean;
  mine: boolean;
}

export const TEMPLATE_NAME_MAX = 200;
const LIST_LIMIT = 100;

export const templateKeys = { all: ['social-templates'] as const };

interface Row {
  id: string;
  name: string;
  content: string;
  hashtags: string[] | null;
  platform: SocialPlatform | null;
  usage_count: number;
  is_public?: boolean;
}

const toTemplate = (row: Row, mine: boolean): CaptionTemplate => ({
  id: row.id,
  name: row.name,
  content: row.content,
  hashtags: row.hashtags ?? [],
  platform: row.platform,
  usageCount: row.usage_count,
  isPublic: mine ? !!row.is_public : true,
  mine,
});

/** The user's own templates, then the public ones of others, each by usage (own first on a tie). */
export async function listTemplates(): Promise<CaptionTemplate[]> {
  const columns = 'id, name, content, hashtags, platform, usage_count';
  const [own, shared] = await Promise.all([
    supabase().from('social_templates').select(`${columns}, is_public`).order('usage_count', { ascending: false }).limit(LIST_LIMIT),
    supabase().from('public_social_templates').select(columns).order('usage_count', { ascending: false }).limit(LIST_LIMIT),
  ]);
  if (own.error) handleError(own.error, 'Could not load your caption templates.');
  if (shared.error) handleError(shared.error, 'Could not load the caption templates.');
  const mine = ((own.data ?? []) as Row[]).map((r) => toTemplate(r, true));
  const ids = new Set(mine.map((t) => t.id));
  const others = ((shared.data ?? []) as Row[]).filter((r) => !ids.has(r.id)).map((r) => toTemplate(r, false));
  return [...mine, ...others].sort((a, b) => b.usageCount - a.usageCount || Number(b.mine) - Number(a.mine));
}

export const templatesQuery = () => queryOptions({ queryKey: templateKeys.all, queryFn: listTemplates, staleTime: 60_000 });
export const useTemplates = (enabled: boolean) => useQuery({ ...templatesQuery(), enabled, throwOnError: false });

/** Saves a caption as the user's template; its hashtags are kept with it for search. */
export async function saveTemplate(userId: string, input: { name: string; content: string; isPublic: boolean }): Promise<void> {
  const name = input.name.trim();
  const content = input.content.trim();
  if (!name) throw new AppError('validation', 'Give the template a name.');
  if (name.length > TEMPLATE_NAME_MAX) throw new AppError('validation', `A template's name is at most ${TEMPLATE_NAME_MAX} characters.`);
  if (!content) throw new AppError('validation', 'Write a caption to save as a template.');
  const { error } = await supabase()
    .from('social_templates')
    .insert({ user_id: userId, name, content, hashtags: [...new Set(hashtagsOf(content))], is_public: input.isPublic });
  if (error) handleError(error, 'Could not save the template. Please try again.');
}

/** A template's text, counting the use (use_social_template). */
export async function applyTemplate(id: string): Promise<{ content: string; hashtags: string[] }> {
  const { data, error } = await supabase().rpc('use_social_template', { p_id: id });
  if (error) handleError(error, 'Could not use the template. Please try again.');
  const row = data as unknown as { content: string; hashtags: string[] | null };
  return { content: row.content, hashtags: row.hashtags ?? [] };
}

export interface TemplateFacts {
  product: string | null;
  offer: string | null;
}

/**
 * The caption a template gives for an item: its placeholders filled where the item says what goes
 * there, and its hashtags added when the text does not already carry them.
 */
export function fillTemplate(template: { content: string; hashtags: readonly string[] }, facts: TemplateFacts): string {
  let text = template.content;
  if (facts.product) text = text.replaceAll('{product}', facts.product);
  if (facts.offer) text = text.replaceAll('{offer}', facts.offer);
  const present = new Set(hashtagsOf(text).map((t) => t.toLowerCase()));
  const extra = template.hashtags.filter((t) => !present.has(t.toLowerCase())).map((t) => `#${t}`);
  return extra.length ? `${text.trimEnd()}\n\n${extra.join(' ')}` : text;
}

/** Puts a template into the caption (`mutate(template)`); its use is counted, so the list refreshes. */
export function useApplyTemplate(handlers: MutationHandlers<{ content: string; hashtags: string[] }, CaptionTemplate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (template: CaptionTemplate) => applyTemplate(template.id), ...handlers, onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }) });
}

/** Saves a caption as the user's template (`mutate({ name, content, isPublic })`). */
export function useSaveTemplate(userId: string, handlers: MutationHandlers<void, { name: string; content: string; isPublic: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: { name: string; content: string; isPublic: boolean }) => saveTemplate(userId, input), ...handlers, onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }) });
}
