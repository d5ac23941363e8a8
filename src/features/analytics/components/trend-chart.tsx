import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '../api';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact' });

/**
 * Impressions (bars, so a single busy day still shows) and engagement — likes, comments and shares —
 * (line) per day, in the design
 * system's colours (CSS variables, so light and dark follow the theme). Loaded only on this page.
 */
export default function TrendChart({ daily }: { daily: Report['daily'] }) {
  const data = daily.map((d) => ({ date: d.date, impressions: d.impressions, engagement: d.likes + d.comments + d.shares }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={day} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" minTickGap={24} />
        <YAxis yAxisId="left" tickFormatter={(v: number) => compact.format(v)} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" width={44} />
        <YAxis yAxisId="right" orientation="right" tickFormatter={(v: number) => compact.format(v)} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" width={40} />
        <Tooltip
          labelFormatter={(v) => day(String(v))}
          contentStyle={{ background: 'var(--color-popover)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-popover-foreground)' }}
          labelStyle={{ color: 'var(--color-popover-foreground)' }}
        />
        <Bar yAxisId="left" dataKey="impressions" name="Impressions" fill="var(--color-primary)" radius={[3, 3, 0, 0]} maxBarSize={28} />
        <Line yAxisId="right" type="monotone" dataKey="engagement" name="Engagement" stroke="var(--color-highlight)" strokeWidth={2} dot={{ r: 2, fill: 'var(--color-highlight)' }} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
