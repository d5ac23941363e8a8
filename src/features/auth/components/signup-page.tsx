import { useSearchParams } from 'react-router-dom';
import { SignupLanding } from './signup-landing';
import { SignupWizard } from './signup-wizard';

/** /signup shows the landing variant; 'Continue with Email' opens the wizard at /signup?method=email. */
export function SignupPage() {
  const [params] = useSearchParams();
  return params.get('method') === 'email' ? <SignupWizard /> : <SignupLanding />;
}
