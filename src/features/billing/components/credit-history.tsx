import { Download, Loader2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { useStudioPrices } from '@/domains/credits/api';
import type { Studio } from '@/domains/credits/types';
import { csvBlob, toCsv } from '@/lib/csv';
import { saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { getLedger, LEDGER_KINDS, LEDGER_PAGE, useLedger, type LedgerFilter, type LedgerKind, type LedgerReason, type LedgerRow } from '../api';
import { LoadError } from '@/components/errors/load-error';

export const REASON_LABELS: Record<LedgerReason, string> = {
  signup_grant: 'Free trial credits',
  job_debit: 'Generation',
  job_refund: 'Refund: generation failed',
  purchase: 'Credit pack',
  plan_grant: 'Plan credits',
  refund_clawback: 'Payment refunded',
  dispute_clawback: 'Payment disputed (chargeback)',
  adjustment: 'Adjustment',
  account_closed: 'Account closed',
};

/** The most rows one CSV holds (years of a busy account). */
const CSV_LIMIT = 10_000;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The credit history as CSV: one row per ledger entry, newest first. */
export function ledgerCsv(rows: readonly LedgerRow[], studioLabel: (studio: Studio) => string): string {
  return toCsv(
    ['Date (UTC)', 'What', 'Studio', 'Job', 'Credits', 'Balance after'],
    rows.map((r) => [r.created_at, REASON_LABELS[r.reason], r.studio ? studioLabel(r.studio) : '', r.job_id ?? '', r.delta, r.balance_after]),
  );
}

/** One filter of the history: its label above its select. */
function FilterSelect({ id, label, ...select }: { id: string; label: string } & Pick<ComponentProps<typeof OptionSelect>, 'value' | 'onValueChange' | 'options' | 'placeholder'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect id={id} className="w-60" {...select} />
    </div>
  );
}

/** /billing → Credit history: every ledger row with reason, studio, job, amount and balance; filters; CSV. */
export function CreditHistory() {
  const [filter, setFilter] = useState<LedgerFilter>({ kind: 'all', studio: 'all' });
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const [exporting, setExporting] = useState(false);
  const ledger = useLedger(filter, limit);
  const { data: prices } = useStudioPrices();
  const studioLabel = (studio: Studio) => prices?.find((p) => p.studio === studio && p.preset === 'default')?.label ?? studio;
  const studios = [...new Set((prices ?? []).map((p) => p.studio))];
  const rows = ledger.data ?? [];

  const change = (next: Partial<LedgerFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setLimit(LEDGER_PAGE);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await getLedger(filter, CSV_LIMIT);
      saveBlob(csvBlob(ledgerCsv(all, studioLabel)), `shotcraft-credit-history-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toast.error(toAppError(error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">Credit history</CardTitle>
          <CardDescription>Every credit you received or spent, newest first.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || rows.length === 0}>
          {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export CSV
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-4">
          <FilterSelect
            id="ledger-kind"
            label="Show"
            value={filter.kind}
            onValueChange={(kind) => change({ kind: kind as LedgerKind })}
            options={Object.entries(LEDGER_KINDS).map(([value, k]) => ({ value, label: k.label }))}
            placeholder="Everything"
          />
          <FilterSelect
            id="ledger-studio"
            label="Studio"
            value={filter.studio}
            onValueChange={(studio) => change({ studio: studio as LedgerFilter['studio'] })}
            options={[{ value: 'all', label: 'All studios' }, ...studios.map((s) => ({ value: s, label: studioLabel(s) }))]}
            placeholder="All studios"
          />
        </div>

        {ledger.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading credit history...
          </p>
        ) : ledger.isError ? (
          <LoadError onRetry={ledger.refetch}>{toAppError(ledger.error).message}</LoadError>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{filter.kind === 'all' && filter.studio === 'all' ? 'No credits yet.' : 'Nothing matches these filters.'}</p>
        ) : (
          <Table label="Credit history">
            <TableHeader>
              <TableRow header>
                <TableHead>Date</TableHead>
                <TableHead>What</TableHead>
                <TableHead>Studio</TableHead>
                <TableHead className="hidden sm:table-cell">Job</TableHead>
                <TableHead className="text-right">Credits</TableHead>
                <TableHead className="text-right">Balance</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="whitespace-nowrap">{when(r.created_at)}</TableCell>
                  <TableCell>{REASON_LABELS[r.reason]}</TableCell>
                  <TableCell>{r.studio ? studioLabel(r.studio) : '—'}</TableCell>
                  <TableCell className="hidden sm:table-cell">{r.job_id ? <span title={r.job_id} className="font-mono text-xs">{r.job_id.slice(0, 8)}</span> : '—'}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{r.delta > 0 ? `+${r.delta}` : `−${-r.delta}`}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.balance_after}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {rows.length >= limit && (
          <Button variant="outline" className="self-center" onClick={() => setLimit((l) => l + LEDGER_PAGE)} disabled={ledger.isFetching}>
            {ledger.isFetching && <Loader2 className="animate-spin" aria-hidden />} Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
