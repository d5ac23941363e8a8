import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface Props {
  disabled: boolean;
  onDropFiles: (files: File[]) => void;
  className?: string;
  children: ReactNode;
}

/** The dashed area photos can be dropped on (it also holds the Choose button). */
export function DropZone({ disabled, onDropFiles, className, children }: Props) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onDropFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn('flex flex-col items-center rounded-lg border-2 border-dashed px-4 text-center transition-colors', dragging ? 'border-primary bg-primary/5' : 'border-border', className)}
    >
      {children}
    </div>
  );
}
