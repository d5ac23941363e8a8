import type { UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import type { DraftScene, DraftScript } from './store';

/** A line the user wrote and did not empty again: a rewrite keeps it. */
const own = (scene: DraftScene | undefined): boolean => !!scene?.edited && scene.text.trim() !== '';

/**
 * Scripts written again (after "Edit product", "Other wording" or /perfect) with the user's own
 * lines kept, as Creatify keeps a user's script when the product changes: per hook, the hook line,
 * the body lines in their order and the call to action each stay the user's where the user wrote
 * them, and take the new wording where not. A body line the user wrote beyond the new script's
 * length is kept too. A photo the user picked for a scene stays picked (if it is still there).
 */
export function keepEdits(previous: readonly DraftScript[] | null, written: readonly UgcScript[], photoCount: number): { scripts: DraftScript[]; kept: number } {
  let kept = 0;
  const last = Math.max(0, photoCount - 1);
  const merge = (old: DraftScene | undefined, fresh: DraftScene | undefined): DraftScene | null => {
    if (old && own(old)) {
      kept += 1;
      return { ...old, photo: Math.min(old.photo, last) };
    }
    if (!fresh) return null;
    return old?.photoPicked && old.photo <= last ? { ...fresh, photo: old.photo, photoPicked: true } : fresh;
  };
  const scripts = written.map((script) => {
    const before = previous?.find((s) => s.hook === script.hook);
    if (!before) return script;
    const part = (s: readonly DraftScene[], kind: DraftScene['kind']) => s.filter((scene) => scene.kind === kind);
    const bodies = part(script.scenes, 'body');
    const oldBodies = part(before.scenes, 'body');
    const scenes = [
      merge(part(before.scenes, 'hook')[0], part(script.scenes, 'hook')[0]),
      ...Array.from({ length: Math.max(bodies.length, oldBodies.length) }, (_, i) => merge(oldBodies[i], bodies[i])),
      merge(part(before.scenes, 'cta')[0], part(script.scenes, 'cta')[0]),
    ];
    return { ...script, scenes: scenes.filter((scene): scene is DraftScene => scene !== null) };
  });
  return { scripts, kept };
}
