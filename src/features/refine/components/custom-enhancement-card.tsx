import { Wand2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatCredits } from '@/domains/credits/prices';

interface Props {
  text: string;
  active: boolean;
  disabled: boolean;
  price: number | undefined;
  onFocus: () => void;
  onChange: (text: string) => void;
}

/** Custom Enhancement: the user's own instruction, which takes over from the presets. */
export function CustomEnhancementCard({ text, active, disabled, price, onFocus, onChange }: Props) {
  return (
    <Card className={active ? 'border-primary ring-1 ring-primary' : undefined}>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-2">
            <Wand2 className="size-4 text-primary" aria-hidden /> Custom Enhancement
          </span>
          {price !== undefined && <Badge variant="credit">{formatCredits(price)}</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor="custom-enhancement" className="sr-only">
          Custom enhancement description
        </Label>
        <Textarea
          id="custom-enhancement"
          value={text}
          rows={3}
          maxLength={500}
          disabled={disabled}
          placeholder="e.g., make it more vibrant, add vintage effect, improve lighting..."
          aria-describedby="custom-enhancement-help"
          onFocus={onFocus}
          onChange={(e) => onChange(e.target.value)}
        />
        <p id="custom-enhancement-help" className="text-sm text-muted-foreground">
          Enter your custom enhancement description. This will override any preset selection above.
        </p>
      </CardContent>
    </Card>
  );
}
