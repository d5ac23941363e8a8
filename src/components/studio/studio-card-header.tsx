import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Props {
  /** Drawn before the title in the primary colour, hidden from screen readers. */
  icon: LucideIcon;
  title: ReactNode;
  /** What the card is for, under the title. */
  description?: ReactNode;
  /** The title's id, for a card or group labelled by it. */
  titleId?: string;
}

/** A studio card's header (Upload Image, Batch, Scene, Preview…): its icon and title, and what it is for. */
export function StudioCardHeader({ icon: Icon, title, description, titleId }: Props) {
  return (
    <CardHeader>
      <CardTitle id={titleId} className="flex items-center gap-2">
        <Icon className="size-4 text-primary" aria-hidden /> {title}
      </CardTitle>
      {description !== undefined && <CardDescription>{description}</CardDescription>}
    </CardHeader>
  );
}
