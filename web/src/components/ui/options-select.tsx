import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SelectOption = string | { value: string; label: string };

type OptionsSelectProps = {
  id: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  /** Plain strings are their own label. */
  options: readonly SelectOption[];
};

/** A select over a fixed list (countries, currencies, referral sources, ratings). */
export function OptionsSelect({ id, value, onValueChange, onBlur, placeholder, options }: OptionsSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger id={id} onBlur={onBlur}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => {
          const { value: optionValue, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <SelectItem key={optionValue} value={optionValue}>
              {label}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}
