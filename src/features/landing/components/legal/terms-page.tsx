import { BRAND } from '@/config/brand';
import { SALES_EMAIL } from '../../lib/content';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    title: 'Your account',
    body: <p>You need an account to use the studios. Keep your password safe and tell us if you think someone else is using your account. You must be at least 16 and able to enter a contract.</p>,
  },
  {
    title: 'Credits and plans',
    body: (
      <>
        <p>Generations are paid for with credits. New accounts receive 5 free credits. The credits each studio costs are shown before you run it.</p>
        <p>Credits are reserved when a job starts and refunded automatically if the job fails. Plan prices and included credits are shown on our pricing page; plans renew monthly until you cancel.</p>
      </>
    ),
  },
  {
    title: 'Your content',
    body: (
      <p>
        You keep all rights to the photos you upload and the media you create. You give {BRAND.name} permission to store and process them only to provide the service to you. You are responsible for
        having the rights to what you upload.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: <p>Do not upload illegal content, content you have no rights to, or material that misleads buyers about a product. Do not try to break, overload or reverse-engineer the service.</p>,
  },
  {
    title: 'Social posting',
    body: <p>When you connect a social account, we post only what you ask us to post. Each platform&apos;s own terms also apply to what you publish there.</p>,
  },
  {
    title: 'AI output',
    body: <p>AI-generated media can contain mistakes. Check results before you publish them, especially product details such as labels, colours and sizes.</p>,
  },
  {
    title: 'Availability and changes',
    body: <p>We work hard to keep {BRAND.name} available but cannot promise it will never be interrupted. We may change features; we will tell you in advance about changes that affect your plan.</p>,
  },
  {
    title: 'Liability',
    body: <p>To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before the claim.</p>,
  },
  {
    title: 'Ending the agreement',
    body: <p>You can close your account at any time. We may suspend accounts that break these terms. Unused credits are not refundable except where the law requires it.</p>,
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a className="text-primary underline underline-offset-4" href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="2026-11-22"
      intro={<p>These terms apply when you use {BRAND.name}. They are written to be read: plain language, no surprises.</p>}
      sections={SECTIONS}
    />
  );
}
