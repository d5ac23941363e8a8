import * as z from 'zod';
import { isPasswordAcceptable, PASSWORD_RULE_MESSAGE } from '@/lib/auth/password-strength';
import { ROLE_OPTIONS, TEAM_SIZE_OPTIONS, USE_CASE_OPTIONS } from '@/config/profile-options';

const required = (message: string) => z.string().trim().min(1, message);
const oneOf = (options: readonly { value: string }[], message: string) =>
  required(message).refine((value) => options.some((option) => option.value === value), message);

/** Step 1 — Personal Information (docs/spec.md §5). */
export const personalInfoSchema = z
  .object({
    firstName: required('First name is required'),
    lastName: required('Last name is required'),
    email: required('Email is required').pipe(z.email('Please enter a valid email address')),
    password: z.string().min(1, 'Password is required').refine((pw) => pw === '' || isPasswordAcceptable(pw), PASSWORD_RULE_MESSAGE),
    confirmPassword: z.string().min(1, 'Password confirmation is required'),
  })
  .superRefine((values, ctx) => {
    if (values.confirmPassword && values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
  });

/** Step 2 — Company Details. */
export const companyDetailsSchema = z.object({
  companyName: required('Company name is required'),
  role: oneOf(ROLE_OPTIONS, 'Role is required'),
  teamSize: oneOf(TEAM_SIZE_OPTIONS, 'Team size is required'),
  useCase: oneOf(USE_CASE_OPTIONS, 'Use case is required'),
});

/** Step 3 — Terms & Preferences. */
export const termsSchema = z.object({
  agreeToTerms: z.boolean().refine((value) => value, 'You must agree to the terms and conditions'),
  agreeToMarketing: z.boolean(),
});

export const SIGN_UP_STEPS = [personalInfoSchema, companyDetailsSchema, termsSchema] as const;

export type SignUpValues = z.input<typeof personalInfoSchema> & z.input<typeof companyDetailsSchema> & z.input<typeof termsSchema>;

export const EMPTY_SIGN_UP: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  role: '',
  teamSize: '',
  useCase: '',
  agreeToTerms: false,
  agreeToMarketing: false,
};

/** The user metadata sent with sign-up (docs/spec.md §3), which the profile trigger reads. */
export function signUpMetadata(values: SignUpValues) {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    full_name: `${firstName} ${lastName}`.trim(),
    first_name: firstName,
    last_name: lastName,
    company: values.companyName.trim(),
    role: values.role,
    team_size: values.teamSize,
    use_case: values.useCase,
    agree_to_marketing: values.agreeToMarketing,
  };
}

/** Sign in (docs/spec.md §3, §5): e-mail and password required. */
export const signInSchema = z.object({
  email: required('Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
  rememberMe: z.boolean(),
});

export type SignInValues = z.infer<typeof signInSchema>;

export const emailOnlySchema = z.object({ email: signInSchema.shape.email });

export const newPasswordSchema = z
  .object({
    password: z.string().min(1, 'Password is required').refine((pw) => pw === '' || isPasswordAcceptable(pw), PASSWORD_RULE_MESSAGE),
    confirmPassword: z.string().min(1, 'Password confirmation is required'),
  })
  .superRefine((values, ctx) => {
    if (values.confirmPassword && values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
  });
