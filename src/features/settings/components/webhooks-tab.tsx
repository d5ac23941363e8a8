import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AutomationEndpoints } from './automation-endpoints';
import { AddEndpoint } from './webhooks/add-endpoint';
import { DeliveryLog } from './webhooks/delivery-log';
import { EndpointList } from './webhooks/endpoint-list';
import { SecretDialog, type ShownSecret } from './webhooks/secret-dialog';
import { VerifyingSignatures } from './webhooks/verifying-signatures';

/** Settings → Webhooks: outgoing webhooks, their delivery log, and the studio automation endpoints. */
export function WebhooksTab() {
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] max-w-4xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Outgoing webhooks</CardTitle>
          <CardDescription>
            Shotcraft POSTs a signed JSON event to your URL (Zapier, n8n, Make, your shop) when a generation finishes or fails, a post is published or fails, or your credits run low.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <EndpointList onSecret={setSecret} />
          <AddEndpoint onCreated={setSecret} />
        </CardContent>
      </Card>
      <DeliveryLog />
      <VerifyingSignatures />
      <AutomationEndpoints />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
