import { ArrowRight } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/use-auth';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDraftPhotos } from '../hooks/use-draft-photos';
import { useUgcFlow } from '../hooks/use-ugc-flow';
import { useProject } from '../store';
import { ProductStep } from './product-step';
import { ScriptStep } from './script-step';
import { WidePageShell } from '@/components/layout/wide-page-shell';

/** /create: the video creation form — the product and the three scripts — then on to the studio. */
export function CreatePage() {
  const project = useProject();
  const flow = useUgcFlow();
  const navigate = useNavigate();
  const { user } = useAuth();
  useDraftPhotos(user?.id);
  return (
    <WidePageShell title="Create a video ad" subtitle="Tell us about your product: three scripts are written from it, ready to edit.">
      <ProductStep errors={flow.errors} onNext={flow.write} nextLabel={project.scripts ? 'Write the scripts again' : 'Write my scripts'} />
      {project.scripts && (
        <>
          <ScriptStep onRegenerate={flow.regenerate} />
          <Button size="lg" className="self-end" onClick={() => navigate(paths.studio)}>
            Continue in the studio <ArrowRight />
          </Button>
        </>
      )}
    </WidePageShell>
  );
}
