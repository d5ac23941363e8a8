import { UGC_LIMITS } from './ugc.ts';

/**
 * What a reader notices in a generated line before its meaning: doubled or dangling articles, "a"
 * before a vowel sound, a participle after "has a", a repeated word, a sentence that does not start
 * with a capital or end with a mark, a line too long to say in a scene or too short to be one.
 * Returns the problems found (empty when the line reads cleanly). Used by the script writer's tests
 * and by bench/quality over its product corpus.
 */
export function scriptProblems(line: string): string[] {
  const problems: string[] = [];
  const text = line.trim();
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 3) problems.push('too short for a scene');
  if (text.length > UGC_LIMITS.maxLine) problems.push(`longer than ${UGC_LIMITS.maxLine} characters`);
  if (/\b(a|an|the)\s+(a|an|the)\b/i.test(text)) problems.push('doubled article');
  if (/\b(a|an|the)\s*([.,!?;:—]|$)/i.test(text)) problems.push('dangling article');
  const aBeforeVowel = /\ba\s+([aeiou]\w*)/gi;
  for (const m of text.matchAll(aBeforeVowel)) if (!/^(uni|use|usu|one|once|eu|ur)/i.test(m[1]!)) problems.push(`"a ${m[1]}"`);
  const anBeforeConsonant = /\ban\s+([b-df-hj-np-tv-z]\w*)/gi;
  for (const m of text.matchAll(anBeforeConsonant)) if (!/^(hour|honest|heir|honou?r)/i.test(m[1]!)) problems.push(`"an ${m[1]}"`);
  if (/\bhas an?\s+[\w-]+ed\s+(from|in|by|with|for|to|at|on|until)\b/i.test(text)) problems.push('participle after "has a"');
  if (/\b(is|has)\s+(is|has|it)\b/i.test(text)) problems.push('doubled verb');
  const repeated = /\b(\w+)\s+\1\b/i.exec(text);
  if (repeated && !/^(very|so|really|that|had|no)$/i.test(repeated[1]!)) problems.push(`repeated "${repeated[1]}"`);
  if (/\s[,.!?;:]/.test(text) || /[,;:][.!?]|[.!?]{2,}(?<!\.\.\.)/.test(text)) problems.push('stray punctuation');
  if (!/[.!?…]["”]?$/.test(text)) problems.push('does not end with a mark');
  for (const s of text.split(/(?<=[.!?])\s+/)) {
    if (!/^["“]?[A-Z0-9]/.test(s)) problems.push(`sentence starts in lower case: "${s.slice(0, 24)}"`);
  }
  return problems;
}
