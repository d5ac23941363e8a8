import { fileSlug } from '@/lib/file-name';
import type { Spin } from './types';

/** 'leather-bag-360-2026-11-24-1a2b3c4d' + '.mp4' / '.gif' / '-frames.zip' */
export const spinFileBase = (spin: Pick<Spin, 'id' | 'label' | 'createdAt'>) => `${fileSlug(spin.label) || 'product'}-360-${spin.createdAt.slice(0, 10)}-${spin.id.slice(0, 8)}`;
export const spinFileName = (spin: Pick<Spin, 'id' | 'label' | 'createdAt'>) => `${spinFileBase(spin)}.mp4`;
