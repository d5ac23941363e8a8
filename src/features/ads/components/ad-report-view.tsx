import { CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdField, AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { cn } from '@/lib/utils';

function Reading({ label, field }: { label: string; field: AdField | null }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {field ? (
          <>
            <span className="font-medium">“{field.text}”</span>
            {field.estimate && <Badge variant="outline">estimate</Badge>}
            <span className="w-full text-xs text-muted-foreground">{field.source}</span>
          </>
        ) : (
          <span className="text-muted-foreground">none found</span>
        )}
      </dd>
    </div>
  );
}

/** A titled list of findings, each marked good or not (placements, the score's reasons). */
function Findings({ title, items, good, bad }: { title: string; items: { ok: boolean; text: ReactNode; key: string }[]; good: string; bad: string }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul aria-label={title.split(',')[0]} className="flex flex-col gap-1 text-sm">
        {items.map((item) => (
          <li key={item.key} className="flex items-start gap-2">
            {item.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label={good} /> : <Info className="mt-0.5 size-4 shrink-0 text-amber-600" aria-label={bad} />}
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The analysis, as a media buyer reads it: the ad with its text drawn on, the readings with their sources, palette, fit, score. */
export function AdReportView({ report, annotatedUrl }: { report: AdReport; annotatedUrl: string | null }) {
  const tone = report.score >= 80 ? 'text-emerald-700 dark:text-emerald-400' : report.score >= 60 ? 'text-amber-700 dark:text-amber-400' : 'text-destructive';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-baseline justify-between gap-2">
          <span>Why it works</span>
          <span className={cn('text-2xl font-semibold tabular-nums', tone)} aria-label={`Score ${report.score} of 100`}>
            {report.score}
            <span className="text-sm font-normal text-muted-foreground">/100</span>
          </span>
        </CardTitle>
        <CardDescription>
          {report.width}×{report.height} ({report.aspect}) · {report.layout.text} · product on the {report.layout.productSide}
          {report.layout.faces.length > 0 && ` · ${report.layout.faces.length === 1 ? '1 face' : `${report.layout.faces.length} faces`}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        {annotatedUrl && (
          <figure className="flex flex-col gap-2">
            <img src={annotatedUrl} alt={`The ad with its text marked: ${report.text.full.replace(/\n/g, ' · ') || 'no text found'}`} className="w-full rounded-lg border bg-muted object-contain" />
            <figcaption className="text-xs text-muted-foreground">Yellow: text read on the ad. Shaded cells: the {report.density.cellCount} of 25 grid cells holding text.</figcaption>
          </figure>
        )}
        <div className="flex flex-col gap-5">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Reading label="Headline" field={report.headline} />
            <Reading label="Offer" field={report.offer} />
            <Reading label="Call to action" field={report.cta} />
            <Reading label="Price" field={report.price} />
          </dl>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">Palette</h3>
            <ul aria-label="Palette" className="flex flex-wrap gap-2">
              {report.palette.map((c) => (
                <li key={c.hex} className="flex items-center gap-1.5 text-xs">
                  <span className="size-6 rounded border" style={{ background: c.hex }} aria-hidden />
                  <span className="font-mono">{c.hex}</span> <span className="text-muted-foreground">{Math.round(c.share * 100)}%</span>
                </li>
              ))}
            </ul>
            {report.contrast && (
              <p className="text-sm">
                Headline contrast <strong>{report.contrast.ratio}:1</strong> {report.contrast.passes ? '(readable)' : '(below 4.5:1)'} <span className="text-xs text-muted-foreground">— {report.contrast.source}</span>
              </p>
            )}
            <p className="text-sm">
              Text covers <strong>{Math.round(report.density.share * 100)}%</strong> of the ad, in {report.density.cellCount} of 25 cells.
            </p>
          </div>
          <Findings
            title="Placements"
            good="Fits"
            bad="Does not fit"
            items={report.placements.map((p) => ({ key: p.key, ok: p.fits, text: <><span className="font-medium">{p.label}</span> — {p.reason}</> }))}
          />
          <Findings title="Score, and why" good="Works" bad="To improve" items={report.reasons.map((r, i) => ({ key: String(i), ok: r.good, text: r.text }))} />
        </div>
      </CardContent>
    </Card>
  );
}
