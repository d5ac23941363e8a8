import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { TableScroll } from './table-scroll';

/**
 * A data table: its label is the scroller's name on narrow screens and, unless a caption is given,
 * the table's caption for screen readers. Compose with TableHeader/TableBody, TableRow, TableHead (scope="col" by default)
 * and TableCell; cells end without padding on the last column.
 */
export function Table({ label, caption = label, className, children, ...props }: ComponentProps<'table'> & { label: string; caption?: string }) {
  return (
    <TableScroll label={label}>
      <table data-slot="table" className={cn('w-full text-sm', className)} {...props}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </TableScroll>
  );
}

export function TableHeader({ className, children, ...props }: ComponentProps<'thead'>) {
  return (
    <thead className={className} {...props}>
      {children}
    </thead>
  );
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

/** A row; in a header it takes the muted header look. */
export function TableRow({ className, header = false, ...props }: ComponentProps<'tr'> & { header?: boolean }) {
  return <tr className={cn(header ? 'border-b text-left text-muted-foreground' : 'border-b last:border-0', className)} {...props} />;
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('py-2 pr-4 font-medium last:pr-0', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('py-2 pr-4 last:pr-0', className)} {...props} />;
}
