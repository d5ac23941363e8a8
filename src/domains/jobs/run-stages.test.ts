import { expect, it } from 'vitest';
import { advance, buttonLabel, runStages, type ButtonLabels } from './run-stages';

const stages = runStages({ service: 'the refine service', processing: 'Refining your image…', ready: 'Your refined image is ready.' });
const labels: ButtonLabels = { idle: 'Refine Image', preparing: 'Preparing Image...', processing: 'Refining Image...', finishing: 'Checking Image...' };

it('maps upload bytes onto the first half of the bar', () => {
  expect(stages.uploading(0)).toMatchObject({ phase: 'uploading', percent: 2, step: 'Uploading your photo…' });
  expect(stages.uploading(0.5)).toMatchObject({ percent: 26, step: 'Uploading your photo…' });
  expect(stages.uploading(1).percent).toBe(50);
});

it('never moves back when a realtime event arrives after the reply', () => {
  expect(advance(stages.finishing, stages.processing)).toBe(stages.finishing);
  expect(advance(stages.uploading(0.8), stages.uploading(0.3)).percent).toBe(stages.uploading(0.8).percent);
  expect(advance(stages.sending, stages.processing)).toBe(stages.processing);
});

it('labels the button by stage', () => {
  const phases = [stages.uploading(0.5), stages.reserving, stages.processing, stages.finishing, stages.done].map((s) => buttonLabel(labels, s.phase));
  expect(phases).toEqual(['Preparing Image...', 'Preparing Image...', 'Refining Image...', 'Checking Image...', 'Refine Image']);
});

it('moves through processing as the worker reports its progress, and never past checking', () => {
  expect(stages.working(0)).toMatchObject({ phase: 'processing', percent: 75 });
  expect(stages.working(0.5).percent).toBe(82);
  expect(stages.working(1).percent).toBeLessThan(stages.finishing.percent);
  expect(advance(stages.working(0.6), stages.working(0.4)).percent).toBe(stages.working(0.6).percent);
});
