import { expect, it } from 'vitest';
import { advance, BUTTON_LABELS, stages } from './run-stages';

it('maps upload bytes onto the preparing part of the bar', () => {
  expect(stages.uploading(0)).toMatchObject({ phase: 'preparing', percent: 2, step: 'Uploading your photo… 0%' });
  expect(stages.uploading(0.5)).toMatchObject({ percent: 26, step: 'Uploading your photo… 50%' });
  expect(stages.uploading(1).percent).toBe(50);
});

it('never moves back when a realtime event arrives after the reply', () => {
  expect(advance(stages.checking, stages.processing)).toBe(stages.checking);
  expect(advance(stages.uploading(0.8), stages.uploading(0.3)).percent).toBe(stages.uploading(0.8).percent);
  expect(advance(stages.sending, stages.processing)).toBe(stages.processing);
});

it('labels the button by stage', () => {
  expect([BUTTON_LABELS.preparing, BUTTON_LABELS.refining, BUTTON_LABELS.checking]).toEqual(['Preparing Image...', 'Refining Image...', 'Checking Image...']);
});
