import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/ui/field';
import { fieldText } from '@/lib/form-errors';
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

type OptionsSelectFieldProps<T extends FieldValues> = Omit<FieldProps, 'children' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  placeholder: string;
  options: readonly SelectOption[];
};

/**
 * A labelled select of a react-hook-form form: its error is the form's error for `name`, shown
 * under it; the required mark and the trigger's aria come from the Field.
 */
export function OptionsSelectField<T extends FieldValues>({
  control,
  name,
  placeholder,
  options,
  ...fieldProps
}: OptionsSelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field {...fieldProps} error={fieldText(fieldState.error)}>
          <OptionsSelect
            id={fieldProps.id}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={placeholder}
            options={options}
          />
        </Field>
      )}
    />
  );
}
