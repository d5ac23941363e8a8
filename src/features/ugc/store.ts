import { useSyncExternalStore } from 'react';
import type { UgcAspect, UgcScript } from '@/lib/jobs/studios/ugc';

/**
 * The video project being made (SPEC.md §2's /create → /studio): the product, its photos, the
 * three scripts and the chosen one. It lives in memory across the app's screens (so photos picked
 * signed out survive a sign-in) and, without the files themselves, in localStorage, so a reload or
 * the next visit finds the work where it was.
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

export interface UgcProject {
  product: ProductFields;
  photos: ProjectPhoto[];
  /** The raw-uploads folder the photos went to: what previews and the render read. */
  folder: string | null;
  scripts: UgcScript[] | null;
  chosen: number;
  /** Changes the generator's wording when the user asks for other scripts. */
  seed: number;
}

export const EMPTY_PROJECT: UgcProject = {
  product: { name: '', benefits: [''], offer: '', cta: 'Shop now', aspect: '9:16' },
  photos: [],
  folder: null,
  scripts: null,
  chosen: 0,
  seed: 0,
};

const KEY = 'shotcraft:ugc-project';
let project: UgcProject = load();
const listeners = new Set<() => void>();

function load(): UgcProject {
  if (typeof localStorage === 'undefined') return EMPTY_PROJECT;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as UgcProject | null;
    if (!saved || typeof saved !== 'object' || !saved.product) return EMPTY_PROJECT;
    // Only uploaded photos survive a reload: a picked file is gone with the page.
    return { ...EMPTY_PROJECT, ...saved, photos: (saved.photos ?? []).filter((p) => p.path).map((p) => ({ id: p.id, name: p.name, path: p.path })) };
  } catch {
    return EMPTY_PROJECT;
  }
}

function save() {
  try {
    const photos = project.photos.filter((p) => p.path).map(({ id, name, path }) => ({ id, name, path }));
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
