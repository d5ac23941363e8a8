import type * as React from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface Option {
  value: string;
  label: string;
}

/**
 * A Select over a fixed list of options (the profile's role, team size, use case): the value, its
 * placeholder while empty, one item per option. Trigger props (id, ref, aria, onBlur) pass through.
 */
export function OptionSelect({
  value,
  onValueChange,
  options,
  placeholder,
  ...trigger
}: { value: string; onValueChange: (value: string) => void; options: readonly Option[]; placeholder: string } & React.ComponentProps<typeof SelectTrigger>) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
