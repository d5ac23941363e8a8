import { Controller, type UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { ROLE_OPTIONS, TEAM_SIZE_OPTIONS, USE_CASE_OPTIONS } from '@/config/profile-options';
import type { SignUpValues } from '../schemas';
import { fieldAria, FormField } from '@/components/ui/form-field';

type ChoiceName = 'role' | 'teamSize' | 'useCase';

function ChoiceField({ form, name, id, label, placeholder, options }: { form: UseFormReturn<SignUpValues>; name: ChoiceName; id: string; label: string; placeholder: string; options: readonly { value: string; label: string }[] }) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <OptionSelect value={field.value ?? ''} onValueChange={field.onChange} options={options} placeholder={placeholder} id={id} ref={field.ref} onBlur={field.onBlur} {...fieldAria(id, error)} />
        )}
      />
    </FormField>
  );
}

/** Step 2: company name, role, team size, primary use case. */
export function StepCompanyDetails({ form }: { form: UseFormReturn<SignUpValues> }) {
  const error = form.formState.errors.companyName?.message;
  return (
    <div className="grid gap-4">
      <FormField id="signup-company" label="Company name" error={error}>
        <Input id="signup-company" autoComplete="organization" placeholder="Acme Goods" {...fieldAria('signup-company', error)} {...form.register('companyName')} />
      </FormField>
      <ChoiceField form={form} name="role" id="signup-role" label="Role" placeholder="Select your role" options={ROLE_OPTIONS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField form={form} name="teamSize" id="signup-team-size" label="Team size" placeholder="Select team size" options={TEAM_SIZE_OPTIONS} />
        <ChoiceField form={form} name="useCase" id="signup-use-case" label="Primary use case" placeholder="Select use case" options={USE_CASE_OPTIONS} />
      </div>
    </div>
  );
}
