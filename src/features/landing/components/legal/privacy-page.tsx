import { BRAND } from '@/config/brand';
import { SALES_EMAIL } from '../../lib/content';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    title: 'What we collect',
    body: (
      <ul className="list-disc pl-5">
        <li>Account details: your name, e-mail address, and the company details you give at sign-up.</li>
        <li>Your media: the photos you upload and the images and videos you create.</li>
        <li>Usage: credits used, jobs run, and basic product analytics events.</li>
        <li>Connected social accounts: the tokens needed to post for you, stored on our servers only.</li>
      </ul>
    ),
  },
  {
    title: 'How we use it',
    body: <p>To run the studios, keep your library, bill your plan, post where you ask us to, secure the service and improve it. We do not sell your data and do not use your media to advertise.</p>,
  },
  {
    title: 'Where your media lives',
    body: <p>Your uploads and results are kept in private storage that only your account can reach, through short-lived links. Only the examples on our home page are public.</p>,
  },
  {
    title: 'Who we share it with',
    body: <p>Only the providers that host and run {BRAND.name} (database, storage, e-mail, payments) and, when you post, the social platforms you choose. Each is bound to protect it.</p>,
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: <p>We use no advertising cookies. Your browser stores your sign-in session, your theme choice, and caches of your recent work so the app is fast.</p>,
  },
  {
    title: 'How long we keep it',
    body: <p>As long as your account is open. When you delete media it is removed from storage; when you close your account we delete your data within 30 days, except records the law requires us to keep.</p>,
  },
  {
    id: 'gdpr',
    title: 'Your rights (GDPR)',
    body: <p>You can access, correct, export or delete your data, object to its processing, and complain to your data protection authority. Write to us and we will answer within 30 days.</p>,
  },
  {
    title: 'Contact',
    body: (
      <p>
        Privacy questions: <a className="text-primary underline underline-offset-4" href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="2026-11-22"
      intro={<p>This policy explains what {BRAND.name} collects, why, and the choices you have. We collect as little as we can to run the product well.</p>}
      sections={SECTIONS}
    />
  );
}
