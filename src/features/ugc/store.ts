import { useSyncExternalStore } from 'react';
import type { UgcAspect, UgcScene, UgcScript, UgcVoice } from '@shotcraft/shared/jobs/studios/ugc.ts';

/**
 * The video project being made (docs/spec.md §2's /create → /studio): the product, its photos, the
 * three scripts and the chosen one. It lives in memory across the app's screens (so photos picked
 * signed out survive a sign-in) and in localStorage, so a reload or the next visit finds the work
 * where it was: the photos by their paths in raw-uploads (a picked photo is uploaded as soon as
 * there is a user, see hooks/use-draft-photos.ts), never the files themselves.
 */
export interface ProductFields {
  name: string;
  benefits: string[];
  offer: string;
  cta: string;
  aspect: UgcAspect;
}

export interface ProjectPhoto {
  id: string;
  name: string;
  /** Picked, not uploaded yet (memory only). */
  file?: File;
  /** A small preview: an object URL of the file, or a signed URL of the upload. */
  thumbUrl?: string;
  /** In raw-uploads once uploaded. */
  path?: string;
}

/** A scene of the draft, marked once the user has written its line or picked its photo (a rewrite keeps them). */
export interface DraftScene extends UgcScene {
  edited?: boolean;
  photoPicked?: boolean;
}
export type DraftScript = Omit<UgcScript, 'scenes'> & { scenes: DraftScene[] };

export interface UgcProject {
  product: ProductFields;
  photos: ProjectPhoto[];
  /** The raw-uploads folder the photos went to: what previews and the render read. */
  folder: string | null;
  scripts: DraftScript[] | null;
  chosen: number;
  /** Changes the generator's wording when the user asks for other scripts. */
  seed: number;
  /** The product step is open again over written scripts ("Edit product"); the scripts are kept. */
  editingProduct: boolean;
  /** Photos of the last visit that were not stored yet (signed out, or still uploading) and so are gone. */
  lostPhotos: number;
  /** The voice-over's voice. */
  voice: UgcVoice;
}

export const EMPTY_PROJECT: UgcProject = {
  product: { name: '', benefits: [''], offer: '', cta: 'Shop now', aspect: '9:16' },
  photos: [],
  folder: null,
  scripts: null,
  chosen: 0,
  seed: 0,
  editingProduct: false,
  lostPhotos: 0,
  voice: 'female',
};

const KEY = 'shotcraft:ugc-project';
let project: UgcProject = load();
const listeners = new Set<() => void>();

/**
 * The draft without some of its photos: scenes point at photos by position, so the ones after a
 * removed photo move up and a scene on a removed photo falls back to the first.
 */
export function withoutPhotos(p: UgcProject, ids: ReadonlySet<string>): Pick<UgcProject, 'photos' | 'scripts'> {
  const photos = p.photos.filter((photo) => !ids.has(photo.id));
  const position = new Map(photos.map((photo, i) => [photo.id, i]));
  const moved = p.photos.map((photo) => position.get(photo.id) ?? 0);
  const last = Math.max(0, photos.length - 1);
  const scripts = p.scripts?.map((s) => ({ ...s, scenes: s.scenes.map((scene) => ({ ...scene, photo: Math.min(moved[scene.photo] ?? 0, last) })) }));
  return { photos, scripts: scripts ?? null };
}

function load(): UgcProject {
  if (typeof localStorage === 'undefined') return EMPTY_PROJECT;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as UgcProject | null;
    if (!saved || typeof saved !== 'object' || !saved.product) return EMPTY_PROJECT;
    const draft: UgcProject = { ...EMPTY_PROJECT, ...saved, voice: saved.voice === 'male' ? 'male' : 'female', photos: (saved.photos ?? []).map((p) => ({ id: p.id, name: p.name, path: p.path })) };
    // A photo not stored yet (picked signed out, or still uploading) is gone with the page: say so.
    const gone = new Set(draft.photos.filter((p) => !p.path).map((p) => p.id));
    if (gone.size === 0) return draft;
    const rest = withoutPhotos(draft, gone);
    return { ...draft, ...rest, folder: null, lostPhotos: draft.lostPhotos + gone.size, editingProduct: draft.editingProduct || (!!draft.scripts && rest.photos.length === 0) };
  } catch {
    return EMPTY_PROJECT;
  }
}

function save() {
  try {
    // Every photo by its place (so scenes still point at the right one), without the file or its preview.
    const photos = project.photos.map(({ id, name, path }) => ({ id, name, path }));
    localStorage.setItem(KEY, JSON.stringify({ ...project, photos }));
  } catch {
    // Storage full or blocked: the project still lives in memory.
  }
}

export const projectStore = {
  get: () => project,
  set(change: Partial<UgcProject> | ((p: UgcProject) => Partial<UgcProject>)) {
    project = { ...project, ...(typeof change === 'function' ? change(project) : change) };
    save();
    for (const listener of listeners) listener();
  },
  reset() {
    for (const p of project.photos) if (p.file && p.thumbUrl) URL.revokeObjectURL(p.thumbUrl);
    project = EMPTY_PROJECT;
    save();
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useProject(): UgcProject {
  return useSyncExternalStore(projectStore.subscribe, projectStore.get, () => EMPTY_PROJECT);
}
