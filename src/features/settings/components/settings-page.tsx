import { useSearchParams } from 'react-router-dom';
import { BackToDashboard } from '@/components/layout/back-to-dashboard';
import { WidePageShell } from '@/components/layout/wide-page-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, SETTINGS_TABS, type SettingsTab } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { ConnectedAccountsTab } from './connected-accounts-tab';
import { HowItWorksTab } from './how-it-works-tab';
import { LinkTab } from './link-tab';
import { PostsTab } from './posts-tab';
import { ProfileTab } from './profile-tab';
import { SignInToContinue } from '@/components/layout/sign-in-to-continue';
import { WebhooksTab } from './webhooks-tab';

const LABELS: Record<SettingsTab, string> = {
  profile: 'Profile',
  'how-it-works': 'How it works',
  webhooks: 'Webhooks',
  accounts: 'Connected accounts',
  posts: 'Posts',
  billing: 'Billing',
};

const isTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.includes(value as SettingsTab);

/**
 * /settings (docs/spec.md §2): tabs chosen by `?tab=`. How it works is open to everyone (the landing
 * links to it); the other tabs ask a signed-out visitor to sign in.
 */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const { status, user } = useAuth();
  const asked = params.get('tab');
  const tab: SettingsTab = isTab(asked) ? asked : status === 'signed-out' ? 'how-it-works' : 'profile';
  const signedIn = status === 'signed-in' && user !== null;

  const guarded = (content: React.ReactNode) =>
    signedIn ? content : status === 'signed-out' ? <SignInToContinue tab={LABELS[tab]} /> : <p role="status" className="py-16 text-center text-muted-foreground">Loading...</p>;

  return (
    <WidePageShell
      title="Settings"
      subtitle="Your profile, connected accounts, posts, webhooks and how Shotcraft works."
      actions={signedIn ? <BackToDashboard /> : undefined}
    >
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        <TabsList aria-label="Settings sections" className="h-auto max-w-full flex-wrap justify-start gap-y-1">
          {SETTINGS_TABS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {LABELS[id]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">{guarded(user && <ProfileTab userId={user.id} email={user.email} />)}</TabsContent>
        <TabsContent value="how-it-works">
          <HowItWorksTab signedIn={signedIn} />
        </TabsContent>
        <TabsContent value="webhooks">{guarded(<WebhooksTab />)}</TabsContent>
        <TabsContent value="accounts">{guarded(<ConnectedAccountsTab />)}</TabsContent>
        <TabsContent value="posts">{guarded(<PostsTab />)}</TabsContent>
        <TabsContent value="billing">
          {guarded(<LinkTab title="Billing" description="Your plan, credit packs, invoices and the history of every credit you received or spent." to={paths.billing} action="Open billing" />)}
        </TabsContent>
      </Tabs>
    </WidePageShell>
  );
}
