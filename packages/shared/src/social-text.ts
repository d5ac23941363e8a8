// How long a caption is, as each platform counts it, and each platform's limit: one module for the
// app's composer (its counter and checks), the social-post function (which refuses a caption the
// platform would refuse) and the devstack's X stand-in. Pure code, no Deno or Node APIs, so each of
// them imports it as it is.
//
// X counts with twitter-text v3 (config/v3.json, parseTweet): the text is NFC-normalised; every URL
// counts 23 whatever its length; an emoji (a whole sequence: skin tones, ZWJ families, flags,
// keycaps) counts 2; any other code point counts 1 in the Latin, Greek, Cyrillic, Hebrew, Arabic,
// Indic and similar ranges (U+0000–U+10FF) and in a few punctuation ranges, and 2 elsewhere (CJK,
// Japanese, Korean, most symbols). The URL finder follows twitter-text's rules for links with and
// without a protocol, with the common generic TLDs and every country-code TLD.
// The other platforms count characters (code points of the normalised text).

export type Platform = 'instagram' | 'facebook' | 'twitter' | 'tiktok' | 'pinterest';
export type MediaKind = 'image' | 'video';

/** Caption limits by media (X: weighted; TikTok photo posts carry a longer description; Pinterest: the pin's description). */
export const TEXT_LIMITS: Record<Platform, Record<MediaKind, number>> = {
  instagram: { image: 2200, video: 2200 },
  facebook: { image: 63206, video: 63206 },
  twitter: { image: 280, video: 280 },
  tiktok: { image: 4000, video: 2200 },
  pinterest: { image: 500, video: 500 },
};

/** The platforms' names, as the user reads them. */
export const PLATFORM_NAMES: Record<Platform, string> = { instagram: 'Instagram', facebook: 'Facebook', twitter: 'X', tiktok: 'TikTok', pinterest: 'Pinterest' };

const SCALE = 100;
const DEFAULT_WEIGHT = 200;
const URL_WEIGHT = 23 * SCALE;
const EMOJI_WEIGHT = DEFAULT_WEIGHT;
const RANGES: [from: number, to: number, weight: number][] = [
  [0x0000, 0x10ff, 100],
  [0x2000, 0x200d, 100],
  [0x2010, 0x201f, 100],
  [0x2032, 0x2037, 100],
];

const CC_TLDS =
  'ac|ad|ae|af|ag|ai|al|am|ao|aq|ar|as|at|au|aw|ax|az|ba|bb|bd|be|bf|bg|bh|bi|bj|bm|bn|bo|br|bs|bt|bv|bw|by|bz|ca|cc|cd|cf|cg|ch|ci|ck|cl|cm|cn|co|cr|cu|cv|cw|cx|cy|cz|de|dj|dk|dm|do|dz|ec|ee|eg|er|es|et|eu|fi|fj|fk|fm|fo|fr|ga|gb|gd|ge|gf|gg|gh|gi|gl|gm|gn|gp|gq|gr|gs|gt|gu|gw|gy|hk|hm|hn|hr|ht|hu|id|ie|il|im|in|io|iq|ir|is|it|je|jm|jo|jp|ke|kg|kh|ki|km|kn|kp|kr|kw|ky|kz|la|lb|lc|li|lk|lr|ls|lt|lu|lv|ly|ma|mc|md|me|mg|mh|mk|ml|mm|mn|mo|mp|mq|mr|ms|mt|mu|mv|mw|mx|my|mz|na|nc|ne|nf|ng|ni|nl|no|np|nr|nu|nz|om|pa|pe|pf|pg|ph|pk|pl|pm|pn|pr|ps|pt|pw|py|qa|re|ro|rs|ru|rw|sa|sb|sc|sd|se|sg|sh|si|sj|sk|sl|sm|sn|so|sr|ss|st|su|sv|sx|sy|sz|tc|td|tf|tg|th|tj|tk|tl|tm|tn|to|tr|tt|tv|tw|tz|ua|ug|uk|us|uy|uz|va|vc|ve|vg|vi|vn|vu|wf|ws|ye|yt|za|zm|zw';
const G_TLDS =
  'com|net|org|info|biz|edu|gov|mil|int|mobi|name|pro|aero|asia|cat|coop|jobs|museum|tel|travel|app|dev|page|shop|store|online|site|website|xyz|blog|art|design|studio|photo|photos|photography|pics|tech|digital|email|link|click|top|club|live|life|world|news|media|agency|company|business|services|solutions|market|marketing|social|fashion|beauty|boutique|clothing|jewelry|furniture|home|kitchen|food|cafe|coffee|wine|fitness|health|style|fun|gallery|gift|gifts|global|group|inc|ltd|llc|love|network|one|plus|press|review|reviews|sale|shopping|space|team|today|tips|tools|toys|video|watch|work|works|zone|cloud|io';
