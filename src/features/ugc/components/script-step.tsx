import { Clock, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { ChoiceGroup } from '@/components/studio/choice-group';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { estimateLineSeconds, estimateScriptSeconds, UGC_HOOK_LABELS, UGC_LIMITS, type UgcScene } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { projectStore, useProject, type DraftScene, type DraftScript } from '../store';

const KIND_LABEL: Record<UgcScene['kind'], string> = { hook: 'Hook', body: 'Body', cta: 'Call to action' };
const seconds = (s: number) => `${s.toFixed(1)} s`;

/**
 * Step 2: three scripts, one per hook; the chosen one's scenes editable line by line (its photo
 * too), with the spoken length estimated as you type. A line the user writes is marked theirs, and
 * writing the scripts again keeps it (keep-edits.ts).
 */
export function ScriptStep({ disabled, onRegenerate }: { disabled?: boolean; onRegenerate: () => void }) {
  const { scripts, chosen, photos } = useProject();
  if (!scripts) return null;
  const script = scripts[chosen]!;
  const update = (change: (s: DraftScript) => DraftScript) => projectStore.set((p) => ({ scripts: p.scripts!.map((s, i) => (i === p.chosen ? change(s) : s)) }));
  const setScene = (index: number, patch: Partial<DraftScene>) => update((s) => ({ ...s, scenes: s.scenes.map((scene, i) => (i === index ? { ...scene, ...patch } : scene)) }));
  const total = estimateScriptSeconds(script.scenes);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Script</CardTitle>
        <CardDescription>Pick a hook, then make every line your own. Previews are free.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ChoiceGroup
          label="Hook"
          value={String(chosen)}
          disabled={disabled}
          onChange={(value) => projectStore.set({ chosen: Number(value) })}
          className="grid-cols-1 sm:grid-cols-3"
          choices={scripts.map((s, i) => ({ value: String(i), label: UGC_HOOK_LABELS[s.hook], hint: `about ${seconds(estimateScriptSeconds(s.scenes))}` }))}
        />
        <ol aria-label="Scenes" className="flex flex-col gap-4">
          {script.scenes.map((scene, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-sm font-medium">
                  Scene {i + 1} <Badge variant="secondary">{KIND_LABEL[scene.kind]}</Badge>
                  {scene.edited && scene.text.trim() && <Badge variant="outline">Your words</Badge>}
                </span>
                <span className="flex items-center gap-2">
                  <label className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    Photo
                    <select
                      className="h-8 rounded-md border bg-background px-2 text-sm text-foreground"
                      value={scene.photo}
                      disabled={disabled || photos.length < 2}
                      aria-label={`Photo for scene ${i + 1}`}
                      onChange={(e) => setScene(i, { photo: Number(e.target.value), photoPicked: true })}
                    >
                      {photos.map((_, p) => (
                        <option key={p} value={p}>
                          {p + 1}
                        </option>
                      ))}
                    </select>
                  </label>
                  {scene.kind === 'body' && script.scenes.filter((s) => s.kind === 'body').length > 1 && (
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove scene ${i + 1}`} disabled={disabled} onClick={() => update((s) => ({ ...s, scenes: s.scenes.filter((_, j) => j !== i) }))}>
                      <Trash2 />
                    </Button>
                  )}
                </span>
              </div>
              <Textarea
                aria-label={`Scene ${i + 1} line`}
                value={scene.text}
                rows={2}
                maxLength={UGC_LIMITS.maxLine}
                disabled={disabled}
                aria-invalid={!scene.text.trim()}
                onChange={(e) => setScene(i, { text: e.target.value, edited: true })}
              />
              <span className="flex justify-between text-xs text-muted-foreground">
                <span>about {seconds(estimateLineSeconds(scene.text))}</span>
                <span>
                  {scene.text.length}/{UGC_LIMITS.maxLine}
                </span>
              </span>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-1.5 text-sm">
            <Clock className="size-4 text-muted-foreground" aria-hidden /> Spoken length: <strong aria-live="polite">about {seconds(total)}</strong>
          </span>
          <span className="flex flex-wrap gap-2">
            {script.scenes.length < UGC_LIMITS.maxScenes && (
              <Button
                variant="outline"
                size="sm"
                disabled={disabled}
                onClick={() =>
                  update((s) => {
                    const at = s.scenes.length - 1;
                    const scene: DraftScene = { kind: 'body', text: '', photo: (s.scenes[at - 1]?.photo ?? 0) % Math.max(1, photos.length) };
                    return { ...s, scenes: [...s.scenes.slice(0, at), scene, ...s.scenes.slice(at)] };
                  })
                }
              >
                <Plus /> Add a scene
              </Button>
            )}
            <Button variant="outline" size="sm" disabled={disabled} onClick={onRegenerate}>
              <RefreshCw /> Other wording
            </Button>
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
