import { describe, expect, it } from 'vitest';
import { assText, assTime, captionsAss, chunkWords, type TimedWord } from './captions.js';

const timed = (text: string, start = 0, step = 0.4): TimedWord[] => text.split(' ').map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step }));

describe('captions', () => {
  it('shows at most four words at a time and never runs across a sentence end', () => {
    const chunks = chunkWords(timed('My coffee went warm. Then I found the Arctic Flask and everything changed'));
    expect(chunks.map((c) => c.map((w) => w.word).join(' '))).toEqual(['My coffee went warm.', 'Then I found the', 'Arctic Flask and', 'everything changed']);
  });

  it('writes ASS times as h:mm:ss.cc', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(61.234)).toBe('0:01:01.23');
    expect(assTime(3600.5)).toBe('1:00:00.50');
  });

  it('highlights the word being said, one event per word, each lasting until the next starts', () => {
    const ass = captionsAss(timed('Shop the Arctic Flask', 1), { width: 1080, height: 1920 });
    const events = ass.split('\n').filter((l) => l.startsWith('Dialogue'));
    expect(events).toHaveLength(4);
    expect(events[0]).toBe('Dialogue: 0,0:00:01.00,0:00:01.40,Caption,,0,0,0,,{\\c&H0000D7FF&}Shop{\\c&H00FFFFFF&} the Arctic Flask');
    expect(events[2]).toContain('Shop the {\\c&H0000D7FF&}Arctic{\\c&H00FFFFFF&} Flask');
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('PlayResY: 1920');
  });

  it('never lets typed text restyle a caption: braces, backslashes and line breaks are neutralised', () => {
    expect(assText('{\\pos(0,0)}Hacked\\Nline\nbreak')).toBe('/pos(0,0)Hacked/Nline break');
    const ass = captionsAss(timed('{\\an8}top'), { width: 1080, height: 1080 });
    expect(ass).not.toContain('{\\an8}');
  });

  it('puts the product, offer and call to action on the end card', () => {
    const ass = captionsAss([], { width: 1080, height: 1920 }, { title: 'Arctic Flask', offer: '20% off this week', cta: 'Shop now', start: 10, end: 12.4 });
    expect(ass).toMatch(/Dialogue: 1,0:00:10.00,0:00:12.40,Title,.*Arctic Flask/);
    expect(ass).toMatch(/,Offer,.*20% off this week/);
    expect(ass).toMatch(/,Cta,.*Shop now/);
    expect(captionsAss([], { width: 1080, height: 1920 }, { title: 'A', offer: '', cta: 'Go', start: 1, end: 2 })).not.toContain(',Offer,,');
  });
});
