import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/lib/env';

/** docs/spec.md §7 external automation webhooks: where each studio sends its work, and what it sends. */
export function AutomationEndpoints() {
  const e = env();
  const rows = [
    { studio: 'Lightbox', url: e.VITE_WEBHOOK_LIGHTBOX_URL, fields: 'product_name, and the backdrop description' },
    { studio: 'Refine Image', url: e.VITE_WEBHOOK_REFINE_URL, fields: 'enhancement_type, label, description, credits, and the custom text' },
    { studio: '360° Spin', url: e.VITE_WEBHOOK_SPIN360_URL, fields: 'the photo sequence or turntable video and the output options, in metadata' },
    { studio: 'UGC Video', url: e.VITE_WEBHOOK_UGC_URL, fields: 'the script, voice and caption options, in metadata' },
    { studio: 'Competitor Ad Analyzer', url: e.VITE_WEBHOOK_COMPETITOR_AD_URL, fields: 'the ad: uploaded (image_url) or its link (ad_url in metadata)' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Studio automation endpoints</CardTitle>
        <CardDescription>
          Each studio hands its work to an automation endpoint as a multipart form POST and stores the JSON or image it answers. This project uses the endpoints below; someone running their own n8n or
          Make flow sets them with the <code>VITE_WEBHOOK_*_URL</code> variables.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-muted-foreground">
          Every request has <code>job_id</code>, <code>user_id</code>, <code>user_email</code>, <code>form_type</code>, <code>image_url</code> (a signed link to the photo),{' '}
          <code>image_source</code>, <code>metadata</code> (JSON) and <code>submitted_at</code>, and the photo itself when <code>VITE_WEBHOOK_SEND_FILE=true</code>. Besides:
        </p>
        <dl className="grid gap-4 text-sm">
          {rows.map((r) => (
            <div key={r.studio} className="grid gap-1">
              <dt className="font-medium">{r.studio}</dt>
              <dd className="font-mono text-xs break-all">{r.url ?? 'not set'}</dd>
              <dd className="text-muted-foreground">{r.fields}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
