import { GALLERY_LIMIT } from '@/components/studio/pager';
import { ResultPreviewDialog } from '@/components/studio/result-preview-dialog';
import { StudioShell } from '@/components/studio/studio-shell';
import { useAuth } from '@/lib/auth/use-auth';
import { useCreditSummary } from '@/domains/credits/api';
import { clearStudioResults } from '@/domains/jobs/clear-studio-results';
import { useGalleryActions } from '@/domains/jobs/use-gallery-actions';
import { useUgcVideos } from '../api/get-ugc-videos';
import { ugcKeys } from '../api/keys';
import { ugcFileName } from '../file-name';
import { UGC_STUDIO } from '../studio';
import { UgcEditor } from './ugc-editor';

const clearUgc = () => clearStudioResults('ugc_video');
const forgetNothing = () => {};

/** The UGC Video Creator (/dashboard/ugc-studio): the ad editor, then the ads in a gallery. */
export function UgcStudio() {
  const { user } = useAuth();
  const summary = useCreditSummary({ enabled: !!user });
  const gallery = useUgcVideos(user?.id);
  const videos = (gallery.data ?? []).slice(0, GALLERY_LIMIT);
  const actions = useGalleryActions({
    items: videos,
    queryKey: ugcKeys.videos(),
    refetch: gallery.refetch,
    forgetUnsaved: forgetNothing,
    clearAll: clearUgc,
    fileName: ugcFileName,
    zipName: 'ugc-videos',
    messages: UGC_STUDIO.toasts,
  });

  return (
    <StudioShell
      title={UGC_STUDIO.title}
      subtitle={UGC_STUDIO.subtitle}
      balance={summary.data?.total_credits ?? 0}
      gate={{ studio: 'ugc', plan: summary.data?.subscription_plan }}
      words={UGC_STUDIO.gallery}
      images={videos}
      loading={gallery.isPending && !!user}
      loadError={gallery.isError ? UGC_STUDIO.toasts.refreshFailed.description : null}
      actions={actions}
      preview={(item, close) => <ResultPreviewDialog title="UGC video" item={item} onOpenChange={(open) => !open && close()} onDownload={(v) => void actions.download(v)} />}
    >
      <UgcEditor onDownload={(v) => void actions.download(v)} />
    </StudioShell>
  );
}
