import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import type { UgcVoice } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { WorkerError } from '../../../http/errors.js';
import { findMediaTools } from '../../../video/binaries.js';
import { probeMedia, runFfmpeg } from '../../../video/ffmpeg.js';

/**
 * Offline text-to-speech for the ads' voice-over, behind one small interface. In order: a hosted
 * voice (UGC_TTS_URL, the OpenAI audio/speech wire shape); Festival with an HTS voice when Debian's
 * `festival` and the voice's package are installed (`festvox-us-slt-hts`, a statistical voice far
 * more natural than the others; `festvox-kallpc16k` for the male voice); ffmpeg's flite filter
 * when the ffmpeg found has it (Debian's does); else eSpeak NG compiled to WebAssembly (the
 * `espeak-ng` npm package, GPL-3.0, its voices inside the package). Each speaks the user's chosen
 * voice (female or male) with its closest one. UGC_TTS_ENGINE=festival|flite|espeak forces one.
 */
export interface SpokenLine {
  wavPath: string;
  durationSeconds: number;
  /** Word timings relative to the clip's start, in seconds. */
  words: { word: string; start: number; end: number }[];
}

export interface TtsProvider {
  readonly name: string;
  speak(text: string, outWav: string): Promise<SpokenLine>;
}

const execFileAsync = promisify(execFile);
const MAX_TEXT = 400;

/** What is spoken: printable text, one line, at most 400 characters. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

/** Roughly how long a word takes to say: its vowel groups, plus a pause after punctuation. */
function weight(word: string): number {
  const syllables = word.toLowerCase().match(/[aeiouy]+/g)?.length ?? 1;
  const pause = /[.!?]$/.test(word) ? 0.8 : /[,;:—-]$/.test(word) ? 0.4 : 0;
  return Math.max(1, syllables) + pause;
}

/** Spreads a clip's voiced time over its words by their weight (the engines give no word marks). */
export function wordTimings(text: string, duration: number): SpokenLine['words'] {
  const words = text.split(/\s+/).filter(Boolean);
  const weights = words.map(weight);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let t = 0;
  return words.map((word, i) => {
    const span = (duration * weights[i]!) / total;
    const timing = { word, start: t, end: t + span };
    t += span;
    return timing;
  });
}

