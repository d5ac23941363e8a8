import { UGC_HOOKS, UGC_LIMITS, type UgcHook, type UgcProduct, type UgcScene, type UgcScript } from './ugc.ts';

/**
 * The local script writer: three short-form ad scripts from a product's own facts, one per hook
 * (as Creatify's and Arcads' openers do). No language model: spoken-English lines
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

const VERB_START = /^(keeps?|makes?|lets?|helps?|gives?|fits?|holds?|works?|charges?|lasts?|stays?|cleans?|protects?|saves?|comes?|has|have|is|are|does|goes|brings?|turns?|feels?|looks?|packs?|folds?|blocks?|cuts?|washes?|dries?|heats?|cools?|removes?|reduces?|boosts?|supports?|tracks?|runs?|plays?|connects?|stores?|carries?|smells?|tastes?|glides?|absorbs?|adjusts?|brews?|foams?|pairs?|dims?|wakes?|slows?|replaces?|waters?|tells?|weighs?|bakes?|snaps?|rolls?|calms?|soothes?|blends?|grows?|catches?|wraps?|zips?|locks?|lights?|sits?)\b/i;

/** Verbs of the list above, as one word. */
const VERB_WORD = new RegExp(`^(${VERB_START.source.slice(2, -3)})$`, 'i');
/** A verb in the third person: "keeps", "brightens", "is". */
const FINITE = /^(is|are|was|were|has|have|can|will|does|do)$/i;
const VERB_SUFFIX = /^[a-z]+(ens|izes|ises|ates|ifies|ects|ents|ows|ides)$/;

/** Words after which a description phrase stops describing its head: prepositions and the like. */
const PREPOSITION = /^(from|in|into|for|with|without|to|by|at|on|up|under|over|of|since|until|after|before|when|even|and|or|but|right|all|enough|like)$/i;
/** Words that end an adjective ("dishwasher safe", "fragrance-free", "water-resistant", "reusable"). */
const ADJECTIVE_TAIL = /(safe|friendly|free|proof|resistant|ready|compatible|approved|certified|tested|able|ible|less|ful|ous|ive|weight|made|[^e]ed|ic|al|ish|ally|ibly|ably|ently|antly|ously|ively|fully)$/i;
/** Nouns an adjective's ending would mistake for one. */
const NOT_ADJECTIVE = /^(table|cable|vegetables?|metal|pedal|signal|crystal|manual|animal|material|interval|arrival|portal|needed)$/i;
/** Adjectives of everyday product talk that no suffix gives away. */
const ADJECTIVE = /^(peppery|fruity|silky|sturdy|cozy|cosy|creamy|juicy|crunchy|shiny|tasty|handy|comfy|roomy|sporty|trendy|chunky|fluffy|earthy|nutty|smoky|spicy|zesty|ready|heavy|airy|stretchy|fresh|soft|light|strong|smooth|rich|bright|clean|pure|warm|cool|cold|hot|quick|fast|easy|simple|gentle|safe|quiet|compact|small|tiny|big|large|slim|thin|thick|crisp|sweet|bold|premium|vegan|organic|kind|calm|dry|wet|tight|loose|flat|sleek|firm|new|non-\S+|pre-\S+|\S+-light|\S+-free|\S+-proof|\S+-resistant|\S+-safe)$/i;
/** Nouns that take no article ("has storage", not "has a storage"). */
const MASS_NOUN = /^(protection|comfort|support|storage|power|grip|sound|hydration|moisture|warmth|insulation|cushioning|traction|ventilation|coverage|shine|water|oil|quality|value|space|room|energy|nutrition|protein|fibre|fiber|caffeine|sugar|fun|style|foam|cotton|wool|silk|leather|denim|plastic|steel|aluminium|aluminum|wood|bamboo|glass|butter|fragrance|colour|color|shipping|delivery|resistance|sweat)$/i;

/** How a benefit reads, so that it can go after "it": its own sentence, a verb, a state, or a thing it has. */
export type BenefitKind = 'sentence' | 'verb' | 'state' | 'thing';

const isAdjective = (word: string): boolean => ADJECTIVE.test(word) || (word.length > 3 && ADJECTIVE_TAIL.test(word) && !MASS_NOUN.test(word) && !NOT_ADJECTIVE.test(word));

