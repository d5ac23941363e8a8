import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../../video/ffmpeg.js';
import { cleanText, ENGINES, festivalVoice, ttsProvider, wordTimings, type TtsProvider } from './index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Mean loudness of a WAV in dBFS (ffmpeg's volumedetect). */
async function meanVolume(file: string): Promise<number> {
  const { execFile } = await import('node:child_process');
  const { requireMediaTools } = await import('../../../video/binaries.js');
  return new Promise((resolve, reject) =>
    execFile(requireMediaTools().ffmpeg, ['-hide_banner', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], (err, _out, stderr) => {
      if (err) return reject(err);
      resolve(Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]));
    }),
  );
}

const hasFlite = async () => {
  try {
    await runFfmpeg(['-f', 'lavfi', '-i', 'flite=text=ok', '-t', '0.1', '-f', 'null', '-']);
    return true;
  } catch {
    return false;
  }
};

/** Each engine's female voice; Festival's only where Debian's festival and its HTS voice are installed. */
const installedFestival = festivalVoice('female');
const engines: [string, TtsProvider | null][] = [
  ['festival', installedFestival ? ENGINES.festival(installedFestival) : null],
  ['flite', ENGINES.flite('female')],
  ['espeak', ENGINES.espeak('female')],
];

describe.each(engines)('the %s voice', (name, provider) => {
  const engine = provider!;
  it('speaks a line: a real, audible WAV about as long as the words, with one timing per word', async (ctx) => {
    if (!provider) ctx.skip(); // festival is a Debian package the machine may not have; eSpeak covers it
    if (name === 'flite' && !(await hasFlite())) ctx.skip(); // the npm ffmpeg has no flite; eSpeak covers it
    const text = 'Then I found the Arctic Flask. It keeps drinks cold for a full day.';
    const line = await engine.speak(text, path.join(dir, `${name}-a.wav`));
    const expected = text.split(' ').length / 2.6;
    expect(line.durationSeconds).toBeGreaterThan(expected * 0.5);
    expect(line.durationSeconds).toBeLessThan(expected * 2);
    expect(await meanVolume(line.wavPath)).toBeGreaterThan(-40);
    expect(line.words.map((w) => w.word)).toEqual(text.split(' '));
    expect(line.words.at(-1)!.end).toBeCloseTo(line.durationSeconds, 3);
    for (let i = 1; i < line.words.length; i++) expect(line.words[i]!.start).toBeCloseTo(line.words[i - 1]!.end, 6);
    const longer = await engine.speak(`${text} And the lid never leaks, not even in a bag full of books.`, path.join(dir, `${name}-b.wav`));
    expect(longer.durationSeconds).toBeGreaterThan(line.durationSeconds);
  });

  it('takes quotes, colons, backslashes and line breaks as words, not as commands', async (ctx) => {
    if (!provider) ctx.skip();
    if (name === 'flite' && !(await hasFlite())) ctx.skip();
    const line = await engine.speak('He said: "it\'s 50% off" \\ now\nreally', path.join(dir, `${name}-c.wav`));
    expect(line.durationSeconds).toBeGreaterThan(0.5);
  });
});

/** The median pitch (Hz) of a 48 kHz mono 16-bit WAV: autocorrelation over loud 40 ms frames, 70–400 Hz. */
async function medianPitch(file: string): Promise<number> {
  const wav = await readFile(file);
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length - ((wav.length - 44) % 2)));
  const rate = 48_000;
  const frame = Math.round(rate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + frame < samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += samples[i]! * samples[i]!;
    if (energy / frame < 1500 ** 2) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.round(rate / 400); lag <= Math.round(rate / 70); lag++) {
      let sum = 0;
      for (let i = start; i < start + frame - lag; i++) sum += samples[i]! * samples[i + lag]!;
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (bestLag) pitches.push(rate / bestLag);
  }
  pitches.sort((x, y) => x - y);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('the voice the user chooses', () => {
  it('speaks the male choice lower than the female one, with the same engine', async () => {
    const text = 'Then I found the Arctic Flask. It keeps drinks cold for a full day.';
    const female = await ENGINES.espeak('female').speak(text, path.join(dir, 'female.wav'));
    const male = await ENGINES.espeak('male').speak(text, path.join(dir, 'male.wav'));
    expect(await medianPitch(male.wavPath)).toBeLessThan((await medianPitch(female.wavPath)) * 0.8);
  });

  it('names the engine and voice it uses, Festival\'s HTS voice first where it is installed', () => {
    const chosen = ttsProvider('female');
    if (installedFestival && !process.env.UGC_TTS_ENGINE && !process.env.UGC_TTS_URL) expect(chosen.name).toBe(`festival:${installedFestival}`);
    expect(ttsProvider('male').name).not.toBe(chosen.name);
  });
});

describe('text and timing', () => {
  it('cleans control characters and caps the length', () => {
    expect(cleanText('a\u0000b\n\tc   d')).toBe('a b c d');
    expect(cleanText('x'.repeat(500))).toHaveLength(400);
  });

  it('gives longer words and sentence ends more time', () => {
    const [a, b] = wordTimings('Go. Unbelievable', 3);
    expect(b!.end - b!.start).toBeGreaterThan(a!.end - a!.start);
  });
});

describe('a hosted voice', () => {
  let server: http.Server;
  let received: { body: Record<string, unknown>; auth: string | undefined } | undefined;
  beforeAll(async () => {
    const wav = path.join(dir, 'hosted-source.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=1.5', '-ar', '24000', wav]);
    const bytes = await readFile(wav);
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received = { body: JSON.parse(data) as Record<string, unknown>, auth: req.headers.authorization };
        res.writeHead(200, { 'Content-Type': 'audio/wav' }).end(bytes);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is asked in the OpenAI audio/speech shape with the key, and its WAV is used', async () => {
    process.env.UGC_TTS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/audio/speech`;
    process.env.UGC_TTS_KEY = 'test-key';
    try {
      const line = await ttsProvider().speak('Shop now', path.join(dir, 'hosted.wav'));
      expect(received).toMatchObject({ auth: 'Bearer test-key', body: { input: 'Shop now', response_format: 'wav' } });
      expect(line.durationSeconds).toBeCloseTo(1.5, 1);
    } finally {
      delete process.env.UGC_TTS_URL;
      delete process.env.UGC_TTS_KEY;
    }
  });
});
