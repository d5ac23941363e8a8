import { describe, expect, it } from 'vitest';
import type { UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { keepEdits } from './keep-edits';
import type { DraftScript } from './store';

const written: UgcScript[] = [
  {
    hook: 'problem',
    scenes: [
      { kind: 'hook', text: 'New hook.', photo: 0 },
      { kind: 'body', text: 'New body 1.', photo: 1 },
      { kind: 'cta', text: 'New call.', photo: 0 },
    ],
  },
  { hook: 'testimonial', scenes: [{ kind: 'hook', text: 'Other hook.', photo: 0 }, { kind: 'cta', text: 'Other call.', photo: 1 }] },
];

describe('keepEdits', () => {
  it('keeps every line the user wrote, in its place, and takes the new wording elsewhere', () => {
    const previous: DraftScript[] = [
      {
        hook: 'problem',
        scenes: [
          { kind: 'hook', text: 'Old hook.', photo: 0 },
          { kind: 'body', text: 'Old body 1.', photo: 0, photoPicked: true },
          { kind: 'body', text: 'A scene I added.', photo: 4, edited: true },
          { kind: 'body', text: '   ', photo: 0, edited: true },
          { kind: 'cta', text: 'My own call!', photo: 0, edited: true },
        ],
      },
    ];
    const { scripts, kept } = keepEdits(previous, written, 3);
    expect(kept).toBe(2);
    expect(scripts[0]!.scenes).toEqual([
      { kind: 'hook', text: 'New hook.', photo: 0 },
      { kind: 'body', text: 'New body 1.', photo: 0, photoPicked: true },
      { kind: 'body', text: 'A scene I added.', photo: 2, edited: true },
      { kind: 'cta', text: 'My own call!', photo: 0, edited: true },
    ]);
    // A hook with no earlier script is written as new.
    expect(scripts[1]).toEqual(written[1]);
  });

  it('with nothing written before, gives the new scripts and keeps nothing', () => {
    expect(keepEdits(null, written, 2)).toEqual({ scripts: written, kept: 0 });
  });
});