/**
 * A benefit's kind from its words: "Vitamin C brightens dull skin" is a sentence (a subject and a
 * verb in the third person), "keeps drinks cold" a verb, "cold-pressed from a single estate" and
 * "dishwasher safe" a state ("it's …"), "peppery, fresh taste for salads" a thing ("it has a …").
 */
export function benefitKind(benefit: string): BenefitKind {
  const words = inner(benefit).split(' ');
  const bare = words.map((w) => w.replace(/[,;:]$/, ''));
  if (VERB_START.test(bare[0] ?? '')) return 'verb';
  // A sentence has a verb in the third person among its first words, after a subject that is not a list.
  const verbAt = bare.slice(1, 4).findIndex((w, i) => !/,$/.test(words[i] ?? '') && (FINITE.test(w) || (VERB_WORD.test(w) && /s$/i.test(w)) || VERB_SUFFIX.test(w)));
  if (words.length > 2 && verbAt >= 0) return 'sentence';
  // Leading describing words ("lightweight, durable and …", "dishwasher safe"): a state when nothing
  // follows them but a preposition or the end; a thing when a noun does.
  let i = 0;
  while (i < bare.length && (isAdjective(bare[i]!) || /,$/.test(words[i]!) || /^(and|or|not)$/i.test(bare[i]!))) i++;
  // A noun made an adjective by the word after it: "dishwasher safe", "oven safe to 260 °C".
  if (i === 0 && bare.length >= 2 && isAdjective(bare[1]!) && (bare.length === 2 || PREPOSITION.test(bare[2]!) || /^\d/.test(bare[2]!))) return 'state';
  if (i > 0 && (i === bare.length || PREPOSITION.test(bare[i]!) || /^\d/.test(bare[i]!))) return 'state';
  return 'thing';
}

/** Who the product is in a sentence: "it" for a flask, "they" for running shoes. */
interface Subject {
  plural: boolean;
}

