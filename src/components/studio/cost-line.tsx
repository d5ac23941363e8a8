import { Coins } from 'lucide-react';
import { formatCredits } from '@/lib/credits/prices';
import { cn } from '@/lib/utils';

interface Props {
  price: number | undefined;
  balance: number | undefined;
}

/** What the next run costs against what the user has: '2 credits · you have 5'. */
export function CostLine({ price, balance }: Props) {
  if (price === undefined) return null;
  const short = balance !== undefined && balance < price;
  return (
    <p className={cn('flex items-center gap-1.5 text-sm', short ? 'text-destructive' : 'text-muted-foreground')}>
      <Coins className="size-4" aria-hidden />
      <span>
        {formatCredits(price)}
        {balance !== undefined && <> · you have {balance}</>}
      </span>
    </p>
  );
}
