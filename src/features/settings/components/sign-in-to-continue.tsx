import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

export function SignInToContinue({ tab }: { tab: string }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader>
        <CardTitle>Sign in to see {tab}</CardTitle>
        <CardDescription>This part of Settings belongs to your account.</CardDescription>
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
