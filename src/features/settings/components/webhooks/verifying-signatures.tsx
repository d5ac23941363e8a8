import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the Shotcraft-Signature request header; body: the raw request body
function isFromShotcraft(header, body, secret) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false; // older than 5 minutes
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

export function VerifyingSignatures() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verifying a request</CardTitle>
        <CardDescription>
          Every request carries <code>Shotcraft-Signature: t=…,v1=…</code>: an HMAC-SHA256 of the timestamp, a dot and the raw body, keyed with the endpoint&apos;s secret. The event&apos;s type and id
          are in <code>Shotcraft-Event</code> and <code>Shotcraft-Event-Id</code> (the id stays the same when an event is resent, so you can ignore repeats).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- on a phone the code scrolls sideways: a scrollable region must be reachable by keyboard */}
        <pre tabIndex={0} role="region" aria-label="Signature check in Node.js" className="overflow-x-auto rounded-md bg-muted p-4 text-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <code>{VERIFY_SNIPPET}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
