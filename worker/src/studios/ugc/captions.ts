/**
 * Burned-in captions for a UGC ad, as an ASS script for libass: the voice's words in short chunks
 * (what fits one or two lines on a phone), each chunk on screen while its words are spoken, the
 * word being said highlighted. Timings come from the synthesised audio of each line, so the
 * captions follow the voice. Pure functions.
 */
export interface TimedWord {
  word: string;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
}

export interface EndCard {
  title: string;
  offer: string;
  cta: string;
  start: number;
  end: number;
}

/** The font every caption uses: shipped by npm (@expo-google-fonts/inter), found through fontsdir. */
export const CAPTION_FONT = 'Inter ExtraBold';

const MAX_WORDS = 4;
const MAX_CHARS = 22;

/** Groups words into caption chunks: at most 4 words or 22 characters, and never across a sentence end. */
export function chunkWords(words: TimedWord[]): TimedWord[][] {
  const chunks: TimedWord[][] = [];
  let current: TimedWord[] = [];
  const length = (ws: TimedWord[]) => ws.reduce((n, w) => n + w.word.length + 1, -1);
  for (const word of words) {
    if (current.length && (current.length >= MAX_WORDS || length([...current, word]) > MAX_CHARS)) {
      chunks.push(current);
      current = [];
    }
    current.push(word);
    if (/[.!?]$/.test(word.word)) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** ASS time: h:mm:ss.cc */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/**
 * Text as ASS dialogue: `{`, `}` and `\` would be read as override tags, and a line break as a
 * new field, so they are replaced; nothing the user typed can restyle or move a caption.
 */
export function assText(text: string): string {
  return text.replace(/\\/g, '/').replace(/[{}]/g, '').replace(/[\r\n]+/g, ' ');
}

const HIGHLIGHT = '&H0000D7FF&'; // ASS is BGR: #FFD700, a warm yellow
const WHITE = '&H00FFFFFF&';

export interface CaptionStyle {
  width: number;
  height: number;
}

function header({ width, height }: CaptionStyle): string {
  const short = Math.min(width, height);
  const size = Math.round(short * 0.075);
  const outline = Math.max(2, Math.round(size * 0.09));
  // Captions sit in the lower third, above where TikTok and Reels draw their own buttons and text.
  const marginV = Math.round(height * (height > width ? 0.24 : 0.12));
  const margin = Math.round(width * 0.08);
  const titleSize = Math.round(short * 0.085);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'ScaledBorderAndShadow: yes',
    'WrapStyle: 0',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${CAPTION_FONT},${size},&H00FFFFFF,&H00FFFFFF,&H00101010,&H99000000,0,0,0,0,100,100,0,0,1,${outline},${Math.round(outline / 2)},2,${margin},${margin},${marginV},1`,
    `Style: Title,${CAPTION_FONT},${titleSize},&H00FFFFFF,&H00FFFFFF,&H00101010,&H00000000,0,0,0,0,100,100,0,0,1,${Math.round(outline / 2)},0,5,${margin},${margin},0,1`,
    `Style: Offer,${CAPTION_FONT},${Math.round(titleSize * 0.7)},&H0000D7FF,&H0000D7FF,&H00101010,&H00000000,0,0,0,0,100,100,0,0,1,${Math.round(outline / 2)},0,5,${margin},${margin},0,1`,
    `Style: Cta,${CAPTION_FONT},${Math.round(titleSize * 0.62)},&H00111111,&H00111111,&H00FFFFFF,&H00FFFFFF,0,0,0,0,100,100,0,0,3,${Math.round(size * 0.45)},0,5,${margin},${margin},0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ].join('\n');
}

/** The ASS script: one event per spoken word (its chunk shown, that word highlighted), then the end card. */
export function captionsAss(words: TimedWord[], style: CaptionStyle, endCard?: EndCard): string {
  const events: string[] = [];
  for (const chunk of chunkWords(words)) {
    chunk.forEach((active, i) => {
      // Each word's event lasts until the next word starts, so the chunk never blinks between words.
      const end = i + 1 < chunk.length ? chunk[i + 1]!.start : active.end;
      const text = chunk.map((w, j) => (j === i ? `{\\c${HIGHLIGHT}}${assText(w.word)}{\\c${WHITE}}` : assText(w.word))).join(' ');
      events.push(`Dialogue: 0,${assTime(active.start)},${assTime(Math.max(end, active.start + 0.05))},Caption,,0,0,0,,${text}`);
    });
  }
  if (endCard) {
    const { height } = style;
    const at = (y: number) => `{\\pos(${Math.round(style.width / 2)},${Math.round(height * y)})\\fad(250,0)}`;
    const span = `${assTime(endCard.start)},${assTime(endCard.end)}`;
    events.push(`Dialogue: 1,${span},Title,,0,0,0,,${at(0.4)}${assText(endCard.title)}`);
    if (endCard.offer) events.push(`Dialogue: 1,${span},Offer,,0,0,0,,${at(0.5)}${assText(endCard.offer)}`);
    events.push(`Dialogue: 1,${span},Cta,,0,0,0,,${at(0.62)}${assText(endCard.cta)}`);
  }
  return `${header(style)}\n${events.join('\n')}\n`;
}