/** ccTLDs that make a URL without a protocol, a path or a subdomain (twitter-text's validSpecialCCTLD). */
const SPECIAL_CC = new Set(['co', 'tv']);
const CC = new Set(CC_TLDS.split('|'));

const LABEL = '[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?';
const TLD = `(?:${G_TLDS}|${CC_TLDS})`;
/** twitter-text's path and query characters (Latin with accents, Cyrillic, digits, URL punctuation). */
const PATH_CHAR = "[a-z0-9\\u00c0-\\u024f\\u0400-\\u04ff!?*'();:=+,.$/%#\\[\\]\\-_~@|&]";
// Protocol, host (labels then a known TLD, not followed by a letter, digit or @), port, then a
// path/query; its end is trimmed below.
const URL_RE = new RegExp(`(https?:\\/\\/)?((?:${LABEL}\\.)+${TLD})(?![a-z0-9@])(:\\d{1,5})?([/?#]${PATH_CHAR}*)?`, 'giu');
/** twitter-text: a URL without protocol may not follow these (an e-mail address, a mention, a path…). */
const BAD_BEFORE_BARE = /[@＠$#＃\-_./A-Za-z0-9]$/u;
const BAD_BEFORE_ANY = /[@＠$#＃A-Za-z0-9]$/u;
/** A link's last character is one of these (twitter-text's path and query ending characters). */
const URL_END = /[\p{L}\p{N}=_#/+\-&)]$/u;

interface Span {
  start: number;
  end: number;
}

/** Drops trailing punctuation from a path; a closing bracket stays only when it closes one in the path. */
function trimPath(path: string): string {
  let out = path;
  for (;;) {
    if (out.endsWith(')') && (out.match(/\(/g)?.length ?? 0) < (out.match(/\)/g)?.length ?? 0)) out = out.slice(0, -1);
    else if (out.length > 0 && !URL_END.test(out)) out = out.slice(0, -1);
    else return out;
  }
}

function findUrls(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(URL_RE)) {
    const [, protocol, host, port = '', rawPath = ''] = m;
    const start = m.index;
    const before = text.slice(0, start);
    if ((protocol ? BAD_BEFORE_ANY : BAD_BEFORE_BARE).test(before)) continue;
    const path = rawPath ? trimPath(rawPath) : '';
    if (!protocol) {
      const labels = host!.toLowerCase().split('.');
      const tld = labels[labels.length - 1]!;
      // "hello.it" alone is a sentence; "hello.it/shop", "www.hello.it" and "t.co" are links.
      if (CC.has(tld) && !SPECIAL_CC.has(tld) && labels.length === 2 && !path && !port) continue;
    }
    spans.push({ start, end: start + (protocol ?? '').length + host!.length + port.length + path.length });
  }
  return spans;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

function weightOf(codePoint: number): number {
  for (const [from, to, weight] of RANGES) if (codePoint >= from && codePoint <= to) return weight;
  return DEFAULT_WEIGHT;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** X's weighted length of a post (what X compares with 280). */
export function xWeightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  let weighted = 0;
  let at = 0;
  const pieces: string[] = [];
  for (const url of findUrls(normalized)) {
    pieces.push(normalized.slice(at, url.start));
    weighted += URL_WEIGHT;
    at = url.end;
  }
  pieces.push(normalized.slice(at));
  for (const piece of pieces) {
    for (const { segment } of graphemes.segment(piece)) {
      if (EMOJI.test(segment)) {
        weighted += EMOJI_WEIGHT;
        continue;
      }
      for (const ch of segment) weighted += weightOf(ch.codePointAt(0)!);
    }
  }
  return weighted / SCALE;
}

/** The caption's length as the platform counts it. */
export function captionLength(platform: Platform, caption: string): number {
  return platform === 'twitter' ? xWeightedLength(caption) : [...caption.normalize('NFC')].length;
}

/** null when the caption fits the platform, else the words the user reads. */
export function captionTooLong(platform: Platform, caption: string, media: MediaKind): string | null {
  const limit = TEXT_LIMITS[platform][media];
  const length = captionLength(platform, caption);
  if (length <= limit) return null;
  return `Caption is ${length.toLocaleString('en-US')} characters${platform === 'twitter' ? ' as X counts them' : ''}; the limit is ${limit.toLocaleString('en-US')}.`;
}
