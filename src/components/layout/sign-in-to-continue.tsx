import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** A screen that belongs to an account, seen signed out: the way in. */
export function SignInToContinue({ tab, description = 'This part of Settings belongs to your account.' }: { tab: string; description?: string }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader>
        <CardTitle>Sign in to see {tab}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center gap-3">
        <Button asChild>
          <Link to={paths.login}>Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.signup}>Create an account</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
