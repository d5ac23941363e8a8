import { useEndpoints } from '../../api/webhooks';
import { EndpointRow } from './endpoint-row';
import type { ShownSecret } from './secret-dialog';

export function EndpointList({ onSecret }: { onSecret: (s: ShownSecret) => void }) {
  const endpoints = useEndpoints();
  if (endpoints.isPending) return <p role="status" className="text-sm text-muted-foreground">Loading webhooks...</p>;
  if (!endpoints.data?.length) return <p className="text-sm text-muted-foreground">No webhooks yet. Add one below.</p>;
  return (
    <ul className="grid gap-3" aria-label="Webhooks">
      {endpoints.data.map((e) => (
        <EndpointRow key={e.id} endpoint={e} onSecret={onSecret} />
      ))}
    </ul>
  );
}
