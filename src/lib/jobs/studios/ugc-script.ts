import { UGC_HOOKS, UGC_LIMITS, type UgcHook, type UgcProduct, type UgcScene, type UgcScript } from './ugc';

/**
 * The local script writer: three short-form ad scripts from a product's own facts, one per hook
 * (PEERS.md, Video: Creatify's and Arcads' openers). No language model: spoken-English lines
 * built from the user's words — benefits rephrased into sentences, the offer and call to action
 * as given — with several openers per hook chosen by a seed, so one product keeps its scripts and
 * different products read differently. Nothing is invented: no prices, no claims beyond the
 * benefits the user wrote.
 */

/** Words that keep their capitals inside a sentence. */
const KEEP_CASE = /^([A-Z0-9]{2,}|[A-Z][a-z]*[A-Z].*|i[A-Z].*|[A-Z]+-[A-Za-z0-9]+)$/;

/** A fragment as the middle of a sentence: trimmed, no end punctuation, first word lower-cased unless it is a name. */
function inner(fragment: string): string {
  const text = fragment.trim().replace(/\s+/g, ' ').replace(/[.!?;,:]+$/, '');
  const [first = '', ...rest] = text.split(' ');
  const lowered = KEEP_CASE.test(first) ? first : first.charAt(0).toLowerCase() + first.slice(1);
  return [lowered, ...rest].join(' ');
}

/** A sentence: capital first letter, one end mark. */
function sentence(text: string, end = '.'): string {
  const t = text.trim().replace(/\s+/g, ' ').replace(/[.!?]+$/, '');
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${end}`;
}

const VERB_START = /^(keeps?|makes?|lets?|helps?|gives?|fits?|holds?|works?|charges?|lasts?|stays?|cleans?|protects?|saves?|comes?|has|have|is|are|does|goes|brings?|turns?|feels?|looks?|packs?|folds?|blocks?|cuts?|washes?|dries?|heats?|cools?|removes?|reduces?|boosts?|supports?|tracks?|runs?|plays?|connects?|stores?|carries?|smells?|tastes?|glides?|absorbs?|adjusts?)\b/i;

/** A benefit written as a whole sentence ("Vitamin C brightens dull skin"): it has its own subject. */
const VERB_WORD = new RegExp(`^(${VERB_START.source.slice(2, -3)})$`, 'i');
function isSentence(benefit: string): boolean {
  const words = inner(benefit).split(' ');
  return words.length > 2 && words.slice(1, 4).some((w) => VERB_WORD.test(w) || /^[a-z]+(ens|izes|ises|ates|ifies|ects|ents|ows|ides)$/.test(w));
}

/** A benefit after an opener: a sentence stays one, otherwise "it …" (a verb phrase, or "has" a feature). */
function benefitLine(opener: { it: string; bare: string }, benefit: string): string {
  if (!isSentence(benefit)) return sentence(`${opener.it} ${asClause(benefit)}`);
  // After a question the benefit starts a sentence of its own.
  return /\?$/.test(opener.bare) ? `${opener.bare} ${sentence(inner(benefit))}` : sentence(`${opener.bare} ${inner(benefit)}`);
}

/** Openers used in turn (never the same twice in a row), starting where the seed says. */
function rotate<T>(options: readonly T[], seed: number, i: number): T {
  return options[(seed + i) % options.length]!;
}

/** A benefit as "it …": a verb phrase stays one ("keeps drinks cold"), a noun phrase gets "has". */
function asClause(benefit: string): string {
  const b = inner(benefit);
  if (VERB_START.test(b)) {
    // "keep drinks cold" → "keeps drinks cold": third person after "it".
    const [verb = '', ...rest] = b.split(' ');
    const third = /s$/i.test(verb) || /^(has|is|does|goes)$/i.test(verb) ? verb : verb === 'have' ? 'has' : verb === 'are' ? 'is' : `${verb}s`;
    return [third, ...rest].join(' ');
  }
  // No article for plurals, numbers, acronyms and -ing features ("has USB-C charging").
  const bare = /^(a|an|the|\d)/i.test(b) || /s$/.test(b.split(' ').pop() ?? '') || /ing$/.test(b) || KEEP_CASE.test(b.split(' ')[0] ?? '');
  return `has ${bare ? '' : article(b)}${b}`;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) && !/^(uni|use|one)/i.test(noun) ? 'an ' : 'a ';
}

/** A seeded choice: the same seed picks the same line. */
function pick<T>(options: readonly T[], seed: number, salt: number): T {
  const h = Math.abs(Math.imul(seed ^ (salt * 0x9e3779b1), 0x85ebca6b) ^ (seed >>> 13));
  return options[h % options.length]!;
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Lines never run past what the captions and the voice can take. */
function fit(text: string): string {
  if (text.length <= UGC_LIMITS.maxLine) return text;
  const cut = text.slice(0, UGC_LIMITS.maxLine - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).replace(/[,;:]$/, '')}.`;
}

interface Lines {
  hook: string;
  bodies: string[];
  cta: string;
}

