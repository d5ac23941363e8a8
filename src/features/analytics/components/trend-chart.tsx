import { Area, AreaChart, CartesianGrid, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '../api';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact' });

/**
 * Impressions (area) and engagement — likes, comments and shares — (line) per day, in the design
 * system's colours (CSS variables, so light and dark follow the theme). Loaded only on this page.
 */
export default function TrendChart({ daily }: { daily: Report['daily'] }) {
  const data = daily.map((d) => ({ date: d.date, impressions: d.impressions, engagement: d.likes + d.comments + d.shares }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="impressions-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.35} />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={day} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" minTickGap={24} />
        <YAxis yAxisId="left" tickFormatter={(v: number) => compact.format(v)} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" width={44} />
        <YAxis yAxisId="right" orientation="right" tickFormatter={(v: number) => compact.format(v)} tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} stroke="var(--color-border)" width={40} />
        <Tooltip
          labelFormatter={(v) => day(String(v))}
          contentStyle={{ background: 'var(--color-popover)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-popover-foreground)' }}
          labelStyle={{ color: 'var(--color-popover-foreground)' }}
        />
        <Area yAxisId="left" type="monotone" dataKey="impressions" name="Impressions" stroke="var(--color-primary)" strokeWidth={2} fill="url(#impressions-fill)" />
        <Line yAxisId="right" type="monotone" dataKey="engagement" name="Engagement" stroke="var(--color-highlight)" strokeWidth={2} dot={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
