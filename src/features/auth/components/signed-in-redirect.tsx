import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * Someone already signed in who opens /login or /signup goes on to the dashboard. Decided once, on
 * arrival: a sign-in completed on this page navigates (with its welcome toast) by itself.
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [arrivedSignedIn] = useState(status === 'signed-in');
  return arrivedSignedIn ? <Navigate to={paths.dashboard.home} replace /> : children;
}
