import { Coins } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCredits } from '@/domains/credits/prices';
import { cn } from '@/lib/utils';

interface Props {
  price: number | undefined;
  balance: number | undefined;
}

/** The way to more credits, shown wherever a studio's next run costs more than the balance. */
export function BuyCreditsLink() {
  return (
    <Link to={paths.dashboard.creditPacks} className="font-medium text-primary underline underline-offset-4">
      Buy credits
    </Link>
  );
}

/** What the next run costs against what the user has: '2 credits · you have 5' (and, when short, the way to more). */
export function CostLine({ price, balance }: Props) {
  if (price === undefined) return null;
  const short = balance !== undefined && balance < price;
  return (
    <p className={cn('flex flex-wrap items-center gap-1.5 text-sm', short ? 'text-destructive' : 'text-muted-foreground')}>
      <Coins className="size-4" aria-hidden />
      <span>
        {formatCredits(price)}
        {balance !== undefined && <> · you have {balance}</>}
      </span>
      {short && (
        <>
          <span aria-hidden>·</span>
          <span>{balance === 0 ? 'You are out of credits.' : 'Not enough credits.'}</span> <BuyCreditsLink />
        </>
      )}
    </p>
  );
}