function ctaLine(product: UgcProduct, seed: number): string {
  const cta = inner(product.cta);
  const offer = product.offer.trim() ? inner(product.offer) : '';
  const action = pick([`Tap the link and ${cta}`, `${sentence(cta, '')} — link's right here`, `Hit the link and ${cta}`], seed, 7);
  // An offer that already says when ("this week", "today only") is not told "right now" again.
  const timed = /\b(now|today|tonight|week|weekend|month|only|until|ends)\b/i.test(offer);
  const offerLine = offer ? (timed ? pick([`It's ${offer}.`, `And it's ${offer}.`], seed, 8) : pick([`It's ${offer} right now.`, `Right now it's ${offer}.`], seed, 8)) : pick(['Trust me on this one.', "You'll thank me later.", 'Honestly, just try it.'], seed, 9);
  return fit(`${offerLine} ${sentence(action, '!')}`);
}

function problemScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const hook = pick(
    [
      `Okay, I need to talk about ${name}, because it fixed something that drove me crazy.`,
      `If you're tired of settling for "good enough", keep watching.`,
      `Stop scrolling if you've ever wished your everyday stuff just worked better.`,
      `This is the thing I didn't know I needed until I had it.`,
    ],
    seed,
    1,
  );
  const found = pick(['So I tried', 'Then I found', 'Then I found'], seed, 2);
  const bodies = [
    fit(isSentence(first!) ? `${found} ${name}. ${sentence(inner(first!))}` : sentence(`${found} ${name}, and it ${asClause(first!)}`)),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'Plus, it', bare: 'Plus,' }, { it: 'It also', bare: 'Also,' }, { it: 'And it', bare: 'And' }], seed, i), b))),
  ];
  return { hook: fit(hook), bodies, cta: ctaLine(product, seed) };
}

function testimonialScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const hook = pick(
    [
      `I've been using ${name} for a few weeks now, and I have thoughts.`,
      `Honest review: ${name}. I wasn't expecting much.`,
      `My friends keep asking what I'm using, so here it is: ${name}.`,
      `Real talk, ${name} is the one thing I'd buy again tomorrow.`,
    ],
    seed,
    3,
  );
  const bodies = [
    fit(benefitLine(pick([{ it: 'What sold me? It', bare: 'What sold me?' }, { it: 'First thing I noticed: it', bare: 'First thing I noticed:' }, { it: 'The big one for me is that it', bare: 'The big one for me:' }], seed, 4), first!)),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'And I love that it', bare: 'And I love this:' }, { it: 'It even', bare: 'Even better,' }, { it: 'On top of that, it', bare: 'On top of that,' }], seed, i), b))),
  ];
  return { hook: fit(hook), bodies, cta: ctaLine(product, seed) };
}

function unboxingScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const hook = pick(
    [
      `It's here! Let's open the ${name} together.`,
      `Unboxing ${name}, and first impressions are… wow.`,
      `Just got my ${name}, let's see if it lives up to the hype.`,
      `Come unbox ${name} with me.`,
    ],
    seed,
    5,
  );
  const bodies = [
    fit(benefitLine(pick([{ it: 'Right out of the box you can tell it', bare: 'Right out of the box:' }, { it: 'First impression: it', bare: 'First impression:' }, { it: 'Okay, so straight away it', bare: 'Okay, so straight away,' }], seed, 6), first!)),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'Look at this — it', bare: 'Look at this:' }, { it: 'Oh, and it', bare: 'Oh, and' }, { it: 'Also, it', bare: 'Also,' }], seed, i), b))),
  ];
  return { hook: fit(hook), bodies, cta: ctaLine(product, seed) };
}

const WRITERS: Record<UgcHook, (product: UgcProduct, seed: number) => Lines> = {
  problem: problemScript,
  testimonial: testimonialScript,
  unboxing: unboxingScript,
};

/**
 * Three scripts, one per hook (problem → solution, testimonial, unboxing): a hook scene, one body
 * scene per benefit (at most four), a call to action. Photos are spread over the scenes in turn.
 */
export function generateScripts(product: UgcProduct, photoCount: number, seed?: number): UgcScript[] {
  const base = seedOf(product.name) + (seed ?? 0) * 7919;
  const photos = Math.max(1, Math.min(photoCount, UGC_LIMITS.maxPhotos));
  const benefits = product.benefits.map((b) => b.trim()).filter(Boolean).slice(0, 4);
  const safe = { ...product, benefits: benefits.length ? benefits : [product.name] };
  return UGC_HOOKS.map((hook, h) => {
    const lines = WRITERS[hook](safe, base + h);
    const texts: [UgcScene['kind'], string][] = [['hook', lines.hook], ...lines.bodies.map((t): [UgcScene['kind'], string] => ['body', t]), ['cta', lines.cta]];
    return { hook, scenes: texts.map(([kind, text], i) => ({ kind, text: text.replace(/\s+/g, ' ').replace(/\.\./g, '.'), photo: i % photos })) };
  });
}