/** 48 kHz mono 16-bit, with the silence before and after the voice cut off; then measured. */
async function finish(raw: string, out: string, text: string): Promise<SpokenLine> {
  const trim = 'silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.05';
  await runFfmpeg(['-i', raw, '-af', `aresample=48000,${trim},areverse,${trim},areverse`, '-ac', '1', '-c:a', 'pcm_s16le', out], { timeoutMs: 30_000 });
  const duration = Number((await probeMedia(out, 'The voice-over')).format.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new WorkerError('processing_failed', 'The voice-over could not be made. Please try again.');
  return { wavPath: out, durationSeconds: duration, words: wordTimings(text, duration) };
}

/** ffmpeg's flite filter; the text goes through a file, never into the filter string. */
const flite = (voice: UgcVoice): TtsProvider => ({
  name: `flite:${FLITE_VOICES[voice]}`,
  async speak(text, outWav) {
    const clean = cleanText(text);
    const textFile = `${outWav}.txt`;
    await writeFile(textFile, clean);
    const raw = `${outWav}.raw.wav`;
    // A filter argument is parsed by ffmpeg: the file name is escaped for it (it is ours, in a temp folder).
    const escaped = textFile.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\:');
    await runFfmpeg(['-f', 'lavfi', '-i', `flite=textfile='${escaped}':voice=${FLITE_VOICES[voice]}`, '-c:a', 'pcm_s16le', raw], { timeoutMs: 30_000 });
    return finish(raw, outWav, clean);
  },
});

const FLITE_VOICES: Record<UgcVoice, string> = { female: 'slt', male: 'rms' };
const ESPEAK_VOICES: Record<UgcVoice, string> = { female: 'en-us+f3', male: 'en-us+m3' };

/** Festival's voices by the packages that bring them: the HTS voice first. */
const FESTIVAL_VOICES: Record<UgcVoice, { voice: string; dir: string }[]> = {
  female: [{ voice: 'cmu_us_slt_arctic_hts', dir: '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts' }],
  male: [{ voice: 'kal_diphone', dir: '/usr/share/festival/voices/english/kal_diphone' }],
};
const TEXT2WAVE = '/usr/bin/text2wave';

/** The Festival voice installed for a choice, if any. */
export function festivalVoice(voice: UgcVoice): string | null {
  if (!existsSync(TEXT2WAVE)) return null;
  return FESTIVAL_VOICES[voice].find((v) => existsSync(v.dir))?.voice ?? null;
}

/** Festival's text2wave; the text goes through a file, the voice is one of ours. */
const festival = (name: string): TtsProvider => ({
  name: `festival:${name}`,
  async speak(text, outWav) {
    const clean = cleanText(text);
    const textFile = `${outWav}.txt`;
    await writeFile(textFile, clean);
    const raw = `${outWav}.raw.wav`;
    await execFileAsync(TEXT2WAVE, ['-eval', `(voice_${name})`, textFile, '-o', raw], { timeout: 30_000 }).catch(() => {
      throw new WorkerError('processing_failed', 'The voice-over could not be made. Please try again.');
    });
    return finish(raw, outWav, clean);
  },
});

type ESpeakFactory = (options: { arguments: string[] }) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
let espeakModule: Promise<ESpeakFactory> | undefined;

/** eSpeak NG in WebAssembly: a fresh instance per line (~0.1 s), the text as one argument. */
const espeak = (voice: UgcVoice): TtsProvider => ({
  name: `espeak-ng:${ESPEAK_VOICES[voice]}`,
  async speak(text, outWav) {
    const clean = cleanText(text);
    espeakModule ??= import('espeak-ng').then((m) => m.default as ESpeakFactory);
    const ESpeakNg = await espeakModule;
    // -s 160 words a minute reads like a relaxed creator; a female voice variant.
    const instance = await ESpeakNg({ arguments: ['-v', ESPEAK_VOICES[voice], '-s', '160', '-w', 'line.wav', clean] });
    const raw = `${outWav}.raw.wav`;
    await writeFile(raw, instance.FS.readFile('line.wav'));
    return finish(raw, outWav, clean);
  },
});

/** A hosted voice in the OpenAI audio/speech shape (UGC_TTS_URL, UGC_TTS_KEY; UGC_TTS_VOICE or UGC_TTS_VOICE_MALE by choice). */
function hosted(url: string, key: string | undefined, voice: UgcVoice): TtsProvider {
  return {
    name: `hosted:${new URL(url).host}`,
    async speak(text, outWav) {
      const clean = cleanText(text);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model: process.env.UGC_TTS_MODEL ?? 'tts-1', input: clean, voice: voice === 'male' ? (process.env.UGC_TTS_VOICE_MALE ?? 'onyx') : (process.env.UGC_TTS_VOICE ?? 'nova'), response_format: 'wav' }),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!response?.ok) throw new WorkerError('backend_unavailable', 'The voice service could not be reached. Your credits were refunded; please try again.');
      const raw = `${outWav}.raw.wav`;
      await writeFile(raw, Buffer.from(await response.arrayBuffer()));
      return finish(raw, outWav, clean);
    },
  };
}

let fliteAvailable: boolean | undefined;
async function hasFlite(): Promise<boolean> {
  if (fliteAvailable !== undefined) return fliteAvailable;
  const tools = findMediaTools();
  if (!tools) return (fliteAvailable = false);
  const { stdout } = await execFileAsync(tools.ffmpeg, ['-hide_banner', '-filters'], { maxBuffer: 4 * 1024 * 1024 }).catch(() => ({ stdout: '' }));
  return (fliteAvailable = / flite /.test(stdout));
}

/** The voice for a choice: hosted, Festival's when installed, flite when ffmpeg has it, else eSpeak. */
export function ttsProvider(voice: UgcVoice = 'female'): TtsProvider {
  const url = process.env.UGC_TTS_URL;
  if (url) return hosted(url, process.env.UGC_TTS_KEY, voice);
  const forced = process.env.UGC_TTS_ENGINE;
  const installed = festivalVoice(voice);
  if (forced === 'festival' && installed) return festival(installed);
  if (forced === 'espeak') return espeak(voice);
  if (forced === 'flite') return flite(voice);
  if (installed && !forced) return festival(installed);
  // Decided per line but cached after the first check: flite where ffmpeg has it, else eSpeak.
  return {
    get name() {
      return fliteAvailable ? flite(voice).name : fliteAvailable === false ? espeak(voice).name : 'auto';
    },
    async speak(text, outWav) {
      return ((await hasFlite()) ? flite(voice) : espeak(voice)).speak(text, outWav);
    },
  };
}

export const ENGINES = { festival, flite, espeak } as const;
