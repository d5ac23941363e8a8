import { Link } from 'react-router-dom';

/** Under a sign-in or sign-up form: the question, and the link to the other one ("Already have an account? Log in"). */
export function SwitchPrompt({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {link}
      </Link>
    </p>
  );
}
