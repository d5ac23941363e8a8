import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { LinkButtons } from './link-buttons';

/** A screen that belongs to an account, seen signed out: the way in. */
export function SignInToContinue({ tab, description = 'This part of Settings belongs to your account.' }: { tab: string; description?: string }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader>
        <CardTitle>Sign in to see {tab}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center gap-3">
        <LinkButtons main={{ to: paths.login, label: 'Sign In' }} other={{ to: paths.signup, label: 'Create an account' }} />
      </CardContent>
    </Card>
  );
}