/** A product named by a plural ("Aero Running Shoes", "Linen Bed Sheets") is "they". */
export function subjectOf(name: string): Subject {
  const last = name.trim().split(/\s+/).at(-1) ?? '';
  return { plural: /[a-z][^s'’]s$/.test(last) && !/(ss|us|is|ics)$/i.test(last) };
}

/** An opener's "it" as the subject says: "Plus, it" → "Plus, they". */
function pronoun(text: string, who: Subject): string {
  return who.plural ? text.replace(/\bit\b/, 'they').replace(/\bIt\b/, 'They') : text;
}

/** "It is" and "they are" as they are said: "it's", "they're", "it's also". */
function contract(text: string): string {
  return text
    .replace(/\b(It|it) (also|even) is\b/g, "$1's $2")
    .replace(/\b(They|they) (also|even) are\b/g, "$1're $2")
    .replace(/\b(It|it) is\b/g, "$1's")
    .replace(/\b(They|they) are\b/g, "$1're");
}

/** A benefit after an opener: a sentence stays one, otherwise "it …" (a verb, "is" a state, "is made of" a material, or "has" a thing). */
function benefitLine(opener: { it: string; bare: string }, benefit: string, who: Subject): string {
  if (benefitKind(benefit) !== 'sentence') return contract(sentence(`${pronoun(opener.it, who)} ${asClause(benefit, who)}`));
  // After a question the benefit starts a sentence of its own.
  return /\?$/.test(opener.bare) ? `${opener.bare} ${sentence(inner(benefit))}` : sentence(`${opener.bare} ${inner(benefit)}`);
}

/** Openers used in turn (never the same twice in a row), starting where the seed says. */
function rotate<T>(options: readonly T[], seed: number, i: number): T {
  return options[(seed + i) % options.length]!;
}

/** A verb as its subject takes it: "keep" → "keeps" after "it", "keeps" → "keep" after "they". */
function conjugate(verb: string, who: Subject): string {
  const lower = verb.toLowerCase();
  if (who.plural) {
    if (lower === 'has') return 'have';
    if (lower === 'is') return 'are';
    if (lower === 'does') return 'do';
    if (/[^aeiou]ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
    if (/(sh|ch|x|ss|z|o)es$/.test(lower)) return verb.slice(0, -2);
    return /[^s]s$/.test(lower) ? verb.slice(0, -1) : verb;
  }
  if (lower === 'have') return 'has';
  if (lower === 'are') return 'is';
  if (/[^s]s$|^(has|is|does|goes)$/.test(lower)) return verb;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(sh|ch|x|s|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

/** Materials a product is made of ("pure mulberry silk", "aluminium, not plastic"). */
const MATERIAL = /^(cotton|wool|silk|leather|denim|plastic|steel|aluminium|aluminum|wood|bamboo|glass|linen|ceramic|porcelain|stoneware|canvas|suede|cashmere|merino|walnut|oak|brass|copper|titanium|silicone|rubber|nylon|polyester|velvet|marble|stone|clay)$/i;

/** A benefit as what follows "it": a verb phrase ("keeps drinks cold"), "is" a state, "is made of" a material, or "has" a thing. */
function asClause(benefit: string, who: Subject): string {
  const b = inner(benefit);
  const kind = benefitKind(benefit);
  const be = who.plural ? 'are' : 'is';
  if (kind === 'verb') {
    const [verb = '', ...rest] = b.split(' ');
    return [conjugate(verb, who), ...rest].join(' ');
  }
  if (kind === 'state') return `${be} ${b}`;
  const words = b.split(' ');
  const stop = words.findIndex((w, i) => i > 0 && /,$/.test(words[i - 1]!) === false && PREPOSITION.test(w));
  const head = (stop > 0 ? words[stop - 1]! : words.at(-1)!).replace(/[,;:]$/, '');
  if (MATERIAL.test(head) && !/^(a|an|the|no|every|each)$/i.test(words[0]!)) return `${be} made of ${b}`;
  return `${who.plural ? 'have' : 'has'} ${thing(b)}`;
}

/** A thing "it has", with the article its head noun takes: "a leak-proof lid", "hand-stitched straps", "USB-C charging". */
function thing(phrase: string): string {
  const words = phrase.split(' ');
  const first = words[0] ?? '';
  // A number that counts ("6 mm cushioning", "30 hours") or a word that already determines the noun.
  if (/^(a|an|the|one|two|three|four|five|six|seven|eight|nine|ten|no|every|each|its|some|any)$/i.test(first) || /^\d[\d.,%]*$/.test(first)) return phrase;
  // A list of things ("chamomile, lavender and lemon balm") takes no article; a list of describing words does.
  if (/,$/.test(first) && !isAdjective(first.slice(0, -1))) return phrase;
  // The head noun: the last word before a preposition (or the phrase's end).
  const stop = words.findIndex((w, i) => i > 0 && PREPOSITION.test(w));
  const head = (stop > 0 ? words[stop - 1]! : words.at(-1)!).replace(/[,;:]$/, '');
  const noArticle = /[^s]s$/i.test(head) || /ing$/i.test(head) || MASS_NOUN.test(head) || KEEP_CASE.test(words[0] ?? '');
  return noArticle ? phrase : `${article(phrase)}${phrase}`;
}

function article(noun: string): string {
  // Said, not spelt: "an 8-hour battery", "an 11-piece set", "a 12-hour battery", "a USB hub".
  if (/^\d/.test(noun)) return /^(8|11|18)(\D|$)|^8\d/.test(noun) ? 'an ' : 'a ';
  return /^[aeiou]/i.test(noun) && !/^(uni|use|one|eu)/i.test(noun) ? 'an ' : 'a ';
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

/** Offers that tell the viewer to do something ("Buy one, get one half price", "Save 30% on sets"). */
const IMPERATIVE = /^(buy|save|try|get|use|grab|take|order|shop|spend|join|sign|enter|claim|enjoy|book|ends?|last|only)\b/i;

/** The offer as a line: "It's 20% off this week.", "Buy one, get one half price.", "You get free shipping right now." */
function offerLine(offer: string, seed: number): string {
  // An offer that already says when ("this week", "today only") is not told "right now" again.
  const timed = /\b(now|today|tonight|week|weekend|month|only|until|ends|friday|saturday|sunday|monday|tuesday|wednesday|thursday)\b/i.test(offer);
  if (IMPERATIVE.test(offer)) return sentence(offer);
  // "launch price $49" → "The launch price is $49."; "gift set, 40% off" → "The gift set is 40% off."
  const priced = /^([a-z][\w\s-]*?(price|set|bundle|kit|pack|box))[,:]?\s+([$€£\d].*)$/i.exec(offer);
  if (priced) return sentence(`the ${priced[1]} is ${priced[3]}${timed ? '' : ' right now'}`);
  // A price or a discount: "It's 20% off", "It's $10 off with code BREW10", "It's 3 pairs for $30".
  if (/^[$€£\d]|\boff\b/i.test(offer)) return timed ? pick([`It's ${offer}.`, `And it's ${offer}.`], seed, 8) : pick([`It's ${offer} right now.`, `Right now it's ${offer}.`], seed, 8);
  // Something you get: "free shipping", "a lifetime warranty", "a free proofing basket".
  const got = thing(offer);
  return timed ? sentence(`you get ${got}`) : pick([sentence(`right now you get ${got}`), sentence(`you get ${got} right now`)], seed, 8);
}

function ctaLine(product: UgcProduct, seed: number): string {
  const cta = inner(product.cta);
  const offer = product.offer.trim() ? inner(product.offer) : '';
  const action = pick([`Tap the link and ${cta}`, `${sentence(cta, '')} — link's right here`, `Hit the link and ${cta}`], seed, 7);
  const said = offer ? offerLine(offer, seed) : pick(['Trust me on this one.', "You'll thank me later.", 'Honestly, just try it.'], seed, 9);
  return fit(`${said} ${sentence(action, '!')}`);
}

function problemScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const who = subjectOf(name);
  const hook = pick(
    [
      `Okay, I need to talk about ${name}, because ${who.plural ? 'they' : 'it'} fixed something that drove me crazy.`,
      `If you're tired of settling for "good enough", keep watching.`,
      `Stop scrolling if you've ever wished your everyday stuff just worked better.`,
      who.plural ? `These are the things I didn't know I needed until I had them.` : `This is the thing I didn't know I needed until I had it.`,
    ],
    seed,
    1,
  );
  const found = pick(['So I tried', 'Then I found', 'Then I found'], seed, 2);
  const bodies = [
    fit(benefitKind(first!) === 'sentence' ? `${found} ${name}. ${sentence(inner(first!))}` : contract(sentence(`${found} ${name}, and ${who.plural ? 'they' : 'it'} ${asClause(first!, who)}`))),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'Plus, it', bare: 'Plus,' }, { it: 'It also', bare: 'Also,' }, { it: 'And it', bare: 'And' }], seed, i), b, who))),
  ];
  return { hook: fit(hook), bodies, cta: ctaLine(product, seed) };
}

function testimonialScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const who = subjectOf(name);
  const hook = pick(
    [
      `I've been using ${name} for a few weeks now, and I have thoughts.`,
      `Honest review: ${name}. I wasn't expecting much.`,
      `My friends keep asking what I'm using, so here ${who.plural ? 'they are' : 'it is'}: ${name}.`,
      `Real talk, ${name} ${who.plural ? 'are' : 'is'} the one thing I'd buy again tomorrow.`,
    ],
    seed,
    3,
  );
  const bodies = [
    fit(benefitLine(pick([{ it: 'What sold me? It', bare: 'What sold me?' }, { it: 'First thing I noticed: it', bare: 'First thing I noticed:' }, { it: 'The big one for me is that it', bare: 'The big one for me:' }], seed, 4), first!, who)),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'And I love that it', bare: 'And I love this:' }, { it: 'It even', bare: 'Even better,' }, { it: 'On top of that, it', bare: 'On top of that,' }], seed, i), b, who))),
  ];
  return { hook: fit(hook), bodies, cta: ctaLine(product, seed) };
}

function unboxingScript(product: UgcProduct, seed: number): Lines {
  const [first, ...others] = product.benefits;
  const name = product.name.trim();
  const who = subjectOf(name);
  const hook = pick(
    [
      `It's here! Let's open the ${name} together.`,
      `Unboxing ${name}, and first impressions are… wow.`,
      `Just got my ${name}, let's see if ${who.plural ? 'they live' : 'it lives'} up to the hype.`,
      `Come unbox ${name} with me.`,
    ],
    seed,
    5,
  );
  const bodies = [
    fit(benefitLine(pick([{ it: 'Right out of the box you can tell it', bare: 'Right out of the box:' }, { it: 'First impression: it', bare: 'First impression:' }, { it: 'Okay, so straight away it', bare: 'Okay, so straight away,' }], seed, 6), first!, who)),
    ...others.map((b, i) => fit(benefitLine(rotate([{ it: 'Look at this — it', bare: 'Look at this:' }, { it: 'Oh, and it', bare: 'Oh, and' }, { it: 'Also, it', bare: 'Also,' }], seed, i), b, who))),
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
