import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { ROLE_OPTIONS, TEAM_SIZE_OPTIONS, USE_CASE_OPTIONS } from '@/config/profile-options';
import { toAppError } from '@/lib/errors';
import { useProfile, type Profile, type ProfileEdit } from '@/domains/profile/api';
import { useUpdateProfile } from '../api/account';
import { AccountSecurity } from './account-security';
import { AvatarField } from './avatar-field';
import { DeleteAccount } from './delete-account';

export function ProfileTab({ userId, email }: { userId: string; email: string }) {
  const profile = useProfile();
  if (profile.isPending) return <p role="status" className="py-16 text-center text-muted-foreground">Loading profile...</p>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] max-w-3xl gap-6">
      <ProfileCard userId={userId} profile={profile.data!} />
      <AccountSecurity email={email} />
      <DeleteAccount email={email} />
    </div>
  );
}

const editOf = (p: Profile): Required<{ [K in keyof ProfileEdit]: string }> => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  company: p.company ?? '',
  role: p.role ?? '',
  teamSize: p.teamSize ?? '',
  useCase: p.useCase ?? '',
});

function ProfileCard({ userId, profile }: { userId: string; profile: Profile }) {
  const [values, setValues] = useState(() => editOf(profile));
  const [nameError, setNameError] = useState<string>();
  const set = (key: keyof ProfileEdit) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = useUpdateProfile(userId);
  const dirty = JSON.stringify(values) !== JSON.stringify(editOf(profile));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.firstName.trim()) return setNameError('First name is required');
    setNameError(undefined);
    save.mutate(values, {
      onSuccess: () => toast.success('Profile updated'),
      onError: (error) => toast.error('Failed to update profile', { description: toAppError(error).message }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear in Shotcraft, and what you use it for.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AvatarField userId={userId} profile={profile} />
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <FormField id="first-name" label="First name" error={nameError}>
            <Input id="first-name" autoComplete="given-name" maxLength={100} value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? 'first-name-error' : undefined} />
          </FormField>
          <FormField id="last-name" label="Last name">
            <Input id="last-name" autoComplete="family-name" maxLength={100} value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />
          </FormField>
          <FormField id="company" label="Company" className="sm:col-span-2">
            <Input id="company" autoComplete="organization" maxLength={200} value={values.company} onChange={(e) => set('company')(e.target.value)} />
          </FormField>
          <FormField id="role" label="Role">
            <OptionSelect id="role" className="w-full" value={values.role} onValueChange={set('role')} options={ROLE_OPTIONS} placeholder="Select your role" />
          </FormField>
          <FormField id="team-size" label="Team size">
            <OptionSelect id="team-size" className="w-full" value={values.teamSize} onValueChange={set('teamSize')} options={TEAM_SIZE_OPTIONS} placeholder="Select team size" />
          </FormField>
          <FormField id="use-case" label="Main use case" className="sm:col-span-2">
            <OptionSelect id="use-case" className="w-full" value={values.useCase} onValueChange={set('useCase')} options={USE_CASE_OPTIONS} placeholder="Select your main use case" />
          </FormField>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="ghost" disabled={!dirty || save.isPending} onClick={() => setValues(editOf(profile))}>
              Discard
            </Button>
            <Button type="submit" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
