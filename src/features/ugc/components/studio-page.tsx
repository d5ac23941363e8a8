import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { downloadUgcVideo } from '../download';
import { projectStore, useProject } from '../store';
import { UgcEditor } from './ugc-editor';
import { WidePageShell } from '@/components/layout/wide-page-shell';

/** /studio: the editor of the current video project — scenes, captions, voice, aspect, preview, render. */
export function StudioPage() {
  const project = useProject();
  return (
    <WidePageShell
      title="Video studio"
      subtitle={project.product.name ? `Editing: ${project.product.name}` : 'Start with your product, or open a project from /create.'}
      actions={
        <Button variant="outline" asChild>
          <Link to={paths.create} onClick={() => projectStore.reset()}>
            <FilePlus2 /> New project
          </Link>
        </Button>
      }
    >
      <UgcEditor onDownload={(v) => void downloadUgcVideo(v)} />
    </WidePageShell>
  );
}
