import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

interface Way {
  to: string;
  label: string;
}

/** Where to go from a screen that stops here: the main way as a button, the other beside it outlined (Sign In / Create an account). */
export function LinkButtons({ main, other }: { main: Way; other: Way }) {
  return (
    <>
      <Button asChild>
        <Link to={main.to}>{main.label}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={other.to}>{other.label}</Link>
      </Button>
    </>
  );
}
